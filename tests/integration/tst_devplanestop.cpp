// SIGTERM (or SIGINT) to `checkfu-devplane serve` while a Runner is connected. The devplane used
// to crash on the way out whenever a long poll was parked, which is the normal idle state of a
// Runner (a claim and a control poll): the sockets, deleted after the server's poll list,
// reported their disconnect into that destroyed list. Now:
//  - with a Runner idle, its claim and control polls parked: the devplane exits 0 within a few
//    seconds, and both polls were answered 503 shutting_down (the request log says so);
//  - in the middle of a streaming run, with --state: it exits 0, and the state file is whole
//    JSON whose acked_through for the run equals the events in its journal (the debounced write
//    pending at the signal was made).
// Runtime: about 10-20 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <sys/prctl.h>

using namespace IntegrationSupport;

namespace {
constexpr int exitBudgetMs = 5000;

// `checkfu-devplane serve`, started here rather than by DevPlaneProcess::start(), which does not
// tell how its child exited: the exit is what this test checks. The DevPlaneProcess lends its
// directory and its admin helpers, which find the devplane through the info file.
class ServeProcess
{
public:
    explicit ServeProcess(const DevPlaneProcess &dp) : m_dp(dp) { }
    ~ServeProcess()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(10000);
        }
    }
    ServeProcess(const ServeProcess &) = delete;
    ServeProcess &operator=(const ServeProcess &) = delete;

    bool start(QString *error)
    {
        QFile::remove(m_dp.infoFile());
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
        m_process.start(QStringLiteral(CHECKFU_DEVPLANE_BIN),
            { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--info-file"),
                m_dp.infoFile(), QStringLiteral("--request-log"), m_dp.requestLogPath(), QStringLiteral("--state"),
                m_dp.statePath() });
        QDeadlineTimer deadline(15000);
        while (!deadline.hasExpired() && m_process.state() != QProcess::NotRunning) {
            QFile info(m_dp.infoFile());
            if (info.open(QIODevice::ReadOnly)) {
                m_url = QJsonDocument::fromJson(info.readAll()).object().value(QStringLiteral("url")).toString();
                if (!m_url.isEmpty()) {
                    return true;
                }
            }
            m_process.waitForReadyRead(50);
        }
        *error = QStringLiteral("checkfu-devplane serve did not write its info file: ") + output();
        return false;
    }

    QString url() const { return m_url; }
    bool signal(int signalNumber) const
    {
        return m_process.state() == QProcess::Running && ::kill(pid_t(m_process.processId()), signalNumber) == 0;
    }
    // Keeps the Runner's output read meanwhile; false when it still runs at the deadline.
    bool waitForExit(int timeoutMs, RunnerProcess &runner)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (m_process.state() != QProcess::NotRunning && !deadline.hasExpired()) {
            QTest::qWait(20);
            runner.pump();
        }
        return m_process.state() == QProcess::NotRunning;
    }
    bool exitedCleanly() const { return m_process.exitStatus() == QProcess::NormalExit && m_process.exitCode() == 0; }
    QString describeExit()
    {
        return QStringLiteral("%1 %2\n%3")
            .arg(m_process.exitStatus() == QProcess::CrashExit ? QStringLiteral("killed by a signal (crashed), code")
                                                               : QStringLiteral("exit code"))
            .arg(m_process.exitCode())
            .arg(output());
    }
    QString output()
    {
        m_output += m_process.readAll();
        return QString::fromLocal8Bit(m_output);
    }

private:
    const DevPlaneProcess &m_dp;
    QProcess m_process;
    QString m_url;
    QByteArray m_output;
};

// Pairs a Runner with the devplane (file store) and waits for `ready`; returns its runner id.
QString pairRunner(const DevPlaneProcess &dp, const ServeProcess &serve, RunnerProcess &runner, QString *error)
{
    const QString code = dp.pair({ QStringLiteral("--label"), QStringLiteral("stop") });
    if (code.isEmpty()) {
        *error = QStringLiteral("checkfu-devplane pair printed no code");
        return {};
    }
    if (!runner.start(
            { QStringLiteral("start"), QStringLiteral("--endpoint"), serve.url(), QStringLiteral("--credential-store"),
                QStringLiteral("file"), QStringLiteral("--code"), code },
            error)) {
        return {};
    }
    if (!runner.waitForState(QStringLiteral("ready"), 20000)) {
        *error = QStringLiteral("runner did not become ready:\n") + runner.describe();
        return {};
    }
    return runner.home()->storedRunnerId();
}

QJsonObject parkedPolls(const DevPlaneProcess &dp, const QString &runnerId)
{
    return dp.runner(runnerId).value(QStringLiteral("parked_polls")).toObject();
}

