// org.freedesktop.Application in the tray (ApplicationService), on a private session bus, with the tray's code and
// a real checkfu-devplane: a checkfu://pair link given to Open() opens the wizard prefilled and the wizard pairs,
// while another local account polling every /proc/<pid>/cmdline (CmdlineSpy; root only) never sees the code;
// Activate brings the status window up; a URI that is not a checkfu://pair link and ActivateAction change nothing.
// tests/e2e/tst_codesoffcmdline has the bus start the real binary. Runtime: about 10 s.
#include "ApplicationService.h"
#include "CmdlineSpy.h"
#include "DevPlaneProcess.h"
#include "GuiTestSupport.h"
#include "Notifier.h"
#include "RunnerController.h"
#include "SecretServiceSession.h"
#include "StatusWindow.h"
#include "TrayApplication.h"
#include "TrayIcon.h"

#include <QAbstractButton>
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDateTime>
#include <QDir>
#include <QLineEdit>
#include <QRadioButton>
#include <QUrl>

#include <unistd.h>

using namespace runnercore;
using namespace GuiTestSupport;

namespace {
const QString Name = QStringLiteral("com.example.checkfu.RunnerTest");

class SilentSink : public NotificationSink
{
public:
    quint32 notify(const Notification &) override { return 1; }
};
} // namespace

class TestApplicationService : public QObject
{
    Q_OBJECT

    SecretServiceSession m_session;
    CmdlineSpy m_spy;
    DevPlaneProcess m_devplane;
    std::unique_ptr<RunnerController> m_controller;
    std::unique_ptr<TrayIcon> m_icon;
    std::unique_ptr<TrayApplication> m_tray;
    std::unique_ptr<ApplicationService> m_service;

    // Calls `method` as another client of the bus would (a desktop launching the desktop file).
    QDBusMessage call(const QString &method, const QVariantList &arguments)
    {
        QDBusConnection caller = QDBusConnection::connectToBus(m_session.busAddress(), QStringLiteral("caller"));
        QDBusMessage message = QDBusMessage::createMethodCall(
            Name, ApplicationService::objectPath(Name), QStringLiteral("org.freedesktop.Application"), method);
        message.setArguments(arguments);
        // Asynchronous: the service answers on this thread's event loop.
        QDBusPendingCallWatcher watcher(caller.asyncCall(message));
        if (!QTest::qWaitFor([&watcher] { return watcher.isFinished(); }, 10000))
            return QDBusMessage::createError(QStringLiteral("test.Timeout"), QStringLiteral("no answer in 10 s"));
        return watcher.reply();
    }

private slots:
    void initTestCase()
    {
        if (::geteuid() != 0)
            QSKIP("needs root to make a second local account (the CI runs the tests as root)");
        QString error;
        QVERIFY2(m_session.startBus(&error), qPrintable(error));
        QVERIFY2(m_spy.start(&error), qPrintable(error));
        QVERIFY2(m_devplane.start(&error), qPrintable(error));
        RunnerConfigInput input;
        input.flags = { { QStringLiteral("credential-store"), QStringLiteral("file") } };
        input.machineHostName = QStringLiteral("bus-box");
        m_controller = std::make_unique<RunnerController>(input);
        TrayHooks hooks;
        hooks.openUrl = [](const QUrl &) { return true; };
        hooks.confirmQuit = [](int) { return true; };
        hooks.trayAvailable = [] { return true; };
        hooks.now = [] { return QDateTime::currentDateTime(); };
        hooks.logDir = QDir::tempPath();
        hooks.notificationSink = [](QSystemTrayIcon *) { return std::make_unique<SilentSink>(); };
        m_icon = std::make_unique<TrayIcon>(hooks);
        m_icon->show();
        m_tray = std::make_unique<TrayApplication>(*m_controller, *m_icon);
        PairingWizard::Hooks wizardHooks;
        wizardHooks.defaultLabel = QStringLiteral("bus-box");
        wizardHooks.detectDocker = [](PairingWizard::Hooks::Detected done) { done(false, QStringLiteral("none")); };
        wizardHooks.detectBubblewrap = [](PairingWizard::Hooks::Detected done) { done(false, QStringLiteral("none")); };
        m_tray->setWizardHooks(wizardHooks);
        m_service = std::make_unique<ApplicationService>(
            Name, QDBusConnection::connectToBus(m_session.busAddress(), QStringLiteral("tray")));
        QVERIFY2(m_service->registerOnBus(&error), qPrintable(error));
        m_service->deliverTo(*m_tray);
        m_controller->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::NotPaired, 10000);
    }

    void otherUrisAndActionsChangeNothing()
    {
        QDBusMessage reply = call(QStringLiteral("Open"),
            { QStringList { QStringLiteral("file:///etc/passwd"), QStringLiteral("checkfu://settings?x=1") },
                QVariantMap() });
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        reply = call(QStringLiteral("ActivateAction"), { QStringLiteral("quit"), QVariantList(), QVariantMap() });
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QTest::qWait(0);
        QVERIFY(!m_tray->pairingWizard());
        QVERIFY(!m_icon->statusWindow() || !m_icon->statusWindow()->isVisible());
    }

    void activateShowsTheStatusWindow()
    {
        const QDBusMessage reply = call(QStringLiteral("Activate"), { QVariantMap() });
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        QTRY_VERIFY(m_icon->statusWindow() && m_icon->statusWindow()->isVisible());
        m_icon->statusWindow()->hide();
    }

    void openWithAPairingLinkPairsAndTheCodeIsNeverSeen()
    {
        const QString code = m_devplane.pair();
        QVERIFY(!code.isEmpty());
        const QString link = QStringLiteral("checkfu://pair?code=%1&endpoint=%2")
                                 .arg(code, QString::fromLatin1(QUrl::toPercentEncoding(m_devplane.url())));
        const QDBusMessage reply = call(QStringLiteral("Open"), { QStringList { link }, QVariantMap() });
        QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));
        PairingWizard *wizard = m_tray->pairingWizard();
        QVERIFY(wizard);
        QTRY_VERIFY(wizard->isVisible());
        auto *codeEdit = child<QLineEdit>(wizard, "codeEdit");
        auto *hostProcess = child<QRadioButton>(wizard, "sandboxHostProcess");
        QVERIFY(codeEdit && hostProcess);
        QCOMPARE(codeEdit->text(), code);
        while (wizard->currentId() != PairingWizard::SandboxPageId && wizard->button(QWizard::NextButton)->isEnabled())
            wizard->button(QWizard::NextButton)->click();
        hostProcess->click();
        while (wizard->currentId() != PairingWizard::ResultPageId && wizard->button(QWizard::NextButton)->isEnabled())
            wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::ResultPageId));
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::Ready, 20000);
        QCOMPARE(m_devplane.presences().size(), 1);

        const int passes = m_spy.passes();
        QTRY_VERIFY(m_spy.passes() >= passes + 40);
        QVERIFY2(m_spy.sightingsOf(code.toLatin1()).isEmpty(), "another account saw the code in a command line");
        wizard->button(QWizard::FinishButton)->click();
    }

    void cleanupTestCase()
    {
        m_service.reset();
        m_tray.reset();
        m_icon.reset();
        m_controller.reset();
        m_spy.stop();
    }
};

CHECKFU_GUI_TEST_MAIN(TestApplicationService)
#include "tst_applicationservice.moc"
