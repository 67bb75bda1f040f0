#include "ObservationBatch.h"

#include <QByteArrayView>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QVariant>

#if defined(__SSE2__) && !defined(RAPIDJSON_SSE2)
#define RAPIDJSON_SSE2 // 16 bytes at a time through unescaped string runs (x86-64 baseline)
#endif
#include <rapidjson/document.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

namespace devplane {

namespace {

using Value = rapidjson::Value;

// QJsonDocument refuses documents nested deeper than this (the root object is level 1).
constexpr int maxNesting = 1024;

bool keyIs(const Value &name, const char *key, rapidjson::SizeType length)
{
    return name.GetStringLength() == length && std::memcmp(name.GetString(), key, length) == 0;
}

template <rapidjson::SizeType N> bool keyIs(const Value &name, const char (&key)[N])
{
    return keyIs(name, key, N - 1);
}

// Where each element of the root's `events` array lies in the body: [begin, end) of an object
// element, {-1, -1} for any other element. Only the last `events` array member is kept.
struct Slice
{
    qsizetype begin = -1;
    qsizetype end = -1;
};

// Forwards the parse to the document, and
// - reads numbers as QJsonDocument does: an integer literal that fits qint64 is that integer,
//   anything else is QJsonDocument's own reading of the literal (it refuses what underflows or
//   overflows; the whole batch then falls back to QJsonDocument);
// - records where the events lie in the body, so their journal lines are copied, not re-written.
// Relies on the iterative parser calling StartObject/EndObject with the stream still on '{'/'}'.
class BatchHandler
{
public:
    BatchHandler(rapidjson::Document &document, rapidjson::InsituStringStream &stream, std::vector<Slice> &slices)
        : m_document(document), m_stream(stream), m_slices(slices)
    { }

    bool Null() { return element() && m_document.Null(); }
    bool Bool(bool b) { return element() && m_document.Bool(b); }
    // Not called with kParseNumbersAsStringsFlag; part of the handler concept.
    bool Int(int i) { return element() && m_document.Int(i); }
    bool Uint(unsigned u) { return element() && m_document.Uint(u); }
    bool Int64(int64_t i) { return element() && m_document.Int64(i); }
    bool Uint64(uint64_t u) { return element() && m_document.Uint64(u); }
    bool Double(double d) { return element() && m_document.Double(d); }
    bool RawNumber(const char *text, rapidjson::SizeType length, bool)
    {
        element();
        const char *end = text + length;
        if (std::find_if(text, end, [](char c) { return c == '.' || c == 'e' || c == 'E'; }) == end) {
            int64_t integer = 0;
            const auto [ptr, ec] = std::from_chars(text, end, integer);
            if (ec == std::errc() && ptr == end) {
                return m_document.Int64(integer);
            }
        }
        QByteArray wrapped;
        wrapped.reserve(length + 2);
        wrapped.append('[').append(text, length).append(']');
        QJsonParseError error;
        const QJsonDocument number = QJsonDocument::fromJson(wrapped, &error);
        if (error.error != QJsonParseError::NoError || !number.isArray() || !number.array().at(0).isDouble()) {
            return false;
        }
        return m_document.Double(number.array().at(0).toDouble());
    }
    bool String(const char *text, rapidjson::SizeType length, bool copy)
    {
        return element() && m_document.String(text, length, copy);
    }
    bool StartObject()
    {
        if (inEvents()) {
            m_slices.push_back({ static_cast<qsizetype>(m_stream.Tell()), -1 });
        }
        ++m_depth;
        return m_document.StartObject();
    }
    bool Key(const char *text, rapidjson::SizeType length, bool copy)
    {
        if (m_depth == 1) {
            m_eventsKey = length == 6 && std::memcmp(text, "events", 6) == 0;
        }
        return m_document.Key(text, length, copy);
    }
    bool EndObject(rapidjson::SizeType members)
    {
        --m_depth;
        if (inEvents()) {
            m_slices.back().end = static_cast<qsizetype>(m_stream.Tell()) + 1; // just past the '}'
        }
        return m_document.EndObject(members);
    }
    bool StartArray()
    {
        element();
        ++m_depth;
        if (m_depth == 2 && m_eventsKey) {
            m_slices.clear(); // a later `events` replaces an earlier one
            m_eventsArray = true;
        }
        return m_document.StartArray();
    }
    bool EndArray(rapidjson::SizeType elements)
    {
        --m_depth;
        if (m_depth == 1) {
            m_eventsArray = false;
        }
        return m_document.EndArray(elements);
    }

private:
    bool inEvents() const { return m_eventsArray && m_depth == 2; }
    // A value that is not an object starts: an element of `events` gets no slice.
    bool element()
    {
        if (inEvents()) {
            m_slices.push_back({});
        }
        return true;
    }

