#include <runnercore/sandbox/BubblewrapProvider.h>

#include <runnercore/workspace/MountPlacement.h>

#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/presence/CapabilityAdvertisement.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("sandbox");

} // namespace

namespace {
constexpr int FastSampleMs = 100; // as HostProcess: short harnesses still get a sample or two
constexpr int FastSamples = 10;
constexpr int SlowSampleMs = 500;
constexpr int SignalPasses = 3; // a process forked while we scan is caught by the next pass
constexpr int ShellSignalBase = 128; // bwrap reports a child killed by signal n as exit status 128 + n

bool isWithin(const QString &path, const QString &base)
{
    return path == base || base == QLatin1String("/")
        || path.startsWith(base.endsWith(QLatin1Char('/')) ? base : base + QLatin1Char('/'));
}

bool isWithinAny(const QString &path, const QStringList &bases)
{
    return std::any_of(bases.cbegin(), bases.cend(), [&](const QString &base) { return isWithin(path, base); });
}

// The host trees a layout shows read-only (canonical), the run aside.
QStringList boundTrees(const BubblewrapProvider::Layout &layout)
{
    QStringList trees;
    for (const BubblewrapProvider::SystemEntry &entry : layout.system) {
        if (entry.symlinkTarget.isEmpty())
            trees.append(entry.path);
    }
    for (const auto &entry : layout.readOnly)
        trees.append(entry.first);
    return trees;
}

// What needs hiding, ancestors first: what a bound tree would show, and what lies below /tmp (a
// fresh tmpfs, but the run's bind would make the Runner's directories there writable in it);
// "/tmp" itself must stay writable.
QStringList coveredPaths(const BubblewrapProvider::Layout &layout)
{
    const QStringList trees = boundTrees(layout) << QStringLiteral("/tmp");
    QStringList sorted = layout.hidden;
    sorted.sort(); // an ancestor before what it contains
    QStringList hidden;
    for (const QString &path : std::as_const(sorted)) {
        if (!QDir::isAbsolutePath(path) || path == QLatin1String("/") || path == QLatin1String("/tmp")
            || isWithin(path, layout.runPath) || !isWithinAny(path, trees) || isWithinAny(path, hidden))
            continue;
        hidden.append(path);
    }
    return hidden;
}

// Whether path shows inside the sandbox: in the run, or in a bound tree and not under a covered path.
bool isVisibleInside(const QString &path, const BubblewrapProvider::Layout &layout)
{
    const QString real = QFileInfo(path).canonicalFilePath();
    if (real.isEmpty() || isWithin(real, layout.runPath))
        return true; // nothing to judge, or the run's own
    return isWithinAny(real, boundTrees(layout)) && !isWithinAny(real, coveredPaths(layout));
}

// The system directories a harness needs, read-only; those that are symlinks (merged /usr) stay symlinks.
const char *const SystemDirs[] = { "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt" };

QString invisibleHarness(const QString &program)
{
    return QCoreApplication::translate("BubblewrapProvider",
        "the harness %1 is not visible in the sandbox: bubblewrap shows only the system directories, the run's own "
        "directory and the read-only paths the person allowed. To run it, add %2 to the bubblewrap read-only paths "
        "(--bubblewrap-read-only, %3, or Settings > Bubblewrap read-only paths)")
        .arg(program, QFileInfo(QFileInfo(program).canonicalFilePath()).path(),
            ConfigKeys::name(EnvVar::BubblewrapReadOnly));
}

// A memfd holding data, at offset 0, close-on-exec; -1 (errno set) on failure.
int memoryFile(const QByteArray &data)
{
    const int fd = ::memfd_create("checkfu-bwrap-args", MFD_CLOEXEC);
    if (fd < 0)
        return -1;
    const char *p = data.constData();
    qsizetype left = data.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, p, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int saved = errno;
            ::close(fd);
            errno = saved;
            return -1;
        }
        p += n;
        left -= n;
    }
    if (::lseek(fd, 0, SEEK_SET) != 0) {
        const int saved = errno;
        ::close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

// Calls visit(dirFd, pid) for each process in /proc until it returns false. dirFd (a /proc/<pid>
// directory) pins that one process: no pid reuse between looking at it and signalling it.
template <typename Visit> void forEachProcess(Visit visit)
{
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return;
    while (const dirent *entry = ::readdir(proc)) {
        char *end = nullptr;
        const long long pid = std::strtoll(entry->d_name, &end, 10);
        if (pid <= 0 || !end || *end != '\0')
            continue;
        const int dirFd = ::openat(::dirfd(proc), entry->d_name, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dirFd < 0)
            continue;
        const bool more = visit(dirFd, qint64(pid));
        ::close(dirFd);
        if (!more)
            break;
    }
    ::closedir(proc);
}

// Fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, [11..14] utime..cstime.
QList<QByteArray> statFields(int dirFd)
{
    const int fd = ::openat(dirFd, "stat", O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return {};
    char buffer[1024];
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    ::close(fd);
    if (n <= 0)
        return {};
    const QByteArray line(buffer, n);
    const qsizetype close = line.lastIndexOf(')');
    return close < 0 ? QList<QByteArray> {} : line.mid(close + 2).split(' ');
}

bool sameNamespace(int dirFd, const struct stat &ns)
{
    struct stat st = {};
    return ::fstatat(dirFd, "ns/pid", &st, 0) == 0 && st.st_dev == ns.st_dev && st.st_ino == ns.st_ino;
}

bool sendSignal(int dirFd, qint64 pid, int signalNumber)
{
#ifdef SYS_pidfd_send_signal
    if (::syscall(SYS_pidfd_send_signal, dirFd, signalNumber, nullptr, 0) == 0)
        return true;
    if (errno != ENOSYS)
        return false; // ESRCH: it is gone
#else
    Q_UNUSED(dirFd);
#endif
    return ::kill(pid_t(pid), signalNumber) == 0; // kernels before 5.1
}
} // namespace

BubblewrapProvider::BubblewrapProvider(const QString &root, const QStringList &searchPaths)
    : HostProcessProvider(root)
    , m_root(QDir::cleanPath(root))
    , m_bwrap(QStandardPaths::findExecutable(QStringLiteral("bwrap"), searchPaths))
    // Hidden even where a bound tree (/opt, /etc, an allowed path) would show them: the Runner's data
    // and settings, the user's runtime directory (session bus, agent sockets, the Runner's locks) and
    // the Runner's own temporary directory.
    , m_hide { m_root, AppPaths::dataDir(), QFileInfo(AppPaths::settingsFile()).path(),
        qEnvironmentVariable("XDG_RUNTIME_DIR"), QStringLiteral("/run/user/%1").arg(::geteuid()), QDir::tempPath() }
{ }

QString BubblewrapProvider::id() const
{
    return QStringLiteral("bubblewrap");
}

QJsonObject BubblewrapProvider::capabilities(const QStringList &drivers) const
{
    return CapabilityAdvertisement::bubblewrapProvider(drivers);
}

QList<BubblewrapProvider::SystemEntry> BubblewrapProvider::systemEntries()
{
    QList<SystemEntry> entries;
    QStringList bound;
    for (const char *dir : SystemDirs) {
        const QString path = QString::fromLatin1(dir);
        const QFileInfo info(path);
        if (info.isSymLink()) {
            char target[PATH_MAX];
            const ssize_t n = ::readlink(dir, target, sizeof target - 1);
            if (n > 0)
                entries.append({ path, QFile::decodeName(QByteArray(target, n)) });
        } else if (info.isDir()) {
            entries.append({ path, QString() });
            bound.append(path);
        }
    }
    // resolv.conf as a symlink into /run (systemd-resolved): only its target file, read-only.
    const QFileInfo resolv(QStringLiteral("/etc/resolv.conf"));
    const QString target = resolv.canonicalFilePath();
    if (resolv.isSymLink() && !target.isEmpty() && QFileInfo(target).isFile() && !isWithinAny(target, bound))
        entries.append({ target, QString() });
    return entries;
}

QStringList BubblewrapProvider::bwrapArguments(const Layout &layout)
{
    QStringList args {
        // The sandbox dies with bwrap's monitor, which dies with the Runner (PDEATHSIG).
        QStringLiteral("--die-with-parent"),
        // No controlling terminal: a harness cannot push keystrokes into the Runner's (TIOCSTI).
        // It leaves the process group; BubblewrapProcess signals the sandbox itself.
        QStringLiteral("--new-session"),
        QStringLiteral("--unshare-pid"),
        QStringLiteral("--unshare-ipc"),
        QStringLiteral("--unshare-uts"),
        QStringLiteral("--unshare-cgroup-try"),
    };
    // A network namespace of its own: only lo, and no abstract Unix socket of the host.
    if (layout.isolateNetwork)
        args << QStringLiteral("--unshare-net");
    // Run as root, bwrap keeps every capability: the harness could remount / read-write.
    args << QStringLiteral("--cap-drop") << QStringLiteral("ALL");
    for (const SystemEntry &entry : layout.system) {
        if (entry.symlinkTarget.isEmpty())
            args << QStringLiteral("--ro-bind") << entry.path << entry.path;
        else
            args << QStringLiteral("--symlink") << entry.symlinkTarget << entry.path;
    }
    args << QStringLiteral("--dev") << QStringLiteral("/dev") << QStringLiteral("--proc") << QStringLiteral("/proc")
         << QStringLiteral("--tmpfs") << QStringLiteral("/tmp");
    // After /tmp's tmpfs, so that an allowed path under /tmp shows through it.
    for (const auto &[source, allowed] : layout.readOnly) {
        args << QStringLiteral("--ro-bind") << source << source;
        if (allowed != source)
            args << QStringLiteral("--symlink") << source << allowed;
    }

    const QStringList hidden = coveredPaths(layout);
    for (const QString &path : std::as_const(hidden))
        args << QStringLiteral("--tmpfs") << path;
    // After the tmpfs, so that it shows through whatever hides its parents.
    args << QStringLiteral("--bind") << layout.runPath << layout.runPath;
    const QString workspace = layout.workspaceTarget.isEmpty() ? layout.workspace : layout.workspaceTarget;
    if (workspace != layout.workspace)
        args << QStringLiteral("--bind") << layout.workspace << workspace;
    for (const auto &[source, destination] : layout.readOnlyMounts)
        args << QStringLiteral("--ro-bind") << source << destination;
    if (!layout.mcpBridge.isEmpty())
        args << QStringLiteral("--ro-bind") << layout.mcpBridge << QLatin1String(McpBridgeTarget);
    // Then the hiding tmpfs become read-only: no stash outside the run, not even in memory.
    for (const QString &path : std::as_const(hidden))
        args << QStringLiteral("--remount-ro") << path;
    // And the sandbox's own root (a tmpfs holding the mount points): nothing new beside them.
    args << QStringLiteral("--remount-ro") << QStringLiteral("/");
    args << QStringLiteral("--chdir") << workspace;
    return args;
}

QString BubblewrapProvider::workspaceTargetProblem(const Layout &layout)
{
    const QString target = layout.workspaceTarget;
    if (target.isEmpty() || target == layout.workspace)
        return QString();
    QStringList taken { QStringLiteral("/dev"), QStringLiteral("/proc"), QStringLiteral("/tmp"), layout.runPath };
    for (const SystemEntry &entry : layout.system)
        taken.append(entry.path);
    for (const auto &[source, allowed] : layout.readOnly)
        taken << source << allowed;
    taken += layout.hidden;
    for (const QString &path : std::as_const(taken)) {
        if (QDir::isAbsolutePath(path) && path != QLatin1String("/")
            && (isWithin(target, path) || isWithin(path, target)))
            return QCoreApplication::translate("BubblewrapProvider",
                "the workspace root %1 cannot be shown in the bubblewrap sandbox: it would cover or lie in %2; "
                "use a root target such as /workspace")
                .arg(target, path);
    }
    return QString();
}

QString BubblewrapProvider::harnessWorkspacePath(const QString &, const RunSpec &spec) const
{
    return MountPlacement::rootTarget(spec);
}

QStringList BubblewrapProvider::environmentArguments(const QProcessEnvironment &environment)
{
    QStringList args { QStringLiteral("--clearenv") };
    QStringList names = environment.keys();
    names.sort();
    for (const QString &name : std::as_const(names))
        args << QStringLiteral("--setenv") << name << environment.value(name);
    return args;
}

QProcessEnvironment BubblewrapProvider::launcherEnvironment()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    return env;
}

