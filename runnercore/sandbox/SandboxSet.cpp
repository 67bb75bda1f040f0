#include <runnercore/sandbox/SandboxSet.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/sandbox/BubblewrapProvider.h>
#include <runnercore/sandbox/DockerProvider.h>
#include <runnercore/sandbox/HostProcessProvider.h>

#include <QCoreApplication>
#include <QProcess>
#include <QStandardPaths>
#include <QTimer>

namespace runnercore {

namespace {

const HeldLogger logger("sandbox");

} // namespace

namespace {
constexpr int BubblewrapProbeMs = 3000;
} // namespace

SandboxSet::SandboxSet(const RunnerConfig &config, const QString &runsRoot, const QString &instance, QObject *parent)
    : QObject(parent), m_config(config), m_runsRoot(runsRoot)
{
    if (config.hostProcessEnabled)
        m_host = std::make_unique<HostProcessProvider>(runsRoot);
    if (config.bubblewrapEnabled) {
        m_bubblewrap = std::make_unique<BubblewrapProvider>(runsRoot);
        m_bubblewrap->setReadOnlyPaths(config.bubblewrapReadOnly);
    }
    if (config.docker != DockerMode::Off) {
        DockerProvider::Options options;
        options.runsRoot = runsRoot;
        options.instance = instance;
        options.unrestrictedNetwork = config.dockerUnrestrictedNetwork;
        options.cursor = config.cursor;
        m_docker = std::make_unique<DockerProvider>(options);
        connect(m_docker.get(), &DockerProvider::availabilityChanged, this, [this] {
            // The first answer is part of starting up; later flips change the advertisement.
            if (m_readySent)
                emit changed();
        });
    }
}

SandboxSet::~SandboxSet() = default;

void SandboxSet::start()
{
    if (m_bubblewrap) {
        m_bubblewrapChecked = false;
        checkBubblewrap();
    }
    if (m_docker) {
        // Also in auto mode the first answer is awaited (bounded): the identity exchange carries the
        // advertisement, and the ceiling is computed from it.
        m_dockerChecked = false;
        connect(m_docker.get(), &DockerProvider::checked, this, [this] {
            if (m_dockerChecked)
                return;
            m_dockerChecked = true;
            maybeReady();
        });
        m_docker->check();
        m_docker->startWatching();
    }
    maybeReady();
}

void SandboxSet::sweepLeftovers()
{
    if (m_docker && m_docker->isAvailable())
        m_docker->sweep();
}

void SandboxSet::recheck()
{
    if (m_docker)
        m_docker->check();
}

void SandboxSet::checkBubblewrap()
{
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (bwrap.isEmpty()) {
        m_bubblewrapError = tr("bwrap is not installed (apt install bubblewrap)");
        m_bubblewrapChecked = true;
        return;
    }
    auto *probe = new QProcess(this);
    auto *timer = new QTimer(probe);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, probe, [this, probe] {
        m_bubblewrapError = tr("bwrap did not answer within %1 s").arg(BubblewrapProbeMs / 1000);
        probe->kill();
    });
    connect(probe, &QProcess::finished, this, [this, probe](int exitCode, QProcess::ExitStatus status) {
        if (m_bubblewrapError.isEmpty() && (status != QProcess::NormalExit || exitCode != 0))
            m_bubblewrapError = tr("bwrap cannot create namespaces here: %1")
                                    .arg(QString::fromLocal8Bit(probe->readAllStandardError()).trimmed().left(200));
        m_bubblewrapChecked = true;
        probe->deleteLater();
        maybeReady();
    });
    connect(probe, &QProcess::errorOccurred, this, [this, probe](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return;
        m_bubblewrapError = tr("cannot run bwrap: %1").arg(probe->errorString());
        m_bubblewrapChecked = true;
        probe->deleteLater();
        maybeReady();
    });
    // The namespaces a bubblewrap run uses (§8: refuse to start if bwrap cannot create them).
    probe->start(bwrap,
        { QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"), QStringLiteral("--unshare-pid"),
            QStringLiteral("--unshare-net"), QStringLiteral("--proc"), QStringLiteral("/proc"), QStringLiteral("--dev"),
            QStringLiteral("/dev"), QStringLiteral("--die-with-parent"), QStringLiteral("true") });
    timer->start(BubblewrapProbeMs);
}

