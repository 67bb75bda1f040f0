#pragma once

#include "SandboxProvider.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>

#include <memory>

#include <sys/types.h>

// A harness running directly on the host (the host-process tier): a QProcess in its own process
// group, killed with its parent (PR_SET_PDEATHSIG), with nothing of the Runner's environment or
// file descriptors. Signals always go to the whole group, and whatever of the group outlives the
// leader is killed when the leader exits (oneshot: the run ends when its process exits).
class HostProcess : public SandboxedProcess
{
    Q_OBJECT
public:
    struct Launch
    {
        QString program; // absolute, already resolved against the harness PATH
        QStringList arguments;
        QString workingDirectory;
        QProcessEnvironment environment;
        QString launchError; // set: start() only reports it through startFailed
        // A descriptor (close-on-exec here) the child keeps across execve, e.g. bwrap's --args; the
        // caller owns it and keeps it open until started() or startFailed().
        int inheritedFd = -1;
    };

    explicit HostProcess(Launch launch, QObject *parent = nullptr);
    ~HostProcess() override;

    void start() override;
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    void terminate(int graceMs) override;
    void kill() override;
    bool isRunning() const override;
    // Approximation: sampled from /proc/<pid>/stat (utime+stime+cutime+cstime) every 100 ms for the
    // first second, then every 500 ms; the last sample before exit counts. QProcess reaps the child
    // itself without rusage, so the final slice (< one interval) and children the harness never
    // waited for are missing. -1 before the process started.
    qint64 cpuMs() const override { return m_cpuMs; }
    qint64 pid() const override { return m_pid; }

private:
    void onStarted();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void drainOutput();
    void signalGroup(int signalNumber);
    void sampleCpu();
    static void prepareChild(pid_t parent, int fdLimit, int inheritedFd);

    Launch m_launch;
    QProcess *m_process; // deleted by hand: we may be destroyed from inside one of its signals
    QTimer m_cpuTimer;
    QTimer m_killTimer;
    qint64 m_pid = 0;
    qint64 m_cpuMs = -1;
    long m_clockTicks;
    int m_cpuSamples = 0;
    // > 0 while one of m_process's signals is being handled; shared so that a handler that outlives
    // us (we were deleted by a listener) can still count down.
    std::shared_ptr<int> m_dispatching = std::make_shared<int>(0);
    bool m_startRequested = false;
    bool m_groupAlive = false; // the group id may still name our tree (not yet reaped and cleaned up)
};
