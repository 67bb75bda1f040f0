#include <runnercore/relay/McpRelay.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/ErrorCode.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalServer>
#include <QLocalSocket>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("mcp");

QString newConnectionId()
{
    quint32 words[4];
    QRandomGenerator::system()->fillRange(words);
    QString hex;
    for (quint32 w : words)
        hex += QStringLiteral("%1").arg(w, 8, 16, QLatin1Char('0'));
    return QStringLiteral("mcpc_") + hex;
}

// A listening unix socket at path, owner-only. A path longer than sun_path is bound through its
// directory (/proc/self/fd/N/NAME): the run's directory may be anywhere.
int listeningSocket(const QString &path, QString *error)
{
    const QByteArray encoded = QFile::encodeName(path);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        *error = QString::fromLocal8Bit(std::strerror(errno));
        return -1;
    }
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    QByteArray target = encoded;
    int dirFd = -1;
    if (target.size() >= qsizetype(sizeof address.sun_path)) {
        const qsizetype slash = encoded.lastIndexOf('/');
        dirFd = ::open(encoded.left(slash).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        target = "/proc/self/fd/" + QByteArray::number(dirFd) + encoded.mid(slash);
    }
    ::unlink(encoded.constData()); // a socket left by an earlier process of this run
    std::memcpy(address.sun_path, target.constData(), size_t(target.size()) + 1);
    const bool bound = (dirFd >= 0 || target == encoded)
        && ::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address) == 0
        && ::chmod(encoded.constData(), S_IRUSR | S_IWUSR) == 0 && ::listen(fd, 16) == 0;
    const int bindErrno = errno;
    if (dirFd >= 0)
        ::close(dirFd);
    if (!bound) {
        *error = QString::fromLocal8Bit(std::strerror(bindErrno));
        ::close(fd);
        return -1;
    }
    return fd;
}

qint64 peerPid(QLocalSocket *socket)
{
    ucred credentials {};
    socklen_t size = sizeof credentials;
    if (::getsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0)
        return -1;
    return credentials.pid;
}
} // namespace

McpRelay::McpRelay(ApiClient &api, std::function<QString()> token, SecretMasker *masker, Setup setup, QObject *parent)
    : QObject(parent), m_api(api), m_token(std::move(token)), m_masker(masker), m_setup(std::move(setup))
{ }

McpRelay::~McpRelay()
{
    close();
}

bool McpRelay::listen(QString *error)
{
    const int fd = listeningSocket(m_setup.socketPath, error);
    if (fd < 0)
        return false;
    m_server = new QLocalServer(this);
    if (!m_server->listen(qintptr(fd))) {
        *error = m_server->errorString();
        ::close(fd);
        return false;
    }
    connect(m_server, &QLocalServer::newConnection, this, &McpRelay::onNewConnection);
    return true;
}

void McpRelay::onNewConnection()
{
    while (QLocalSocket *socket = m_server->nextPendingConnection()) {
        const qint64 pid = peerPid(socket);
        // On host-process every run is the same user: only a process of this run's tree may talk.
        if (m_closed || pid <= 0 || !m_setup.peerAllowed || !m_setup.peerAllowed(pid)
            || m_connections.size() >= MaxConnections) {
            logger->warn("run {}: refused a relay connection from process {}", m_setup.runId, pid);
            if (!m_closed)
                warnLimited(QStringLiteral("mcp_connection_refused"),
                    tr("a process outside this run's sandbox (or one too many) tried to use its MCP relay; "
                       "it was refused"));
            socket->abort();
            socket->deleteLater();
            continue;
        }
        auto connection = std::make_shared<Connection>();
        connection->id = newConnectionId();
        connection->socket = socket;
        socket->setParent(this);
        // Qt reads no further ahead than this: what the relay has no room for stays with the kernel.
        socket->setReadBufferSize(ReadChunkBytes);
        m_connections.insert(connection->id, connection);
        m_turns.append(connection->id);
        const QString id = connection->id;
        logger->info("run {}: relay connection {} opened", m_setup.runId, id);
        connect(socket, &QLocalSocket::readyRead, this, [this, id] { onReadable(id); });
        connect(socket, &QLocalSocket::disconnected, this, [this, id] { onDisconnected(id); });
        if (socket->bytesAvailable() > 0)
            onReadable(id);
    }
}

bool McpRelay::Connection::full() const
{
    return outbox.size() >= size_t(MaxQueuedMessages) || outboxBytes >= MaxQueuedBytes;
}

QByteArray McpRelay::Connection::read(qint64 maxBytes)
{
    if (socket)
        return socket->read(maxBytes);
    QByteArray chunk = unread.left(maxBytes);
    unread.remove(0, chunk.size());
    return chunk;
}

