// The Runner's lifecycle as a person sees it in the tray or the CLI: the states it shows, in
// order, and the one finished() with its exit code. A scripted control plane on loopback
// (FaultyHttpPeer) answers the exchange, the heartbeats (every second), the long polls and the
// sign-off; a run that must finish before a stop comes from a real checkfu-devplane.
#include "CredentialWait.h"
#include "DevPlaneProcess.h"
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/FileCredentialStore.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/runner/Runner.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace runnercore;

namespace {
const QString Token = QStringLiteral("cfw_runner_states_token_0001");
const QString Credential = QStringLiteral("cfb_runner_states_bootstrap_0001");
const QString GrantRunnerId = QStringLiteral("runner_0123456789abcdef0123456789abcdef"); // testGrant's

// What a front end sees of a Runner: every state it showed and every finished().
struct Watch
{
    explicit Watch(Runner &runner)
    {
        m_connections << QObject::connect(
            &runner, &Runner::stateChanged, &runner, [this](RunnerState state, const QString &message) {
                states.append(state);
                messages.append(message);
            }) << QObject::connect(&runner, &Runner::finished, &runner, [this](RunnerExit exit) {
            exits.append(exit);
        });
    }
    ~Watch()
    {
        for (const auto &connection : std::as_const(m_connections))
            QObject::disconnect(connection);
    }
    Watch(const Watch &) = delete;
    Watch &operator=(const Watch &) = delete;
    QString describe() const
    {
        QStringList out;
        for (int i = 0; i < states.size(); ++i)
            out << runnerStateName(states[i]) + QStringLiteral(" (") + messages[i] + QLatin1Char(')');
        return out.join(QStringLiteral(" -> "));
    }
    bool endsWith(const QList<RunnerState> &tail) const
    {
        return states.size() >= tail.size() && states.mid(states.size() - tail.size()) == tail;
    }
    QList<RunnerState> states;
    QStringList messages;
    QList<RunnerExit> exits;

private:
    QList<QMetaObject::Connection> m_connections;
};
} // namespace

