#include "SingleInstance.h"

#include <runnercore/config/AppPaths.h>
#include <runnercore/config/PrivateDirectory.h>
#include <runnercore/logging/Logging.h>

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QTimer>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

} // namespace

namespace {

const QLatin1String ArgumentsKey("arguments");
const QLatin1String OkKey("ok");

QByteArray line(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

SingleInstance::SingleInstance(const QString &name, QObject *parent)
    : QObject(parent), m_path(AppPaths::runtimeDir() + QLatin1Char('/') + name + QStringLiteral(".socket"))
{ }

SingleInstance::~SingleInstance() = default; // QLocalServer::close() removes the socket file

SingleInstance::Role SingleInstance::claim(const QStringList &arguments)
{
    if (m_server)
        return Role::Primary;
    m_error.clear();
    // Another user who could put files there could answer in the tray's place or read the links it is handed.
    const QString lockPath = m_path + QStringLiteral(".lock");
    if (!AppPaths::ensureRuntimeDir(&m_error) || !PrivateDirectory::checkFile(lockPath, &m_error))
        return Role::Failed;
    // Two launches at once must not both find no listener and both listen (the second would
    // unlink the first's socket): the decision is made under a lock. A crashed holder's lock is
    // stale (its process is gone) and taken over.
    QLockFile lock(lockPath);
    if (!lock.tryLock(LockTimeoutMs)) {
        m_error = tr("Another Checkfu Runner is starting and holds %1.").arg(lock.fileName());
        return Role::Failed;
    }
    switch (forward(arguments)) {
    case Forward::Delivered:
        return Role::Secondary;
    case Forward::Failed:
        return Role::Failed;
    case Forward::NobodyListening:
        break;
    }
    return listen() ? Role::Primary : Role::Failed;
}

SingleInstance::Forward SingleInstance::forward(const QStringList &arguments)
{
    QLocalSocket socket;
    socket.connectToServer(m_path);
    if (!socket.waitForConnected(ForwardTimeoutMs)) {
        // No file, or a file nobody listens on (left by a crash): ours to take.
        if (socket.error() == QLocalSocket::ServerNotFoundError
            || socket.error() == QLocalSocket::ConnectionRefusedError)
            return Forward::NobodyListening;
        m_error = tr("Cannot reach the running Checkfu Runner at %1: %2").arg(m_path, socket.errorString());
        return Forward::Failed;
    }
    socket.write(line(QJsonObject { { ArgumentsKey, QJsonArray::fromStringList(arguments) } }));
    const QDeadlineTimer deadline(ForwardTimeoutMs);
    while (!socket.canReadLine() && socket.state() == QLocalSocket::ConnectedState && !deadline.hasExpired())
        socket.waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    const QJsonObject answer = QJsonDocument::fromJson(socket.readLine(MaxMessageBytes)).object();
    if (!answer.value(OkKey).toBool()) {
        m_error = tr("The running Checkfu Runner did not accept the request (no answer within %1 s).")
                      .arg(ForwardTimeoutMs / 1000);
        return Forward::Failed;
    }
    socket.disconnectFromServer();
    return Forward::Delivered;
}

bool SingleInstance::listen()
{
    auto server = std::make_unique<QLocalServer>();
    server->setSocketOptions(QLocalServer::UserAccessOption);
    // Nobody answered on an existing file and we hold the lock: it is stale.
    QLocalServer::removeServer(m_path);
    if (!server->listen(m_path)) {
        m_error = tr("Cannot listen on %1: %2").arg(m_path, server->errorString());
        return false;
    }
    connect(server.get(), &QLocalServer::newConnection, this, &SingleInstance::onNewConnection);
    m_server = std::move(server);
    logger->debug("single instance: listening on {}", m_path);
    return true;
}

void SingleInstance::onNewConnection()
{
    while (QLocalSocket *client = m_server->nextPendingConnection()) {
        connect(client, &QLocalSocket::disconnected, client, &QObject::deleteLater);
        connect(client, &QLocalSocket::readyRead, this, [this, client] { onClientData(client); });
        // A client that never finishes its line is not kept.
        QTimer::singleShot(ClientTimeoutMs, client, [client] { client->abort(); });
        if (client->bytesAvailable() > 0)
            onClientData(client);
    }
}

void SingleInstance::onClientData(QLocalSocket *client)
{
    if (!client->canReadLine()) {
        if (client->bytesAvailable() > MaxMessageBytes)
            client->abort();
        return;
    }
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(client->readLine(MaxMessageBytes + 1), &parseError);
    const QJsonValue list = doc.object().value(ArgumentsKey);
    if (parseError.error != QJsonParseError::NoError || !list.isArray()) {
        logger->warn("single instance: ignoring a malformed message from a later launch");
        client->write(line(QJsonObject { { OkKey, false } }));
        client->disconnectFromServer();
        return;
    }
    QStringList arguments;
    for (const QJsonValue &value : list.toArray())
        arguments.append(value.toString());
    // Acknowledge first: the later launch exits at once, whatever the slots then do.
    client->write(line(QJsonObject { { OkKey, true } }));
    client->flush();
    client->disconnectFromServer();
    emit argumentsReceived(arguments);
}
