#include <runnercore/relay/McpFraming.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

namespace runnercore {

QList<QByteArray> McpLineFramer::push(QByteArrayView data)
{
    QList<QByteArray> lines;
    if (m_overflowed)
        return lines;
    qsizetype from = 0;
    while (from < data.size()) {
        const qsizetype end = data.indexOf('\n', from);
        const qsizetype stop = end < 0 ? data.size() : end;
        if (m_pending.size() + (stop - from) > MaxLineBytes) {
            m_overflowed = true;
            m_pending.clear();
            return lines;
        }
        m_pending.append(data.sliced(from, stop - from));
        if (end < 0)
            break;
        if (m_pending.endsWith('\r'))
            m_pending.chop(1);
        lines.append(std::exchange(m_pending, QByteArray()));
        from = end + 1;
    }
    return lines;
}

namespace {
bool isId(const QJsonValue &v)
{
    return v.isString() || v.isDouble();
}

McpMessage invalid(const QJsonValue &id, const QString &problem)
{
    McpMessage m;
    m.kind = McpMessage::Kind::Invalid;
    m.id = isId(id) ? id : QJsonValue(QJsonValue::Undefined);
    m.problem = problem;
    return m;
}
} // namespace

McpMessage McpMessage::check(QByteArrayView line)
{
    if (line.trimmed().isEmpty()) {
        McpMessage m;
        m.kind = Kind::Blank;
        return m;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toByteArray(), &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return invalid(QJsonValue::Undefined,
            doc.isArray() ? QStringLiteral("a batch (JSON array) is not relayed")
                          : QStringLiteral("not a JSON object"));
    const QJsonObject o = doc.object();
    const QJsonValue id = o.value(QLatin1String("id"));
    if (line.size() > MaxBytes)
        return invalid(id, QStringLiteral("the message exceeds 1 MiB"));
    if (o.value(QLatin1String("jsonrpc")) != QLatin1String("2.0"))
        return invalid(id, QStringLiteral("not JSON-RPC 2.0 (\"jsonrpc\": \"2.0\" is missing)"));
    if (!id.isUndefined() && !id.isNull() && !isId(id))
        return invalid(QJsonValue::Undefined, QStringLiteral("the id is neither a string nor a number"));
    const QJsonValue method = o.value(QLatin1String("method"));
    const bool hasResult = o.contains(QLatin1String("result"));
    const bool hasError = o.contains(QLatin1String("error"));
    McpMessage m;
    m.object = o;
    m.id = isId(id) ? id : QJsonValue(QJsonValue::Undefined);
    if (!method.isUndefined()) {
        if (!method.isString() || method.toString().isEmpty() || hasResult || hasError)
            return invalid(id, QStringLiteral("a request needs a method name and neither result nor error"));
        const QJsonValue params = o.value(QLatin1String("params"));
        if (!params.isUndefined() && !params.isObject() && !params.isArray())
            return invalid(id, QStringLiteral("params must be an object or an array"));
        m.method = method.toString();
        m.kind = isId(id) ? Kind::Request : Kind::Notification;
        if (id.isNull())
            return invalid(id, QStringLiteral("a null id"));
        return m;
    }
    if (!isId(id) || hasResult == hasError)
        return invalid(id, QStringLiteral("neither a request, a notification nor a response"));
    if (hasError && !o.value(QLatin1String("error")).isObject())
        return invalid(id, QStringLiteral("error must be an object"));
    m.kind = Kind::Response;
    return m;
}

QByteArray McpMessage::idKey(const QJsonValue &id)
{
    return QJsonDocument(QJsonArray { id }).toJson(QJsonDocument::Compact);
}

QByteArray McpMessage::error(const QJsonValue &id, int code, const QString &message, const QJsonObject &data)
{
    QJsonObject error { { QStringLiteral("code"), code }, { QStringLiteral("message"), message } };
    if (!data.isEmpty())
        error.insert(QStringLiteral("data"), data);
    return QJsonDocument(QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                             { QStringLiteral("id"), isId(id) ? id : QJsonValue(QJsonValue::Null) },
                             { QStringLiteral("error"), error } })
        .toJson(QJsonDocument::Compact);
}

std::optional<QString> McpBridgeHello::parse(QByteArrayView line)
{
    static const QRegularExpression pattern(QStringLiteral("^checkfu-mcp-bridge 1 ([a-z0-9][a-z0-9_-]{0,31})$"));
    if (line.size() > 64)
        return std::nullopt;
    const QRegularExpressionMatch match = pattern.match(QString::fromLatin1(line));
    if (!match.hasMatch())
        return std::nullopt;
    return match.captured(1);
}

QByteArray McpBridgeHello::line(const QString &name)
{
    return "checkfu-mcp-bridge 1 " + name.toLatin1() + '\n';
}

} // namespace runnercore
