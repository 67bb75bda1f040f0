#include <runnercore/work/ClaimLoop.h>

#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/transport/ApiClient.h>

namespace runnercore {

namespace {

const HeldLogger logger("claims");

} // namespace

ClaimLoop::ClaimLoop(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent)
    : QObject(parent), m_api(api), m_identity(identity), m_backoff(clock)
{
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &ClaimLoop::claim);
}

void ClaimLoop::setEnabled(bool enabled)
{
    if (m_enabled == enabled)
        return;
    m_enabled = enabled;
    if (!enabled) {
        m_retryTimer.stop();
        if (m_call)
            m_call->abort(); // §6.1: a draining Runner has no claim outstanding
        return;
    }
    m_backoff.reset();
    logger->debug("claiming enabled");
    claim();
}

void ClaimLoop::poke()
{
    if (m_enabled && !m_call && !m_retryTimer.isActive())
        claim();
}

void ClaimLoop::retryNow()
{
    if (!m_enabled || m_call || !m_retryTimer.isActive())
        return;
    if (m_backoff.retryNow(m_retryTimer))
        claim();
}

void ClaimLoop::claim()
{
    if (!m_enabled || m_call || !m_identity.hasToken())
        return;
    const int free = m_freeSlots ? m_freeSlots() : 0;
    if (free < 1) {
        logger->debug("no free slot ({}): not claiming", free);
        return;
    }
    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner/claims");
    req.body = QJsonObject { { QStringLiteral("wait_seconds"), WaitSeconds }, { QStringLiteral("free_slots"), free } };
    const QString token = m_identity.token();
    const quint64 serial = m_identity.tokenSerial();
    req.credential = [token] { return token; };
    req.timeoutMs = (WaitSeconds + 15) * 1000;
    m_call = m_api.send(std::move(req));
    connect(m_call, &ApiCall::finished, this, [this, serial](const ApiResponse &r) {
        m_call = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted)
            return;
        if (r.ok()) {
            m_backoff.reset();
            if (r.status == 204) {
                claim();
                return;
            }
            auto parsed = RunClaim::parse(r.body);
            if (auto *error = std::get_if<QString>(&parsed)) {
                // Not even refusable (no usable ids): the server's lease will resolve it.
                logger->error("unusable claim answer: {}", *error);
                m_retryTimer.start(m_backoff.nextDelayMs());
                return;
            }
            const RunClaim claim = std::get<RunClaim>(std::move(parsed));
            logger->info("claimed run {} (session {})", claim.runId, claim.sessionId);
            emit claimed(claim);
            QTimer::singleShot(0, this, &ClaimLoop::claim);
            return;
        }
        if (r.error.httpStatus == 401) {
            m_identity.handleUnauthorized(r.error, serial);
            if (m_identity.hasNewerToken(serial))
                claim();
            return; // else poke() after the new token
        }
        const int delay = m_backoff.nextDelayMs(r.error.retryAfterMs);
        logger->warn("claim failed: {}; again in {} ms", r.error.describe(), delay);
        m_backoff.arm(m_retryTimer, delay);
    });
}

} // namespace runnercore
