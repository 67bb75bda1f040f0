#pragma once

#include <runnercore/config/RunnerConfig.h>
#include <runnercore/identity/IdentityGrant.h>
#include <runnercore/model/ApprovalRequest.h>
#include <runnercore/power/PowerMonitor.h>
#include <runnercore/runner/RunnerState.h>
#include <runnercore/transport/ApiError.h>
#include <runnercore/work/RunSummary.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

class QThread;

namespace runnercore {

class ApiClient;
class ClaimLoop;
class Clock;
class ControlChannel;
class HostProcessProvider;
class SandboxSet;
class RunManager;
class CredentialStore;
class InstanceLock;
class PairingRedemption;
class PresenceReporter;
class RunnerSettings;
class WorkloadIdentity;
struct PairingResult;

// The embedded Runner: the one object the CLI and the tray drive. It owns the state machine
// from credential to sign-off (Phase below, one move at a time through moveTo() and end());
// its signals are all a front end needs.
class Runner : public QObject
{
    Q_OBJECT
signals:
    void stateChanged(RunnerState state, const QString &message);
    void warning(const QString &message);
    // The Runner is done (stopped, revoked, fenced or failed); the process may exit with this code.
    void finished(RunnerExit exit);
    void runsChanged(int busy);
    void runUpdated(); // a running run's summary moved (what its materialisation is doing)
    // A run was taken (admitted or refused; its tier known) / left this Runner (settled, or given
    // up with an empty outcome). Titles and metadata only, with the Session's link.
    void runStarted(const RunSummary &run);
    void runEnded(const RunSummary &run);
    // A run waits for its owner's decision (§6.5); the tray notifies, linking to request.link.
    void approvalRequested(const ApprovalRequest &request);
    void approvalResolved(const QString &runId, const QString &approvalId, const QString &outcome);
    // The control plane answered (lastContact()) or a retry was scheduled (nextRetry()).
    void contactChanged();
    // The machine's power or network changed (powerState()), or why the Runner drains (drainReasons()).
    void powerChanged();
    // The machine woke up at wokeAt after sleeping sleptMs; runsLost of the runs held when it fell
    // asleep ended while it slept or right on wake without an outcome of their own (lease lost).
    // Emitted on wake, then again for the same wake each time another run turns out lost.
    void wokeUp(const QDateTime &wokeAt, qint64 sleptMs, int runsLost);

public:
    // Bounded wait for the "stopping" heartbeat before signing off anyway.
    static constexpr int StoppingHeartbeatTimeoutMs = 5000;
    static constexpr qint64 ClockSkewWarningMs = 60000;
    // Before sleep: at most this long to deliver the runs' output and a heartbeat, then the delay
    // lock goes (logind waits InhibitDelayMaxSec, 5 s by default).
    static constexpr int SleepPreparationTimeoutMs = 4000;
    // Runs that end this soon after wake without an outcome count as lost to the sleep.
    static constexpr qint64 WakeLossWindowMs = 60000;

    // power: the machine's battery, network and sleep (nullptr: none, as on a platform without a
    // backend); it must outlive the Runner and live on its thread.
    Runner(const RunnerConfig &config, RunnerSettings &settings, CredentialStore &store, const Clock &clock,
        PowerMonitor *power = nullptr, QObject *parent = nullptr);
    ~Runner() override;

    void start();
    // A person's drain toggle (tray) or a directive: no new claims, presence says draining at once.
    // The Requested reason: battery and metered drains come and go on their own beside it.
    void setDraining(bool draining);
    // Drain, then sign off; finished(Clean) when done.
    void stop();
    // A second interrupt: cancel owned runs and sign off without waiting.
    void stopNow();
    // A person cancels one run on this machine: it settles cancelled/runner_stopped (§6.6, a
    // local cancel). False when this Runner does not hold that run.
    bool cancelRun(const QString &runId);

