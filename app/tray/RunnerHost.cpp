#include "RunnerHost.h"

#include "AppPaths.h"
#include "Clock.h"
#include "CredentialStore.h"
#include "Runner.h"
#include "RunnerSettings.h"

RunnerHost::RunnerHost(const RunnerConfig &config, const Clock *clock, QObject *parent)
    : QObject(parent), m_config(config), m_clock(clock)
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
    if (!m_settings) {
        m_settings = std::make_unique<RunnerSettings>(AppPaths::settingsFile());
        m_settings->load();
    }
    publish();
}

void RunnerHost::start()
{
    if (m_runner && !m_runnerFinished)
        return;
    // Never from inside one of the old Runner's signals: this slot is only reached by queued calls.
    m_runner.reset();
    m_store.reset();
    m_approvals.clear();
    m_lastWarning.clear();
    // The CLI may have paired or unpaired this machine since the last start.
    m_settings = std::make_unique<RunnerSettings>(AppPaths::settingsFile());
    m_settings->load();
    const QString storeName = m_config.credentialStore.value_or(m_settings->credentialStore);
    const auto kind = CredentialStore::kindFromName(storeName).value_or(CredentialStore::Kind::Keychain);
    m_store = CredentialStore::create(kind, AppPaths::credentialDir());

    m_runner = std::make_unique<Runner>(m_config, *m_settings, *m_store, *m_clock);
    m_runnerFinished = false;
    m_lastState = RunnerState::Idle;
    Runner *runner = m_runner.get();
    connect(runner, &Runner::stateChanged, this, [this](RunnerState state, const QString &) { onStateChanged(state); });
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
    connect(runner, &Runner::finished, this, &RunnerHost::onFinished);
    emit coreCreated(runner);
    runner->start();
    publish();
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

void RunnerHost::setDraining(bool draining)
{
    if (!m_runner || m_runnerFinished)
        return;
    m_runner->setDraining(draining);
    publish(); // the flag changes at once, the state only once connected
}

void RunnerHost::shutdown()
{
    if (m_runner)
        m_runner->disconnect(this);
    m_runner.reset();
    m_store.reset();
}

void RunnerHost::onStateChanged(RunnerState state)
{
    const auto isConnected = [](RunnerState s) { return s == RunnerState::Ready || s == RunnerState::Draining; };
    // Entering or leaving the connected states: the one moment contact is known without a heartbeat signal.
    if (isConnected(state) || isConnected(m_lastState))
        m_lastContact = m_clock->now();
    m_lastState = state;
    // The code is one-use: once redeemed, a later start uses the stored pairing.
    if (state == RunnerState::Connecting)
        m_config.pairingCode.reset();
    publish();
}

void RunnerHost::onFinished(RunnerExit exit)
{
    m_runnerFinished = true;
    m_approvals.clear();
    if (exit == RunnerExit::PairingFailed)
        m_config.pairingCode.reset();
    if (exit == RunnerExit::Clean && m_runner && m_runner->state() == RunnerState::Stopped)
        m_lastContact = m_clock->now(); // signed off
    publish();
    emit finished(exit);
}

RunnerStatus RunnerHost::status() const
{
    RunnerStatus s;
    s.totalSlots = m_config.slotCount;
    s.approvals = m_approvals;
    s.lastWarning = m_lastWarning;
    s.lastContact = m_lastContact;
    if (m_settings) {
        s.paired = m_settings->isPaired();
        s.endpoint = m_settings->endpoint;
        s.runnerId = m_settings->runnerId;
        s.machineLabel = !m_settings->ownerMachineLabel.isEmpty() ? m_settings->ownerMachineLabel : m_settings->label;
    }
    if (!m_config.endpoint.isEmpty())
        s.endpoint = m_config.endpoint;
    if (s.machineLabel.isEmpty())
        s.machineLabel = m_config.label;
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
    s.draining = m_runner->isDraining();
    s.sandboxPosture = m_runner->sandboxPosture();
    s.dashboardLink = m_runner->dashboardLink();
    // nextRetry stays empty: Runner gives the retry delay only inside its message.
    return s;
}

void RunnerHost::publish()
{
    emit statusChanged(status());
}
