#include <runnercore/work/RunExecution.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/SafeTime.h>
#include <runnercore/harness/AcpDriver.h>
#include <runnercore/harness/HarnessDriver.h>
#include <runnercore/harness/OneshotDriver.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/model/Admission.h>
#include <runnercore/model/SettleReason.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/relay/McpRelay.h>
#include <runnercore/sandbox/ProcessTable.h>
#include <runnercore/sandbox/SandboxProvider.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/work/ObservationSpool.h>

#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/GitTool.h>
#include <runnercore/workspace/MountPlacement.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>

namespace runnercore {

namespace {

const HeldLogger logger("runs");

} // namespace

namespace {
bool rawSpecIsZdr(const QJsonObject &raw)
{
    return raw.value(QLatin1String("environment"))
               .toObject()
               .value(QLatin1String("requirements"))
               .toObject()
               .value(QLatin1String("retention"))
        == wireName(RetentionMode::EphemeralZdr);
}

// Titles and the driver only: nothing of the run's content goes into a summary.
// `operation` on the run's workspace directory, opened without following a link, into *result.
void onDirectory(
    const QString &dir, SnapshotStore::Result *result, const std::function<SnapshotStore::Result(int fd)> &operation)
{
    const UniqueFd fd(::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (fd.valid())
        *result = operation(fd.get());
    else
        result->error = FileTree::systemError(errno);
}

RunSummary summaryOf(const RunClaim &claim)
{
    RunSummary s;
    s.runId = claim.runId;
    s.sessionId = claim.sessionId;
    if (const auto *spec = std::get_if<RunSpec>(&claim.spec)) {
        s.title = spec->title;
        s.driver = RunSummary::driverName(spec->driver);
    } else {
        // An invalid spec is refused, but a readable title still says which run it was.
        s.title = claim.rawSpec.value(QLatin1String("title")).toString();
        s.driver = RunSummary::driverName(
            claim.rawSpec.value(QLatin1String("harness")).toObject().value(QLatin1String("driver")).toString());
    }
    s.title.truncate(RunSummary::MaxTitleChars);
    return s;
}
} // namespace

RunExecution::RunExecution(const RunClaim &claim, const RunEnvironment &env, QObject *parent)
    : QObject(parent), m_claim(claim), m_env(env), m_summary(summaryOf(claim))
{
    ObservationSpool::Meta meta;
    meta.runId = claim.runId;
    meta.claimId = claim.claimId;
    meta.sessionId = claim.sessionId;
    meta.leaseTtlSeconds = claim.leaseTtlSeconds;
    // Memory only for ZDR, even when the rest of the spec is unreadable: never risk spilling content.
    meta.durable = !rawSpecIsZdr(claim.rawSpec);
    auto spool = std::make_unique<ObservationSpool>(env.spoolRoot, claim.runId);
    QString error;
    if (!spool->create(meta, &error))
        logger->error("run {}: {}", claim.runId, error);
    m_pipeline = new ObservationPipeline(*env.api, *env.identity, *env.clock, *env.masker, std::move(spool), this);
    connect(m_pipeline, &ObservationPipeline::settled, this, [this] {
        m_done = true;
        emit finished(m_claim.runId);
    });
    connect(m_pipeline, &ObservationPipeline::leaseLost, this, [this] {
        logger->warn("run {}: lease lost; stopping it", m_claim.runId);
        abandon();
    });
    connect(m_pipeline, &ObservationPipeline::cancelRequested, this,
        [this] { cancel(wireName(SettleReason::CancelRequested)); });
    connect(m_pipeline, &ObservationPipeline::bufferExhausted, this,
        [this] { endWith(wireName(SettleReason::ZdrBufferExhausted)); });
    // Precise: a coarse timer may fire up to 5 % early, and these limits are promises (§6.7).
    m_deadline.setSingleShot(true);
    m_deadline.setTimerType(Qt::PreciseTimer);
    m_idle.setTimerType(Qt::PreciseTimer);
    connect(&m_deadline, &QTimer::timeout, this, [this] { endWith(wireName(SettleReason::DeadlineExceeded)); });
    m_idle.setSingleShot(true);
    connect(&m_idle, &QTimer::timeout, this, [this] { endWith(wireName(SettleReason::IdleTimeout)); });
    m_windDown.setSingleShot(true);
    connect(&m_windDown, &QTimer::timeout, this, &RunExecution::terminateHarness);
    if (!env.snapshotRoot.isEmpty() && env.clock)
        m_snapshots = std::make_shared<SnapshotStore>(env.snapshotRoot, *env.clock, env.snapshotLimits);
}

void RunExecution::forgetSecrets()
{
    if (m_env.masker) {
        for (const QString &secret : std::as_const(m_runSecrets))
            m_env.masker->removeSecret(secret);
    }
    m_runSecrets.clear();
}

RunExecution::~RunExecution()
{
    if (m_worker) {
        m_snapshots->cancel();
        m_worker->wait();
        delete m_worker;
    }
    forgetSecrets();
    if (m_process && m_process->isRunning())
        m_process->kill();
}

bool RunExecution::isHarnessRunning() const
{
    return m_process && m_process->isRunning();
}

QDateTime RunExecution::now() const
{
    return m_env.clock ? m_env.clock->now() : QDateTime::currentDateTimeUtc();
}

void RunExecution::noteEnd(const QString &outcome, const QString &reason)
{
    if (m_summary.hasEnded())
        return;
    m_summary.outcome = outcome;
    m_summary.reason = reason;
    m_summary.endedAt = now();
}

void RunExecution::start()
{
    m_wall.start();
    m_summary.startedAt = now();
    m_pipeline->start();
    const AdmissionDecision decision
        = Admission::check(m_claim.spec, m_env.ceiling(), m_env.realisable(), m_env.cursor);
    if (!decision.admitted) {
        refuse(decision.reason, decision.message);
        return;
    }
    SandboxProvider *provider = m_env.provider(decision.providerId);
    if (!provider) {
        refuse(wireName(SettleReason::TierUnavailable),
            QCoreApplication::translate("RunExecution", "the sandbox provider %1 is not enabled on this machine")
                .arg(decision.providerId));
        return;
    }
    // Never an empty or other workspace for a snapshot this machine does not hold (§6.9).
    if (const QString why = snapshotProblem(std::get<RunSpec>(m_claim.spec)); !why.isEmpty()) {
        refuse(wireName(SettleReason::SnapshotUnavailable), why);
        return;
    }
    launch(std::get<RunSpec>(m_claim.spec), provider);
}

void RunExecution::refuse(const QString &reason, const QString &message)
{
    logger->info("run {} refused: {} ({})", m_claim.runId, reason, message);
    m_summary.tier.clear(); // it never ran in one
    m_pipeline->append(QStringLiteral("run.refused"),
        QJsonObject { { QStringLiteral("reason"), reason }, { QStringLiteral("message"), message } });
    noteEnd(QStringLiteral("refused"), reason);
    m_pipeline->settle({ QStringLiteral("refused"), reason, std::nullopt, std::nullopt, std::nullopt });
}

void RunExecution::launch(const RunSpec &spec, SandboxProvider *provider)
{
    m_provider = provider;
    m_summary.tier = provider->id();
    // LFS needs git-lfs for its local half: never a checkout that silently lacks the objects (§6.8).
    if (std::any_of(spec.mounts.cbegin(), spec.mounts.cend(), [](const RunMount &m) { return m.git && m.git->lfs; })
        && !(m_env.gitLfsInstalled ? m_env.gitLfsInstalled() : GitTool::hasLfs())) {
        m_provider = nullptr;
        refuse(wireName(SettleReason::MountUnsupported),
            QCoreApplication::translate("RunExecution",
                "the run asks for a git mount with lfs: true, and git-lfs is not installed (apt install git-lfs)"));
        return;
    }
    if (const QString why = planeMcpProblem(spec, provider); !why.isEmpty()) {
        m_provider = nullptr;
        refuse(wireName(SettleReason::PlaneProtocolUnsupported), why);
        return;
    }
    // The mounts' credentials are secrets of the run (§6.8): masked in every event and log line.
    for (const RunMount &mount : spec.mounts) {
        if (mount.git && mount.git->credential && m_env.masker) {
            m_env.masker->addSecret(mount.git->credential->secret);
            m_runSecrets.append(mount.git->credential->secret);
        }
    }
    QElapsedTimer prepared;
    prepared.start();
    QString error;
    if (!provider->prepare(m_claim.runId, spec, &error)) {
        // A ZDR run's file names are content too: the details go only to the run's own events.
        if (spec.isZeroDataRetention())
            logger->error("run {}: cannot prepare its workspace", m_claim.runId);
        else
            logger->error("run {}: cannot prepare its workspace: {}", m_claim.runId, error);
        onHarnessFinished(-1, 0, error);
        return;
    }
    // A guarded tier that cannot show this harness says why, as a refusal (§6.2), before anything runs.
    if (const QString why = provider->refusal(m_claim.runId, spec); !why.isEmpty()) {
        m_finishing = true;
        provider->teardown(m_claim.runId);
        refuse(wireName(SettleReason::TierUnavailable), why);
        return;
    }
    if (spec.mounts.isEmpty()) {
        beforeHarness(spec);
        return;
    }
    materialise(spec, prepared.elapsed());
}

void RunExecution::materialise(const RunSpec &spec, qint64 preparedMs)
{
    // Materialisation counts toward max_duration_seconds (§6.8).
    if (spec.resources.maxDurationSeconds > 0)
        m_deadline.start(SafeTime::timerMsFromSeconds(spec.resources.maxDurationSeconds));
    Materialization::Setup setup;
    setup.spec = spec;
    setup.workspaceDir = QDir::cleanPath(m_provider->workspacePath(m_claim.runId));
    setup.homeDir = QDir::cleanPath(m_provider->homePath(m_claim.runId));
    setup.scratchDir = QDir::cleanPath(m_provider->scratchPath(m_claim.runId)) + QStringLiteral("/.checkfu-git");
    QDir().mkpath(setup.scratchDir);
    QFile::setPermissions(setup.scratchDir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    setup.gitProgram = GitTool::program();
    setup.preparedMs = preparedMs;
    // An ephemeral_zdr run neither reads nor fills a mirror (§6.8).
    if (!spec.isZeroDataRetention())
        setup.cacheRoot = m_env.gitCacheRoot;
    setup.cacheLimitBytes = m_env.gitCacheLimitBytes;
    setup.snapshots = m_snapshots;
    m_materialization = new Materialization(setup, this);
    m_summary.repository = m_materialization->repositoryText();
    connect(m_materialization, &Materialization::progress, this, [this](const QString &text, int percent) {
        if (text == m_summary.phase && percent == m_summary.phasePercent)
            return;
        // The log at info level: each phase once, and every tenth percent.
        if (text != m_summary.phase || (percent >= 0 && percent / 10 != m_summary.phasePercent / 10))
            logger->info(
                "run {}: {}{}", m_claim.runId, text, percent >= 0 ? QStringLiteral(" %1 %").arg(percent) : QString());
        m_summary.phase = text;
        m_summary.phasePercent = percent;
        emit summaryChanged(m_claim.runId);
    });
    connect(m_materialization, &Materialization::finished, this, &RunExecution::onMaterialised);
    // The spec this run keeps holds no credential any more: git has it in its environment.
    if (auto *kept = std::get_if<RunSpec>(&m_claim.spec)) {
        for (RunMount &mount : kept->mounts) {
            if (mount.git)
                mount.git->credential.reset();
        }
    }
    m_claim.rawSpec = QJsonObject();
    m_summary.phase = QCoreApplication::translate("RunExecution", "Preparing the workspace");
    emit summaryChanged(m_claim.runId);
    m_materialization->start();
}

void RunExecution::onMaterialised(bool ok)
{
    Materialization *materialization = std::exchange(m_materialization, nullptr);
    materialization->deleteLater();
    m_summary.phase.clear();
    m_summary.phasePercent = -1;
    emit summaryChanged(m_claim.runId);
    if (!ok && materialization->snapshotUnavailable() && m_endReason.isEmpty()) {
        m_finishing = true;
        m_deadline.stop();
        m_provider->teardown(m_claim.runId);
        refuse(wireName(SettleReason::SnapshotUnavailable),
            materialization->failedData().value(QLatin1String("message")).toString());
        return;
    }
    if (!ok) {
        const QJsonObject failed = materialization->failedData();
        logger->warn("run {}: workspace failed: {} ({})", m_claim.runId,
            failed.value(QLatin1String("target")).toString(), failed.value(QLatin1String("message")).toString());
        // A cancel is not a mount that cannot be materialised; a deadline is.
        if (m_endReason.isEmpty() || m_endReason == wireName(SettleReason::DeadlineExceeded))
            m_pipeline->append(QStringLiteral("workspace.failed"), failed);
        if (m_endReason.isEmpty())
            m_endReason = wireName(SettleReason::MaterializationFailed);
        onHarnessFinished(-1, 0, QString());
        return;
    }
    m_pipeline->append(QStringLiteral("workspace.ready"), materialization->readyData());
    const RunSpec &spec = std::get<RunSpec>(m_claim.spec);
    // Writable memory: what it holds now is what the harness's changes are compared with.
    for (const RunMount &mount : spec.mounts) {
        if (mount.kind == QLatin1String("memory") && mount.writable) {
            const QString dir = MountPlacement::of(spec, mount)
                                    .hostPath(QDir::cleanPath(m_provider->workspacePath(m_claim.runId)),
                                        QDir::cleanPath(m_provider->homePath(m_claim.runId)));
            m_memory.append({ mount, MemoryChanges::take(dir) });
        }
    }
    beforeHarness(spec);
}

void RunExecution::reportMemoryChanges()
{
    if (!m_provider || !m_process)
        return;
    const RunSpec &spec = std::get<RunSpec>(m_claim.spec);
    for (const auto &[mount, before] : std::as_const(m_memory)) {
        const QString dir = MountPlacement::of(spec, mount)
                                .hostPath(QDir::cleanPath(m_provider->workspacePath(m_claim.runId)),
                                    QDir::cleanPath(m_provider->homePath(m_claim.runId)));
        const MemoryChanges::Report report = MemoryChanges::compare(mount.target, dir, before);
        for (const QString &path : report.skipped)
            m_pipeline->append(QStringLiteral("run.warning"),
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory_not_regular") },
                    { QStringLiteral("message"),
                        QCoreApplication::translate(
                            "RunExecution", "%1 in the memory at %2 is not a regular file; it is not reported")
                            .arg(path, mount.target) } });
        for (const QJsonObject &event : report.events)
            m_pipeline->append(QStringLiteral("memory.changed"), event);
        if (report.tooLarge)
            m_pipeline->append(QStringLiteral("run.warning"),
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory_too_large") },
                    { QStringLiteral("message"),
                        QCoreApplication::translate("RunExecution",
                            "the changes to the memory at %1 exceed 8 MiB (or one file 1 MiB); the rest is not "
                            "reported")
                            .arg(mount.target) } });
    }
    m_memory.clear();
}

void RunExecution::startHarness(const RunSpec &spec)
{
    SandboxProvider *provider = m_provider;
    HarnessContext context;
    RunSpec launched = spec;
    const bool acp = spec.driver == QLatin1String("checkfu:acp-v1@1");
    if (!spec.planeMcp.isEmpty()) {
        // The bridge entries name only the socket and the entry: no credential in argv or environment.
        const QString socketPath = provider->relaySocketPath(m_claim.runId);
        QString error;
        if (!startRelay(spec, socketPath, &error)) {
            onHarnessFinished(
                -1, 0, QCoreApplication::translate("RunExecution", "cannot open the run's MCP relay: %1").arg(error));
            return;
        }
        const QString command = provider->mcpBridgeCommand();
        const qint64 runnerPid = provider->sharesPidNamespace() ? QCoreApplication::applicationPid() : 0;
        context.mcpServers = McpBridgeProgram::serverEntries(spec.planeMcp, command, socketPath, runnerPid, false);
        if (!acp)
            launched = OneshotDriver::withMcpServers(
                spec, McpBridgeProgram::serverEntries(spec.planeMcp, command, socketPath, runnerPid, true));
    }
    // Admission guarantees the driver is one we advertise.
    if (acp)
        m_driver = new AcpDriver(this);
    else
        m_driver = new OneshotDriver(this);
    m_driver->setSecretMasker(m_env.masker);
    const std::optional<qint64> idle
        = spec.idleTimeoutMs ? spec.idleTimeoutMs : std::optional<qint64>(m_env.defaultIdleTimeoutMs);
    // A timer runs at most about 24.8 days (SafeTime::MaxTimerMs); a longer limit is that long.
    if (idle && *idle > 0)
        m_idle.setInterval(SafeTime::timerMs(*idle));
    m_process = provider->launch(m_claim.runId, launched, this);
    connect(m_process.get(), &SandboxedProcess::started, this, [this, spec] {
        m_harnessStarted = true;
        m_pipeline->append(QStringLiteral("run.started"),
            QJsonObject { { QStringLiteral("provider"), m_provider->id() },
                { QStringLiteral("driver"), m_driver->id() }, { QStringLiteral("pid"), m_process->pid() } });
        if (spec.resources.maxDurationSeconds > 0 && !m_deadline.isActive())
            m_deadline.start(SafeTime::timerMsFromSeconds(spec.resources.maxDurationSeconds));
    });
    connect(m_driver, &HarnessDriver::event, m_pipeline, &ObservationPipeline::append);
    connect(m_driver, &HarnessDriver::activity, this, [this] {
        if (m_idle.isActive())
            m_idle.start();
    });
    // The idle timeout counts silence inside a turn only, and never while a person decides (§6.5, §6.7).
    connect(m_driver, &HarnessDriver::idleWatch, this, [this, idle](bool running) {
        if (running && idle && *idle > 0 && m_endReason.isEmpty() && !m_finishing)
            m_idle.start();
        else
            m_idle.stop();
    });
    connect(m_driver, &HarnessDriver::approvalRequested, this,
        [this](const QJsonObject &data) { emit approvalRequested(m_claim.runId, m_claim.sessionId, data); });
    connect(
        m_driver, &HarnessDriver::approvalResolved, this, [this](const QString &approvalId, const QString &outcome) {
            emit approvalResolved(m_claim.runId, approvalId, outcome);
        });
    connect(m_driver, &HarnessDriver::quiesced, this, [this] {
        if (m_windDown.isActive()) {
            m_windDown.stop();
            terminateHarness();
        }
    });
    connect(m_driver, &HarnessDriver::finished, this, &RunExecution::onHarnessFinished);
    logger->info("run {}: starting {} in {}", m_claim.runId, spec.driver, provider->id());
    context.runId = m_claim.runId;
    context.hostWorkspace = provider->workspacePath(m_claim.runId);
    context.agentWorkspace = provider->harnessWorkspacePath(m_claim.runId, spec);
    context.terminateGraceMs = m_env.terminateGraceMs;
    m_driver->start(m_process.get(), spec, context);
}

QString RunExecution::planeMcpProblem(const RunSpec &spec, SandboxProvider *provider) const
{
    if (spec.planeMcp.isEmpty())
        return QString();
    if (McpBridgeProgram::path().isEmpty())
        return QCoreApplication::translate("RunExecution",
            "the run asks for the platform's MCP servers (plane_mcp), and checkfu-mcp-bridge is not installed beside "
            "the Runner");
    if (provider->mcpBridgeCommand().isEmpty())
        return QCoreApplication::translate("RunExecution",
            "the run asks for the platform's MCP servers (plane_mcp), which the sandbox provider %1 does not relay")
            .arg(provider->id());
    return QString();
}

bool RunExecution::isRunProcess(qint64 pid) const
{
    // The harness's launcher (the reaper, bwrap) leads the tree; a subreaper or a PID namespace
    // keeps every process of the run beneath it, whatever its session or group.
    if (!m_process || pid <= 0)
        return false;
    const auto tree = ProcessTable::read().descendantsOf(pid_t(m_process->pid()));
    return std::any_of(tree.cbegin(), tree.cend(), [pid](const ProcessTable::Entry &e) { return e.pid == pid; });
}

bool RunExecution::startRelay(const RunSpec &spec, const QString &socketPath, QString *error)
{
    McpRelay::Setup setup;
    setup.runId = m_claim.runId;
    setup.claimId = m_claim.claimId;
    setup.socketPath = socketPath;
    for (const PlaneMcp &entry : spec.planeMcp)
        setup.protocolByName.insert(entry.name, entry.protocol);
    setup.peerAllowed = [this](qint64 pid) { return isRunProcess(pid); };
    m_relay = new McpRelay(
        *m_env.api, [identity = m_env.identity] { return identity->token(); }, m_env.masker, setup, this);
    connect(m_relay, &McpRelay::warning, this, [this](const QString &kind, const QString &message) {
        m_pipeline->append(QStringLiteral("run.warning"),
            QJsonObject { { QStringLiteral("kind"), kind }, { QStringLiteral("message"), message } });
    });
    connect(m_relay, &McpRelay::toolCalled, this, [this] {
        m_summary.platformToolCalls = m_relay->toolCalls();
        emit summaryChanged(m_claim.runId);
    });
    return m_relay->listen(error);
}

void RunExecution::endWith(const QString &reason)
{
    if (m_finishing || !m_endReason.isEmpty())
        return;
    m_endReason = reason;
    logger->info("run {}: ending ({})", m_claim.runId, reason);
    m_deadline.stop();
    m_idle.stop();
    // An ACP harness first gets session/cancel and a few seconds to end its turn (§6.7).
    const int windDownMs = m_driver ? m_driver->interrupt(reason) : 0;
    if (m_materialization) {
        m_materialization->cancel(); // a fetch stops at once (§6.8); onMaterialised settles
        return;
    }
    if (m_worker && !m_process) {
        m_snapshots->cancel(); // the materialised tree stops being recorded; its end settles
        return;
    }
    if (m_process && m_process->isRunning()) {
        if (windDownMs > 0)
            m_windDown.start(windDownMs);
        else
            terminateHarness();
    } else if (!m_process) {
        // Nothing runs (refused or not yet launched): settle now.
        onHarnessFinished(-1, 0, QString());
    }
}

void RunExecution::cancel(const QString &reason)
{
    endWith(reason);
}

void RunExecution::terminateHarness()
{
    if (m_process && m_process->isRunning())
        m_process->terminate(m_env.terminateGraceMs);
}

void RunExecution::directive(const QJsonObject &directive)
{
    // §6.10: for the relay, in the order they came; dropped when the run has none (any more).
    if (directive.value(QLatin1String("type")) == QLatin1String("mcp")) {
        if (m_relay)
            m_relay->deliver(directive);
        return;
    }
    if (m_driver && !m_finishing)
        m_driver->directive(directive);
    else
        logger->info("run {}: directive '{}' arrived when no harness runs; ignored", m_claim.runId,
            directive.value(QLatin1String("type")).toString());
}

void RunExecution::onHarnessFinished(int exitCode, int signalNumber, const QString &launchError)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_deadline.stop();
    m_idle.stop();
    m_windDown.stop();
    ObservationPipeline::Settlement s;
    s.wallMs = m_wall.elapsed();
    if (m_process && m_process->cpuMs() >= 0)
        s.cpuMs = m_process->cpuMs();
    // Ended by the Runner (a cancel, a limit) while the harness was still being started: the
    // launcher dies of the termination, and the run ends for the reason it was ended.
    if (!launchError.isEmpty() && m_endReason.isEmpty()) {
        m_pipeline->append(QStringLiteral("run.warning"),
            QJsonObject { { QStringLiteral("message"), launchError },
                { QStringLiteral("kind"), QStringLiteral("launch_failed") } });
        s.outcome = QStringLiteral("failed");
        s.reason = wireName(SettleReason::LaunchFailed);
    } else {
        if (m_process && launchError.isEmpty())
            m_pipeline->append(QStringLiteral("run.exited"),
                QJsonObject {
                    { QStringLiteral("exit_code"), signalNumber ? QJsonValue(QJsonValue::Null) : QJsonValue(exitCode) },
                    { QStringLiteral("signal"),
                        signalNumber ? QJsonValue(signalNumber) : QJsonValue(QJsonValue::Null) } });
        if (m_endReason == wireName(SettleReason::CancelRequested)
            || m_endReason == wireName(SettleReason::RunnerStopped)) {
            s.outcome = QStringLiteral("cancelled");
            s.reason = m_endReason;
        } else if (!m_endReason.isEmpty()) {
            s.outcome = QStringLiteral("failed");
            s.reason = m_endReason;
        } else if (const auto verdict = m_driver ? m_driver->verdict() : std::nullopt) {
            // ACP: close → succeeded, an agent gone mid-session → harness_exited (§6.6, §6.7).
            s.outcome = verdict->outcome;
            s.reason = verdict->reason;
            if (signalNumber == 0)
                s.exitCode = exitCode;
        } else if (signalNumber != 0) {
            s.outcome = QStringLiteral("failed");
            s.reason = wireName(SettleReason::ExitSignal);
        } else if (exitCode != 0) {
            s.outcome = QStringLiteral("failed");
            s.reason = wireName(SettleReason::ExitNonzero);
            s.exitCode = exitCode;
        } else {
            s.outcome = QStringLiteral("succeeded");
            s.exitCode = 0;
        }
    }
    settleAndTeardown(s);
}