    RunnerState state() const { return m_state; }
    QString stateMessage() const { return m_message; }
    QUrl endpoint() const { return m_endpoint; }
    QString runnerId() const;
    std::optional<RunnerOwner> owner() const;
    QString dashboardLink() const;
    bool isDraining() const { return m_drainReasons != DrainReasons(); }
    DrainReasons drainReasons() const { return m_drainReasons; }
    PowerState powerState() const { return m_power->state(); }
    SleepLocks sleepLocks() const { return m_power->sleepLocks(); }
    // "Paused: on battery (18 %)": why no new work is taken, for people; empty when not draining.
    static QString drainText(DrainReasons reasons, const PowerState &power);
    QJsonObject advertisement() const;
    int busySlots() const;
    // The runs held now, oldest first.
    QList<RunSummary> runs() const;
    // Drivers this build implements (advertised only for providers that are on).
    static QStringList drivers();
    // The sandbox tiers realised now, for people (doctor, tray); empty before start().
    QString sandboxPosture(bool brief = false) const;
    // When the control plane last answered a heartbeat or an exchange; invalid before the first.
    QDateTime lastContact() const { return m_lastContact; }
    // When the next reconnection attempt is due while Offline; invalid otherwise.
    QDateTime nextRetry() const { return m_phase == Phase::Offline ? m_nextRetry : QDateTime(); }
    // Asks Docker again now (the tray calls it on wake); the advertisement follows.
    void recheckSandboxes();
    // After a wake or a network change: what waits for a backoff timer (the identity exchange or
    // rotation, the heartbeat, the claim and control polls) tries again now; a token that came
    // due or expired while asleep is renewed; when connected, a heartbeat goes out now. A
    // server's Retry-After still holds. Sandboxes are separate: recheckSandboxes().
    void checkConnectionNow();
    // The label value on this Runner's containers.
    static QString instanceLabel();

private:
    // Where the Runner is in its life. The RunnerState the tray shows follows from it: Online
    // shows Ready or Draining (after m_draining), Ended shows how it ended.
    enum class Phase {
        Idle, // constructed, not started
        Starting, // realising the sandboxes, reading the endpoint and the credential
        Pairing, // redeeming a pairing code
        Connecting, // the first identity exchange
        Online, // a heartbeat was answered: present, claiming unless draining
        Offline, // the control plane cannot be reached; retrying with backoff
        Stopping, // no new claims: owned runs finish, "stopping" is said
        SigningOff, // the workload token is being revoked (still shown as Stopping)
        Ended, // Stopped, NotPaired, Revoked, Fenced or Failed; finished() is emitted once
    };
    static bool isAllowed(Phase from, Phase to);
    static const char *phaseName(Phase phase);
    // The one transition: false (and nothing changes) when the table does not allow it. Shows
    // `shown` with `message`; stateChanged() only when either differs from what was shown.
    bool moveTo(Phase to, RunnerState shown, const QString &message = {});
    void show(RunnerState shown, const QString &message);
    // Into Ended from anywhere: halts claims, control, presence and identity, releases the lock,
    // shows `shown` and emits finished(exit). Once: later calls are ignored.
    void end(RunnerState shown, RunnerExit exit, const QString &message);
    // The clean end: a stop or a sign-off, finished(Clean).
    void endStopped(const QString &message);
    // Cannot go on: not paired, revoked, fenced or failed.
    void fail(RunnerState shown, RunnerExit exit, const QString &message);
    // Stopping, signing off or ended: no new work, no status but the stop's.
    bool isWindingDown() const;

    void connectToPlane();
    void pairWithCode();
    void onPaired(const PairingResult &result);
    void useStoredCredential();
    void beginIdentity(const QString &credential, const QString &lockKey);
    void onAcquired(const IdentityGrant &grant);
    void onFatal(const ApiError &error, const QString &message);
    void forgetCredential(std::function<void()> then);
    void signOffAndFinish();
    void applyStatus();
    void reportOffline(const ApiError &error, int retryInMs);
    void noteContact();
    void signOffWhenIdle();
    void setDrainReason(DrainReason reason, bool on);
    void applyPower();
    void updateSleepLocks();
    void prepareForSleep();
    void finishSleepPreparation();
    void onResumed();
    void noteRunEnded(const RunSummary &run);
    QString account() const;
    RunSummary withLink(RunSummary run) const;

    RunnerConfig m_config;
    RunnerSettings &m_settings;
    CredentialStore &m_store;
    const Clock &m_clock;
    std::unique_ptr<PowerMonitor> m_ownPower; // the null backend when none was given
    PowerMonitor *m_power;
    QUrl m_endpoint;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<WorkloadIdentity> m_identity;
    std::unique_ptr<PresenceReporter> m_presence;
    std::unique_ptr<PairingRedemption> m_pairing;
    std::unique_ptr<InstanceLock> m_lock;
    std::unique_ptr<SandboxSet> m_sandboxes;
    // The last advertisement and what it was built from: every heartbeat asks for it.
    struct AdvertisementCache
    {
        QString pool;
        QJsonArray providers;
        QJsonObject advertisement;
    };
    mutable std::optional<AdvertisementCache> m_advertised;
    std::unique_ptr<RunManager> m_runs;
    std::unique_ptr<QThread> m_snapshotPrune; // expired snapshots go at start (§6.9), off this thread
    std::unique_ptr<ClaimLoop> m_claims;
    std::unique_ptr<ControlChannel> m_control;
    Phase m_phase = Phase::Idle;
    RunnerState m_state = RunnerState::Idle; // what is shown: follows m_phase
    QString m_message;
    QString m_runnerId;
    // Facts, not positions in the lifecycle:
    DrainReasons m_drainReasons; // why no new claims are wanted; holds across Offline
    bool m_firstGrant = true; // the next grant is the first (start control, sweep, recover)
    bool m_workspaceRunner = false; // runs on CHECKFU_RUNNER_TOKEN: nothing stored to forget
    QTimer m_stopTimer;
    // Sleep: preparing (flush, heartbeat) until the delay lock goes; when it began; the runs held then.
    bool m_preparingForSleep = false;
    bool m_sleepHeartbeatDone = false;
    QTimer m_sleepTimer;
    QDateTime m_sleptAt;
    QStringList m_runsAtSleep;
    QDateTime m_wokeAt;
    int m_runsLostToSleep = 0;
    QDateTime m_lastContact;
    QDateTime m_nextRetry;
};

} // namespace runnercore
