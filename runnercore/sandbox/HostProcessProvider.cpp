#include <runnercore/sandbox/HostProcessProvider.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/sandbox/HostProcess.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <pwd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace runnercore {

namespace {

const HeldLogger logger("sandbox");

} // namespace

namespace {
constexpr mode_t PrivateDirMode = 0700;
constexpr mode_t PrivateFileMode = 0600;
constexpr int MaxRemovePasses = 4;

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

// Owns one file descriptor.
class Fd
{
public:
    explicit Fd(int fd = -1) : m_fd(fd) { }
    ~Fd()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    Fd(Fd &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)) { }
    Fd &operator=(Fd &&other) noexcept
    {
        std::swap(m_fd, other.m_fd);
        return *this;
    }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

// A run id becomes one path component: nothing that could name another directory.
bool isSafeRunId(const QString &runId)
{
    return !runId.isEmpty() && runId.size() <= 200 && runId != QLatin1String(".") && runId != QLatin1String("..")
        && !runId.contains(QLatin1Char('/')) && !runId.contains(QChar(0));
}

// Opens a directory we own without following a symlink, forcing mode 0700.
Fd openPrivateDir(int parentFd, const QByteArray &name, QString *error)
{
    Fd fd(::openat(parentFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid()) {
        *error = QCoreApplication::translate("HostProcessProvider", "cannot open %1: %2")
                     .arg(QFile::decodeName(name), systemError(errno));
        return Fd();
    }
    struct stat st = {};
    if (::fstat(fd.get(), &st) != 0 || st.st_uid != ::geteuid()) {
        *error = QCoreApplication::translate("HostProcessProvider", "%1 is not owned by this user")
                     .arg(QFile::decodeName(name));
        return Fd();
    }
    if ((st.st_mode & 07777) != PrivateDirMode && ::fchmod(fd.get(), PrivateDirMode) != 0) {
        *error = QCoreApplication::translate("HostProcessProvider", "cannot make %1 private: %2")
                     .arg(QFile::decodeName(name), systemError(errno));
        return Fd();
    }
    return fd;
}

// mkdir (an existing real directory is fine) then openPrivateDir: never through a symlink.
Fd makePrivateDir(int parentFd, const QByteArray &name, QString *error)
{
    if (::mkdirat(parentFd, name.constData(), PrivateDirMode) != 0 && errno != EEXIST) {
        *error = QCoreApplication::translate("HostProcessProvider", "cannot create %1: %2")
                     .arg(QFile::decodeName(name), systemError(errno));
        return Fd();
    }
    return openPrivateDir(parentFd, name, error);
}

bool writeAll(int fd, const QByteArray &content)
{
    const char *data = content.constData();
    qsizetype left = content.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, size_t(left));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        data += n;
        left -= n;
    }
    return true;
}

// Writes one uploaded_project file below the workspace, walking it one component at a time with
// *at() calls: no component may be "..", a symlink, or already present as the file itself.
bool materialise(int workspaceFd, const RunFile &file, QString *error)
{
    const QString &path = file.path;
    if (path.isEmpty() || path.startsWith(QLatin1Char('/')) || path.contains(QChar(0))) {
        *error = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: not a relative path")
                     .arg(path);
        return false;
    }
    QStringList parts;
    for (const QString &part : path.split(QLatin1Char('/'))) {
        if (part == QLatin1String("..")) {
            *error
                = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: escapes the workspace")
                      .arg(path);
            return false;
        }
        if (!part.isEmpty() && part != QLatin1String("."))
            parts.append(part);
    }
    if (parts.isEmpty() || path.endsWith(QLatin1Char('/'))) {
        *error
            = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: names no file").arg(path);
        return false;
    }
    Fd dir(::fcntl(workspaceFd, F_DUPFD_CLOEXEC, 0));
    for (qsizetype i = 0; i + 1 < parts.size(); ++i) {
        QString detail;
        Fd next = makePrivateDir(dir.get(), QFile::encodeName(parts.at(i)), &detail);
        if (!next.valid()) {
            *error
                = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: %2").arg(path, detail);
            return false;
        }
        dir = std::move(next);
    }
    Fd out(::openat(dir.get(), QFile::encodeName(parts.last()).constData(),
        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, PrivateFileMode));
    if (!out.valid()) {
        *error = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: cannot create it: %2")
                     .arg(path, systemError(errno));
        return false;
    }
    if (!writeAll(out.get(), file.content) || ::close(out.release()) != 0) {
        *error = QCoreApplication::translate("HostProcessProvider", "uploaded_project file %1: cannot write it: %2")
                     .arg(path, systemError(errno));
        return false;
    }
    return true;
}

