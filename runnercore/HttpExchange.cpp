#include "HttpExchange.h"

#include "HttpConnectionPool.h"

#include <cctype>

#include <QNetworkProxy>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimerEvent>
#include <QUrl>

namespace {
constexpr qsizetype MaxHeadBytes = 64 * 1024; // status line and headers together

// A Content-Length or chunk size: digits only (hex for chunks), no sign, no overflow.
qint64 parseSize(QByteArrayView text, int base)
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

void HttpExchange::Request::setUrl(const QUrl &url)
{
    origin = HttpOrigin::of(url);
    target = url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    if (target.isEmpty())
        target = "/";
}

void HttpExchange::Request::addHeader(const QByteArray &name, const QByteArray &value)
{
    headers += name;
    headers += ": ";
    headers += value;
    headers += "\r\n";
}

HttpExchange::HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent)
    : QObject(parent), m_pool(&pool), m_request(std::move(request))
{ }

HttpExchange::~HttpExchange()
{
    closeSocket();
}

QByteArray HttpExchange::header(QByteArrayView name) const
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
    m_wire.clear();
    m_wire.reserve(64 + m_request.target.size() + m_request.origin.hostHeader.size() + m_request.headers.size()
        + m_request.body.size());
    m_wire += m_request.method;
    m_wire += ' ';
    m_wire += m_request.target;
    m_wire += " HTTP/1.1\r\nHost: ";
    m_wire += m_request.origin.hostHeader;
    m_wire += "\r\n";
    m_wire += m_request.headers;
    if (m_request.sendBody) {
        m_wire += "Content-Length: ";
        m_wire += QByteArray::number(m_request.body.size());
        m_wire += "\r\n";
    }
    m_wire += "\r\n";
    if (m_request.sendBody)
        m_wire += m_request.body;

    m_quietUntil.setRemainingTime(m_request.inactivityTimeoutMs);
    m_inactivity.start(m_request.inactivityTimeoutMs, Qt::CoarseTimer, this);
    send(false);
}

void HttpExchange::send(bool fresh)
{
    const HttpOrigin &origin = m_request.origin;
    QAbstractSocket *socket = fresh ? nullptr : m_pool->takeIdle(origin.key);
    m_reused = socket != nullptr;
    if (!socket) {
        if (origin.tls) {
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
            tls->connectToHostEncrypted(origin.host, origin.port);
        else
            socket->connectToHost(origin.host, origin.port);
    }
    attach(socket);
    // Buffered until the connection (and TLS) is up; on a kept-alive one it leaves at once,
    // without waiting a turn of the event loop for the socket to say it is writable.
    socket->write(m_wire);
    if (m_reused) {
        m_flushing = true; // a write error now is handled from the event loop, not inside start()
        socket->flush();
        m_flushing = false;
    }
}

void HttpExchange::attach(QAbstractSocket *socket)
{
    m_socket = socket;
    socket->setParent(this);
    m_stage = Stage::StatusLine;
    m_headBytes = 0;
    m_in.clear();
    m_inPos = 0;
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

void HttpExchange::timerEvent(QTimerEvent *event)
{
    if (event->timerId() != m_inactivity.timerId()) {
        QObject::timerEvent(event);
        return;
    }
    // Re-arming the timer for every read would cost more than the request.
    if (const qint64 left = m_quietUntil.remainingTime(); left > 0) {
        m_inactivity.start(int(left), Qt::CoarseTimer, this);
        return;
    }
    m_inactivity.stop();
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
    takeInput(data);
    parse();
}

void HttpExchange::onSocketError()
{
    if (!m_socket || m_outcome != Outcome::Pending)
        return;
    if (m_flushing) {
        QMetaObject::invokeMethod(
            this,
            [this, socket = QPointer<QAbstractSocket>(m_socket)] {
                if (socket && socket == m_socket) // not a connection this exchange already moved on from
                    onSocketError();
            },
            Qt::QueuedConnection);
        return;
    }
    const QAbstractSocket::SocketError error = m_socket->error();
    // Whatever arrived with the close is still part of the answer.
    if (m_socket->bytesAvailable() > 0) {
        m_gotBytes = true;
        takeInput(m_socket->readAll());
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

void HttpExchange::takeInput(const QByteArray &data)
{
    // parse() walks m_in by position; what it has passed is dropped here, once per read.
    if (m_inPos == m_in.size()) {
        m_in = data;
    } else {
        m_in.remove(0, m_inPos);
        m_in += data;
    }
    m_inPos = 0;
}

bool HttpExchange::parse()
{
    for (;;) {
        if (m_outcome != Outcome::Pending)
            return false;
        switch (m_stage) {
        case Stage::Body:
        case Stage::ChunkData: {
            const qint64 take = std::min<qint64>(m_remaining, m_in.size() - m_inPos);
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
            return takeBody(m_in.size() - m_inPos);
        default: { // a line: status, header, chunk size, chunk end or trailer
            const qsizetype eol = m_in.indexOf('\n', m_inPos);
            if (eol < 0) {
                if (m_in.size() - m_inPos > MaxHeadBytes) {
                    fail(tr("the response's header is larger than %1 KiB").arg(MaxHeadBytes / 1024));
                    return false;
                }
                return true;
            }
            // Many short lines count as much as one long one.
            if (m_stage == Stage::StatusLine || m_stage == Stage::Headers || m_stage == Stage::Trailers) {
                m_headBytes += eol + 1 - m_inPos;
                if (m_headBytes > MaxHeadBytes) {
                    fail(tr("the response's header is larger than %1 KiB").arg(MaxHeadBytes / 1024));
                    return false;
                }
            }
            QByteArrayView line(m_in.constData() + m_inPos, eol - m_inPos);
            m_inPos = eol + 1;
            if (line.endsWith('\r'))
                line.chop(1);
            if (!parseHead(line))
                return false;
            break;
        }
        }
    }
}

bool HttpExchange::parseHead(QByteArrayView line)
{
    switch (m_stage) {
    case Stage::StatusLine: {
        // "HTTP/1.1 200 OK": a three-digit code after the version, then a space or the end.
        const bool http1 = line.startsWith("HTTP/1.") && line.size() >= 12 && line[8] == ' '
            && (line.size() == 12 || line[12] == ' ');
        int status = 0;
        for (qsizetype i = 9; http1 && i < 12; ++i)
            status = std::isdigit(static_cast<unsigned char>(line[i])) ? status * 10 + (line[i] - '0') : -1000;
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
            m_responseHeaders.append({ line.first(colon).trimmed().toByteArray().toLower(),
                line.sliced(colon + 1).trimmed().toByteArray() });
            return true;
        }
        if (m_status < 200) { // 100 Continue and friends: the real answer follows
            m_stage = Stage::StatusLine;
            return true;
        }
        return startBody();
    }
    case Stage::ChunkSize: {
        const qsizetype extension = line.indexOf(';');
        const qint64 size = parseSize((extension < 0 ? line : line.first(extension)).trimmed(), 16);
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
    m_body += QByteArrayView(m_in).sliced(m_inPos, bytes);
    m_inPos += bytes;
    return true;
}

void HttpExchange::completed()
{
    if (m_outcome != Outcome::Pending)
        return;
    // A connection that carried exactly this answer can carry the next request.
    if (m_keepAlive && m_inPos == m_in.size() && m_socket && m_pool
        && m_socket->state() == QAbstractSocket::ConnectedState) {
        QAbstractSocket *socket = m_socket;
        m_socket = nullptr;
        socket->disconnect(this);
        m_pool->putIdle(m_request.origin.key, socket);
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
    HttpConnectionPool::discard(socket);
}
