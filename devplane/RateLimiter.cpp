#include "RateLimiter.h"

namespace devplane {

std::optional<int> RateLimiter::admit(const QString &bucket, int limitPerMinute, const QDateTime &now)
{
    if (limitPerMinute <= 0) {
        return std::nullopt;
    }
    QList<QDateTime> &calls = m_calls[bucket];
    const QDateTime windowStart = now.addSecs(-60);
    while (!calls.isEmpty() && calls.first() <= windowStart) {
        calls.removeFirst();
    }
    if (calls.size() >= limitPerMinute) {
        // The oldest call leaves the window first; round up so a retry is admitted.
        const qint64 waitMs = now.msecsTo(calls.first().addSecs(60));
        return static_cast<int>(std::max<qint64>(1, (waitMs + 999) / 1000));
    }
    calls.append(now);
    return std::nullopt;
}

} // namespace devplane
