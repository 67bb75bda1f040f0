#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonValue>
#include <QString>

namespace devplane {

// Replays the first answer to a repeated Idempotency-Key (§1). In memory only: a restarted
// devplane forgets it, as it forgets workload tokens.
class IdempotencyCache
{
public:
    // What makes two requests "the same": route and body (compared as JSON values when the
    // body parsed, byte for byte otherwise). Only a digest of the body is kept: a benchmark
    // posts a gigabyte of observation batches, each with its own key.
    struct Request
    {
        QByteArray method;
        QString path;
        QByteArray bodyDigest;

        bool operator==(const Request &other) const;
    };
    // The digest of a canonical form (compact JSON, keys sorted) when json is an object or
    // array, else of the raw bytes.
    static QByteArray bodyDigest(const QByteArray &raw, const QJsonValue &json);

    struct Answer
    {
        int status = 0;
        QByteArray body;
        QString errorCode;
        QList<QPair<QByteArray, QByteArray>> headers;
    };

    enum class Lookup { Miss, Replay, Conflict };

    Lookup find(const QString &scope, const QString &key, const Request &request, Answer *answer) const;
    void store(const QString &scope, const QString &key, const Request &request, const Answer &answer);
    // 2xx and 4xx are kept except 401 and 429; 5xx never.
    static bool isStorable(int status);

private:
    struct Entry
    {
        Request request;
        Answer answer;
    };
    QHash<QString, Entry> m_entries; // "scope\nkey"
};

} // namespace devplane
