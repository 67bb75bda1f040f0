#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QJsonValue>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace runnercore {

// A JSON-RPC 2.0 error object as received or sent.
struct JsonRpcError
{
    int code = 0;
    QString message;
    QJsonValue data;

    static constexpr int ParseError = -32700;
    static constexpr int InvalidRequest = -32600;
    static constexpr int MethodNotFound = -32601;
    static constexpr int InvalidParams = -32602;
    static constexpr int InternalError = -32603;
};

// Newline-delimited JSON-RPC 2.0 over a byte stream (ACP's stdio transport): one message per line,
// no batches, each direction with its own id space. A message with "method" is a request (with
// "id") or a notification; one without is a response to us. Lines that are not a JSON object are
// reported and skipped, never fatal; a line longer than MaxLineBytes stops the connection instead
// of growing the buffer without bound. Pure: bytes in through feed(), bytes out through a writer.
class JsonRpcConnection : public QObject
{
    Q_OBJECT
signals:
    void requestReceived(const QJsonValue &id, const QString &method, const QJsonObject &params);
    void notificationReceived(const QString &method, const QJsonObject &params);
    void messageReceived(); // any well-formed message (the idle timer's "ACP message")
    // A line that is not a JSON-RPC message; preview is its first characters.
    void invalidLine(qint64 size, const QString &why, const QString &preview);
    void lineTooLong(qint64 bytesSoFar); // the connection stops reading after this

public:
    static constexpr qint64 DefaultMaxLineBytes = 32LL * 1024 * 1024;
    using Writer = std::function<void(const QByteArray &)>;
    using ResponseHandler = std::function<void(const QJsonValue &result, const std::optional<JsonRpcError> &error)>;

    explicit JsonRpcConnection(Writer writer, QObject *parent = nullptr);

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; }
    void feed(const QByteArray &data);
    // End of the stream: a last line without a newline still counts.
    void finish();

    // Returns the request's id. The handler runs once: with the answer, or with an error from
    // failPending() when the peer is gone.
    qint64 sendRequest(const QString &method, const QJsonObject &params, ResponseHandler handler);
    void sendNotification(const QString &method, const QJsonObject &params);
    void sendResult(const QJsonValue &id, const QJsonValue &result);
    void sendError(const QJsonValue &id, int code, const QString &message);
    // Every request still waiting gets this error (the peer exited or the run ended).
    void failPending(const QString &message);
    int pendingRequests() const { return int(m_pending.size()); }
    bool isBroken() const { return m_broken; }

private:
    void processLine(const char *data, qsizetype size);
    void send(const QJsonObject &message);

    Writer m_writer;
    QByteArray m_buffer;
    qsizetype m_scanFrom = 0;
    qint64 m_maxLineBytes = DefaultMaxLineBytes;
    qint64 m_nextId = 1;
    QHash<qint64, ResponseHandler> m_pending;
    bool m_broken = false;
};

} // namespace runnercore
