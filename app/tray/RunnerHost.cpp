#include "RunnerHost.h"

#include <runnercore/base/Clock.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/ConfigResolver.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/power/PowerMonitor.h>
#include <runnercore/runner/Runner.h>
#include <runnercore/runner/Unpairing.h>

using namespace runnercore;

namespace {
QString flag(ConfigFlag f)
{
    return ConfigKeys::name(f);
}

QString joined(const QList<ConfigError> &errors)
{
    QStringList lines;
    for (const ConfigError &e : errors)
        lines << e.message;
    return lines.join(QLatin1Char('\n'));
}
} // namespace

RunnerHost::RunnerHost(const RunnerConfigInput &commandLine, const Clock *clock, QObject *parent)
    : QObject(parent), m_commandLine(commandLine), m_clock(clock)
{
    if (!m_clock) {
        m_ownClock = std::make_unique<SystemClock>();
        m_clock = m_ownClock.get();
    }
}

// The core's QObjects must die on the Runner thread: shutdown() does that before the thread ends.
RunnerHost::~RunnerHost() = default;

void RunnerHost::initialize()
{
    if (!m_settings)
        reloadSettings();
    if (const ResolvedConfig resolved = effectiveConfig(); resolved.ok())
        m_slotCount = resolved.config().slotCount;
    publish();
}

void RunnerHost::reloadSettings()
{
    // In place: a Runner holds a reference to this object. The CLI may have paired or unpaired
    // this machine since the last look.
    if (!m_settings)
        m_settings = std::make_unique<RunnerSettings>(AppPaths::settingsFile());
    m_settings->load();
}

CredentialStore &RunnerHost::store()
{
    const QString name = ConfigResolver::credentialStoreName(m_commandLine, *m_settings);
    if (!m_store || name != m_storeName) {
        const auto kind = CredentialStore::kindFromName(name).value_or(CredentialStore::Kind::Keychain);
        m_store = CredentialStore::create(kind, AppPaths::credentialDir());
        m_storeName = name;
    }
    return *m_store;
}

ResolvedConfig RunnerHost::effectiveConfig() const
{
    RunnerConfigInput input = m_commandLine;
    if (m_pairing) {
        // The new pairing's Cursor lane (entered or kept in the wizard) goes in as the environment's would; the
        // resolver leaves the stored one out, since its key belongs to the pairing being replaced.
        if (m_pairingLane && !RunnerPreferences::environmentOwnsCursor(input.env)) {
            input.env.insert(ConfigKeys::name(EnvVar::CursorProfileVersion), m_pairingLane->profileVersion);
            input.env.insert(ConfigKeys::name(EnvVar::CursorReleaseDigest), m_pairingLane->releaseDigest);
            input.env.insert(ConfigKeys::name(EnvVar::CursorModel), m_pairingLane->model);
            input.env.insert(ConfigKeys::name(EnvVar::CursorApiKey), m_pairingLane->apiKey);
        }
        input.flags.insert(flag(ConfigFlag::Endpoint), m_pairing->endpoint.toString());
        input.flags.insert(flag(ConfigFlag::Code), m_pairing->code);
        if (!m_pairing->label.isEmpty())
            input.flags.insert(flag(ConfigFlag::Label), m_pairing->label);
        if (m_pairing->sandbox != SandboxChoice::NotGiven)
            input.flags.insert(flag(ConfigFlag::Sandbox), RunnerConfigParser::sandboxFlagValue(m_pairing->sandbox));
    }
    // What the command line and the environment leave open: the shared settings file.
    return ConfigResolver(AppPaths::settingsFile()).resolve(input, m_cursorKey);
}

void RunnerHost::start()
{
    if ((m_runner && !m_runnerFinished) || m_readingKey)
        return;
    readCursorKeyThen([this] { launch(); });
}

void RunnerHost::readCursorKeyThen(std::function<void()> then)
{
    reloadSettings();
    // The key lives only in the credential store; the lane needs it before the Runner starts.
    m_readingKey = true;
    ConfigResolver(AppPaths::settingsFile())
        .lookUpCursorKey(m_commandLine, store(), [this, then](const CursorKeyLookup &key) {
            m_readingKey = false;
            m_cursorKey = key;
            if (key.outcome == CursorKeyLookup::Outcome::Failed)
                emit warning(tr("The Cursor API key could not be read, so the Cursor lane is off: %1").arg(key.detail));
            then();
        });
}

void RunnerHost::checkCursorKey()
{
    reloadSettings();
    CursorKeyStore::read(store(), CursorKeyStore::account(*m_settings),
        [this](const CredentialResult &result) { emit cursorKeyPresence(result.ok()); });
}

