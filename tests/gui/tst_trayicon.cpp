// The tray's widgets: menu actions per state, approvals opening their page through the injected
// opener, quitting with runs in flight, the tray icon and its left click, and the status window
// standing in when there is no tray.
#include "GuiTestSupport.h"
#include "StateIcons.h"
#include "StatusWindow.h"
#include "TrayIcon.h"
#include "TrayMenu.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {
RunnerStatus withState(RunnerState state, int busy = 0)
{
    RunnerStatus s = connectedStatus();
    s.state = state;
    s.busySlots = busy;
    s.draining = state == RunnerState::Draining;
    return s;
}
} // namespace

class TestTrayIcon : public QObject
{
    Q_OBJECT

    QList<QUrl> m_opened;
    QList<int> m_confirmAsked;
    bool m_confirmAnswer = false;
    bool m_trayAvailable = true;
    QTemporaryDir m_logDir;

    TrayHooks hooks()
    {
        TrayHooks h;
        h.openUrl = [this](const QUrl &url) {
            m_opened.append(url);
            return true;
        };
        h.confirmQuit = [this](int runs) {
            m_confirmAsked.append(runs);
            return m_confirmAnswer;
        };
        h.trayAvailable = [this] { return m_trayAvailable; };
        h.now = [] { return QDateTime(QDate(2025, 3, 14), QTime(14, 0, 0)); };
        h.logDir = m_logDir.path() + QStringLiteral("/logs");
        return h;
    }

private slots:
    void init()
    {
        m_opened.clear();
        m_confirmAsked.clear();
        m_confirmAnswer = false;
        m_trayAvailable = true;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }

    void menuPerState_data()
    {
        QTest::addColumn<RunnerStatus>("status");
        QTest::addColumn<bool>("drainVisible");
        QTest::addColumn<bool>("drainEnabled");
        QTest::addColumn<QString>("drainText");
        QTest::addColumn<bool>("runnerEnabled");
        QTest::addColumn<QString>("runnerText");

        const QString drain = QStringLiteral("Drain — finish runs, take no new work");
        const QString resume = QStringLiteral("Resume taking work");
        QTest::newRow("ready") << withState(RunnerState::Ready) << true << true << drain << true
                               << QStringLiteral("Stop runner");
        QTest::newRow("running") << withState(RunnerState::Ready, 2) << true << true << drain << true
                                 << QStringLiteral("Stop runner");
        QTest::newRow("draining") << withState(RunnerState::Draining, 1) << true << true << resume << true
                                  << QStringLiteral("Stop runner");
        QTest::newRow("offline") << withState(RunnerState::Offline) << true << true << drain << true
                                 << QStringLiteral("Stop runner");
        QTest::newRow("stopping") << withState(RunnerState::Stopping, 1) << true << false << drain << true
                                  << QStringLiteral("Stop now — cancel 1 run");
        QTest::newRow("stopped") << withState(RunnerState::Stopped) << false << false << drain << true
                                 << QStringLiteral("Start runner");
        QTest::newRow("not-paired") << withState(RunnerState::NotPaired) << false << false << drain << false
                                    << QStringLiteral("Start runner");
        QTest::newRow("revoked") << withState(RunnerState::Revoked) << false << false << drain << false
                                 << QStringLiteral("Start runner");
        QTest::newRow("failed") << withState(RunnerState::Failed) << false << false << drain << true
                                << QStringLiteral("Start runner");
    }

