#include <runnercore/transport/HttpConnectionPool.h>

#include <QAbstractSocket>

namespace runnercore {

namespace {
constexpr int MaxIdlePerOrigin = 4; // the Runner's concurrent calls: two polls, a heartbeat, output
}

HttpConnectionPool::HttpConnectionPool(QObject *parent) : QObject(parent) { }

HttpConnectionPool::~HttpConnectionPool()
{
    for (const auto &sockets : std::as_const(m_idle)) {
        for (QAbstractSocket *socket : sockets) {
            socket->disconnect(this);
            discard(socket);
        }
    }
}

QAbstractSocket *HttpConnectionPool::takeIdle(const QString &origin)
{
    auto it = m_idle.find(origin);
    while (it != m_idle.end() && !it->isEmpty()) {
        QAbstractSocket *socket = it->takeLast();
        socket->disconnect(this);
        // Anything unasked for on an idle connection (or its end) makes it unusable.
        if (socket->state() == QAbstractSocket::ConnectedState && socket->bytesAvailable() == 0)
            return socket;
        discard(socket);
    }
    return nullptr;
}

void HttpConnectionPool::putIdle(const QString &origin, QAbstractSocket *socket)
{
    QList<QAbstractSocket *> &sockets = m_idle[origin];
    if (sockets.size() >= MaxIdlePerOrigin || socket->state() != QAbstractSocket::ConnectedState) {
        discard(socket);
        return;
    }
    socket->setParent(this);
    // The server closing an idle connection (or sending on it) retires it; no timer of our own.
    connect(socket, &QAbstractSocket::disconnected, this, [this, socket] { drop(socket); });
    connect(socket, &QAbstractSocket::readyRead, this, [this, socket] { drop(socket); });
    sockets.append(socket);
}

void HttpConnectionPool::drop(QAbstractSocket *socket)
{
    for (auto &sockets : m_idle) {
        if (sockets.removeOne(socket)) {
            socket->disconnect(this);
            discard(socket);
            return;
        }
    }
}

void HttpConnectionPool::discard(QAbstractSocket *socket)
{
    socket->abort();
    socket->setParent(nullptr); // nor with its owner: an exchange or this pool may go first
    socket->deleteLater();
}

} // namespace runnercore