void RunnerHost::setCursorKey(const std::optional<QString> &key)
{
    reloadSettings();
    // Under the current pairing's account: not paired, a key is refused (it needs a pairing to belong to).
    CursorKeyStore::apply(
        store(), CursorKeyStore::account(*m_settings), key, [this, key](const CredentialResult &result) {
            if (result.ok())
                m_cursorKey = key ? CursorKeyLookup::found(*key) : CursorKeyLookup::notFound(m_store->backendName());
            emit cursorKeyStored(result.ok(), result.ok() ? QString() : result.message);
        });
}

void RunnerHost::launch()
{
    // Never from inside one of the old Runner's signals: only reached by queued calls or after
    // the old Runner's finished() has been handled (deleteLater semantics via the thread's loop).
    m_runner.reset();
    m_approvals.clear();
    m_lastWarning.clear();
    m_failure.clear();
    reloadSettings();

    const ResolvedConfig resolved = effectiveConfig();
    if (!resolved.ok()) {
        failBeforeStart(joined(resolved.errors()), RunnerExit::Usage);
        return;
    }
    const RunnerConfig &config = resolved.config();
    m_slotCount = config.slotCount;
    m_pairingInFlight = config.pairingCode.has_value();
    if (m_pairing && m_pairing->sandbox != SandboxChoice::NotGiven)
        m_settings->sandbox = RunnerConfigParser::sandboxFlagValue(m_pairing->sandbox); // saved with the pairing

    if (!m_power)
        m_power = PowerMonitor::createForPlatform();
    m_runner = std::make_unique<Runner>(config, *m_settings, store(), *m_clock, m_power.get());
    m_runnerFinished = false;
    Runner *runner = m_runner.get();
    connect(runner, &Runner::stateChanged, this, [this](RunnerState state, const QString &) { onStateChanged(state); });
    connect(runner, &Runner::contactChanged, this, [this] {
        // While connected the tray shows "connected since", which a heartbeat does not change:
        // publishing then would only make the panel re-read the icon every heartbeat.
        const bool connected = m_failure.isEmpty() && m_runner
            && (m_runner->state() == RunnerState::Ready || m_runner->state() == RunnerState::Draining);
        if (!connected) // the same test as status().isConnected(), without building a status per heartbeat
            publish();
    });
    connect(runner, &Runner::warning, this, [this](const QString &message) {
        m_lastWarning = message;
        emit warning(message);
        publish();
    });
    connect(runner, &Runner::runsChanged, this, [this](int busy) {
        // No run, no approval: a run that ended without resolving its approvals leaves none behind.
        if (busy == 0)
            m_approvals.clear();
        publish();
    });
    connect(runner, &Runner::approvalRequested, this, [this](const ApprovalRequest &request) {
        m_approvals.append(request);
        emit approvalRequested(request);
        publish();
    });
    connect(
        runner, &Runner::approvalResolved, this, [this](const QString &, const QString &approvalId, const QString &) {
            m_approvals.removeIf([&](const ApprovalRequest &r) { return r.approvalId == approvalId; });
            publish();
        });
    // The tier is known once a run is taken; its end goes into the history the tray keeps.
    connect(runner, &Runner::runStarted, this, [this] { publish(); });
    connect(runner, &Runner::runUpdated, this, [this] { publish(); });
    connect(runner, &Runner::runEnded, this, [this](const RunSummary &run) {
        m_activity.addEnded(run);
        publish();
    });
    connect(runner, &Runner::powerChanged, this, &RunnerHost::publish);
    connect(runner, &Runner::wokeUp, this, [this](const QDateTime &wokeAt, qint64 sleptMs, int runsLost) {
        m_wokeAt = wokeAt;
        m_sleptMs = sleptMs;
        m_runsLostToSleep = runsLost;
        publish();
    });
    connect(runner, &Runner::finished, this, &RunnerHost::onFinished);
    emit coreCreated(runner);
    runner->start();
    publish();
}

void RunnerHost::failBeforeStart(const QString &message, RunnerExit exit)
{
    m_failure = message;
    m_runnerFinished = true;
    if (m_pairing) {
        m_pairing.reset();
        m_pairingLane.reset();
        emit pairingFinished(false, message);
    }
    publish();
    emit finished(exit);
}

void RunnerHost::stop()
{
    if (m_runner && !m_runnerFinished)
        m_runner->stop();
}

void RunnerHost::stopNow()
{
    if (m_runner && !m_runnerFinished)
        m_runner->stopNow();
}

void RunnerHost::cancelRun(const QString &runId)
{
    if (m_runner && !m_runnerFinished)
        m_runner->cancelRun(runId);
}

void RunnerHost::setDraining(bool draining)
{
    if (!m_runner || m_runnerFinished)
        return;
    m_runner->setDraining(draining);
    publish(); // the flag changes at once, the state only once connected
}