void McpRelay::onReadable(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    while (connection && !m_closed && m_connections.contains(connectionId)) {
        if (connection->full()) {
            dispatch(); // its first messages may leave now
            if (connection->full())
                break; // read on when one of its calls ends (resumeReading)
        }
        const QByteArray data = connection->read(ReadChunkBytes);
        if (data.isEmpty())
            break;
        const QList<QByteArray> lines = connection->framer.push(data);
        for (const QByteArray &line : lines) {
            if (!m_connections.contains(connectionId) || m_closed)
                return;
            onLine(*connection, line);
        }
        if (connection->framer.overflowed()) {
            warnLimited(QStringLiteral("mcp_message_refused"),
                tr("a line of more than 4 MiB came from the harness's MCP client; its connection was closed"));
            closeConnection(connectionId);
            return;
        }
    }
    dispatch();
    forgetIfDrained(connectionId);
}

void McpRelay::onDisconnected(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (!connection || !connection->socket)
        return;
    // What the bridge wrote before it went is still relayed (a harness may send a last notification
    // and exit), but answers have nowhere to go: its requests no longer hold a place.
    connection->unread += connection->socket->readAll();
    forgetAwaiting(connectionId);
    releaseSocket(*connection);
    logger->info("run {}: relay connection {} closed by the harness", m_setup.runId, connectionId);
    onReadable(connectionId);
}

void McpRelay::onLine(Connection &connection, const QByteArray &line)
{
    if (connection.protocol.isEmpty()) {
        const std::optional<QString> name = McpBridgeHello::parse(line);
        if (!name || !m_setup.protocolByName.contains(*name)) {
            warnLimited(QStringLiteral("mcp_connection_refused"),
                tr("a connection to the MCP relay did not name one of the run's plane_mcp entries; it was closed"));
            closeConnection(connection.id);
            return;
        }
        connection.protocol = m_setup.protocolByName.value(*name);
        connection.envelope = QJsonDocument(
            QJsonObject { { QStringLiteral("claim_id"), m_setup.claimId },
                { QStringLiteral("protocol"), connection.protocol }, { QStringLiteral("connection"), connection.id } })
                                  .toJson(QJsonDocument::Compact);
        connection.envelope.chop(1); // its closing brace: the messages follow
        connection.envelope += ",\"messages\":[";
        return;
    }
    // Masked before it is read: a secret the harness learnt never reaches the plane.
    const McpMessage message = McpMessage::check(m_masker ? m_masker->mask(line) : line);
    switch (message.kind) {
    case McpMessage::Kind::Blank:
        return;
    case McpMessage::Kind::Invalid:
        if (message.id.isUndefined())
            warnLimited(QStringLiteral("mcp_message_refused"),
                tr("a message from the harness's MCP client was not relayed: %1").arg(message.problem));
        else
            answerError(
                connection.id, message.id, InvalidRequest, QStringLiteral("Invalid Request: %1").arg(message.problem));
        return;
    case McpMessage::Kind::Request: {
        // Read after its bridge went (it was waiting for room): nobody could take the answer.
        if (!connection.socket)
            return;
        const QByteArray key = keyOf(connection.id, message.id);
        if (m_awaiting.contains(key)) {
            answerError(connection.id, message.id, InvalidRequest,
                QStringLiteral("Invalid Request: a request with this id is still awaiting its answer"));
            return;
        }
        if (m_awaiting.size() >= MaxAwaiting) {
            answerError(connection.id, message.id, LimitReached,
                QStringLiteral("too many platform requests awaiting an answer in this run"),
                QJsonObject { { QStringLiteral("limit"), MaxAwaiting } });
            return;
        }
        m_awaiting.insert(key, Awaiting { connection.id, message.id });
        if (message.method == QLatin1String("tools/call")) {
            ++m_toolCalls;
            emit toolCalled();
        }
        break;
    }
    case McpMessage::Kind::Notification:
    case McpMessage::Kind::Response:
        break;
    }
    Outgoing out { QJsonDocument(message.object).toJson(QJsonDocument::Compact), message.id,
        message.kind == McpMessage::Kind::Request };
    connection.outboxBytes += out.json.size();
    connection.outbox.push_back(std::move(out));
}

void McpRelay::dispatch()
{
    // Connections take turns, from where the last turn ended: one connection's flood does not hold
    // another's messages back.
    qsizetype idle = 0;
    while (!m_closed && m_inFlight < MaxCallsInFlight && idle < m_turns.size()) {
        m_nextTurn %= m_turns.size();
        const std::shared_ptr<Connection> connection = m_connections.value(m_turns.at(m_nextTurn++));
        idle = connection && startCall(*connection) ? 0 : idle + 1;
    }
}

