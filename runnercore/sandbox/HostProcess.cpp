#include <runnercore/sandbox/HostProcess.h>

#include <runnercore/base/DescriptorLimit.h>
#include <runnercore/base/HelperProgram.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/sandbox/OrphanSweeper.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QSocketNotifier>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("sandbox");

} // namespace

namespace {
constexpr int FastSampleMs = 100; // short harnesses still get a sample or two
constexpr int FastSamples = 10;
constexpr int SlowSampleMs = 500;
constexpr int ChildSetupFailedExit = 127; // the harness never ran (like a shell's "cannot execute")
constexpr int FallbackFdLimit = 65536;
constexpr int ReaperKillAllSignal = SIGHUP; // runnercore/sandbox/reaper/RunReaper.cpp
constexpr int ReaperBackstopMs = 2000; // a reaper that does not end the tree by then is SIGKILLed with its group
constexpr int OrphanSweepMs = 2000; // SIGKILLed processes are gone in milliseconds; a stuck one is not waited for long
constexpr qsizetype MaxReportBytes = 4096; // a few short lines; anything more is not the reaper
const char ReaperName[] = "checkfu-run-reaper";

// Lowers one limit to value (soft = hard), never above the hard limit already in place. Runs in the
// forked child: system calls only.
bool lowerLimit(int resource, quint64 value, quint64 hardExtra = 0)
{
    if (value == 0)
        return true;
    rlimit current = {};
    if (::getrlimit(resource, &current) != 0)
        return false;
    rlimit wanted = { rlim_t(value), rlim_t(value + hardExtra) };
    if (current.rlim_max != RLIM_INFINITY) {
        wanted.rlim_max = std::min(wanted.rlim_max, current.rlim_max);
        wanted.rlim_cur = std::min(wanted.rlim_cur, current.rlim_max);
    }
    return ::setrlimit(resource, &wanted) == 0;
}

// utime+stime+cutime+cstime of root and every live descendant of it, in clock ticks: each process
// counts itself and the children it reaped, so nothing is counted twice.
qint64 treeTicks(qint64 root)
{
    QHash<qint64, qint64> parentOf;
    QHash<qint64, qint64> ticksOf;
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return -1;
    while (const dirent *entry = ::readdir(proc)) {
        char *end = nullptr;
        const long long pid = std::strtoll(entry->d_name, &end, 10);
        if (pid <= 0 || !end || *end != '\0')
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.read(4096);
        // After the parenthesised command name (which may contain anything): [0] state, [1] ppid,
        // [11..14] utime, stime, cutime, cstime.
        const qsizetype close = line.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = line.mid(close + 2).split(' ');
        if (fields.size() < 15)
            continue;
        qint64 ticks = 0;
        for (int i = 11; i <= 14; ++i)
            ticks += fields.at(i).toLongLong();
        parentOf.insert(pid, fields.at(1).toLongLong());
        ticksOf.insert(pid, ticks);
    }
    ::closedir(proc);
    if (!ticksOf.contains(root))
        return -1;
    QSet<qint64> tree { root };
    qint64 total = ticksOf.value(root);
    for (bool grew = true; grew;) {
        grew = false;
        for (auto it = parentOf.cbegin(); it != parentOf.cend(); ++it) {
            if (tree.contains(it.value()) && !tree.contains(it.key())) {
                tree.insert(it.key());
                total += ticksOf.value(it.key());
                grew = true;
            }
        }
    }
    return total;
}

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
    m_process->setWorkingDirectory(m_launch.workingDirectory);
    m_process->setProcessChannelMode(QProcess::SeparateChannels);
    m_process->setInputChannelMode(QProcess::ManagedInputChannel);

    connect(m_process, &QProcess::started, this, &HostProcess::onStarted);
    connect(m_process, &QProcess::finished, this, &HostProcess::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &HostProcess::onError);
    connect(m_process, &QProcess::readyReadStandardOutput, this, [this] {
        DispatchGuard guard(m_dispatching);
        deliver(true, m_process->readAllStandardOutput());
    });
    connect(m_process, &QProcess::readyReadStandardError, this, [this] {
        DispatchGuard guard(m_dispatching);
        deliver(false, m_process->readAllStandardError());
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
        if (!isRunning())
            return;
        if (m_launch.reaper.isEmpty() || m_killAllSent)
            signalGroup(SIGKILL); // no reaper, or one that did not do its job in time
        else
            kill();
    });
}