    rapidjson::Document &m_document;
    rapidjson::InsituStringStream &m_stream; // only Tell() is used
    std::vector<Slice> &m_slices;
    int m_depth = 0;
    bool m_eventsKey = false; // the current root member is `events`
    bool m_eventsArray = false; // inside the root's `events` array
};

bool nestsWithin(const Value &value, int level)
{
    if (level > maxNesting) {
        return false;
    }
    if (value.IsObject()) {
        for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) {
            if (!nestsWithin(it->value, level + 1)) {
                return false;
            }
        }
    } else if (value.IsArray()) {
        for (auto it = value.Begin(); it != value.End(); ++it) {
            if (!nestsWithin(*it, level + 1)) {
                return false;
            }
        }
    }
    return true;
}

// The last member called key (QJsonObject keeps the last of duplicate keys), or nullptr.
template <rapidjson::SizeType N> const Value *lastMember(const Value &object, const char (&key)[N])
{
    const Value *found = nullptr;
    for (auto it = object.MemberBegin(); it != object.MemberEnd(); ++it) {
        if (keyIs(it->name, key)) {
            found = &it->value;
        }
    }
    return found;
}

// A value as QJsonDocument would have read it, containers included (numbers are already
// Int64 or Double: see BatchHandler::RawNumber).
QJsonValue deep(const Value &value)
{
    switch (value.GetType()) {
    case rapidjson::kNullType:
        return QJsonValue(QJsonValue::Null);
    case rapidjson::kFalseType:
        return false;
    case rapidjson::kTrueType:
        return true;
    case rapidjson::kObjectType: {
        QJsonObject object;
        for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) {
            // insert() replaces: the last of duplicate keys wins, as in QJsonDocument.
            object.insert(QString::fromUtf8(it->name.GetString(), it->name.GetStringLength()), deep(it->value));
        }
        return object;
    }
    case rapidjson::kArrayType: {
        QJsonArray array;
        for (auto it = value.Begin(); it != value.End(); ++it) {
            array.append(deep(*it));
        }
        return array;
    }
    case rapidjson::kStringType:
        return QString::fromUtf8(value.GetString(), value.GetStringLength());
    case rapidjson::kNumberType:
        break;
    }
    return value.IsInt64() ? QJsonValue(static_cast<qint64>(value.GetInt64())) : QJsonValue(value.GetDouble());
}

// A value with its JSON type and scalar content; containers are empty placeholders.
QJsonValue shallow(const Value &value)
{
    switch (value.GetType()) {
    case rapidjson::kNullType:
        return QJsonValue(QJsonValue::Null);
    case rapidjson::kFalseType:
        return false;
    case rapidjson::kTrueType:
        return true;
    case rapidjson::kObjectType:
        return QJsonObject();
    case rapidjson::kArrayType:
        return QJsonArray();
    case rapidjson::kStringType:
        return QString::fromUtf8(value.GetString(), value.GetStringLength());
    case rapidjson::kNumberType:
        break;
    }
    return value.IsInt64() ? QJsonValue(static_cast<qint64>(value.GetInt64())) : QJsonValue(value.GetDouble());
}

template <typename T> void appendRaw(QByteArray &out, T number)
{
    out.append(reinterpret_cast<const char *>(&number), sizeof number);
}

// Two independently seeded 64-bit hashes (Qt uses AES-NI for them where the CPU has it).
constexpr size_t seedA = 0x9e3779b97f4a7c15ULL;
constexpr size_t seedB = 0xc2b2ae3d27d4eb4fULL;

// A string enters the canonical form as its length and 128 bits of hash, not its bytes: the
// 64 KiB texts of a batch are hashed where they lie instead of being copied first.
void appendCanonicalBytes(QByteArray &out, char tag, QByteArrayView bytes)
{
    out.append(tag);
    appendRaw(out, static_cast<quint32>(bytes.size()));
    appendRaw(out, static_cast<quint64>(qHash(bytes, seedA)));
    appendRaw(out, static_cast<quint64>(qHash(bytes, seedB)));
}