QStringList BubblewrapProvider::hiddenPaths() const
{
    QStringList paths;
    for (const QString &candidate : m_hide) {
        const QFileInfo info(candidate);
        if (!candidate.isEmpty() && info.isAbsolute() && info.isDir())
            paths.append(info.canonicalFilePath()); // mounts follow no symlink: name the real directory
    }
    paths.removeDuplicates();
    return paths;
}

BubblewrapProvider::Layout BubblewrapProvider::layout(
    const QString &runPath, const QString &workspace, bool isolateNetwork) const
{
    Layout layout;
    layout.runPath = runPath;
    layout.workspace = workspace;
    layout.system = systemEntries();
    for (const QString &allowed : m_readOnly) {
        const QString source = QFileInfo(allowed).canonicalFilePath();
        if (source.isEmpty()) {
            logger->warn("the read-only path {} is gone; the sandbox leaves it out", allowed);
            continue;
        }
        layout.readOnly.append({ source, QDir::cleanPath(allowed) });
    }
    layout.hidden = hiddenPaths();
    layout.isolateNetwork = isolateNetwork;
    return layout;
}

QString BubblewrapProvider::relaySocketPath(const QString &runId) const
{
    return QFileInfo(runPath(runId)).canonicalFilePath() + QStringLiteral("/mcp.sock");
}

