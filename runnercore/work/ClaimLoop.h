#pragma once

#include <runnercore/model/RunSpec.h>
#include <runnercore/transport/Backoff.h>

#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <utility>

namespace runnercore {

class ApiCall;
class ApiClient;
class Clock;
class WorkloadIdentity;

// The claim long-poll (§6.1): one request outstanding at most, re-issued at once after a 204 or
// a claim while slots are free, backed off on errors, aborted when the Runner starts draining.
class ClaimLoop : public QObject
{
    Q_OBJECT
signals:
    void claimed(const RunClaim &claim);

public:
    // Within §6.1's 0-60, under the 60 s idle timeout common to proxies and load balancers (the
    // Actions runner's long poll is 50 s too); each answered wait wakes an idle Runner.
    static constexpr int WaitSeconds = 50;

    ClaimLoop(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent = nullptr);

    // How many runs could start now; the loop claims only while this is > 0.
    void setFreeSlots(std::function<int()> freeSlots) { m_freeSlots = std::move(freeSlots); }
    // Claims only while enabled (ready, its heartbeat answered); disabling aborts the outstanding poll.
    void setEnabled(bool enabled);
    // A slot freed or the token changed: claim again if possible.
    void poke();
    // Waiting after a failed claim: claim now, from the first backoff step (wake, network
    // change). A server's Retry-After still holds.
    void retryNow();

private:
    void claim();

    ApiClient &m_api;
    WorkloadIdentity &m_identity;
    Backoff m_backoff;
    std::function<int()> m_freeSlots;
    QPointer<ApiCall> m_call;
    QTimer m_retryTimer;
    bool m_enabled = false;
};

} // namespace runnercore