bool McpRelay::startCall(Connection &connection)
{
    // A request goes as soon as it is first; notifications and responses wait for the connection's
    // previous batch, so that the plane receives them in order.
    if (connection.outbox.empty() || (!connection.outbox.front().request && connection.batchInFlight))
        return false;
    const bool batch = !connection.outbox.front().request;
    QByteArray body = connection.envelope;
    QJsonValue id;
    int messages = 0;
    qint64 bytes = 0;
    const auto take = [&] {
        Outgoing &next = connection.outbox.front();
        if (messages++ > 0)
            body += ',';
        body += next.json;
        bytes += next.json.size();
        id = next.id;
        connection.outboxBytes -= next.json.size();
        connection.outbox.pop_front();
    };
    take();
    // A batch: the notifications and responses that follow, as many as one queue holds.
    while (batch && !connection.outbox.empty() && !connection.outbox.front().request && messages < MaxQueuedMessages
        && bytes + connection.outbox.front().json.size() <= MaxQueuedBytes)
        take();
    body += "]}";
    connection.batchInFlight = connection.batchInFlight || batch;

    ApiRequest request;
    request.method = "POST";
    request.path = QStringLiteral("/v1/runner/runs/%1/mcp").arg(m_setup.runId);
    request.rawBody = std::move(body);
    request.credential = m_token;
    request.retry = true;
    request.maxAttempts = m_setup.maxAttempts;
    request.timeoutMs = m_setup.callTimeoutMs;
    request.lane = ApiLane::Harness;
    ApiCall *call = m_api.send(std::move(request));
    m_calls.append(call);
    ++m_inFlight;
    const QString connectionId = connection.id;
    const QByteArray key = batch ? QByteArray() : keyOf(connectionId, id);
    connect(call, &ApiCall::finished, this,
        [this, call, connectionId, key, id, messages, batch](const ApiResponse &response) {
            m_calls.removeAll(call);
            onCallEnded(connectionId, key, id, messages, batch, response);
        });
    return true;
}

void McpRelay::onCallEnded(const QString &connectionId, const QByteArray &awaitingKey, const QJsonValue &id,
    int messages, bool batch, const ApiResponse &response)
{
    --m_inFlight;
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (batch && connection)
        connection->batchInFlight = false;
    const ApiError &e = response.error;
    if (e.kind == ApiError::Kind::Aborted)
        return; // the relay closed, or the Runner ends
    if (response.ok()) {
        onRelayed(connectionId, awaitingKey, id, response.body, QString(), false);
    } else {
        const bool end = e.is(409, ErrorCode::AlreadySettled) || e.is(409, ErrorCode::LeaseLost);
        // Past the retry budget a retryable failure means the plane cannot be reached.
        const QString failure = e.retryable() || e.code.isEmpty() ? QStringLiteral("unreachable") : e.code;
        if (batch && !end)
            logger->warn("run {}: {} notifications or responses of connection {} could not be relayed ({})",
                m_setup.runId, messages, connectionId, failure);
        onRelayed(connectionId, awaitingKey, id, QJsonObject(), failure, end);
    }
    if (m_closed)
        return;
    dispatch();
    resumeReading();
    forgetIfDrained(connectionId);
}

void McpRelay::resumeReading()
{
    const QStringList ids = m_turns; // reading may close or forget connections
    for (const QString &id : ids) {
        const std::shared_ptr<Connection> connection = m_connections.value(id);
        if (m_closed)
            return;
        if (connection && !connection->full()
            && (!connection->unread.isEmpty() || (connection->socket && connection->socket->bytesAvailable() > 0)))
            onReadable(id);
    }
}

void McpRelay::onRelayed(const QString &connectionId, const QByteArray &awaitingKey, const QJsonValue &id,
    const QJsonObject &body, const QString &failure, bool end)
{
    if (m_closed)
        return;
    if (end) {
        endRelay(RelayEnded, QStringLiteral("the run has ended; the platform's tools are no longer available"),
            QStringLiteral("run_ended"));
        emit ended();
        return;
    }
    if (failure.isEmpty()) {
        for (const QJsonValue &v : body.value(QLatin1String("messages")).toArray()) {
            if (v.isObject())
                send(connectionId, v.toObject());
        }
        return; // an answer still missing comes later, as a directive
    }
    if (awaitingKey.isEmpty() || !m_awaiting.contains(awaitingKey))
        return;
    m_awaiting.remove(awaitingKey);
    logger->warn(
        "run {}: a platform request of connection {} could not be relayed ({})", m_setup.runId, connectionId, failure);
    if (failure == QLatin1String("unreachable"))
        answerError(connectionId, id, PlaneUnreachable, QStringLiteral("the control plane could not be reached"),
            QJsonObject { { QStringLiteral("reason"), QStringLiteral("plane_unreachable") } });
    else
        answerError(connectionId, id, PlaneRefused, QStringLiteral("the control plane refused the request"),
            QJsonObject {
                { QStringLiteral("reason"), QStringLiteral("plane_refused") }, { QStringLiteral("code"), failure } });
}

