#include "HttpExchange.h"

#include "HttpConnectionPool.h"

#include <cctype>

#include <QNetworkProxy>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>

namespace {
constexpr qsizetype MaxHeadBytes = 64 * 1024; // status line and headers together

// A Content-Length or chunk size: digits only (hex for chunks), no sign, no overflow.
qint64 parseSize(const QByteArray &text, int base)
{
    if (text.isEmpty() || text.size() > 15)
        return -1;
    bool ok = false;
    const qint64 value = text.toLongLong(&ok, base);
    for (char c : text) {
        if (!(std::isdigit(static_cast<unsigned char>(c))
                || (base == 16 && std::isxdigit(static_cast<unsigned char>(c)))))
            return -1;
    }
    return ok ? value : -1;
}
} // namespace

HttpExchange::HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent)
    : QObject(parent), m_pool(&pool), m_request(std::move(request))
{
    m_inactivity.setSingleShot(true);
    connect(&m_inactivity, &QTimer::timeout, this, &HttpExchange::onInactivityTimer);
}

HttpExchange::~HttpExchange()
{
    closeSocket();
}

QByteArray HttpExchange::header(const QByteArray &name) const
{
    for (const auto &[n, value] : m_responseHeaders) {
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return value;
    }
    return {};
}

void HttpExchange::start()
{
    if (m_outcome != Outcome::Pending || m_socket || !m_pool)
        return;
    const QUrl &url = m_request.url;
    m_origin = HttpConnectionPool::originOf(url);
    QByteArray target = url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    if (target.isEmpty())
        target = "/";
    const bool tls = url.scheme() == QLatin1String("https");
    const int port = url.port(tls ? 443 : 80);
    QByteArray host = QUrl::toAce(url.host());
    if (host.contains(':'))
        host = '[' + host + ']';
    if (port != (tls ? 443 : 80))
        host += ':' + QByteArray::number(port);

    m_wire.clear();
    m_wire.reserve(512 + m_request.body.size());
    m_wire += m_request.method;
    m_wire += ' ';
    m_wire += target;
    m_wire += " HTTP/1.1\r\nHost: ";
    m_wire += host;
    m_wire += "\r\n";
    for (const auto &[name, value] : m_request.headers) {
        m_wire += name;
        m_wire += ": ";
        m_wire += value;
        m_wire += "\r\n";
    }
    if (m_request.sendBody)
        m_wire += "Content-Length: " + QByteArray::number(m_request.body.size()) + "\r\n";
    m_wire += "\r\n";
    if (m_request.sendBody)
        m_wire += m_request.body;

    m_quietUntil.setRemainingTime(m_request.inactivityTimeoutMs);
    m_inactivity.start(m_request.inactivityTimeoutMs);
    send(false);
}

void HttpExchange::send(bool fresh)
{
    QAbstractSocket *socket = fresh ? nullptr : m_pool->takeIdle(m_origin);
    m_reused = socket != nullptr;
    if (!socket) {
        const QUrl &url = m_request.url;
        if (url.scheme() == QLatin1String("https")) {
            auto *tls = new QSslSocket(this);
            // Only HTTP/1.1 is spoken; peer verification is Qt's default for a client.
            QSslConfiguration config = tls->sslConfiguration();
            config.setAllowedNextProtocols({ QByteArrayLiteral("http/1.1") });
            tls->setSslConfiguration(config);
            connect(tls, &QSslSocket::sslErrors, this, [this](const QList<QSslError> &errors) {
                for (const QSslError &e : errors)
                    m_tlsErrors.append(e.errorString());
            });
            socket = tls;
        } else {
            socket = new QTcpSocket(this);
        }
        socket->setProxy(QNetworkProxy::NoProxy);
        connect(socket, &QAbstractSocket::connected, socket,
            [socket] { socket->setSocketOption(QAbstractSocket::LowDelayOption, 1); });
        if (auto *tls = qobject_cast<QSslSocket *>(socket))
            tls->connectToHostEncrypted(url.host(), quint16(url.port(443)));
        else
            socket->connectToHost(url.host(), quint16(url.port(80)));
    }
    attach(socket);
    // Buffered until the connection (and TLS) is up.
    socket->write(m_wire);
}