class TestRunnerStates : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        // Settings, spool, instance locks: all in the test's own directories.
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("config"))));
        const QString runtime = m_home.filePath(QStringLiteral("runtime"));
        QVERIFY(QDir().mkpath(runtime));
        QVERIFY(QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(runtime));
    }

    void init()
    {
        // A spool of its own per test: no run of an earlier test is recovered.
        qputenv("XDG_DATA_HOME",
            QFile::encodeName(m_home.filePath(QStringLiteral("data-%1").arg(QTest::currentTestFunction()))));
        m_down = false;
        m_revoked = false;
        m_exchangeDelayMs = 0;
        m_heartbeatSeconds = 1;
        m_heartbeats.clear();
        m_log.clear();
        m_heartbeatDelayMs = 0;
        m_signOffs = 0;
        m_exchanges = 0;
        m_peer = std::make_unique<FaultyHttpPeer>();
        QVERIFY(m_peer->listen());
        m_peer->setHandler([this](const FaultyHttpPeer::Request &r) { return answer(r); });
        m_store = std::make_unique<FileCredentialStore>(
            m_home.filePath(QStringLiteral("credentials-%1").arg(QTest::currentTestFunction())));
        m_settings = std::make_unique<RunnerSettings>(
            m_home.filePath(QStringLiteral("runner-%1.ini").arg(QTest::currentTestFunction())));
    }

    void cleanup()
    {
        m_runner.reset();
        m_settings.reset();
        m_store.reset();
        m_peer.reset();
    }

    // start -> Starting -> Connecting -> Ready, and nothing has finished.
    void startConnectsThenIsReady()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        QCOMPARE(m_runner->state(), RunnerState::Idle);
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        QCOMPARE(
            watch.states, (QList<RunnerState> { RunnerState::Starting, RunnerState::Connecting, RunnerState::Ready }));
        QCOMPARE(m_runner->stateMessage(), QStringLiteral("Connected to %1").arg(m_peer->url().toString()));
        QVERIFY(!m_runner->isDraining());
        QVERIFY(m_runner->lastContact().isValid());
        QVERIFY(!m_runner->nextRetry().isValid());
        QVERIFY(watch.exits.isEmpty());
    }

    // A person's drain toggle: Draining at once, the heartbeat says so; resuming is Ready again.
    void drainIsShownAndResumed()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        m_runner->setDraining(true);
        QCOMPARE(m_runner->state(), RunnerState::Draining);
        QVERIFY(m_runner->isDraining());
        QTRY_VERIFY_WITH_TIMEOUT(m_heartbeats.contains(QStringLiteral("draining")), 5000);
        m_runner->setDraining(false);
        QCOMPARE(m_runner->state(), RunnerState::Ready);
        QCOMPARE(watch.states,
            (QList<RunnerState> { RunnerState::Starting, RunnerState::Connecting, RunnerState::Ready,
                RunnerState::Draining, RunnerState::Ready }));
        QVERIFY(watch.exits.isEmpty());
    }

    // Stopping an idle Runner (drained or not) says "stopping", signs off and ends Stopped with a
    // clean exit: never Failed.
    void stopWhileIdleSignsOffCleanly_data()
    {
        QTest::addColumn<bool>("drainedFirst");
        QTest::newRow("ready") << false;
        QTest::newRow("draining") << true;
    }

    void stopWhileIdleSignsOffCleanly()
    {
        QFETCH(bool, drainedFirst);
        m_heartbeatSeconds = 60; // no periodic heartbeat crosses the stop's
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        if (drainedFirst) {
            QSignalSpy answered(m_runner.get(), &Runner::contactChanged);
            m_runner->setDraining(true);
            QVERIFY(answered.wait(5000)); // the "draining" heartbeat's answer
            QCOMPARE(m_heartbeats.last(), QStringLiteral("draining"));
        }
        m_runner->stop();
        QCOMPARE(m_runner->state(), RunnerState::Stopping);
        QCOMPARE(m_runner->stateMessage(), QStringLiteral("Stopping: signing off"));
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 8000);
        QCOMPARE(watch.exits.first(), RunnerExit::Clean);
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QCOMPARE(m_runner->stateMessage(), QStringLiteral("Stopped and signed off"));
        QCOMPARE(m_signOffs, 1);
        QVERIFY(m_heartbeats.contains(QStringLiteral("stopping")));
        QVERIFY2(watch.endsWith({ RunnerState::Stopping, RunnerState::Stopped }), qPrintable(watch.describe()));
        QVERIFY2(!watch.states.contains(RunnerState::Failed), qPrintable(watch.describe()));
        // A clean stop keeps the pairing.
        QVERIFY(m_settings->isPaired());
    }

    // A stop with a run going: Stopping (finishing the run) until the run is done, then signed off
    // and Stopped with a clean exit; the run itself succeeds.
    void stopWithARunLetsItFinish()
    {
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        const QString code = dp.pair();
        QVERIFY(!code.isEmpty());
        RunnerConfig config = baseConfig(QUrl(dp.url()));
        config.pairingCode = code;
        config.hostProcessEnabled = true;
        Watch watch(makeRunner(config));
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 10000);

        const QJsonObject session
            = dp.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=2") }, {}, &error);
        const QString sessionId = session.value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->busySlots(), 1, 10000);

        m_runner->stop();
        QCOMPARE(m_runner->state(), RunnerState::Stopping);
        QCOMPARE(m_runner->stateMessage(), QStringLiteral("Stopping: finishing 1 owned run(s), then signing off"));
        // Still stopping while the run goes: not finished, no claim for new work.
        QTest::qWait(500);
        QCOMPARE(m_runner->state(), RunnerState::Stopping);
        QVERIFY(watch.exits.isEmpty());

        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 15000);
        QCOMPARE(watch.exits.first(), RunnerExit::Clean);
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QCOMPARE(m_runner->busySlots(), 0);
        QVERIFY2(watch.endsWith({ RunnerState::Stopping, RunnerState::Stopped }), qPrintable(watch.describe()));
        const QJsonObject settlement = dp.waitSettled(sessionId, 10, &error);
        QVERIFY2(!settlement.isEmpty(), qPrintable(error));
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    }

    // A person cancels one run from the tray: only that run ends, settled cancelled/runner_stopped
    // (§6.6, a local cancel), and the Runner goes on taking work. It is announced with its title,
    // driver, tier and the Session's link, and its end with the outcome and reason.
    void aPersonCancelsOneRun()
    {
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        const QString code = dp.pair();
        QVERIFY(!code.isEmpty());
        RunnerConfig config = baseConfig(QUrl(dp.url()));
        config.pairingCode = code;
        config.hostProcessEnabled = true;
        Watch watch(makeRunner(config));
        QSignalSpy started(m_runner.get(), &Runner::runStarted);
        QSignalSpy ended(m_runner.get(), &Runner::runEnded);
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 10000);

        const QJsonObject session
            = dp.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=60") }, {}, &error);
        const QString sessionId = session.value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, 10000);
        const auto run = started.at(0).at(0).value<RunSummary>();
        QCOMPARE(run.sessionId, sessionId);
        QCOMPARE(run.title, QStringLiteral("devplane preset sleep"));
        QCOMPARE(run.driver, QStringLiteral("oneshot"));
        QCOMPARE(run.tier, QStringLiteral("host-process"));
        QVERIFY2(
            run.sessionLink.startsWith(dp.url()) && run.sessionLink.endsWith(sessionId), qPrintable(run.sessionLink));
        QCOMPARE(m_runner->runs().size(), 1);
        QCOMPARE(m_runner->runs().first().sessionLink, run.sessionLink);

        QVERIFY(!m_runner->cancelRun(QStringLiteral("run_not_held_here")));
        QVERIFY(m_runner->cancelRun(run.runId));
        const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
        QVERIFY2(!settlement.isEmpty(), qPrintable(error));
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("runner_stopped"));
        QTRY_COMPARE_WITH_TIMEOUT(ended.size(), 1, 10000);
        const auto done = ended.at(0).at(0).value<RunSummary>();
        QCOMPARE(done.runId, run.runId);
        QCOMPARE(done.outcome, QStringLiteral("cancelled"));
        QCOMPARE(done.reason, QStringLiteral("runner_stopped"));
        QCOMPARE(m_runner->busySlots(), 0);
        QCOMPARE(m_runner->state(), RunnerState::Ready);
        QVERIFY(watch.exits.isEmpty());
    }

    // The kill switch: the next heartbeat is refused, the Runner ends Revoked (exit 10) and this
    // machine's credential is forgotten.
    void revocationEndsRevokedAndForgets()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        m_revoked = true;
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 8000);
        QCOMPARE(watch.exits.first(), RunnerExit::Revoked);
        QCOMPARE(m_runner->state(), RunnerState::Revoked);
        QCOMPARE(watch.states.last(), RunnerState::Revoked);
        QVERIFY(!m_settings->isPaired());
        const CredentialResult stored = waitForCredential([&](CredentialStore::Callback done) {
            m_store->read(CredentialStore::accountFor(m_peer->url(), GrantRunnerId), done);
        });
        QCOMPARE(stored.status, CredentialResult::Status::NotFound);
        QCOMPARE(m_signOffs, 0);
    }

    // The network goes: Offline with a retry time; it comes back: Ready (or Draining, when the
    // drain was asked for while offline) without a restart.
    void networkLossIsOfflineThenBack_data()
    {
        QTest::addColumn<bool>("drainWhileOffline");
        QTest::newRow("ready") << false;
        QTest::newRow("drain while offline") << true;
    }

    void networkLossIsOfflineThenBack()
    {
        QFETCH(bool, drainWhileOffline);
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        m_down = true;
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Offline, 8000);
        QVERIFY(m_runner->nextRetry().isValid());
        QVERIFY2(m_runner->stateMessage().startsWith(QStringLiteral("Cannot reach the control plane")),
            qPrintable(m_runner->stateMessage()));
        if (drainWhileOffline) {
            m_runner->setDraining(true);
            QCOMPARE(m_runner->state(), RunnerState::Offline); // still offline: nobody heard it yet
        }
        m_down = false;
        m_runner->checkConnectionNow(); // what the tray does when the network is back
        const RunnerState back = drainWhileOffline ? RunnerState::Draining : RunnerState::Ready;
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), back, 10000);
        QVERIFY(!m_runner->nextRetry().isValid());
        const QList<RunnerState> expected { RunnerState::Starting, RunnerState::Connecting, RunnerState::Ready,
            RunnerState::Offline };
        QVERIFY2(watch.states.mid(0, expected.size()) == expected, qPrintable(watch.describe()));
        QCOMPARE(watch.states.last(), back);
        for (RunnerState s : watch.states.mid(expected.size()))
            QVERIFY2(s == RunnerState::Offline || s == back, qPrintable(watch.describe()));
        QVERIFY(watch.exits.isEmpty());
    }

    // A stop while the first exchange is still out ends at once, Stopped with a clean exit: there
    // is nothing to sign off, and the aborted exchange is no failure.
    void stopDuringConnectIsClean()
    {
        QVERIFY(pretendPaired());
        m_exchangeDelayMs = 1500;
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Connecting, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(m_exchanges, 1, 5000);
        m_runner->stop();
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QCOMPARE(m_runner->stateMessage(), QStringLiteral("Stopped"));
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 5000);
        QCOMPARE(watch.exits.first(), RunnerExit::Clean);
        QTest::qWait(2000); // the held answer arrives (to an aborted call): nothing moves
        QCOMPARE(watch.states,
            (QList<RunnerState> { RunnerState::Starting, RunnerState::Connecting, RunnerState::Stopped }));
        QCOMPARE(watch.exits.size(), 1);
        QCOMPARE(m_signOffs, 0);
    }

    // A stop right after start, before the credential was even read: Stopped, and the credential
    // read that answers afterwards connects nowhere.
    void stopBeforeTheCredentialIsReadConnectsNowhere()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        m_runner->stop();
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 5000);
        QCOMPARE(watch.exits.first(), RunnerExit::Clean);
        QTest::qWait(300);
        QCOMPARE(watch.states, (QList<RunnerState> { RunnerState::Starting, RunnerState::Stopped }));
        QCOMPARE(m_exchanges, 0);
    }

    // Not paired: NotPaired with its own exit code, once.
    void notPairedEndsNotPaired()
    {
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 5000);
        QCOMPARE(watch.exits.first(), RunnerExit::NotPaired);
        QCOMPARE(watch.states, (QList<RunnerState> { RunnerState::Starting, RunnerState::NotPaired }));
        QCOMPARE(m_exchanges, 0);
    }

    // An ended Runner stays as it ended: a second stop, an interrupt, a drain toggle or a wake
    // neither changes what it shows nor emits finished() again.
    void anEndedRunnerMovesNoMore()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        m_runner->stop();
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 8000);
        const int shown = watch.states.size();
        m_runner->stop();
        m_runner->stopNow();
        m_runner->setDraining(true);
        m_runner->checkConnectionNow();
        m_revoked = true; // a late refusal changes nothing either
        QTest::qWait(1500);
        QCOMPARE(watch.exits, (QList<RunnerExit> { RunnerExit::Clean }));
        QCOMPARE(watch.states.size(), shown);
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QVERIFY(!m_runner->isDraining());
        QCOMPARE(m_signOffs, 1);
    }

    // A stop while a heartbeat is in flight: its answer ("ready") is not the "stopping" one; that
    // one still goes out, and only then does the Runner sign off.
    void stopDuringAHeartbeatStillSaysStopping()
    {
        m_heartbeatSeconds = 60; // only the first heartbeat and the stop's
        m_heartbeatDelayMs = 800;
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        // The first heartbeat is at the control plane, its answer not yet back.
        QTRY_COMPARE_WITH_TIMEOUT(m_log, QStringList { QStringLiteral("presence ready") }, 5000);
        m_runner->stop();
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 8000);
        QCOMPARE(watch.exits.first(), RunnerExit::Clean);
        QCOMPARE(m_log,
            (QStringList {
                QStringLiteral("presence ready"), QStringLiteral("presence stopping"), QStringLiteral("sign-off") }));
    }

    // A second interrupt while a stop waits for the "stopping" heartbeat: signed off at once, one
    // finished(Clean).
    void stopNowWhileStoppingSignsOffOnce()
    {
        QVERIFY(pretendPaired());
        Watch watch(makeRunner());
        m_runner->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_runner->state(), RunnerState::Ready, 5000);
        m_runner->stop();
        m_runner->stopNow();
        m_runner->stopNow();
        QTRY_COMPARE_WITH_TIMEOUT(watch.exits.size(), 1, 8000);
        QTest::qWait(300);
        QCOMPARE(watch.exits, (QList<RunnerExit> { RunnerExit::Clean }));
        QCOMPARE(m_runner->state(), RunnerState::Stopped);
        QCOMPARE(m_signOffs, 1);
    }