void McpRelay::deliver(const QJsonObject &directive)
{
    const QString connectionId = directive.value(QLatin1String("connection")).toString();
    const QJsonValue message = directive.value(QLatin1String("message"));
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (m_closed || !message.isObject() || !connection || !connection->socket)
        return; // §6.10: for a connection that is gone, dropped
    send(connectionId, message.toObject());
}

void McpRelay::send(const QString &connectionId, const QJsonObject &message)
{
    const QJsonValue id = message.value(QLatin1String("id"));
    if (!message.contains(QLatin1String("method")) && !id.isUndefined())
        m_awaiting.remove(keyOf(connectionId, id));
    sendLine(connectionId, QJsonDocument(message).toJson(QJsonDocument::Compact));
}

void McpRelay::sendLine(const QString &connectionId, const QByteArray &line)
{
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (!connection || !connection->socket)
        return;
    connection->socket->write((m_masker ? m_masker->mask(line) : line) + '\n');
    // A reader that stopped reading does not make the Runner hold its answers forever.
    if (connection->socket->bytesToWrite() > MaxUnreadBytes)
        closeConnection(connectionId);
}

void McpRelay::answerError(
    const QString &connectionId, const QJsonValue &id, int code, const QString &message, const QJsonObject &data)
{
    sendLine(connectionId, McpMessage::error(id, code, message, data));
}

void McpRelay::warnLimited(const QString &kind, const QString &message)
{
    // As approvals are (AcpDriver): a harness repeating itself does not flood the run's events.
    const int count = ++m_warnings[kind];
    if (count <= MaxWarnings)
        emit warning(kind, message);
    else if (count == MaxWarnings + 1)
        emit warning(kind,
            kind == QLatin1String("mcp_connection_refused")
                ? tr("further connections to this run's MCP relay are refused without a warning")
                : tr("the harness's MCP client keeps sending messages the relay refuses; further ones are "
                     "refused without a warning"));
}

void McpRelay::closeConnection(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.take(connectionId);
    if (!connection)
        return;
    m_turns.removeOne(connectionId);
    forgetAwaiting(connectionId);
    if (!connection->outbox.empty())
        logger->info("run {}: {} messages of relay connection {} were not relayed", m_setup.runId,
            connection->outbox.size(), connectionId);
    logger->info("run {}: relay connection {} closed", m_setup.runId, connectionId);
    releaseSocket(*connection);
}

void McpRelay::releaseSocket(Connection &connection)
{
    if (QLocalSocket *socket = connection.socket) {
        socket->disconnect(this);
        socket->disconnectFromServer();
        socket->deleteLater();
    }
    connection.socket = nullptr;
}

void McpRelay::forgetAwaiting(const QString &connectionId)
{
    // Its requests no longer count: their answers have nowhere to go.
    for (auto it = m_awaiting.begin(); it != m_awaiting.end();) {
        if (it->connection == connectionId)
            it = m_awaiting.erase(it);
        else
            ++it;
    }
}

void McpRelay::forgetIfDrained(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (connection && !connection->socket && connection->unread.isEmpty() && connection->outbox.empty()
        && !connection->batchInFlight) {
        m_connections.remove(connectionId);
        m_turns.removeOne(connectionId);
    }
}

void McpRelay::endRelay(int code, const QString &message, const QString &reason)
{
    const QJsonObject data { { QStringLiteral("reason"), reason } };
    const auto awaiting = std::exchange(m_awaiting, {});
    for (const Awaiting &a : awaiting)
        answerError(a.connection, a.id, code, message, data);
    m_closed = true;
}

void McpRelay::close()
{
    if (!m_closed)
        endRelay(RelayEnded, QStringLiteral("the run has ended; the platform's tools are no longer available"),
            QStringLiteral("run_ended"));
    m_closed = true;
    // Their handlers run as each is aborted.
    const auto calls = std::exchange(m_calls, {});
    for (const QPointer<ApiCall> &call : calls) {
        if (call)
            call->abort();
    }
    const QStringList ids = m_connections.keys();
    for (const QString &id : ids) {
        if (const auto c = m_connections.value(id); c && c->socket)
            c->socket->flush();
        closeConnection(id);
    }
    if (m_server) {
        m_server->close();
        delete std::exchange(m_server, nullptr);
        QFile::remove(m_setup.socketPath);
    }
}

QByteArray McpRelay::keyOf(const QString &connectionId, const QJsonValue &id)
{
    return connectionId.toLatin1() + McpMessage::idKey(id);
}

} // namespace runnercore