QString BubblewrapProvider::mcpBridgeCommand() const
{
    return McpBridgeProgram::path().isEmpty() ? QString() : QLatin1String(McpBridgeTarget);
}

QString BubblewrapProvider::refusal(const QString &runId, const RunSpec &spec) const
{
    const HostProcess::Launch launch = hostLaunch(runId, spec);
    const QString run = QFileInfo(runPath(runId)).canonicalFilePath();
    const QString workspace = QFileInfo(launch.workingDirectory).canonicalFilePath();
    // Anything else wrong is launch()'s to report (launch_failed), as before.
    if (!launch.launchError.isEmpty() || run.isEmpty() || workspace.isEmpty()
        || isVisibleInside(launch.program, layout(run, workspace, true)))
        return QString();
    return invisibleHarness(launch.program);
}

std::unique_ptr<SandboxedProcess> BubblewrapProvider::launch(const QString &runId, const RunSpec &spec, QObject *parent)
{
    HostProcess::Launch launch = hostLaunch(runId, spec);
    if (m_bwrap.isEmpty()) {
        launch.launchError
            = QCoreApplication::translate("BubblewrapProvider", "bwrap is not installed (apt install bubblewrap)");
        return std::make_unique<BubblewrapProcess>(std::move(launch), parent);
    }
    if (!launch.launchError.isEmpty())
        return std::make_unique<BubblewrapProcess>(std::move(launch), parent);
    const bool isolateNetwork = spec.network == NetworkPolicy::None;
    const QString run = QFileInfo(runPath(runId)).canonicalFilePath();
    const QString workspace = QFileInfo(launch.workingDirectory).canonicalFilePath();
    Layout sandbox;
    if (!isolateNetwork && spec.network != NetworkPolicy::Unrestricted) {
        // Never a weaker boundary than asked for (§6.2).
        launch.launchError
            = QCoreApplication::translate("BubblewrapProvider", "the bubblewrap provider cannot realise network %1")
                  .arg(spec.network.text());
    } else if (run.isEmpty() || workspace.isEmpty()) {
        launch.launchError
            = QCoreApplication::translate("BubblewrapProvider", "the workspace of run %1 was not prepared").arg(runId);
    } else if (sandbox = layout(run, workspace, isolateNetwork); !isVisibleInside(launch.program, sandbox)) {
        // bwrap would only fail with "No such file" and exit 1: say why, and how to let it in.
        launch.launchError = invisibleHarness(launch.program);
    } else {
        sandbox.workspaceTarget = MountPlacement::rootTarget(spec);
        if (!spec.planeMcp.isEmpty())
            sandbox.mcpBridge = McpBridgeProgram::path();
        launch.launchError = workspaceTargetProblem(sandbox);
        for (const RunMount &mount : spec.mounts) {
            const QString path
                = QFileInfo(MountPlacement::of(spec, mount).hostPath(workspace, run + QStringLiteral("/home")))
                      .canonicalFilePath();
            if (!mount.isReadOnly() || !path.startsWith(run + QLatin1Char('/')))
                continue;
            // Read-only where the harness sees it: in the workspace, beneath the root target.
            const QString inside = isWithin(path, workspace)
                ? QDir::cleanPath(sandbox.workspaceTarget + QLatin1Char('/') + path.mid(workspace.size()))
                : path;
            sandbox.readOnlyMounts.append({ path, inside });
            // The run directory is bound writable at its host path too (home, tmp, the relay's
            // socket): there the mount would be writable by another name, so it is read-only there too.
            if (inside != path)
                sandbox.readOnlyMounts.append({ path, path });
        }
    }
    if (!launch.launchError.isEmpty())
        return std::make_unique<BubblewrapProcess>(std::move(launch), parent);

    const QStringList options = bwrapArguments(sandbox);
    const QStringList environment = environmentArguments(launch.environment);
    QByteArray data;
    for (const QString &arg : options + environment)
        data += QFile::encodeName(arg) + '\0';
    const int fd = memoryFile(data);
    if (fd < 0) {
        launch.launchError = QCoreApplication::translate("BubblewrapProvider", "cannot pass bwrap its options: %1")
                                 .arg(QString::fromLocal8Bit(std::strerror(errno)));
    } else {
        // The names only: a value may be a secret of the run.
        logger->debug("run {}: {} {} --clearenv (--setenv: {}) -- {}", runId, m_bwrap, options.join(QLatin1Char(' ')),
            launch.environment.keys().join(QLatin1Char(' ')), launch.program);
        launch.arguments
            = QStringList { QStringLiteral("--args"), QString::number(fd), QStringLiteral("--"), launch.program }
            + launch.arguments;
        launch.program = m_bwrap;
        launch.environment = launcherEnvironment();
        launch.inheritedFd = fd;
    }
    return std::make_unique<BubblewrapProcess>(std::move(launch), parent);
}

