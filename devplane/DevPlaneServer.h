#pragma once

#include "ApiReply.h"
#include "DashboardSite.h"
#include "IdempotencyCache.h"
#include "ObservationBatch.h"
#include "RateLimiter.h"
#include "SessionPresets.h"

#include <QDateTime>
#include <QHttpServer>
#include <QHttpServerResponder>
#include <QJsonDocument>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QUrlQuery>
#include <functional>
#include <memory>
#include <optional>

class QTimer;

namespace devplane {

class DemoRepositories;
class DevPlaneState;
class RequestLog;

// The HTTP face of the devplane: routing, the §1 rules every request passes (version,
// credentials, Idempotency-Key, body limits), the error envelope and the request log. The
// protocol decisions themselves are DevPlaneState's.
//
// Every request enters through QHttpServer's missing-route handler, which hands over the
// QHttpServerResponder itself; that keeps one code path for the common rules and lets the
// long-poll routes (claims, control) park the responder and answer after the call returns.
// A parked poll is asked again after every other request (anything may have made work for it)
// and once more at its deadline; one whose client went away is dropped, never answered.
class DevPlaneServer : public QObject
{
    Q_OBJECT

public:
    DevPlaneServer(DevPlaneState &state, RequestLog &log, const QString &adminKey, QObject *parent = nullptr);
    ~DevPlaneServer() override;

    // Binds 127.0.0.1 only; port 0 picks a free one.
    bool listen(quint16 port, QString *error);
    QString baseUrl() const;
    // The demo repositories served under /git/ and offered by the git-demo preset (optional:
    // none without git). Not owned; must outlive the server.
    void setDemoRepositories(DemoRepositories *repositories) { m_repositories = repositories; }
    // Shutdown: stops listening, answers every parked poll 503 shutting_down and closes every
    // connection. Idempotent; the destructor calls it too.
    void close();

private:
    enum class Auth { None, Admin, Bootstrap, Workload, AdminOrWorkload };
    enum class Credential { None, Admin, Bootstrap, Workload, Unknown };
    // Long-poll routes; a Runner has at most one of each kind outstanding.
    enum class Poll { None, Claim, Control };

    struct Call
    {
        QStringList captures;
        QJsonObject body;
        // Observation batches taken by the RapidJSON path; body then holds only the fields
        // the ledger checks (ObservationBatch::fields).
        std::shared_ptr<const ObservationBatch> batch;
        qint64 bodyBytes = 0;
        QString credential;
        Credential kind = Credential::None;
        QString runnerId; // bootstrap and workload calls
        QString idempotencyKey; // writes
        QUrlQuery query;
        QString owner; // ?owner= of presence lists
        QDateTime now;
        bool pollOutstanding = false; // this Runner has another live poll of the route's kind
        bool deadlinePassed = false; // a parked poll asked for its final answer
    };
    using Handler = std::function<ApiReply(const Call &)>;

    struct Route
    {
        QByteArray method;
        QRegularExpression pattern;
        Auth auth = Auth::None;
        Handler handler;
        bool versioned = true;
        bool acceptsSignedOff = false; // a retried sign-off still answers 200 {}
        Poll poll = Poll::None;
        bool summarizesLoggedBody = false; // observation batches: large bodies are logged as a size
        bool parsesObservationBatch = false; // parsed by ObservationBatch when it can, not QJsonDocument
        bool hidesMessages = false; // relayed MCP messages: the log keeps their count, never their content
    };

    struct Outcome
    {
        int status = 200;
        QByteArray body;
        QString errorCode;
        QList<QPair<QByteArray, QByteArray>> headers;
        int parkMs = -1; // >= 0: no answer yet, park the request
        QByteArray contentType {}; // empty: application/json (every answer but the dashboard's files)
    };

    // One request from arrival to answer: what the route sees, how its answer is remembered
    // for idempotency and what the request log records.
    struct Exchange
    {
        qsizetype route = -1;
        Call call;
        QString requestId;
        QJsonObject logRecord; // without status and code
        bool isWrite = false;
        QString scope;
        QString idempotencyKey;
        IdempotencyCache::Request fingerprint;
    };

    struct ParkedPoll
    {
        quint64 id = 0;
        Exchange exchange;
        std::unique_ptr<QHttpServerResponder> responder;
        QPointer<QTcpSocket> socket;
        QMetaObject::Connection disconnectWatch;
        QTimer *timer = nullptr;
    };

    void addRoutes();
    // The git-demo preset's source: the demo repository with a credential minted for one Session.
    std::optional<DemoSource> demoSource(bool mint);
    // GET /v1/sessions/{id}/events, with the dashboard's long-poll (wait_seconds, status).
    ApiReply sessionEvents(const Call &call);
    // The dashboard's page and assets (DashboardSite), behind the Host check.
    Outcome dashboardFile(const QHttpServerRequest &request, const DashboardSite::File &file) const;
    void addRoute(const QByteArray &method, const QString &pattern, Auth auth, Handler handler);
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    Outcome process(const QHttpServerRequest &request, const QByteArray &method, const QByteArray &rawBody,
        const QJsonDocument &document, const std::shared_ptr<const ObservationBatch> &batch, Exchange &exchange);
    static Outcome toOutcome(const ApiReply &reply, const QString &requestId);
    // Stores an answer under the exchange's Idempotency-Key (writes only).
    void remember(const Exchange &exchange, const Outcome &outcome);
    void respond(QHttpServerResponder &responder, const Exchange &exchange, const Outcome &outcome);
    void log(const Exchange &exchange, int status, const QString &code);
    QJsonValue loggedBody(const Route *route, const QByteArray &rawBody, const QJsonDocument &document,
        const ObservationBatch *batch) const;

    void park(Exchange &&exchange, QHttpServerResponder &&responder, int waitMs);
    // Asks every parked poll again, oldest first (FIFO hand-out of Runs).
    void servicePolls();
    // deadline: the wait is over, the poll gets its final answer now.
    void retryPoll(quint64 id, bool deadline);
    // The client went away: forget the poll without answering (logged as 499).
    void dropPoll(quint64 id);
    std::shared_ptr<ParkedPoll> takePoll(quint64 id);
    bool hasLivePoll(const QString &runnerId, Poll kind);
    std::optional<ApiReply> authorize(
        const Route &route, Credential kind, const QString &credential, const QDateTime &now);
    Credential classify(const QString &credential) const;
    static QString credentialName(Credential kind);
    static QByteArray methodName(const QHttpServerRequest &request);

    DevPlaneState &m_state;
    RequestLog &m_log;
    QString m_adminKey;
    QHttpServer m_server;
    QPointer<QTcpServer> m_tcpServer; // owned by m_server (bind() reparents it)
    quint16 m_port = 0;
    QList<Route> m_routes;
    DashboardSite m_site;
    IdempotencyCache m_idempotency;
    RateLimiter m_rateLimiter;
    QList<std::shared_ptr<ParkedPoll>> m_polls; // in arrival order
    DemoRepositories *m_repositories = nullptr;
    quint64 m_nextPollId = 0;
};

} // namespace devplane
