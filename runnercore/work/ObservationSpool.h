#pragma once

#include <QByteArray>
#include <QFile>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace runnercore {

// A run's state on disk (§6.3, §6.6), owner-only, under <data>/spool/<run_id>/:
//  - meta.json: ids and counters, and the settle request once persisted. Content-free, so it
//    is kept for ephemeral_zdr runs too (a restart can still settle them).
//  - events-<first seq>.jsonl: durable runs only; append-only segments of serialized events,
//    dropped once everything in them is acknowledged.
class ObservationSpool
{
public:
    static constexpr qint64 SegmentBytes = 8 * 1024 * 1024;

    struct Meta
    {
        QString runId;
        QString claimId;
        QString sessionId;
        bool durable = true;
        int leaseTtlSeconds = 60;
        qint64 lastSeq = 0; // highest seq appended
        qint64 ackedThrough = 0; // highest seq the server acknowledged
        QJsonObject settleBody; // empty until persisted
        QString settleKey;
    };

    ObservationSpool(const QString &root, const QString &runId);
    ~ObservationSpool();

    bool create(const Meta &meta, QString *error);
    // Loads an existing spool (restart); events with seq > ackedThrough are returned in order.
    bool load(QString *error);
    Meta &meta() { return m_meta; }
    bool saveMeta();

    // Durable runs: one serialized event per line.
    bool append(const QByteArray &serializedEvent, qint64 seq);
    void sync(); // fsync the current segment
    // Drops segments wholly acknowledged.
    void acknowledge(qint64 ackedThrough);
    QList<QByteArray> unacknowledged() const { return m_recovered; }
    void clearRecovered() { m_recovered.clear(); }
    void remove();
    QString dir() const { return m_dir; }

    // Runs left in the spool by an earlier process.
    static QStringList runsIn(const QString &root);

private:
    bool openSegment(qint64 firstSeq);

    QString m_dir;
    Meta m_meta;
    std::unique_ptr<QFile> m_segment;
    qint64 m_segmentFirstSeq = 0;
    QList<QPair<qint64, QString>> m_segments; // first seq, path
    QList<QByteArray> m_recovered;
};

} // namespace runnercore
