// RunnerController: the Runner core lives on a thread of its own, and the GUI thread receives
// status snapshots. These Runners connect nowhere: no endpoint at all, or a closed loopback port.
#include "GuiTestSupport.h"
#include "PowerServicesMock.h"
#include "RunnerController.h"
#include "RunnerHost.h"
#include "SecretServiceSession.h"
#include "TrayApplication.h"
#include "TrayCommandLine.h"
#include "TrayIcon.h"
#include "TrayMenu.h"
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/FileCredentialStore.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/runner/Runner.h>

#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>

#include <atomic>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {
// The file credential store, so nothing outside the test's own directories is touched.
RunnerConfigInput quietConfig(const QHash<QString, QString> &flags = {})
{
    RunnerConfigInput input;
    input.env = QProcessEnvironment();
    input.flags = flags;
    input.flags.insert(QStringLiteral("credential-store"), QStringLiteral("file"));
    input.machineHostName = QStringLiteral("test-host");
    return input;
}

// A loopback port nothing listens on.
quint16 closedPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort();
}

bool waitForState(RunnerController &controller, RunnerState state, int timeoutMs = 15000)
{
    return QTest::qWaitFor([&] { return controller.status().state == state; }, timeoutMs);
}

// This machine as if paired with `endpoint` earlier (settings + file credential), so a Runner
// goes straight to the identity exchange, which fails against a closed port and is retried.
bool pretendPaired(const QString &endpoint)
{
    RunnerSettings settings(AppPaths::settingsFile());
    settings.endpoint = QUrl(endpoint);
    settings.label = QStringLiteral("test-host");
    settings.credentialStore = QStringLiteral("file");
    settings.runnerId = QStringLiteral("rnr_test");
    if (!settings.save())
        return false;
    FileCredentialStore store(AppPaths::credentialDir());
    bool written = false;
    bool done = false;
    store.write(CredentialStore::accountFor(settings.endpoint, settings.runnerId), QStringLiteral("cfb_test_secret"),
        [&](const CredentialResult &r) {
            written = r.ok();
            done = true;
        });
    return QTest::qWaitFor([&] { return done; }, 5000) && written;
}

// No tray, no browser, no question asked: the status window stands in for the icon.
TrayHooks noTrayHooks()
{
    TrayHooks hooks;
    hooks.openUrl = [](const QUrl &) { return true; };
    hooks.confirmQuit = [](int) { return true; };
    hooks.trayAvailable = [] { return false; };
    hooks.now = [] { return QDateTime::currentDateTime(); };
    return hooks;
}

void forgetPairing()
{
    QFile::remove(AppPaths::settingsFile());
    QDir(AppPaths::credentialDir()).removeRecursively();
}
} // namespace

