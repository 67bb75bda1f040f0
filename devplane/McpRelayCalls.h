#pragma once

#include "ApiReply.h"
#include "PlatformMcpServer.h"

#include <QDeadlineTimer>
#include <QHash>
#include <QJsonArray>
#include <QObject>
#include <QQueue>
#include <functional>

namespace devplane {

// The timing of §6.10's POST …/mcp: what the plane answers within the call (everything due
// within the answer window, the call held until then) and what it sends later as an `mcp`
// control directive (a slower answer). A call is known by its Runner and Idempotency-Key, so a
// retry of a call still held, or one whose client went away, gets the same answer and calls no
// tool again (IdempotencyCache covers retries after the answer).
class McpRelayCalls
{
public:
    // A relayed call: where its messages go, and the messages (a retry must bring the same).
    struct Target
    {
        QString runId;
        QString protocol;
        QString connection;
        QJsonArray messages;

        bool operator==(const Target &other) const = default;
    };
    // Queues an `mcp` directive for the Run (dropped when it settled meanwhile).
    using Later = std::function<void(const QString &runId, const QJsonObject &directive)>;

    McpRelayCalls(int answerWindowMs, Later later);

    // callKey: the Runner and the Idempotency-Key. handle runs the messages (only for a call not
    // seen before). ApiReply::parkedMs while answers within the window are still due; 409
    // idempotency_key_reused for a key that came with another call.
    ApiReply relay(const QString &callKey, const Target &target,
        const std::function<PlatformMcpServer::Result()> &handle, bool deadlinePassed);

    // What the plane saw of a Run's relay, for tests of the Runner's bounds (GET
    // /v1/_dev/runs/{id}/mcp): {run_id, calls, requests, in_flight, max_in_flight}. A request is in
    // flight from its call's arrival until its answer is due (answered at once: only during its
    // call), so max_in_flight is the most requests the Runner had waiting at the plane at once.
    QJsonObject stats(const QString &runId) const;

private:
    struct Held
    {
        Target target;
        QJsonArray answers; // answered at once
        QList<PlatformMcpServer::Delayed> due; // within the window, by delay
        QDeadlineTimer answerBy;
    };

    struct Stats
    {
        qint64 calls = 0;
        qint64 requests = 0;
        qint64 inFlight = 0;
        qint64 maxInFlight = 0;
    };

    struct Answered
    {
        Target target;
        QJsonArray messages;
    };

    ApiReply finish(const QString &callKey, const Held &held);
    // Held calls whose answers are all due are answered now (their client may be gone: a retry
    // then finds the answer).
    void finishDue();

    int m_windowMs;
    Later m_later;
    QHash<QString, Held> m_held;
    QHash<QString, Answered> m_answered; // recent answers by call key, bounded
    QQueue<QString> m_answeredOrder;
    QHash<QString, Stats> m_stats; // by run id
    QObject m_timers; // the context of the later answers' timers: gone with this object
};

} // namespace devplane
