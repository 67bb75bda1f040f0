#include "DevPlaneProcess.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QTest>
#include <QThread>
#include <QUrl>
#include <QUuid>

#include <csignal>
#include <sys/prctl.h>

DevPlaneProcess::DevPlaneProcess(const QStringList &extraServeArgs)
    : m_dir(QDir::tempPath() + QStringLiteral("/checkfu-devplane-XXXXXX")), m_extraArgs(extraServeArgs)
{ }

DevPlaneProcess::~DevPlaneProcess()
{
    kill();
}

bool DevPlaneProcess::start(QString *error, int timeoutMs)
{
    return launch({ QStringLiteral("--port"), QStringLiteral("0") }, error, timeoutMs);
}

bool DevPlaneProcess::restart(QString *error, int timeoutMs)
{
    if (m_url.isEmpty()) {
        if (error)
            *error = QStringLiteral("restart before a first start");
        return false;
    }
    if (isRunning())
        terminate();
    const int p = port();
    // The port was just released; a rebind can race a socket in TIME_WAIT on some systems: retry a few times.
    QDeadlineTimer deadline(timeoutMs);
    QString lastError;
    while (true) {
        if (launch({ QStringLiteral("--port"), QString::number(p) }, &lastError,
                int(qMax<qint64>(2000, deadline.remainingTime()))))
            return true;
        if (deadline.hasExpired()) {
            if (error)
                *error = lastError;
            return false;
        }
        QThread::msleep(200);
    }
}

bool DevPlaneProcess::launch(const QStringList &portArgs, QString *error, int timeoutMs)
{
    auto setError = [error](const QString &text) {
        if (error)
            *error = text;
        return false;
    };
    if (!m_dir.isValid())
        return setError(QStringLiteral("no temporary directory: %1").arg(m_dir.errorString()));
    if (m_process) {
        m_previousOutput += m_process->readAll();
        m_process.reset();
    }
    QFile::remove(infoFile());
    m_process = std::make_unique<QProcess>();
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // Dies with the test process even when the test aborts (watchdog, crash): nothing is left behind.
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->setProgram(QStringLiteral(CHECKFU_DEVPLANE_BIN));
    m_process->setArguments(QStringList { QStringLiteral("serve") } + portArgs
        + QStringList { QStringLiteral("--info-file"), infoFile(), QStringLiteral("--request-log"), requestLogPath() }
        + (m_persistent ? QStringList { QStringLiteral("--state"), statePath() } : QStringList()) + m_extraArgs);
    m_process->start();
    if (!m_process->waitForStarted(timeoutMs))
        return setError(QStringLiteral("checkfu-devplane did not start: %1").arg(m_process->errorString()));
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        QFile f(infoFile());
        if (f.open(QIODevice::ReadOnly)) {
            const QJsonObject info = QJsonDocument::fromJson(f.readAll()).object();
            if (!info.value(QStringLiteral("url")).toString().isEmpty()) {
                m_url = info.value(QStringLiteral("url")).toString();
                m_adminKey = info.value(QStringLiteral("admin_key")).toString();
                return true;
            }
        }
        if (m_process->state() == QProcess::NotRunning) {
            m_process->waitForFinished(100);
            return setError(QStringLiteral("checkfu-devplane exited (%1) before listening: %2")
                                .arg(m_process->exitCode())
                                .arg(QString::fromLocal8Bit(m_process->readAll())));
        }
        m_process->waitForReadyRead(50);
    }
    const QString out = QString::fromLocal8Bit(m_process->readAll());
    kill();
    return setError(QStringLiteral("checkfu-devplane wrote no info file within %1 ms: %2").arg(timeoutMs).arg(out));
}

int DevPlaneProcess::port() const
{
    return QUrl(m_url).port();
}

bool DevPlaneProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 DevPlaneProcess::pid() const
{
    return isRunning() ? m_process->processId() : 0;
}

