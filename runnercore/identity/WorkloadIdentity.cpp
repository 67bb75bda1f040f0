#include <runnercore/identity/WorkloadIdentity.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/Platform.h>
#include <runnercore/base/SafeTime.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>

#include <QCoreApplication>
#include <QRandomGenerator>

namespace runnercore {

namespace {

const HeldLogger logger("identity");

} // namespace

namespace {
QString randomNonce()
{
    // 32 random bytes as 64 lowercase hex, generated per process and never stored.
    QByteArray bytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(bytes.begin(), bytes.end());
    return QString::fromLatin1(bytes.toHex());
}
} // namespace

WorkloadIdentity::WorkloadIdentity(ApiClient &api, const Clock &clock, QObject *parent)
    : QObject(parent), m_api(api), m_clock(clock), m_nonce(randomNonce())
{
    m_rotationTimer.setSingleShot(true);
    // Never early (a coarse timer may fire 5 % before its time): §3 rotates at or after refresh_after.
    m_rotationTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_rotationTimer, &QTimer::timeout, this, &WorkloadIdentity::rotate);
    m_retireTimer.setSingleShot(true);
    m_retireTimer.setTimerType(Qt::CoarseTimer);
    connect(&m_retireTimer, &QTimer::timeout, this, &WorkloadIdentity::forgetRetired);
}

WorkloadIdentity::~WorkloadIdentity()
{
    Logging::masker().removeSecret(m_grant.workloadToken);
    for (const RetiredToken &r : m_retired)
        Logging::masker().removeSecret(r.token);
}

void WorkloadIdentity::setBootstrapCredential(const QString &credential)
{
    m_bootstrapCredential = credential;
    Logging::masker().addSecret(credential);
}

void WorkloadIdentity::setAdvertisementSource(std::function<QJsonObject()> source)
{
    m_advertisement = std::move(source);
}

QString WorkloadIdentity::token() const
{
    return m_grant.workloadToken;
}

bool WorkloadIdentity::isFatalCode(const QString &code)
{
    return code == wireName(ErrorCode::CredentialRevoked) || code == wireName(ErrorCode::GenerationRevoked);
}

QString WorkloadIdentity::messageFor(const ApiError &error)
{
    if (error.is(ErrorCode::CredentialRevoked))
        return QCoreApplication::translate("WorkloadIdentity",
            "This machine was disconnected from Checkfu by an administrator. "
            "Its credential has been forgotten; pair it again with a new code to reconnect.");
    if (error.is(ErrorCode::GenerationRevoked))
        return QCoreApplication::translate("WorkloadIdentity",
            "Two Runner processes used this machine's credential at once (a copied or cloned setup), so Checkfu "
            "revoked it. The credential has been forgotten; pair this machine again with a new code.");
    if (error.is(ErrorCode::InvalidCredential))
        return QCoreApplication::translate("WorkloadIdentity",
            "The control plane does not recognise this machine's credential. "
            "Pair the machine again (checkfu-runner unpair, then start --code).");
    return QCoreApplication::translate("WorkloadIdentity", "The control plane refused the Runner's identity: %1")
        .arg(error.describe());
}

void WorkloadIdentity::exchange()
{
    if (m_exchangeCall || m_fatal)
        return;
    m_rotationTimer.stop();
    if (m_rotateCall)
        m_rotateCall->abort();
    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner/identity");
    req.body = QJsonObject { { QStringLiteral("process_nonce"), m_nonce },
        { QStringLiteral("advertisement"), m_advertisement ? m_advertisement() : QJsonObject() },
        { QStringLiteral("runner_version"), Platform::runnerVersion() } };
    req.credential = [this] { return m_bootstrapCredential; };
    req.retry = true;
    logger->info("exchanging the bootstrap credential for a workload identity");
    m_exchangeCall = m_api.send(std::move(req));
    connect(m_exchangeCall, &ApiCall::attemptFailed, this, &WorkloadIdentity::connectionTrouble);
    connect(m_exchangeCall, &ApiCall::finished, this, [this](const ApiResponse &r) {
        m_exchangeCall = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted)
            return;
        if (!r.ok()) {
            m_fatal = true;
            logger->error("identity exchange failed: {}", r.error.describe());
            emit fatal(r.error, messageFor(r.error));
            return;
        }
        adopt(r.body, "exchange");
    });
}

