// The tray's controller against a real checkfu-devplane, paired with a one-use code into the
// file credential store (isolated HOME/XDG): the snapshots name the pairing, a oneshot run shows
// as "running", the drain toggle reaches the devplane's presence within 1 s, stop signs off.
// Runtime: about 10 s.
#include "DevPlaneProcess.h"
#include "GuiTestSupport.h"
#include "IntegrationSupport.h"
#include "RunnerController.h"
#include "TrayApplication.h"
#include "TrayIcon.h"
#include "TrayMenu.h"

#include <QElapsedTimer>
#include <QSignalSpy>

using namespace runnercore;

using namespace GuiTestSupport;
using namespace IntegrationSupport;

namespace {
constexpr int DrainVisibleWithinMs = 1000;
constexpr int PollMs = 50;
} // namespace

class TestTrayDevplane : public QObject
{
    Q_OBJECT

private slots:
    void pairRunDrainStop()
    {
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        const QString code = dp.pair();
        QVERIFY(!code.isEmpty());

        RunnerConfigInput input;
        input.flags = { { QStringLiteral("endpoint"), dp.url() }, { QStringLiteral("code"), code },
            { QStringLiteral("label"), QStringLiteral("tray-box") },
            { QStringLiteral("sandbox"), QStringLiteral("host-process") },
            { QStringLiteral("credential-store"), QStringLiteral("file") } };
        QVERIFY(std::holds_alternative<RunnerConfig>(RunnerConfigParser::parse(input)));

        RunnerController controller(input);
        TrayHooks hooks;
        hooks.openUrl = [](const QUrl &) { return true; };
        hooks.confirmQuit = [](int) { return true; };
        hooks.trayAvailable = [] { return true; };
        hooks.now = [] { return QDateTime::currentDateTime(); };
        TrayIcon icon(hooks);
        TrayApplication app(controller, icon);
        icon.show();
        QSignalSpy finished(&controller, &RunnerController::finished);
        controller.start();

        QTRY_VERIFY2_WITH_TIMEOUT(controller.status().state == RunnerState::Ready,
            qPrintable(controller.status().message + QLatin1Char('\n') + dp.output()), 20000);
        const RunnerStatus ready = controller.status();
        QVERIFY(ready.paired);
        QVERIFY(!ready.runnerId.isEmpty());
        QCOMPARE(ready.endpoint, QUrl(dp.url()));
        QCOMPARE(ready.machineLabel, QStringLiteral("tray-box"));
        QVERIFY2(ready.sandboxPosture.contains(QStringLiteral("host-process")), qPrintable(ready.sandboxPosture));
        QVERIFY(ready.lastContact.isValid());
        QVERIFY(ready.isConnected());
        QTRY_COMPARE(icon.view().visual, TrayVisual::Ready);
        QVERIFY(icon.systemTrayIcon()->toolTip().contains(QStringLiteral("Machine: tray-box")));
        const QString runnerId = ready.runnerId;
        QTRY_VERIFY_WITH_TIMEOUT(
            dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);

        // A run of about 3 s shows as running, then ready again.
        const QJsonObject session
            = dp.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=3") }, {}, &error);
        const QString sessionId = session.value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().busySlots == 1, 15000);
        QTRY_COMPARE(icon.view().visual, TrayVisual::Running);
        QCOMPARE(icon.view().statusLine, QStringLiteral("Running 1 run"));
        QTRY_VERIFY_WITH_TIMEOUT(controller.status().busySlots == 0, 20000);
        QTRY_COMPARE(icon.view().visual, TrayVisual::Ready);

        // The menu's drain toggle, as a person would use it.
        QCOMPARE(icon.menu()->drainAction()->text(), QStringLiteral("Drain — finish runs, take no new work"));
        QElapsedTimer sinceToggle;
        sinceToggle.start();
        icon.menu()->drainAction()->trigger();
        qint64 drainingAfterMs = -1;
        while (sinceToggle.elapsed() < 5000) {
            if (dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("draining")) {
                drainingAfterMs = sinceToggle.elapsed();
                break;
            }
            QTest::qWait(PollMs);
        }
        qInfo("presence said draining %lld ms after the menu's Drain", drainingAfterMs);
        QVERIFY2(drainingAfterMs >= 0 && drainingAfterMs <= DrainVisibleWithinMs,
            qPrintable(QStringLiteral("presence not draining within 1 s (%1 ms)").arg(drainingAfterMs)));
        QTRY_COMPARE(controller.status().state, RunnerState::Draining);
        QTRY_COMPARE(icon.menu()->drainAction()->text(), QStringLiteral("Resume taking work"));
        QCOMPARE(icon.view().visual, TrayVisual::Draining);

        icon.menu()->drainAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 5000);
        QTRY_COMPARE(controller.status().state, RunnerState::Ready);

        // Stop signs off; Start uses the stored pairing (the code was one-use).
        icon.menu()->runnerAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(finished.size() == 1, 15000);
        QCOMPARE(finished.at(0).at(0).value<RunnerExit>(), RunnerExit::Clean);
        QCOMPARE(controller.status().state, RunnerState::Stopped);
        QCOMPARE(icon.menu()->runnerAction()->text(), QStringLiteral("Start runner"));
        icon.menu()->runnerAction()->trigger();
        QTRY_VERIFY2_WITH_TIMEOUT(
            controller.status().state == RunnerState::Ready, qPrintable(controller.status().message), 20000);
        QCOMPARE(controller.status().runnerId, runnerId);

        // Quit drains and signs off before the event loop is told to end.
        QSignalSpy quitNow(&app, &TrayApplication::quitNow);
        icon.menu()->quitAction()->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(quitNow.size() == 1, 15000);
        QCOMPARE(controller.status().state, RunnerState::Stopped);
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayDevplane)
#include "tst_traydevplane.moc"
