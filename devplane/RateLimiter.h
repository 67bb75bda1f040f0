#pragma once

#include <QDateTime>
#include <QHash>
#include <QList>
#include <optional>

namespace devplane {

// rate_limit_per_minute of a Workspace Runner key: every call with that Runner's
// credentials counts in a rolling minute (§7).
class RateLimiter
{
public:
    // nullopt when admitted, else the Retry-After seconds.
    std::optional<int> admit(const QString &bucket, int limitPerMinute, const QDateTime &now);

private:
    QHash<QString, QList<QDateTime>> m_calls;
};

} // namespace devplane