void RunExecution::settleAndTeardown(ObservationPipeline::Settlement settlement)
{
    // After the harness ended, before teardown (§6.8).
    reportMemoryChanges();
    // §6.9: whatever the outcome, unless the harness never started.
    const auto *spec = std::get_if<RunSpec>(&m_claim.spec);
    if (spec && m_harnessStarted && keepsWorkspace(*spec) && m_provider) {
        takeSnapshot(settlement);
        return;
    }
    if (spec && m_harnessStarted && spec->snapshotOnSettle && !spec->isZeroDataRetention() && !m_snapshotDisabled)
        warnSnapshot(QStringLiteral("snapshot_failed"),
            QCoreApplication::translate("RunExecution", "the workspace was not kept: this Runner keeps no snapshots"));
    finishSettlement(settlement);
}

void RunExecution::finishSettlement(ObservationPipeline::Settlement settlement)
{
    // §6.10: every request still awaiting an answer gets an error; nothing is relayed after.
    if (m_relay)
        m_relay->close();
    // The workspace goes before the settle request is sent (§6.6; required for ZDR).
    if (m_provider)
        m_provider->teardown(m_claim.runId);
    logger->info(
        "run {}: {}{}{}", m_claim.runId, settlement.outcome, settlement.reason.isEmpty() ? "" : "/", settlement.reason);
    forgetSecrets();
    noteEnd(settlement.outcome, settlement.reason);
    m_pipeline->settle(settlement);
}

