#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <memory>

namespace devplane {

// An observation batch (§6.3) parsed with RapidJSON instead of QJsonDocument, which in Qt 6.4
// builds long strings one character at a time (~12 MB/s for 64 KiB stdout events).
//
// It stands in for the QJsonDocument of the body on the observation route only, and only for
// bodies that QJsonDocument would read as the same object (parse() declines everything else,
// and the server then takes the QJsonDocument path as before):
// - the body is valid UTF-8 (QByteArrayView::isValidUtf8), has no NUL byte, parses with
//   RapidJSON's strict grammar (no BOM, no raw control characters in strings, no lone
//   surrogate escapes: RapidJSON refuses those, QJsonDocument may not) and is an object;
// - it nests at most 1024 levels (QJsonDocument's limit);
// - every number is read as QJsonDocument reads it: an integer literal that fits qint64 is that
//   integer, any other literal is parsed by QJsonDocument itself (which refuses under- and
//   overflow), so values and refusals are Qt's;
// - a key that occurs twice in an object means its last value, as in QJsonObject.
class ObservationBatch
{
public:
    ~ObservationBatch();

    // nullptr: not taken here, parse the body with QJsonDocument.
    static std::shared_ptr<const ObservationBatch> parse(const QByteArray &raw);

    // What SessionLedger::observe checks, as QJsonDocument would give it: `claim_id`, and
    // `events` with each event's `seq`, `at`, `kind` and `data` (an object `data` is an empty
    // placeholder object; every value keeps its JSON type, so the field errors are the same).
    QJsonObject fields() const;
    // Elements of `events` (0 when it is not an array), for the request-log summary.
    qsizetype eventCount() const;
    // Appends the journal line of `events[index]` (an object): its members in their order,
    // compact, minus any `received_at`, then `"received_at":receivedAt`, then '\n'. Re-read by
    // QJsonDocument it is the same object the QJsonObject path stored.
    void appendJournalLine(qsizetype index, const QByteArray &receivedAt, QByteArray &out) const;
    // The `kind` of `events[index]` (an object whose `kind` is a string, as observe checked), as
    // UTF-8 bytes inside the parsed copy: no QString is made, so the ledger can pick out the few
    // kinds it reads (approval.*) without a cost per event.
    QByteArrayView kindOf(qsizetype index) const;
    // The `data` of `events[index]` converted to a QJsonObject (empty when it is not an object).
    // Only for the events the ledger reads (approval.*): every other event's data stays unconverted.
    QJsonObject dataOf(qsizetype index) const;
    // The idempotency fingerprint of the observation route: "rj1:" + 16 bytes, two seeded
    // qHash of a canonical binary form (members sorted by key, the last of duplicate keys,
    // numbers by value, strings as their length and two seeded qHash of their UTF-8 bytes).
    QByteArray digest() const;
    // The same fingerprint of a body QJsonDocument read (one parse() declined), so a retry is
    // compared as a JSON value whichever parser took each copy.
    static QByteArray digestOf(const QJsonValue &value);

private:
    struct Parsed;
    explicit ObservationBatch(std::unique_ptr<Parsed> parsed);
    std::unique_ptr<Parsed> m_parsed;
};

} // namespace devplane
