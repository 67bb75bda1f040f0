#include <runnercore/transport/ApiClient.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/Platform.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/transport/HttpConnectionPool.h>
#include <runnercore/transport/HttpExchange.h>
#include <runnercore/transport/JsonReader.h>
#include <runnercore/transport/WireTime.h>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QPointer>
#include <QUuid>

#include <algorithm>
#include <utility>

namespace runnercore {

namespace {

const HeldLogger logger("http");

} // namespace

namespace {

bool isWrite(const QByteArray &method)
{
    return method == "POST" || method == "PUT" || method == "DELETE" || method == "PATCH";
}

bool sameOrigin(const QUrl &a, const QUrl &b)
{
    return a.scheme() == b.scheme() && a.host().compare(b.host(), Qt::CaseInsensitive) == 0
        && a.port(a.scheme() == QLatin1String("https") ? 443 : 80)
        == b.port(b.scheme() == QLatin1String("https") ? 443 : 80);
}

int parseRetryAfterMs(const QByteArray &value, const QDateTime &now)
{
    if (value.isEmpty())
        return -1;
    bool ok = false;
    const qint64 seconds = value.trimmed().toLongLong(&ok);
    if (ok && seconds >= 0)
        return static_cast<int>(std::min<qint64>(seconds, 3600) * 1000);
    if (const auto date = WireTime::parseHttpDate(value))
        return static_cast<int>(std::clamp<qint64>(now.msecsTo(*date), 0, 3600 * 1000));
    return -1;
}

} // namespace

ApiCall::ApiCall(ApiClient &client, ApiRequest request)
    : QObject(&client), m_client(client), m_request(std::move(request)), m_backoff(client.m_clock)
{
    if (isWrite(m_request.method) && m_request.idempotencyKey.isEmpty())
        m_request.idempotencyKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (m_request.rawBody)
        m_bodyBytes = *m_request.rawBody;
    else if (m_request.body)
        m_bodyBytes = QJsonDocument(*m_request.body).toJson(QJsonDocument::Compact);
}

ApiCall::~ApiCall()
{
    if (m_queued)
        m_client.dequeue(this);
    if (m_exchange) {
        m_exchange->disconnect(this);
        delete m_exchange; // ends its transfer without a signal
    }
    releaseConnection();
}

QTimer &ApiCall::retryTimer()
{
    if (!m_retryTimer) {
        m_retryTimer = std::make_unique<QTimer>(this);
        m_retryTimer->setSingleShot(true);
        connect(m_retryTimer.get(), &QTimer::timeout, this, &ApiCall::sendAttempt);
    }
    return *m_retryTimer;
}

QUrl ApiCall::currentUrl() const
{
    return m_redirectedTo ? *m_redirectedTo : QUrl(m_client.m_base + m_request.path);
}

void ApiCall::start()
{
    // Defence in depth: the configuration refuses such endpoints, but nothing may ever be sent to one.
    if (!m_client.m_endpointAllowed) {
        QTimer::singleShot(0, this, [this] {
            finish({ 0, {},
                ApiError::policy(QCoreApplication::translate(
                    "ApiClient", "refusing to send to %1: only https, or http to a loopback address")
                                     .arg(m_client.m_endpoint.toString())) });
        });
        return;
    }
    m_target = m_client.targetFor(m_request.path);
    sendAttempt();
}

void ApiCall::abort()
{
    if (m_done)
        return;
    m_aborted = true;
    if (m_retryTimer)
        m_retryTimer->stop();
    if (m_exchange)
        m_exchange->abort(); // finishes through onExchangeFinished
    else
        finish({ 0, {}, ApiError::aborted() });
}

void ApiCall::retryNow()
{
    if (m_done || m_aborted || !m_retryTimer || !m_retryTimer->isActive())
        return;
    if (m_backoff.retryNow(*m_retryTimer))
        sendAttempt();
}

void ApiCall::sendAttempt()
{
    if (m_client.admit(this))
        startAttempt();
}

void ApiCall::releaseConnection()
{
    if (std::exchange(m_holdsConnection, false))
        m_client.release(m_request.lane);
}

void ApiCall::startAttempt()
{
    ++m_attempts;
    HttpExchange::Request req;
    req.method = m_request.method;
    bool atEndpoint = true;
    if (m_redirectedTo) {
        req.setUrl(*m_redirectedTo);
        atEndpoint = req.origin.key == m_client.m_origin.key;
    } else {
        req.origin = m_client.m_origin;
        req.target = m_target;
    }
    req.inactivityTimeoutMs = m_request.timeoutMs;
    req.deadlineMs = m_request.deadlineMs; // 0: the exchange's default, after the timeout
    req.maxResponseBytes = ApiClient::MaxResponseBytes;
    req.headers.reserve(m_client.m_fixedHeaders.size() + 256);
    req.headers += m_client.m_fixedHeaders;
    // Only the endpoint's own origin ever sees a credential (§1: redirects).
    if (m_request.credential && atEndpoint) {
        const QString credential = m_request.credential();
        if (!credential.isEmpty())
            req.addHeader("Authorization", "Bearer " + credential.toUtf8());
    }
    if (!m_request.idempotencyKey.isEmpty())
        req.addHeader("Idempotency-Key", m_request.idempotencyKey.toLatin1());
    const bool hasBody = m_request.body || m_request.rawBody;
    if (hasBody)
        req.addHeader("Content-Type", "application/json");
    req.sendBody = hasBody || isWrite(m_request.method);
    if (req.sendBody)
        req.body = m_bodyBytes;

    auto *exchange = new HttpExchange(*m_client.m_pool, std::move(req), this);
    m_exchange = exchange;
    connect(exchange, &HttpExchange::finished, this, &ApiCall::onExchangeFinished);
    exchange->start();
}

bool ApiCall::followRedirect(const HttpExchange &exchange)
{
    const QByteArray header = exchange.header("Location");
    const QUrl location = QUrl::fromEncoded(header);
    if (header.isEmpty() || !location.isValid())
        return false;
    const QUrl target = currentUrl().resolved(location);
    const QString shown = target.toString(QUrl::RemoveUserInfo | QUrl::RemoveQuery | QUrl::RemoveFragment);
    // Only within the endpoint's origin: another origin (https to http included) would receive
    // the request's body, and could answer in the control plane's name.
    if (!sameOrigin(target, m_client.m_endpoint)) {
        logger->warn("refused a redirect to another origin: {}", shown);
        finish({ 0, {},
            ApiError::policy(QCoreApplication::translate(
                "ApiClient", "refused a redirect to %1: only redirects within the endpoint's origin (%2) are followed")
                                 .arg(shown, m_client.m_origin.key)) });
        return true;
    }
    if (++m_redirects > ApiClient::MaxRedirects) {
        finish({ 0, {},
            ApiError::policy(QCoreApplication::translate("ApiClient", "refused redirect to %1: more than %2 redirects")
                                 .arg(shown)
                                 .arg(ApiClient::MaxRedirects)) });
        return true;
    }
    logger->info("following redirect to {}", shown);
    m_redirectedTo = target;
    sendAttempt();
    return true;
}

void ApiCall::onExchangeFinished()
{
    HttpExchange *exchange = m_exchange;
    if (!exchange)
        return;
    m_exchange = nullptr;
    // Still running its finished() signal: deleted when the next attempt ends, or with this call.
    m_spent.reset(exchange);
    // Its connection is back in the pool or closed: the next call waiting may have it (a retry or a
    // redirect of this one waits its turn like any other).
    releaseConnection();

    const QByteArray dateHeader = exchange->header("Date");
    if (!dateHeader.isEmpty()) {
        if (const auto date = WireTime::parseHttpDate(dateHeader))
            m_client.noteServerDate(*date);
    }

    ApiResponse response;
    if (m_aborted) {
        response.error = ApiError::aborted();
        finish(response);
        return;
    }
    const int status = exchange->status();
    switch (exchange->outcome()) {
    case HttpExchange::Outcome::Refused:
        response.error = ApiError::policy(exchange->errorString());
        break;
    case HttpExchange::Outcome::TooLarge:
        response.error
            = ApiError::protocol(QCoreApplication::translate("ApiClient", "the response body is larger than 8 MiB"));
        break;
    case HttpExchange::Outcome::Completed:
        if (status >= 300 && status < 400 && status != 304) {
            if (followRedirect(*exchange))
                return;
            response.error = ApiError::protocol(
                QCoreApplication::translate("ApiClient", "HTTP %1 redirect without a Location").arg(status));
        } else {
            response = interpret(*exchange);
        }
        break;
    default:
        // Includes a response cut off mid-body: retryable, never parsed as a short answer.
        response.error = ApiError::network(exchange->errorString());
        break;
    }

    if (response.error.retryable() && m_request.retry
        && (m_request.maxAttempts == 0 || m_attempts < m_request.maxAttempts)) {
        const int delay = m_backoff.nextDelayMs(response.error.retryAfterMs);
        logger->warn("{} {} failed ({}); retry {} in {} ms", m_request.method.constData(), m_request.path,
            response.error.describe(), m_attempts, delay);
        emit attemptFailed(response.error, delay);
        m_backoff.arm(retryTimer(), delay);
        return;
    }
    finish(response);
}

ApiResponse ApiCall::interpret(const HttpExchange &exchange)
{
    const QByteArray &body = exchange.body();
    const int status = exchange.status();
    ApiResponse response;
    response.status = status;
    if (body.size() > ApiClient::MaxResponseBytes) {
        response.error
            = ApiError::protocol(QCoreApplication::translate("ApiClient", "the response body is larger than 8 MiB"));
        return response;
    }
    if (status == 204)
        return response;

    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    const bool isObject = parseError.error == QJsonParseError::NoError && doc.isObject();

    if (status >= 200 && status < 300) {
        if (!isObject)
            response.error = ApiError::protocol(
                QCoreApplication::translate("ApiClient", "HTTP %1 answer is not a JSON object").arg(status));
        else
            response.body = doc.object();
        return response;
    }

    ApiError error = ApiError::fromHttpAnswer(status, isObject ? doc.object() : QJsonObject());
    error.retryAfterMs = parseRetryAfterMs(exchange.header("Retry-After"), m_client.m_clock.now());
    response.error = error;
    return response;
}

void ApiCall::finish(const ApiResponse &response)
{
    if (m_done)
        return;
    m_done = true;
    if (m_retryTimer)
        m_retryTimer->stop();
    if (m_queued) // aborted while waiting for a connection
        m_client.dequeue(this);
    const QPointer<ApiCall> alive(this);
    emit finished(response);
    if (alive) // a handler may have deleted this call, or its client
        m_client.retire(this);
}

ApiClient::ApiClient(const QUrl &endpoint, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_endpoint(endpoint)
    , m_clock(clock)
    , m_pool(new HttpConnectionPool(this))
    , m_base(endpoint.toString(QUrl::StripTrailingSlash))
    , m_origin(HttpOrigin::of(endpoint))
    , m_endpointAllowed(endpoint.scheme() == QLatin1String("https")
          || (endpoint.scheme() == QLatin1String("http") && EndpointPolicy::isLoopbackHost(endpoint.host())))
{
    while (m_base.endsWith(u'/')) // "https://host/" too: paths start with their own slash
        m_base.chop(1);
    m_plainBase = !endpoint.hasQuery() && !endpoint.hasFragment();
    if (m_plainBase)
        m_basePath = QUrl(m_base).toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority);
    HttpExchange::Request fixed;
    fixed.addHeader("Checkfu-Version", ProtocolVersion);
    fixed.addHeader("User-Agent", Platform::userAgent());
    fixed.addHeader("Accept", "application/json");
    m_fixedHeaders = fixed.headers;
}

ApiClient::~ApiClient()
{
    // The calls end their transfers while the pool still exists; none that waits starts meanwhile.
    m_destroying = true;
    qDeleteAll(findChildren<ApiCall *>(QString(), Qt::FindDirectChildrenOnly));
}

void ApiClient::retire(ApiCall *call)
{
    m_retired.append(call);
}

bool ApiClient::fits(ApiLane lane) const
{
    return m_inUse < MaxConnections
        && (lane == ApiLane::Runner || m_harnessInUse < MaxConnections - ReservedConnections);
}

bool ApiClient::admit(ApiCall *call)
{
    const ApiLane lane = call->m_request.lane;
    // First come, first served: no call passes one waiting in its lane, nor a harness call one of the Runner's.
    const bool waitsBehind = !m_waiting[int(ApiLane::Runner)].isEmpty()
        || (lane == ApiLane::Harness && !m_waiting[int(ApiLane::Harness)].isEmpty());
    if (waitsBehind || !fits(lane)) {
        call->m_queued = true;
        m_waiting[int(lane)].append(call);
        return false;
    }
    hold(call);
    return true;
}

void ApiClient::hold(ApiCall *call)
{
    call->m_holdsConnection = true;
    ++m_inUse;
    if (call->m_request.lane == ApiLane::Harness)
        ++m_harnessInUse;
}

void ApiClient::release(ApiLane lane)
{
    --m_inUse;
    if (lane == ApiLane::Harness)
        --m_harnessInUse;
    // Started here rather than from the event loop: under load that would cost a wake-up per call.
    // Starting an attempt never finishes a call at once (failures come from the event loop).
    while (!m_destroying) {
        QList<ApiCall *> &runner = m_waiting[int(ApiLane::Runner)];
        QList<ApiCall *> &queue = runner.isEmpty() ? m_waiting[int(ApiLane::Harness)] : runner;
        // The Runner's lane fits wherever a harness call does: if its first cannot start, none can.
        if (queue.isEmpty() || !fits(queue.first()->m_request.lane))
            return;
        ApiCall *next = queue.takeFirst();
        next->m_queued = false;
        hold(next);
        next->startAttempt();
    }
}

void ApiClient::dequeue(ApiCall *call)
{
    m_waiting[int(call->m_request.lane)].removeOne(call);
    call->m_queued = false;
}

ApiCall *ApiClient::send(ApiRequest request)
{
    // Calls that ended before this one started: deleting them here rather than through
    // deleteLater() saves the event loop a wake-up per request. None of them is still in its
    // finished() handler (they retire after it returns).
    qDeleteAll(std::exchange(m_retired, {}));
    auto *call = new ApiCall(*this, std::move(request));
    call->start();
    return call;
}

void ApiClient::abortAll()
{
    // Guarded: an aborted call's handler may send, which deletes calls that ended earlier.
    const auto children = findChildren<ApiCall *>(QString(), Qt::FindDirectChildrenOnly);
    const QList<QPointer<ApiCall>> calls(children.cbegin(), children.cend());
    for (const QPointer<ApiCall> &call : calls) {
        if (call)
            call->abort();
    }
}

QByteArray ApiClient::targetFor(const QString &path) const
{
    // Our own paths are plain ASCII that QUrl would leave as it is: skip parsing a URL per request.
    const auto plain = [](QChar c) {
        return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9')
            || QStringView(u"-._~/?&=").contains(c);
    };
    if (m_plainBase && path.startsWith(u'/') && std::all_of(path.cbegin(), path.cend(), plain))
        return m_basePath + path.toLatin1();
    const QByteArray target
        = QUrl(m_base + path).toEncoded(QUrl::RemoveScheme | QUrl::RemoveAuthority | QUrl::RemoveFragment);
    return target.isEmpty() ? QByteArrayLiteral("/") : target;
}

QDateTime ApiClient::serverNow() const
{
    return m_clock.now().addMSecs(m_skewMs);
}

QDateTime ApiClient::serverNowAtTheEarliest() const
{
    return m_clock.now().addMSecs(std::min(m_skewMs, m_lowestSkewMs));
}

void ApiClient::noteServerDate(const QDateTime &serverDate)
{
    qint64 skew = m_clock.now().msecsTo(serverDate);
    m_lowestSkewMs = skew;
    // The header has one-second resolution: anything closer is noise.
    if (std::abs(skew) < 2000)
        skew = 0;
    m_hasServerDate = true;
    if (skew != m_skewMs) {
        m_skewMs = skew;
        emit clockSkewChanged(skew);
    }
}

} // namespace runnercore