void RunExecution::abandon()
{
    m_abandoned = true;
    if (m_worker)
        m_snapshots->cancel(); // its end finds the run abandoned
    noteEnd(QString(), QString()); // given up: the control plane settles it
    delete std::exchange(m_materialization, nullptr); // a fetch in progress is killed with it
    m_deadline.stop();
    m_idle.stop();
    m_windDown.stop();
    m_finishing = true;
    if (m_relay)
        m_relay->close();
    if (m_process && m_process->isRunning())
        m_process->kill();
    if (m_provider)
        m_provider->teardown(m_claim.runId);
    m_pipeline->abandon();
    forgetSecrets();
    if (!m_done) {
        m_done = true;
        QTimer::singleShot(0, this, [this] { emit finished(m_claim.runId); });
    }
}

bool RunExecution::keepsWorkspace(const RunSpec &spec) const
{
    // ZDR runs are never snapshotted (admission refuses on_settle for them; this holds regardless).
    return spec.snapshotOnSettle && !spec.isZeroDataRetention() && m_snapshots && !m_snapshotDisabled;
}

QString RunExecution::snapshotProblem(const RunSpec &spec) const
{
    if (spec.mounts.isEmpty() || spec.mounts.first().kind != QLatin1String("snapshot"))
        return QString();
    if (!m_snapshots)
        return QCoreApplication::translate("RunExecution", "this Runner keeps no snapshots");
    QString message;
    const RunMount &root = spec.mounts.first();
    if (m_snapshots->check(root.snapshotId, root.snapshotDigest.toLatin1(), &message)
        != SnapshotStore::Restore::Restored)
        return message;
    return QString();
}