bool DevPlaneProcess::sendSignal(int signal) const
{
    const qint64 p = pid();
    return p > 0 && ::kill(pid_t(p), signal) == 0;
}

void DevPlaneProcess::kill()
{
    if (!isRunning())
        return;
    ::kill(pid_t(m_process->processId()), SIGCONT); // in case a test stopped it
    m_process->kill();
    m_process->waitForFinished(10000);
}

bool DevPlaneProcess::terminate(int timeoutMs)
{
    if (!isRunning())
        return true;
    m_process->terminate();
    if (m_process->waitForFinished(timeoutMs))
        return true;
    kill();
    return false;
}

QString DevPlaneProcess::output() const
{
    QByteArray all = m_previousOutput;
    if (m_process)
        all += m_process->peek(m_process->bytesAvailable());
    return QString::fromLocal8Bit(all);
}

DevPlaneProcess::AdminResult DevPlaneProcess::runAdmin(const QStringList &args, int timeoutMs) const
{
    // One way to run an admin command: processing events while it runs also keeps any Runner's
    // output pipe drained.
    return runAdminPumping(args, timeoutMs);
}

QJsonObject DevPlaneProcess::admin(const QStringList &args) const
{
    const AdminResult r = runAdmin(args);
    if (r.exitCode != 0)
        return {};
    const QJsonDocument doc = QJsonDocument::fromJson(r.out);
    if (doc.isArray())
        return QJsonObject { { QStringLiteral("data"), doc.array() } };
    return doc.object();
}

QString DevPlaneProcess::adminText(const QStringList &args) const
{
    const AdminResult r = runAdmin(args);
    if (r.exitCode != 0)
        return {};
    return QString::fromUtf8(r.out).trimmed();
}

QJsonArray DevPlaneProcess::presences() const
{
    return admin({ QStringLiteral("presences") }).value(QStringLiteral("data")).toArray();
}

QJsonObject DevPlaneProcess::presence(const QString &runnerId) const
{
    for (const QJsonValue &v : presences()) {
        if (v.toObject().value(QStringLiteral("runner_id")).toString() == runnerId)
            return v.toObject();
    }
    return {};
}

QJsonArray DevPlaneProcess::requests() const
{
    return admin({ QStringLiteral("requests") }).value(QStringLiteral("data")).toArray();
}

QJsonObject DevPlaneProcess::runner(const QString &runnerId) const
{
    return admin({ QStringLiteral("runner"), runnerId });
}

QJsonObject DevPlaneProcess::identities() const
{
    QNetworkAccessManager nam;
    QNetworkRequest request(QUrl(m_url + QStringLiteral("/v1/_dev/identities")));
    request.setRawHeader("Checkfu-Version", "2026-08-27");
    request.setRawHeader("Authorization", "Bearer " + m_adminKey.toUtf8());
    QNetworkReply *reply = nam.get(request);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    const QJsonObject body = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return body;
}

QList<QJsonObject> DevPlaneProcess::requestLog() const
{
    QList<QJsonObject> records;
    QFile f(requestLogPath());
    if (!f.open(QIODevice::ReadOnly))
        return records;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.trimmed().isEmpty())
            continue;
        records.append(QJsonDocument::fromJson(line).object());
    }
    return records;
}

DevPlaneProcess::AdminResult DevPlaneProcess::runAdminPumping(const QStringList &args, int timeoutMs) const
{
    AdminResult result;
    QProcess p;
    p.setProgram(QStringLiteral(CHECKFU_DEVPLANE_BIN));
    p.setArguments(args + QStringList { QStringLiteral("--info-file"), infoFile() });
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CHECKFU_DEVPLANE_URL"));
    env.remove(QStringLiteral("CHECKFU_DEVPLANE_ADMIN_KEY"));
    p.setProcessEnvironment(env);
    p.start();
    if (!p.waitForStarted(timeoutMs))
        return result;
    QDeadlineTimer deadline(timeoutMs);
    QByteArray out;
    QByteArray err;
    while (p.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        // Short waits first: most admin calls answer within a few milliseconds.
        if (!p.waitForFinished(5))
            QTest::qWait(5);
        out += p.readAllStandardOutput();
        err += p.readAllStandardError();
    }
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished(2000);
        result.out = out + p.readAllStandardOutput();
        result.err = err + p.readAllStandardError();
        return result;
    }
    result.out = out + p.readAllStandardOutput();
    result.err = err + p.readAllStandardError();
    result.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return result;
}

