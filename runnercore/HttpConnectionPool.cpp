#include "HttpConnectionPool.h"

#include <QAbstractSocket>
#include <QUrl>

namespace {
constexpr int MaxIdlePerOrigin = 4; // the Runner's concurrent calls: two polls, a heartbeat, output
}

HttpConnectionPool::HttpConnectionPool(QObject *parent) : QObject(parent) { }

HttpConnectionPool::~HttpConnectionPool()
{
    for (const auto &sockets : std::as_const(m_idle)) {
        for (QAbstractSocket *socket : sockets) {
            socket->disconnect(this);
            socket->abort();
            delete socket;
        }
    }
}

HttpOrigin HttpOrigin::of(const QUrl &url)
{
    HttpOrigin origin;
    origin.tls = url.scheme() == QLatin1String("https");
    const int defaultPort = origin.tls ? 443 : 80;
    origin.host = url.host();
    origin.port = quint16(url.port(defaultPort));
    origin.hostHeader = QUrl::toAce(origin.host);
    if (origin.hostHeader.contains(':'))
        origin.hostHeader = '[' + origin.hostHeader + ']';
    if (origin.port != defaultPort)
        origin.hostHeader += ':' + QByteArray::number(origin.port);
    origin.key
        = url.scheme() + QLatin1String("://") + origin.host.toLower() + QLatin1Char(':') + QString::number(origin.port);
    return origin;
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
        socket->abort();
        socket->deleteLater();
    }
    return nullptr;
}

void HttpConnectionPool::putIdle(const QString &origin, QAbstractSocket *socket)
{
    QList<QAbstractSocket *> &sockets = m_idle[origin];
    if (sockets.size() >= MaxIdlePerOrigin || socket->state() != QAbstractSocket::ConnectedState) {
        socket->abort();
        socket->deleteLater();
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
            socket->abort();
            socket->deleteLater();
            return;
        }
    }
}
