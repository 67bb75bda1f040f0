#include <runnercore/sandbox/HostProcessProvider.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/InlineMountWriter.h>
#include <runnercore/workspace/MountPlacement.h>

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
// A run id becomes one path component: nothing that could name another directory.
bool isSafeRunId(const QString &runId)
{
    return !runId.isEmpty() && runId.size() <= 200 && runId != QLatin1String(".") && runId != QLatin1String("..")
        && !runId.contains(QLatin1Char('/')) && !runId.contains(QChar(0));
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
    const QFileInfo rootInfo(m_root);
    if (!QDir().mkpath(rootInfo.absolutePath()))
        return fail(
            QCoreApplication::translate("HostProcessProvider", "cannot create %1").arg(rootInfo.absolutePath()));
    const UniqueFd parent(
        ::open(QFile::encodeName(rootInfo.absolutePath()).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!parent.valid())
        return fail(QCoreApplication::translate("HostProcessProvider", "cannot open %1: %2")
                        .arg(rootInfo.absolutePath(), FileTree::systemError(errno)));
    const UniqueFd root = FileTree::makePrivateDir(parent.get(), QFile::encodeName(rootInfo.fileName()), &message);
    if (!root.valid())
        return fail(message);
    const UniqueFd run = FileTree::makePrivateDir(root.get(), QFile::encodeName(runId), &message);
    if (!run.valid())
        return fail(message);
    const UniqueFd workspace = FileTree::makePrivateDir(run.get(), "workspace", &message);
    const UniqueFd home = workspace.valid() ? FileTree::makePrivateDir(run.get(), "home", &message) : UniqueFd();
    if (!workspace.valid() || !home.valid() || !FileTree::makePrivateDir(run.get(), "tmp", &message).valid())
        return fail(message);

    // The mounts the spec carries, up to the first one the Runner fetches (Materialization does the rest).
    const qsizetype fetched = MountPlacement::firstFetched(spec);
    for (qsizetype i = 0; i < fetched; ++i) {
        if (!InlineMountWriter::write(workspace.get(), home.get(), spec, spec.mounts.at(i), &message))
            return fail(message);
    }
    if (fetched == spec.mounts.size())
        InlineMountWriter::protect(workspace.get(), home.get(), spec);
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
    const UniqueFd root(::open(QFile::encodeName(m_root).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!root.valid())
        return; // no root, no run
    if (!FileTree::removeTree(root.get(), QFile::encodeName(runId).constData()))
        logger->error("cannot remove all of run directory {}: {}", runPath(runId), FileTree::systemError(errno));
}

} // namespace runnercore