    void menuPerState()
    {
        QFETCH(RunnerStatus, status);
        QFETCH(bool, drainVisible);
        QFETCH(bool, drainEnabled);
        QFETCH(QString, drainText);
        QFETCH(bool, runnerEnabled);
        QFETCH(QString, runnerText);
        TrayIcon icon(hooks());
        icon.show();
        icon.setStatus(status);
        TrayMenu *menu = icon.menu();
        QCOMPARE(menu->statusAction()->text(), icon.view().statusLine);
        QVERIFY(!menu->statusAction()->isEnabled());
        QCOMPARE(menu->actions().first(), menu->statusAction());
        QCOMPARE(menu->drainAction()->isVisible(), drainVisible);
        QCOMPARE(menu->drainAction()->isEnabled(), drainEnabled);
        QCOMPARE(menu->drainAction()->text(), drainText);
        QCOMPARE(menu->runnerAction()->isEnabled(), runnerEnabled);
        QCOMPARE(menu->runnerAction()->text(), runnerText);
        QVERIFY(menu->dashboardAction()->isEnabled());
        QVERIFY(menu->logAction()->isEnabled());
        QVERIFY(menu->quitAction()->isEnabled());
        QVERIFY(menu->approvalActions().isEmpty());
        // The tray icon shows the same snapshot.
        QCOMPARE(icon.systemTrayIcon()->toolTip(), icon.view().tooltip);
        QCOMPARE(icon.systemTrayIcon()->icon().pixmap(16, 16).toImage(),
            StateIcons::icon(icon.view().iconName).pixmap(16, 16).toImage());
    }

    void drainToggleAndRunnerActionsEmit()
    {
        TrayIcon icon(hooks());
        QSignalSpy drain(&icon, &TrayIcon::drainRequested);
        QSignalSpy start(&icon, &TrayIcon::startRequested);
        QSignalSpy stop(&icon, &TrayIcon::stopRequested);
        QSignalSpy stopNow(&icon, &TrayIcon::stopNowRequested);
        icon.setStatus(withState(RunnerState::Ready));
        icon.menu()->drainAction()->trigger();
        QCOMPARE(drain.size(), 1);
        QCOMPARE(drain.at(0).at(0).toBool(), true);
        icon.setStatus(withState(RunnerState::Draining));
        icon.menu()->drainAction()->trigger();
        QCOMPARE(drain.size(), 2);
        QCOMPARE(drain.at(1).at(0).toBool(), false);

        icon.menu()->runnerAction()->trigger();
        QCOMPARE(stop.size(), 1);
        icon.setStatus(withState(RunnerState::Stopping, 2));
        icon.menu()->runnerAction()->trigger();
        QCOMPARE(stopNow.size(), 1);
        icon.setStatus(withState(RunnerState::Stopped));
        icon.menu()->runnerAction()->trigger();
        QCOMPARE(start.size(), 1);
        QCOMPARE(stop.size(), 1);
    }

