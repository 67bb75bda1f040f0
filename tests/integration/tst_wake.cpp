// The wake hook, Runner::checkConnectionNow(), on an in-process Runner against the devplane.
// A laptop that wakes up has timers that slept with it: the Runner must not sit out a backoff
// step (or a token rotation) computed before the sleep.
//  - Offline on a plain backoff (the devplane is down during the identity exchange): after the
//    devplane is back, checkConnectionNow() connects at once, well before the pending retry.
//  - Offline because the control plane asked for Retry-After 300 (heartbeat, claims, control):
//    checkConnectionNow() honours it while it holds; once the wall clock has moved past it (the
//    machine slept through it), everything retries at once: ready, and a new run is claimed.
//  - Ready: a heartbeat goes out at once; a token that expired while asleep is exchanged again
//    with the same process nonce (not a clone).
// Runtime: about 40 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include <runnercore/base/Clock.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/runner/Runner.h>

#include <QElapsedTimer>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>

using namespace runnercore;

using namespace IntegrationSupport;

namespace {

// Real time plus an offset the test moves forward, as the wall clock jumps over a sleep while
// the monotonic timers stand still. random() is fixed so backoff steps are their ceilings.
class WakeClock : public Clock
{
public:
    QDateTime now() const override { return QDateTime::currentDateTimeUtc().addMSecs(m_offsetMs); }
    double random() const override { return m_random; }
    void sleepFor(qint64 ms) { m_offsetMs += ms; }
    void setRandom(double value) { m_random = value; }
    void reset()
    {
        m_offsetMs = 0;
        m_random = 0.5;
    }

private:
    qint64 m_offsetMs = 0;
    double m_random = 0.5;
};

// Stands in for the control plane on its port while it is down: every request gets
// 503 with Retry-After, as a load balancer in front of a plane under maintenance answers.
class MaintenancePage : public QObject
{
public:
    static constexpr int RetryAfterSeconds = 300;

    bool listen(quint16 port)
    {
        connect(&m_server, &QTcpServer::newConnection, this, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
                connect(socket, &QTcpSocket::readyRead, this, [this, socket] {
                    if (!socket->readAll().contains("\r\n\r\n"))
                        return; // answer once the request head is in
                    ++m_requests;
                    const QByteArray body
                        = R"({"error":{"type":"server_error","code":"unavailable","message":"maintenance"}})";
                    socket->write(
                        "HTTP/1.1 503 Service Unavailable\r\nRetry-After: " + QByteArray::number(RetryAfterSeconds)
                        + "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: "
                        + QByteArray::number(body.size()) + "\r\n\r\n" + body);
                    socket->disconnectFromHost();
                });
            }
        });
        return m_server.listen(QHostAddress::LocalHost, port);
    }
    void close() { m_server.close(); }
    int requests() const { return m_requests; }

private:
    QTcpServer m_server;
    int m_requests = 0;
};

int countRunnerRequests(const DevPlaneProcess &dp, const QByteArray &method, const QString &path)
{
    int n = 0;
    for (const QJsonObject &r : runnerRequests(dp)) {
        if (r.value(QStringLiteral("method")).toString() == QLatin1String(method)
            && r.value(QStringLiteral("path")).toString() == path)
            ++n;
    }
    return n;
}

