// Canary secrets (issue 2, acceptance 7): the bootstrap credential (paired and Workspace key),
// workload tokens (cfw_…) and the Cursor API key appear in no log file or other file the Runner
// wrote, not on its stdout/stderr, not in /proc/<pid>/cmdline, and in no request body the
// devplane received (presence, exchange, rotation advertisements included). Both Runners log
// at trace level and rotate several times first. Runtime: about 20 s.
//
// /proc/<pid>/environ (the initial environment block, which unsetenv does not change) has its own
// test: tst_processhardening.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {
const QString CursorCanary = QStringLiteral("cursorkey-canary-") + QStringLiteral("7e1f09c2d4b8a6e3");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Canaries
{
    QStringList literals;
    // Any workload token or bootstrap credential shape, whoever it belongs to.
    QRegularExpression shapes { QStringLiteral("cf[wb]_[0-9a-f]{16,}") };

    // Empty when clean, else what was found where.
    QString find(const QByteArray &data, const QString &where) const
    {
        const QString text = QString::fromUtf8(data);
        QStringList found;
        for (const QString &literal : literals) {
            if (!literal.isEmpty() && (text.contains(literal) || data.contains(literal.toUtf8())))
                found << literal.left(8) + QStringLiteral("…");
        }
        const auto match = shapes.match(text);
        if (match.hasMatch())
            found << match.captured(0).left(8) + QStringLiteral("…");
        return found.isEmpty() ? QString() : QStringLiteral("%1 contains %2").arg(where, found.join(u','));
    }
};

void setCursorLane(RunnerProcess &runner)
{
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION"),
        QStringLiteral("hprof_0123456789abcdef0123456789abcdef@1"));
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST"),
        QStringLiteral("sha256:") + QStringLiteral("0123456789abcdef").repeated(4));
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("cursor-auto"));
    runner.setEnv(QStringLiteral("CURSOR_API_KEY"), CursorCanary);
}

QString workspaceRunnerId(const DevPlaneProcess &dp, const QString &except)
{
    for (const QJsonValue &v : dp.presences()) {
        const QJsonObject p = v.toObject();
        if (p.value(QStringLiteral("runner_id")).toString() != except && p.value(QStringLiteral("owner")).isNull())
            return p.value(QStringLiteral("runner_id")).toString();
    }
    return {};
}
} // namespace

class TestSecrets : public QObject
{
    Q_OBJECT

private slots:
    void canariesNeverLeak();
    void aCanaryWrittenInTwoPiecesIsMasked();
};

