#pragma once

#include "RunnerStatus.h"
#include "TrayHooks.h"
#include "TrayPresentation.h"

#include <QObject>
#include <QSystemTrayIcon>

#include <memory>

class StatusWindow;
class TrayMenu;

// The icon in the panel, its menu and the status window, kept in step with RunnerStatus
// snapshots. Without a system tray the status window stands in for the icon and says why.
class TrayIcon : public QObject
{
    Q_OBJECT
signals:
    void drainRequested(bool draining);
    void startRequested();
    void stopRequested();
    void stopNowRequested();
    // Confirmed where runs were in flight.
    void quitRequested();
    // A person confirmed cancelling this run.
    void cancelRunRequested(const QString &runId);
    // Changes… of a kept workspace (the status window's ended runs).
    void changesRequested(const QString &snapshotId);

public:
    explicit TrayIcon(const TrayHooks &hooks = TrayHooks::system(), QObject *parent = nullptr);
    ~TrayIcon() override;

    // The icon in the tray when there is one, else the status window.
    void show();
    void setStatus(const RunnerStatus &status);

    bool usesTray() const { return m_usesTray; }
    const TrayHooks &hooks() const { return m_hooks; }
    RunnerStatus status() const { return m_status; }
    TrayView view() const { return m_view; }
    QSystemTrayIcon *systemTrayIcon() const { return m_tray.get(); }
    TrayMenu *menu() const { return m_menu.get(); }
    // Made on first use: an idle tray that nobody opens never builds it (docs/performance.md).
    StatusWindow *statusWindow();

public slots:
    // Asks first when runs are in flight (through the injected confirmer).
    void requestQuit();
    void toggleStatusWindow();
    void showStatusWindow();
    // Asks first (through the injected confirmer), then cancelRunRequested().
    void requestCancelRun(const QString &runId, const QString &title);

private:
    void onActivated(QSystemTrayIcon::ActivationReason reason);

    TrayHooks m_hooks;
    RunnerStatus m_status;
    TrayView m_view;
    bool m_usesTray = false;
    QString m_trayIconName; // the icon the tray shows now
    std::unique_ptr<TrayMenu> m_menu;
    std::unique_ptr<StatusWindow> m_window;
    std::unique_ptr<QSystemTrayIcon> m_tray;
};