void RunnerHost::pair(const PairingRequest &request)
{
    m_pairing = request;
    m_pairingLane.reset();
    const int round = ++m_pairingRound;
    if (request.cursor) {
        m_pairingLane = *request.cursor;
    } else if (request.keepCursor) {
        // The current pairing's lane goes to the new one: its key is read now, before the new pairing's Runner
        // removes it with the pairing it replaces, and stored anew once the new pairing is made.
        reloadSettings();
        RunnerPreferences preferences(AppPaths::settingsFile());
        preferences.load();
        CursorKeyStore::read(
            store(), CursorKeyStore::account(*m_settings), [this, round, preferences](const CredentialResult &result) {
                if (round != m_pairingRound)
                    return; // a newer request took its place
                if (result.ok())
                    m_pairingLane = preferences.cursorLane(result.secret);
                if (!m_pairingLane)
                    emit warning(tr("The Cursor lane of the current pairing could not be kept (%1), so the new "
                                    "pairing has none.")
                                     .arg(result.ok() ? tr("its tuple is not usable") : result.message));
                replaceRunnerThenPair();
            });
        return;
    }
    replaceRunnerThenPair();
}

void RunnerHost::replaceRunnerThenPair()
{
    if (m_runner && !m_runnerFinished) {
        m_afterFinish = AfterFinish::Pair;
        m_runner->stop();
        return;
    }
    launch();
}

void RunnerHost::storePairingLane()
{
    // The tuple and the key belong to the pairing just made; without a lane for it, none is left stored.
    RunnerPreferences preferences(AppPaths::settingsFile());
    preferences.load();
    preferences.cursor = m_pairingLane
        ? CursorTuple { m_pairingLane->profileVersion, m_pairingLane->releaseDigest, m_pairingLane->model }
        : CursorTuple {};
    QString error;
    if (!preferences.save(&error))
        emit warning(error);
    m_cursorKey = m_pairingLane ? CursorKeyLookup::found(m_pairingLane->apiKey) : CursorKeyLookup {};
    if (!m_pairingLane)
        return;
    const QString account = CursorKeyStore::account(m_runner->endpoint(), m_runner->runnerId());
    CursorKeyStore::write(store(), account, m_pairingLane->apiKey, [this](const CredentialResult &result) {
        if (!result.ok())
            emit warning(tr("The Cursor API key could not be stored: %1").arg(result.message));
    });
    m_pairingLane.reset();
}

void RunnerHost::unpair()
{
    if (m_runner && !m_runnerFinished) {
        m_afterFinish = AfterFinish::Unpair;
        m_runner->stop();
        return;
    }
    doUnpair();
}

void RunnerHost::doUnpair()
{
    reloadSettings();
    auto *unpairing = new Unpairing(*m_settings, store(), this);
    connect(unpairing, &Unpairing::finished, this, [this, unpairing] {
        unpairing->deleteLater();
        reloadSettings();
        publish();
        emit unpairFinished(unpairing->ok(), unpairing->message());
    });
    unpairing->run();
}

void RunnerHost::runDiagnostics()
{
    if (m_doctor)
        return; // one at a time; its result goes to whoever asked
    if (!m_runner || m_runnerFinished)
        reloadSettings();
    const ResolvedConfig resolved = effectiveConfig();
    if (!resolved.ok()) {
        QList<Doctor::Check> checks;
        for (const ConfigError &e : resolved.errors())
            checks.append({ tr("configuration"), Doctor::Status::Fail, e.message, {} });
        emit diagnosticsFinished(checks);
        return;
    }
    m_doctor = std::make_unique<Doctor>(resolved.config(), *m_settings, store(), *m_clock);
    m_doctor->setCursorNote(resolved.cursorNote);
    connect(m_doctor.get(), &Doctor::finished, this, [this] {
        emit diagnosticsFinished(m_doctor->checks());
        // Not from inside its own signal.
        QMetaObject::invokeMethod(
            this, [this] { m_doctor.reset(); }, Qt::QueuedConnection);
    });
    m_doctor->run();
}

void RunnerHost::checkConnectionNow()
{
    if (!m_runner || m_runnerFinished)
        return;
    m_runner->checkConnectionNow();
    m_runner->recheckSandboxes();
}

void RunnerHost::shutdown()
{
    if (m_runner)
        m_runner->disconnect(this);
    m_doctor.reset();
    m_runner.reset();
    m_power.reset();
    m_store.reset();
}

void RunnerHost::onStateChanged(RunnerState state)
{
    const bool connected = state == RunnerState::Ready || state == RunnerState::Draining;
    if (connected && !m_connectedSince.isValid())
        m_connectedSince = m_clock->now();
    else if (!connected)
        m_connectedSince = QDateTime();
    // The code is one-use: once redeemed, a later start uses the stored pairing.
    if (state == RunnerState::Connecting && m_pairingInFlight) {
        m_pairingInFlight = false;
        m_pairing.reset();
        m_commandLine.flags.remove(flag(ConfigFlag::Code));
        storePairingLane();
        emit pairingFinished(true, pairedText());
    }
    publish();
}

