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
                emit warning(QStringLiteral("mcp_connection_refused"),
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
        m_connections.insert(connection->id, connection);
        const QString id = connection->id;
        logger->info("run {}: relay connection {} opened", m_setup.runId, id);
        connect(socket, &QLocalSocket::readyRead, this, [this, id] { onReadable(id); });
        connect(socket, &QLocalSocket::disconnected, this, [this, id] { dropConnection(id); });
        if (socket->bytesAvailable() > 0)
            onReadable(id);
    }
}

void McpRelay::onReadable(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.value(connectionId);
    if (!connection || !connection->socket)
        return;
    const QByteArray data = connection->socket->readAll();
    const QList<QByteArray> lines = connection->framer.push(data);
    for (const QByteArray &line : lines) {
        if (!m_connections.contains(connectionId) || m_closed)
            return;
        onLine(*connection, line);
    }
    if (connection->framer.overflowed()) {
        emit warning(QStringLiteral("mcp_message_refused"),
            tr("a line of more than 4 MiB came from the harness's MCP client; its connection was closed"));
        dropConnection(connectionId);
    }
}

void McpRelay::onLine(Connection &connection, const QByteArray &line)
{
    if (connection.protocol.isEmpty()) {
        const std::optional<QString> name = McpBridgeHello::parse(line);
        if (!name || !m_setup.protocolByName.contains(*name)) {
            emit warning(QStringLiteral("mcp_connection_refused"),
                tr("a connection to the MCP relay did not name one of the run's plane_mcp entries; it was closed"));
            dropConnection(connection.id);
            return;
        }
        connection.protocol = m_setup.protocolByName.value(*name);
        return;
    }
    // Masked before it is read: a secret the harness learnt never reaches the plane.
    const McpMessage message = McpMessage::check(m_masker ? m_masker->mask(line) : line);
    switch (message.kind) {
    case McpMessage::Kind::Blank:
        return;
    case McpMessage::Kind::Invalid:
        if (message.id.isUndefined())
            emit warning(QStringLiteral("mcp_message_refused"),
                tr("a message from the harness's MCP client was not relayed: %1").arg(message.problem));
        else
            answerError(
                connection.id, message.id, InvalidRequest, QStringLiteral("Invalid Request: %1").arg(message.problem));
        return;
    case McpMessage::Kind::Request: {
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
    relay(connection.id, connection.protocol, message);
}

void McpRelay::relay(const QString &connectionId, const QString &protocol, const McpMessage &message)
{
    ApiRequest request;
    request.method = "POST";
    request.path = QStringLiteral("/v1/runner/runs/%1/mcp").arg(m_setup.runId);
    request.body = QJsonObject { { QStringLiteral("claim_id"), m_setup.claimId },
        { QStringLiteral("protocol"), protocol }, { QStringLiteral("connection"), connectionId },
        { QStringLiteral("messages"), QJsonArray { message.object } } };
    request.credential = m_token;
    request.retry = true;
    request.maxAttempts = m_setup.maxAttempts;
    request.timeoutMs = m_setup.callTimeoutMs;
    ApiCall *call = m_api.send(std::move(request));
    m_calls.append(call);
    const bool awaited = message.kind == McpMessage::Kind::Request;
    const QByteArray key = awaited ? keyOf(connectionId, message.id) : QByteArray();
    const QJsonValue id = message.id;
    connect(call, &ApiCall::finished, this, [this, call, connectionId, key, id](const ApiResponse &response) {
        m_calls.removeAll(call);
        if (response.ok()) {
            onRelayed(connectionId, key, id, response.body, QString(), false);
            return;
        }
        const ApiError &e = response.error;
        const bool end = e.is(409, ErrorCode::AlreadySettled) || e.is(409, ErrorCode::LeaseLost);
        // Past the retry budget a retryable failure means the plane cannot be reached.
        const QString failure = e.retryable() || e.code.isEmpty() ? QStringLiteral("unreachable") : e.code;
        if (e.kind != ApiError::Kind::Aborted)
            onRelayed(connectionId, key, id, QJsonObject(), failure, end);
    });
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
    if (m_closed || !message.isObject() || !m_connections.contains(connectionId))
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
        dropConnection(connectionId);
}

void McpRelay::answerError(
    const QString &connectionId, const QJsonValue &id, int code, const QString &message, const QJsonObject &data)
{
    sendLine(connectionId, McpMessage::error(id, code, message, data));
}

void McpRelay::dropConnection(const QString &connectionId)
{
    const std::shared_ptr<Connection> connection = m_connections.take(connectionId);
    if (!connection)
        return;
    // Its requests no longer count: their answers have nowhere to go.
    for (auto it = m_awaiting.begin(); it != m_awaiting.end();) {
        if (it->connection == connectionId)
            it = m_awaiting.erase(it);
        else
            ++it;
    }
    logger->info("run {}: relay connection {} closed", m_setup.runId, connectionId);
    if (connection->socket) {
        connection->socket->disconnect(this);
        connection->socket->disconnectFromServer();
        connection->socket->deleteLater();
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
    for (const QPointer<ApiCall> &call : std::as_const(m_calls)) {
        if (call)
            call->abort();
    }
    m_calls.clear();
    const QStringList ids = m_connections.keys();
    for (const QString &id : ids) {
        if (const auto c = m_connections.value(id); c && c->socket)
            c->socket->flush();
        dropConnection(id);
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