void WorkloadIdentity::adopt(const QJsonObject &body, const char *what)
{
    auto parsed = IdentityGrant::parse(body);
    if (auto *error = std::get_if<QString>(&parsed)) {
        // A malformed grant is the server's fault; treat it as a transient failure and try again.
        const ApiError e = ApiError::protocol(*error);
        logger->warn("{} answer rejected: {}", what, e.describe());
        clearToken();
        emit connectionTrouble(e, 1000);
        QTimer::singleShot(1000, this, &WorkloadIdentity::exchange);
        return;
    }
    IdentityGrant grant = std::get<IdentityGrant>(std::move(parsed));
    Logging::masker().addSecret(grant.workloadToken);
    // The old token stays masked while it may still be used (the overlap), then leaves the set.
    if (!m_grant.workloadToken.isEmpty())
        retire(m_grant.workloadToken, m_grant.expiresAt);
    m_grant = std::move(grant);
    ++m_serial;
    logger->info("{} ok: runner {} generation {}, token expires {}, rotation in {} s", what, m_grant.runnerId,
        m_grant.runnerGeneration, m_grant.expiresAt.toString(Qt::ISODate), rotationDelayMs() / 1000);
    scheduleRotation();
    emit acquired(m_grant);
}

qint64 WorkloadIdentity::rotationDelayMs() const
{
    // §3: "at or after refresh_after" on the server's clock, which may be behind ours by less than
    // serverNow() notices; + 1 ms for the sub-millisecond part of refresh_after that QDateTime drops.
    return std::max<qint64>(0, m_api.serverNowAtTheEarliest().msecsTo(m_grant.refreshAfter) + 1);
}

void WorkloadIdentity::scheduleRotation()
{
    const qint64 window = m_grant.refreshAfter.msecsTo(m_grant.expiresAt);
    const qint64 jitterCap = std::min<qint64>(MaxRotationJitterMs, std::max<qint64>(0, window / 4));
    const qint64 jitter = static_cast<qint64>(m_clock.random() * static_cast<double>(jitterCap));
    m_rotationTimer.start(
        SafeTime::timerMs(std::min<qint64>(SafeTime::add(rotationDelayMs(), jitter), MaxRotationWaitMs)));
}

void WorkloadIdentity::rotate()
{
    if (m_rotateCall || m_exchangeCall || m_fatal || !hasToken())
        return;
    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner/identity/rotate");
    req.body = QJsonObject { { QStringLiteral("process_nonce"), m_nonce } };
    const QString current = m_grant.workloadToken;
    const quint64 serial = m_serial;
    req.credential = [current] { return current; };
    req.retry = true;
    m_rotateCall = m_api.send(std::move(req));
    connect(m_rotateCall, &ApiCall::attemptFailed, this, [this](const ApiError &error, int delay) {
        // Past expiry the token is gone: stop rotating and exchange again with the same nonce.
        if (m_api.serverNow().addMSecs(delay) >= m_grant.expiresAt) {
            if (m_rotateCall)
                m_rotateCall->abort();
            clearToken();
            exchange();
            return;
        }
        emit connectionTrouble(error, delay);
    });
    connect(m_rotateCall, &ApiCall::finished, this, [this, serial](const ApiResponse &r) {
        m_rotateCall = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted)
            return;
        if (!r.ok()) {
            if (r.error.httpStatus == 401) {
                handleUnauthorized(r.error, serial);
                return;
            }
            logger->warn("rotation failed: {}; exchanging again", r.error.describe());
            clearToken();
            exchange();
            return;
        }
        adopt(r.body, "rotation");
    });
}