void TestSecrets::canariesNeverLeak()
{
    DevPlaneProcess dp({ QStringLiteral("--token-ttl-seconds"), QStringLiteral("6"),
        QStringLiteral("--refresh-after-seconds"), QStringLiteral("3"), QStringLiteral("--overlap-seconds"),
        QStringLiteral("2"), QStringLiteral("--heartbeat-interval-seconds"), QStringLiteral("1"),
        QStringLiteral("--presence-ttl-seconds"), QStringLiteral("5") });
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));

    // A paired Runner (file store) with the Cursor lane configured.
    RunnerProcess paired;
    setCursorLane(paired);
    const QString pairedId
        = pairAndWaitReady(dp, paired, &error, { QStringLiteral("--log-level"), QStringLiteral("trace") });
    QVERIFY2(!pairedId.isEmpty(), qPrintable(error));
    const QString bootstrap = paired.home()->storedFileCredential();
    QVERIFY2(bootstrap.startsWith(QLatin1String("cfb_")), "no bootstrap credential in the file store");

    // A Workspace Runner, its key in CHECKFU_RUNNER_TOKEN.
    const QString workspaceKey = dp.adminText({ QStringLiteral("key") });
    QVERIFY(!workspaceKey.isEmpty());
    RunnerProcess workspace;
    setCursorLane(workspace);
    workspace.setEnv(QStringLiteral("CHECKFU_RUNNER_TOKEN"), workspaceKey);
    QVERIFY(workspace.start(
        { QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url(), QStringLiteral("--credential-store"),
            QStringLiteral("file"), QStringLiteral("--log-level"), QStringLiteral("trace") }));
    QVERIFY2(workspace.waitForState(QStringLiteral("ready"), 20000), qPrintable(workspace.describe()));
    QString workspaceId;
    QTRY_VERIFY_WITH_TIMEOUT(!(workspaceId = workspaceRunnerId(dp, pairedId)).isEmpty(), 10000);

    // Several rotations each, so many workload tokens went through both processes.
    QTRY_VERIFY_WITH_TIMEOUT(dp.runner(pairedId).value(QStringLiteral("rotations")).toInt() >= 3, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(dp.runner(workspaceId).value(QStringLiteral("rotations")).toInt() >= 3, 30000);

    Canaries canaries;
    canaries.literals = { bootstrap, workspaceKey, CursorCanary, dp.adminKey() };
    QStringList leaks;

    // Process arguments while running.
    for (RunnerProcess *p : { &paired, &workspace }) {
        const QByteArray cmdline = readAll(QStringLiteral("/proc/%1/cmdline").arg(p->pid()));
        QVERIFY(!cmdline.isEmpty());
        const QString leak = canaries.find(cmdline, QStringLiteral("/proc/%1/cmdline").arg(p->pid()));
        if (!leak.isEmpty())
            leaks << leak;
    }

    const QByteArray presencesWhileRunning = QJsonDocument(dp.presences()).toJson();
    QVERIFY(presencesWhileRunning.contains(pairedId.toUtf8()));

    for (RunnerProcess *p : { &paired, &workspace }) {
        QVERIFY(p->sendSignal(SIGTERM));
        const int exitCode = p->waitForExit(15000);
        QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(p->describe())));
    }

    // Everything the Runners wrote: stdout, stderr, every file but the credential store itself.
    for (RunnerProcess *p : { &paired, &workspace }) {
        for (const auto &[data, where] : { std::pair { p->stdoutBytes(), QStringLiteral("stdout") },
                 std::pair { p->stderrBytes(), QStringLiteral("stderr") } }) {
            const QString leak = canaries.find(data, where);
            if (!leak.isEmpty())
                leaks << leak;
        }
        const QString credentialDir = p->home()->credentialDir() + QLatin1Char('/');
        QStringList scanned;
        for (const QString &file : p->home()->allFiles()) {
            if (file.startsWith(credentialDir))
                continue;
            scanned << file;
            const QString leak = canaries.find(readAll(file), file);
            if (!leak.isEmpty())
                leaks << leak;
        }
        // The scan really covered trace-level logs.
        QVERIFY2(!p->logText().isEmpty(), qPrintable(scanned.join(u'\n')));
    }
    QVERIFY2(paired.logText().contains(QLatin1String("rotat"), Qt::CaseInsensitive)
            || paired.logText().contains(QLatin1String("identity"), Qt::CaseInsensitive),
        "the trace log says nothing about the identity: is it really trace level?");

    // Every request body the devplane received (request log file and its in-memory list).
    const QByteArray requestLog = readAll(dp.requestLogPath());
    QVERIFY(requestLog.contains("/v1/runner/presence"));
    QVERIFY(requestLog.contains("/v1/runner/identity/rotate"));
    int advertisements = 0;
    for (const QJsonObject &r : dp.requestLog()) {
        if (r.value(QStringLiteral("body")).toObject().contains(QStringLiteral("advertisement")))
            ++advertisements;
    }
    QVERIFY2(advertisements > 0, "no presence/exchange advertisement in the request log");
    Canaries bodies = canaries;
    bodies.literals.removeAll(dp.adminKey()); // never in a body, but the log file is the devplane's, not the Runner's
    QString leak = bodies.find(requestLog, dp.requestLogPath());
    if (!leak.isEmpty())
        leaks << leak;
    leak = bodies.find(QJsonDocument(dp.requests()).toJson(), QStringLiteral("GET /v1/_dev/requests"));
    if (!leak.isEmpty())
        leaks << leak;
    // The Cursor lane is configured, yet the key is not in a presence list either.
    leak = bodies.find(presencesWhileRunning, QStringLiteral("presence list"));
    if (!leak.isEmpty())
        leaks << leak;

    QVERIFY2(leaks.isEmpty(), qPrintable(leaks.join(u'\n')));
}

void TestSecrets::aCanaryWrittenInTwoPiecesIsMasked()
{
    // §6.7: masking applies to the stream. The harness writes the Cursor key in two writes with a
    // pause longer than the Runner's hold-back; the two halves land in different reads and events.
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    setCursorLane(runner);
    const QString runnerId = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    const int cut = 17;
    const QJsonObject spec = oneshotRunSpec(dp.defaultPrincipal(),
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("printf 'before %s' \"$1\"; sleep 0.3; printf '%s after\\n' \"$2\"; "
                           "printf 'err %s' \"$1\" >&2; sleep 0.3; printf '%s\\n' \"$2\" >&2"),
            QStringLiteral("sh"), CursorCanary.left(cut), CursorCanary.mid(cut) });
    const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + runner.describe()));
    const QJsonObject answer = dp.sessionEvents(sessionId, &error);
    QVERIFY2(!answer.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = eventList(answer);
    const QByteArray context = dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    QVERIFY2(seqProblem(events).isEmpty(), context.constData());
    // The stream reads as if the key had been written at once: nothing lost, nothing repeated.
    QCOMPARE(outputBytes(events, QStringLiteral("output.stdout")), QByteArray("before *** after\n"));
    QCOMPARE(outputBytes(events, QStringLiteral("output.stderr")), QByteArray("err ***\n"));
    // Neither half shows in any event (the first half left masked when the pause outlasted the hold).
    for (const QJsonObject &e : events) {
        const QByteArray json = QJsonDocument(e).toJson(QJsonDocument::Compact);
        QVERIFY2(!json.contains(CursorCanary.left(cut).toUtf8()) && !json.contains(CursorCanary.mid(cut).toUtf8()),
            json.constData());
    }
}

CHECKFU_INTEGRATION_MAIN(TestSecrets, 120000)
#include "tst_secrets.moc"