BubblewrapProcess::BubblewrapProcess(HostProcess::Launch launch, QObject *parent)
    : SandboxedProcess(parent), m_clockTicks(::sysconf(_SC_CLK_TCK)), m_argumentsFd(launch.inheritedFd)
{
    m_host = std::make_unique<HostProcess>(std::move(launch));
    connect(m_host.get(), &SandboxedProcess::started, this, [this] {
        closeArguments(); // bwrap holds its own copy
        m_cpuMs = 0;
        sampleCpu();
        m_cpuTimer.start();
        emit started();
    });
    connect(m_host.get(), &SandboxedProcess::startFailed, this, [this](const QString &message) {
        closeArguments();
        emit startFailed(message);
    });
    connect(m_host.get(), &SandboxedProcess::stdoutData, this, &SandboxedProcess::stdoutData);
    connect(m_host.get(), &SandboxedProcess::stderrData, this, &SandboxedProcess::stderrData);
    connect(m_host.get(), &SandboxedProcess::exited, this, &BubblewrapProcess::onExited);

    m_cpuTimer.setInterval(FastSampleMs);
    connect(&m_cpuTimer, &QTimer::timeout, this, [this] {
        sampleCpu();
        if (m_cpuSamples == FastSamples)
            m_cpuTimer.setInterval(SlowSampleMs);
    });
    m_killTimer.setSingleShot(true);
    m_killTimer.setTimerType(Qt::PreciseTimer); // §6.7's grace is a minimum
    connect(&m_killTimer, &QTimer::timeout, this, [this] {
        if (isRunning())
            m_host->kill();
    });
}