// Numbers by value: an integer and an integral double of the same value are the same.
void appendCanonicalNumber(QByteArray &out, std::optional<qint64> integer, double number)
{
    if (!integer && std::trunc(number) == number && number >= -9.2e18 && number <= 9.2e18) {
        integer = static_cast<qint64>(number); // -0.0 too
    }
    if (integer) {
        out.append('i');
        appendRaw(out, *integer);
        return;
    }
    out.append('d');
    appendRaw(out, number);
}

// A binary form that is equal for equal JSON values: members sorted by the UTF-8 bytes of their
// keys (the last of duplicate keys wins), numbers by value, strings as length and hashes.
void appendCanonical(QByteArray &out, const Value &value)
{
    switch (value.GetType()) {
    case rapidjson::kNullType:
        out.append('n');
        return;
    case rapidjson::kFalseType:
        out.append('f');
        return;
    case rapidjson::kTrueType:
        out.append('t');
        return;
    case rapidjson::kStringType:
        appendCanonicalBytes(out, 's', QByteArrayView(value.GetString(), value.GetStringLength()));
        return;
    case rapidjson::kNumberType:
        appendCanonicalNumber(
            out, value.IsInt64() ? std::optional<qint64>(value.GetInt64()) : std::nullopt, value.GetDouble());
        return;
    case rapidjson::kArrayType:
        out.append('a');
        appendRaw(out, static_cast<quint32>(value.Size()));
        for (auto it = value.Begin(); it != value.End(); ++it) {
            appendCanonical(out, *it);
        }
        return;
    case rapidjson::kObjectType:
        break;
    }
    std::vector<const Value::Member *> members;
    members.reserve(value.MemberCount());
    for (auto it = value.MemberBegin(); it != value.MemberEnd(); ++it) {
        members.push_back(&*it);
    }
    const auto keyLess = [](const Value::Member *a, const Value::Member *b) {
        const std::string_view x(a->name.GetString(), a->name.GetStringLength());
        const std::string_view y(b->name.GetString(), b->name.GetStringLength());
        return x < y;
    };
    std::stable_sort(members.begin(), members.end(), keyLess);
    // Of equal keys keep the last (stable sort: the last in document order).
    std::vector<const Value::Member *> unique;
    unique.reserve(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (i + 1 < members.size() && !keyLess(members[i], members[i + 1])) {
            continue;
        }
        unique.push_back(members[i]);
    }
    out.append('o');
    appendRaw(out, static_cast<quint32>(unique.size()));
    for (const Value::Member *member : unique) {
        appendCanonicalBytes(out, 's', QByteArrayView(member->name.GetString(), member->name.GetStringLength()));
        appendCanonical(out, member->value);
    }
}

// The same form from what QJsonDocument read (a batch ObservationBatch declined).
void appendCanonicalString(QByteArray &out, const QString &text)
{
    if (QStringView(text).isValidUtf16()) {
        appendCanonicalBytes(out, 's', text.toUtf8());
    } else { // a lone surrogate escape: RapidJSON never reads one, keep it apart
        appendCanonicalBytes(
            out, 'S', QByteArrayView(reinterpret_cast<const char *>(text.utf16()), text.size() * qsizetype(2)));
    }
}

void appendCanonical(QByteArray &out, const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined:
        out.append('n');
        return;
    case QJsonValue::Bool:
        out.append(value.toBool() ? 't' : 'f');
        return;
    case QJsonValue::String:
        appendCanonicalString(out, value.toString());
        return;
    case QJsonValue::Double: {
        const bool integer = value.toVariant().userType() == QMetaType::LongLong;
        appendCanonicalNumber(out, integer ? std::optional<qint64>(value.toInteger()) : std::nullopt, value.toDouble());
        return;
    }
    case QJsonValue::Array: {
        const QJsonArray array = value.toArray();
        out.append('a');
        appendRaw(out, static_cast<quint32>(array.size()));
        for (const QJsonValue &element : array) {
            appendCanonical(out, element);
        }
        return;
    }
    case QJsonValue::Object:
        break;
    }
    const QJsonObject object = value.toObject(); // keys already unique (the last one won)
    std::vector<std::pair<QByteArray, QString>> keys;
    keys.reserve(static_cast<std::size_t>(object.size()));
    for (auto it = object.begin(); it != object.end(); ++it) {
        keys.emplace_back(it.key().toUtf8(), it.key());
    }
    std::sort(keys.begin(), keys.end(), [](const auto &a, const auto &b) {
        return std::string_view(a.first.constData(), static_cast<std::size_t>(a.first.size()))
            < std::string_view(b.first.constData(), static_cast<std::size_t>(b.first.size()));
    });
    out.append('o');
    appendRaw(out, static_cast<quint32>(keys.size()));
    for (const auto &[utf8, key] : keys) {
        appendCanonicalString(out, key);
        appendCanonical(out, object.value(key));
    }
}

