#include "DevPlaneServer.h"

#include "DevPlaneState.h"
#include "RequestLog.h"
#include "WireFormat.h"

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>

DevPlaneServer::DevPlaneServer(DevPlaneState &state, RequestLog &log, const QString &adminKey, QObject *parent)
    : QObject(parent), m_state(state), m_log(log), m_adminKey(adminKey)
{
    addRoutes();
    m_server.setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        handle(request, std::move(responder));
    });
}

bool DevPlaneServer::listen(quint16 port, QString *error)
{
    m_port = m_server.listen(QHostAddress::LocalHost, port);
    if (m_port == 0) {
        *error = QStringLiteral("cannot listen on 127.0.0.1:%1").arg(port);
        return false;
    }
    return true;
}

QString DevPlaneServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_port);
}

void DevPlaneServer::addRoute(const QByteArray &method, const QString &pattern, Auth auth, Handler handler)
{
    Route route;
    route.method = method;
    route.pattern = QRegularExpression(QLatin1Char('^') + pattern + QLatin1Char('$'));
    route.auth = auth;
    route.handler = std::move(handler);
    m_routes.append(route);
}

void DevPlaneServer::addRoutes()
{
    addRoute("GET", QStringLiteral("/v1/support/capabilities"), Auth::None, [](const Call &) {
        return ApiReply::ok({ { QStringLiteral("api_version"), QLatin1String(WireFormat::apiVersion) },
            { QStringLiteral("supported_versions"), QJsonArray { QLatin1String(WireFormat::apiVersion) } },
            { QStringLiteral("features"),
                QJsonObject { { QStringLiteral("runner_pairing"), QStringLiteral("preview") },
                    { QStringLiteral("workspace_runner_keys"), QStringLiteral("preview") } } } });
    });
    m_routes.last().versioned = false; // clients probe it to learn the versions

    addRoute("POST", QStringLiteral("/v1/runner-pairings"), Auth::Admin,
        [this](const Call &call) { return m_state.createPairing(call.body, call.now); });
    addRoute("POST", QStringLiteral("/v1/runner-pairings/redeem"), Auth::None,
        [this](const Call &call) { return m_state.redeemPairing(call.body, call.now); });
    addRoute("POST", QStringLiteral("/v1/organizations/([^/]+)/api-keys"), Auth::Admin,
        [this](const Call &call) { return m_state.createApiKey(call.captures.at(0), call.body, call.now); });
    addRoute("POST", QStringLiteral("/v1/runner/identity"), Auth::Bootstrap,
        [this](const Call &call) { return m_state.exchange(call.credential, call.body, call.now); });
    addRoute("POST", QStringLiteral("/v1/runner/identity/rotate"), Auth::Workload,
        [this](const Call &call) { return m_state.rotate(call.credential, call.body, call.now); });
    addRoute("DELETE", QStringLiteral("/v1/runner/identity"), Auth::Workload,
        [this](const Call &call) { return m_state.signOff(call.credential); });
    m_routes.last().acceptsSignedOff = true;
    addRoute("PUT", QStringLiteral("/v1/runner/presence"), Auth::Workload,
        [this](const Call &call) { return m_state.putPresence(call.credential, call.body, call.now); });
    addRoute("GET", QStringLiteral("/v1/runner-pools/presences"), Auth::AdminOrWorkload, [this](const Call &call) {
        const QString token = call.kind == Credential::Workload ? call.credential : QString();
        return m_state.listPresences(token, call.owner, call.now);
    });
    addRoute("DELETE", QStringLiteral("/v1/runners/([^/]+)/credential"), Auth::Admin,
        [this](const Call &call) { return m_state.revokeCredential(call.captures.at(0)); });
    addRoute("POST", QStringLiteral("/v1/runners/([^/]+)/(drain|resume)"), Auth::Admin,
        [this](const Call &call) { return m_state.queueDirective(call.captures.at(0), call.captures.at(1)); });
    addRoute("GET", QStringLiteral("/v1/_dev/requests"), Auth::Admin, [this](const Call &) {
        return ApiReply::ok({ { QStringLiteral("data"), m_log.records() } });
    });
    addRoute("GET", QStringLiteral("/v1/_dev/identities"), Auth::Admin,
        [this](const Call &) { return ApiReply::ok(m_state.identities()); });
    addRoute("GET", QStringLiteral("/v1/_dev/runners/([^/]+)"), Auth::Admin,
        [this](const Call &call) { return m_state.describeRunner(call.captures.at(0)); });
}

