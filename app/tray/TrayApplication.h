#pragma once

#include "DiagnosticsDialog.h"
#include "PairingLink.h"
#include "PairingWizard.h"
#include "RunnerStatus.h"
#include "SettingsDialog.h"
#include "TrayHooks.h"
#include "UnpairDialog.h"
#include "WorkspaceChangesDialog.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>

#include <memory>

class Autostart;
class NotificationSink;
class Notifier;
class RunnerController;
class TrayIcon;
class TraySettings;

// Wires the tray's widgets, dialogs and notifications to the Runner controller, and owns
// quitting: quitting drains and signs off first, then quitNow() tells the event loop to end.
class TrayApplication : public QObject
{
    Q_OBJECT
signals:
    // The Runner has finished (or never ran): the process may exit.
    void quitNow();

public:
    // After wake, being offline is the network coming back: shown as reconnecting, not offline.
    static constexpr qint64 WakeQuietMs = 60 * 1000;

    // The hooks are the icon's (TrayIcon::hooks()).
    TrayApplication(RunnerController &controller, TrayIcon &icon, QObject *parent = nullptr);
    ~TrayApplication() override;

    bool isQuitting() const { return m_quitting; }
    NotificationSink *notificationSink() const { return m_sink.get(); }
    // Open dialogs (null when closed); for tests and the screenshot script.
    PairingWizard *pairingWizard() const { return m_wizard; }
    UnpairDialog *unpairDialog() const { return m_unpair; }
    WorkspaceChangesDialog *changesDialog() const { return m_changes; }
    // The wizard's machine checks (Docker, bubblewrap, host name); default the real ones.
    void setWizardHooks(const PairingWizard::Hooks &hooks) { m_wizardHooks = hooks; }

public slots:
    void quit();
    // A later launch's arguments (SingleInstance), or this one's: a checkfu://pair link opens the
    // wizard prefilled; anything else brings the status window up.
    void handleArguments(const QStringList &arguments);
    void openPairingWizard(const PairingLink &link = {});
    void openSettings();
    void openDiagnostics();
    void openUnpair();
    // What a run changed in a workspace kept on this machine; empty: the newest one.
    void openChanges(const QString &snapshotId = QString());

private:
    // The core saw the machine wake (its PowerMonitor; it checks the connection itself): "offline"
    // stays quiet a while.
    void systemResumed();
    void onStatus(RunnerStatus status);
    void applyPreferences();
    template <typename Dialog> void raise(Dialog *dialog);

    RunnerController &m_controller;
    TrayIcon &m_icon;
    TrayHooks m_hooks;
    PairingWizard::Hooks m_wizardHooks;
    std::unique_ptr<TraySettings> m_settings;
    std::unique_ptr<Autostart> m_autostart;
    std::unique_ptr<NotificationSink> m_sink;
    std::unique_ptr<Notifier> m_notifier;
    QPointer<PairingWizard> m_wizard;
    QPointer<SettingsDialog> m_settingsDialog;
    QPointer<DiagnosticsDialog> m_diagnostics;
    QPointer<UnpairDialog> m_unpair;
    QPointer<WorkspaceChangesDialog> m_changes;
    bool m_wizardPairing = false; // the pairing under way was asked for by the wizard
    bool m_quitting = false;
    QDateTime m_resumedAt;
    QDateTime m_lastWake; // the core's wokeAt last seen
};
