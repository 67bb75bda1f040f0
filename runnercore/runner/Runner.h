#pragma once

#include <runnercore/config/RunnerConfig.h>
#include <runnercore/identity/IdentityGrant.h>
#include <runnercore/model/ApprovalRequest.h>
#include <runnercore/runner/RunnerState.h>
#include <runnercore/transport/ApiError.h>

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

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
// from credential to sign-off; its signals are all a front end needs.
class Runner : public QObject
{
    Q_OBJECT
signals:
    void stateChanged(RunnerState state, const QString &message);
    void warning(const QString &message);
    // The Runner is done (stopped, revoked, fenced or failed); the process may exit with this code.
    void finished(RunnerExit exit);
    void runsChanged(int busy);
    // A run waits for its owner's decision (§6.5); the tray notifies, linking to request.link.
    void approvalRequested(const ApprovalRequest &request);
    void approvalResolved(const QString &runId, const QString &approvalId, const QString &outcome);
    // The control plane answered (lastContact()) or a retry was scheduled (nextRetry()).
    void contactChanged();

public:
    // Bounded wait for the "stopping" heartbeat before signing off anyway.
    static constexpr int StoppingHeartbeatTimeoutMs = 5000;
    static constexpr qint64 ClockSkewWarningMs = 60000;

    Runner(const RunnerConfig &config, RunnerSettings &settings, CredentialStore &store, const Clock &clock,
        QObject *parent = nullptr);
    ~Runner() override;

    void start();
    // A person's drain toggle (tray) or a directive: no new claims, presence says draining at once.
    void setDraining(bool draining);
    // Drain, then sign off; finished(Clean) when done.
    void stop();
    // A second interrupt: cancel owned runs and sign off without waiting.
    void stopNow();

    RunnerState state() const { return m_state; }
    QString stateMessage() const { return m_message; }
    QUrl endpoint() const { return m_endpoint; }
    QString runnerId() const;
    std::optional<RunnerOwner> owner() const;
    QString dashboardLink() const;
    bool isDraining() const { return m_draining; }
    QJsonObject advertisement() const;
    int busySlots() const;
    // Drivers this build implements (advertised only for providers that are on).
    static QStringList drivers();
    // The sandbox tiers realised now, for people (doctor, tray); empty before start().
    QString sandboxPosture(bool brief = false) const;
    // When the control plane last answered a heartbeat or an exchange; invalid before the first.
    QDateTime lastContact() const { return m_lastContact; }
    // When the next reconnection attempt is due while Offline; invalid otherwise.
    QDateTime nextRetry() const { return m_state == RunnerState::Offline ? m_nextRetry : QDateTime(); }
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
    void connectToPlane();
    void setState(RunnerState state, const QString &message = {});
    void fail(RunnerState state, RunnerExit exit, const QString &message);
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
    QString account() const;

    RunnerConfig m_config;
    RunnerSettings &m_settings;
    CredentialStore &m_store;
    const Clock &m_clock;
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
    std::unique_ptr<ClaimLoop> m_claims;
    std::unique_ptr<ControlChannel> m_control;
    bool m_firstGrant = true;
    RunnerState m_state = RunnerState::Idle;
    QString m_message;
    QString m_runnerId;
    bool m_draining = false;
    bool m_stopping = false;
    bool m_signingOff = false;
    bool m_finished = false;
    bool m_workspaceRunner = false;
    QTimer m_stopTimer;
    QDateTime m_lastContact;
    QDateTime m_nextRetry;
};

} // namespace runnercore