void WorkloadIdentity::handleUnauthorized(const ApiError &error, quint64 serialUsed)
{
    if (m_fatal)
        return;
    if (isFatalCode(error.code)) {
        m_fatal = true;
        m_rotationTimer.stop();
        clearToken();
        logger->error("workload identity ended by the server: {}", error.describe());
        emit fatal(error, messageFor(error));
        return;
    }
    if (serialUsed != m_serial)
        return; // an answer for a token we already replaced
    if (error.is(ErrorCode::TokenExpired) || error.is(ErrorCode::InvalidCredential)
        || error.is(ErrorCode::TokenSuperseded)) {
        logger->info("workload token no longer valid ({}); exchanging again with the same nonce", error.code);
        clearToken();
        exchange();
        return;
    }
    // missing_credential / invalid_credential_use: a bug on one side; nothing a retry fixes.
    m_fatal = true;
    clearToken();
    emit fatal(error, messageFor(error));
}

void WorkloadIdentity::clearToken()
{
    if (!m_grant.workloadToken.isEmpty()) {
        retire(m_grant.workloadToken, m_grant.expiresAt);
        m_grant.workloadToken.clear();
        ++m_serial;
    }
}

void WorkloadIdentity::retire(const QString &token, const QDateTime &expiresAt)
{
    // Until expiry on the server's clock, at most RetiredTokenMaskMs from now on ours.
    const qint64 untilExpiry = std::max<qint64>(0, m_api.serverNow().msecsTo(expiresAt));
    m_retired.push_back({ token, m_clock.now().addMSecs(std::min(RetiredTokenMaskMs, untilExpiry)) });
    forgetRetired();
}

void WorkloadIdentity::forgetRetired()
{
    const QDateTime now = m_clock.now();
    qint64 nextMs = -1;
    for (auto it = m_retired.begin(); it != m_retired.end();) {
        if (it->forgetAt <= now) {
            Logging::masker().removeSecret(it->token);
            it = m_retired.erase(it);
            continue;
        }
        const qint64 ms = now.msecsTo(it->forgetAt);
        nextMs = nextMs < 0 ? ms : std::min(nextMs, ms);
        ++it;
    }
    if (nextMs >= 0)
        m_retireTimer.start(int(std::min<qint64>(nextMs + 1, RetiredTokenMaskMs)));
    else
        m_retireTimer.stop();
}

void WorkloadIdentity::abort()
{
    m_rotationTimer.stop();
    if (m_exchangeCall)
        m_exchangeCall->abort();
    if (m_rotateCall)
        m_rotateCall->abort();
}

void WorkloadIdentity::checkNow()
{
    if (m_fatal)
        return;
    forgetRetired(); // its timer, like the rotation's, is late after a sleep
    if (m_exchangeCall) {
        m_exchangeCall->retryNow();
        return;
    }
    if (m_rotateCall) {
        m_rotateCall->retryNow();
        return;
    }
    if (!hasToken())
        return;
    // QTimer runs on the monotonic clock, which stops during suspend: the rotation timer is
    // late by as long as the machine slept, while the token's times are wall-clock times.
    const QDateTime now = m_api.serverNow();
    if (now >= m_grant.expiresAt) {
        logger->info("workload token expired while asleep; exchanging again with the same nonce");
        clearToken();
        exchange();
    } else if (now >= m_grant.refreshAfter) {
        m_rotationTimer.stop();
        rotate();
    }
}

void WorkloadIdentity::signOff()
{
    abort();
    if (!hasToken()) {
        QTimer::singleShot(0, this, &WorkloadIdentity::signedOff);
        return;
    }
    ApiRequest req;
    req.method = "DELETE";
    req.path = QStringLiteral("/v1/runner/identity");
    const QString current = m_grant.workloadToken;
    req.credential = [current] { return current; };
    req.retry = true;
    req.maxAttempts = 3;
    req.timeoutMs = 5000;
    ApiCall *call = m_api.send(std::move(req));
    connect(call, &ApiCall::finished, this, [this](const ApiResponse &r) {
        if (r.ok())
            logger->info("signed off");
        else
            logger->warn("sign-off failed: {}", r.error.describe());
        clearToken();
        emit signedOff();
    });
}

} // namespace runnercore