// The request log records of `path` answered 503 shutting_down.
int shutdownAnswers(const DevPlaneProcess &dp, const QString &path)
{
    int n = 0;
    for (const QJsonObject &record : dp.requestLog()) {
        if (record.value(QStringLiteral("path")).toString() == path
            && record.value(QStringLiteral("status")).toInt() == 503
            && record.value(QStringLiteral("code")).toString() == QLatin1String("shutting_down")) {
            ++n;
        }
    }
    return n;
}

QJsonObject readJsonObject(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
        *error = path + QStringLiteral(" is not a JSON object: ") + parseError.errorString();
        return {};
    }
    return document.object();
}
} // namespace

class TestDevPlaneStop : public QObject
{
    Q_OBJECT

private slots:
    void stopsCleanlyWithAnIdleRunner_data();
    void stopsCleanlyWithAnIdleRunner();
    void stopsCleanlyMidRunAndSavesState();
};

void TestDevPlaneStop::stopsCleanlyWithAnIdleRunner_data()
{
    QTest::addColumn<int>("signalNumber");
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGINT") << int(SIGINT);
}

void TestDevPlaneStop::stopsCleanlyWithAnIdleRunner()
{
    QFETCH(int, signalNumber);
    DevPlaneProcess dp;
    ServeProcess serve(dp);
    QString error;
    QVERIFY2(serve.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId = pairRunner(dp, serve, runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(parkedPolls(dp, runnerId).value(QStringLiteral("claim")).toBool()
            && parkedPolls(dp, runnerId).value(QStringLiteral("control")).toBool(),
        qPrintable(runner.describe()), 15000);

    QElapsedTimer sinceSignal;
    sinceSignal.start();
    QVERIFY(serve.signal(signalNumber));
    QVERIFY2(serve.waitForExit(exitBudgetMs, runner),
        qPrintable(QStringLiteral("still running %1 ms after the signal").arg(exitBudgetMs)));
    QVERIFY2(serve.exitedCleanly(), qPrintable(serve.describeExit()));
    qInfo("exited %lld ms after the signal", sinceSignal.elapsed());

    // The parked polls got an answer, not a dropped connection.
    QCOMPARE(shutdownAnswers(dp, QStringLiteral("/v1/runner/claims")), 1);
    QCOMPARE(shutdownAnswers(dp, QStringLiteral("/v1/runner/control")), 1);
    QVERIFY2(!readJsonObject(dp.statePath(), &error).isEmpty(), qPrintable(error));
}

void TestDevPlaneStop::stopsCleanlyMidRunAndSavesState()
{
    DevPlaneProcess dp;
    ServeProcess serve(dp);
    QString error;
    QVERIFY2(serve.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId = pairRunner(dp, serve, runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));

    // A run that keeps sending batches, so a debounced state write is nearly always pending.
    const QJsonObject created = dp.createSession(
        QStringLiteral("stream"), { QStringLiteral("lines=2000"), QStringLiteral("interval=0.01") }, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(
        eventsOfKind(eventList(dp.sessionEvents(sessionId)), QStringLiteral("output.stdout")).size() >= 5,
        qPrintable(runner.describe()), 20000);
    QTRY_VERIFY2_WITH_TIMEOUT(
        parkedPolls(dp, runnerId).value(QStringLiteral("control")).toBool(), qPrintable(runner.describe()), 15000);

    QVERIFY(serve.signal(SIGTERM));
    QVERIFY2(serve.waitForExit(exitBudgetMs, runner),
        qPrintable(QStringLiteral("still running %1 ms after SIGTERM").arg(exitBudgetMs)));
    QVERIFY2(serve.exitedCleanly(), qPrintable(serve.describeExit()));

    const QJsonObject state = readJsonObject(dp.statePath(), &error);
    QVERIFY2(!state.isEmpty(), qPrintable(error));
    QJsonObject session;
    for (const QJsonValue &value : state.value(QStringLiteral("sessions")).toArray()) {
        if (value.toObject().value(QStringLiteral("session_id")).toString() == sessionId) {
            session = value.toObject();
        }
    }
    QVERIFY2(!session.isEmpty(), dumpJson(state).constData());
    QCOMPARE(session.value(QStringLiteral("status")).toString(), QStringLiteral("claimed"));
    // The journal holds one line per acknowledged event, written before the acknowledgement.
    QFile journal(dp.statePath() + QStringLiteral(".events/") + sessionId + QStringLiteral(".jsonl"));
    QVERIFY2(journal.open(QIODevice::ReadOnly), qPrintable(journal.errorString()));
    const qint64 journaled = journal.readAll().count('\n');
    QVERIFY(journaled >= 5);
    QCOMPARE(session.value(QStringLiteral("acked_through")).toInteger(), journaled);
}

CHECKFU_INTEGRATION_MAIN(TestDevPlaneStop, 120000)

#include "tst_devplanestop.moc"