BubblewrapProcess::~BubblewrapProcess()
{
    m_host.reset(); // kills whatever still runs
    closeArguments();
    if (m_namespaceFd >= 0)
        ::close(m_namespaceFd);
}

void BubblewrapProcess::start()
{
    m_host->start();
}

void BubblewrapProcess::writeStdin(const QByteArray &data)
{
    m_host->writeStdin(data);
}

void BubblewrapProcess::closeStdin()
{
    m_host->closeStdin();
}

void BubblewrapProcess::terminate(int graceMs)
{
    if (!isRunning())
        return;
    // Nothing inside yet (bwrap still setting up) or any more: ending bwrap's group ends it all.
    if (signalSandbox(SIGTERM) == 0)
        m_host->terminate(graceMs);
    // A second terminate never postpones the SIGKILL already scheduled.
    if (!m_killTimer.isActive() || m_killTimer.remainingTime() > graceMs)
        m_killTimer.start(std::max(0, graceMs));
}

void BubblewrapProcess::kill()
{
    // The group holds the monitor and init; init's death takes the whole namespace with it.
    m_host->kill();
}

bool BubblewrapProcess::isRunning() const
{
    return m_host->isRunning();
}

qint64 BubblewrapProcess::pid() const
{
    return m_host->pid();
}

