#include <runnercore/work/ControlChannel.h>

#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/transport/ApiClient.h>

#include <QJsonArray>
#include <QUrlQuery>

namespace runnercore {

namespace {

const HeldLogger logger("runner");

} // namespace

std::optional<ControlAnswer> ControlAnswer::parse(const QJsonObject &body)
{
    const QJsonValue cursor = body.value(QLatin1String("cursor"));
    const QJsonValue directives = body.value(QLatin1String("directives"));
    if (!cursor.isString() || !directives.isArray())
        return std::nullopt;
    ControlAnswer answer;
    answer.cursor = cursor.toString();
    for (const QJsonValue &d : directives.toArray()) {
        const QJsonObject object = d.toObject();
        answer.directives.append({ object.value(QLatin1String("type")).toString(),
            object.value(QLatin1String("run_id")).toString(), object });
    }
    return answer;
}

ControlChannel::ControlChannel(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent)
    : QObject(parent), m_api(api), m_identity(identity), m_backoff(clock)
{
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &ControlChannel::poll);
}

void ControlChannel::start()
{
    if (m_running)
        return;
    m_running = true;
    poll();
}

void ControlChannel::stop()
{
    m_running = false;
    m_retryTimer.stop();
    if (m_call)
        m_call->abort();
}

void ControlChannel::poke()
{
    if (m_running && !m_call && !m_retryTimer.isActive())
        poll();
}

void ControlChannel::retryNow()
{
    if (!m_running || m_call || !m_retryTimer.isActive())
        return;
    if (m_backoff.retryNow(m_retryTimer))
        poll();
}

void ControlChannel::poll()
{
    if (!m_running || m_call || !m_identity.hasToken())
        return;
    QUrlQuery query;
    if (!m_cursor.isEmpty())
        query.addQueryItem(QStringLiteral("after"), m_cursor);
    query.addQueryItem(QStringLiteral("wait_seconds"), QString::number(m_waitSeconds));
    ApiRequest req;
    req.path = QStringLiteral("/v1/runner/control?") + query.toString(QUrl::FullyEncoded);
    const QString token = m_identity.token();
    const quint64 serial = m_identity.tokenSerial();
    req.credential = [token] { return token; };
    req.timeoutMs = (m_waitSeconds + 15) * 1000;
    m_call = m_api.send(std::move(req));
    connect(m_call, &ApiCall::finished, this, [this, serial](const ApiResponse &r) {
        m_call = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted || !m_running)
            return;
        if (r.ok()) {
            const std::optional<ControlAnswer> answer = ControlAnswer::parse(r.body);
            if (!answer) {
                const int delay = m_backoff.nextDelayMs();
                logger->warn("control answer lacks a string 'cursor' or an array 'directives'; "
                             "again in {} ms",
                    delay);
                m_retryTimer.start(delay);
                return;
            }
            m_backoff.reset();
            m_cursor = answer->cursor;
            for (const ControlAnswer::Directive &d : answer->directives)
                dispatch(d);
            poll();
            return;
        }
        if (r.error.httpStatus == 401) {
            m_identity.handleUnauthorized(r.error, serial);
            if (m_identity.hasNewerToken(serial))
                poll();
            return; // else poke() after the new token
        }
        if (r.error.is(400, ErrorCode::InvalidField) && m_waitSeconds > FallbackWaitSeconds) {
            logger->warn("the server refused a {} s control wait ({}); polling with {} s", m_waitSeconds,
                r.error.describe(), int(FallbackWaitSeconds));
            m_waitSeconds = FallbackWaitSeconds;
            poll();
            return;
        }
        const int delay = m_backoff.nextDelayMs(r.error.retryAfterMs);
        logger->warn("control poll failed: {}; again in {} ms", r.error.describe(), delay);
        m_backoff.arm(m_retryTimer, delay);
    });
}

void ControlChannel::dispatch(const ControlAnswer::Directive &d)
{
    const QString &type = d.type;
    const QString &runId = d.runId;
    if (type == QLatin1String("cancel") && !runId.isEmpty())
        emit cancelRun(runId);
    else if (type == QLatin1String("drain"))
        emit drain();
    else if (type == QLatin1String("resume"))
        emit resume();
    else if ((type == QLatin1String("prompt") || type == QLatin1String("close")
                 || type == QLatin1String("approval_decision") || type == QLatin1String("mcp"))
        && !runId.isEmpty())
        emit runDirective(runId, d.body);
    else
        logger->info("ignoring control directive of unknown type '{}'", type);
}

} // namespace runnercore
