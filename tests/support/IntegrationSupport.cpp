#include "IntegrationSupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QRandomGenerator>

#include <algorithm>
#include <unistd.h>

namespace IntegrationSupport {

QStringList fileStoreStart(const DevPlaneProcess &devplane, const QString &code, const QStringList &extra)
{
    QStringList args { QStringLiteral("start"), QStringLiteral("--endpoint"), devplane.url(),
        QStringLiteral("--credential-store"), QStringLiteral("file") };
    if (!code.isEmpty())
        args << QStringLiteral("--code") << code;
    return args + extra;
}

QList<QJsonObject> runnerRequests(const DevPlaneProcess &devplane)
{
    QList<QJsonObject> result;
    for (const QJsonObject &r : devplane.requestLog()) {
        if (r.value(QStringLiteral("auth")).toString() == QLatin1String("admin")
            || r.value(QStringLiteral("path")).toString().startsWith(QLatin1String("/v1/_dev")))
            continue;
        result.append(r);
    }
    return result;
}

int countRequests(const DevPlaneProcess &devplane, const QString &path)
{
    int n = 0;
    for (const QJsonObject &r : runnerRequests(devplane)) {
        if (r.value(QStringLiteral("path")).toString() == path)
            ++n;
    }
    return n;
}

QString pairAndWaitReady(const DevPlaneProcess &devplane, RunnerProcess &runner, QString *error,
    const QStringList &extraStartArgs, const QStringList &pairArgs, int timeoutMs)
{
    const QString code = devplane.pair(pairArgs);
    if (code.isEmpty()) {
        *error = QStringLiteral("checkfu-devplane pair printed no code");
        return {};
    }
    if (!runner.start(fileStoreStart(devplane, code, extraStartArgs), error))
        return {};
    if (!runner.waitForState(QStringLiteral("ready"), timeoutMs)) {
        *error = QStringLiteral("runner did not become ready:\n") + runner.describe();
        return {};
    }
    const QString id = runner.home()->storedRunnerId();
    if (id.isEmpty())
        *error = QStringLiteral("runner.ini has no pairing/runner_id after ready:\n") + runner.describe();
    return id;
}

QString randomId(const QString &prefix)
{
    QString hex;
    for (int i = 0; i < 32; ++i)
        hex += QLatin1Char("0123456789abcdef"[QRandomGenerator::global()->bounded(16)]);
    return prefix + QLatin1Char('_') + hex;
}

QJsonObject oneshotRunSpec(
    const QString &principalId, const QStringList &argv, const QJsonObject &env, const QString &prompt)
{
    QJsonArray promptBlocks;
    if (!prompt.isEmpty())
        promptBlocks.append(
            QJsonObject { { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), prompt } });
    const QJsonObject resources { { QStringLiteral("cpu_millis"), 1000 }, { QStringLiteral("memory_mib"), 512 },
        { QStringLiteral("disk_mib"), 1024 }, { QStringLiteral("max_duration_seconds"), 600 } };
    const QJsonObject requirements { { QStringLiteral("tier"), QStringLiteral("host_process") },
        { QStringLiteral("network"), QStringLiteral("unrestricted") },
        { QStringLiteral("retention"), QStringLiteral("durable") }, { QStringLiteral("resources"), resources } };
    const QJsonObject launch { { QStringLiteral("kind"), QStringLiteral("process") },
        { QStringLiteral("argv"), QJsonArray::fromStringList(argv) }, { QStringLiteral("env"), env } };
    const QJsonObject harness { { QStringLiteral("driver"), QStringLiteral("checkfu:oneshot-v1@1") },
        { QStringLiteral("profile_version"), randomId(QStringLiteral("hprof")) + QStringLiteral("@1") },
        { QStringLiteral("release_digest"), QJsonValue::Null }, { QStringLiteral("launch"), launch } };
    return QJsonObject { { QStringLiteral("principal_id"), principalId },
        { QStringLiteral("title"), QStringLiteral("integration test") },
        { QStringLiteral("environment"),
            QJsonObject { { QStringLiteral("environment_id"), randomId(QStringLiteral("env")) },
                { QStringLiteral("requirements"), requirements } } },
        { QStringLiteral("harness"), harness }, { QStringLiteral("model"), QJsonValue::Null },
        { QStringLiteral("mounts"), QJsonArray() }, { QStringLiteral("prompt"), promptBlocks },
        { QStringLiteral("idle_timeout_ms"), QJsonValue::Null } };
}

QJsonObject uploadedFile(const QString &path, const QByteArray &content)
{
    return QJsonObject { { QStringLiteral("path"), path },
        { QStringLiteral("content_base64"), QString::fromLatin1(content.toBase64()) } };
}

QJsonObject withPath(QJsonObject object, const QStringList &path, const QJsonValue &value)
{
    if (path.isEmpty())
        return object;
    const QString key = path.first();
    if (path.size() == 1) {
        if (value.isUndefined())
            object.remove(key);
        else
            object.insert(key, value);
        return object;
    }
    object.insert(key, withPath(object.value(key).toObject(), path.mid(1), value));
    return object;
}

