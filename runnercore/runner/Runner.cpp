#include <runnercore/runner/Runner.h>

#include <QCryptographicHash>

#include <runnercore/base/Clock.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/identity/PairingCode.h>
#include <runnercore/identity/PairingRedemption.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/model/SettleReason.h>
#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/presence/PresenceReporter.h>
#include <runnercore/sandbox/HostProcessProvider.h>
#include <runnercore/sandbox/SandboxSet.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/work/ClaimLoop.h>
#include <runnercore/work/ControlChannel.h>
#include <runnercore/work/RunManager.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <QThread>

namespace runnercore {

namespace {

const HeldLogger credentialsLogger("credentials");

const HeldLogger logger("runner");

// config/ cannot see the store (it lies below it); the two defaults are one number.
static_assert(RunnerConfig::DefaultSnapshotStoreMib * 1024 * 1024 == SnapshotStore::DefaultMaxBytes);

} // namespace

namespace {
const char *const ProbeAccount = "checkfu-runner|probe";

QString lockKeyFor(const QUrl &endpoint, const QString &credential)
{
    return endpoint.toString(QUrl::StripTrailingSlash) + QLatin1Char('|') + credential;
}
} // namespace

Runner::Runner(const RunnerConfig &config, RunnerSettings &settings, CredentialStore &store, const Clock &clock,
    PowerMonitor *power, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_settings(settings)
    , m_store(store)
    , m_clock(clock)
    , m_ownPower(power ? nullptr : std::make_unique<NullPowerMonitor>())
    , m_power(power ? power : m_ownPower.get())
{
    // Masked in every log line and event from the start, even when a harness prints it (§6.3, §8).
    if (m_config.cursor)
        Logging::masker().addSecret(m_config.cursor->apiKey);
    if (!m_config.workspaceToken.isEmpty())
        Logging::masker().addSecret(m_config.workspaceToken);
    m_stopTimer.setSingleShot(true);
    connect(&m_stopTimer, &QTimer::timeout, this, &Runner::signOffAndFinish);
    m_sleepTimer.setSingleShot(true);
    connect(&m_sleepTimer, &QTimer::timeout, this, [this] {
        logger->warn("sleep: the runs' output was not all delivered in time; letting the machine sleep");
        finishSleepPreparation();
    });
}

Runner::~Runner()
{
    // Nothing of this Runner keeps the machine awake once it is gone.
    m_power->holdSleepLocks({});
    if (m_snapshotPrune)
        m_snapshotPrune->wait();
}

QString Runner::runnerId() const
{
    return m_runnerId;
}

std::optional<RunnerOwner> Runner::owner() const
{
    if (m_identity && m_identity->grant().runnerGeneration > 0)
        return m_identity->grant().owner;
    return std::nullopt;
}

QString Runner::dashboardLink() const
{
    return m_identity ? m_identity->grant().dashboardLink : QString();
}

QStringList Runner::drivers()
{
    // Drivers join this list as they are implemented: advertise only what is realised (§5).
    return { QStringLiteral("checkfu:oneshot-v1@1"), QStringLiteral("checkfu:acp-v1@1") };
}

int Runner::busySlots() const
{
    return m_runs ? m_runs->busy() : 0;
}

QList<RunSummary> Runner::runs() const
{
    QList<RunSummary> list = m_runs ? m_runs->runs() : QList<RunSummary>();
    for (RunSummary &run : list)
        run = withLink(run);
    return list;
}

RunSummary Runner::withLink(RunSummary run) const
{
    if (m_identity)
        run.sessionLink = m_identity->grant().sessionLink(run.sessionId);
    return run;
}

bool Runner::cancelRun(const QString &runId)
{
    if (!m_runs || !m_runs->activeRunIds().contains(runId))
        return false;
    logger->info("run {}: cancelled on this machine", runId);
    m_runs->cancel(runId, wireName(SettleReason::RunnerStopped));
    return true;
}

QJsonObject Runner::advertisement() const
{
    QJsonArray providers;
    if (m_sandboxes)
        providers = m_sandboxes->advertisedProviders(drivers());
    QString pool = m_identity ? m_identity->grant().runnerPool : QString();
    if (pool.isEmpty())
        pool = m_settings.runnerPool;
    // SandboxSet hands out the same array while nothing changed: comparing it is cheap.
    if (!m_advertised || m_advertised->pool != pool || m_advertised->providers != providers)
        m_advertised = AdvertisementCache { pool, providers, CapabilityAdvertisement::build(pool, providers) };
    return m_advertised->advertisement;
}

bool Runner::isAllowed(Phase from, Phase to)
{
    // Every phase may end (a stop, a fatal answer, a failure); nothing leaves Ended. A phase that
    // only changes what it says (a retry's countdown, Ready <-> Draining) moves to itself.
    if (from == Phase::Ended)
        return false;
    if (to == Phase::Ended)
        return true;
    switch (from) {
    case Phase::Idle:
        return to == Phase::Starting;
    case Phase::Starting:
        return to == Phase::Pairing || to == Phase::Connecting;
    case Phase::Pairing:
        return to == Phase::Pairing || to == Phase::Connecting;
    case Phase::Connecting:
        // A stop after the grant but before the first answered heartbeat has a token to sign off.
        return to == Phase::Online || to == Phase::Offline || to == Phase::Stopping;
    case Phase::Online:
    case Phase::Offline:
        return to == Phase::Online || to == Phase::Offline || to == Phase::Stopping;
    case Phase::Stopping:
        return to == Phase::SigningOff;
    case Phase::SigningOff:
    case Phase::Ended:
        return false;
    }
    return false;
}

const char *Runner::phaseName(Phase phase)
{
    switch (phase) {
    case Phase::Idle:
        return "idle";
    case Phase::Starting:
        return "starting";
    case Phase::Pairing:
        return "pairing";
    case Phase::Connecting:
        return "connecting";
    case Phase::Online:
        return "online";
    case Phase::Offline:
        return "offline";
    case Phase::Stopping:
        return "stopping";
    case Phase::SigningOff:
        return "signing-off";
    case Phase::Ended:
        return "ended";
    }
    return "unknown";
}

bool Runner::moveTo(Phase to, RunnerState shown, const QString &message)
{
    if (!isAllowed(m_phase, to)) {
        // A late answer after a stop or a failure, not an error of its own.
        logger->debug("ignored move from {} to {} ({})", phaseName(m_phase), phaseName(to), runnerStateName(shown));
        return false;
    }
    m_phase = to;
    show(shown, message);
    return true;
}

void Runner::show(RunnerState shown, const QString &message)
{
    if (shown == m_state && message == m_message)
        return;
    m_state = shown;
    m_message = message;
    logger->info("state: {}{}{}", runnerStateName(shown), message.isEmpty() ? "" : " - ", message);
    emit stateChanged(shown, message);
}

bool Runner::isWindingDown() const
{
    return m_phase == Phase::Stopping || m_phase == Phase::SigningOff || m_phase == Phase::Ended;
}

void Runner::endStopped(const QString &message)
{
    end(RunnerState::Stopped, RunnerExit::Clean, message);
}

void Runner::fail(RunnerState shown, RunnerExit exit, const QString &message)
{
    Q_ASSERT(shown != RunnerState::Stopped && exit != RunnerExit::Clean);
    end(shown, exit, message);
}

void Runner::end(RunnerState shown, RunnerExit exit, const QString &message)
{
    if (m_phase == Phase::Ended)
        return;
    // Ended first: whatever the halting below sets off finds the Runner ended.
    m_phase = Phase::Ended;
    m_stopTimer.stop();
    if (m_claims)
        m_claims->setEnabled(false);
    if (m_control)
        m_control->stop();
    if (m_presence)
        m_presence->stop();
    if (m_identity)
        m_identity->abort();
    if (m_api)
        m_api->abortAll();
    if (m_lock)
        m_lock->unlock();
    m_sleepTimer.stop();
    m_preparingForSleep = false;
    m_power->holdSleepLocks({});
    show(shown, message);
    QTimer::singleShot(0, this, [this, exit] { emit finished(exit); });
}

QString Runner::account() const
{
    return CredentialStore::accountFor(m_endpoint, m_runnerId);
}

void Runner::start()
{
    if (!moveTo(Phase::Starting, RunnerState::Starting))
        return;
    connect(m_power, &PowerMonitor::stateChanged, this, &Runner::applyPower);
    connect(m_power, &PowerMonitor::aboutToSleep, this, &Runner::prepareForSleep);
    connect(m_power, &PowerMonitor::resumed, this, &Runner::onResumed);
    logger->info("power and network from: {}", m_power->backendName());
    applyPower();
    // The tiers first: --sandbox bubblewrap/docker refuse to start when they cannot be realised,
    // and the identity exchange carries the advertisement.
    m_sandboxes
        = std::make_unique<SandboxSet>(m_config, AppPaths::dataDir() + QStringLiteral("/runs"), instanceLabel());
    connect(m_sandboxes.get(), &SandboxSet::ready, this, [this](bool ok, const QString &error) {
        if (m_phase == Phase::Ended)
            return;
        if (!ok) {
            logger->error("{}", error);
            fail(RunnerState::Failed, RunnerExit::SandboxUnavailable, error);
            return;
        }
        connectToPlane();
    });
    m_sandboxes->start();
}

QString Runner::instanceLabel()
{
    // Marks this Runner's containers (per data directory, so two profiles never sweep each other's).
    return QString::fromLatin1(
        QCryptographicHash::hash(AppPaths::dataDir().toUtf8(), QCryptographicHash::Sha256).toHex().left(16));
}

QString Runner::sandboxPosture(bool brief) const
{
    return m_sandboxes ? m_sandboxes->posture(brief) : QString();
}

void Runner::recheckSandboxes()
{
    if (m_sandboxes)
        m_sandboxes->recheck();
}

void Runner::checkConnectionNow()
{
    if (m_phase == Phase::SigningOff || m_phase == Phase::Ended || !m_identity)
        return;
    logger->info("checking the connection now (state {})", runnerStateName(m_state));
    m_identity->checkNow();
    if (m_presence)
        m_presence->retryNow();
    if (m_claims)
        m_claims->retryNow();
    if (m_control)
        m_control->retryNow();
}

void Runner::connectToPlane()
{
    if (!m_config.endpoint.isEmpty()) {
        m_endpoint = m_config.endpoint;
    } else if (!m_settings.endpoint.isEmpty()) {
        const QString stored = m_settings.endpoint.toString();
        if (const auto error = EndpointPolicy::check(stored, QStringLiteral("endpoint (settings)"))) {
            fail(RunnerState::Failed, RunnerExit::Usage, *error);
            return;
        }
        m_endpoint = EndpointPolicy::normalized(stored);
    } else {
        fail(RunnerState::NotPaired, RunnerExit::Usage,
            tr("No control plane endpoint: pass --endpoint URL or set %1.").arg(ConfigKeys::name(EnvVar::ApiUrl)));
        return;
    }

    m_api = std::make_unique<ApiClient>(m_endpoint, m_clock);
    connect(m_api.get(), &ApiClient::clockSkewChanged, this, [this](qint64 skewMs) {
        if (std::abs(skewMs) < ClockSkewWarningMs)
            return;
        const QString text = tr("This computer's clock is %1 s %2 the control plane's. Token times are corrected "
                                "for it, but set the clock right (enable network time).")
                                 .arg(std::abs(skewMs) / 1000)
                                 .arg(skewMs > 0 ? tr("behind") : tr("ahead of"));
        logger->warn("{}", text);
        emit warning(text);
    });
    m_identity = std::make_unique<WorkloadIdentity>(*m_api, m_clock);
    m_identity->setAdvertisementSource([this] { return advertisement(); });
    m_presence = std::make_unique<PresenceReporter>(*m_api, *m_identity, m_clock);
    m_presence->setAdvertisementSource([this] { return advertisement(); });
    m_presence->setSlots(m_config.slotCount, 0, {});
    // A drain that began before the connection (a low battery at start) is said from the first heartbeat.
    if (isDraining())
        m_presence->setStatus(PresenceReporter::Status::Draining);

    RunEnvironment env;
    env.api = m_api.get();
    env.identity = m_identity.get();
    env.clock = &m_clock;
    env.masker = &Logging::masker();
    env.provider = [this](const QString &id) { return m_sandboxes->provider(id); };
    env.ceiling = [this] { return m_identity->grant().ceiling; };
    env.realisable = [this] { return advertisement(); };
    env.cursor = m_config.cursor;
    env.defaultIdleTimeoutMs = m_config.idleTimeoutMs;
    env.spoolRoot = AppPaths::dataDir() + QStringLiteral("/spool");
    // --git-cache-mib 0: no mirrors at all, every fetch from the server.
    if (m_config.gitCacheMib > 0) {
        env.gitCacheRoot = AppPaths::cacheDir() + QStringLiteral("/git");
        env.gitCacheLimitBytes = m_config.gitCacheMib * 1024 * 1024;
    }
    env.snapshotRoot = AppPaths::snapshotDir(); // §6.9: kept on this machine, owner-only
    env.snapshotLimits.maxBytes = m_config.snapshotStoreMib * 1024 * 1024;
    env.teardownLeftovers = [this](const QString &runId) { m_sandboxes->teardownLeftovers(runId); };
    m_runs = std::make_unique<RunManager>(env, m_config.slotCount);
    // The age bound holds even when no run keeps a workspace for a while.
    if (!m_snapshotPrune && QFileInfo::exists(env.snapshotRoot)) {
        m_snapshotPrune.reset(QThread::create([root = env.snapshotRoot, limits = env.snapshotLimits] {
            const SystemClock clock;
            const SnapshotStore::PruneReport report = SnapshotStore(root, clock, limits).prune();
            if (report.expired + report.evicted > 0)
                logger->info(
                    "snapshots: {} expired and {} over the size limit removed", report.expired, report.evicted);
        }));
        m_snapshotPrune->start();
    }
    m_claims = std::make_unique<ClaimLoop>(*m_api, *m_identity, m_clock);
    // §8: with no provider on, the Runner stays connected but never claims.
    m_claims->setFreeSlots([this] { return m_sandboxes->anyRealisable() ? m_runs->freeSlots() : 0; });
    m_control = std::make_unique<ControlChannel>(*m_api, *m_identity, m_clock);
    connect(m_claims.get(), &ClaimLoop::claimed, m_runs.get(), &RunManager::start);
    connect(m_runs.get(), &RunManager::runUpdated, this, &Runner::runUpdated);
    connect(m_runs.get(), &RunManager::runsChanged, this, [this] {
        m_presence->setSlots(m_config.slotCount, m_runs->busy(), m_runs->activeRunIds());
        m_claims->poke();
        updateSleepLocks();
        emit runsChanged(m_runs->busy());
    });
    connect(m_runs.get(), &RunManager::observationsDelivered, this, [this] {
        if (m_preparingForSleep && m_sleepHeartbeatDone)
            finishSleepPreparation();
    });
    connect(
        m_runs.get(), &RunManager::runStarted, this, [this](const RunSummary &run) { emit runStarted(withLink(run)); });
    connect(m_runs.get(), &RunManager::runEnded, this, [this](const RunSummary &run) {
        noteRunEnded(run);
        emit runEnded(withLink(run));
    });
    connect(m_control.get(), &ControlChannel::cancelRun, this,
        [this](const QString &runId) { m_runs->cancel(runId, wireName(SettleReason::CancelRequested)); });
    connect(m_control.get(), &ControlChannel::drain, this, [this] { setDraining(true); });
    connect(m_control.get(), &ControlChannel::resume, this, [this] { setDraining(false); });
    connect(m_control.get(), &ControlChannel::runDirective, m_runs.get(), &RunManager::directive);
    connect(m_runs.get(), &RunManager::approvalRequested, this,
        [this](const QString &runId, const QString &sessionId, const QJsonObject &data) {
            const QString link = m_identity ? m_identity->grant().approvalLinkTemplate : QString();
            emit approvalRequested(ApprovalRequest::from(runId, sessionId, data, link));
        });
    connect(m_runs.get(), &RunManager::approvalResolved, this, &Runner::approvalResolved);

    connect(m_identity.get(), &WorkloadIdentity::acquired, this, &Runner::onAcquired);
    connect(m_identity.get(), &WorkloadIdentity::fatal, this, &Runner::onFatal);
    connect(m_identity.get(), &WorkloadIdentity::connectionTrouble, this, &Runner::reportOffline);
    connect(m_presence.get(), &PresenceReporter::heartbeatAccepted, this, [this] {
        noteContact();
        if (m_preparingForSleep) {
            m_sleepHeartbeatDone = true;
            if (m_runs->observationsFlushed())
                finishSleepPreparation();
        }
        if (isWindingDown())
            return;
        applyStatus();
        // §6.1 ordering: claim only after a heartbeat that said ready was answered.
        if (!isDraining() && m_presence->status() == PresenceReporter::Status::Ready)
            m_claims->setEnabled(true);
    });
    connect(m_presence.get(), &PresenceReporter::heartbeatFailed, this, &Runner::reportOffline);
    connect(m_presence.get(), &PresenceReporter::heartbeatFailed, this, [this] {
        // Offline before sleep: nothing more to say; the spool keeps the output for after wake.
        if (m_preparingForSleep)
            finishSleepPreparation();
    });
    connect(m_presence.get(), &PresenceReporter::directive, this, [this](const QString &type) {
        logger->info("directive from the control plane: {}", type);
        setDraining(type == QLatin1String("drain"));
    });

    // Docker came or went: advertise what is realisable now, and get a ceiling that includes it.
    connect(m_sandboxes.get(), &SandboxSet::changed, this, [this] {
        logger->info("sandbox tiers now: {}", m_sandboxes->posture());
        if (m_identity && m_identity->hasToken())
            m_identity->exchange();
        m_claims->poke();
    });
    if (!m_sandboxes->anyRealisable()) {
        const QString text = tr(
            "No sandbox provider is enabled (see --sandbox and %1): this Runner stays connected but takes no work.")
                                 .arg(ConfigKeys::name(EnvVar::EnableHostProcessSandbox));
        logger->warn("{}", text);
        emit warning(text);
    }

    if (m_config.pairingCode) {
        pairWithCode();
    } else if (!m_config.workspaceToken.isEmpty()) {
        m_workspaceRunner = true;
        beginIdentity(m_config.workspaceToken, lockKeyFor(m_endpoint, m_config.workspaceToken));
    } else {
        useStoredCredential();
    }
}

void Runner::pairWithCode()
{
    const PairingCode code = PairingCode::parse(*m_config.pairingCode);
    if (!code.isValid()) {
        fail(RunnerState::Failed, RunnerExit::Usage, code.error());
        return;
    }
    // Make sure the credential can be kept before using up the one-use code.
    m_store.read(QString::fromLatin1(ProbeAccount), [this, code](const CredentialResult &probe) {
        if (m_phase == Phase::Ended) // stopped while the store answered: keep the one-use code
            return;
        if (probe.status == CredentialResult::Status::Unavailable
            || probe.status == CredentialResult::Status::Refused) {
            fail(RunnerState::Failed, RunnerExit::CredentialStoreUnavailable,
                tr("The pairing code was not used: %1").arg(probe.message));
            return;
        }
        moveTo(Phase::Pairing, RunnerState::Pairing, tr("Redeeming pairing code %1").arg(code.redacted()));
        m_pairing = std::make_unique<PairingRedemption>(*m_api);
        connect(m_pairing.get(), &PairingRedemption::redeemed, this, &Runner::onPaired);
        connect(m_pairing.get(), &PairingRedemption::failed, this, [this](const ApiError &, const QString &message) {
            // A stop ends the Runner (cleanly) before it aborts the redemption: no failed pairing then.
            if (m_phase == Phase::Ended)
                return;
            fail(RunnerState::Failed, RunnerExit::PairingFailed, message);
        });
        connect(m_pairing.get(), &PairingRedemption::connectionTrouble, this, [this](const ApiError &e, int retryInMs) {
            moveTo(Phase::Pairing, RunnerState::Pairing,
                tr("Cannot reach the control plane (%1). Retrying in %2 s.")
                    .arg(e.describe())
                    .arg((retryInMs + 999) / 1000));
        });
        m_pairing->redeem(code, m_config.label);
    });
}

void Runner::onPaired(const PairingResult &result)
{
    const QString oldAccount
        = m_settings.isPaired() ? CredentialStore::accountFor(m_settings.endpoint, m_settings.runnerId) : QString();
    const QString oldCursorAccount = CursorKeyStore::account(m_settings);
    m_runnerId = result.runnerId;
    const QString credential = result.bootstrapCredential;
    const QString lockKey = lockKeyFor(m_endpoint, credential);

    m_settings.endpoint = m_endpoint;
    m_settings.label = m_config.label;
    m_settings.credentialStore
        = m_store.backendName() == QLatin1String("file") ? QStringLiteral("file") : QStringLiteral("keychain");
    m_settings.runnerId = result.runnerId;
    m_settings.workspaceId = result.workspaceId;
    m_settings.runnerPool = result.runnerPool;
    m_settings.ownerPrincipalId = result.owner.principalId;
    m_settings.ownerMachineLabel = result.owner.machineLabel;

    m_store.write(account(), credential,
        [this, credential, lockKey, oldAccount, oldCursorAccount](const CredentialResult &written) {
            if (!written.ok()) {
                // The code is spent; run on the in-memory credential rather than lose the pairing outright.
                const QString text
                    = tr("Paired, but the credential could not be stored (%1). This session works; after "
                         "a restart you will need a new pairing code.")
                          .arg(written.message);
                credentialsLogger->error("{}", text);
                emit warning(text);
            } else {
                credentialsLogger->info("bootstrap credential stored in {}", m_store.backendName());
                QString error;
                if (!m_settings.save(&error))
                    emit warning(error);
                if (!oldAccount.isEmpty() && oldAccount != account())
                    m_store.remove(oldAccount, [](const CredentialResult &) {});
                // The Cursor API key belonged to the pairing just replaced (one stored before keys had a pairing, to
                // none): a new control plane never gets it. A front end that keeps it stores it under the new pairing.
                CursorKeyStore::forget(m_store, oldCursorAccount, {});
            }
            beginIdentity(credential, lockKey);
        });
}

void Runner::useStoredCredential()
{
    if (!m_settings.isPaired()) {
        fail(RunnerState::NotPaired, RunnerExit::NotPaired,
            tr("This machine is not paired yet. Ask your administrator for a pairing code, then run "
               "checkfu-runner start --endpoint URL --code CFU-XXXX-XXXX-XXXX."));
        return;
    }
    const QUrl stored = EndpointPolicy::normalized(m_settings.endpoint.toString());
    if (!m_config.endpoint.isEmpty() && stored != m_endpoint) {
        fail(RunnerState::NotPaired, RunnerExit::NotPaired,
            tr("This machine is paired with %1, not %2. Leave out --endpoint to use the pairing, or pair with a "
               "code for %2 (it replaces the current pairing).")
                .arg(stored.toString(), m_endpoint.toString()));
        return;
    }
    m_runnerId = m_settings.runnerId;
    m_store.read(account(), [this](const CredentialResult &r) {
        switch (r.status) {
        case CredentialResult::Status::Ok:
            beginIdentity(r.secret, lockKeyFor(m_endpoint, r.secret));
            return;
        case CredentialResult::Status::NotFound:
            fail(RunnerState::NotPaired, RunnerExit::NotPaired,
                tr("This machine's credential (runner %1) is not in the %2. Pair again with a new code.")
                    .arg(m_runnerId, m_store.backendName()));
            return;
        default:
            fail(RunnerState::Failed, RunnerExit::CredentialStoreUnavailable, r.message);
            return;
        }
    });
}

void Runner::beginIdentity(const QString &credential, const QString &lockKey)
{
    if (m_phase == Phase::Ended) // stopped while the credential was read or stored
        return;
    if (!m_lock) {
        m_lock = std::make_unique<InstanceLock>(lockKey);
        if (!m_lock->tryLock()) {
            const QString message = m_lock->conflictMessage();
            const RunnerExit exit = m_lock->unsafeReason().isEmpty() ? RunnerExit::AlreadyRunning : RunnerExit::Failed;
            m_lock.reset(); // not ours: never unlock another process's lock
            fail(RunnerState::Failed, exit, message);
            return;
        }
    }
    m_identity->setBootstrapCredential(credential);
    if (!moveTo(Phase::Connecting, RunnerState::Connecting, tr("Connecting to %1").arg(m_endpoint.toString())))
        return;
    m_identity->exchange();
}

void Runner::onAcquired(const IdentityGrant &grant)
{
    if (m_phase == Phase::Ended)
        return;
    noteContact();
    if (m_runnerId != grant.runnerId) {
        m_runnerId = grant.runnerId;
    }
    if (!m_workspaceRunner && grant.owner
        && (m_settings.ownerPrincipalId != grant.owner->principalId
            || m_settings.ownerMachineLabel != grant.owner->machineLabel
            || m_settings.runnerPool != grant.runnerPool)) {
        m_settings.ownerPrincipalId = grant.owner->principalId;
        m_settings.ownerMachineLabel = grant.owner->machineLabel;
        m_settings.runnerPool = grant.runnerPool;
        m_settings.save();
    }
    m_presence->setInterval(grant.heartbeatIntervalSeconds);
    if (m_firstGrant) {
        m_firstGrant = false;
        m_control->start();
        // Only now: the instance lock is ours, so no live Runner's containers can be swept.
        m_sandboxes->sweepLeftovers();
        m_runs->recover();
    } else {
        m_claims->poke();
        m_control->poke();
        m_runs->resumeAll();
    }
    if (isWindingDown()) {
        if (m_runs->isIdle())
            signOffWhenIdle();
        return;
    }
    if (m_presence->isRunning())
        m_presence->beatNow();
    else
        m_presence->start();
}

void Runner::noteContact()
{
    m_lastContact = m_clock.now();
    emit contactChanged();
}

void Runner::reportOffline(const ApiError &error, int retryInMs)
{
    m_nextRetry = m_clock.now().addMSecs(retryInMs);
    emit contactChanged();
    if (!isWindingDown())
        moveTo(Phase::Offline, RunnerState::Offline,
            tr("Cannot reach the control plane (%1). Retrying in %2 s.")
                .arg(error.describe())
                .arg((retryInMs + 999) / 1000));
}

void Runner::applyStatus()
{
    if (isDraining())
        moveTo(Phase::Online, RunnerState::Draining, drainText(m_drainReasons, m_power->state()));
    else if (m_state != RunnerState::Ready) // every heartbeat lands here: build the message only on a change
        moveTo(Phase::Online, RunnerState::Ready, tr("Connected to %1").arg(m_endpoint.toString()));
}

QString Runner::drainText(DrainReasons reasons, const PowerState &power)
{
    if (reasons == DrainReasons())
        return {};
    // A person's (or the control plane's) drain says what it always said; the machine's reasons say why.
    if (reasons.testFlag(DrainReason::Requested))
        return tr("Connected; taking no new work");
    QStringList why;
    if (reasons.testFlag(DrainReason::Battery))
        why << (power.batteryPercent >= 0 ? tr("on battery (%1 %)").arg(power.batteryPercent) : tr("on battery"));
    if (reasons.testFlag(DrainReason::Metered))
        why << tr("on a metered network");
    return tr("Paused: %1").arg(why.join(tr(" and ")));
}

void Runner::setDraining(bool draining)
{
    setDrainReason(DrainReason::Requested, draining);
}

void Runner::setDrainReason(DrainReason reason, bool on)
{
    if (m_drainReasons.testFlag(reason) == on || isWindingDown())
        return;
    const bool wasDraining = isDraining();
    m_drainReasons.setFlag(reason, on);
    const bool draining = isDraining();
    emit powerChanged();
    if (draining == wasDraining) {
        // Only the why changed: the status line follows, presence and claims stay as they are.
        if (m_phase == Phase::Online)
            applyStatus();
        return;
    }
    logger->info(draining ? "draining: no new claims" : "resumed: claiming again");
    if (draining && m_claims)
        m_claims->setEnabled(false); // abort the outstanding claim before saying draining
    if (m_presence) {
        m_presence->setStatus(draining ? PresenceReporter::Status::Draining : PresenceReporter::Status::Ready);
        if (m_phase == Phase::Online)
            applyStatus();
    }
}

void Runner::applyPower()
{
    const PowerState power = m_power->state();
    const int threshold = m_config.drainBelowBatteryPercent;
    setDrainReason(DrainReason::Battery,
        threshold > 0 && power.onBattery && power.batteryPercent >= 0 && power.batteryPercent < threshold);
    setDrainReason(DrainReason::Metered, m_config.drainOnMetered && power.metered);
    // "on battery (18 %)" follows the battery while it drains.
    if (m_phase == Phase::Online && isDraining())
        applyStatus();
    updateSleepLocks();
    emit powerChanged();
}

void Runner::updateSleepLocks()
{
    const bool active = m_runs && m_runs->busy() > 0 && m_phase != Phase::Ended;
    SleepLocks locks;
    // The delay lock is given up to let the machine sleep; it is taken again on wake.
    locks.delay = active && !m_preparingForSleep;
    switch (m_config.keepAwake) {
    case KeepAwake::Always:
        locks.block = active;
        break;
    case KeepAwake::OnAcPower:
        locks.block = active && !m_power->state().onBattery;
        break;
    case KeepAwake::Never:
        locks.block = false;
        break;
    }
    m_power->holdSleepLocks(locks);
}

void Runner::prepareForSleep()
{
    m_sleptAt = m_clock.now();
    m_runsAtSleep = m_runs ? m_runs->activeRunIds() : QStringList();
    m_wokeAt = QDateTime();
    if (m_phase == Phase::Ended || !m_runs || !m_presence) {
        updateSleepLocks();
        return;
    }
    logger->info("sleep: delivering the runs' output and a heartbeat first");
    m_preparingForSleep = true;
    m_sleepHeartbeatDone = false;
    m_sleepTimer.start(SleepPreparationTimeoutMs);
    m_runs->flushObservations();
    // A heartbeat now tells the control plane this Runner was alive up to the sleep.
    if (m_presence->isRunning() && m_identity && m_identity->hasToken())
        m_presence->beatNow();
    else
        m_sleepHeartbeatDone = true;
    if (m_sleepHeartbeatDone && m_runs->observationsFlushed())
        finishSleepPreparation();
}

void Runner::finishSleepPreparation()
{
    if (!m_preparingForSleep)
        return;
    m_preparingForSleep = false;
    m_sleepTimer.stop();
    logger->info("sleep: ready; releasing the delay lock");
    // Not through updateSleepLocks(): until wake, no delay lock is wanted.
    SleepLocks locks = m_power->sleepLocks();
    locks.delay = false;
    m_power->holdSleepLocks(locks);
}

void Runner::onResumed()
{
    m_preparingForSleep = false;
    m_sleepTimer.stop();
    m_wokeAt = m_clock.now();
    m_runsLostToSleep = 0;
    const qint64 sleptMs = m_sleptAt.isValid() ? std::max<qint64>(0, m_sleptAt.msecsTo(m_wokeAt)) : 0;
    logger->info("woke up after {} s; checking the connection", sleptMs / 1000);
    updateSleepLocks();
    checkConnectionNow();
    recheckSandboxes(); // a Docker daemon may have come or gone while the machine slept
    emit wokeUp(m_wokeAt, sleptMs, 0);
}

void Runner::noteRunEnded(const RunSummary &run)
{
    // Given up (lease lost) soon after a wake, and held when the machine fell asleep: lost to the sleep.
    if (!run.outcome.isEmpty() || !m_wokeAt.isValid() || !m_runsAtSleep.contains(run.runId)
        || m_wokeAt.msecsTo(m_clock.now()) > WakeLossWindowMs)
        return;
    ++m_runsLostToSleep;
    logger->warn("run {} was lost to the sleep: {} run(s) so far", run.runId, m_runsLostToSleep);
    emit wokeUp(m_wokeAt, std::max<qint64>(0, m_sleptAt.msecsTo(m_wokeAt)), m_runsLostToSleep);
}

void Runner::onFatal(const ApiError &error, const QString &message)
{
    if (m_phase == Phase::Ended)
        return;
    if (m_presence)
        m_presence->stop();
    // §3: stop claiming and terminate the runs' processes; their writes are fenced anyway.
    if (m_claims)
        m_claims->setEnabled(false);
    if (m_control)
        m_control->stop();
    if (m_runs)
        m_runs->abandonAll();
    const bool revoked = error.is(ErrorCode::CredentialRevoked);
    const bool fenced = error.is(ErrorCode::GenerationRevoked);
    if ((revoked || fenced) && !m_workspaceRunner) {
        forgetCredential([this, revoked, message] {
            fail(revoked ? RunnerState::Revoked : RunnerState::Fenced,
                revoked ? RunnerExit::Revoked : RunnerExit::Fenced, message);
        });
        return;
    }
    if (revoked || fenced) {
        fail(revoked ? RunnerState::Revoked : RunnerState::Fenced, revoked ? RunnerExit::Revoked : RunnerExit::Fenced,
            message + QLatin1Char(' ')
                + tr("The Workspace key in %1 is dead; ask for a new one.").arg(ConfigKeys::name(EnvVar::RunnerToken)));
        return;
    }
    fail(RunnerState::Failed, RunnerExit::Failed, message);
}

void Runner::forgetCredential(std::function<void()> then)
{
    const QString acct = account();
    m_settings.clearPairing();
    m_settings.save();
    m_store.remove(acct, [then](const CredentialResult &r) {
        if (r.ok())
            credentialsLogger->info("stored credential forgotten");
        else
            credentialsLogger->error("could not remove the stored credential: {}", r.message);
        then();
    });
}

void Runner::stop()
{
    if (isWindingDown())
        return;
    if (!m_identity || (!m_identity->hasToken() && (!m_runs || m_runs->isIdle()))) {
        // Nothing to sign off from: pairing or the first exchange is still under way. Ending
        // aborts them.
        endStopped(tr("Stopped"));
        return;
    }
    m_claims->setEnabled(false);
    moveTo(Phase::Stopping, RunnerState::Stopping,
        m_runs->isIdle() ? tr("Stopping: signing off")
                         : tr("Stopping: finishing %n owned run(s), then signing off", nullptr, m_runs->busy()));
    m_presence->setStatus(PresenceReporter::Status::Stopping);
    if (m_runs->isIdle()) {
        // Say "stopping" first so the dashboard shows it, but never wait long for that. A heartbeat
        // in flight at the stop still says "ready": its answer is not the one waited for.
        connect(m_presence.get(), &PresenceReporter::heartbeatAccepted, this, [this] {
            if (m_presence->acceptedStatus() == PresenceReporter::Status::Stopping)
                signOffAndFinish();
        });
        connect(m_presence.get(), &PresenceReporter::heartbeatFailed, this, &Runner::signOffAndFinish,
            Qt::SingleShotConnection);
        m_stopTimer.start(StoppingHeartbeatTimeoutMs);
    } else {
        connect(m_runs.get(), &RunManager::idle, this, &Runner::signOffWhenIdle, Qt::SingleShotConnection);
    }
}

void Runner::signOffWhenIdle()
{
    if (m_phase == Phase::Stopping && m_runs->isIdle())
        signOffAndFinish();
}

void Runner::signOffAndFinish()
{
    // Shown as Stopping still, with the message it had.
    if (!moveTo(Phase::SigningOff, m_state, m_message))
        return;
    m_stopTimer.stop();
    // §3: abort the long polls; in-flight writes are done (no runs left) before the token dies.
    m_claims->setEnabled(false);
    m_control->stop();
    m_presence->stop();
    connect(
        m_identity.get(), &WorkloadIdentity::signedOff, this, [this] { endStopped(tr("Stopped and signed off")); },
        Qt::SingleShotConnection);
    m_identity->signOff();
}

void Runner::stopNow()
{
    if (m_phase == Phase::Ended)
        return;
    if (m_runs)
        m_runs->cancelAll(wireName(SettleReason::RunnerStopped));
    if (!isWindingDown())
        stop();
    else if (m_runs && m_runs->isIdle() && m_identity && m_identity->hasToken())
        signOffAndFinish();
}

} // namespace runnercore