int retryingInSeconds(const QString &message)
{
    static const QRegularExpression retrying(QStringLiteral("Retrying in (\\d+) s"));
    const auto m = retrying.match(message);
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace

class TestWake : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_home;
    WakeClock m_clock;
    std::unique_ptr<RunnerSettings> m_settings;
    std::unique_ptr<CredentialStore> m_store;
    std::unique_ptr<Runner> m_runner;

    RunnerConfig config(const DevPlaneProcess &dp, const QString &code = {})
    {
        RunnerConfigInput input;
        input.flags
            = { { QStringLiteral("endpoint"), dp.url() }, { QStringLiteral("label"), QStringLiteral("wake-box") },
                  { QStringLiteral("sandbox"), QStringLiteral("host-process") },
                  { QStringLiteral("credential-store"), QStringLiteral("file") } };
        if (!code.isEmpty())
            input.flags.insert(QStringLiteral("code"), code);
        input.machineHostName = QStringLiteral("wake-box");
        const auto parsed = RunnerConfigParser::parse(input);
        if (!std::holds_alternative<RunnerConfig>(parsed))
            qFatal("the test's Runner configuration does not parse");
        RunnerConfig c = std::get<RunnerConfig>(parsed);
        c.docker = DockerMode::Off;
        return c;
    }

    // A Runner on this thread with the shared settings and the file store.
    Runner &startRunner(const RunnerConfig &config)
    {
        m_runner.reset();
        m_settings = std::make_unique<RunnerSettings>(AppPaths::settingsFile());
        m_settings->load();
        m_store = CredentialStore::create(CredentialStore::Kind::File, AppPaths::credentialDir());
        m_runner = std::make_unique<Runner>(config, *m_settings, *m_store, m_clock);
        m_runner->start();
        return *m_runner;
    }

    QString describe() const
    {
        return m_runner ? QStringLiteral("%1: %2").arg(runnerStateName(m_runner->state()), m_runner->stateMessage())
                        : QStringLiteral("no runner");
    }

    bool stopRunner()
    {
        if (!m_runner)
            return true;
        QSignalSpy finished(m_runner.get(), &Runner::finished);
        m_runner->stop();
        const bool ok = finished.size() > 0 || finished.wait(15000);
        m_runner.reset();
        return ok;
    }

private slots:
    void init()
    {
        // A fresh HOME per test: its own pairing, credential file and instance lock.
        m_home = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/checkfu-wake-XXXXXX"));
        QVERIFY(m_home->isValid());
        for (const char *dir : { "config", "data", "cache", "run" }) {
            QVERIFY(QDir().mkpath(m_home->filePath(QLatin1String(dir))));
        }
        QFile::setPermissions(
            m_home->filePath(QStringLiteral("run")), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        qputenv("HOME", m_home->path().toUtf8());
        qputenv("XDG_CONFIG_HOME", m_home->filePath(QStringLiteral("config")).toUtf8());
        qputenv("XDG_DATA_HOME", m_home->filePath(QStringLiteral("data")).toUtf8());
        qputenv("XDG_CACHE_HOME", m_home->filePath(QStringLiteral("cache")).toUtf8());
        qputenv("XDG_RUNTIME_DIR", m_home->filePath(QStringLiteral("run")).toUtf8());
        m_clock.reset();
    }

    void cleanup()
    {
        if (m_runner && m_runner->state() != RunnerState::Stopped)
            m_runner->stopNow();
        m_runner.reset();
        m_store.reset();
        m_settings.reset();
        m_home.reset();
    }

    void exchangeOnBackoffConnectsAtOnce()
    {
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        startRunner(config(dp, dp.pair()));
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 20000);
        QVERIFY(stopRunner());

        // Started while the control plane is down: the exchange backs off. Steps at their
        // ceilings (1, 2, 4, 8 s): after about 7 s the pending one is 8 s away.
        m_clock.setRandom(0.999);
        dp.kill();
        startRunner(config(dp));
        QTRY_VERIFY2_WITH_TIMEOUT(retryingInSeconds(m_runner->stateMessage()) >= 8, qPrintable(describe()), 30000);
        QCOMPARE(m_runner->state(), RunnerState::Offline);
        const int pendingS = retryingInSeconds(m_runner->stateMessage());
        QElapsedTimer sincePending;
        sincePending.start();

        QVERIFY2(dp.restart(&error), qPrintable(error));
        m_runner->checkConnectionNow();
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 5000);
        qInfo("ready %lld ms after the wake hook; the pending retry was %d s away", sincePending.elapsed(), pendingS);
        QVERIFY2(sincePending.elapsed() < (pendingS - 3) * 1000,
            qPrintable(QStringLiteral("ready after %1 ms, no sooner than the backoff").arg(sincePending.elapsed())));
    }

    void retryAfterHoldsUntilTheClockPassesIt()
    {
        DevPlaneProcess dp({ QStringLiteral("--heartbeat-interval-seconds"), QStringLiteral("2") });
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        startRunner(config(dp, dp.pair()));
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 20000);
        const QString runnerId = m_runner->runnerId();
        QTRY_VERIFY_WITH_TIMEOUT(
            dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);

        // Down for maintenance: heartbeat, claims and control are all told to come back in 300 s.
        dp.kill();
        MaintenancePage maintenance;
        QVERIFY(maintenance.listen(quint16(dp.port())));
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Offline
                && retryingInSeconds(m_runner->stateMessage()) == MaintenancePage::RetryAfterSeconds,
            qPrintable(describe()), 15000);
        QTest::qWait(3000); // the claim and control polls meet the page too
        maintenance.close();
        QVERIFY2(dp.restart(&error), qPrintable(error));
        const int presenceBefore = countRunnerRequests(dp, "PUT", QStringLiteral("/v1/runner/presence"));

        // The plane is back but asked for 300 s, and only seconds have passed: no call yet.
        m_runner->checkConnectionNow();
        QTest::qWait(3000);
        QCOMPARE(m_runner->state(), RunnerState::Offline);
        QCOMPARE(countRunnerRequests(dp, "PUT", QStringLiteral("/v1/runner/presence")), presenceBefore);

        // The machine slept through the 300 s: on wake everything tries again now.
        m_clock.sleepFor((MaintenancePage::RetryAfterSeconds + 1) * 1000);
        QElapsedTimer wake;
        wake.start();
        m_runner->checkConnectionNow();
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 5000);
        qInfo("ready %lld ms after the wake hook (Retry-After was %d s)", wake.elapsed(),
            MaintenancePage::RetryAfterSeconds);

        // The claim loop was waiting 300 s as well: new work is taken at once.
        const QJsonObject session
            = dp.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=1") }, {}, &error);
        const QString sessionId = session.value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
        QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + describe()));
        QVERIFY2(wake.elapsed() < 60000, "the run was claimed long after the wake");
        QVERIFY(stopRunner());
    }

    void readyRenewsWhatExpiredAsleep()
    {
        DevPlaneProcess dp({ QStringLiteral("--heartbeat-interval-seconds"), QStringLiteral("60") });
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        startRunner(config(dp, dp.pair()));
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 20000);
        const QString runnerId = m_runner->runnerId();
        const QJsonArray nonces = dp.runner(runnerId).value(QStringLiteral("nonces")).toArray();
        QCOMPARE(nonces.size(), 1);
        // Ready comes with the answer to the first heartbeat (this Runner is in-process), and the
        // devplane logs a request before it answers: that heartbeat is counted, and no other is due.

        // A short nap: the next heartbeat is 60 s away, but one goes out now.
        const int beats = countRunnerRequests(dp, "PUT", QStringLiteral("/v1/runner/presence"));
        const int exchanges = countRunnerRequests(dp, "POST", QStringLiteral("/v1/runner/identity"));
        m_runner->checkConnectionNow();
        QTRY_VERIFY_WITH_TIMEOUT(
            countRunnerRequests(dp, "PUT", QStringLiteral("/v1/runner/presence")) == beats + 1, 3000);
        QCOMPARE(countRunnerRequests(dp, "POST", QStringLiteral("/v1/runner/identity")), exchanges);

        // Twenty minutes asleep: the 15-minute token is gone and its rotation never ran.
        m_clock.sleepFor(20 * 60 * 1000);
        m_runner->checkConnectionNow();
        QTRY_VERIFY_WITH_TIMEOUT(
            countRunnerRequests(dp, "POST", QStringLiteral("/v1/runner/identity")) == exchanges + 1, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(
            countRunnerRequests(dp, "PUT", QStringLiteral("/v1/runner/presence")) >= beats + 2, 5000);
        QTRY_VERIFY2_WITH_TIMEOUT(m_runner->state() == RunnerState::Ready, qPrintable(describe()), 5000);
        // Same process, same nonce: not mistaken for a clone.
        const QJsonObject record = dp.runner(runnerId);
        QCOMPARE(record.value(QStringLiteral("nonces")).toArray(), nonces);
        QVERIFY(!record.value(QStringLiteral("revoked")).toBool());
        QVERIFY(stopRunner());
    }
};

CHECKFU_INTEGRATION_MAIN(TestWake, 120000)
#include "tst_wake.moc"
