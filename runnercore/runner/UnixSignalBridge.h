#pragma once

#include <QObject>

#include <memory>

class QSocketNotifier;

namespace runnercore {

// Turns SIGINT/SIGTERM into a Qt signal on the event loop (the self-pipe trick, as KeePassXC
// does), so a stop can drain and sign off instead of dying mid-write. One per process.
class UnixSignalBridge : public QObject
{
    Q_OBJECT
signals:
    // count: how many termination signals arrived so far (1 = drain, 2 = cancel, 3 = exit).
    void terminationRequested(int signalNumber, int count);

public:
    explicit UnixSignalBridge(QObject *parent = nullptr);
    ~UnixSignalBridge() override;

private:
    void onReadable();

    std::unique_ptr<QSocketNotifier> m_notifier;
    int m_count = 0;
    bool m_installed = false;
};

} // namespace runnercore