HostProcess::~HostProcess()
{
    m_process->disconnect(this);
    if (isRunning() && !m_launch.reaper.isEmpty()) {
        // The reaper kills every descendant, then exits; only it knows those outside the group.
        signalReaper(ReaperKillAllSignal);
        m_process->waitForFinished(ReaperBackstopMs);
    }
    if (isRunning()) {
        signalGroup(SIGKILL);
        // Reaps at once (SIGKILL cannot be caught); QProcess would otherwise wait in its destructor too.
        m_process->waitForFinished(2000);
    }
    if (!m_launch.reaper.isEmpty())
        OrphanSweeper::sweep(OrphanSweepMs);
    closeReportPipe();
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
    int reportWrite = -1;
    int envFd = -1;
    if (m_launch.reaper.isEmpty()) {
        m_harnessStarted = true; // started() with QProcess's
        m_process->setProgram(m_launch.program);
        m_process->setArguments(m_launch.arguments);
        m_process->setProcessEnvironment(m_launch.environment);
    } else {
        // The reaper reports on a pipe of its own and reads the harness environment from a memfd:
        // it runs with a fixed environment, so nothing of the run's (LD_PRELOAD…) acts on it.
        int pipeFds[2];
        envFd = ::memfd_create("checkfu-run-environment", MFD_CLOEXEC);
        QByteArray block;
        for (const QString &entry : m_launch.environment.toStringList())
            block += entry.toLocal8Bit() + '\0';
        const bool written = envFd >= 0 && ::write(envFd, block.constData(), size_t(block.size())) == block.size();
        if (!written || ::pipe2(pipeFds, O_CLOEXEC) != 0) {
            const QString message = QCoreApplication::translate("HostProcess", "cannot start %1: %2")
                                        .arg(m_launch.program, QString::fromLocal8Bit(std::strerror(errno)));
            if (envFd >= 0)
                ::close(envFd);
            QMetaObject::invokeMethod(
                this, [this, message] { emit startFailed(message); }, Qt::QueuedConnection);
            return;
        }
        m_reportFd = pipeFds[0];
        reportWrite = pipeFds[1];
        ::fcntl(m_reportFd, F_SETFL, ::fcntl(m_reportFd, F_GETFL) | O_NONBLOCK);
        m_reportNotifier = new QSocketNotifier(m_reportFd, QSocketNotifier::Read, this);
        connect(m_reportNotifier, &QSocketNotifier::activated, this, [this] { readReports(); });
        // Should the harness kill its reaper, what it started comes back to us, not to init.
        if (!OrphanSweeper::becomeSubreaper())
            logger->warn("cannot become a child subreaper: a harness that kills its reaper may leave processes behind");
        m_process->setProgram(m_launch.reaper);
        m_process->setArguments(
            QStringList { QStringLiteral("--report-fd"), QString::number(reportWrite), QStringLiteral("--env-fd"),
                QString::number(envFd), QStringLiteral("--"), m_launch.program }
            + m_launch.arguments);
        QProcessEnvironment reaperEnvironment;
        reaperEnvironment.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
        m_process->setProcessEnvironment(reaperEnvironment);
    }
    // Captured before fork: in the child only async-signal-safe calls are allowed.
    const pid_t parent = ::getpid();
    const long openMax = ::sysconf(_SC_OPEN_MAX);
    const int fdLimit = openMax > 0 ? int(std::min<long>(openMax, FallbackFdLimit)) : FallbackFdLimit;
    const rlim_t descriptorLimit = DescriptorLimit::inheritedSoft();
    const Limits limits = m_launch.limits;
    const int inheritedFd = m_launch.inheritedFd;
    m_process->setChildProcessModifier([parent, fdLimit, descriptorLimit, limits, reportWrite, envFd, inheritedFd] {
        prepareChild(parent, fdLimit, descriptorLimit, limits, { reportWrite, envFd, inheritedFd });
    });
    m_process->start(QIODevice::ReadWrite);
    // Forked by now: the reaper holds its own copies.
    if (reportWrite >= 0)
        ::close(reportWrite);
    if (envFd >= 0)
        ::close(envFd);
}

QString HostProcess::reaperPath()
{
    return reaperPath(QCoreApplication::applicationDirPath());
}

