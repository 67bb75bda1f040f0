#include "McpRelayCalls.h"

#include <QTimer>
#include <algorithm>

namespace devplane {

namespace {

// Answers kept for retries of calls whose client went away before the answer.
constexpr qsizetype maxAnswered = 1024;

QJsonObject messagesBody(const QJsonArray &messages)
{
    return { { QStringLiteral("messages"), messages } };
}

} // namespace

McpRelayCalls::McpRelayCalls(int answerWindowMs, Later later)
    : m_windowMs(answerWindowMs), m_later(std::move(later)) { }

ApiReply McpRelayCalls::relay(const QString &callKey, const Target &target,
    const std::function<PlatformMcpServer::Result()> &handle, bool deadlinePassed)
{
    if (const auto held = m_held.constFind(callKey); held != m_held.constEnd() && held->target == target) {
        if (deadlinePassed || held->answerBy.hasExpired()) {
            return finish(callKey, m_held.take(callKey));
        }
        return ApiReply::parkedMs(static_cast<int>(std::max<qint64>(1, held->answerBy.remainingTime())));
    }
    finishDue();
    const auto answered = m_answered.constFind(callKey);
    if ((answered != m_answered.constEnd() && answered->target != target) || m_held.contains(callKey)) {
        return ApiReply::error(409, QStringLiteral("idempotency_key_reused"),
            QStringLiteral("this Idempotency-Key came with a different request"));
    }
    if (answered != m_answered.constEnd()) {
        return ApiReply::ok(messagesBody(answered->messages));
    }
    PlatformMcpServer::Result result = handle();
    Stats &stats = m_stats[target.runId];
    const qint64 requests = result.answers.size() + result.delayed.size();
    stats.calls += 1;
    stats.requests += requests;
    stats.maxInFlight = std::max(stats.maxInFlight, stats.inFlight + requests);
    stats.inFlight += result.delayed.size();
    for (const PlatformMcpServer::Delayed &delayed : std::as_const(result.delayed)) {
        // Due then, whether the call is still there to take it or it goes as a directive.
        QTimer::singleShot(delayed.delayMs, Qt::PreciseTimer, &m_timers,
            [this, runId = target.runId]() { m_stats[runId].inFlight -= 1; });
    }
    Held held;
    held.target = target;
    held.answers = result.answers;
    int holdMs = 0;
    for (const PlatformMcpServer::Delayed &delayed : std::as_const(result.delayed)) {
        if (delayed.delayMs <= m_windowMs) {
            held.due.append(delayed);
            holdMs = std::max(holdMs, delayed.delayMs);
            continue;
        }
        // Beyond the window: the answer comes later, on the control channel, to this connection.
        const QJsonObject directive { { QStringLiteral("type"), QStringLiteral("mcp") },
            { QStringLiteral("run_id"), target.runId }, { QStringLiteral("protocol"), target.protocol },
            { QStringLiteral("connection"), target.connection }, { QStringLiteral("message"), delayed.message } };
        QTimer::singleShot(delayed.delayMs, Qt::PreciseTimer, &m_timers,
            [this, runId = target.runId, directive]() { m_later(runId, directive); });
    }
    if (held.due.isEmpty()) {
        return finish(callKey, held);
    }
    std::stable_sort(held.due.begin(), held.due.end(),
        [](const PlatformMcpServer::Delayed &a, const PlatformMcpServer::Delayed &b) { return a.delayMs < b.delayMs; });
    held.answerBy = QDeadlineTimer(holdMs, Qt::PreciseTimer);
    m_held.insert(callKey, held);
    return ApiReply::parkedMs(std::max(1, holdMs));
}

ApiReply McpRelayCalls::finish(const QString &callKey, const Held &held)
{
    QJsonArray messages = held.answers;
    for (const PlatformMcpServer::Delayed &delayed : held.due) {
        messages.append(delayed.message);
    }
    m_answered.insert(callKey, { held.target, messages });
    m_answeredOrder.enqueue(callKey);
    while (m_answeredOrder.size() > maxAnswered) {
        m_answered.remove(m_answeredOrder.dequeue());
    }
    return ApiReply::ok(messagesBody(messages));
}

void McpRelayCalls::finishDue()
{
    QStringList due;
    for (auto it = m_held.constBegin(); it != m_held.constEnd(); ++it) {
        if (it->answerBy.hasExpired()) {
            due.append(it.key());
        }
    }
    for (const QString &callKey : std::as_const(due)) {
        finish(callKey, m_held.take(callKey));
    }
}

QJsonObject McpRelayCalls::stats(const QString &runId) const
{
    const Stats stats = m_stats.value(runId);
    return { { QStringLiteral("run_id"), runId }, { QStringLiteral("calls"), stats.calls },
        { QStringLiteral("requests"), stats.requests }, { QStringLiteral("in_flight"), stats.inFlight },
        { QStringLiteral("max_in_flight"), stats.maxInFlight } };
}

} // namespace devplane
