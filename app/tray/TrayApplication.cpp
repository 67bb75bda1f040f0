#include "TrayApplication.h"

#include "RunnerController.h"
#include "TrayIcon.h"

TrayApplication::TrayApplication(RunnerController &controller, TrayIcon &icon, QObject *parent)
    : QObject(parent), m_controller(controller)
{
    connect(&controller, &RunnerController::statusChanged, &icon, &TrayIcon::setStatus);
    connect(&icon, &TrayIcon::drainRequested, &controller, &RunnerController::setDraining);
    connect(&icon, &TrayIcon::startRequested, &controller, &RunnerController::start);
    connect(&icon, &TrayIcon::stopRequested, &controller, &RunnerController::stop);
    connect(&icon, &TrayIcon::stopNowRequested, &controller, &RunnerController::stopNow);
    connect(&icon, &TrayIcon::quitRequested, this, &TrayApplication::quit);
    connect(&controller, &RunnerController::finished, this, [this] {
        if (m_quitting)
            emit quitNow();
    });
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