    void approvalsOpenTheirPage()
    {
        TrayIcon icon(hooks());
        QSignalSpy changed(icon.menu(), &TrayMenu::approvalsChanged);
        RunnerStatus status = withState(RunnerState::Ready, 2);
        const QString link1 = QStringLiteral("https://cp.example.test/sessions/ses_apr_1/approvals/apr_1");
        const QString link2 = QStringLiteral("https://cp.example.test/sessions/ses_apr_2/approvals/apr_2");
        status.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("Edit R&D notes"), link1),
            approval(QStringLiteral("apr_2"), QStringLiteral("Run tests"), link2) };
        icon.setStatus(status);
        QCOMPARE(icon.view().visual, TrayVisual::Attention);
        QList<QAction *> actions = icon.menu()->approvalActions();
        QCOMPARE(actions.size(), 2);
        QCOMPARE(actions[0]->objectName(), QStringLiteral("approval:apr_1"));
        QCOMPARE(actions[0]->text(), QStringLiteral("Decide: Edit R&&D notes")); // '&' is not an accelerator
        QCOMPARE(actions[1]->text(), QStringLiteral("Decide: Run tests"));
        // In the menu, between the status line and the Runner's actions.
        const QList<QAction *> all = icon.menu()->actions();
        QVERIFY(all.indexOf(actions[0]) > all.indexOf(icon.menu()->statusAction()));
        QVERIFY(all.indexOf(actions[1]) < all.indexOf(icon.menu()->drainAction()));

        actions[1]->trigger();
        actions[0]->trigger();
        QCOMPARE(m_opened, (QList<QUrl> { QUrl(link2), QUrl(link1) }));

        // The same snapshot again keeps the same actions; a resolved approval goes away.
        const int changes = int(changed.size());
        icon.setStatus(status);
        QCOMPARE(changed.size(), changes);
        status.approvals.removeFirst();
        icon.setStatus(status);
        actions = icon.menu()->approvalActions();
        QCOMPARE(actions.size(), 1);
        QCOMPARE(actions[0]->objectName(), QStringLiteral("approval:apr_2"));
        QCOMPARE(icon.view().statusLine, QStringLiteral("1 approval waiting — Running 2 runs"));
        // The status window offers the same action.
        auto *button = icon.statusWindow()->findChild<QToolButton *>(QStringLiteral("approval:apr_2"));
        QVERIFY(button);
        QCOMPARE(button->defaultAction(), actions[0]);
        m_opened.clear();
        button->click();
        QCOMPARE(m_opened, QList<QUrl> { QUrl(link2) });

        status.approvals.clear();
        icon.setStatus(status);
        QVERIFY(icon.menu()->approvalActions().isEmpty());
        QCOMPARE(icon.view().visual, TrayVisual::Running);
    }

    void approvalWithoutAnyLinkIsDisabled()
    {
        TrayIcon icon(hooks());
        RunnerStatus status = withState(RunnerState::Ready, 1);
        status.dashboardLink.clear();
        status.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("Edit"), QString()) };
        icon.setStatus(status);
        QCOMPARE(icon.menu()->approvalActions().size(), 1);
        QVERIFY(!icon.menu()->approvalActions().first()->isEnabled());
        QVERIFY(!icon.menu()->dashboardAction()->isEnabled());
    }

    void dashboardAndLogOpenThroughTheOpener()
    {
        TrayIcon icon(hooks());
        icon.setStatus(withState(RunnerState::Ready));
        icon.menu()->dashboardAction()->trigger();
        icon.menu()->logAction()->trigger();
        QCOMPARE(m_opened.size(), 2);
        QCOMPARE(m_opened[0], QUrl(QStringLiteral("https://cp.example.test/runners/rnr_0123")));
        QCOMPARE(m_opened[1], QUrl::fromLocalFile(m_logDir.path() + QStringLiteral("/logs")));
        QVERIFY(QFileInfo(m_logDir.path() + QStringLiteral("/logs")).isDir());
    }

    // Links from the control plane are opened only when https, or http to a loopback host; anything else never
    // reaches the opener, and the menu says why. A host other than the endpoint's is shown.
    void controlPlaneLinksAreOpenedOnlyWhenSafe_data()
    {
        QTest::addColumn<QString>("link");
        QTest::addColumn<bool>("opened");
        QTest::addColumn<QString>("shown"); // a part of the menu entry's text
        QTest::newRow("file") << QStringLiteral("file:///etc/passwd") << false
                              << QStringLiteral("not opened: it is a file: link");
        QTest::newRow("smb") << QStringLiteral("smb://evil.example.test/share") << false << QStringLiteral("smb: link");
        QTest::newRow("checkfu") << QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA") << false
                                 << QStringLiteral("checkfu: link");
        QTest::newRow("javascript") << QStringLiteral("javascript:alert(1)") << false
                                    << QStringLiteral("javascript: link");
        QTest::newRow("data") << QStringLiteral("data:text/html;base64,PHNjcmlwdD4=") << false
                              << QStringLiteral("data: link");
        QTest::newRow("plain http off loopback") << QStringLiteral("http://cp.example.test/runners") << false
                                                 << QStringLiteral("plain http:// link to cp.example.test");
        QTest::newRow("http to loopback")
            << QStringLiteral("http://127.0.0.1:8787/runners") << true << QStringLiteral("(on 127.0.0.1)");
        QTest::newRow("https, the endpoint's host")
            << QStringLiteral("https://cp.example.test/runners/rnr_0123") << true << QStringLiteral("Open dashboard");
        QTest::newRow("https, another host") << QStringLiteral("https://elsewhere.example.test/x") << true
                                             << QStringLiteral("Open dashboard (on elsewhere.example.test)");
    }

    void controlPlaneLinksAreOpenedOnlyWhenSafe()
    {
        QFETCH(QString, link);
        QFETCH(bool, opened);
        QFETCH(QString, shown);

        TrayIcon icon(hooks());
        RunnerStatus status = withState(RunnerState::Ready, 1);
        status.dashboardLink = link;
        status.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("Edit"), QString()) };
        icon.setStatus(status);
        QAction *dashboard = icon.menu()->dashboardAction();
        QCOMPARE(dashboard->isEnabled(), opened);
        QVERIFY2(dashboard->text().contains(shown), qPrintable(dashboard->text()));
        QCOMPARE(icon.menu()->approvalActions().size(), 1);
        QAction *decide = icon.menu()->approvalActions().first();
        QCOMPARE(decide->isEnabled(), opened);
        QVERIFY2(decide->text().startsWith(QLatin1String("Decide: Edit")), qPrintable(decide->text()));
        if (!opened)
            QVERIFY2(decide->text().contains(QLatin1String("not opened")), qPrintable(decide->text()));

        dashboard->trigger();
        decide->trigger();
        if (opened)
            QCOMPARE(m_opened, (QList<QUrl> { QUrl(link), QUrl(link) }));
        else
            QCOMPARE(m_opened, QList<QUrl>());
    }

    void quitAsksOnlyWithRunsInFlight()
    {
        TrayIcon icon(hooks());
        QSignalSpy quit(&icon, &TrayIcon::quitRequested);
        icon.setStatus(withState(RunnerState::Ready));
        icon.menu()->quitAction()->trigger();
        QCOMPARE(quit.size(), 1);
        QVERIFY(m_confirmAsked.isEmpty());

        icon.setStatus(withState(RunnerState::Ready, 2));
        m_confirmAnswer = false;
        icon.menu()->quitAction()->trigger();
        QCOMPARE(m_confirmAsked, QList<int> { 2 });
        QCOMPARE(quit.size(), 1);
        m_confirmAnswer = true;
        icon.menu()->quitAction()->trigger();
        QCOMPARE(m_confirmAsked, (QList<int> { 2, 2 }));
        QCOMPARE(quit.size(), 2);

        // Already stopping: the runs finish first anyway, nothing to confirm.
        icon.setStatus(withState(RunnerState::Stopping, 2));
        icon.menu()->quitAction()->trigger();
        QCOMPARE(m_confirmAsked.size(), 2);
        QCOMPARE(quit.size(), 3);
    }

    void leftClickOpensTheStatusWindow()
    {
        TrayIcon icon(hooks());
        icon.show();
        QVERIFY(icon.usesTray());
        QVERIFY(icon.systemTrayIcon());
        QCOMPARE(icon.systemTrayIcon()->contextMenu(), icon.menu());
        QVERIFY(!icon.statusWindow()->isVisible());
        QVERIFY(icon.statusWindow()->noTrayReason().isEmpty());
        // The context menu (right click) is the tray host's business; a left click is Trigger.
        emit icon.systemTrayIcon()->activated(QSystemTrayIcon::Context);
        QVERIFY(!icon.statusWindow()->isVisible());
        emit icon.systemTrayIcon()->activated(QSystemTrayIcon::Trigger);
        QVERIFY(icon.statusWindow()->isVisible());
        // With a tray, closing the window only hides it.
        QSignalSpy quit(&icon, &TrayIcon::quitRequested);
        QVERIFY(icon.statusWindow()->close());
        QVERIFY(!icon.statusWindow()->isVisible());
        QCOMPARE(quit.size(), 0);
    }

    void statusWindowShowsTheSameFacts()
    {
        TrayIcon icon(hooks());
        RunnerStatus status = withState(RunnerState::Offline);
        status.message = QStringLiteral("Cannot reach the control plane (timeout). Retrying in 30 s.");
        status.lastContact = QDateTime(QDate(2025, 3, 14), QTime(13, 58, 1));
        status.nextRetry = QDateTime(QDate(2025, 3, 14), QTime(14, 0, 30));
        status.busySlots = 1;
        status.lastWarning = QStringLiteral("This computer's clock is 90 s behind the control plane's.");
        icon.setStatus(status);
        StatusWindow *window = icon.statusWindow();
        const auto text = [window](const char *name) {
            auto *label = window->findChild<QLabel *>(QLatin1String(name));
            return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
        };
        QCOMPARE(text("statusLine"), QStringLiteral("Offline — retrying at 14:00:30"));
        QCOMPARE(text("endpoint"), QStringLiteral("https://cp.example.test"));
        QCOMPARE(text("machine"), QStringLiteral("build-box"));
        QCOMPARE(text("runnerId"), QStringLiteral("rnr_0123"));
        QCOMPARE(text("sandbox"), status.sandboxPosture);
        QCOMPARE(text("slots"), QStringLiteral("1 of 4 busy"));
        QCOMPARE(text("lastContact"), QStringLiteral("13:58:01"));
        QCOMPARE(text("nextRetry"), QStringLiteral("14:00:30"));
        QCOMPARE(text("message"), status.message);
        QCOMPARE(text("warning"), status.lastWarning);
        // Its buttons are the menu's actions.
        auto *drainButton = window->findChildren<QToolButton *>().value(0);
        QVERIFY(drainButton);
        QCOMPARE(drainButton->defaultAction(), icon.menu()->drainAction());
    }

    void noTrayShowsTheStatusWindowAndSaysWhy()
    {
        m_trayAvailable = false;
        TrayIcon icon(hooks());
        QSignalSpy quit(&icon, &TrayIcon::quitRequested);
        icon.setStatus(withState(RunnerState::Ready));
        icon.show();
        QVERIFY(!icon.usesTray());
        QVERIFY(!icon.systemTrayIcon());
        QVERIFY(icon.statusWindow()->isVisible());
        const QString reason = icon.statusWindow()->noTrayReason();
        QVERIFY2(reason.contains(QStringLiteral("no system tray")), qPrintable(reason));
        auto *label = icon.statusWindow()->findChild<QLabel *>(QStringLiteral("noTrayReason"));
        QVERIFY(label && label->isVisible());
        // Without a tray the window is the app: closing it is quitting (confirmed with runs in flight).
        icon.setStatus(withState(RunnerState::Ready, 1));
        m_confirmAnswer = false;
        QVERIFY(!icon.statusWindow()->close());
        QVERIFY(icon.statusWindow()->isVisible());
        QCOMPARE(m_confirmAsked, QList<int> { 1 });
        QCOMPARE(quit.size(), 0);
        m_confirmAnswer = true;
        icon.statusWindow()->close();
        QCOMPARE(quit.size(), 1);
    }

    // The real detection: the offscreen platform has no tray.
    void offscreenHasNoTray()
    {
        QCOMPARE(QGuiApplication::platformName(), QStringLiteral("offscreen"));
        TrayHooks h = TrayHooks::system();
        QVERIFY(!h.trayAvailable());
        h.openUrl = [this](const QUrl &url) {
            m_opened.append(url);
            return true;
        };
        TrayIcon icon(h);
        icon.show();
        QVERIFY(!icon.usesTray());
        QVERIFY(icon.statusWindow()->isVisible());
        QVERIFY(!icon.statusWindow()->noTrayReason().isEmpty());
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayIcon)
#include "tst_trayicon.moc"
