#pragma once

#include <runnercore/relay/McpFraming.h>

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QString>

#include <deque>
#include <functional>
#include <memory>

class QLocalServer;
class QLocalSocket;

namespace runnercore {

class ApiCall;
class ApiClient;
class SecretMasker;
struct ApiResponse;

// One run's MCP relay (§6.10): a unix socket in the run's owner-only directory, one connection per
// bridge process (mcpc_<32 hex>), each peer checked, each message checked, and every message
// relayed with the workload token over POST /v1/runner/runs/{id}/mcp. Answers go back to their
// connection, from the call's answer or from `mcp` directives. Nothing of a message is logged or
// kept beyond the call that carries it; secrets are masked both ways.
//
// What a harness sends costs the Runner a bounded amount however fast it comes (issue 35): at most
// MaxCallsInFlight calls of the run at once, whatever they carry. Each request is a call of its own
// (one slow tool never holds another); a connection's notifications and responses go in order, one
// call at a time, as many in it as have queued up meanwhile. Calls start in the order their
// messages came on their connection. A connection whose queue is full is not read until it has
// room: the harness's writes wait (the kernel's socket buffer and the bridge's pipe fill), and
// nothing it sent is dropped.
class McpRelay : public QObject
{
    Q_OBJECT
signals:
    // A run.warning for the run's events (mcp_message_refused, mcp_connection_refused); at most
    // MaxWarnings of each kind, then one saying further ones are not reported.
    void warning(const QString &kind, const QString &message);
    // A tools/call was relayed (the activity view counts them).
    void toolCalled();
    // 409 already_settled / lease_lost: the plane ended the relay for this run.
    void ended();

public:
    static constexpr int MaxAwaiting = 16; // §6.10: requests awaiting an answer, per run
    static constexpr int MaxConnections = 32; // open, and gone with messages still to relay
    // Calls (POST …/mcp) of the run at once: requests, and batches of notifications and responses.
    static constexpr int MaxCallsInFlight = 16;
    // A connection's messages waiting for a call: beyond either bound its socket is not read. A
    // batch takes at most as many (the call's body stays far below §1's 8 MiB).
    static constexpr int MaxQueuedMessages = 256;
    static constexpr qint64 MaxQueuedBytes = 1024 * 1024;
    // Read from a connection at a time, and all its socket buffers before the kernel's.
    static constexpr qint64 ReadChunkBytes = 64 * 1024;
    static constexpr int MaxWarnings = 10; // per kind and run
    // Bytes written to a connection that its reader has not taken: beyond, it is closed.
    static constexpr qint64 MaxUnreadBytes = 16 * 1024 * 1024;
    // JSON-RPC errors the Runner answers with (-32600 and -32000 are §6.10's).
    static constexpr int InvalidRequest = -32600;
    static constexpr int LimitReached = -32000;
    static constexpr int PlaneUnreachable = -32001;
    static constexpr int RelayEnded = -32002;
    static constexpr int PlaneRefused = -32003;

    struct Setup
    {
        QString runId;
        QString claimId;
        QString socketPath; // created here; its directory is the run's, owner-only
        QHash<QString, QString> protocolByName; // run_spec.plane_mcp: name → protocol
        // Whether a connecting process (SO_PEERCRED pid, in our PID namespace) belongs to the run.
        std::function<bool(qint64 pid)> peerAllowed;
        int maxAttempts = 4; // per relayed message, with §1's backoff; then an error
        int callTimeoutMs = 40000; // the plane holds a call up to 25 s (§6.10)
    };

    // token: the workload token for the next attempt (asked per attempt: a retry after a rotation
    // carries the new one under the same Idempotency-Key).
    McpRelay(
        ApiClient &api, std::function<QString()> token, SecretMasker *masker, Setup setup, QObject *parent = nullptr);
    ~McpRelay() override;

    bool listen(QString *error);
    QString socketPath() const { return m_setup.socketPath; }
    // An `mcp` control directive (§6.4) for this run.
    void deliver(const QJsonObject &directive);
    // The run settles: every request still awaiting an answer gets an error, every connection and
    // the socket close. Nothing is relayed afterwards.
    void close();

    int awaiting() const { return int(m_awaiting.size()); }
    int connectionCount() const { return int(m_connections.size()); }
    int callsInFlight() const { return m_inFlight; }
    int toolCalls() const { return m_toolCalls; }

private:
    struct Outgoing
    {
        QByteArray json; // the checked message, masked, compact
        QJsonValue id; // a request's
        bool request = false;
    };
    struct Connection
    {
        QString id; // mcpc_<32 hex>
        QString protocol; // after the hello
        QByteArray envelope; // the call body up to its messages: {"claim_id":…,"messages":[
        QPointer<QLocalSocket> socket; // null once the bridge went: what it sent before still goes
        QByteArray unread; // what it sent before it went, not read yet
        McpLineFramer framer;
        std::deque<Outgoing> outbox; // messages waiting for a call, in the order they came
        qint64 outboxBytes = 0;
        bool batchInFlight = false;

        bool full() const;
        QByteArray read(qint64 maxBytes);
    };
    struct Awaiting
    {
        QString connection;
        QJsonValue id;
    };

    void onNewConnection();
    void onReadable(const QString &connectionId);
    void onDisconnected(const QString &connectionId);
    void onLine(Connection &connection, const QByteArray &line);
    // Starts calls while the run has room for them, taking connections in turn.
    void dispatch();
    bool startCall(Connection &connection);
    void onCallEnded(const QString &connectionId, const QByteArray &awaitingKey, const QJsonValue &id, int messages,
        bool batch, const ApiResponse &response);
    void onRelayed(const QString &connectionId, const QByteArray &awaitingKey, const QJsonValue &id,
        const QJsonObject &body, const QString &failure, bool end);
    // Connections that stopped being read for a full queue, read again now that it has room.
    void resumeReading();
    // Writes one message to its connection (masked); an answer to an awaited request frees its place.
    void send(const QString &connectionId, const QJsonObject &message);
    void sendLine(const QString &connectionId, const QByteArray &line);
    void answerError(const QString &connectionId, const QJsonValue &id, int code, const QString &message,
        const QJsonObject &data = {});
    void warnLimited(const QString &kind, const QString &message);
    // The Runner ends a connection: nothing more of it is read or relayed.
    void closeConnection(const QString &connectionId);
    void releaseSocket(Connection &connection);
    void forgetAwaiting(const QString &connectionId);
    void forgetIfDrained(const QString &connectionId);
    void endRelay(int code, const QString &message, const QString &reason);
    static QByteArray keyOf(const QString &connectionId, const QJsonValue &id);

    ApiClient &m_api;
    std::function<QString()> m_token;
    SecretMasker *m_masker;
    Setup m_setup;
    QLocalServer *m_server = nullptr;
    QHash<QString, std::shared_ptr<Connection>> m_connections;
    QStringList m_turns; // connection ids in the order they opened: whose turn it is to start a call
    qsizetype m_nextTurn = 0;
    QHash<QByteArray, Awaiting> m_awaiting; // connection + id → the request
    QList<QPointer<ApiCall>> m_calls;
    int m_inFlight = 0;
    QHash<QString, int> m_warnings; // per kind
    int m_toolCalls = 0;
    bool m_closed = false;
};

} // namespace runnercore