void RunnerHost::onFinished(RunnerExit exit)
{
    m_runnerFinished = true;
    m_approvals.clear();
    if (m_pairingInFlight) {
        m_pairingInFlight = false;
        m_commandLine.flags.remove(flag(ConfigFlag::Code));
        const bool replaced = m_afterFinish == AfterFinish::Pair; // a new request waits; this one was stopped
        if (!replaced) {
            m_pairing.reset();
            m_pairingLane.reset();
            emit pairingFinished(false, m_runner->stateMessage());
        }
    }
    if (exit == RunnerExit::Clean && m_runner->state() == RunnerState::Stopped)
        m_lastContact = m_clock->now(); // signed off
    publish();
    emit finished(exit);

    const AfterFinish next = std::exchange(m_afterFinish, AfterFinish::Nothing);
    // Queued: the finished Runner is still on the stack that emitted this.
    if (next == AfterFinish::Pair)
        QMetaObject::invokeMethod(this, &RunnerHost::launch, Qt::QueuedConnection);
    else if (next == AfterFinish::Unpair)
        QMetaObject::invokeMethod(this, &RunnerHost::doUnpair, Qt::QueuedConnection);
}

QString RunnerHost::pairedText() const
{
    // What the control plane's redemption answer said (§2.1): the owner it stamped and where the Runner now
    // belongs. The protocol gives ids, no display names, so ids are what the person sees.
    QString text
        = tr("This machine is paired with %1 as “%2”.").arg(m_runner->endpoint().toString(), status().machineLabel);
    if (!m_settings->ownerPrincipalId.isEmpty())
        text += QLatin1Char('\n') + tr("Owner: %1").arg(m_settings->ownerPrincipalId);
    if (!m_settings->workspaceId.isEmpty())
        text += QLatin1Char('\n')
            + tr("Workspace: %1 (runner pool %2)").arg(m_settings->workspaceId, m_settings->runnerPool);
    if (!m_settings->runnerId.isEmpty())
        text += QLatin1Char('\n') + tr("Runner: %1").arg(m_settings->runnerId);
    return text;
}

RunnerStatus RunnerHost::status() const
{
    RunnerStatus s;
    s.totalSlots = m_slotCount;
    s.approvals = m_approvals;
    s.activity = m_activity;
    s.lastWarning = m_lastWarning;
    s.lastContact = m_lastContact;
    s.wokeAt = m_wokeAt;
    s.sleptMs = m_sleptMs;
    s.runsLostToSleep = m_runsLostToSleep;
    if (m_settings) {
        s.paired = m_settings->isPaired();
        s.endpoint = m_settings->endpoint;
        s.runnerId = m_settings->runnerId;
        s.workspaceId = m_settings->workspaceId;
        s.machineLabel = !m_settings->ownerMachineLabel.isEmpty() ? m_settings->ownerMachineLabel : m_settings->label;
    }
    const QString endpointFlag = m_commandLine.flags.value(flag(ConfigFlag::Endpoint));
    if (!endpointFlag.isEmpty())
        s.endpoint = QUrl(endpointFlag);
    if (s.machineLabel.isEmpty())
        s.machineLabel = m_commandLine.flags.value(flag(ConfigFlag::Label), m_commandLine.machineHostName);
    if (!m_failure.isEmpty()) {
        s.state = RunnerState::Failed;
        s.message = m_failure;
        return s;
    }
    if (!m_runner)
        return s;
    s.state = m_runner->state();
    s.message = m_runner->stateMessage();
    if (!m_runner->endpoint().isEmpty())
        s.endpoint = m_runner->endpoint();
    if (!m_runner->runnerId().isEmpty())
        s.runnerId = m_runner->runnerId();
    if (const auto owner = m_runner->owner(); owner && !owner->machineLabel.isEmpty())
        s.machineLabel = owner->machineLabel;
    s.busySlots = m_runner->busySlots();
    s.activity.setRunning(m_runner->runs());
    s.draining = m_runner->isDraining();
    s.drainReasons = m_runner->drainReasons();
    s.power = m_runner->powerState();
    s.sandboxPosture = m_runner->sandboxPosture(true);
    s.dashboardLink = m_runner->dashboardLink();
    if (s.isConnected() && m_connectedSince.isValid())
        s.lastContact = m_connectedSince;
    else if (m_runner->lastContact().isValid() && m_runner->lastContact() > s.lastContact)
        s.lastContact = m_runner->lastContact();
    s.nextRetry = m_runner->nextRetry();
    return s;
}

void RunnerHost::publish()
{
    emit statusChanged(status());
}