QByteArray finishDigest(const QByteArray &canonical)
{
    // Not a cryptographic hash: only the client that owns the key could aim for a collision,
    // and SHA-256 in Qt 6.4 runs at ~100 MB/s here, the whole budget of a batch.
    QByteArray digest("rj1:");
    appendRaw(digest, static_cast<quint64>(qHash(QByteArrayView(canonical), seedA)));
    appendRaw(digest, static_cast<quint64>(qHash(QByteArrayView(canonical), seedB)));
    return digest;
}

} // namespace

struct ObservationBatch::Parsed
{
    QByteArray raw; // the body (shared, not copied): the journal lines are cut from it
    QByteArray buffer; // a copy parsed in situ: the document's strings point into it
    rapidjson::Document document;
    const Value *events = nullptr; // the (last) `events` member when it is an array
    std::vector<Slice> slices; // one per element of *events
};

ObservationBatch::ObservationBatch(std::unique_ptr<Parsed> parsed) : m_parsed(std::move(parsed)) { }

ObservationBatch::~ObservationBatch() = default;

std::shared_ptr<const ObservationBatch> ObservationBatch::parse(const QByteArray &raw)
{
    // A NUL would end RapidJSON's string stream early; invalid UTF-8 is QJsonDocument's to judge.
    if (raw.isEmpty() || std::memchr(raw.constData(), '\0', static_cast<size_t>(raw.size()))
        || !QByteArrayView(raw).isValidUtf8()) {
        return nullptr;
    }
    auto parsed = std::make_unique<Parsed>();
    parsed->raw = raw;
    // Padded with NULs: RapidJSON's SSE2 scan loads aligned 16-byte blocks, which may reach up to
    // 15 bytes past the terminating NUL; the padding keeps those loads inside the allocation.
    parsed->buffer = QByteArray(raw.size() + 16, '\0');
    std::memcpy(parsed->buffer.data(), raw.constData(), static_cast<size_t>(raw.size()));
    bool ok = false;
    auto generate = [&](rapidjson::Document &document) {
        // Iterative: a deeply nested body cannot exhaust the stack (and BatchHandler relies on
        // its order of calls). In situ on a copy: no string is copied again; the journal lines
        // come from the untouched body. QByteArray data is NUL-terminated.
        constexpr unsigned flags
            = rapidjson::kParseInsituFlag | rapidjson::kParseIterativeFlag | rapidjson::kParseNumbersAsStringsFlag;
        rapidjson::InsituStringStream stream(parsed->buffer.data());
        BatchHandler handler(document, stream, parsed->slices);
        rapidjson::Reader reader;
        ok = !reader.Parse<flags>(stream, handler).IsError();
        return ok;
    };
    parsed->document.Populate(generate);
    if (!ok || !parsed->document.IsObject() || !nestsWithin(parsed->document, 1)) {
        return nullptr;
    }
    const Value *events = lastMember(parsed->document, "events");
    parsed->events = events && events->IsArray() ? events : nullptr;
    if (parsed->events && parsed->slices.size() != parsed->events->Size()) {
        return nullptr; // cannot happen; never write a journal line from a wrong slice
    }
    return std::shared_ptr<const ObservationBatch>(new ObservationBatch(std::move(parsed)));
}