namespace {
QString describeAdmin(const QStringList &args, const DevPlaneProcess::AdminResult &r)
{
    return QStringLiteral("checkfu-devplane %1 → exit %2\nstdout: %3\nstderr: %4")
        .arg(args.join(u' '))
        .arg(r.exitCode)
        .arg(QString::fromUtf8(r.out.left(4000)), QString::fromUtf8(r.err.left(4000)));
}

QJsonObject objectOf(const QStringList &args, const DevPlaneProcess::AdminResult &r, QString *error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &parseError);
    if (r.exitCode != 0 || !doc.isObject()) {
        if (error)
            *error = describeAdmin(args, r);
        return {};
    }
    return doc.object();
}
} // namespace

QString DevPlaneProcess::defaultPrincipal() const
{
    return identities().value(QStringLiteral("principal_id")).toString();
}

QJsonObject DevPlaneProcess::createSession(
    const QString &preset, const QStringList &params, const QStringList &extra, QString *error) const
{
    QStringList args { QStringLiteral("session"), QStringLiteral("create"), QStringLiteral("--preset"), preset };
    for (const QString &param : params)
        args << QStringLiteral("--param") << param;
    args += extra;
    return objectOf(args, runAdminPumping(args), error);
}

QJsonObject DevPlaneProcess::createSessionFromSpec(
    const QJsonObject &runSpec, const QStringList &extra, QString *error) const
{
    const QString file
        = m_dir.filePath(QStringLiteral("spec-%1.json").arg(QUuid::createUuid().toString(QUuid::WithoutBraces)));
    {
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly)) {
            if (error)
                *error = QStringLiteral("cannot write %1: %2").arg(file, f.errorString());
            return {};
        }
        f.write(QJsonDocument(runSpec).toJson(QJsonDocument::Compact));
    }
    const QStringList args
        = QStringList { QStringLiteral("session"), QStringLiteral("create"), QStringLiteral("--spec"), file } + extra;
    const QJsonObject result = objectOf(args, runAdminPumping(args), error);
    QFile::remove(file);
    return result;
}

QJsonObject DevPlaneProcess::waitSettled(const QString &sessionId, int timeoutSeconds, QString *error) const
{
    const QStringList args { QStringLiteral("session"), QStringLiteral("wait"), sessionId, QStringLiteral("--timeout"),
        QString::number(timeoutSeconds) };
    return objectOf(args, runAdminPumping(args, timeoutSeconds * 1000 + 15000), error);
}

QJsonObject DevPlaneProcess::sessionEvents(const QString &sessionId, QString *error) const
{
    const QStringList args { QStringLiteral("session"), QStringLiteral("events"), sessionId };
    return objectOf(args, runAdminPumping(args, 30000), error);
}

bool DevPlaneProcess::cancelSession(const QString &sessionId, QString *error) const
{
    return sessionCommand({ QStringLiteral("cancel"), sessionId }, error);
}

bool DevPlaneProcess::sessionCommand(const QStringList &sessionArgs, QString *error) const
{
    const QStringList args = QStringList { QStringLiteral("session") } + sessionArgs;
    const AdminResult r = runAdminPumping(args);
    if (r.exitCode != 0 && error)
        *error = describeAdmin(args, r);
    return r.exitCode == 0;
}
