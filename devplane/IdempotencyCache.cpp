#include "IdempotencyCache.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace devplane {

bool IdempotencyCache::Request::operator==(const Request &other) const
{
    return method == other.method && path == other.path && bodyDigest == other.bodyDigest;
}

QByteArray IdempotencyCache::bodyDigest(const QByteArray &raw, const QJsonValue &json)
{
    // QJsonObject keeps its keys sorted, so equal JSON values serialise identically.
    QByteArray canonical;
    if (json.isObject()) {
        canonical = "json:" + QJsonDocument(json.toObject()).toJson(QJsonDocument::Compact);
    } else if (json.isArray()) {
        canonical = "json:" + QJsonDocument(json.toArray()).toJson(QJsonDocument::Compact);
    } else {
        canonical = "raw:" + raw;
    }
    return QCryptographicHash::hash(canonical, QCryptographicHash::Sha256);
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

} // namespace devplane