QJsonObject ObservationBatch::fields() const
{
    QJsonObject body;
    const Value &root = m_parsed->document;
    // insert() replaces: the last of duplicate keys wins, as in QJsonDocument.
    for (auto it = root.MemberBegin(); it != root.MemberEnd(); ++it) {
        if (keyIs(it->name, "claim_id")) {
            body.insert(QStringLiteral("claim_id"), shallow(it->value));
        } else if (keyIs(it->name, "events")) {
            if (!it->value.IsArray()) {
                body.insert(QStringLiteral("events"), shallow(it->value));
                continue;
            }
            QJsonArray events;
            for (auto event = it->value.Begin(); event != it->value.End(); ++event) {
                if (!event->IsObject()) {
                    events.append(shallow(*event));
                    continue;
                }
                QJsonObject fields;
                for (auto member = event->MemberBegin(); member != event->MemberEnd(); ++member) {
                    for (const char *name : { "seq", "at", "kind", "data" }) {
                        if (keyIs(member->name, name, static_cast<rapidjson::SizeType>(std::strlen(name)))) {
                            fields.insert(QLatin1String(name), shallow(member->value));
                        }
                    }
                }
                events.append(fields);
            }
            body.insert(QStringLiteral("events"), events);
        }
    }
    return body;
}

qsizetype ObservationBatch::eventCount() const
{
    return m_parsed->events ? m_parsed->events->Size() : 0;
}

void ObservationBatch::appendJournalLine(qsizetype index, const QByteArray &receivedAt, QByteArray &out) const
{
    const Value &event = (*m_parsed->events)[static_cast<rapidjson::SizeType>(index)];
    const Slice slice = m_parsed->slices[static_cast<std::size_t>(index)];
    const char *text = m_parsed->raw.constData() + slice.begin;
    const std::size_t length = static_cast<std::size_t>(slice.end - slice.begin);
    // The event as it came, when that is one line (a line break can only be white space
    // between tokens) and has no received_at of its own to replace: the object without its
    // '}', then the stamp.
    if (slice.begin >= 0 && slice.end > slice.begin && text[length - 1] == '}' && !std::memchr(text, '\n', length)
        && !std::memchr(text, '\r', length) && !lastMember(event, "received_at")) {
        out.append(text, static_cast<qsizetype>(length - 1));
        out.append(event.MemberCount() > 0 ? ",\"received_at\":\"" : "\"received_at\":\"");
        out.append(receivedAt);
        out.append("\"}\n");
        return;
    }
    // Otherwise re-written compactly, in member order, without its received_at.
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    writer.StartObject();
    for (auto it = event.MemberBegin(); it != event.MemberEnd(); ++it) {
        if (keyIs(it->name, "received_at")) {
            continue; // the server's own stamp replaces it
        }
        writer.Key(it->name.GetString(), it->name.GetStringLength());
        it->value.Accept(writer);
    }
    writer.Key("received_at");
    writer.String(receivedAt.constData(), static_cast<rapidjson::SizeType>(receivedAt.size()));
    writer.EndObject();
    out.append(buffer.GetString(), static_cast<qsizetype>(buffer.GetSize()));
    out.append('\n');
}

QByteArrayView ObservationBatch::kindOf(qsizetype index) const
{
    if (!m_parsed->events || index < 0 || index >= static_cast<qsizetype>(m_parsed->events->Size())) {
        return {};
    }
    const Value &event = (*m_parsed->events)[static_cast<rapidjson::SizeType>(index)];
    const Value *kind = event.IsObject() ? lastMember(event, "kind") : nullptr;
    if (!kind || !kind->IsString()) {
        return {};
    }
    return QByteArrayView(kind->GetString(), static_cast<qsizetype>(kind->GetStringLength()));
}

QJsonObject ObservationBatch::dataOf(qsizetype index) const
{
    if (!m_parsed->events || index < 0 || index >= static_cast<qsizetype>(m_parsed->events->Size())) {
        return {};
    }
    const Value &event = (*m_parsed->events)[static_cast<rapidjson::SizeType>(index)];
    const Value *data = event.IsObject() ? lastMember(event, "data") : nullptr;
    return data && data->IsObject() ? deep(*data).toObject() : QJsonObject();
}

QByteArray ObservationBatch::digest() const
{
    QByteArray canonical;
    canonical.reserve(4096);
    appendCanonical(canonical, m_parsed->document);
    return finishDigest(canonical);
}

QByteArray ObservationBatch::digestOf(const QJsonValue &value)
{
    QByteArray canonical;
    appendCanonical(canonical, value);
    return finishDigest(canonical);
}

} // namespace devplane
