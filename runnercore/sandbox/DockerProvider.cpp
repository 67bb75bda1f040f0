#include <runnercore/sandbox/DockerProvider.h>

#include <runnercore/workspace/MountPlacement.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/model/Admission.h>
#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/sandbox/DockerCommand.h>
#include <runnercore/sandbox/DockerProcess.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>

#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("sandbox");

} // namespace

DockerProvider::DockerProvider(Options options, QObject *parent)
    : QObject(parent), m_options(std::move(options)), m_dirs(m_options.runsRoot)
{
    m_reason = tr("not checked yet");
    m_recheck.setTimerType(Qt::VeryCoarseTimer);
    connect(&m_recheck, &QTimer::timeout, this, &DockerProvider::check);
}

void DockerProvider::startWatching()
{
    m_recheck.start(m_options.recheckIntervalMs);
}

void DockerProvider::check()
{
    if (m_checking)
        return;
    m_checking = true;
    // One call tells both: the daemon answers, and whether it is rootless (then no --user).
    DockerCommand::run(
        m_options.program,
        { QStringLiteral("info"), QStringLiteral("--format"),
            QStringLiteral("{{.ServerVersion}} {{json .SecurityOptions}}") },
        m_options.probeTimeoutMs,
        [this](const DockerCommand::Result &r) {
            m_checking = false;
            const QString out = QString::fromUtf8(r.out).trimmed();
            const QString version = out.section(QLatin1Char(' '), 0, 0);
            const bool available = r.ok() && !version.isEmpty() && version != QLatin1String("<no");
            m_reason = available ? QString()
                : r.ok()         ? tr("the Docker daemon gave no version")
                                 : tr("no Docker daemon answers: %1").arg(r.describe());
            m_version = available ? version : QString();
            m_rootless = available && out.contains(QLatin1String("rootless"));
            if (available != m_available) {
                m_available = available;
                if (available)
                    logger->info("docker {} answers{}; the container tier is on", version.toStdString(),
                        m_rootless ? " (rootless)" : "");
                else
                    logger->info("docker is not available: {}", m_reason);
                emit availabilityChanged(available);
            }
            emit checked(available);
        },
        this);
}

void DockerProvider::sweep()
{
    const QString filter = QStringLiteral("label=%1=%2").arg(QLatin1String(InstanceLabel), m_options.instance);
    DockerCommand::run(
        m_options.program, { QStringLiteral("ps"), QStringLiteral("-aq"), QStringLiteral("--filter"), filter }, 15000,
        [this](const DockerCommand::Result &r) {
            if (!r.ok())
                return;
            const QStringList ids = QString::fromUtf8(r.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            if (ids.isEmpty())
                return;
            logger->info("removing {} container(s) a previous Runner left behind", ids.size());
            DockerCommand::run(
                m_options.program, QStringList { QStringLiteral("rm"), QStringLiteral("-f") } + ids, 60000,
                [](const DockerCommand::Result &removed) {
                    if (!removed.ok())
                        logger->warn("sweep: {}", removed.describe());
                },
                this);
        },
        this);
}

QString DockerProvider::id() const
{
    return QStringLiteral("docker");
}

QJsonObject DockerProvider::capabilities(const QStringList &drivers) const
{
    QList<NetworkPolicy> networks { NetworkPolicy::None };
    if (m_options.unrestrictedNetwork)
        networks.append(NetworkPolicy::Unrestricted);
    QJsonObject entry = CapabilityAdvertisement::dockerProvider(drivers, networks);
    if (m_options.cursor) {
        // The tuple, never the key (§5).
        entry.insert(QStringLiteral("harness_owned_models"),
            QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
                { QStringLiteral("harness_profile_version"), m_options.cursor->profileVersion },
                { QStringLiteral("harness_release_digest"), m_options.cursor->releaseDigest },
                { QStringLiteral("provider"), QStringLiteral("cursor") },
                { QStringLiteral("model"), m_options.cursor->model } } });
    }
    return entry;
}

bool DockerProvider::prepare(const QString &runId, const RunSpec &spec, QString *error)
{
    return m_dirs.prepare(runId, spec, error);
}

QString DockerProvider::workspacePath(const QString &runId) const
{
    return m_dirs.workspacePath(runId);
}

QString DockerProvider::mountTarget(const RunSpec &spec)
{
    return MountPlacement::rootTarget(spec);
}

QString DockerProvider::harnessWorkspacePath(const QString &, const RunSpec &spec) const
{
    return mountTarget(spec);
}

QString DockerProvider::containerName(const QString &runId)
{
    return QStringLiteral("checkfu-") + runId;
}

