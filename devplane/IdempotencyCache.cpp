#include "IdempotencyCache.h"

bool IdempotencyCache::Request::operator==(const Request &other) const
{
    if (method != other.method || path != other.path || isJson != other.isJson) {
        return false;
    }
    return isJson ? json == other.json : raw == other.raw;
}

IdempotencyCache::Lookup IdempotencyCache::find(
    const QString &scope, const QString &key, const Request &request, Answer *answer) const
{
    const auto it = m_entries.constFind(scope + QLatin1Char('\n') + key);
    if (it == m_entries.constEnd()) {
        return Lookup::Miss;
    }
    if (!(it->request == request)) {
        return Lookup::Conflict;
    }
    *answer = it->answer;
    return Lookup::Replay;
}

void IdempotencyCache::store(const QString &scope, const QString &key, const Request &request, const Answer &answer)
{
    if (isStorable(answer.status)) {
        m_entries.insert(scope + QLatin1Char('\n') + key, Entry { request, answer });
    }
}

bool IdempotencyCache::isStorable(int status)
{
    if (status == 401 || status == 429) {
        return false;
    }
    return status >= 200 && status < 500;
}