void SandboxSet::maybeReady()
{
    if (m_readySent || !m_bubblewrapChecked || !m_dockerChecked)
        return;
    m_readySent = true;
    if (m_bubblewrap && !m_bubblewrapError.isEmpty()) {
        emit ready(false, tr("--sandbox bubblewrap: %1").arg(m_bubblewrapError));
        return;
    }
    if (m_docker && m_config.docker == DockerMode::Required && !m_docker->isAvailable()) {
        emit ready(false, tr("--sandbox docker: %1").arg(m_docker->unavailableReason()));
        return;
    }
    logger->info("sandbox tiers: {}", posture());
    emit ready(true, QString());
}

QJsonArray SandboxSet::advertisedProviders(const QStringList &drivers) const
{
    // Each provider's entry depends only on its fixed options and the drivers; what changes is
    // which providers are realisable.
    const bool bubblewrap = m_bubblewrap && m_bubblewrapError.isEmpty();
    const bool docker = m_docker && m_docker->isAvailable();
    AdvertisementCache &cache = m_advertised;
    if (cache.valid && cache.bubblewrap == bubblewrap && cache.docker == docker && cache.drivers == drivers)
        return cache.providers;
    QJsonArray providers;
    if (bubblewrap)
        providers.append(m_bubblewrap->capabilities(drivers));
    if (docker)
        providers.append(m_docker->capabilities(drivers));
    if (m_host)
        providers.append(m_host->capabilities(drivers));
    cache = { true, bubblewrap, docker, drivers, providers };
    return providers;
}

SandboxProvider *SandboxSet::provider(const QString &id) const
{
    if (m_bubblewrap && m_bubblewrapError.isEmpty() && id == m_bubblewrap->id())
        return m_bubblewrap.get();
    if (m_docker && m_docker->isAvailable() && id == m_docker->id())
        return m_docker.get();
    if (m_host && id == m_host->id())
        return m_host.get();
    return nullptr;
}

bool SandboxSet::anyRealisable() const
{
    return m_host || (m_bubblewrap && m_bubblewrapError.isEmpty()) || (m_docker && m_docker->isAvailable());
}

QString SandboxSet::posture(bool brief) const
{
    const auto why
        = [brief](const QString &reason) { return brief ? reason.section(QStringLiteral(": "), 0, 0) : reason; };
    QStringList parts;
    if (m_bubblewrap)
        parts.append(m_bubblewrapError.isEmpty()
                ? tr("bubblewrap (host process in its own namespaces, read-only system, network none or "
                     "unrestricted)")
                : tr("bubblewrap unavailable: %1").arg(why(m_bubblewrapError)));
    if (m_docker)
        parts.append(m_docker->isAvailable()
                ? tr("docker %1 (containers, network %2)")
                      .arg(m_docker->serverVersion(),
                          m_config.dockerUnrestrictedNetwork ? tr("none or unrestricted") : tr("none"))
                : tr("docker off: %1").arg(why(m_docker->unavailableReason())));
    if (m_host)
        parts.append(tr("host-process (no isolation, the machine's own network)"));
    return parts.isEmpty() ? tr("no sandbox provider enabled") : parts.join(QStringLiteral("; "));
}

void SandboxSet::teardownLeftovers(const QString &runId)
{
    if (m_docker && m_docker->isAvailable()) {
        m_docker->teardown(runId);
        return;
    }
    HostProcessProvider(m_runsRoot).teardown(runId);
}

} // namespace runnercore