QString HostProcess::reaperPath(const QString &binaryDir)
{
#ifdef CHECKFU_RUN_REAPER_BUILD_PATH
    return HelperProgram::find(binaryDir, ReaperName, QStringLiteral(CHECKFU_RUN_REAPER_BUILD_PATH));
#else
    return HelperProgram::find(binaryDir, ReaperName, QString());
#endif
}

// Runs in the forked child before execve. Qt 6.4 may create the child with a raw clone() (no atfork
// handlers), so only plain system calls here: no allocation, no locks, no Qt.
void HostProcess::prepareChild(
    pid_t parent, int fdLimit, rlim_t descriptorLimit, Limits limits, std::array<int, 3> keptFds)
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
    // But the reaper's two (it marks them close-on-exec before starting the harness) and the one the
    // launcher asked for (bwrap's --args; close-on-exec in the Runner all the same).
    for (int fd : keptFds) {
        if (fd >= 0 && ::fcntl(fd, F_SETFD, 0) != 0)
            ::_exit(ChildSetupFailedExit);
    }
    // The soft descriptor limit the Runner inherited, not the one it raised for itself: a harness
    // may use select(), which cannot watch a descriptor numbered 1,024 or more. Only lowered.
    rlimit descriptors = {};
    if (::getrlimit(RLIMIT_NOFILE, &descriptors) == 0 && descriptorLimit < descriptors.rlim_cur) {
        descriptors.rlim_cur = descriptorLimit;
        ::setrlimit(RLIMIT_NOFILE, &descriptors);
    }
    // The run's limits, inherited by everything it starts. RLIMIT_CPU's hard limit a second above
    // the soft one: SIGXCPU first (a harness may say why it stops), SIGKILL after.
    if (!lowerLimit(RLIMIT_CPU, limits.cpuSeconds, 1) || !lowerLimit(RLIMIT_DATA, limits.dataBytes)
        || !lowerLimit(RLIMIT_FSIZE, limits.fileBytes))
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
    // The reaper forwards SIGTERM to every descendant, each once, wherever its group.
    if (m_launch.reaper.isEmpty())
        signalGroup(SIGTERM);
    else
        signalReaper(SIGTERM);
    // A second terminate never postpones the SIGKILL already scheduled.
    if (!m_killTimer.isActive() || m_killTimer.remainingTime() > graceMs)
        m_killTimer.start(std::max(0, graceMs));
}

void HostProcess::kill()
{
    if (!isRunning())
        return;
    if (m_launch.reaper.isEmpty()) {
        signalGroup(SIGKILL);
        return;
    }
    // SIGKILL to the group would take the reaper before it could reach those outside the group. A
    // reaper the harness stopped is woken; one that still has not finished soon is killed with the group.
    signalReaper(SIGCONT);
    signalReaper(ReaperKillAllSignal);
    m_killAllSent = true;
    m_killTimer.start(ReaperBackstopMs);
}

void HostProcess::signalReaper(int signalNumber)
{
    const qint64 pid = m_pid > 0 ? m_pid : m_process->processId();
    if (pid > 0)
        ::kill(pid_t(pid), signalNumber);
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
    if (m_launch.reaper.isEmpty())
        emit started();
    else
        readReports(); // started() once the reaper says the harness runs
}

void HostProcess::onFinished(int exitCode, QProcess::ExitStatus status)
{
    DispatchGuard guard(m_dispatching);
    QPointer<HostProcess> self(this);
    readReports(); // all the reaper wrote is in the pipe by now
    if (!self)
        return;
    drainOutput();
    if (!self)
        return;
    m_cpuTimer.stop();
    m_killTimer.stop();
    // The leader is reaped, but its group id stays reserved while any member lives: nothing of the
    // tree may outlive the run. Only now: afterwards the id may be reused.
    if (m_groupAlive && m_pid > 0) {
        ::kill(-pid_t(m_pid), SIGKILL);
        m_groupAlive = false;
    }
    // A reaper the harness killed left its orphans to us: they end before the run does.
    if (!m_launch.reaper.isEmpty()) {
        if (const int swept = OrphanSweeper::sweep(OrphanSweepMs); swept > 0)
            logger->warn("run process {}: checkfu-run-reaper was killed; {} processes of the run it left were ended",
                m_pid, swept);
    }
    closeReportPipe();
    if (m_reportedCpuMs >= 0)
        m_cpuMs = std::max(m_cpuMs, m_reportedCpuMs);
    if (!m_harnessStarted) {
        // The reaper ran, the harness never did.
        const QString reason = m_execError != 0 ? QString::fromLocal8Bit(std::strerror(m_execError))
            : status == QProcess::CrashExit
            ? QCoreApplication::translate("HostProcess", "%1 was killed by signal %2")
                  .arg(QLatin1String(ReaperName))
                  .arg(exitCode)
            : QCoreApplication::translate("HostProcess", "%1 exited with status %2 before starting it")
                  .arg(QLatin1String(ReaperName))
                  .arg(exitCode);
        emit startFailed(
            QCoreApplication::translate("HostProcess", "cannot start %1: %2").arg(m_launch.program, reason));
        return;
    }
    // Qt 6 on Unix: for a CrashExit, exitCode() is the number of the signal that ended the process.
    if (status == QProcess::CrashExit)
        emit exited(-1, exitCode > 0 ? exitCode : SIGKILL);
    else
        emit exited(exitCode, 0);
}

