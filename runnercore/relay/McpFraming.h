#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <optional>

namespace runnercore {

// MCP's stdio framing (§6.10) on the Runner's side of the relay socket: one JSON-RPC message per
// line. Pure: bytes in, lines out, so the harness's bytes are fuzzed (tests/fuzz/fuzz_mcp_framing.cpp).
class McpLineFramer
{
public:
    // A line is read whole up to this many bytes, so that a message over McpMessage::MaxBytes can
    // still be answered by its id; a longer one ends the connection.
    static constexpr qsizetype MaxLineBytes = 4 * 1024 * 1024;

    // The complete lines data finishes (without "\n" or a "\r" before it).
    QList<QByteArray> push(QByteArrayView data);
    // A line grew past MaxLineBytes: nothing more is framed.
    bool overflowed() const { return m_overflowed; }
    qsizetype pendingBytes() const { return m_pending.size(); }

private:
    QByteArray m_pending;
    bool m_overflowed = false;
};

// One line from a harness, checked against §6.10's bounds: a JSON-RPC 2.0 object of at most 1 MiB.
struct McpMessage
{
    static constexpr qsizetype MaxBytes = 1024 * 1024;
    enum class Kind {
        Request, // method and id: counted against the run's 16 awaiting an answer
        Notification, // method, no id
        Response, // id and result or error: the harness answers the plane
        Invalid, // problem says why; id set when one could be read (→ -32600)
        Blank, // an empty line, skipped
    };

    Kind kind = Kind::Invalid;
    QJsonObject object; // the message (Request, Notification, Response)
    QJsonValue id = QJsonValue::Undefined; // a string or a number, else Undefined
    QString method;
    QString problem;

    static McpMessage check(QByteArrayView line);
    // The id as a key for its connection's table (its compact JSON).
    static QByteArray idKey(const QJsonValue &id);
    // A JSON-RPC error response, one line without its "\n".
    static QByteArray error(const QJsonValue &id, int code, const QString &message, const QJsonObject &data = {});
};

// The bridge's first line: "checkfu-mcp-bridge 1 NAME" (NAME of one of the run's plane_mcp entries).
struct McpBridgeHello
{
    static std::optional<QString> parse(QByteArrayView line);
    static QByteArray line(const QString &name);
};

} // namespace runnercore
