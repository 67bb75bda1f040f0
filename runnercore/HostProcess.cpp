#include "HostProcess.h"

#include "Logging.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <csignal>
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {
constexpr int FastSampleMs = 100; // short harnesses still get a sample or two
constexpr int FastSamples = 10;
constexpr int SlowSampleMs = 500;
constexpr int ChildSetupFailedExit = 127; // the harness never ran (like a shell's "cannot execute")
constexpr int FallbackFdLimit = 65536;

// Counts the handlers of m_process's signals that are running, so the destructor knows whether
// deleting the QProcess now would pull it out from under its own signal emission.
class DispatchGuard
{
public:
    explicit DispatchGuard(std::shared_ptr<int> depth) : m_depth(std::move(depth)) { ++*m_depth; }
    ~DispatchGuard() { --*m_depth; }
    DispatchGuard(const DispatchGuard &) = delete;
    DispatchGuard &operator=(const DispatchGuard &) = delete;

private:
    std::shared_ptr<int> m_depth;
};
} // namespace

HostProcess::HostProcess(Launch launch, QObject *parent)
    : SandboxedProcess(parent)
    , m_launch(std::move(launch))
    , m_process(new QProcess)
    , m_clockTicks(::sysconf(_SC_CLK_TCK))
{
    m_process->setProgram(m_launch.program);
    m_process->setArguments(m_launch.arguments);
    m_process->setWorkingDirectory(m_launch.workingDirectory);
    m_process->setProcessEnvironment(m_launch.environment);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setInputChannelMode(QProcess::ManagedInputChannel);

    connect(m_process, &QProcess::started, this, &HostProcess::onStarted);
    connect(m_process, &QProcess::finished, this, &HostProcess::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &HostProcess::onError);
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        DispatchGuard guard(m_dispatching);
        const QByteArray data = m_process->readAllStandardOutput();
        if (!data.isEmpty())
            emit stdoutData(data);
    });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        DispatchGuard guard(m_dispatching);
        const QByteArray data = m_process->readAllStandardError();
        if (!data.isEmpty())
            emit stderrData(data);
    });

    m_cpuTimer.setInterval(FastSampleMs);
    connect(&m_cpuTimer, &QTimer::timeout, this, [this] {
        sampleCpu();
        if (m_cpuSamples == FastSamples)
            m_cpuTimer.setInterval(SlowSampleMs);
    });
    m_killTimer.setSingleShot(true);
    // Coarse timers may fire 5 % early; §6.7's 10 s grace is a minimum.
    m_killTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (isRunning())
            signalGroup(SIGKILL);
    });
}

HostProcess::~HostProcess()
{
    m_process->disconnect(this);
    if (isRunning()) {
        signalGroup(SIGKILL);
        // Reaps at once (SIGKILL cannot be caught); QProcess would otherwise wait in its destructor too.
        m_process->waitForFinished(2000);
    }
    if (*m_dispatching > 0)
        m_process->deleteLater();
    else
        delete m_process;
}

void HostProcess::start()
{
    if (m_startRequested)
        return;
    m_startRequested = true;
    if (!m_launch.launchError.isEmpty()) {
        // Queued: a listener may destroy us on startFailed, which must not happen inside start().
        QMetaObject::invokeMethod(
            this, [this] { emit startFailed(m_launch.launchError); }, Qt::QueuedConnection);
        return;
    }
    // Captured before fork: in the child only async-signal-safe calls are allowed.
    const pid_t parent = ::getpid();
    const long openMax = ::sysconf(_SC_OPEN_MAX);
    const int fdLimit = openMax > 0 ? int(std::min<long>(openMax, FallbackFdLimit)) : FallbackFdLimit;
    const int inheritedFd = m_launch.inheritedFd;
    m_process->setChildProcessModifier([parent, fdLimit, inheritedFd] { prepareChild(parent, fdLimit, inheritedFd); });
    m_process->start(QIODevice::ReadWrite);
}

// Runs in the forked child before execve. Qt 6.4 may create the child with a raw clone() (no atfork
// handlers), so only plain system calls here: no allocation, no locks, no Qt.
void HostProcess::prepareChild(pid_t parent, int fdLimit, int inheritedFd)
{
    // Its own process group, so terminate()/kill() reach the whole tree with kill(-pgid).
    if (::setpgid(0, 0) != 0)
        ::_exit(ChildSetupFailedExit);
    // Dies with the Runner (a crashed Runner must not leave harnesses behind). PDEATHSIG fires when
    // the forking thread exits: QProcess is only started from the event-loop thread.
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
        ::_exit(ChildSetupFailedExit);
    if (::getppid() != parent)
        ::_exit(ChildSetupFailedExit); // the Runner died before prctl took effect
    // Ignored signals and the blocked mask survive execve: hand the harness clean defaults.
    sigset_t none;
    ::sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    struct sigaction defaults = {};
    defaults.sa_handler = SIG_DFL;
    ::sigemptyset(&defaults.sa_mask);
    for (int signalNumber : { SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD })
        ::sigaction(signalNumber, &defaults, nullptr);
    // Stray inherited descriptors (sockets, the spool, a credential file): close-on-exec rather than
    // closed now, because QProcess still needs its own status pipe to report a failed execve.
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        for (int fd = 3; fd < fdLimit; ++fd)
            ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    }
    // The one the launcher asked for survives (only in this child: it stays close-on-exec in the Runner).
    if (inheritedFd >= 0 && ::fcntl(inheritedFd, F_SETFD, 0) != 0)
        ::_exit(ChildSetupFailedExit);
}

