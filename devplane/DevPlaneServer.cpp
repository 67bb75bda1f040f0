#include "DevPlaneServer.h"

#include "DemoRepositories.h"

#include "DevPlaneState.h"
#include "FieldReader.h"
#include "LoopbackGuard.h"
#include "ProtocolLimits.h"
#include "RequestLog.h"
#include "SessionPresets.h"
#include "SocketProbe.h"
#include "WireFormat.h"

#include <QHttpServerRequest>
#include <QHttpServerResponse>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#endif

namespace devplane {

namespace {

// Acknowledges received data at once. Linux delays the ACK on a connection it sees as
// request/response; a client that leaves Nagle on (QNetworkAccessManager does) then holds the
// last partial segment of a large body until that ACK comes, ~40 ms per observation batch.
// TCP_QUICKACK is not sticky, so it is set again after every read.
class QuickAckTcpServer : public QTcpServer
{
public:
    using QTcpServer::QTcpServer;

protected:
    void incomingConnection(qintptr descriptor) override
    {
        auto *socket = new QTcpSocket(this);
        if (!socket->setSocketDescriptor(descriptor)) {
            delete socket;
            return;
        }
#ifdef Q_OS_LINUX
        QObject::connect(socket, &QIODevice::readyRead, socket, [socket]() {
            const qintptr fd = socket->socketDescriptor();
            const int one = 1;
            if (fd >= 0) {
                ::setsockopt(static_cast<int>(fd), IPPROTO_TCP, TCP_QUICKACK, &one, sizeof one);
            }
        });
#endif
        addPendingConnection(socket);
    }
};

// Observation batches at least this large are logged as "<N bytes, K events>".
constexpr qsizetype maxLoggedBatchBytes = 64 * 1024;
// Not an HTTP answer: what the request log records for a poll whose client went away.
constexpr int clientClosedStatus = 499;

// An optional non-negative integer query item; nullopt when absent, -1 when malformed.
std::optional<qint64> queryInteger(const QUrlQuery &query, const QString &name, qint64 maximum)
{
    if (!query.hasQueryItem(name)) {
        return std::nullopt;
    }
    bool ok = false;
    const qint64 value = query.queryItemValue(name).toLongLong(&ok);
    return ok && value >= 0 && value <= maximum ? value : -1;
}

} // namespace

DevPlaneServer::DevPlaneServer(DevPlaneState &state, RequestLog &log, const QString &adminKey, QObject *parent)
    : QObject(parent), m_state(state), m_log(log), m_adminKey(adminKey)
{
    addRoutes();
    // A later MCP answer queued from a timer may be what a parked control poll waits for.
    m_state.setDirectiveListener([this]() { servicePolls(); });
    m_server.setMissingHandler([this](const QHttpServerRequest &request, QHttpServerResponder &&responder) {
        handle(request, std::move(responder));
    });
}

DevPlaneServer::~DevPlaneServer()
{
    // Not left to the members' destructors: m_server deletes the sockets after m_polls is gone,
    // and a socket emits disconnected() from its destructor, which ran dropPoll() on the
    // destroyed m_polls (a crash at every SIGTERM with a poll parked).
    close();
}

bool DevPlaneServer::listen(quint16 port, QString *error)
{
    auto *tcpServer = new QuickAckTcpServer(this);
    if (!tcpServer->listen(QHostAddress::LocalHost, port)) {
        *error = QStringLiteral("cannot listen on 127.0.0.1:%1").arg(port);
        delete tcpServer;
        return false;
    }
    m_server.bind(tcpServer);
    m_tcpServer = tcpServer;
    m_port = tcpServer->serverPort();
    return true;
}

void DevPlaneServer::close()
{
    if (m_tcpServer) {
        m_tcpServer->close();
    }
    // Taking a poll also drops its disconnect watch and timer, so nothing calls back into a
    // server being destroyed. An answer, rather than a bare close, tells the client why.
    const QList<std::shared_ptr<ParkedPoll>> polls = m_polls;
    for (const auto &parked : polls) {
        const std::shared_ptr<ParkedPoll> poll = takePoll(parked->id);
        if (!poll) {
            continue;
        }
        if (!SocketProbe::isOpen(poll->socket)) {
            log(poll->exchange, clientClosedStatus, QStringLiteral("client_closed"));
            continue;
        }
        Outcome outcome = toOutcome(
            ApiReply::error(503, QStringLiteral("shutting_down"), QStringLiteral("the devplane is shutting down")),
            poll->exchange.requestId);
        outcome.headers.append(qMakePair(QByteArrayLiteral("Connection"), QByteArrayLiteral("close")));
        respond(*poll->responder, poll->exchange, outcome);
    }
    // Every connection, idle keep-alive ones included. flush() hands the answers above to the
    // kernel now: there is no event loop left to write them later.
    if (m_tcpServer) {
        const QList<QTcpSocket *> sockets = m_tcpServer->findChildren<QTcpSocket *>(Qt::FindDirectChildrenOnly);
        for (QTcpSocket *socket : sockets) {
            socket->flush();
            socket->disconnectFromHost();
        }
    }
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

    // §6: work. Claims and control are long-polls, parked by handle() when the answer is parked.
    addRoute("POST", QStringLiteral("/v1/runner/claims"), Auth::Workload, [this](const Call &call) {
        return m_state.sessions().claim(
            m_state.claimant(call.runnerId), call.body, call.pollOutstanding, call.deadlinePassed, call.now);
    });
    m_routes.last().poll = Poll::Claim;
    addRoute("GET", QStringLiteral("/v1/runner/control"), Auth::Workload, [this](const Call &call) {
        const std::optional<qint64> wait
            = queryInteger(call.query, QStringLiteral("wait_seconds"), ProtocolLimits::maxWaitSeconds);
        if (wait == -1) {
            return ApiReply::invalidField(QStringLiteral("wait_seconds"), QStringLiteral("must be an integer 0-60"));
        }
        const std::optional<QString> after = call.query.hasQueryItem(QStringLiteral("after"))
            ? std::optional<QString>(call.query.queryItemValue(QStringLiteral("after"), QUrl::FullyDecoded))
            : std::nullopt;
        return m_state.pollControl(
            call.runnerId, after, static_cast<int>(wait.value_or(25)), call.pollOutstanding, call.deadlinePassed);
    });
    m_routes.last().poll = Poll::Control;
    addRoute("POST", QStringLiteral("/v1/runner/runs/([^/]+)/observations"), Auth::Workload, [this](const Call &call) {
        return m_state.sessions().observe(
            call.runnerId, call.captures.at(0), call.body, call.bodyBytes, call.now, call.batch.get());
    });
    m_routes.last().summarizesLoggedBody = true;
    m_routes.last().parsesObservationBatch = true;
    addRoute("POST", QStringLiteral("/v1/runner/runs/([^/]+)/settle"), Auth::Workload, [this](const Call &call) {
        return m_state.sessions().settle(call.runnerId, call.captures.at(0), call.body, call.now);
    });
    // §6.10: MCP messages relayed by the Runner; held (parked) while a slow tool's answer is due
    // within the answer window.
    addRoute("POST", QStringLiteral("/v1/runner/runs/([^/]+)/mcp"), Auth::Workload, [this](const Call &call) {
        return m_state.relayMcp(
            call.runnerId, call.captures.at(0), call.body, call.idempotencyKey, call.deadlinePassed, call.now);
    });
    m_routes.last().hidesMessages = true;

    // §7: Sessions.
    addRoute("POST", QStringLiteral("/v1/sessions"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().createSession(call.body, call.now); });
    addRoute("GET", QStringLiteral("/v1/sessions/([^/]+)/events"), Auth::Admin,
        [this](const Call &call) { return sessionEvents(call); });
    addRoute("POST", QStringLiteral("/v1/sessions/([^/]+)/cancel"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().cancel(call.captures.at(0), call.now); });
    addRoute("POST", QStringLiteral("/v1/sessions/([^/]+)/prompt"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().prompt(call.captures.at(0), call.body); });
    addRoute("POST", QStringLiteral("/v1/sessions/([^/]+)/close"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().close(call.captures.at(0)); });
    addRoute("POST", QStringLiteral("/v1/sessions/([^/]+)/continue"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().continueFrom(call.captures.at(0), call.now); });
    addRoute("POST", QStringLiteral("/v1/sessions/([^/]+)/approvals/([^/]+)"), Auth::Admin, [this](const Call &call) {
        return m_state.sessions().decideApproval(call.captures.at(0), call.captures.at(1), call.body, call.now);
    });

    addRoute("GET", QStringLiteral("/v1/_dev/requests"), Auth::Admin, [this](const Call &) {
        return ApiReply::ok({ { QStringLiteral("data"), m_log.records() } });
    });
    // The dashboard's: Sessions at a glance, and Sessions from the presets of `session create`.
    addRoute("GET", QStringLiteral("/v1/_dev/sessions"), Auth::Admin,
        [this](const Call &call) { return m_state.sessions().list(call.now); });
    addRoute("GET", QStringLiteral("/v1/_dev/presets"), Auth::Admin, [this](const Call &) {
        const std::optional<DemoSource> demo = demoSource(false);
        return ApiReply::ok({ { QStringLiteral("data"), SessionPresets::describe(demo ? &*demo : nullptr) } });
    });
    // The demo repositories (git-demo), and a Basic credential for one Session's fetch of them.
    addRoute("GET", QStringLiteral("/v1/_dev/repos"), Auth::Admin, [this](const Call &) {
        return ApiReply::ok({ { QStringLiteral("data"), m_repositories ? m_repositories->describe() : QJsonArray() } });
    });
    addRoute("POST", QStringLiteral("/v1/_dev/repos/credentials"), Auth::Admin, [this](const Call &) {
        const std::optional<DemoSource> demo = demoSource(true);
        if (!demo) {
            return ApiReply::error(404, QStringLiteral("no_demo_repository"),
                QStringLiteral("this devplane serves no demo repository (is git installed?)"));
        }
        return ApiReply::ok({ { QStringLiteral("url"), demo->url }, { QStringLiteral("demo_commit"), demo->commit },
            { QStringLiteral("username"), demo->username }, { QStringLiteral("secret"), demo->secret } });
    });
    addRoute("POST", QStringLiteral("/v1/_dev/sessions"), Auth::Admin, [this](const Call &call) {
        FieldReader reader(call.body);
        const QString preset = reader.string(QStringLiteral("preset"));
        const QJsonObject params = reader.optionalObject(QStringLiteral("params")).value_or(QJsonObject());
        if (!reader.ok()) {
            return reader.error();
        }
        QMap<QString, QString> values;
        for (auto it = params.constBegin(); it != params.constEnd(); ++it) {
            if (!it.value().isString()) {
                return ApiReply::invalidField(QStringLiteral("params.") + it.key(), QStringLiteral("must be a string"));
            }
            values.insert(it.key(), it.value().toString());
        }
        // Like `session create --preset`: for the dev principal, whose Runners `pair` enrolls.
        const QString owner = m_state.identities().value(QStringLiteral("principal_id")).toString();
        QString error;
        const std::optional<DemoSource> demo = demoSource(preset == QLatin1String("git-demo"));
        const std::optional<QJsonObject> runSpec
            = SessionPresets::build(preset, values, owner, &error, demo ? &*demo : nullptr);
        if (!runSpec) {
            return ApiReply::invalidField(QStringLiteral("params"), error);
        }
        return m_state.sessions().createSession(
            { { QStringLiteral("run_spec"), *runSpec }, { QStringLiteral("owner_principal_id"), owner } }, call.now);
    });
    // What the plane saw of a Run's MCP relay (§6.10), for tests of the Runner's bounds.
    addRoute("GET", QStringLiteral("/v1/_dev/runs/([^/]+)/mcp"), Auth::Admin,
        [this](const Call &call) { return ApiReply::ok(m_state.mcpStats(call.captures.at(0))); });
    addRoute("GET", QStringLiteral("/v1/_dev/identities"), Auth::Admin,
        [this](const Call &) { return ApiReply::ok(m_state.identities()); });
    addRoute("GET", QStringLiteral("/v1/_dev/runners/([^/]+)"), Auth::Admin, [this](const Call &call) {
        const ApiReply reply = m_state.describeRunner(call.captures.at(0));
        if (reply.isError()) {
            return reply;
        }
        // The polls are the server's, not the state's: tests wait for an idle Runner with them.
        QJsonObject body = reply.body();
        body.insert(QStringLiteral("parked_polls"),
            QJsonObject { { QStringLiteral("claim"), hasLivePoll(call.captures.at(0), Poll::Claim) },
                { QStringLiteral("control"), hasLivePoll(call.captures.at(0), Poll::Control) } });
        return ApiReply::ok(body);
    });
}

std::optional<DemoSource> DevPlaneServer::demoSource(bool mint)
{
    if (!m_repositories || !m_repositories->available()) {
        return std::nullopt;
    }
    DemoSource demo { m_repositories->url(QString::fromLatin1(DemoRepositories::demoName)),
        m_repositories->demoCommit(), QString(), QString() };
    if (mint) {
        const DemoRepositories::Credential credential = m_repositories->mint();
        demo.username = credential.username;
        demo.secret = credential.secret;
    }
    return demo;
}

ApiReply DevPlaneServer::sessionEvents(const Call &call)
{
    const std::optional<qint64> afterSeq = queryInteger(call.query, QStringLiteral("after_seq"), qint64(1) << 53);
    const std::optional<qint64> limit = queryInteger(call.query, QStringLiteral("limit"), qint64(1) << 53);
    const std::optional<qint64> wait
        = queryInteger(call.query, QStringLiteral("wait_seconds"), ProtocolLimits::maxWaitSeconds);
    if (afterSeq == -1 || limit == -1) {
        return ApiReply::invalidField(afterSeq == -1 ? QStringLiteral("after_seq") : QStringLiteral("limit"),
            QStringLiteral("must be a non-negative integer"));
    }
    if (wait == -1) {
        return ApiReply::invalidField(QStringLiteral("wait_seconds"), QStringLiteral("must be an integer 0-60"));
    }
    const QString sessionId = call.captures.at(0);
    // The dashboard's long-poll: held while there is no event after after_seq and what the page
    // says it shows is still so: ?status=, ?decided= (approvals no longer pending),
    // ?cancel_requested=, ?notes= (session_note notes, §6.10) (each only when given). It is asked again after every
    // other request (an observation batch, a claim, a decision, a cancel, a settlement) and at the deadline.
    if (wait.value_or(0) > 0 && !call.deadlinePassed) {
        const ApiReply now = m_state.sessions().events(sessionId, 0, 0, call.now);
        const QJsonObject view = now.body();
        qint64 decided = 0;
        for (const QJsonValue &approval : view.value(QStringLiteral("approvals")).toArray()) {
            decided += approval.toObject().value(QStringLiteral("status")) != QLatin1String("pending") ? 1 : 0;
        }
        const auto unchanged = [&call](const QString &name, const QString &current) {
            return !call.query.hasQueryItem(name) || call.query.queryItemValue(name, QUrl::FullyDecoded) == current;
        };
        if (!now.isError() && view.value(QStringLiteral("acked_through")).toInteger() <= afterSeq.value_or(0)
            && unchanged(QStringLiteral("status"), view.value(QStringLiteral("status")).toString())
            && unchanged(QStringLiteral("decided"), QString::number(decided))
            && unchanged(QStringLiteral("notes"), QString::number(view.value(QStringLiteral("notes")).toArray().size()))
            && unchanged(QStringLiteral("cancel_requested"),
                view.value(QStringLiteral("cancel_requested")).toBool() ? QStringLiteral("true")
                                                                        : QStringLiteral("false"))) {
            return ApiReply::parked(static_cast<int>(*wait));
        }
    }
    return m_state.sessions().events(sessionId, afterSeq.value_or(0), limit.value_or(-1), call.now);
}

DevPlaneServer::Outcome DevPlaneServer::dashboardFile(
    const QHttpServerRequest &request, const DashboardSite::File &file) const
{
    if (!LoopbackGuard::hostAllowed(request.value("Host"), m_port)) {
        return toOutcome(
            ApiReply::error(403, QStringLiteral("forbidden_host"),
                QStringLiteral("the dashboard answers only as http://127.0.0.1:%1/ or http://localhost:%1/")
                    .arg(m_port)),
            WireFormat::newId(QStringLiteral("req")));
    }
    Outcome outcome { 200, file.body, QString(), DashboardSite::headers() };
    outcome.contentType = file.contentType;
    return outcome;
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
    const QByteArray method = methodName(request);
    const QString path = request.url().path();

    Exchange exchange;
    exchange.requestId = WireFormat::newId(QStringLiteral("req"));
    exchange.call.now = now;
    exchange.call.credential = QString(); // null: no Authorization header at all
    const QByteArray authorization = request.value("Authorization");
    if (!authorization.isEmpty()) {
        exchange.call.credential = authorization.startsWith("Bearer ")
            ? QString::fromUtf8(authorization.mid(7)).trimmed()
            : QStringLiteral("");
    }
    exchange.call.kind = classify(exchange.call.credential);
    // git's smart HTTP for the demo repositories: HTTP Basic, none of the API's rules.
    if (m_repositories && DemoRepositories::handles(path)) {
        const QString query = request.url().query(QUrl::FullyEncoded);
        exchange.logRecord = { { QStringLiteral("at"), WireFormat::timestamp(now) },
            { QStringLiteral("method"), QString::fromLatin1(method) }, { QStringLiteral("path"), path },
            { QStringLiteral("query"), query.isEmpty() ? QJsonValue() : QJsonValue(query) },
            { QStringLiteral("auth"),
                authorization.startsWith("Basic ") ? QStringLiteral("basic") : QStringLiteral("none") },
            { QStringLiteral("body"), QJsonValue() } };
        m_repositories->serve(request, std::move(responder),
            [this, exchange](int status, const QString &code) { log(exchange, status, code); });
        return;
    }
    if (method == "GET") {
        if (const std::optional<DashboardSite::File> file = m_site.find(path)) {
            const QString query = request.url().query(QUrl::FullyEncoded);
            exchange.logRecord = { { QStringLiteral("at"), WireFormat::timestamp(now) },
                { QStringLiteral("method"), QStringLiteral("GET") }, { QStringLiteral("path"), path },
                { QStringLiteral("query"), query.isEmpty() ? QJsonValue() : QJsonValue(query) },
                { QStringLiteral("auth"), credentialName(exchange.call.kind) },
                { QStringLiteral("body"), QJsonValue() } };
            respond(responder, exchange, dashboardFile(request, *file));
            return;
        }
    }
    for (qsizetype i = 0; i < m_routes.size(); ++i) {
        const QRegularExpressionMatch match = m_routes.at(i).pattern.match(path);
        if (m_routes.at(i).method == method && match.hasMatch()) {
            exchange.route = i;
            exchange.call.captures = match.capturedTexts().mid(1);
            break;
        }
    }

    // The body is parsed once, for the route, the idempotency fingerprint and the log.
    // Observation batches go through RapidJSON when ObservationBatch takes them (QJsonDocument
    // would read them as the same object, but at ~12 MB/s); everything else, and any batch it
    // declines, through QJsonDocument.
    const QByteArray rawBody = request.body();
    const Route *route = exchange.route >= 0 ? &m_routes.at(exchange.route) : nullptr;
    std::shared_ptr<const ObservationBatch> batch;
    if (route && route->parsesObservationBatch && rawBody.size() <= ProtocolLimits::maxBodyBytes) {
        batch = ObservationBatch::parse(rawBody);
    }
    QJsonDocument document;
    if (!batch && !rawBody.isEmpty() && rawBody.size() <= ProtocolLimits::maxBodyBytes) {
        QJsonParseError parseError;
        document = QJsonDocument::fromJson(rawBody, &parseError);
        if (parseError.error != QJsonParseError::NoError) {
            document = QJsonDocument();
        }
    }
    // The log keeps what arrived and how it was answered, never a credential or a response body.
    const QString query = request.url().query(QUrl::FullyEncoded);
    exchange.logRecord = { { QStringLiteral("at"), WireFormat::timestamp(now) },
        { QStringLiteral("method"), QString::fromLatin1(method) }, { QStringLiteral("path"), path },
        { QStringLiteral("query"), query.isEmpty() ? QJsonValue() : QJsonValue(query) },
        { QStringLiteral("auth"), credentialName(exchange.call.kind) },
        { QStringLiteral("body"), loggedBody(route, rawBody, document, batch.get()) } };

    const Outcome outcome = process(request, method, rawBody, document, batch, exchange);
    if (outcome.parkMs >= 0) {
        park(std::move(exchange), std::move(responder), outcome.parkMs);
        return;
    }
    respond(responder, exchange, outcome);
    // Whatever this request changed (a Session created, a directive queued, a Runner revoked or
    // ready again) may be what a parked poll waits for.
    servicePolls();
}

QJsonValue DevPlaneServer::loggedBody(
    const Route *route, const QByteArray &rawBody, const QJsonDocument &document, const ObservationBatch *batch) const
{
    if (rawBody.isEmpty()) {
        return QJsonValue();
    }
    if (route && route->summarizesLoggedBody && rawBody.size() >= maxLoggedBatchBytes) {
        // A throughput run posts a gigabyte of batches: keep their size, not their content.
        if (batch) {
            return QStringLiteral("<%1 bytes, %2 events>").arg(rawBody.size()).arg(batch->eventCount());
        }
        if (document.isObject()) {
            return QStringLiteral("<%1 bytes, %2 events>")
                .arg(rawBody.size())
                .arg(document.object().value(QStringLiteral("events")).toArray().size());
        }
        return QStringLiteral("<%1 bytes>").arg(rawBody.size());
    }
    if (rawBody.size() > ProtocolLimits::maxBodyBytes) {
        return QStringLiteral("<%1 bytes>").arg(rawBody.size());
    }
    if (route && route->hidesMessages && document.isObject()) {
        // What a harness says to the platform's tools is its own: only how much of it came.
        QJsonObject body = document.object();
        const QJsonValue messages = body.value(QStringLiteral("messages"));
        body.insert(QStringLiteral("messages"),
            messages.isArray() ? QStringLiteral("<%1 messages>").arg(messages.toArray().size())
                               : QStringLiteral("<not an array>"));
        return body;
    }
    if (route && route->hidesMessages) {
        return QStringLiteral("<%1 bytes>").arg(rawBody.size());
    }
    if (batch) {
        // A small batch is logged in full, exactly as QJsonDocument reads it (it does: the
        // batch parsed), so the log does not depend on which parser took it.
        return QJsonDocument::fromJson(rawBody).object();
    }
    if (document.isObject()) {
        return document.object();
    }
    if (document.isArray()) {
        return document.array();
    }
    return QString::fromUtf8(rawBody);
}

DevPlaneServer::Outcome DevPlaneServer::toOutcome(const ApiReply &reply, const QString &requestId)
{
    Outcome outcome { reply.status(), reply.serialize(requestId), reply.errorCode(), reply.headers() };
    if (reply.isParked()) {
        outcome.parkMs = reply.waitMs();
    }
    return outcome;
}

void DevPlaneServer::remember(const Exchange &exchange, const Outcome &outcome)
{
    if (exchange.isWrite) {
        m_idempotency.store(exchange.scope, exchange.idempotencyKey, exchange.fingerprint,
            IdempotencyCache::Answer { outcome.status, outcome.body, outcome.errorCode, outcome.headers });
    }
}

void DevPlaneServer::respond(QHttpServerResponder &responder, const Exchange &exchange, const Outcome &outcome)
{
    const auto status = static_cast<QHttpServerResponse::StatusCode>(outcome.status);
    // 204 carries no body, so no Content-Type either.
    QHttpServerResponse response = outcome.status == 204 ? QHttpServerResponse(status)
        : outcome.contentType.isEmpty()
        ? QHttpServerResponse(QByteArrayLiteral("application/json"), outcome.body, status)
        : QHttpServerResponse(outcome.contentType, outcome.body, status);
    response.setHeader("Checkfu-Version", WireFormat::apiVersion);
    response.setHeader("Date", WireFormat::httpDate(QDateTime::currentDateTimeUtc()));
    for (const auto &[name, value] : outcome.headers) {
        response.setHeader(name, value);
    }
    response.write(std::move(responder));
    log(exchange, outcome.status, outcome.errorCode);
}

void DevPlaneServer::log(const Exchange &exchange, int status, const QString &code)
{
    QJsonObject record = exchange.logRecord;
    record.insert(QStringLiteral("status"), status);
    record.insert(QStringLiteral("code"), code.isEmpty() ? QJsonValue() : QJsonValue(code));
    m_log.append(record);
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
    const QByteArray &rawBody, const QJsonDocument &document, const std::shared_ptr<const ObservationBatch> &batch,
    Exchange &exchange)
{
    const auto answer = [&exchange](const ApiReply &reply) { return toOutcome(reply, exchange.requestId); };
    Call &call = exchange.call;
    const QString path = request.url().path();
    if (exchange.route < 0) {
        return answer(ApiReply::notFound(QStringLiteral("no route for %1 %2").arg(QString::fromLatin1(method), path)));
    }
    const Route &route = m_routes.at(exchange.route);

    // DNS rebinding: an admin call (the dashboard's, or any with the admin key) must name this
    // devplane on loopback, whatever page made it.
    if (route.auth == Auth::Admin || call.kind == Credential::Admin) {
        if (!LoopbackGuard::hostAllowed(request.value("Host"), m_port)) {
            return answer(ApiReply::error(403, QStringLiteral("forbidden_host"),
                QStringLiteral("admin calls must be sent to 127.0.0.1:%1 or localhost:%1").arg(m_port)));
        }
        if (!LoopbackGuard::originAllowed(request.value("Origin"), m_port)) {
            return answer(ApiReply::error(403, QStringLiteral("forbidden_origin"),
                QStringLiteral("admin calls are accepted from this devplane's own pages only")));
        }
    }

    if (route.versioned && request.value("Checkfu-Version") != WireFormat::apiVersion) {
        return answer(ApiReply::error(400, QStringLiteral("unsupported_version"),
            QStringLiteral("send Checkfu-Version: %1").arg(QLatin1String(WireFormat::apiVersion)),
            { { QStringLiteral("supported_versions"), QJsonArray { QLatin1String(WireFormat::apiVersion) } } }));
    }
    if (rawBody.size() > ProtocolLimits::maxBodyBytes) {
        return answer(ApiReply::error(
            413, QStringLiteral("body_too_large"), QStringLiteral("request bodies are limited to 8 MiB")));
    }
    if (const auto denied = authorize(route, call.kind, call.credential, call.now)) {
        return answer(*denied);
    }

    if (call.kind == Credential::Bootstrap || call.kind == Credential::Workload) {
        call.runnerId = m_state.runnerIdFor(call.credential);
        if (const auto retryAfter = m_rateLimiter.admit(call.runnerId, m_state.rateLimitFor(call.runnerId), call.now)) {
            ApiReply limited = ApiReply::error(429, QStringLiteral("rate_limited"),
                QStringLiteral("rate limit exceeded; retry in %1 s").arg(*retryAfter));
            limited.addHeader("Retry-After", QByteArray::number(*retryAfter));
            return answer(limited);
        }
    }

    exchange.fingerprint.method = method;
    exchange.fingerprint.path = path;
    const QJsonValue json = document.isObject() ? QJsonValue(document.object())
        : document.isArray()                    ? QJsonValue(document.array())
                                                : QJsonValue();
    if (batch) {
        exchange.fingerprint.bodyDigest = batch->digest();
    } else if (route.parsesObservationBatch && (json.isObject() || json.isArray())) {
        // A batch ObservationBatch declined still gets its kind of fingerprint (see README).
        exchange.fingerprint.bodyDigest = ObservationBatch::digestOf(json);
    } else {
        exchange.fingerprint.bodyDigest = IdempotencyCache::bodyDigest(rawBody, json);
    }

    exchange.isWrite = method == "POST" || method == "PUT" || method == "DELETE";
    if (exchange.isWrite) {
        exchange.idempotencyKey = QString::fromLatin1(request.value("Idempotency-Key"));
        if (!WireFormat::isCanonicalUuid(exchange.idempotencyKey)) {
            exchange.isWrite = false; // nothing to remember it under
            return answer(ApiReply::invalidField(
                QStringLiteral("Idempotency-Key"), QStringLiteral("header must be a lowercase 8-4-4-4-12 UUID")));
        }
        // Runner calls share the Runner's scope so a retry across a token rotation replays.
        exchange.scope = !call.runnerId.isEmpty() ? QStringLiteral("runner:") + call.runnerId
            : call.kind == Credential::Admin      ? QStringLiteral("admin")
                                                  : QStringLiteral("public");
        IdempotencyCache::Answer stored;
        switch (m_idempotency.find(exchange.scope, exchange.idempotencyKey, exchange.fingerprint, &stored)) {
        case IdempotencyCache::Lookup::Replay:
            exchange.isWrite = false; // already remembered
            return Outcome { stored.status, stored.body, stored.errorCode, stored.headers };
        case IdempotencyCache::Lookup::Conflict:
            exchange.isWrite = false; // the first answer stays
            return answer(ApiReply::error(409, QStringLiteral("idempotency_key_reused"),
                QStringLiteral("this Idempotency-Key came with a different request")));
        case IdempotencyCache::Lookup::Miss:
            break;
        }
    }

    Outcome outcome;
    if (!rawBody.isEmpty() && !batch && !document.isObject()) {
        outcome = answer(
            ApiReply::error(400, QStringLiteral("malformed_body"), QStringLiteral("the body must be a JSON object")));
    } else {
        call.body = batch ? batch->fields() : document.object();
        call.batch = batch;
        call.bodyBytes = rawBody.size();
        call.query = request.query();
        call.owner = call.query.queryItemValue(QStringLiteral("owner"), QUrl::FullyDecoded);
        call.idempotencyKey = exchange.idempotencyKey;
        if (route.poll != Poll::None) {
            call.pollOutstanding = hasLivePoll(call.runnerId, route.poll);
        }
        outcome = answer(route.handler(call));
        if (outcome.parkMs >= 0) {
            return outcome; // remembered once it is answered
        }
    }
    remember(exchange, outcome);
    return outcome;
}

void DevPlaneServer::park(Exchange &&exchange, QHttpServerResponder &&responder, int waitMs)
{
    auto poll = std::make_shared<ParkedPoll>();
    poll->id = ++m_nextPollId;
    poll->exchange = std::move(exchange);
    poll->responder = std::make_unique<QHttpServerResponder>(std::move(responder));
    poll->socket = poll->responder->socket();
    const quint64 id = poll->id;
    if (poll->socket) {
        poll->disconnectWatch
            = connect(poll->socket, &QAbstractSocket::disconnected, this, [this, id]() { dropPoll(id); });
    }
    poll->timer = new QTimer(this);
    poll->timer->setSingleShot(true);
    poll->timer->setTimerType(Qt::PreciseTimer); // a coarse timer may answer 5% before wait_seconds
    connect(poll->timer, &QTimer::timeout, this, [this, id]() { retryPoll(id, true); });
    poll->timer->start(waitMs);
    m_polls.append(poll);
}

std::shared_ptr<DevPlaneServer::ParkedPoll> DevPlaneServer::takePoll(quint64 id)
{
    for (qsizetype i = 0; i < m_polls.size(); ++i) {
        if (m_polls.at(i)->id == id) {
            std::shared_ptr<ParkedPoll> poll = m_polls.takeAt(i);
            disconnect(poll->disconnectWatch);
            poll->timer->stop();
            poll->timer->deleteLater();
            return poll;
        }
    }
    return nullptr;
}

void DevPlaneServer::dropPoll(quint64 id)
{
    if (const auto poll = takePoll(id)) {
        log(poll->exchange, clientClosedStatus, QStringLiteral("client_closed"));
    }
}

void DevPlaneServer::retryPoll(quint64 id, bool deadline)
{
    std::shared_ptr<ParkedPoll> poll;
    for (const auto &candidate : std::as_const(m_polls)) {
        if (candidate->id == id) {
            poll = candidate;
            break;
        }
    }
    if (!poll) {
        return;
    }
    // Checked right before anything is handed out: a Run given to a gone client would be lost
    // until its lease expired, and the Runner aborts its claim poll when it starts draining.
    if (!SocketProbe::isOpen(poll->socket)) {
        dropPoll(id);
        return;
    }
    Call call = poll->exchange.call;
    call.now = QDateTime::currentDateTimeUtc();
    call.deadlinePassed = deadline;
    call.pollOutstanding = false;
    ApiReply reply = m_routes.at(poll->exchange.route).handler(call);
    if (reply.isParked()) {
        if (!deadline) {
            return;
        }
        reply = ApiReply::error(500, QStringLiteral("internal_error"), QStringLiteral("a poll did not end"));
    }
    takePoll(id);
    const Outcome outcome = toOutcome(reply, poll->exchange.requestId);
    remember(poll->exchange, outcome);
    respond(*poll->responder, poll->exchange, outcome);
}

void DevPlaneServer::servicePolls()
{
    QList<quint64> ids;
    for (const auto &poll : std::as_const(m_polls)) {
        ids.append(poll->id);
    }
    for (const quint64 id : ids) {
        retryPoll(id, false);
    }
}

bool DevPlaneServer::hasLivePoll(const QString &runnerId, Poll kind)
{
    const QList<std::shared_ptr<ParkedPoll>> polls = m_polls;
    for (const auto &poll : polls) {
        if (poll->exchange.call.runnerId != runnerId || m_routes.at(poll->exchange.route).poll != kind) {
            continue;
        }
        if (SocketProbe::isOpen(poll->socket)) {
            return true;
        }
        dropPoll(poll->id);
    }
    return false;
}

} // namespace devplane