void RunExecution::runOffThread(std::function<void()> work, std::function<void()> done)
{
    m_worker = QThread::create(std::move(work));
    connect(m_worker, &QThread::finished, this, [this, done = std::move(done)] {
        delete std::exchange(m_worker, nullptr);
        done();
    });
    m_worker->start();
}

void RunExecution::beforeHarness(const RunSpec &spec)
{
    if (!keepsWorkspace(spec)) {
        startHarness(spec);
        return;
    }
    auto result = std::make_shared<SnapshotStore::Result>();
    const std::shared_ptr<const SnapshotStore> store = m_snapshots;
    const QString dir = QDir::cleanPath(m_provider->workspacePath(m_claim.runId));
    const QString key = m_claim.runId;
    m_summary.phase = QCoreApplication::translate("RunExecution", "Recording the workspace");
    emit summaryChanged(m_claim.runId);
    runOffThread(
        [store, dir, key, result] {
            onDirectory(dir, result.get(), [&](int fd) { return store->recordBaseline(key, fd); });
        },
        [this, result, spec] {
            if (m_abandoned)
                return;
            m_summary.phase.clear();
            emit summaryChanged(m_claim.runId);
            if (!m_endReason.isEmpty()) {
                onHarnessFinished(-1, 0, QString()); // ended while it was recorded
                return;
            }
            if (result->ok) {
                m_materialised = result->manifest;
            } else if (result->overBound) {
                // §6.9: more than the store can hold within its bound, already as materialised.
                m_snapshotDisabled = true;
                warnSnapshot(QStringLiteral("snapshot_not_kept"),
                    QCoreApplication::translate("RunExecution", "the workspace will not be kept: %1")
                        .arg(result->error));
            } else {
                // Without the materialised tree there are no honest `changes`: nothing is kept.
                m_snapshotDisabled = true;
                warnSnapshot(QStringLiteral("snapshot_failed"),
                    QCoreApplication::translate(
                        "RunExecution", "the workspace will not be kept: recording it as materialised failed: %1")
                        .arg(result->error));
            }
            startHarness(spec);
        });
}

