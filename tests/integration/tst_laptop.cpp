// A Runner on a laptop (issue 25): checkfu-runner against the devplane, with logind, UPower and
// NetworkManager from python-dbusmock on a private bus that is its system bus.
//  - Sleep locks follow the runs: while a run is active a delay lock, plus a block lock as
//    --keep-awake says (always; ac: only on AC power; never); none once the last run ended.
//  - PrepareForSleep: the output the run printed before it is acknowledged by the control plane
//    before the delay lock goes (the devplane is frozen meanwhile: the lock waits for it).
//  - --drain-below-battery and --drain-on-metered: presence says draining within 2 s of the
//    battery or network changing, ready again when it changes back, and a drain the control plane
//    asked for (a person's, from the dashboard) is never lifted by plugging in.
//  - A run whose lease the control plane gave up while the machine slept (the Runner stopped
//    between PrepareForSleep true and false) is counted lost to the sleep after wake.
//  - The same signals from a connection that does not own the services' names change nothing.
// Runtime: about 30 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "PowerServicesMock.h"
#include "RunnerProcess.h"
#include "SecretServiceSession.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {

const QStringList NoLocks;
const QStringList DelayOnly { QStringLiteral("sleep:delay") };
const QStringList BlockAndDelay { QStringLiteral("sleep:block"), QStringLiteral("sleep:delay") };

} // namespace

class TestLaptop : public QObject
{
    Q_OBJECT

private:
    SecretServiceSession m_bus; // only its bus: the Runner's system bus
    std::unique_ptr<PowerServicesMock> m_power;
    std::unique_ptr<DevPlaneProcess> m_dp;

