#pragma once

#include <runnercore/model/RunSpec.h>

#include <QDateTime>
#include <QList>
#include <QString>

namespace runnercore {

// Bare mirrors of the repositories durable runs fetched (§6.8), so that the next fetch of the same
// repository is fast. A mirror is keyed by the URL and a fingerprint of the credential (a hash,
// never the secret): a run is only ever served objects its own credential fetched. Layout:
// <root>/<key>/ (a bare repository; `url` and `last-used` beside its objects), <root>/<key>.lock
// (flock: released by the kernel when a Runner dies, so a killed Runner never blocks the next).
// The root is owner-only. ZDR runs never use it (RunExecution does not pass one).
class MirrorCache
{
public:
    static constexpr qint64 DefaultLimitBytes = qint64(10) * 1024 * 1024 * 1024;

    struct Entry
    {
        QString key;
        QString url; // without userinfo: what a person may see
        qint64 bytes = 0;
        QDateTime lastUsed;
    };

    explicit MirrorCache(const QString &root, qint64 limitBytes = DefaultLimitBytes);

    QString root() const { return m_root; }
    // The mirror directory for this source (not created).
    QString pathFor(const GitSource &source) const;
    static QString keyFor(const GitSource &source);

    // The mirror's lock file, opened (-1 with *error); tryLock() takes it without waiting. Closing
    // the descriptor releases it.
    int openLock(const QString &mirrorPath, QString *error) const;
    static bool tryLock(int fd);
    // Makes root() owner-only and records the URL and the use; false with *error.
    bool prepare(const QString &mirrorPath, const QString &url, QString *error) const;

    QList<Entry> entries() const;
    qint64 totalBytes() const;
    // Oldest first, until the cache fits its limit (never the mirror just used: `keep`).
    void evict(const QString &keep) const;
    // Removes every mirror no Runner holds the lock of; returns how many.
    int clear() const;

private:
    QString m_root;
    qint64 m_limit;
};

} // namespace runnercore