private:
    FaultyHttpPeer::Response answer(const FaultyHttpPeer::Request &r)
    {
        if (m_down) {
            FaultyHttpPeer::Response gone;
            gone.dropConnection = true;
            return gone;
        }
        if (r.method == "DELETE" && r.path == "/v1/runner/identity") {
            ++m_signOffs;
            m_log.append(QStringLiteral("sign-off"));
            FaultyHttpPeer::Response none;
            none.status = 204;
            return none;
        }
        if (m_revoked)
            return FaultyHttpPeer::errorAnswer(
                401, QStringLiteral("unauthenticated"), QStringLiteral("credential_revoked"));
        if (r.path == "/v1/runner/identity") {
            ++m_exchanges;
            QJsonObject grant = testGrant(m_clock.now(), Token);
            grant.insert(QStringLiteral("heartbeat_interval_seconds"), m_heartbeatSeconds);
            return FaultyHttpPeer::jsonAnswer(200, grant, m_exchangeDelayMs);
        }
        if (r.path == "/v1/runner/presence") {
            m_heartbeats.append(r.json().value(QStringLiteral("status")).toString());
            m_log.append(QStringLiteral("presence ") + m_heartbeats.last());
            return FaultyHttpPeer::jsonAnswer(200, {}, m_heartbeatDelayMs);
        }
        if (r.path.startsWith("/v1/runner/control"))
            return FaultyHttpPeer::jsonAnswer(200,
                { { QStringLiteral("cursor"), QStringLiteral("c1") }, { QStringLiteral("directives"), QJsonArray {} } },
                1000);
        if (r.path.startsWith("/v1/runner/claims")) {
            FaultyHttpPeer::Response held;
            held.status = 204;
            held.delayMs = 1000;
            return held;
        }
        return FaultyHttpPeer::errorAnswer(404, QStringLiteral("not_found"), QStringLiteral("not_found"));
    }

    RunnerConfig baseConfig(const QUrl &endpoint) const
    {
        RunnerConfig config;
        config.endpoint = endpoint;
        config.endpointSource = QStringLiteral("--endpoint");
        config.label = QStringLiteral("test-host");
        config.docker = DockerMode::Off; // no daemon asked: the states do not depend on one
        config.credentialStore = QStringLiteral("file");
        return config;
    }

    Runner &makeRunner() { return makeRunner(baseConfig(m_peer->url())); }

    Runner &makeRunner(const RunnerConfig &config)
    {
        m_runner = std::make_unique<Runner>(config, *m_settings, *m_store, m_clock);
        return *m_runner;
    }

    // This machine as if paired with the peer earlier: settings and the stored credential.
    bool pretendPaired()
    {
        m_settings->endpoint = m_peer->url();
        m_settings->label = QStringLiteral("test-host");
        m_settings->credentialStore = QStringLiteral("file");
        m_settings->runnerId = GrantRunnerId;
        if (!m_settings->save())
            return false;
        return waitForCredential([&](CredentialStore::Callback done) {
            m_store->write(CredentialStore::accountFor(m_peer->url(), GrantRunnerId), Credential, done);
        }).ok();
    }

    QTemporaryDir m_home;
    FakeClock m_clock;
    std::unique_ptr<FaultyHttpPeer> m_peer;
    std::unique_ptr<FileCredentialStore> m_store;
    std::unique_ptr<RunnerSettings> m_settings;
    std::unique_ptr<Runner> m_runner;
    // The scripted control plane's switches and what it saw.
    bool m_down = false;
    bool m_revoked = false;
    int m_exchangeDelayMs = 0;
    int m_heartbeatSeconds = 1;
    int m_heartbeatDelayMs = 0;
    int m_exchanges = 0;
    int m_signOffs = 0;
    QStringList m_heartbeats;
    QStringList m_log; // heartbeats and the sign-off, in the order they arrived
};

QTEST_GUILESS_MAIN(TestRunnerStates)
#include "tst_runnerstates.moc"
