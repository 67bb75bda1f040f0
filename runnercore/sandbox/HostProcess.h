#pragma once

#include <runnercore/sandbox/SandboxProvider.h>

#include <QProcess>
#include <QProcessEnvironment>
#include <QTimer>

#include <array>
#include <memory>

#include <sys/resource.h>
#include <sys/types.h>

class QSocketNotifier;

namespace runnercore {

// A harness running directly on the host: a QProcess in its own process group, killed with its
// parent (PR_SET_PDEATHSIG), with nothing of the Runner's environment or file descriptors, under
// the run's resource limits (setrlimit, inherited by everything it starts).
//
// With a reaper (the host-process tier), the QProcess is checkfu-run-reaper and the harness its
// child: a subreaper that sees every descendant, even one that left the group or session, and kills
// them all when the harness exits, on kill() and when the Runner dies (runnercore/sandbox/reaper). Without
// one (the bubblewrap tier, whose PID namespace does that job), signals go to the whole group, and
// whatever of the group outlives the leader is killed when the leader exits.
class HostProcess : public SandboxedProcess
{
    Q_OBJECT
public:
    // Per process of the run, soft = hard (0: no limit). See HostProcessProvider::resourceLimits.
    struct Limits
    {
        quint64 cpuSeconds = 0; // RLIMIT_CPU
        quint64 dataBytes = 0; // RLIMIT_DATA
        quint64 fileBytes = 0; // RLIMIT_FSIZE
    };
    struct Launch
    {
        QString program; // absolute, already resolved against the harness PATH
        QStringList arguments;
        QString workingDirectory;
        QProcessEnvironment environment;
        QString launchError; // set: start() only reports it through startFailed
        QString reaper; // checkfu-run-reaper to start the harness through; empty: start it directly
        Limits limits;
        // A descriptor (close-on-exec here) the child keeps across execve, e.g. bwrap's --args; the
        // caller owns it and keeps it open until started() or startFailed().
        int inheritedFd = -1;
    };

    // checkfu-run-reaper next to this binary, else in ../libexec/checkfu-runner from it (installed),
    // else, for a binary of the build tree, where the build put it; empty if none exists.
    static QString reaperPath();
    // The same lookup for a binary in binaryDir.
    static QString reaperPath(const QString &binaryDir);

    explicit HostProcess(Launch launch, QObject *parent = nullptr);
    ~HostProcess() override;

    void start() override;
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    void terminate(int graceMs) override;
    void kill() override;
    bool isRunning() const override;
    // Sampled from /proc (utime+stime+cutime+cstime of the process and each live descendant) every
    // 100 ms for the first second, then every 500 ms. With a reaper, its final report replaces the
    // samples at exit: the whole tree, exactly (rusage). Without one, the last sample counts (the
    // final slice and children the harness never waited for are missing). -1 before the start.
    qint64 cpuMs() const override { return m_cpuMs; }
    // The reaper, when there is one (it leads the group). Also before QProcess's started(): the
    // reaper's "S" (our started()) may come through first.
    qint64 pid() const override { return m_pid > 0 ? m_pid : m_process->processId(); }

private:
    void onStarted();
    void onFinished(int exitCode, QProcess::ExitStatus status);
    void onError(QProcess::ProcessError error);
    void drainOutput();
    void signalGroup(int signalNumber);
    void sampleCpu();
    void readReports();
    void onHarnessStarted();
    void closeReportPipe();
    void deliver(bool isStdout, const QByteArray &data);
    void signalReaper(int signalNumber);
    // keptFds: descriptors that survive execve (the reaper's report pipe and environment, bwrap's --args);
    // descriptorLimit: the soft RLIMIT_NOFILE the harness gets (DescriptorLimit::inheritedSoft()).
    static void prepareChild(
        pid_t parent, int fdLimit, rlim_t descriptorLimit, Limits limits, std::array<int, 3> keptFds);

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
    // The reaper's report pipe (read end) and what it said.
    int m_reportFd = -1;
    QSocketNotifier *m_reportNotifier = nullptr;
    QByteArray m_reportBuffer;
    bool m_harnessStarted = false; // "S": started() was emitted (always true without a reaper)
    int m_execError = 0; // "E": the harness could not be executed
    bool m_killAllSent = false; // kill() asked the reaper; m_killTimer is the backstop
    qint64 m_reportedCpuMs = -1; // "C"
    QByteArray m_heldStdout; // output that came before "S", emitted right after started()
    QByteArray m_heldStderr;
};

} // namespace runnercore