void HttpExchange::attach(QAbstractSocket *socket)
{
    m_socket = socket;
    socket->setParent(this);
    m_stage = Stage::StatusLine;
    m_headBytes = 0;
    m_in.clear();
    m_gotBytes = false;
    connect(socket, &QIODevice::readyRead, this, &HttpExchange::onReadyRead);
    connect(socket, &QIODevice::bytesWritten, this, [this] { noteProgress(); });
    connect(socket, &QAbstractSocket::errorOccurred, this, &HttpExchange::onSocketError);
    connect(socket, &QAbstractSocket::disconnected, this, &HttpExchange::onSocketError);
}

void HttpExchange::abort()
{
    if (m_outcome != Outcome::Pending)
        return;
    end(Outcome::Aborted, tr("aborted"));
}

void HttpExchange::noteProgress()
{
    m_quietUntil.setRemainingTime(m_request.inactivityTimeoutMs);
}

void HttpExchange::onInactivityTimer()
{
    // Re-arming the timer for every read would cost more than the request.
    if (const qint64 left = m_quietUntil.remainingTime(); left > 0) {
        m_inactivity.start(int(left));
        return;
    }
    end(Outcome::TimedOut, tr("no answer within %1 s").arg((m_request.inactivityTimeoutMs + 999) / 1000));
}

void HttpExchange::onReadyRead()
{
    if (!m_socket || m_outcome != Outcome::Pending)
        return;
    const QByteArray data = m_socket->readAll();
    if (data.isEmpty())
        return;
    m_gotBytes = true;
    noteProgress();
    m_in += data;
    parse();
}

void HttpExchange::onSocketError()
{
    if (!m_socket || m_outcome != Outcome::Pending)
        return;
    const QAbstractSocket::SocketError error = m_socket->error();
    // Whatever arrived with the close is still part of the answer.
    if (m_socket->bytesAvailable() > 0) {
        m_gotBytes = true;
        m_in += m_socket->readAll();
        if (!parse())
            return;
    }
    if (m_stage == Stage::UntilClose) {
        m_keepAlive = false;
        completed();
        return;
    }
    const bool closed = error == QAbstractSocket::RemoteHostClosedError
        || (error == QAbstractSocket::UnknownSocketError && m_socket->state() == QAbstractSocket::UnconnectedState);
    if (m_reused && !m_gotBytes && (closed || error == QAbstractSocket::NetworkError)) {
        // The server had already dropped this kept-alive connection: once more on a new one.
        closeSocket();
        send(true);
        return;
    }
    if (!m_tlsErrors.isEmpty())
        fail(tr("TLS: %1").arg(m_tlsErrors.join(QLatin1String("; "))));
    else if (m_gotBytes && closed)
        fail(tr("the connection closed in the middle of the response"));
    else if (closed)
        fail(tr("the server closed the connection without answering"));
    else
        fail(m_socket->errorString());
}

bool HttpExchange::parse()
{
    for (;;) {
        if (m_outcome != Outcome::Pending)
            return false;
        switch (m_stage) {
        case Stage::Body:
        case Stage::ChunkData: {
            const qint64 take = std::min<qint64>(m_remaining, m_in.size());
            if (take == 0)
                return true;
            if (!takeBody(take))
                return false;
            m_remaining -= take;
            if (m_remaining > 0)
                return true;
            if (m_stage == Stage::Body) {
                completed();
                return false;
            }
            m_stage = Stage::ChunkEnd;
            break;
        }
        case Stage::UntilClose:
            return takeBody(m_in.size());
        default: { // a line: status, header, chunk size, chunk end or trailer
            const qsizetype eol = m_in.indexOf('\n');
            if (eol < 0) {
                if (m_in.size() > MaxHeadBytes) {
                    fail(tr("the response's header is larger than %1 KiB").arg(MaxHeadBytes / 1024));
                    return false;
                }
                return true;
            }
            // Many short lines count as much as one long one.
            if (m_stage == Stage::StatusLine || m_stage == Stage::Headers || m_stage == Stage::Trailers) {
                m_headBytes += eol + 1;
                if (m_headBytes > MaxHeadBytes) {
                    fail(tr("the response's header is larger than %1 KiB").arg(MaxHeadBytes / 1024));
                    return false;
                }
            }
            QByteArray line = m_in.left(eol);
            m_in.remove(0, eol + 1);
            if (line.endsWith('\r'))
                line.chop(1);
            if (!parseHead(line))
                return false;
            break;
        }
        }
    }
}