// Makes a directory of ours listable and writable even if the harness chmod'ed it 000, without
// following a symlink (an O_PATH descriptor cannot fchmod, its /proc alias can chmod).
Fd openForRemoval(int parentFd, const char *name)
{
    Fd fd(::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid() && errno == EACCES) {
        Fd path(::openat(parentFd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!path.valid())
            return Fd();
        const QByteArray alias = "/proc/self/fd/" + QByteArray::number(path.get());
        if (::chmod(alias.constData(), PrivateDirMode) != 0)
            return Fd();
        fd = Fd(::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    }
    if (fd.valid())
        ::fchmod(fd.get(), PrivateDirMode);
    return fd;
}

// rm -rf relative to a directory descriptor: symlinks are unlinked, never followed, so a harness
// that swaps a directory for a link while this runs still cannot point it outside the run.
bool removeTree(int parentFd, const char *name)
{
    if (::unlinkat(parentFd, name, 0) == 0 || errno == ENOENT)
        return true;
    if (errno != EISDIR)
        return false;
    for (int pass = 0; pass < MaxRemovePasses; ++pass) {
        Fd fd = openForRemoval(parentFd, name);
        if (!fd.valid())
            return errno == ENOENT;
        DIR *dir = ::fdopendir(fd.get());
        if (!dir)
            return false;
        fd.release(); // owned by dir now
        bool ok = true;
        while (const dirent *entry = ::readdir(dir)) {
            if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0)
                continue;
            ok = removeTree(::dirfd(dir), entry->d_name) && ok;
        }
        ::closedir(dir);
        if (::unlinkat(parentFd, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
            return true;
        if (!ok || errno != ENOTEMPTY)
            return false;
        // ENOTEMPTY: something was created meanwhile (a straggler); go around again.
    }
    return false;
}

QString currentUserName()
{
    struct passwd entry = {};
    struct passwd *found = nullptr;
    QByteArray buffer(16384, Qt::Uninitialized);
    if (::getpwuid_r(::geteuid(), &entry, buffer.data(), size_t(buffer.size()), &found) != 0 || !found)
        return QString();
    return QString::fromLocal8Bit(found->pw_name);
}

bool isForbiddenSpecKey(const QString &key)
{
    return key.startsWith(QLatin1String("CHECKFU_RUNNER")) || key == ConfigKeys::name(EnvVar::CursorApiKey);
}

// argv[0] against the harness's own PATH (never the Runner's); relative paths against the workspace.
QString resolveProgram(const QString &name, const QString &workspace, const QProcessEnvironment &env, QString *error)
{
    QString candidate;
    if (name.isEmpty()) {
        *error = QCoreApplication::translate("HostProcessProvider", "the harness argv is empty");
        return QString();
    }
    if (name.contains(QLatin1Char('/'))) {
        candidate = QDir::cleanPath(QDir(workspace).absoluteFilePath(name));
    } else {
        QStringList dirs;
        for (const QString &dir : env.value(QStringLiteral("PATH")).split(QLatin1Char(':'), Qt::SkipEmptyParts)) {
            if (QDir::isAbsolutePath(dir)) // a relative entry would resolve against the Runner's cwd
                dirs.append(dir);
        }
        candidate = QStandardPaths::findExecutable(name, dirs);
        if (candidate.isEmpty()) {
            *error = QCoreApplication::translate("HostProcessProvider", "%1 was not found on the harness PATH (%2)")
                         .arg(name, dirs.join(QLatin1Char(':')));
            return QString();
        }
    }
    const QFileInfo info(candidate);
    if (!info.isFile() || !info.isExecutable()) {
        *error = QCoreApplication::translate("HostProcessProvider", "%1 is not an executable file").arg(candidate);
        return QString();
    }
    return candidate;
}
} // namespace

HostProcessProvider::HostProcessProvider(const QString &root) : m_root(QDir::cleanPath(root)) { }

QString HostProcessProvider::id() const
{
    return QStringLiteral("host-process");
}

QJsonObject HostProcessProvider::capabilities(const QStringList &drivers) const
{
    return CapabilityAdvertisement::hostProcessProvider(drivers);
}

QString HostProcessProvider::runPath(const QString &runId) const
{
    return m_root + QLatin1Char('/') + runId;
}

QString HostProcessProvider::workspacePath(const QString &runId) const
{
    return runPath(runId) + QStringLiteral("/workspace");
}

bool HostProcessProvider::prepare(const QString &runId, const RunSpec &spec, QString *error)
{
    QString message;
    const auto fail = [&](const QString &text) {
        if (error)
            *error = text;
        teardown(runId); // nothing half-made stays behind (ZDR runs above all)
        return false;
    };
    if (!isSafeRunId(runId)) {
        if (error)
            *error = QCoreApplication::translate("HostProcessProvider", "the run id %1 cannot name a directory")
                         .arg(runId);
        return false;
    }
    for (const RunMount &mount : spec.mounts) {
        if (mount.kind != QLatin1String("uploaded_project"))
            return fail(QCoreApplication::translate(
                "HostProcessProvider", "the host-process provider does not support %1 mounts")
                            .arg(mount.kind));
    }

    const QFileInfo rootInfo(m_root);
    if (!QDir().mkpath(rootInfo.absolutePath()))
        return fail(
            QCoreApplication::translate("HostProcessProvider", "cannot create %1").arg(rootInfo.absolutePath()));
    const Fd parent(::open(QFile::encodeName(rootInfo.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!parent.valid())
        return fail(QCoreApplication::translate("HostProcessProvider", "cannot open %1: %2")
                        .arg(rootInfo.absolutePath(), systemError(errno)));
    const Fd root = makePrivateDir(parent.get(), QFile::encodeName(rootInfo.fileName()), &message);
    if (!root.valid())
        return fail(message);
    const Fd run = makePrivateDir(root.get(), QFile::encodeName(runId), &message);
    if (!run.valid())
        return fail(message);
    const Fd workspace = makePrivateDir(run.get(), "workspace", &message);
    if (!workspace.valid() || !makePrivateDir(run.get(), "home", &message).valid()
        || !makePrivateDir(run.get(), "tmp", &message).valid())
        return fail(message);

    // On a host tier every uploaded_project target maps to the workspace itself (§6.2).
    for (const RunMount &mount : spec.mounts) {
        for (const RunFile &file : mount.files) {
            if (!materialise(workspace.get(), file, &message))
                return fail(message);
        }
    }
    return true;
}

QProcessEnvironment HostProcessProvider::harnessEnvironment(
    const QString &runPath, const QMap<QString, QString> &specEnv)
{
    // From scratch: nothing of the Runner's own environment (its credentials, CHECKFU_*, proxies).
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), runPath + QStringLiteral("/home"));
    env.insert(QStringLiteral("TMPDIR"), runPath + QStringLiteral("/tmp"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("TERM"), QStringLiteral("dumb"));
    const QString user = currentUserName();
    if (!user.isEmpty()) {
        env.insert(QStringLiteral("USER"), user);
        env.insert(QStringLiteral("LOGNAME"), user);
    }
    for (auto it = specEnv.cbegin(); it != specEnv.cend(); ++it) {
        const QString &key = it.key();
        if (isForbiddenSpecKey(key)) {
            logger->warn("dropping {} from the harness environment: reserved for the Runner", key);
            continue;
        }
        if (key.isEmpty() || key.contains(QLatin1Char('=')) || key.contains(QChar(0))
            || it.value().contains(QChar(0))) {
            logger->warn("dropping an environment entry that cannot be passed to a process ({})", key.left(64));
            continue;
        }
        env.insert(key, it.value());
    }
    return env;
}

std::unique_ptr<SandboxedProcess> HostProcessProvider::launch(
    const QString &runId, const RunSpec &spec, QObject *parent)
{
    HostProcess::Launch launch = hostLaunch(runId, spec);
    // Through the reaper, or not at all: without it a double fork would outlive the run (§6.7).
    launch.reaper = HostProcess::reaperPath();
    if (launch.reaper.isEmpty() && launch.launchError.isEmpty())
        launch.launchError = QCoreApplication::translate(
            "HostProcessProvider", "checkfu-run-reaper is missing (looked next to %1): reinstall the Runner")
                                 .arg(QCoreApplication::applicationDirPath());
    return std::make_unique<HostProcess>(std::move(launch), parent);
}

HostProcess::Limits HostProcessProvider::resourceLimits(const RunResources &resources)
{
    constexpr quint64 Mib = 1024 * 1024;
    constexpr quint64 Unlimited = quint64(RLIM_INFINITY) - 2; // room for RLIMIT_CPU's extra second
    const auto bytes = [&](qint64 mib) { return mib <= 0 ? 0 : std::min(quint64(mib), Unlimited / Mib) * Mib; };
    HostProcess::Limits limits;
    limits.dataBytes = bytes(resources.memoryMib);
    limits.fileBytes = bytes(resources.diskMib);
    // cpu_millis is a rate; a host tier cannot hold a process to it, but it can hold each process to
    // the CPU time that rate gives over the whole deadline.
    if (resources.cpuMillis > 0 && resources.maxDurationSeconds > 0) {
        const long double seconds
            = std::ceil((long double)resources.cpuMillis * (long double)resources.maxDurationSeconds / 1000.0L);
        limits.cpuSeconds = seconds >= (long double)Unlimited ? Unlimited : quint64(seconds);
    }
    return limits;
}

HostProcess::Launch HostProcessProvider::hostLaunch(const QString &runId, const RunSpec &spec) const
{
    HostProcess::Launch launch;
    const QString run = runPath(runId);
    launch.workingDirectory = workspacePath(runId);
    launch.environment = harnessEnvironment(run, spec.env);
    launch.limits = resourceLimits(spec.resources);
    if (!isSafeRunId(runId) || !QFileInfo(launch.workingDirectory).isDir()) {
        launch.launchError
            = QCoreApplication::translate("HostProcessProvider", "the workspace of run %1 was not prepared").arg(runId);
    } else if (!spec.argv.isEmpty()) {
        launch.program
            = resolveProgram(spec.argv.first(), launch.workingDirectory, launch.environment, &launch.launchError);
        launch.arguments = spec.argv.mid(1);
    } else {
        launch.launchError = QCoreApplication::translate("HostProcessProvider", "the harness argv is empty");
    }
    return launch;
}

void HostProcessProvider::teardown(const QString &runId)
{
    if (!isSafeRunId(runId))
        return;
    const Fd root(::open(QFile::encodeName(m_root).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!root.valid())
        return; // no root, no run
    if (!removeTree(root.get(), QFile::encodeName(runId).constData()))
        logger->error("cannot remove all of run directory {}: {}", runPath(runId), systemError(errno));
}

} // namespace runnercore
