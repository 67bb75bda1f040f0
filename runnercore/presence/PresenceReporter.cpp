#include <runnercore/presence/PresenceReporter.h>

#include <runnercore/base/SafeTime.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/transport/ApiClient.h>

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace runnercore {

namespace {

const HeldLogger logger("presence");

} // namespace

PresenceAnswer PresenceAnswer::parse(const QJsonObject &body)
{
    PresenceAnswer answer;
    const QJsonValue directives = body.value(QLatin1String("directives"));
    answer.directivesMalformed = !directives.isUndefined() && !directives.isArray();
    for (const QJsonValue &d : directives.toArray())
        answer.directives.append(d.toObject().value(QLatin1String("type")).toString());
    return answer;
}

PresenceReporter::PresenceReporter(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent)
    : QObject(parent), m_api(api), m_identity(identity), m_backoff(clock)
{
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::CoarseTimer);
    connect(&m_timer, &QTimer::timeout, this, &PresenceReporter::send);
}

QString PresenceReporter::statusName(Status status)
{
    switch (status) {
    case Status::Ready:
        return QStringLiteral("ready");
    case Status::Draining:
        return QStringLiteral("draining");
    case Status::Stopping:
        return QStringLiteral("stopping");
    }
    return QStringLiteral("ready");
}

void PresenceReporter::setAdvertisementSource(std::function<QJsonObject()> source)
{
    m_advertisement = std::move(source);
}

void PresenceReporter::setSlots(int total, int busy, const QStringList &activeRuns)
{
    const bool changed = total != m_total || busy != m_busy || activeRuns != m_activeRuns;
    m_total = total;
    m_busy = busy;
    m_activeRuns = activeRuns;
    if (changed && m_running)
        beatNow();
}

void PresenceReporter::setInterval(int seconds)
{
    m_intervalMs = SafeTime::timerMsFromSeconds(std::clamp(seconds, 1, MaxIntervalSeconds));
}

void PresenceReporter::setStatus(Status status)
{
    if (status == m_status)
        return;
    m_status = status;
    if (m_running)
        beatNow();
}

void PresenceReporter::start()
{
    m_running = true;
    m_backoff.reset();
    beatNow();
}

void PresenceReporter::stop()
{
    m_running = false;
    m_pending = false;
    m_timer.stop();
    if (m_inFlight)
        m_inFlight->abort();
}

void PresenceReporter::beatNow()
{
    if (!m_running)
        return;
    if (m_inFlight) {
        m_pending = true; // send the newer state as soon as this answer is in
        return;
    }
    m_timer.stop();
    send();
}

void PresenceReporter::retryNow()
{
    if (!m_running || m_inFlight)
        return;
    if (const int serverWaitMs = m_backoff.retryAfterRemainingMs(); serverWaitMs > 0) {
        scheduleNext(serverWaitMs); // the timer may have slept with the machine
        return;
    }
    beatNow();
}

void PresenceReporter::scheduleNext(int ms)
{
    if (m_running) {
        m_timer.setTimerType(Qt::CoarseTimer); // the regular beat; Backoff::arm makes a server's wait precise
        m_timer.start(ms);
    }
}

void PresenceReporter::send()
{
    if (!m_running || m_inFlight)
        return;
    if (!m_identity.hasToken())
        return; // the identity's acquired() brings us back
    ApiRequest req;
    req.method = "PUT";
    req.path = QStringLiteral("/v1/runner/presence");
    const QJsonObject advertisement = m_advertisement ? m_advertisement() : QJsonObject();
    if (m_last.bytes.isEmpty() || m_last.status != m_status || m_last.total != m_total || m_last.busy != m_busy
        || m_last.activeRuns != m_activeRuns || m_last.advertisement != advertisement) {
        const QJsonObject body {
            { QStringLiteral("status"), statusName(m_status) },
            { QStringLiteral("slots"),
                QJsonObject { { QStringLiteral("total"), m_total }, { QStringLiteral("busy"), m_busy } } },
            { QStringLiteral("active_runs"), QJsonArray::fromStringList(m_activeRuns) },
            { QStringLiteral("advertisement"), advertisement },
        };
        m_last = { m_status, m_total, m_busy, m_activeRuns, advertisement,
            QJsonDocument(body).toJson(QJsonDocument::Compact) };
    }
    req.rawBody = m_last.bytes;
    const QString token = m_identity.token();
    const quint64 serial = m_identity.tokenSerial();
    req.credential = [token] { return token; };
    req.timeoutMs = std::max(5000, m_intervalMs);
    m_inFlight = m_api.send(std::move(req));
    const Status sent = m_status;
    connect(m_inFlight, &ApiCall::finished, this, [this, serial, sent](const ApiResponse &r) {
        m_inFlight = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted)
            return;
        if (r.ok()) {
            m_backoff.reset();
            const PresenceAnswer answer = PresenceAnswer::parse(r.body);
            if (answer.directivesMalformed)
                logger->warn("heartbeat answer: field 'directives' is not an array; ignored");
            scheduleNext(m_intervalMs);
            m_acceptedStatus = sent;
            emit heartbeatAccepted();
            for (const QString &type : answer.directives) {
                if (type == QLatin1String("drain") || type == QLatin1String("resume"))
                    emit directive(type);
                else
                    logger->info("ignoring unknown presence directive '{}'", type);
            }
        } else if (r.error.httpStatus == 401) {
            m_identity.handleUnauthorized(r.error, serial);
            // The next beat follows the new token (acquired), or never if this was fatal; a token
            // renewed while this beat was out has had its acquired() already.
            if (m_identity.hasNewerToken(serial))
                send();
        } else {
            // Backed off per §1, but never later than the next regular beat would be (§4).
            // A server's Retry-After still wins.
            const int backoff = m_backoff.nextDelayMs(r.error.retryAfterMs);
            const int delay = r.error.retryAfterMs >= 0 ? backoff : std::min(backoff, m_intervalMs);
            logger->warn("heartbeat failed: {}; next in {} ms", r.error.describe(), delay);
            if (m_running)
                m_backoff.arm(m_timer, delay);
            emit heartbeatFailed(r.error, delay);
        }
        if (m_pending && m_running) {
            m_pending = false;
            beatNow();
        }
    });
}

} // namespace runnercore
