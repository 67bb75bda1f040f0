#pragma once

#include "ApiReply.h"
#include "IdempotencyCache.h"
#include "RateLimiter.h"

#include <QDateTime>
#include <QHttpServer>
#include <QJsonObject>
#include <QObject>
#include <QRegularExpression>
#include <functional>

class DevPlaneState;
class RequestLog;

// The HTTP face of the devplane: routing, the §1 rules every request passes (version,
// credentials, Idempotency-Key, body limits), the error envelope and the request log. The
// protocol decisions themselves are DevPlaneState's.
//
// Every request enters through QHttpServer's missing-route handler, which hands over the
// QHttpServerResponder itself; that keeps one code path for the common rules and lets a later
// long-poll route keep the responder and answer after the call returns (works in Qt 6.4).
class DevPlaneServer : public QObject
{
    Q_OBJECT

public:
    DevPlaneServer(DevPlaneState &state, RequestLog &log, const QString &adminKey, QObject *parent = nullptr);

    // Binds 127.0.0.1 only; port 0 picks a free one.
    bool listen(quint16 port, QString *error);
    QString baseUrl() const;

private:
    enum class Auth { None, Admin, Bootstrap, Workload, AdminOrWorkload };
    enum class Credential { None, Admin, Bootstrap, Workload, Unknown };

    struct Call
    {
        QStringList captures;
        QJsonObject body;
        QString credential;
        Credential kind = Credential::None;
        QString owner; // ?owner= of presence lists
        QDateTime now;
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
    };

    struct Outcome
    {
        int status = 200;
        QByteArray body;
        QString errorCode;
        QList<QPair<QByteArray, QByteArray>> headers;
    };

    void addRoutes();
    void addRoute(const QByteArray &method, const QString &pattern, Auth auth, Handler handler);
    void handle(const QHttpServerRequest &request, QHttpServerResponder &&responder);
    Outcome process(const QHttpServerRequest &request, const QByteArray &method, Credential kind,
        const QString &credential, const QDateTime &now, const QString &requestId);
    std::optional<ApiReply> authorize(
        const Route &route, Credential kind, const QString &credential, const QDateTime &now);
    Credential classify(const QString &credential) const;
    static QString credentialName(Credential kind);
    static QByteArray methodName(const QHttpServerRequest &request);

    DevPlaneState &m_state;
    RequestLog &m_log;
    QString m_adminKey;
    QHttpServer m_server;
    quint16 m_port = 0;
    QList<Route> m_routes;
    IdempotencyCache m_idempotency;
    RateLimiter m_rateLimiter;
};