void RunExecution::takeSnapshot(ObservationPipeline::Settlement settlement)
{
    const RunSpec &spec = std::get<RunSpec>(m_claim.spec);
    SnapshotStore::TakeRequest request;
    request.runId = m_claim.runId;
    request.title = m_summary.title;
    const RunMount *root = spec.mounts.isEmpty() ? nullptr : &spec.mounts.first();
    if (root && root->git)
        request.baseCommit = root->git->commit;
    request.before = m_materialised;
    request.baselineKey = m_claim.runId;
    auto result = std::make_shared<SnapshotStore::Result>();
    const std::shared_ptr<const SnapshotStore> store = m_snapshots;
    const QString dir = QDir::cleanPath(m_provider->workspacePath(m_claim.runId));
    logger->info("run {}: keeping its workspace", m_claim.runId);
    runOffThread([store, dir, request,
                     result] { onDirectory(dir, result.get(), [&](int fd) { return store->take(fd, request); }); },
        [this, result, settlement] {
            if (m_abandoned)
                return;
            reportSnapshot(*result);
            finishSettlement(settlement);
        });
}

void RunExecution::warnSnapshot(const QString &kind, const QString &message, const QStringList &paths)
{
    QJsonObject data { { QStringLiteral("kind"), kind }, { QStringLiteral("message"), message } };
    if (!paths.isEmpty())
        data.insert(QStringLiteral("paths"), QJsonArray::fromStringList(paths));
    m_pipeline->append(QStringLiteral("run.warning"), data);
}