QByteArray DevPlaneServer::methodName(const QHttpServerRequest &request)
{
    switch (request.method()) {
    case QHttpServerRequest::Method::Get:
        return "GET";
    case QHttpServerRequest::Method::Put:
        return "PUT";
    case QHttpServerRequest::Method::Delete:
        return "DELETE";
    case QHttpServerRequest::Method::Post:
        return "POST";
    case QHttpServerRequest::Method::Head:
        return "HEAD";
    case QHttpServerRequest::Method::Options:
        return "OPTIONS";
    case QHttpServerRequest::Method::Patch:
        return "PATCH";
    default:
        return "OTHER";
    }
}

DevPlaneServer::Credential DevPlaneServer::classify(const QString &credential) const
{
    if (credential.isNull()) {
        return Credential::None;
    }
    if (!m_adminKey.isEmpty() && credential == m_adminKey) {
        return Credential::Admin;
    }
    switch (m_state.classify(credential)) {
    case DevPlaneState::CredentialKind::Bootstrap:
        return Credential::Bootstrap;
    case DevPlaneState::CredentialKind::Workload:
        return Credential::Workload;
    case DevPlaneState::CredentialKind::Unknown:
        break;
    }
    return Credential::Unknown;
}

QString DevPlaneServer::credentialName(Credential kind)
{
    switch (kind) {
    case Credential::None:
        return QStringLiteral("none");
    case Credential::Admin:
        return QStringLiteral("admin");
    case Credential::Bootstrap:
        return QStringLiteral("bootstrap");
    case Credential::Workload:
        return QStringLiteral("workload");
    case Credential::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

void DevPlaneServer::handle(const QHttpServerRequest &request, QHttpServerResponder &&responder)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    const QString requestId = WireFormat::newId(QStringLiteral("req"));
    const QByteArray method = methodName(request);

    QString credential; // null: no Authorization header at all
    const QByteArray authorization = request.value("Authorization");
    if (!authorization.isEmpty()) {
        credential = authorization.startsWith("Bearer ") ? QString::fromUtf8(authorization.mid(7)).trimmed()
                                                         : QStringLiteral("");
    }
    const Credential kind = classify(credential);

    const Outcome outcome = process(request, method, kind, credential, now, requestId);

    QHttpServerResponse response(QByteArrayLiteral("application/json"), outcome.body,
        static_cast<QHttpServerResponse::StatusCode>(outcome.status));
    response.setHeader("Checkfu-Version", WireFormat::apiVersion);
    response.setHeader("Date", WireFormat::httpDate(now));
    for (const auto &[name, value] : outcome.headers) {
        response.setHeader(name, value);
    }
    response.write(std::move(responder));

    // The log keeps what arrived and how it was answered, never a credential or a response body.
    const QByteArray rawBody = request.body();
    QJsonValue loggedBody;
    if (rawBody.size() > WireFormat::maxBodyBytes) {
        loggedBody = QStringLiteral("<%1 bytes>").arg(rawBody.size());
    } else if (!rawBody.isEmpty()) {
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(rawBody, &parseError);
        if (parseError.error == QJsonParseError::NoError && (document.isObject() || document.isArray())) {
            loggedBody = document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());
        } else {
            loggedBody = QString::fromUtf8(rawBody);
        }
    }
    const QString query = request.url().query(QUrl::FullyEncoded);
    m_log.append({ { QStringLiteral("at"), WireFormat::timestamp(now) },
        { QStringLiteral("method"), QString::fromLatin1(method) }, { QStringLiteral("path"), request.url().path() },
        { QStringLiteral("query"), query.isEmpty() ? QJsonValue() : QJsonValue(query) },
        { QStringLiteral("auth"), credentialName(kind) }, { QStringLiteral("status"), outcome.status },
        { QStringLiteral("code"), outcome.errorCode.isEmpty() ? QJsonValue() : QJsonValue(outcome.errorCode) },
        { QStringLiteral("body"), loggedBody } });
}

std::optional<ApiReply> DevPlaneServer::authorize(
    const Route &route, Credential kind, const QString &credential, const QDateTime &now)
{
    if (route.auth == Auth::None) {
        return std::nullopt;
    }
    if (kind == Credential::None) {
        return ApiReply::error(
            401, QStringLiteral("missing_credential"), QStringLiteral("an Authorization: Bearer header is required"));
    }
    if (kind == Credential::Unknown) {
        return ApiReply::error(401, QStringLiteral("invalid_credential"), QStringLiteral("unknown credential"));
    }
    const bool accepted
        = (kind == Credential::Admin && (route.auth == Auth::Admin || route.auth == Auth::AdminOrWorkload))
        || (kind == Credential::Bootstrap && route.auth == Auth::Bootstrap)
        || (kind == Credential::Workload && (route.auth == Auth::Workload || route.auth == Auth::AdminOrWorkload));
    if (!accepted) {
        return ApiReply::error(401, QStringLiteral("invalid_credential_use"),
            QStringLiteral("this %1 credential cannot be used here").arg(credentialName(kind)));
    }
    if (kind == Credential::Workload) {
        return m_state.checkWorkload(credential, route.acceptsSignedOff, now);
    }
    return std::nullopt;
}

