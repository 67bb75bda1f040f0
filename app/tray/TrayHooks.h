#pragma once

#include <QDateTime>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>

class Autostart;
class NotificationSink;
class QSystemTrayIcon;

// The tray's few contacts with the desktop, injectable so tests neither open a browser nor
// block on a dialog.
struct TrayHooks
{
    // Opens a link or a folder; default LinkLauncher (xdg-open under a nursery, see there).
    std::function<bool(const QUrl &)> openUrl;
    // Asked before quitting with runs in flight; true quits. Default: a question dialog.
    std::function<bool(int runsInFlight)> confirmQuit;
    // Asked before cancelling one run (its title, safe to show); true cancels. Default: a question
    // dialog. Without one, nothing is cancelled.
    std::function<bool(const QString &title)> confirmCancelRun;
    // Default QSystemTrayIcon::isSystemTrayAvailable.
    std::function<bool()> trayAvailable;
    // Default QDateTime::currentDateTime.
    std::function<QDateTime()> now;
    // Where "Show log" leads; default AppPaths::logDir().
    QString logDir;
    // Where notifications go; empty: the desktop's (freedesktop service, else the icon's messages).
    std::function<std::unique_ptr<NotificationSink>(QSystemTrayIcon *tray)> notificationSink;
    // "Start at login"; empty: this platform's.
    std::function<std::unique_ptr<Autostart>()> autostart;

    // The real desktop's hooks.
    static TrayHooks system();
};
