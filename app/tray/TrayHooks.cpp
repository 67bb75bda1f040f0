#include "TrayHooks.h"

#include "LinkLauncher.h"

#include <runnercore/config/AppPaths.h>

#include <QApplication>
#include <QMessageBox>
#include <QSystemTrayIcon>

using namespace runnercore;

TrayHooks TrayHooks::system()
{
    TrayHooks hooks;
    // One launcher for the tray's life (its nurseries are its children); qApp owns it.
    auto *launcher = new LinkLauncher({}, {}, qApp);
    hooks.openUrl = [launcher](const QUrl &url) { return launcher->open(url); };
    hooks.confirmQuit = [](int runsInFlight) {
        const QString text = runsInFlight == 1 ? QApplication::translate("TrayHooks",
                                 "1 run is in flight. Quitting lets it finish first and takes no "
                                 "new work. Quit when it is done?")
                                               : QApplication::translate("TrayHooks",
                                                   "%1 runs are in flight. Quitting lets them finish first and takes "
                                                   "no new work. Quit when they are done?")
                                                     .arg(runsInFlight);
        return QMessageBox::question(nullptr, QApplication::translate("TrayHooks", "Quit Checkfu Runner"), text,
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            == QMessageBox::Yes;
    };
    hooks.confirmCancelRun = [](const QString &title) {
        QMessageBox box(QMessageBox::Question, QApplication::translate("TrayHooks", "Cancel run"),
            QApplication::translate(
                "TrayHooks", "Cancel “%1”? The harness is stopped and the run ends as cancelled on this machine.")
                .arg(title),
            QMessageBox::Yes | QMessageBox::No);
        box.setTextFormat(Qt::PlainText); // the title comes from the control plane
        box.setDefaultButton(QMessageBox::No);
        return box.exec() == QMessageBox::Yes;
    };
    hooks.trayAvailable = [] { return QSystemTrayIcon::isSystemTrayAvailable(); };
    hooks.now = [] { return QDateTime::currentDateTime(); };
    hooks.logDir = AppPaths::logDir();
    return hooks;
}
