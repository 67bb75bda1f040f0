#include "EventJournal.h"

#include "OwnerOnlyFile.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace devplane {

EventJournal::EventJournal(const QString &directory) : m_directory(directory) { }

bool EventJournal::open(QString *error)
{
    if (m_directory.isEmpty()) {
        return true;
    }
    // Events carry prompts and output: owner-only, like the state file.
    return OwnerOnlyFile::makeDirectory(m_directory, error);
}

QString EventJournal::pathOf(const QString &sessionId) const
{
    return m_directory + QLatin1Char('/') + sessionId + QStringLiteral(".jsonl");
}

qint64 EventJournal::recover(const QString &sessionId)
{
    if (m_directory.isEmpty()) {
        return 0;
    }
    QFile file(pathOf(sessionId));
    if (!file.open(QIODevice::ReadWrite)) {
        return 0;
    }
    // Lines are written strictly in seq order from 1, so counting them is enough when the last
    // one agrees: a long benchmark session is not re-parsed at every start.
    qint64 lines = 0;
    qint64 lastLineStart = 0;
    qint64 goodEnd = 0; // just past the last '\n'
    qint64 offset = 0;
    while (!file.atEnd()) {
        const QByteArray chunk = file.read(1 << 20);
        for (qsizetype at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1)) {
            lines += 1;
            lastLineStart = goodEnd;
            goodEnd = offset + at + 1;
        }
        offset += chunk.size();
    }
    if (goodEnd < file.size()) {
        file.resize(goodEnd); // torn by a kill in the middle of a write
    }
    if (lines == 0) {
        return 0;
    }
    file.seek(lastLineStart);
    const QJsonObject last = QJsonDocument::fromJson(file.read(goodEnd - lastLineStart)).object();
    if (last.value(QStringLiteral("seq")).toInteger() == lines) {
        return lines;
    }
    // Damaged in the middle: keep the longest valid, gapless prefix.
    file.seek(0);
    qint64 lastSeq = 0;
    qint64 prefixEnd = 0;
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        if (!line.endsWith('\n') || event.value(QStringLiteral("seq")).toInteger() != lastSeq + 1) {
            break;
        }
        lastSeq += 1;
        prefixEnd = file.pos();
    }
    file.resize(prefixEnd);
    return lastSeq;
}

bool EventJournal::append(const QString &sessionId, const QByteArray &lines)
{
    if (lines.isEmpty()) {
        return true;
    }
    if (m_directory.isEmpty()) {
        m_memory[sessionId].append(lines);
        return true;
    }
    QFile file;
    // Unbuffered: the batch leaves in one write, before the acknowledgement does.
    QString error;
    if (!OwnerOnlyFile::openForAppend(file, pathOf(sessionId), &error)) {
        qWarning("checkfu-devplane: cannot append: %s", qPrintable(error));
        return false;
    }
    if (file.write(lines) != lines.size()) {
        qWarning(
            "checkfu-devplane: short write to %s: %s", qPrintable(file.fileName()), qPrintable(file.errorString()));
        file.close();
        return false;
    }
    return true;
}

QJsonArray EventJournal::read(const QString &sessionId, qint64 afterSeq, qint64 limit) const
{
    QJsonArray events;
    if (limit == 0) {
        return events;
    }
    const auto take = [&](const QByteArray &line) {
        const QJsonObject event = QJsonDocument::fromJson(line).object();
        if (event.value(QStringLiteral("seq")).toInteger() > afterSeq) {
            events.append(event);
        }
        return limit < 0 || events.size() < limit;
    };
    // Line k holds seq k (lines are appended in seq order from 1, recover() keeps a gapless
    // prefix), so the first afterSeq lines are skipped without being parsed: `session wait`
    // and benchmarks ask for the last events of sessions with gigabytes of them.
    if (m_directory.isEmpty()) {
        const QByteArray data = m_memory.value(sessionId);
        qsizetype start = 0;
        for (qint64 skipped = 0; skipped < afterSeq && start < data.size(); ++skipped) {
            const qsizetype end = data.indexOf('\n', start);
            start = end < 0 ? data.size() : end + 1;
        }
        while (start < data.size()) {
            const qsizetype end = data.indexOf('\n', start);
            if (end < 0 || !take(data.mid(start, end - start))) {
                break;
            }
            start = end + 1;
        }
        return events;
    }
    QFile file(pathOf(sessionId));
    if (!file.open(QIODevice::ReadOnly)) {
        return events;
    }
    qint64 skipped = 0;
    qint64 skippedEnd = 0; // just past the last skipped line's '\n'
    for (qint64 offset = 0; skipped < afterSeq && !file.atEnd();) {
        const QByteArray chunk = file.read(1 << 20);
        for (qsizetype at = chunk.indexOf('\n'); at >= 0 && skipped < afterSeq; at = chunk.indexOf('\n', at + 1)) {
            skipped += 1;
            skippedEnd = offset + at + 1;
        }
        offset += chunk.size();
    }
    file.seek(skippedEnd);
    while (!file.atEnd()) {
        const QByteArray line = file.readLine();
        if (!line.endsWith('\n') || !take(line)) {
            break;
        }
    }
    return events;
}

} // namespace devplane