class TestRunnerController : public QObject
{
    Q_OBJECT

private:
    // The Runner's system bus: logind, UPower and NetworkManager from python-dbusmock, so a test can
    // put the machine to sleep, and no test depends on the machine's own services.
    SecretServiceSession m_bus;
    std::unique_ptr<PowerServicesMock> m_power;

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_bus.startBus(&error), qPrintable(error));
        m_power = std::make_unique<PowerServicesMock>();
        QVERIFY2(m_power->start(m_bus.busAddress(), &error), qPrintable(error));
        // Before anything opens the system bus.
        qputenv("DBUS_SYSTEM_BUS_ADDRESS", m_bus.busAddress().toUtf8());
    }
    void init() { forgetPairing(); }
    void cleanupTestCase()
    {
        forgetPairing();
        m_power.reset();
        m_bus.stop();
    }

    void coreRunsOnItsOwnThread()
    {
        QThread *const gui = QThread::currentThread();
        RunnerController controller(quietConfig());
        QVERIFY(controller.coreThread() != gui);
        QCOMPARE(controller.host()->thread(), controller.coreThread());

        std::atomic<QThread *> createdOn = nullptr;
        std::atomic<QThread *> runnerThread = nullptr;
        connect(
            controller.host(), &RunnerHost::coreCreated, controller.host(),
            [&](Runner *runner) {
                createdOn = QThread::currentThread();
                runnerThread = runner->thread();
            },
            Qt::DirectConnection);
        QList<QThread *> deliveredOn;
        QList<RunnerState> states;
        connect(&controller, &RunnerController::statusChanged, this, [&](const RunnerStatus &status) {
            deliveredOn.append(QThread::currentThread());
            states.append(status.state);
        });
        QSignalSpy finished(&controller, &RunnerController::finished);

        controller.start();
        QVERIFY(waitForState(controller, RunnerState::NotPaired));
        QVERIFY(finished.wait(5000) || finished.size() == 1);
        QCOMPARE(finished.size(), 1);

        QVERIFY(createdOn.load());
        QVERIFY(createdOn.load() != gui);
        QCOMPARE(createdOn.load(), controller.coreThread());
        QCOMPARE(runnerThread.load(), controller.coreThread());
        QVERIFY(!deliveredOn.isEmpty());
        for (QThread *thread : std::as_const(deliveredOn))
            QCOMPARE(thread, gui);
        // The first snapshot comes before any start: the core thread reads the settings.
        QCOMPARE(states.first(), RunnerState::Idle);
        QVERIFY2(states.contains(RunnerState::Starting), qPrintable(QString::number(states.size())));
        const RunnerStatus last = controller.status();
        QVERIFY(!last.isActive());
        QVERIFY(!last.paired);
        QCOMPARE(last.machineLabel, QStringLiteral("test-host"));
        QVERIFY2(last.message.contains(QStringLiteral("endpoint")), qPrintable(last.message));
        QVERIFY2(!last.sandboxPosture.isEmpty(), "the tiers were realised before the endpoint check");
    }

    void startAgainMakesAFreshRunner()
    {
        RunnerController controller(quietConfig());
        std::atomic<int> created = 0;
        connect(
            controller.host(), &RunnerHost::coreCreated, controller.host(), [&](Runner *) { ++created; },
            Qt::DirectConnection);
        QSignalSpy finished(&controller, &RunnerController::finished);
        // The second start reaches the core while the first Runner is still active: ignored.
        controller.start();
        controller.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 15000);
        QCOMPARE(finished.at(0).at(0).value<RunnerExit>(), RunnerExit::Usage);
        QTest::qWait(100);
        QCOMPARE(created, 1);
        // Once finished, start() makes a new one.
        controller.start();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, 15000);
        QCOMPARE(created, 2);
    }

    // A paired machine whose control plane does not answer: the Runner retries, the draining
    // flag and stop() go through the facade, and stopping ends it cleanly.
    void drainAndStopWhileOffline()
    {
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        QVERIFY(pretendPaired(endpoint));
        RunnerController controller(quietConfig());
        QSignalSpy finished(&controller, &RunnerController::finished);
        controller.start();
        QVERIFY2(waitForState(controller, RunnerState::Offline), qPrintable(controller.status().message));
        RunnerStatus status = controller.status();
        QCOMPARE(status.endpoint, QUrl(endpoint));
        QCOMPARE(status.runnerId, QStringLiteral("rnr_test"));
        QVERIFY(status.paired);
        QVERIFY(status.isActive());
        QVERIFY(!status.draining);
        QVERIFY2(status.message.contains(QStringLiteral("Retrying in")), qPrintable(status.message));
        QVERIFY(!status.lastContact.isValid());
        // The tooltip can say when the next attempt is due.
        QVERIFY(status.nextRetry.isValid());
        QVERIFY(status.nextRetry >= QDateTime::currentDateTime().addSecs(-1));

        controller.setDraining(true);
        QVERIFY(QTest::qWaitFor([&] { return controller.status().draining; }, 5000));

        controller.stop();
        QVERIFY2(waitForState(controller, RunnerState::Stopped), qPrintable(controller.status().message));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(finished.at(0).at(0).value<RunnerExit>(), RunnerExit::Clean);
        QVERIFY(!controller.status().isActive());
    }

    // Woken from sleep (logind's PrepareForSleep, through the core's PowerMonitor) while the network
    // is not back yet: the Runner retries at once, and the tray says it is reconnecting after sleep
    // rather than "offline". The same signal from anyone but logind changes nothing.
    void wakeRetriesAtOnceAndStaysQuiet()
    {
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        QVERIFY(pretendPaired(endpoint));
        RunnerController controller(quietConfig());
        TrayIcon icon(noTrayHooks());
        TrayApplication app(controller, icon);
        controller.start();
        QVERIFY(waitForState(controller, RunnerState::Offline));
        QTRY_VERIFY(icon.view().statusLine.startsWith(QStringLiteral("Offline")));
        // Let the backoff grow past a few seconds, so only the wake hook can explain a quick retry.
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().nextRetry > QDateTime::currentDateTime().addSecs(3), 30000);
        const QDateTime due = controller.status().nextRetry;

        // Another local account cannot make the Runner think the machine woke up.
        QVERIFY(m_power->spoofPrepareForSleep(true));
        QVERIFY(m_power->spoofPrepareForSleep(false));
        QTest::qWait(1000);
        QCOMPARE(controller.status().nextRetry, due);
        QVERIFY(!controller.status().wokeAt.isValid());
        QVERIFY(icon.view().statusLine.startsWith(QStringLiteral("Offline")));

        QString error;
        QVERIFY2(m_power->prepareForSleep(true, &error), qPrintable(error));
        QVERIFY2(m_power->prepareForSleep(false, &error), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().nextRetry != due, 3000); // a new attempt was made
        QVERIFY(controller.status().wokeAt.isValid());
        QVERIFY(QDateTime::currentDateTime() < due);
        QTRY_COMPARE(icon.view().statusLine, QStringLiteral("Reconnecting after sleep…"));
        QCOMPARE(icon.view().visual, TrayVisual::Connecting);

        QSignalSpy finished(&controller, &RunnerController::finished);
        controller.stop();
        QVERIFY(finished.wait(10000));
    }

    // Stopping while a pairing code is being redeemed against a control plane that does not answer.
    void stopWhilePairing()
    {
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        RunnerController controller(quietConfig({ { QStringLiteral("endpoint"), endpoint },
            { QStringLiteral("code"), QStringLiteral("CFU-AAAA-BBBB-CCCC") } }));
        QSignalSpy finished(&controller, &RunnerController::finished);
        controller.start();
        QVERIFY(QTest::qWaitFor(
            [&] {
                const RunnerStatus s = controller.status();
                return s.state == RunnerState::Pairing && s.message.contains(QStringLiteral("Retrying"));
            },
            15000));
        controller.stop();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 5000);
        QCOMPARE(controller.status().state, RunnerState::Stopped);
        QVERIFY(!controller.status().isActive());
    }

    // Quitting with an active Runner stops it first and quits once it finished.
    void quittingStopsTheRunnerFirst()
    {
        const QString endpoint = QStringLiteral("http://127.0.0.1:%1").arg(closedPort());
        QVERIFY(pretendPaired(endpoint));
        RunnerController controller(quietConfig());
        TrayIcon icon(noTrayHooks());
        TrayApplication app(controller, icon);
        QSignalSpy quitNow(&app, &TrayApplication::quitNow);
        controller.start();
        QVERIFY(waitForState(controller, RunnerState::Offline));
        // The widgets follow the controller's snapshots.
        QTRY_COMPARE(icon.status().state, RunnerState::Offline);
        QCOMPARE(icon.view().visual, TrayVisual::Connecting);

        icon.menu()->quitAction()->trigger();
        QVERIFY(app.isQuitting());
        QTRY_COMPARE_WITH_TIMEOUT(quitNow.size(), 1, 10000);
        QCOMPARE(controller.status().state, RunnerState::Stopped);
    }

    void quittingWithoutARunnerIsImmediate()
    {
        RunnerController controller(quietConfig());
        TrayHooks hooks = TrayHooks::system();
        hooks.openUrl = [](const QUrl &) { return true; };
        TrayIcon icon(hooks);
        TrayApplication app(controller, icon);
        QSignalSpy quitNow(&app, &TrayApplication::quitNow);
        QTRY_VERIFY(controller.status().machineLabel == QStringLiteral("test-host")); // the first snapshot
        app.quit();
        QCOMPARE(quitNow.size(), 1);
    }

    // The tray's Diagnostics are the doctor's: a Cursor tuple in the settings file whose key the credential
    // store lacks gives no lane, and the "cursor lane" check says why (ConfigResolver's note), as
    // `checkfu-runner doctor` does.
    void diagnosticsSayWhyTheStoredCursorTupleGivesNoLane()
    {
        {
            QDir().mkpath(QFileInfo(AppPaths::settingsFile()).absolutePath());
            QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
            ini.setValue(
                QStringLiteral("cursor/profile_version"), QStringLiteral("hprof_0123456789abcdef0123456789abcdef@2"));
            ini.setValue(
                QStringLiteral("cursor/release_digest"), QStringLiteral("sha256:") + QString(64, QLatin1Char('d')));
            ini.setValue(QStringLiteral("cursor/model"), QStringLiteral("cursor-test"));
        }
        RunnerController controller(quietConfig());
        QSignalSpy finished(&controller, &RunnerController::finished);
        controller.start(); // looks the key up (none stored), then stops: not paired
        QVERIFY(finished.wait(15000) || finished.size() == 1);

        QSignalSpy diagnostics(&controller, &RunnerController::diagnosticsFinished);
        controller.runDiagnostics();
        QVERIFY(diagnostics.wait(60000) || diagnostics.size() == 1);
        const auto checks = diagnostics.first().first().value<QList<Doctor::Check>>();
        const auto lane = std::find_if(checks.cbegin(), checks.cend(),
            [](const Doctor::Check &c) { return c.name == QLatin1String("cursor lane"); });
        QVERIFY(lane != checks.cend());
        QCOMPARE(int(lane->status), int(Doctor::Status::Warn));
        QVERIFY2(lane->detail.contains(QLatin1String("the credential store (file) has no Cursor API key")),
            qPrintable(lane->detail));
    }

    void commandLine()
    {
        QProcessEnvironment env;
        env.insert(QStringLiteral("CHECKFU_API_URL"), QStringLiteral("https://cp.example.test"));
        TrayCommandLine ok = TrayCommandLine::parse(
            { QStringLiteral("checkfu-tray"), QStringLiteral("--slots"), QStringLiteral("3"), QStringLiteral("--label"),
                QStringLiteral("desk"), QStringLiteral("--log-level"), QStringLiteral("debug") },
            env);
        QVERIFY2(ok.errors.isEmpty(), qPrintable(ok.errors.join(QLatin1Char('\n'))));
        QCOMPARE(ok.config.endpoint, QUrl(QStringLiteral("https://cp.example.test")));
        QCOMPARE(ok.config.slotCount, 3);
        QCOMPARE(ok.config.label, QStringLiteral("desk"));
        QCOMPARE(ok.logLevel, spdlog::level::debug);

        TrayCommandLine bad
            = TrayCommandLine::parse({ QStringLiteral("checkfu-tray"), QStringLiteral("--slots"), QStringLiteral("0"),
                                         QStringLiteral("--endpoint"), QStringLiteral("http://example.test") },
                QProcessEnvironment());
        QCOMPARE(bad.errors.size(), 2);
        QVERIFY2(bad.errors.join(QLatin1Char('\n')).contains(QStringLiteral("--slots")),
            qPrintable(bad.errors.join(QLatin1Char('\n'))));

        TrayCommandLine help = TrayCommandLine::parse({ QStringLiteral("checkfu-tray"), QStringLiteral("--help") }, {});
        QVERIFY(help.exitNow);
        QVERIFY(help.output.contains(QStringLiteral("--endpoint")));
        QCOMPARE(
            TrayCommandLine::parse({ QStringLiteral("checkfu-tray"), QStringLiteral("stray") }, {}).errors.size(), 1);
    }
};

CHECKFU_GUI_TEST_MAIN(TestRunnerController)
#include "tst_runnercontroller.moc"