void HostProcess::readReports()
{
    if (m_reportFd < 0)
        return;
    char buffer[256];
    for (;;) {
        const ssize_t n = ::read(m_reportFd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n > 0 && m_reportBuffer.size() < MaxReportBytes) {
            m_reportBuffer.append(buffer, n);
            continue;
        }
        if (n == 0)
            closeReportPipe(); // the reaper is gone
        break;
    }
    bool justStarted = false;
    qsizetype newline;
    while ((newline = m_reportBuffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_reportBuffer.left(newline);
        m_reportBuffer.remove(0, newline + 1);
        bool ok = false;
        const qint64 value = line.mid(2).toLongLong(&ok);
        if (line.size() < 3 || line.at(1) != ' ' || !ok)
            continue;
        if (line.at(0) == 'S' && !m_harnessStarted)
            justStarted = true;
        else if (line.at(0) == 'E')
            m_execError = int(value);
        else if (line.at(0) == 'C' && value >= 0)
            m_reportedCpuMs = value;
    }
    if (justStarted)
        onHarnessStarted(); // last: a listener may delete us
}

void HostProcess::onHarnessStarted()
{
    QPointer<HostProcess> self(this);
    m_harnessStarted = true;
    emit started();
    // What the harness printed before the reaper's word came through, in order per stream.
    if (self && !m_heldStdout.isEmpty())
        emit stdoutData(std::exchange(m_heldStdout, {}));
    if (self && !m_heldStderr.isEmpty())
        emit stderrData(std::exchange(m_heldStderr, {}));
}

void HostProcess::deliver(bool isStdout, const QByteArray &data)
{
    if (data.isEmpty())
        return;
    if (m_harnessStarted) {
        if (isStdout)
            emit stdoutData(data);
        else
            emit stderrData(data);
        return;
    }
    (isStdout ? m_heldStdout : m_heldStderr) += data;
    readReports();
}

void HostProcess::closeReportPipe()
{
    if (m_reportNotifier) {
        m_reportNotifier->setEnabled(false);
        m_reportNotifier->deleteLater(); // we may be inside its activated()
        m_reportNotifier = nullptr;
    }
    if (m_reportFd >= 0) {
        ::close(m_reportFd);
        m_reportFd = -1;
    }
}

void HostProcess::onError(QProcess::ProcessError error)
{
    DispatchGuard guard(m_dispatching);
    if (error != QProcess::FailedToStart) {
        // Crashed comes with finished(); a write error means the harness closed its stdin early.
        logger->debug("harness process {}: {}", m_pid, m_process->errorString());
        return;
    }
    closeReportPipe();
    const QString message = QCoreApplication::translate("HostProcess", "cannot start %1: %2")
                                .arg(m_process->program(), m_process->errorString());
    QMetaObject::invokeMethod(
        this, [this, message] { emit startFailed(message); }, Qt::QueuedConnection);
}

void HostProcess::drainOutput()
{
    // Qt reads what is left in the pipes before finished(); this only catches a race with it.
    QPointer<HostProcess> self(this);
    deliver(true, m_process->readAllStandardOutput());
    if (self)
        deliver(false, m_process->readAllStandardError());
}

void HostProcess::sampleCpu()
{
    if (m_pid <= 0 || m_clockTicks <= 0)
        return;
    ++m_cpuSamples;
    // The whole tree: with a reaper, the harness and what it started are its descendants.
    const qint64 ticks = treeTicks(m_pid);
    if (ticks >= 0)
        m_cpuMs = std::max(m_cpuMs, ticks * 1000 / m_clockTicks);
}

} // namespace runnercore
