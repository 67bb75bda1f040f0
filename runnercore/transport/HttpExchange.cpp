#include <runnercore/transport/HttpExchange.h>

#include <runnercore/transport/HttpConnectionPool.h>

#include <algorithm>
#include <limits>

#include <QNetworkProxy>
#include <QSslConfiguration>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTimerEvent>
#include <QUrl>

namespace runnercore {

namespace {
constexpr qsizetype MaxHeadBytes = 64 * 1024; // status line and headers together

bool isTokenChar(char c)
{
    return HttpResponseParser::isTokenChar(c);
}

bool isControl(char c)
{
    return HttpResponseParser::isControlChar(c);
}
} // namespace

bool HttpExchange::isValidHeader(QByteArrayView name, QByteArrayView value)
{
    return !name.isEmpty() && std::all_of(name.begin(), name.end(), isTokenChar)
        && std::none_of(value.begin(), value.end(), isControl);
}

int HttpExchange::Request::effectiveDeadlineMs() const
{
    if (deadlineMs > 0)
        return deadlineMs;
    return int(std::min<qint64>(qint64(inactivityTimeoutMs) + TransferAllowanceMs, std::numeric_limits<int>::max()));
}

void HttpExchange::Request::setUrl(const QUrl &url)
{
    origin = HttpOrigin::of(url);
    target = url.toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    if (target.isEmpty())
        target = "/";
}

void HttpExchange::Request::addHeader(const QByteArray &name, const QByteArray &value)
{
    if (!isValidHeader(name, value)) {
        if (refusedHeader.isEmpty())
            refusedHeader = name.isEmpty() ? QByteArrayLiteral("(empty name)") : name;
        return;
    }
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

void HttpExchange::start()
{
    if (m_outcome != Outcome::Pending || m_socket || !m_pool)
        return;
    // Nothing that could end a line goes out: a value with CR LF would be a header (or a
    // request) of its own. Refused from the event loop: the caller connects after start().
    QString refusal;
    if (!m_request.refusedHeader.isEmpty()) {
        refusal = tr("refusing to send the %1 header: its value holds a line break, NUL or another control "
                     "character")
                      .arg(QString::fromLatin1(m_request.refusedHeader.left(64).toPercentEncoding()));
    } else if (m_request.method.isEmpty()
        || !std::all_of(m_request.method.cbegin(), m_request.method.cend(), isTokenChar)
        || std::any_of(m_request.target.cbegin(), m_request.target.cend(),
            [](char c) { return c == ' ' || isControl(c) || c == '\t'; })) {
        refusal = tr("refusing to send a request whose method or target holds a space or control character");
    }
    if (!refusal.isEmpty()) {
        m_outcome = Outcome::Refused; // no second start(); finished() follows from the event loop
        m_error = refusal;
        QMetaObject::invokeMethod(
            this, [this] { emit finished(); }, Qt::QueuedConnection);
        return;
    }
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
    m_deadline.setRemainingTime(m_request.effectiveDeadlineMs());
    m_inactivity.start(std::min(m_request.inactivityTimeoutMs, m_request.effectiveDeadlineMs()), Qt::CoarseTimer, this);
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
    HttpResponseParser::Limits limits;
    limits.maxHeadBytes = MaxHeadBytes;
    limits.maxBodyBytes = m_request.maxResponseBytes;
    m_parser = HttpResponseParser(limits, m_request.method == "HEAD");
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
    const qint64 quiet = m_quietUntil.remainingTime();
    const qint64 total = m_deadline.remainingTime();
    if (quiet > 0 && total > 0) {
        m_inactivity.start(int(std::min(quiet, total)), Qt::CoarseTimer, this);
        return;
    }
    m_inactivity.stop();
    if (quiet <= 0)
        end(Outcome::TimedOut, tr("no answer within %1 s").arg((m_request.inactivityTimeoutMs + 999) / 1000));
    else
        end(Outcome::TimedOut,
            tr("the response did not complete within %1 s").arg((m_request.effectiveDeadlineMs() + 999) / 1000));
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
        if (!takeInput(m_socket->readAll()))
            return;
    }
    if (m_parser.readsUntilClose()) {
        m_parser.finish();
        completed(false);
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

bool HttpExchange::takeInput(const QByteArray &data)
{
    const qsizetype used = m_parser.feed(data);
    switch (m_parser.state()) {
    case HttpResponseParser::State::Incomplete:
        return true;
    case HttpResponseParser::State::Complete:
        completed(used < data.size());
        return false;
    case HttpResponseParser::State::Failed:
        if (m_parser.error() == HttpResponseParser::Error::BodyTooLarge)
            end(Outcome::TooLarge, m_parser.errorString());
        else
            fail(m_parser.errorString()); // and the connection closes with it: never back to the pool
        return false;
    }
    return false;
}

void HttpExchange::completed(bool leftover)
{
    if (m_outcome != Outcome::Pending)
        return;
    // A connection that carried exactly this answer can carry the next request; anything the
    // server sent beyond it, or a framing we did not trust, retires it.
    if (m_parser.keepAlive() && !leftover && m_socket && m_pool && m_socket->state() == QAbstractSocket::ConnectedState
        && m_socket->bytesAvailable() == 0) {
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

} // namespace runnercore
