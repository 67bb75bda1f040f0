#include "TrayApplication.h"

#include "Autostart.h"
#include "DesktopNotifications.h"
#include "DiagnosticsDialog.h"
#include "Notifier.h"
#include "RunnerController.h"
#include "SettingsDialog.h"
#include "TrayCommandLine.h"
#include "TrayIcon.h"
#include "TrayMenu.h"
#include "TraySettings.h"
#include "UnpairDialog.h"
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/transport/ListeningSockets.h>

#include <QProcessEnvironment>

using namespace runnercore;

TrayApplication::TrayApplication(RunnerController &controller, TrayIcon &icon, QObject *parent)
    : QObject(parent)
    , m_controller(controller)
    , m_icon(icon)
    , m_hooks(icon.hooks())
    , m_wizardHooks(PairingWizard::Hooks::system())
    , m_settings(std::make_unique<TraySettings>(AppPaths::settingsFile()))
{
    m_autostart = m_hooks.autostart ? m_hooks.autostart() : Autostart::create();
    m_sink = m_hooks.notificationSink ? m_hooks.notificationSink(icon.systemTrayIcon())
                                      : DesktopNotifications::create(icon.systemTrayIcon());
    m_notifier = std::make_unique<Notifier>(m_sink.get(), m_hooks.openUrl, m_hooks.now);
    applyPreferences();

    connect(&controller, &RunnerController::statusChanged, this, &TrayApplication::onStatus);
    connect(&controller, &RunnerController::approvalRequested, m_notifier.get(), &Notifier::approvalRequested);
    connect(&controller, &RunnerController::pairingFinished, this, [this](bool ok, const QString &message) {
        // The wizard answers the person who used it; a scripted pairing (--code) is told by notification.
        if (std::exchange(m_wizardPairing, false) && m_wizard)
            m_wizard->showResult(ok, message);
        else
            m_notifier->pairingFinished(ok, message);
    });

    connect(&icon, &TrayIcon::drainRequested, &controller, &RunnerController::setDraining);
    connect(&icon, &TrayIcon::startRequested, &controller, &RunnerController::start);
    connect(&icon, &TrayIcon::stopRequested, &controller, &RunnerController::stop);
    connect(&icon, &TrayIcon::stopNowRequested, &controller, &RunnerController::stopNow);
    connect(&icon, &TrayIcon::cancelRunRequested, &controller, &RunnerController::cancelRun);
    connect(&icon, &TrayIcon::quitRequested, this, &TrayApplication::quit);
    connect(&icon, &TrayIcon::changesRequested, this, &TrayApplication::openChanges);
    TrayMenu *menu = icon.menu();
    connect(menu, &TrayMenu::pairWizardRequested, this, [this] { openPairingWizard(); });
    connect(menu, &TrayMenu::settingsRequested, this, &TrayApplication::openSettings);
    connect(menu, &TrayMenu::diagnosticsRequested, this, &TrayApplication::openDiagnostics);
    connect(menu, &TrayMenu::unpairRequested, this, &TrayApplication::openUnpair);
    connect(&controller, &RunnerController::finished, this, [this] {
        if (m_quitting)
            emit quitNow();
    });
}

TrayApplication::~TrayApplication()
{
    // Dialogs refer to the settings and autostart objects this one owns.
    delete m_wizard;
    delete m_settingsDialog;
    delete m_diagnostics;
    delete m_unpair;
    delete m_changes;
}

void TrayApplication::quit()
{
    if (m_quitting)
        return; // already draining on the way out; "Stop now" in the menu cancels the runs
    m_quitting = true;
    if (!m_controller.status().isActive()) {
        emit quitNow();
        return;
    }
    m_controller.stop();
}

void TrayApplication::onStatus(RunnerStatus status)
{
    if (status.wokeAt.isValid() && status.wokeAt != m_lastWake) {
        m_lastWake = status.wokeAt;
        systemResumed();
    }
    if (m_resumedAt.isValid() && m_resumedAt.msecsTo(m_hooks.now()) < WakeQuietMs)
        status.resuming = true;
    // While the wizard waits for its redemption, retries are progress, not a result.
    if (m_wizardPairing && m_wizard && status.state == RunnerState::Pairing && !status.message.isEmpty())
        m_wizard->showProgress(status.message);
    m_icon.setStatus(status);
    m_notifier->setStatus(status);
}

void TrayApplication::applyPreferences()
{
    m_settings->load();
    for (NotificationKind kind : { NotificationKind::Approval, NotificationKind::Revoked, NotificationKind::Clone,
             NotificationKind::DrainFinished, NotificationKind::Reconnected, NotificationKind::RunsLostToSleep })
        m_notifier->setEnabled(kind, m_settings->notifies(kind));
}

