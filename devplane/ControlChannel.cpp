#include "ControlChannel.h"

#include "WireFormat.h"

#include <QRegularExpression>

namespace devplane {

ControlChannel::ControlChannel() : m_epoch(WireFormat::randomHex(8)) { }

void ControlChannel::queue(const QString &runnerId, const QJsonObject &directive)
{
    Queue &queue = m_queues[runnerId];
    queue.lastSeq += 1;
    queue.entries.append(Entry { queue.lastSeq, directive });
}

QString ControlChannel::cursorFor(qint64 seq) const
{
    return QStringLiteral("ctl_%1_%2").arg(m_epoch).arg(seq);
}

std::optional<ControlChannel::Batch> ControlChannel::take(const QString &runnerId, const std::optional<QString> &after)
{
    static const QRegularExpression cursorPattern(QStringLiteral("^ctl_([0-9a-f]{8})_([0-9]{1,18})$"));
    Queue &queue = m_queues[runnerId];
    std::optional<qint64> acknowledged;
    if (after) {
        const QRegularExpressionMatch match = cursorPattern.match(*after);
        if (!match.hasMatch()) {
            return std::nullopt;
        }
        if (match.captured(1) == m_epoch) {
            acknowledged = std::min(match.captured(2).toLongLong(), queue.lastSeq);
        }
    }
    qint64 from = queue.deliveredThrough;
    Batch batch;
    if (acknowledged) {
        while (!queue.entries.isEmpty() && queue.entries.first().seq <= *acknowledged) {
            queue.entries.removeFirst();
            batch.changed = true;
        }
        queue.deliveredThrough = std::max(queue.deliveredThrough, *acknowledged);
        // With a cursor, everything after it again: an answer lost on the way is redelivered.
        from = *acknowledged;
    }
    qint64 through = from;
    for (const Entry &entry : std::as_const(queue.entries)) {
        if (entry.seq > from) {
            batch.directives.append(entry.directive);
            through = entry.seq;
        }
    }
    batch.changed = batch.changed || through > queue.deliveredThrough;
    queue.deliveredThrough = std::max(queue.deliveredThrough, through);
    batch.cursor = cursorFor(through);
    return batch;
}

QJsonArray ControlChannel::pending(const QString &runnerId) const
{
    QJsonArray directives;
    for (const Entry &entry : m_queues.value(runnerId).entries) {
        directives.append(entry.directive);
    }
    return directives;
}

QJsonObject ControlChannel::toJson() const
{
    QJsonObject runners;
    for (auto it = m_queues.constBegin(); it != m_queues.constEnd(); ++it) {
        QJsonArray entries;
        for (const Entry &entry : it->entries) {
            entries.append(
                QJsonObject { { QStringLiteral("seq"), entry.seq }, { QStringLiteral("directive"), entry.directive } });
        }
        runners.insert(it.key(),
            QJsonObject { { QStringLiteral("last_seq"), it->lastSeq },
                { QStringLiteral("delivered_through"), it->deliveredThrough },
                { QStringLiteral("entries"), entries } });
    }
    return { { QStringLiteral("epoch"), m_epoch }, { QStringLiteral("runners"), runners } };
}

void ControlChannel::fromJson(const QJsonObject &root)
{
    const QString epoch = root.value(QStringLiteral("epoch")).toString();
    if (!epoch.isEmpty()) {
        m_epoch = epoch;
    }
    const QJsonObject runners = root.value(QStringLiteral("runners")).toObject();
    for (auto it = runners.constBegin(); it != runners.constEnd(); ++it) {
        const QJsonObject o = it->toObject();
        Queue queue;
        queue.lastSeq = o.value(QStringLiteral("last_seq")).toInteger();
        queue.deliveredThrough = o.value(QStringLiteral("delivered_through")).toInteger();
        for (const QJsonValue &value : o.value(QStringLiteral("entries")).toArray()) {
            const QJsonObject entry = value.toObject();
            queue.entries.append(Entry {
                entry.value(QStringLiteral("seq")).toInteger(), entry.value(QStringLiteral("directive")).toObject() });
        }
        m_queues.insert(it.key(), queue);
    }
}

} // namespace devplane