void RunExecution::reportSnapshot(const SnapshotStore::Result &result)
{
    // Each left-out entry named (§6.9), a bounded number per warning so no event nears 1 MiB.
    constexpr qsizetype PathsPerWarning = 100;
    for (qsizetype i = 0; i < result.skipped.size(); i += PathsPerWarning) {
        const QStringList paths = result.skipped.mid(i, PathsPerWarning);
        warnSnapshot(QStringLiteral("snapshot_skipped"),
            QCoreApplication::translate("RunExecution",
                "not in the snapshot (FIFOs, sockets and devices, or names a manifest cannot hold: a line break, "
                "not UTF-8): %1")
                .arg(paths.join(QLatin1String(", "))),
            paths);
    }
    if (!result.ok) {
        logger->warn("run {}: its workspace was not kept: {}", m_claim.runId, result.error);
        // §6.9: a workspace the store cannot hold within its bound is not kept, nothing of it stays.
        if (result.overBound) {
            warnSnapshot(QStringLiteral("snapshot_not_kept"),
                QCoreApplication::translate("RunExecution", "the workspace was not kept: %1").arg(result.error));
            return;
        }
        warnSnapshot(QStringLiteral("snapshot_failed"),
            result.diskFull
                ? QCoreApplication::translate("RunExecution", "the workspace was not kept: the disk is full (%1)")
                      .arg(result.error)
                : QCoreApplication::translate("RunExecution", "the workspace was not kept: %1").arg(result.error));
        return;
    }
    logger->info("run {}: workspace kept as {} ({} files, {} bytes)", m_claim.runId, result.info.id, result.info.files,
        result.info.bytes);
    m_summary.snapshotId = result.info.id;
    m_pipeline->append(QStringLiteral("workspace.snapshot"), result.info.eventData());
}

} // namespace runnercore