    // A Runner on the mocked system bus, paired with dp (default: the shared devplane) and ready;
    // its id, or empty with *error set.
    QString startRunner(RunnerProcess &runner, const QStringList &flags, QString *error, DevPlaneProcess *dp = nullptr)
    {
        runner.setEnv(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), m_bus.busAddress());
        return pairAndWaitReady(dp ? *dp : *m_dp, runner, error, flags);
    }

    QString presenceStatus(const QString &runnerId) const
    {
        return m_dp->presence(runnerId).value(QStringLiteral("status")).toString();
    }

    // How long until presence says `status` (polled every 100 ms), or -1 after timeoutMs.
    qint64 msUntilPresence(const QString &runnerId, const QString &status, int timeoutMs = 5000) const
    {
        QElapsedTimer since;
        since.start();
        while (since.elapsed() < timeoutMs) {
            if (presenceStatus(runnerId) == status)
                return since.elapsed();
            QTest::qWait(100);
        }
        return -1;
    }

    // Waits until the run of a new `preset` session has started; its session id.
    QString startRun(
        const QString &preset, const QStringList &params, RunnerProcess &runner, DevPlaneProcess *dp = nullptr)
    {
        DevPlaneProcess &plane = dp ? *dp : *m_dp;
        QString error;
        const QString sessionId
            = plane.createSession(preset, params, {}, &error).value(QStringLiteral("session_id")).toString();
        if (sessionId.isEmpty()) {
            qWarning("session create failed: %s", qPrintable(error));
            return {};
        }
        QElapsedTimer since;
        since.start();
        while (eventsOfKind(eventList(plane.sessionEvents(sessionId)), QStringLiteral("run.started")).isEmpty()) {
            if (since.elapsed() > 15000) {
                qWarning("the run did not start: %s", qPrintable(runner.describe()));
                return {};
            }
            QTest::qWait(100);
        }
        return sessionId;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bus.startBus(&error), qPrintable(error));
        m_power = std::make_unique<PowerServicesMock>();
        QVERIFY2(m_power->start(m_bus.busAddress(), &error), qPrintable(error));
        m_dp = std::make_unique<DevPlaneProcess>();
        QVERIFY2(m_dp->start(&error), qPrintable(error));
    }

    void init()
    {
        // Every test starts on AC power, on an unmetered network.
        QString error;
        QVERIFY2(m_power->setBattery(false, 100, &error), qPrintable(error));
        QVERIFY2(m_power->setMetered(2, &error), qPrintable(error));
    }

    void cleanupTestCase()
    {
        m_dp.reset();
        m_power.reset();
        m_bus.stop();
    }

    void locksFollowTheRuns_data()
    {
        QTest::addColumn<QString>("keepAwake");
        QTest::addColumn<bool>("onBattery");
        QTest::addColumn<QStringList>("whileRunning");
        QTest::newRow("always, on battery") << QStringLiteral("always") << true << BlockAndDelay;
        QTest::newRow("ac (default), on AC") << QString() << false << BlockAndDelay;
        QTest::newRow("ac, on battery") << QStringLiteral("ac") << true << DelayOnly;
        QTest::newRow("never, on AC") << QStringLiteral("never") << false << DelayOnly;
    }

    void locksFollowTheRuns()
    {
        QFETCH(QString, keepAwake);
        QFETCH(bool, onBattery);
        QFETCH(QStringList, whileRunning);
        QString error;
        QVERIFY2(m_power->setBattery(onBattery, 60, &error), qPrintable(error));
        RunnerProcess runner;
        QStringList flags;
        if (!keepAwake.isEmpty())
            flags << QStringLiteral("--keep-awake") << keepAwake;
        const QString runnerId = startRunner(runner, flags, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        QCOMPARE(m_power->inhibitorModes(), NoLocks); // idle: the machine may sleep

        const QString sessionId = startRun(QStringLiteral("sleep"), { QStringLiteral("seconds=2") }, runner);
        QVERIFY(!sessionId.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), whileRunning, 3000);
        for (const auto &inhibitor : m_power->inhibitors())
            QCOMPARE(inhibitor.who, QStringLiteral("Checkfu Runner"));

        QVERIFY2(!m_dp->waitSettled(sessionId, 20, &error).isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), NoLocks, 5000);
        runner.kill();
    }

    void sleepWaitsForTheRunsOutput()
    {
        QString error;
        RunnerProcess runner;
        const QString runnerId
            = startRunner(runner, { QStringLiteral("--keep-awake"), QStringLiteral("never") }, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        // A line every 50 ms for about 20 s.
        const QString sessionId = startRun(
            QStringLiteral("stream"), { QStringLiteral("lines=400"), QStringLiteral("interval=0.05") }, runner);
        QVERIFY(!sessionId.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), DelayOnly, 3000);

        // The control plane stops answering; the run's output piles up in the Runner.
        QVERIFY(m_dp->sendSignal(SIGSTOP));
        QTest::qWait(700);
        const QDateTime sleepAt = QDateTime::currentDateTimeUtc();
        QVERIFY2(m_power->prepareForSleep(true, &error), qPrintable(error));
        QTest::qWait(1000);
        QVERIFY2(m_power->inhibitorModes() == DelayOnly, "the delay lock went before the output was delivered");
        QVERIFY(m_dp->sendSignal(SIGCONT));
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), NoLocks, 3000);

        // Everything printed before PrepareForSleep is at the control plane now.
        QDateTime lastOutput;
        for (const QJsonObject &event : eventList(m_dp->sessionEvents(sessionId))) {
            if (event.value(QStringLiteral("kind")).toString() == QLatin1String("output.stdout"))
                lastOutput = std::max(lastOutput, wireTime(event.value(QStringLiteral("at")).toString()));
        }
        QVERIFY2(lastOutput.isValid() && lastOutput >= sleepAt.addMSecs(-300),
            qPrintable(QStringLiteral("last output delivered at %1, sleep at %2")
                           .arg(lastOutput.toString(Qt::ISODateWithMs), sleepAt.toString(Qt::ISODateWithMs))));

        // Awake again: the delay lock is back while the run goes on.
        QVERIFY2(m_power->prepareForSleep(false, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), DelayOnly, 3000);
        QVERIFY(m_dp->cancelSession(sessionId, &error));
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), NoLocks, 10000);
        runner.kill();
    }

    // A real sleep: the Runner does not run (SIGSTOP) between PrepareForSleep(true) and (false),
    // longer than its run's lease, so the control plane gives the run up meanwhile. On wake the
    // run ends without an outcome of its own, and the Runner counts it lost to the sleep (its
    // wokeUp(), which the tray turns into "The computer slept for …; 1 run was lost.").
    void aRunLostToSleepIsCounted()
    {
        DevPlaneProcess dp({ QStringLiteral("--lease-ttl-seconds"), QStringLiteral("2") });
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        RunnerProcess runner;
        const QString runnerId
            = startRunner(runner, { QStringLiteral("--keep-awake"), QStringLiteral("never") }, &error, &dp);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        const QString sessionId = startRun(QStringLiteral("sleep"), { QStringLiteral("seconds=60") }, runner, &dp);
        QVERIFY(!sessionId.isEmpty());
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), DelayOnly, 3000);

        QVERIFY2(m_power->prepareForSleep(true, &error), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_power->inhibitorModes(), NoLocks, 5000); // ready to sleep
        QVERIFY(runner.sendSignal(SIGSTOP)); // asleep
        const QJsonObject settled = dp.waitSettled(sessionId, 10, &error);
        QCOMPARE(settled.value(QStringLiteral("reason")).toString(), QStringLiteral("lease_expired"));
        QVERIFY2(!runner.logText().contains(QStringLiteral("was lost to the sleep")), "counted before the wake");
        // logind's wake signal waits in the bus until the machine runs again.
        QVERIFY2(m_power->prepareForSleep(false, &error), qPrintable(error));
        QVERIFY(runner.sendSignal(SIGCONT));
        QTRY_VERIFY2_WITH_TIMEOUT(runner.logText().contains(QStringLiteral("was lost to the sleep: 1 run(s) so far")),
            qPrintable(runner.describe()), 10000);
        // At least the lease's 2 s; a loaded machine may take longer to give the run up.
        const QRegularExpressionMatch woke
            = QRegularExpression(QStringLiteral("woke up after (\\d+) s")).match(runner.logText());
        QVERIFY2(woke.hasMatch() && woke.captured(1).toInt() >= 2, qPrintable(runner.logText().right(1500)));
        // Awake, with nothing left to hold the machine for.
        QCOMPARE(m_power->inhibitorModes(), NoLocks);
        runner.kill();
    }

    void batteryDrainsAndResumes()
    {
        QString error;
        RunnerProcess runner;
        const QString runnerId
            = startRunner(runner, { QStringLiteral("--drain-below-battery"), QStringLiteral("20") }, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        QVERIFY2(msUntilPresence(runnerId, QStringLiteral("ready")) >= 0, qPrintable(runner.describe()));

        // On battery above the threshold: still working.
        QVERIFY(m_power->setBattery(true, 40, &error));
        QTest::qWait(500);
        QCOMPARE(presenceStatus(runnerId), QStringLiteral("ready"));

        QVERIFY(m_power->setBattery(true, 18, &error));
        const qint64 drainedMs = msUntilPresence(runnerId, QStringLiteral("draining"));
        qInfo("draining %lld ms after the battery fell to 18 %%", drainedMs);
        QVERIFY2(drainedMs >= 0 && drainedMs <= 2000, qPrintable(runner.describe()));
        QVERIFY2(runner.stateLines().join(QLatin1Char('\n')).contains(QStringLiteral("Paused: on battery (18 %)")),
            qPrintable(runner.stateLines().join(QLatin1Char('\n'))));

        QVERIFY(m_power->setBattery(false, 18, &error)); // plugged in
        const qint64 resumedMs = msUntilPresence(runnerId, QStringLiteral("ready"));
        QVERIFY2(resumedMs >= 0 && resumedMs <= 2000, qPrintable(runner.describe()));

        // A person's drain (the control plane's directive), then the battery: plugging in lifts
        // only the battery's reason.
        QCOMPARE(m_dp->adminText({ QStringLiteral("drain"), runnerId }), QStringLiteral("ok"));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("draining")) >= 0);
        QVERIFY(m_power->setBattery(true, 10, &error));
        QTest::qWait(500);
        QVERIFY(m_power->setBattery(false, 10, &error));
        QTest::qWait(2000);
        QCOMPARE(presenceStatus(runnerId), QStringLiteral("draining"));
        // Work that arrives now waits.
        const QString queued = m_dp->createSession(QStringLiteral("echo"), {}, {}, &error)
                                   .value(QStringLiteral("session_id"))
                                   .toString();
        QVERIFY2(!queued.isEmpty(), qPrintable(error));
        QTest::qWait(1000);
        QCOMPARE(m_dp->sessionEvents(queued).value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        QCOMPARE(m_dp->adminText({ QStringLiteral("resume"), runnerId }), QStringLiteral("ok"));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("ready")) >= 0);
        const QJsonObject settled = m_dp->waitSettled(queued, 20, &error);
        QCOMPARE(settled.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        runner.kill();
    }

    void meteredDrainsAndResumes()
    {
        QString error;
        RunnerProcess runner;
        const QString runnerId
            = startRunner(runner, { QStringLiteral("--drain-on-metered"), QStringLiteral("true") }, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        QVERIFY2(msUntilPresence(runnerId, QStringLiteral("ready")) >= 0, qPrintable(runner.describe()));

        QVERIFY(m_power->setMetered(3, &error)); // guessed metered: a phone's hotspot
        const qint64 drainedMs = msUntilPresence(runnerId, QStringLiteral("draining"));
        qInfo("draining %lld ms after the network became metered", drainedMs);
        QVERIFY2(drainedMs >= 0 && drainedMs <= 2000, qPrintable(runner.describe()));
        QVERIFY(runner.stateLines().join(QLatin1Char('\n')).contains(QStringLiteral("Paused: on a metered network")));

        QVERIFY(m_power->setMetered(2, &error));
        const qint64 resumedMs = msUntilPresence(runnerId, QStringLiteral("ready"));
        QVERIFY2(resumedMs >= 0 && resumedMs <= 2000, qPrintable(runner.describe()));

        // A person's drain outlives the metered network's.
        QCOMPARE(m_dp->adminText({ QStringLiteral("drain"), runnerId }), QStringLiteral("ok"));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("draining")) >= 0);
        QVERIFY(m_power->setMetered(1, &error));
        QTest::qWait(300);
        QVERIFY(m_power->setMetered(2, &error));
        QTest::qWait(2000);
        QCOMPARE(presenceStatus(runnerId), QStringLiteral("draining"));
        runner.kill();
    }

    // Another local account sends the services' signals (any account may, on the system bus): the
    // Runner listens to the services' owners only.
    void othersCannotSpeakForTheServices()
    {
        QString error;
        RunnerProcess runner;
        const QString runnerId
            = startRunner(runner, { QStringLiteral("--drain-on-metered"), QStringLiteral("true") }, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("ready")) >= 0);
        const QString sessionId = startRun(QStringLiteral("sleep"), { QStringLiteral("seconds=6") }, runner);
        QVERIFY(!sessionId.isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(m_power->inhibitorModes().contains(QStringLiteral("sleep:delay")), 3000);

        QVERIFY(m_power->spoofMetered(1));
        QVERIFY(m_power->spoofPrepareForSleep(true));
        QTest::qWait(1500);
        QCOMPARE(presenceStatus(runnerId), QStringLiteral("ready"));
        QVERIFY2(
            m_power->inhibitorModes().contains(QStringLiteral("sleep:delay")), "a stranger's signal released the lock");
        // The real service still counts.
        QVERIFY(m_power->setMetered(1, &error));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("draining"), 2000) >= 0);
        runner.kill();
    }

    void offByDefault()
    {
        QString error;
        RunnerProcess runner;
        const QString runnerId = startRunner(runner, {}, &error);
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        QVERIFY(msUntilPresence(runnerId, QStringLiteral("ready")) >= 0);
        QVERIFY(m_power->setBattery(true, 5, &error));
        QVERIFY(m_power->setMetered(1, &error));
        QTest::qWait(2000);
        QCOMPARE(presenceStatus(runnerId), QStringLiteral("ready"));
        runner.kill();
    }
};

QTEST_GUILESS_MAIN(TestLaptop)
#include "tst_laptop.moc"