bool HttpExchange::parseHead(const QByteArray &line)
{
    switch (m_stage) {
    case Stage::StatusLine: {
        // "HTTP/1.1 200 OK"
        const QList<QByteArray> parts = line.split(' ');
        const bool http1 = line.startsWith("HTTP/1.");
        const int status = parts.size() >= 2 && parts[1].size() == 3 ? parts[1].toInt() : 0;
        if (!http1 || status < 100 || status > 599) {
            fail(tr("the server's answer is not HTTP/1.x"));
            return false;
        }
        m_status = status;
        m_keepAlive = line.startsWith("HTTP/1.1");
        m_responseHeaders.clear();
        m_stage = Stage::Headers;
        return true;
    }
    case Stage::Headers: {
        if (!line.isEmpty()) {
            const qsizetype colon = line.indexOf(':');
            if (colon <= 0) {
                fail(tr("the server sent a malformed header line"));
                return false;
            }
            m_responseHeaders.append({ line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed() });
            return true;
        }
        if (m_status < 200) { // 100 Continue and friends: the real answer follows
            m_stage = Stage::StatusLine;
            return true;
        }
        return startBody();
    }
    case Stage::ChunkSize: {
        const qint64 size = parseSize(line.split(';').value(0).trimmed(), 16);
        if (size < 0) {
            fail(tr("the server sent a malformed chunk"));
            return false;
        }
        m_remaining = size;
        m_stage = size == 0 ? Stage::Trailers : Stage::ChunkData;
        return true;
    }
    case Stage::ChunkEnd:
        if (!line.isEmpty()) {
            fail(tr("the server sent a malformed chunk"));
            return false;
        }
        m_stage = Stage::ChunkSize;
        return true;
    case Stage::Trailers:
        if (line.isEmpty())
            completed();
        return true;
    default:
        return true;
    }
}

bool HttpExchange::startBody()
{
    const QByteArray connection = header("Connection").toLower();
    if (connection.contains("close"))
        m_keepAlive = false;
    else if (connection.contains("keep-alive"))
        m_keepAlive = true;
    const bool noBody = m_request.method == "HEAD" || m_status == 204 || m_status == 304;
    if (noBody) {
        completed();
        return true;
    }
    const QByteArray encoding = header("Transfer-Encoding").toLower();
    if (!encoding.isEmpty()) {
        if (!encoding.trimmed().endsWith("chunked")) {
            fail(tr("the server used an unsupported transfer encoding"));
            return false;
        }
        m_stage = Stage::ChunkSize;
        return true;
    }
    const QByteArray length = header("Content-Length");
    if (!length.isEmpty()) {
        const qint64 size = parseSize(length, 10);
        if (size < 0) {
            fail(tr("the server sent an invalid Content-Length"));
            return false;
        }
        if (size > m_request.maxResponseBytes) {
            end(Outcome::TooLarge, tr("the response is larger than %1 bytes").arg(m_request.maxResponseBytes));
            return false;
        }
        if (size == 0) {
            completed();
            return true;
        }
        m_stage = Stage::Body;
        m_remaining = size;
        return true;
    }
    m_keepAlive = false;
    m_stage = Stage::UntilClose;
    return true;
}

bool HttpExchange::takeBody(qint64 bytes)
{
    if (bytes <= 0)
        return true;
    if (m_body.size() + bytes > m_request.maxResponseBytes) {
        end(Outcome::TooLarge, tr("the response is larger than %1 bytes").arg(m_request.maxResponseBytes));
        return false;
    }
    m_body += m_in.left(bytes);
    m_in.remove(0, bytes);
    return true;
}

void HttpExchange::completed()
{
    if (m_outcome != Outcome::Pending)
        return;
    // A connection that carried exactly this answer can carry the next request.
    if (m_keepAlive && m_in.isEmpty() && m_socket && m_pool && m_socket->state() == QAbstractSocket::ConnectedState) {
        QAbstractSocket *socket = m_socket;
        m_socket = nullptr;
        socket->disconnect(this);
        m_pool->putIdle(m_origin, socket);
    }
    end(Outcome::Completed, {});
}

void HttpExchange::fail(const QString &error)
{
    end(Outcome::Failed, error);
}

void HttpExchange::end(Outcome outcome, const QString &error)
{
    if (m_outcome != Outcome::Pending)
        return;
    m_outcome = outcome;
    m_error = error;
    m_inactivity.stop();
    closeSocket();
    emit finished(); // the handler may delete this object: nothing after this line
}

void HttpExchange::closeSocket()
{
    if (!m_socket)
        return;
    QAbstractSocket *socket = m_socket;
    m_socket = nullptr;
    socket->disconnect(this);
    socket->abort();
    socket->deleteLater();
}