bool BubblewrapProcess::findSandbox()
{
    if (m_namespaceFd >= 0)
        return true;
    const qint64 monitor = m_host->pid();
    struct stat own = {};
    if (monitor <= 0 || !isRunning() || ::stat("/proc/self/ns/pid", &own) != 0)
        return false;
    // The namespace's init is the monitor's child (our child cannot be reaped and reused meanwhile).
    forEachProcess([&](int dirFd, qint64 pid) {
        const QList<QByteArray> fields = statFields(dirFd);
        if (fields.size() < 2 || fields.at(1).toLongLong() != monitor || sameNamespace(dirFd, own))
            return true;
        m_namespaceFd = ::openat(dirFd, "ns/pid", O_RDONLY | O_CLOEXEC);
        if (m_namespaceFd < 0)
            return true;
        m_init = pid;
        return false;
    });
    return m_namespaceFd >= 0;
}

int BubblewrapProcess::signalSandbox(int signalNumber)
{
    struct stat ns = {};
    if (!findSandbox() || ::fstat(m_namespaceFd, &ns) != 0)
        return 0;
    QSet<qint64> signalled;
    for (int pass = 0; pass < SignalPasses; ++pass) {
        const qsizetype before = signalled.size();
        forEachProcess([&](int dirFd, qint64 pid) {
            // init ignores what it has no handler for anyway; it goes with the monitor.
            if (pid != m_init && !signalled.contains(pid) && sameNamespace(dirFd, ns)
                && sendSignal(dirFd, pid, signalNumber))
                signalled.insert(pid);
            return true;
        });
        if (signalled.size() == before)
            break;
    }
    return int(signalled.size());
}

void BubblewrapProcess::sampleCpu()
{
    struct stat ns = {};
    if (m_clockTicks <= 0 || !findSandbox() || ::fstat(m_namespaceFd, &ns) != 0)
        return;
    ++m_cpuSamples;
    // Each live process counts itself and the children it reaped (init reaps the orphans).
    qint64 ticks = 0;
    forEachProcess([&](int dirFd, qint64) {
        if (sameNamespace(dirFd, ns)) {
            const QList<QByteArray> fields = statFields(dirFd);
            for (int i = 11; i <= 14 && i < fields.size(); ++i)
                ticks += fields.at(i).toLongLong();
        }
        return true;
    });
    m_cpuMs = std::max(m_cpuMs, ticks * 1000 / m_clockTicks);
}

void BubblewrapProcess::closeArguments()
{
    if (m_argumentsFd >= 0) {
        ::close(m_argumentsFd);
        m_argumentsFd = -1;
    }
}

void BubblewrapProcess::onExited(int exitCode, int signalNumber)
{
    m_killTimer.stop();
    m_cpuTimer.stop();
    if (m_namespaceFd >= 0) {
        ::close(m_namespaceFd);
        m_namespaceFd = -1;
    }
    // Decoded back, so that a harness killed by a signal settles as exit_signal as on the host tier.
    if (signalNumber == 0 && exitCode > ShellSignalBase && exitCode < ShellSignalBase + NSIG) {
        signalNumber = exitCode - ShellSignalBase;
        exitCode = -1;
    }
    emit exited(exitCode, signalNumber); // last: a listener may delete us
}

} // namespace runnercore
