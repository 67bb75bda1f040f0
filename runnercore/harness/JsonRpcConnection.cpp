#include <runnercore/harness/JsonRpcConnection.h>

#include <QJsonDocument>
#include <QJsonParseError>

#include <cmath>

namespace runnercore {

namespace {
const QString jsonrpc = QStringLiteral("jsonrpc");
const QString version = QStringLiteral("2.0");
constexpr qsizetype PreviewChars = 200;

QString previewOf(const char *data, qsizetype size)
{
    return QString::fromUtf8(data, std::min(size, PreviewChars * 4)).left(PreviewChars);
}
} // namespace

JsonRpcConnection::JsonRpcConnection(Writer writer, QObject *parent) : QObject(parent), m_writer(std::move(writer)) { }

void JsonRpcConnection::feed(const QByteArray &data)
{
    if (m_broken || data.isEmpty())
        return;
    m_buffer.append(data);
    qsizetype start = 0;
    while (!m_broken) {
        const qsizetype newline = m_buffer.indexOf('\n', std::max(start, m_scanFrom));
        if (newline < 0)
            break;
        processLine(m_buffer.constData() + start, newline - start);
        start = newline + 1;
        m_scanFrom = start;
    }
    if (m_broken)
        return;
    // One removal per read rather than per line: many small messages arrive in one read.
    if (start > 0)
        m_buffer.remove(0, start);
    m_scanFrom = m_buffer.size();
    // A CR at the end may be the first half of a CRLF, which is no part of the line.
    if (m_buffer.size() - (m_buffer.endsWith('\r') ? 1 : 0) > m_maxLineBytes) {
        m_broken = true;
        const qint64 size = m_buffer.size();
        m_buffer.clear();
        m_buffer.squeeze();
        emit lineTooLong(size);
    }
}

void JsonRpcConnection::finish()
{
    if (!m_broken && !m_buffer.isEmpty())
        processLine(m_buffer.constData(), m_buffer.size());
    m_buffer.clear();
    m_scanFrom = 0;
}

void JsonRpcConnection::processLine(const char *data, qsizetype size)
{
    if (size > 0 && data[size - 1] == '\r')
        --size;
    if (size > m_maxLineBytes) {
        m_broken = true;
        emit lineTooLong(size);
        return;
    }
    // Blank lines carry nothing; skipping them quietly is what every ndjson reader does.
    bool blank = true;
    for (qsizetype i = 0; i < size && blank; ++i)
        blank = data[i] == ' ' || data[i] == '\t';
    if (blank)
        return;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromRawData(data, size), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject()) {
        emit invalidLine(size,
            error.error != QJsonParseError::NoError ? tr("not JSON (%1)").arg(error.errorString())
                : doc.isArray()                     ? tr("a JSON array (batches are not part of ACP)")
                                                    : tr("not a JSON object"),
            previewOf(data, size));
        return;
    }
    const QJsonObject message = doc.object();
    const QJsonValue method = message.value(QLatin1String("method"));
    const QJsonValue id = message.value(QLatin1String("id"));
    if (!method.isUndefined()) {
        if (!method.isString() || method.toString().isEmpty()) {
            emit invalidLine(size, tr("\"method\" is not a string"), previewOf(data, size));
            if (!id.isUndefined())
                sendError(id, JsonRpcError::InvalidRequest, tr("\"method\" must be a non-empty string"));
            return;
        }
        const QJsonValue params = message.value(QLatin1String("params"));
        emit messageReceived();
        if (!params.isUndefined() && !params.isNull() && !params.isObject()) {
            if (!id.isUndefined())
                sendError(id, JsonRpcError::InvalidParams, tr("\"params\" must be an object"));
            return;
        }
        if (id.isUndefined())
            emit notificationReceived(method.toString(), params.toObject());
        else
            emit requestReceived(id, method.toString(), params.toObject());
        return;
    }
    if (id.isUndefined() || !id.isDouble()) {
        // Our ids are integers: anything else cannot answer one of our requests.
        emit invalidLine(size, tr("a response to no request of ours"), previewOf(data, size));
        return;
    }
    emit messageReceived();
    // Our ids are whole numbers from 1: 1.5 or 1e300 answers none of them (and converting an
    // out-of-range double to an integer is undefined behaviour).
    const double number = id.toDouble();
    const auto it = number >= 1 && number < double(m_nextId) && number == std::floor(number)
        ? m_pending.find(qint64(number))
        : m_pending.end();
    if (it == m_pending.end()) {
        emit invalidLine(size, tr("a response to no request of ours"), previewOf(data, size));
        return;
    }
    const ResponseHandler handler = std::move(it.value());
    m_pending.erase(it);
    const QJsonValue errorValue = message.value(QLatin1String("error"));
    if (!errorValue.isUndefined() && !errorValue.isNull()) {
        const QJsonObject e = errorValue.toObject();
        JsonRpcError rpcError { e.value(QLatin1String("code")).toInt(JsonRpcError::InternalError),
            e.value(QLatin1String("message")).toString(), e.value(QLatin1String("data")) };
        if (rpcError.message.isEmpty())
            rpcError.message = tr("an error without a message");
        handler(QJsonValue(), rpcError);
        return;
    }
    handler(message.value(QLatin1String("result")), std::nullopt);
}

qint64 JsonRpcConnection::sendRequest(const QString &method, const QJsonObject &params, ResponseHandler handler)
{
    const qint64 id = m_nextId++;
    m_pending.insert(id, std::move(handler));
    send({ { jsonrpc, version }, { QStringLiteral("id"), id }, { QStringLiteral("method"), method },
        { QStringLiteral("params"), params } });
    return id;
}

void JsonRpcConnection::sendNotification(const QString &method, const QJsonObject &params)
{
    send({ { jsonrpc, version }, { QStringLiteral("method"), method }, { QStringLiteral("params"), params } });
}

void JsonRpcConnection::sendResult(const QJsonValue &id, const QJsonValue &result)
{
    send({ { jsonrpc, version }, { QStringLiteral("id"), id }, { QStringLiteral("result"), result } });
}

void JsonRpcConnection::sendError(const QJsonValue &id, int code, const QString &message)
{
    send({ { jsonrpc, version }, { QStringLiteral("id"), id },
        { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("code"), code }, { QStringLiteral("message"), message } } } });
}

void JsonRpcConnection::failPending(const QString &message)
{
    const auto pending = std::exchange(m_pending, {});
    for (const ResponseHandler &handler : pending)
        handler(QJsonValue(), JsonRpcError { JsonRpcError::InternalError, message, QJsonValue() });
}

void JsonRpcConnection::send(const QJsonObject &message)
{
    QByteArray line = QJsonDocument(message).toJson(QJsonDocument::Compact);
    line.append('\n');
    m_writer(line);
}

} // namespace runnercore
