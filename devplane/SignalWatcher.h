#pragma once

#include <QObject>

class QSocketNotifier;

namespace devplane {

// Turns SIGINT/SIGTERM into a Qt signal so `serve` quits through the event loop. On Linux this
// uses a signalfd (no process-global handler state); elsewhere the default action applies,
// which loses nothing because the state file is written on every change.
class SignalWatcher : public QObject
{
    Q_OBJECT

public:
    // Must run before any thread starts, so that every thread inherits the mask.
    static void blockTerminationSignals();

    explicit SignalWatcher(QObject *parent = nullptr);
    ~SignalWatcher() override;

Q_SIGNALS:
    void terminationRequested(int signalNumber);

private:
    int m_fd = -1;
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace devplane