void TrayApplication::handleArguments(const QStringList &arguments)
{
    for (const QString &argument : arguments) {
        if (PairingLink::looksLikeLink(argument)) {
            PairingLink link = PairingLink::parse(argument);
            link.checkLoopbackOwner(ListeningSockets::ownUid());
            openPairingWizard(link);
            return;
        }
    }
    // `checkfu-tray --endpoint URL --code CODE` handed over by a later launch: pair without the wizard.
    const TrayCommandLine commandLine = TrayCommandLine::parse(
        QStringList { QStringLiteral("checkfu-tray") } + arguments, QProcessEnvironment::systemEnvironment());
    if (!commandLine.errors.isEmpty()) {
        m_notifier->pairingFinished(false, commandLine.errors.join(QLatin1Char('\n')));
        return;
    }
    if (commandLine.changesOf) {
        openChanges(*commandLine.changesOf);
        return;
    }
    if (commandLine.config.pairingCode) {
        PairingRequest request;
        request.endpoint = commandLine.config.endpoint;
        request.code = *commandLine.config.pairingCode;
        request.label = commandLine.config.label;
        request.sandbox = commandLine.config.sandbox;
        m_wizardPairing = false;
        m_controller.pair(request);
        return;
    }
    m_icon.showStatusWindow();
}

template <typename Dialog> void TrayApplication::raise(Dialog *dialog)
{
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void TrayApplication::openPairingWizard(const PairingLink &link)
{
    const RunnerStatus status = m_controller.status();
    if (!m_wizard) {
        PairingWizard::Hooks hooks = m_wizardHooks;
        // Re-pairing keeps the name this machine already has rather than the host name.
        if (status.paired && !status.machineLabel.isEmpty())
            hooks.defaultLabel = status.machineLabel;
        m_wizard = new PairingWizard(hooks);
        m_wizard->setAttribute(Qt::WA_DeleteOnClose);
        if (status.endpoint.isValid())
            m_wizard->setEndpoint(status.endpoint);
        connect(m_wizard, &PairingWizard::pairRequested, this, [this](const PairingRequest &request) {
            m_wizardPairing = true;
            m_controller.pair(request);
        });
        connect(&m_controller, &RunnerController::cursorKeyPresence, m_wizard, [this](bool stored) {
            // The current pairing's lane, shown on the Cursor page with the choice to keep it: only when its key
            // is in the store (a tuple alone is no lane).
            RunnerPreferences preferences(AppPaths::settingsFile());
            preferences.load();
            const bool paired = m_controller.status().paired;
            if (m_wizard)
                m_wizard->setStoredCursor(stored && paired && preferences.cursorUsable()
                        ? std::optional<CursorTuple>(preferences.cursor)
                        : std::nullopt);
        });
        m_controller.checkCursorKey();
    }
    // A machine that works for a control plane now: a new pairing replaces that, and the wizard says so.
    const bool lostPairing = status.state == RunnerState::NotPaired || status.state == RunnerState::Revoked
        || status.state == RunnerState::Fenced;
    if (status.paired && !lostPairing)
        m_wizard->setCurrentPairing(status.endpoint, status.workspaceId, status.runnerId);
    else
        m_wizard->setCurrentPairing(QUrl(), QString(), QString());
    if (!link.endpoint.isEmpty() || !link.code.isEmpty() || !link.error.isEmpty())
        m_wizard->prefill(link);
    raise(m_wizard.data());
}

void TrayApplication::openSettings()
{
    if (!m_settingsDialog) {
        m_settingsDialog = new SettingsDialog(*m_settings, *m_autostart);
        m_settingsDialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_settingsDialog, &SettingsDialog::settingsChanged, this, [this] {
            applyPreferences();
            Logging::setLevel(m_settings->logLevel);
        });
        connect(m_settingsDialog, &SettingsDialog::changesRequested, this, [this] { openChanges(); });
        connect(m_settingsDialog, &SettingsDialog::cursorKeyChanged, &m_controller, &RunnerController::setCursorKey);
        connect(&m_controller, &RunnerController::cursorKeyStored, m_settingsDialog,
            [dialog = m_settingsDialog](bool ok, const QString &message) {
                if (!ok)
                    dialog->showCursorKeyError(message);
            });
        connect(
            &m_controller, &RunnerController::cursorKeyPresence, m_settingsDialog, &SettingsDialog::setCursorKeyStored);
        m_controller.checkCursorKey();
    }
    raise(m_settingsDialog.data());
}

void TrayApplication::openChanges(const QString &snapshotId)
{
    if (!m_changes) {
        m_changes = new WorkspaceChangesDialog(AppPaths::snapshotDir());
        m_changes->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_changes->showSnapshot(snapshotId);
    raise(m_changes.data());
}

void TrayApplication::openDiagnostics()
{
    if (!m_diagnostics) {
        m_diagnostics = new DiagnosticsDialog;
        m_diagnostics->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_diagnostics, &DiagnosticsDialog::runRequested, &m_controller, &RunnerController::runDiagnostics);
        connect(&m_controller, &RunnerController::diagnosticsFinished, m_diagnostics, &DiagnosticsDialog::showChecks);
        m_diagnostics->setRunning();
        m_controller.runDiagnostics();
    }
    raise(m_diagnostics.data());
}

void TrayApplication::openUnpair()
{
    if (!m_unpair) {
        const RunnerStatus status = m_controller.status();
        m_unpair = new UnpairDialog(status.runnerId, status.endpoint);
        m_unpair->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_unpair, &UnpairDialog::unpairRequested, &m_controller, &RunnerController::unpair);
        connect(&m_controller, &RunnerController::unpairFinished, m_unpair, &UnpairDialog::showResult);
    }
    raise(m_unpair.data());
}

void TrayApplication::systemResumed()
{
    m_resumedAt = m_hooks.now();
    m_notifier->systemResumed();
}