QList<QJsonObject> eventList(const QJsonObject &sessionEvents)
{
    QList<QJsonObject> events;
    for (const QJsonValue &v : sessionEvents.value(QStringLiteral("events")).toArray())
        events.append(v.toObject());
    std::stable_sort(events.begin(), events.end(), [](const QJsonObject &a, const QJsonObject &b) {
        return a.value(QStringLiteral("seq")).toInteger() < b.value(QStringLiteral("seq")).toInteger();
    });
    return events;
}

QList<QJsonObject> eventsOfKind(const QList<QJsonObject> &events, const QString &kind)
{
    QList<QJsonObject> out;
    for (const QJsonObject &e : events) {
        if (e.value(QStringLiteral("kind")).toString() == kind)
            out.append(e);
    }
    return out;
}

QString seqProblem(const QList<QJsonObject> &events)
{
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QJsonValue seq = events.at(i).value(QStringLiteral("seq"));
        if (!seq.isDouble() || seq.toInteger() != i + 1)
            return QStringLiteral("event #%1 (of %2) has seq %3, expected %4")
                .arg(i)
                .arg(events.size())
                .arg(QString::fromUtf8(dumpJson(seq)))
                .arg(i + 1);
    }
    return {};
}

QByteArray outputBytes(const QList<QJsonObject> &events, const QString &kind)
{
    QByteArray bytes;
    for (const QJsonObject &e : events) {
        if (e.value(QStringLiteral("kind")).toString() == kind)
            bytes += e.value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString().toUtf8();
    }
    return bytes;
}

QByteArray dumpJson(const QJsonValue &value, int max)
{
    QByteArray text;
    if (value.isObject())
        text = QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    else if (value.isArray())
        text = QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact);
    else
        text = QJsonDocument(QJsonArray { value }).toJson(QJsonDocument::Compact).mid(1).chopped(1);
    return text.size() > max ? text.left(max) + "…" : text;
}

QByteArray dumpEvents(const QList<QJsonObject> &events, int max)
{
    QJsonArray array;
    for (const QJsonObject &e : events)
        array.append(e);
    return dumpJson(array, max);
}

QDateTime wireTime(const QString &text)
{
    // "…Z" parses as UTC.
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

namespace {
QByteArray readProc(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll();
}

bool statOf(qint64 pid, char *state, qint64 *pgid)
{
    const QByteArray stat = readProc(QStringLiteral("/proc/%1/stat").arg(pid));
    // pid (comm) S ppid pgrp …; comm may contain spaces and parentheses: split after the last ')'.
    const qsizetype close = stat.lastIndexOf(')');
    if (close < 0)
        return false;
    const QList<QByteArray> fields = stat.mid(close + 2).split(' ');
    if (fields.size() < 3)
        return false;
    *state = fields.at(0).isEmpty() ? '?' : fields.at(0).at(0);
    *pgid = fields.at(2).toLongLong();
    return true;
}
} // namespace

QList<ProcessInfo> processes()
{
    QList<ProcessInfo> list;
    const qint64 self = ::getpid();
    for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (!ok || pid == self)
            continue;
        ProcessInfo info;
        info.pid = pid;
        if (!statOf(pid, &info.state, &info.pgid) || info.state == 'Z' || info.state == 'X')
            continue;
        info.cwd = QFileInfo(QStringLiteral("/proc/%1/cwd").arg(pid)).symLinkTarget();
        info.cmdline = readProc(QStringLiteral("/proc/%1/cmdline").arg(pid)).replace('\0', ' ').trimmed();
        list.append(info);
    }
    return list;
}

bool processAlive(qint64 pid)
{
    char state = '?';
    qint64 pgid = 0;
    return pid > 0 && statOf(pid, &state, &pgid) && state != 'Z' && state != 'X';
}

QList<ProcessInfo> processesOfRun(const QString &dir, qint64 harnessPid)
{
    QList<ProcessInfo> out;
    const QString prefix = QDir::cleanPath(dir);
    for (const ProcessInfo &p : processes()) {
        const bool inDir = !prefix.isEmpty()
            && (p.cwd == prefix || p.cwd.startsWith(prefix + QLatin1Char('/')) || p.cmdline.contains(prefix.toUtf8()));
        if (inDir || (harnessPid > 0 && p.pgid == harnessPid))
            out.append(p);
    }
    return out;
}

QString describeProcesses(const QList<ProcessInfo> &list)
{
    QStringList lines;
    for (const ProcessInfo &p : list)
        lines << QStringLiteral("pid %1 pgid %2 state %3 cwd %4 cmdline %5")
                     .arg(p.pid)
                     .arg(p.pgid)
                     .arg(QLatin1Char(p.state))
                     .arg(p.cwd, QString::fromUtf8(p.cmdline.left(300)));
    return lines.join(u'\n');
}

QStringList filesContaining(const QStringList &roots, const QByteArray &needle)
{
    QStringList hits;
    for (const QString &root : roots) {
        QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
                hits.append(path);
        }
    }
    return hits;
}

} // namespace IntegrationSupport
