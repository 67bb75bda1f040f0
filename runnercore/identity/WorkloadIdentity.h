#pragma once

#include <runnercore/identity/IdentityGrant.h>
#include <runnercore/transport/ApiError.h>

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <vector>

namespace runnercore {

class ApiCall;
class ApiClient;
class Clock;

// The Runner's short-lived workload identity (§3): one exchange per start with an in-memory
// process nonce, rotation at refresh_after, re-exchange with the same nonce after expiry
// (a sleeping laptop), and the fatal answers (revocation, clone fencing) reported once.
class WorkloadIdentity : public QObject
{
    Q_OBJECT
signals:
    void acquired(const IdentityGrant &grant); // after every exchange or rotation
    void connectionTrouble(const ApiError &error, int retryInMs);
    void fatal(const ApiError &error, const QString &message);
    void signedOff();

public:
    // Rotation jitter: a small random delay after refresh_after so a fleet does not rotate in lockstep.
    static constexpr int MaxRotationJitterMs = 30000;
    // The rotation timer is armed for at most a day, however far away a grant's refresh_after is.
    static constexpr qint64 MaxRotationWaitMs = 24LL * 3600 * 1000;
    // §3: a rotated-out token stays valid for 60 s, never past its own expires_at.
    static constexpr qint64 RotationOverlapMs = 60000;
    // How long a replaced token stays in the masker: the overlap plus time for calls still in
    // flight and clock drift, never past its expiry (then no server accepts it). Keeps the
    // masker's set at the current token and the one before, however long the Runner runs.
    static constexpr qint64 RetiredTokenMaskMs = RotationOverlapMs + 30000;

    WorkloadIdentity(ApiClient &api, const Clock &clock, QObject *parent = nullptr);
    ~WorkloadIdentity() override;

    void setBootstrapCredential(const QString &credential);
    void setAdvertisementSource(std::function<QJsonObject()> source);

    void exchange();
    // For callers: the token for the next call, empty while none is valid.
    QString token() const;
    // Increases whenever the token changes, so a 401 for an old token is not mistaken for the current one.
    quint64 tokenSerial() const { return m_serial; }
    bool hasToken() const { return !m_grant.workloadToken.isEmpty(); }
    // A 401 answered a token that was replaced while the call was out: the caller's wait for
    // acquired() is over already, so it must try again now with the current token.
    bool hasNewerToken(quint64 serialUsed) const { return hasToken() && serialUsed != m_serial; }
    const IdentityGrant &grant() const { return m_grant; }
    QString processNonce() const { return m_nonce; }
    // Milliseconds until the rotation is due, on the server's clock.
    qint64 rotationDelayMs() const;

    // A workload call answered 401: re-exchange (same nonce) or report the fatal case.
    void handleUnauthorized(const ApiError &error, quint64 serialUsed);
    // Sign-off (DELETE /v1/runner/identity): ends presence and kills the token.
    void signOff();
    void abort();
    // After a wake or a network change: retry a waiting exchange or rotation now, and renew a
    // token whose rotation came due (or that expired) while the machine slept.
    void checkNow();

    static bool isFatalCode(const QString &code);
    static QString messageFor(const ApiError &error);

private:
    void rotate();
    void scheduleRotation();
    void adopt(const QJsonObject &body, const char *what);
    void clearToken();
    void retire(const QString &token, const QDateTime &expiresAt);
    void forgetRetired();

    ApiClient &m_api;
    const Clock &m_clock;
    QString m_bootstrapCredential;
    QString m_nonce;
    std::function<QJsonObject()> m_advertisement;
    IdentityGrant m_grant;
    quint64 m_serial = 0;
    QTimer m_rotationTimer;
    struct RetiredToken
    {
        QString token;
        QDateTime forgetAt; // on m_clock
    };
    std::vector<RetiredToken> m_retired; // still masked
    QTimer m_retireTimer;
    QPointer<ApiCall> m_exchangeCall;
    QPointer<ApiCall> m_rotateCall;
    bool m_fatal = false;
};

} // namespace runnercore
