#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QString>
#include <optional>

namespace devplane {

// §6.4: one directive queue per Runner behind GET /v1/runner/control. Directives are numbered
// per Runner; the cursor handed out is "ctl_<epoch>_<seq>" and `after=<cursor>` acknowledges
// (drops) everything up to it. Without a usable cursor the Runner gets what was not delivered
// yet. The epoch is random per state, so a cursor from a devplane that forgot its queues (no
// --state) cannot acknowledge directives it never saw.
class ControlChannel
{
public:
    ControlChannel();

    void queue(const QString &runnerId, const QJsonObject &directive);

    struct Batch
    {
        QString cursor;
        QJsonArray directives;
        bool changed = false; // something was acknowledged or delivered: worth saving
    };
    // nullopt when `after` is not a cursor of this form at all (the caller answers 400). Marks
    // the returned directives delivered.
    std::optional<Batch> take(const QString &runnerId, const std::optional<QString> &after);
    QJsonArray pending(const QString &runnerId) const;

    QJsonObject toJson() const;
    void fromJson(const QJsonObject &root);

private:
    struct Entry
    {
        qint64 seq = 0;
        QJsonObject directive;
    };
    struct Queue
    {
        QList<Entry> entries; // not yet acknowledged, in order
        qint64 lastSeq = 0;
        qint64 deliveredThrough = 0;
    };

    QString cursorFor(qint64 seq) const;

    QString m_epoch;
    QMap<QString, Queue> m_queues; // by runner id
};

} // namespace devplane
