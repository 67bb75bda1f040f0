#pragma once

#include "RunnerConfig.h"
#include "RunnerStatus.h"

#include <QObject>
#include <QThread>

class Clock;
class RunnerHost;

// The GUI's only way to the Runner core, which runs on a thread of its own (RunnerHost there).
// Calls go over as queued signals and come back as RunnerStatus snapshots, so a busy core never
// blocks the GUI and no widget ever touches a core object.
class RunnerController : public QObject
{
    Q_OBJECT
signals:
    // Every change, delivered on the GUI thread.
    void statusChanged(const RunnerStatus &status);
    // Also part of statusChanged; these are for whoever decides about notifications.
    void approvalRequested(const ApprovalRequest &request);
    void warning(const QString &message);
    // The Runner finished (stopped, failed, revoked, …); start() makes a new one.
    void finished(RunnerExit exit);

    // To the host (queued); private so only this class can send them.
    void startRequested(QPrivateSignal);
    void stopRequested(QPrivateSignal);
    void stopNowRequested(QPrivateSignal);
    void drainingRequested(bool draining, QPrivateSignal);

public:
    // clock: nullptr for the system clock; otherwise it must outlive the controller.
    explicit RunnerController(const RunnerConfig &config, const Clock *clock = nullptr, QObject *parent = nullptr);
    // Destroys the core on its thread, then ends the thread. Does not sign off: stop() first for that.
    ~RunnerController() override;

    // The latest snapshot received.
    RunnerStatus status() const { return m_status; }
    // The core thread and the object living on it (for tests: connect to it, never call it).
    QThread *coreThread() { return &m_thread; }
    RunnerHost *host() const { return m_host; }

public slots:
    void start();
    // Drain, then sign off; finished() when done.
    void stop();
    // Cancel owned runs and sign off without waiting.
    void stopNow();
    void setDraining(bool draining);

private:
    QThread m_thread;
    RunnerHost *m_host;
    RunnerStatus m_status;
};
