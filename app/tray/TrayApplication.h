#pragma once

#include <QObject>

class RunnerController;
class TrayIcon;

// Wires the tray's widgets to the Runner controller, and owns quitting: quitting drains and
// signs off first, then quitNow() tells the event loop to end.
class TrayApplication : public QObject
{
    Q_OBJECT
signals:
    // The Runner has finished (or never ran): the process may exit.
    void quitNow();

public:
    TrayApplication(RunnerController &controller, TrayIcon &icon, QObject *parent = nullptr);

    bool isQuitting() const { return m_quitting; }

public slots:
    void quit();

private:
    RunnerController &m_controller;
    bool m_quitting = false;
};
