#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QString>

namespace devplane {

// The observation log of each Session: one compact JSON line per accepted event, in seq order.
// With a directory (`<state>.events/`) each Session has an append-only `<session_id>.jsonl`
// there and nothing is kept in memory, so a long benchmark run costs disk, not RAM; the lines
// are written (not fsynced) before the batch is acknowledged, so a killed devplane keeps every
// acknowledged event. Without a directory the lines live in memory.
class EventJournal
{
public:
    explicit EventJournal(const QString &directory);

    bool open(QString *error);
    // Reads a Session's file back at start: drops a torn last line, returns the last seq (0: none).
    qint64 recover(const QString &sessionId);
    // lines: whole lines, each ending in '\n'.
    bool append(const QString &sessionId, const QByteArray &lines);
    // Events with seq > afterSeq, at most limit of them (negative: all).
    QJsonArray read(const QString &sessionId, qint64 afterSeq, qint64 limit) const;

private:
    QString pathOf(const QString &sessionId) const;

    QString m_directory; // empty: memory only
    QHash<QString, QByteArray> m_memory; // by session id
};

} // namespace devplane