void HostProcess::writeStdin(const QByteArray &data)
{
    if (isRunning())
        m_process->write(data); // buffered; QProcess writes as the pipe drains
}

void HostProcess::closeStdin()
{
    m_process->closeWriteChannel(); // after whatever is still buffered
}

void HostProcess::terminate(int graceMs)
{
    if (!isRunning())
        return;
    signalGroup(SIGTERM);
    // A second terminate never postpones the SIGKILL already scheduled.
    if (!m_killTimer.isActive() || m_killTimer.remainingTime() > graceMs)
        m_killTimer.start(std::max(0, graceMs));
}

void HostProcess::kill()
{
    if (isRunning())
        signalGroup(SIGKILL);
}

bool HostProcess::isRunning() const
{
    return m_process->state() != QProcess::NotRunning;
}

void HostProcess::signalGroup(int signalNumber)
{
    const qint64 pid = m_pid > 0 ? m_pid : m_process->processId();
    if (pid <= 0)
        return;
    // Between fork and setpgid the group does not exist yet: signal the child itself.
    if (::kill(-pid_t(pid), signalNumber) != 0 && errno == ESRCH)
        ::kill(pid_t(pid), signalNumber);
}

void HostProcess::onStarted()
{
    DispatchGuard guard(m_dispatching);
    m_pid = m_process->processId();
    m_groupAlive = true;
    sampleCpu();
    m_cpuTimer.start();
    emit started();
}

void HostProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    DispatchGuard guard(m_dispatching);
    drainOutput();
    m_cpuTimer.stop();
    m_killTimer.stop();
    // The leader is reaped, but its group id stays reserved while any member lives: nothing of the
    // tree may outlive the run. Only now: afterwards the id may be reused.
    if (m_groupAlive && m_pid > 0) {
        ::kill(-pid_t(m_pid), SIGKILL);
        m_groupAlive = false;
    }
    // Qt 6 on Unix: for a CrashExit, exitCode() is the number of the signal that ended the process.
    if (status == QProcess::CrashExit)
        emit exited(-1, exitCode > 0 ? exitCode : SIGKILL);
    else
        emit exited(exitCode, 0);
}

void HostProcess::onError(QProcess::ProcessError error)
{
    DispatchGuard guard(m_dispatching);
    if (error != QProcess::FailedToStart) {
        // Crashed comes with finished(); a write error means the harness closed its stdin early.
        Logging::get("sandbox")->debug("harness process {}: {}", m_pid, m_process->errorString());
        return;
    }
    const QString message = QCoreApplication::translate("HostProcess", "cannot start %1: %2")
                                .arg(m_launch.program, m_process->errorString());
    QMetaObject::invokeMethod(
        this, [this, message] { emit startFailed(message); }, Qt::QueuedConnection);
}

void HostProcess::drainOutput()
{
    // Qt reads what is left in the pipes before finished(); this only catches a race with it.
    const QByteArray out = m_process->readAllStandardOutput();
    if (!out.isEmpty())
        emit stdoutData(out);
    const QByteArray err = m_process->readAllStandardError();
    if (!err.isEmpty())
        emit stderrData(err);
}

void HostProcess::sampleCpu()
{
    if (m_pid <= 0 || m_clockTicks <= 0)
        return;
    ++m_cpuSamples;
    QFile stat(QStringLiteral("/proc/%1/stat").arg(m_pid));
    if (!stat.open(QIODevice::ReadOnly))
        return;
    const QByteArray line = stat.read(4096);
    // Fields after the parenthesised command name (which may contain spaces): state is field 3,
    // utime/stime/cutime/cstime are fields 14-17.
    const qsizetype close = line.lastIndexOf(')');
    if (close < 0)
        return;
    const QList<QByteArray> fields = line.mid(close + 2).split(' ');
    if (fields.size() < 15)
        return;
    qint64 ticks = 0;
    for (int i = 11; i <= 14; ++i)
        ticks += fields.at(i).toLongLong();
    m_cpuMs = std::max(m_cpuMs, ticks * 1000 / m_clockTicks);
}