DevPlaneServer::Outcome DevPlaneServer::process(const QHttpServerRequest &request, const QByteArray &method,
    Credential kind, const QString &credential, const QDateTime &now, const QString &requestId)
{
    const auto answer = [&requestId](const ApiReply &reply) {
        return Outcome { reply.status(), reply.serialize(requestId), reply.errorCode(), reply.headers() };
    };

    const QString path = request.url().path();
    const Route *route = nullptr;
    Call call;
    for (const Route &candidate : m_routes) {
        const QRegularExpressionMatch match = candidate.pattern.match(path);
        if (candidate.method == method && match.hasMatch()) {
            route = &candidate;
            call.captures = match.capturedTexts().mid(1);
            break;
        }
    }
    if (!route) {
        return answer(ApiReply::notFound(QStringLiteral("no route for %1 %2").arg(QString::fromLatin1(method), path)));
    }

    if (route->versioned && request.value("Checkfu-Version") != WireFormat::apiVersion) {
        return answer(ApiReply::error(400, QStringLiteral("unsupported_version"),
            QStringLiteral("send Checkfu-Version: %1").arg(QLatin1String(WireFormat::apiVersion)),
            { { QStringLiteral("supported_versions"), QJsonArray { QLatin1String(WireFormat::apiVersion) } } }));
    }
    const QByteArray rawBody = request.body();
    if (rawBody.size() > WireFormat::maxBodyBytes) {
        return answer(ApiReply::error(
            413, QStringLiteral("body_too_large"), QStringLiteral("request bodies are limited to 8 MiB")));
    }
    if (const auto denied = authorize(*route, kind, credential, now)) {
        return answer(*denied);
    }

    QString runnerId;
    if (kind == Credential::Bootstrap || kind == Credential::Workload) {
        runnerId = m_state.runnerIdFor(credential);
        if (const auto retryAfter = m_rateLimiter.admit(runnerId, m_state.rateLimitFor(runnerId), now)) {
            ApiReply limited = ApiReply::error(429, QStringLiteral("rate_limited"),
                QStringLiteral("rate limit exceeded; retry in %1 s").arg(*retryAfter));
            limited.addHeader("Retry-After", QByteArray::number(*retryAfter));
            return answer(limited);
        }
    }

    IdempotencyCache::Request fingerprint;
    fingerprint.method = method;
    fingerprint.path = path;
    fingerprint.raw = rawBody;
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(rawBody, &parseError);
    fingerprint.isJson = !rawBody.isEmpty() && parseError.error == QJsonParseError::NoError;
    fingerprint.json = document.isObject() ? QJsonValue(document.object()) : QJsonValue(document.array());

    const bool isWrite = method == "POST" || method == "PUT" || method == "DELETE";
    QString scope;
    QString idempotencyKey;
    if (isWrite) {
        idempotencyKey = QString::fromLatin1(request.value("Idempotency-Key"));
        if (!WireFormat::isCanonicalUuid(idempotencyKey)) {
            return answer(ApiReply::invalidField(
                QStringLiteral("Idempotency-Key"), QStringLiteral("header must be a lowercase 8-4-4-4-12 UUID")));
        }
        // Runner calls share the Runner's scope so a retry across a token rotation replays.
        scope = !runnerId.isEmpty()     ? QStringLiteral("runner:") + runnerId
            : kind == Credential::Admin ? QStringLiteral("admin")
                                        : QStringLiteral("public");
        IdempotencyCache::Answer stored;
        switch (m_idempotency.find(scope, idempotencyKey, fingerprint, &stored)) {
        case IdempotencyCache::Lookup::Replay:
            return Outcome { stored.status, stored.body, stored.errorCode, stored.headers };
        case IdempotencyCache::Lookup::Conflict:
            return answer(ApiReply::error(409, QStringLiteral("idempotency_key_reused"),
                QStringLiteral("this Idempotency-Key came with a different request")));
        case IdempotencyCache::Lookup::Miss:
            break;
        }
    }

    Outcome outcome;
    if (!rawBody.isEmpty() && !document.isObject()) {
        outcome = answer(
            ApiReply::error(400, QStringLiteral("malformed_body"), QStringLiteral("the body must be a JSON object")));
    } else {
        call.body = document.object();
        call.credential = credential;
        call.kind = kind;
        call.owner = request.query().queryItemValue(QStringLiteral("owner"), QUrl::FullyDecoded);
        call.now = now;
        outcome = answer(route->handler(call));
    }
    if (isWrite) {
        m_idempotency.store(scope, idempotencyKey, fingerprint,
            IdempotencyCache::Answer { outcome.status, outcome.body, outcome.errorCode, outcome.headers });
    }
    return outcome;
}
