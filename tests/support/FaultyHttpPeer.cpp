#include "FaultyHttpPeer.h"

#include <QJsonDocument>
#include <QLocale>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

QJsonObject FaultyHttpPeer::Request::json() const
{
    return QJsonDocument::fromJson(body).object();
}

FaultyHttpPeer::FaultyHttpPeer(QObject *parent) : QObject(parent)
{
    connect(&m_server, &QTcpServer::newConnection, this, &FaultyHttpPeer::onNewConnection);
}

bool FaultyHttpPeer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QUrl FaultyHttpPeer::url() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1").arg(m_server.serverPort()));
}

quint16 FaultyHttpPeer::port() const
{
    return m_server.serverPort();
}

void FaultyHttpPeer::enqueue(const Response &response)
{
    m_queue.append(response);
}

void FaultyHttpPeer::enqueueJson(
    int status, const QJsonObject &body, const QList<QPair<QByteArray, QByteArray>> &headers)
{
    Response r;
    r.status = status;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    r.headers = headers;
    r.headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    enqueue(r);
}

void FaultyHttpPeer::enqueueError(int status, const QString &type, const QString &code, const QString &message)
{
    enqueueJson(status,
        QJsonObject { { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("type"), type }, { QStringLiteral("code"), code },
                { QStringLiteral("message"), message },
                { QStringLiteral("request_id"), QStringLiteral("req_test") } } } });
}

void FaultyHttpPeer::setHandler(std::function<Response(const Request &)> handler)
{
    m_handler = std::move(handler);
}

QByteArray FaultyHttpPeer::httpDate(const QDateTime &time)
{
    return QLocale::c().toString(time.toUTC(), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'")).toLatin1();
}

void FaultyHttpPeer::resetConnections()
{
    for (const QPointer<QTcpSocket> &socket : std::as_const(m_open)) {
        if (!socket)
            continue;
#ifdef Q_OS_UNIX
        // A zero linger time makes the close a reset rather than an orderly FIN.
        const linger reset { 1, 0 };
        ::setsockopt(int(socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
#endif
        socket->abort();
    }
    m_open.clear();
}

void FaultyHttpPeer::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        ++m_connections;
        m_peakOpen = std::max(m_peakOpen, ++m_openNow);
        m_open.append(socket);
        auto buffer = std::make_shared<QByteArray>();
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QTcpSocket::disconnected, this, [this] { --m_openNow; });
        connect(socket, &QTcpSocket::readyRead, this, [this, socket, buffer] {
            buffer->append(socket->readAll());
            parse(socket, buffer);
        });
    }
}

void FaultyHttpPeer::parse(QTcpSocket *socket, const std::shared_ptr<QByteArray> &buffer)
{
    for (;;) {
        const int headerEnd = buffer->indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request request;
        const QList<QByteArray> lines = buffer->left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (int i = 1; i < lines.size(); ++i) {
            const int colon = lines[i].indexOf(':');
            if (colon > 0)
                request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
        }
        const int length = request.headers.value("content-length", "0").toInt();
        if (buffer->size() < headerEnd + 4 + length)
            return;
        request.body = buffer->mid(headerEnd + 4, length);
        buffer->remove(0, headerEnd + 4 + length);
        m_requests.append(request);
        answer(socket, request);
    }
}

void FaultyHttpPeer::answer(QTcpSocket *socket, const Request &request)
{
    Response r;
    if (!m_queue.isEmpty())
        r = m_queue.takeFirst();
    else if (m_handler)
        r = m_handler(request);
    else
        r.status = 500;

    auto send = [socket, r, keepAlive = m_keepAlive] {
        if (r.dropConnection) {
            socket->abort();
            return;
        }
        QByteArray out;
        bool close = false;
        if (!r.raw.isEmpty()) {
            out = r.raw;
            close = r.closeAfterRaw;
        } else {
            out = "HTTP/1.1 " + QByteArray::number(r.status) + " X\r\n";
            bool hasDate = false;
            for (const auto &[name, value] : r.headers) {
                out += name + ": " + value + "\r\n";
                hasDate = hasDate || name.compare("Date", Qt::CaseInsensitive) == 0;
            }
            if (!hasDate)
                out += "Date: " + httpDate(QDateTime::currentDateTimeUtc()) + "\r\n";
            if (!keepAlive)
                out += "Connection: close\r\n";
            if (r.chunked) {
                out += "Transfer-Encoding: chunked\r\n\r\n";
                constexpr int Chunk = 64 * 1024;
                for (int i = 0; i < r.body.size(); i += Chunk) {
                    const QByteArray part = r.body.mid(i, Chunk);
                    out += QByteArray::number(part.size(), 16) + "\r\n" + part + "\r\n";
                }
                out += "0\r\n\r\n";
            } else {
                out += "Content-Length: " + QByteArray::number(r.body.size()) + "\r\n\r\n";
                out += r.truncateBodyAt >= 0 ? r.body.left(r.truncateBodyAt) : r.body;
            }
            close = !keepAlive || r.truncateBodyAt >= 0;
        }
        if (r.trickleMs <= 0) {
            socket->write(out);
            if (close)
                socket->disconnectFromHost();
            return;
        }
        auto *timer = new QTimer(socket);
        auto sent = std::make_shared<qsizetype>(0);
        QObject::connect(timer, &QTimer::timeout, socket, [socket, timer, sent, out, close] {
            socket->write(out.mid(*sent, 1));
            if (++*sent < out.size())
                return;
            timer->deleteLater();
            if (close)
                socket->disconnectFromHost();
        });
        timer->start(r.trickleMs);
    };
    if (r.delayMs > 0)
        QTimer::singleShot(r.delayMs, socket, send);
    else
        send();
}

FaultyHttpPeer::Response FaultyHttpPeer::jsonAnswer(int status, const QJsonObject &body, int delayMs)
{
    Response out;
    out.status = status;
    out.headers = { { "Content-Type", "application/json" } };
    out.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    out.delayMs = delayMs;
    return out;
}

FaultyHttpPeer::Response FaultyHttpPeer::errorAnswer(int status, const QString &type, const QString &code)
{
    return jsonAnswer(status,
        { { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("type"), type }, { QStringLiteral("code"), code },
                { QStringLiteral("message"), code }, { QStringLiteral("request_id"), QStringLiteral("req_1") } } } });
}
