#include "TrayIcon.h"

#include "StateIcons.h"
#include "StatusWindow.h"
#include "TrayMenu.h"

#include <QIcon>

using namespace runnercore;

TrayIcon::TrayIcon(const TrayHooks &hooks, QObject *parent)
    : QObject(parent), m_hooks(hooks), m_menu(std::make_unique<TrayMenu>(hooks))
{
    connect(m_menu.get(), &TrayMenu::drainRequested, this, &TrayIcon::drainRequested);
    connect(m_menu.get(), &TrayMenu::startRequested, this, &TrayIcon::startRequested);
    connect(m_menu.get(), &TrayMenu::stopRequested, this, &TrayIcon::stopRequested);
    connect(m_menu.get(), &TrayMenu::stopNowRequested, this, &TrayIcon::stopNowRequested);
    connect(m_menu.get(), &TrayMenu::quitRequested, this, &TrayIcon::requestQuit);
    connect(m_menu.get(), &TrayMenu::activityRequested, this, &TrayIcon::showStatusWindow);
    setStatus(RunnerStatus());
}

StatusWindow *TrayIcon::statusWindow()
{
    if (m_window)
        return m_window.get();
    m_window = std::make_unique<StatusWindow>(m_menu.get());
    connect(m_window.get(), &StatusWindow::quitRequested, this, &TrayIcon::requestQuit);
    connect(m_window.get(), &StatusWindow::cancelRunRequested, this, &TrayIcon::requestCancelRun);
    connect(m_window.get(), &StatusWindow::changesRequested, this, &TrayIcon::changesRequested);
    connect(m_window.get(), &StatusWindow::openRequested, this, [this](const QUrl &url) {
        if (m_hooks.openUrl)
            m_hooks.openUrl(url);
    });
    if (m_hooks.now)
        m_window->setClock(m_hooks.now);
    m_window->setStatus(m_status, m_view, m_hooks.now());
    return m_window.get();
}

// The window and the tray icon refer to the menu's actions: they go first.
TrayIcon::~TrayIcon()
{
    m_tray.reset();
    m_window.reset();
}

void TrayIcon::show()
{
    m_usesTray = m_hooks.trayAvailable();
    if (m_usesTray) {
        m_tray = std::make_unique<QSystemTrayIcon>();
        m_tray->setContextMenu(m_menu.get());
        m_trayIconName.clear();
        connect(m_tray.get(), &QSystemTrayIcon::activated, this, &TrayIcon::onActivated);
        setStatus(m_status);
        m_tray->show();
        if (m_window) {
            m_window->setNoTrayReason(QString());
            m_window->setQuitOnClose(false);
        }
        return;
    }
    statusWindow();
    m_window->setNoTrayReason(
        tr("This desktop shows no system tray (on GNOME it needs the AppIndicator extension), so Checkfu Runner "
           "keeps this window open instead. Closing it quits the Runner."));
    m_window->setQuitOnClose(true);
    m_window->show();
}

void TrayIcon::setStatus(const RunnerStatus &status)
{
    m_status = status;
    const QDateTime now = m_hooks.now();
    m_view = TrayPresentation::present(status, now);
    m_menu->setStatus(status, m_view.statusLine);
    if (m_window)
        m_window->setStatus(status, m_view, now);
    // Only real changes reach the tray host: on Linux each one is a D-Bus round to the panel.
    if (m_tray) {
        if (m_trayIconName != m_view.iconName) {
            m_trayIconName = m_view.iconName;
            m_tray->setIcon(StateIcons::icon(m_view.iconName));
        }
        if (m_tray->toolTip() != m_view.tooltip)
            m_tray->setToolTip(m_view.tooltip);
    }
}

void TrayIcon::requestQuit()
{
    // While stopping the runs already finish first: quitting then adds nothing to confirm.
    const bool ask = m_status.busySlots > 0 && m_status.state != RunnerState::Stopping;
    if (ask && !m_hooks.confirmQuit(m_status.busySlots))
        return;
    emit quitRequested();
}

void TrayIcon::requestCancelRun(const QString &runId, const QString &title)
{
    // No confirmer, no cancel: a run is never ended by a stray click.
    if (!m_hooks.confirmCancelRun || !m_hooks.confirmCancelRun(title))
        return;
    emit cancelRunRequested(runId);
}

void TrayIcon::toggleStatusWindow()
{
    if (m_window && m_window->isVisible() && m_window->isActiveWindow() && m_usesTray) {
        m_window->hide();
        return;
    }
    showStatusWindow();
}

void TrayIcon::showStatusWindow()
{
    statusWindow()->show();
    m_window->raise();
    m_window->activateWindow();
}

void TrayIcon::onActivated(QSystemTrayIcon::ActivationReason reason)
{
    // Trigger is a left click; the context menu handles the right one.
    if (reason == QSystemTrayIcon::Trigger)
        toggleStatusWindow();
}
