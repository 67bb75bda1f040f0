#pragma once

#include <runnercore/transport/ApiError.h>
#include <runnercore/transport/Backoff.h>
#include <runnercore/transport/HttpOrigin.h>

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace runnercore {

class ApiClient;
class Clock;
class HttpConnectionPool;
class HttpExchange;

// Who drives a call, for the cap on connections to the endpoint (ApiClient::MaxConnections).
enum class ApiLane {
    Runner, // the Runner's own calls: identity, heartbeats, claims, control, observations, settlement
    Harness, // what a run's harness drives (its MCP relay): never the last ReservedConnections
};

struct ApiRequest
{
    QByteArray method = "GET";
    QString path; // "/v1/runner/identity", query included
    std::optional<QJsonObject> body;
    // Pre-serialized JSON body (hot paths such as observation batches); wins over body.
    std::optional<QByteArray> rawBody;
    // Asked at each attempt, so a retry after a token rotation carries the new token.
    std::function<QString()> credential;
    bool retry = false; // retry retryable failures with the §1 backoff
    int maxAttempts = 0; // with retry: 0 = until it succeeds or is aborted
    int timeoutMs = 30000; // inactivity: a long-poll's wait goes in here
    // The whole attempt, however slowly bytes keep coming; 0: timeoutMs plus
    // HttpExchange::TransferAllowanceMs (120 s).
    int deadlineMs = 0;
    QString idempotencyKey; // generated for POST/PUT/DELETE when empty
    ApiLane lane = ApiLane::Runner;
};

struct ApiResponse
{
    int status = 0;
    QJsonObject body; // empty for 204
    ApiError error;
    bool ok() const { return !error.isError(); }
};

// One logical call: its attempts, redirects and retries, all under one Idempotency-Key.
class ApiCall : public QObject
{
    Q_OBJECT
signals:
    // Exactly once. The call is deleted afterwards (by the client, at a later send() or with the
    // client): keep a QPointer, or drop the pointer in the handler.
    void finished(const ApiResponse &response);
    void attemptFailed(const ApiError &error, int nextDelayMs);

public:
    ApiCall(ApiClient &client, ApiRequest request);
    ~ApiCall() override;

    void start();
    void abort();
    // Waiting between attempts: try again now, from the first backoff step (after a wake or a
    // network change). A server's Retry-After still holds; an attempt in flight is left alone.
    void retryNow();
    QString idempotencyKey() const { return m_request.idempotencyKey; }

private:
    friend class ApiClient;
    // An attempt starts when the endpoint has a connection for it (the client queues it until then).
    void sendAttempt();
    void startAttempt();
    void releaseConnection();
    void onExchangeFinished();
    void finish(const ApiResponse &response);
    ApiResponse interpret(const HttpExchange &exchange);
    bool followRedirect(const HttpExchange &exchange);
    QUrl currentUrl() const;
    QTimer &retryTimer();

    ApiClient &m_client;
    ApiRequest m_request;
    QByteArray m_target; // the request target at the endpoint
    std::optional<QUrl> m_redirectedTo;
    QByteArray m_bodyBytes;
    Backoff m_backoff;
    std::unique_ptr<QTimer> m_retryTimer; // made at the first retry: most calls never wait
    QPointer<HttpExchange> m_exchange;
    // The last attempt's exchange, deleted with the call or when the next attempt ends: deleting
    // it through the event loop would cost a wake-up per request.
    std::unique_ptr<HttpExchange> m_spent;
    int m_attempts = 0;
    int m_redirects = 0;
    bool m_aborted = false;
    bool m_done = false;
    bool m_queued = false; // waiting in the client's queue for a connection
    bool m_holdsConnection = false; // an attempt in progress, counted against the cap
};

// HTTP client for the control plane (§1): required headers, idempotency keys, the error
// envelope, strict size limits, retries with backoff. Redirects are followed only within the
// endpoint's origin (scheme, host and port), so neither a credential nor a request body ever
// goes anywhere else. So every call goes to that one origin, and at most MaxConnections attempts
// are in progress at once (each on a connection of its own); later ones wait their turn.
class ApiClient : public QObject
{
    Q_OBJECT
signals:
    void clockSkewChanged(qint64 skewMs);

public:
    static constexpr qint64 MaxResponseBytes = 8 * 1024 * 1024;
    static constexpr int MaxRedirects = 5;
    static constexpr const char *ProtocolVersion = "2026-08-27";
    // Connections to the endpoint open at once. Without a cap every call in flight had its own, and
    // a harness flooding its MCP relay took every descriptor the Runner had (issue 35).
    static constexpr int MaxConnections = 16;
    // Kept from ApiLane::Harness calls, and a waiting call of the Runner's goes before any waiting
    // harness call: the two long-polls, a heartbeat and a run's observations still get through while
    // the plane holds relayed tool calls (up to 25 s each, §6.10).
    static constexpr int ReservedConnections = 4;

    ApiClient(const QUrl &endpoint, const Clock &clock, QObject *parent = nullptr);
    ~ApiClient() override;

    // The call starts at once; connect to finished() before returning to the event loop.
    ApiCall *send(ApiRequest request);
    void abortAll();
    QUrl endpoint() const { return m_endpoint; }
    // Attempts in progress (connections in use) and calls waiting for one.
    int connectionsInUse() const { return m_inUse; }
    int waitingCalls() const { return int(m_waiting[0].size() + m_waiting[1].size()); }
    // Server time minus local time, from the last Date header (0 when within the header's 1 s resolution).
    qint64 clockSkewMs() const { return m_skewMs; }
    bool hasServerDate() const { return m_hasServerDate; }
    // "Now" on the server's clock: expiry times the server gives are compared against this.
    QDateTime serverNow() const;
    // The server's time now at the earliest: what the last Date header proves (it is truncated to
    // the second and was stamped before the answer travelled), without serverNow()'s rounding of a
    // small skew to none. For deadlines the protocol says to act "at or after" on the server's clock.
    QDateTime serverNowAtTheEarliest() const;

private:
    friend class ApiCall;
    void noteServerDate(const QDateTime &serverDate);
    void retire(ApiCall *call); // finished and out of its handlers
    // A connection for the call's next attempt: true when it may start now, else it is queued and
    // started (ApiCall::startAttempt) when one is free.
    bool admit(ApiCall *call);
    void hold(ApiCall *call); // counted against the cap
    void release(ApiLane lane); // an attempt ended: its connection goes to the next call waiting
    void dequeue(ApiCall *call);
    bool fits(ApiLane lane) const;
    // The request target for a path at the endpoint ("/base/v1/runner/claims").
    QByteArray targetFor(const QString &path) const;

    QUrl m_endpoint;
    const Clock &m_clock;
    HttpConnectionPool *m_pool;
    // Worked out once: the parts of every request that never change.
    QString m_base; // the endpoint without a trailing slash
    HttpOrigin m_origin;
    QByteArray m_basePath; // percent-encoded
    bool m_plainBase = false; // no query or fragment: a plain path can simply follow m_basePath
    bool m_endpointAllowed = false;
    QByteArray m_fixedHeaders;
    QList<ApiCall *> m_retired;
    QList<ApiCall *> m_waiting[2]; // per ApiLane, first come first served
    int m_inUse = 0;
    int m_harnessInUse = 0;
    bool m_destroying = false;
    qint64 m_skewMs = 0;
    qint64 m_lowestSkewMs = 0; // the last Date header minus our clock when it arrived: a lower bound
    bool m_hasServerDate = false;
};

} // namespace runnercore