std::unique_ptr<SandboxedProcess> DockerProvider::launch(const QString &runId, const RunSpec &spec, QObject *parent)
{
    DockerProcess::Plan plan;
    plan.program = m_options.program;
    plan.containerName = containerName(runId);
    plan.createTimeoutMs = m_options.createTimeoutMs;
    const QString run = m_dirs.runPath(runId);
    const QString target = mountTarget(spec);
    const auto failed = [&](const QString &message) {
        plan.launchError = message;
        return std::make_unique<DockerProcess>(std::move(plan), parent);
    };
    if (!QFileInfo(workspacePath(runId)).isDir())
        return failed(tr("the workspace of run %1 was not prepared").arg(runId));
    if (spec.image.isEmpty() || spec.argv.isEmpty())
        return failed(tr("the run has no image or no argv"));
    // docker reads "src:dst:options": a target with ':' or ',' would turn into mount options.
    if (!target.startsWith(QLatin1Char('/')) || target.contains(QLatin1Char(':')) || target.contains(QLatin1Char(',')))
        return failed(
            tr("the mount target %1 cannot be used with docker (it must be absolute, without ':' or ',')").arg(target));

    // The container's environment: the host tier's filtered spec env, with the container's own paths.
    // It goes only into the env file, never into the environment or argv of the docker CLI.
    QProcessEnvironment env = HostProcessProvider::harnessEnvironment(run, spec.env);
    for (const char *name : { "PATH", "TMPDIR", "USER", "LOGNAME" })
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("HOME"), QStringLiteral("/checkfu/home"));
    if (spec.model && Admission::cursorLaneMatches(spec, m_options.cursor))
        env.insert(ConfigKeys::name(EnvVar::CursorApiKey), m_options.cursor->apiKey);
    QByteArray envText;
    for (const QString &key : env.keys()) {
        const QString value = env.value(key);
        // Defence in depth: RunSpec refuses line breaks (§6.2), and a line break here would start
        // another variable in the env file.
        const auto hasBreak
            = [](const QString &text) { return text.contains(QLatin1Char('\n')) || text.contains(QLatin1Char('\r')); };
        if (hasBreak(key) || hasBreak(value))
            return failed(tr("the environment variable %1 contains a line break, which docker cannot pass")
                              .arg(QString(key)
                                       .replace(QLatin1Char('\n'), QLatin1String("\\n"))
                                       .replace(QLatin1Char('\r'), QLatin1String("\\r"))));
        envText += (key + QLatin1Char('=') + value).toUtf8() + '\n';
    }
    // Owner-only, inside the 0700 run directory, and gone as soon as `docker create` has read it.
    plan.envFile = run + QStringLiteral("/.docker-env");
    {
        QFile file(plan.envFile);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
            || !file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner)
            || file.write(envText) != envText.size()) {
            file.remove();
            plan.envFile.clear();
            return failed(tr("cannot write the container's environment file in %1").arg(run));
        }
    }

    QStringList a { QStringLiteral("--name"), plan.containerName, QStringLiteral("--label"),
        QStringLiteral("%1=%2").arg(QLatin1String(InstanceLabel), m_options.instance), QStringLiteral("--label"),
        QStringLiteral("%1=%2").arg(QLatin1String(RunLabel), runId), QStringLiteral("--interactive"),
        QStringLiteral("--init"),
        // Container output goes to the run's events only: no json-file log on disk (ZDR).
        QStringLiteral("--log-driver"), QStringLiteral("none"), QStringLiteral("--cap-drop"), QStringLiteral("ALL"),
        QStringLiteral("--security-opt"), QStringLiteral("no-new-privileges"), QStringLiteral("--pids-limit"),
        QString::number(DefaultPidsLimit) };
    if (spec.network == NetworkPolicy::None)
        a << QStringLiteral("--network") << QStringLiteral("none"); // docker's own name, not the wire value
    if (spec.resources.cpuMillis > 0)
        a << QStringLiteral("--cpus") << QString::number(double(spec.resources.cpuMillis) / 1000.0, 'f', 3);
    if (spec.resources.memoryMib > 0) {
        const QString memory = QString::number(spec.resources.memoryMib) + QLatin1Char('m');
        a << QStringLiteral("--memory") << memory << QStringLiteral("--memory-swap") << memory;
    }
    // Files in the workspace stay the person's: run as their uid (a rootless daemon maps root to it).
    if (!m_rootless && ::getuid() != 0)
        a << QStringLiteral("--user") << QStringLiteral("%1:%2").arg(::getuid()).arg(::getgid());
    a << QStringLiteral("--volume") << QStringLiteral("%1:%2").arg(workspacePath(runId), target);
    a << QStringLiteral("--volume") << QStringLiteral("%1/home:/checkfu/home").arg(run);
    // Skills and memory that is not writable: read-only binds over their place (§6.8).
    for (const RunMount &mount : spec.mounts) {
        if (!mount.isReadOnly())
            continue;
        const MountPlacement placement = MountPlacement::of(spec, mount);
        const QString host = placement.hostPath(workspacePath(runId), run + QStringLiteral("/home"));
        const QString inside = placement.base == MountPlacement::Base::Home
            ? QStringLiteral("/checkfu/home/") + placement.relative
            : (placement.relative.isEmpty() ? target : target + QLatin1Char('/') + placement.relative);
        if (inside.contains(QLatin1Char(':')) || inside.contains(QLatin1Char(',')) || host.contains(QLatin1Char(':'))
            || host.contains(QLatin1Char(',')))
            return failed(tr("the mount target %1 cannot be used with docker (no ':' or ',')").arg(mount.target));
        a << QStringLiteral("--volume") << QStringLiteral("%1:%2:ro").arg(host, inside);
    }
    a << QStringLiteral("--workdir") << target;
    a << QStringLiteral("--env-file") << plan.envFile;
    a << QStringLiteral("--entrypoint") << spec.argv.first();
    a << spec.image;
    a << spec.argv.mid(1);
    plan.createArgs = a;
    return std::make_unique<DockerProcess>(std::move(plan), parent);
}

void DockerProvider::teardown(const QString &runId)
{
    // Bounded, and the container has exited by now, so this is quick; the run directory follows.
    QProcess rm;
    rm.setProcessEnvironment(DockerCommand::cliEnvironment());
    rm.setStandardInputFile(QProcess::nullDevice());
    rm.start(m_options.program,
        { QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--volumes"), containerName(runId) });
    if (!rm.waitForFinished(20000)) {
        rm.kill();
        rm.waitForFinished(1000);
        logger->warn("run {}: docker rm did not finish; the startup sweep will remove the container", runId);
    }
    QFile::remove(m_dirs.runPath(runId) + QStringLiteral("/.docker-env"));
    m_dirs.teardown(runId);
}

} // namespace runnercore
