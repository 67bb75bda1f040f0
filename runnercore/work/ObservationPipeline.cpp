#include <runnercore/work/ObservationPipeline.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/SafeTime.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/model/SettleReason.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/JsonReader.h>
#include <runnercore/transport/WireTime.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QUuid>

#include <algorithm>

namespace runnercore {

namespace {

const HeldLogger logger("observations");

} // namespace

namespace {
constexpr qint64 AckSaveIntervalMs = 1000;

// JSON string escaping of UTF-8 bytes: quotes, backslashes and control characters.
void appendJsonString(QByteArray &out, const QByteArray &utf8)
{
    static const char hex[] = "0123456789abcdef";
    out += '"';
    const char *p = utf8.constData();
    const char *end = p + utf8.size();
    const char *run = p;
    for (; p < end; ++p) {
        const unsigned char c = static_cast<unsigned char>(*p);
        if (c >= 0x20 && c != '"' && c != '\\')
            continue;
        out.append(run, p - run);
        run = p + 1;
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        }
    }
    out.append(run, end - run);
    out += '"';
}

QByteArray serialize(qint64 seq, const QString &at, const QString &kind, const QJsonObject &data)
{
    // Output events are nearly all of the traffic: serialise {"text": …} by hand, since
    // QJsonDocument is the slowest step of the relay for 64 KiB strings.
    if (data.size() == 1 && data.begin().key() == QLatin1String("text") && data.begin().value().isString()) {
        const QByteArray text = data.begin().value().toString().toUtf8();
        QByteArray out;
        out.reserve(text.size() + 128);
        out += "{\"seq\":" + QByteArray::number(seq) + ",\"at\":\"" + at.toLatin1() + "\",\"kind\":";
        appendJsonString(out, kind.toUtf8());
        out += ",\"data\":{\"text\":";
        appendJsonString(out, text);
        out += "}}";
        return out;
    }
    return QJsonDocument(QJsonObject { { QStringLiteral("seq"), seq }, { QStringLiteral("at"), at },
                             { QStringLiteral("kind"), kind }, { QStringLiteral("data"), data } })
        .toJson(QJsonDocument::Compact);
}

QJsonValue nullable(const std::optional<qint64> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}
} // namespace

std::variant<ObservationPipeline::BatchAnswer, QString> ObservationPipeline::BatchAnswer::parse(const QJsonObject &body)
{
    // A whole number a double holds exactly: 2.5 acknowledges no seq, and converting 1e300 to an
    // integer is undefined behaviour.
    JsonReader reader(body);
    const qint64 acked = reader.integer("acked_through", 0, (qint64(1) << 53) - 1);
    if (!reader.ok())
        return reader.error();
    return BatchAnswer { acked, body.value(QLatin1String("cancel_requested")).toBool() };
}

ObservationPipeline::ObservationPipeline(ApiClient &api, WorkloadIdentity &identity, const Clock &clock,
    SecretMasker &masker, std::unique_ptr<ObservationSpool> spool, QObject *parent)
    : QObject(parent)
    , m_api(api)
    , m_identity(identity)
    , m_clock(clock)
    , m_masker(masker)
    , m_spool(std::move(spool))
    , m_backoff(clock)
{
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_flushTimer, &QTimer::timeout, this, &ObservationPipeline::flush);
    m_retryTimer.setSingleShot(true);
    connect(&m_retryTimer, &QTimer::timeout, this, &ObservationPipeline::flush);
    m_leaseTimer.setTimerType(Qt::CoarseTimer);
    connect(&m_leaseTimer, &QTimer::timeout, this, &ObservationPipeline::keepLease);
}

ObservationPipeline::~ObservationPipeline()
{
    if (m_inFlight)
        m_inFlight->abort();
    if (m_settleCall)
        m_settleCall->abort();
}

int ObservationPipeline::leaseRenewalIntervalMs(qint64 leaseTtlSeconds)
{
    // Renewing more often than a third of the TTL is always safe: a server's huge TTL costs an
    // empty batch an hour, and a tiny one no more than one a second.
    return SafeTime::timerMs(
        std::clamp<qint64>(SafeTime::secondsToMs(leaseTtlSeconds) / 3, MinLeaseRenewalMs, MaxLeaseRenewalMs));
}

void ObservationPipeline::start()
{
    // §6.3: an empty batch at least every lease_ttl / 3 while nothing else is sent.
    m_leaseTimer.start(leaseRenewalIntervalMs(m_spool->meta().leaseTtlSeconds));
    m_lastSentAt = m_clock.now();
    for (const QByteArray &json : m_spool->unacknowledged()) {
        const qint64 seq = QJsonDocument::fromJson(json).object().value(QLatin1String("seq")).toInteger();
        m_pending.push_back({ seq, json });
        m_pendingBytes += json.size();
    }
    m_spool->clearRecovered();
    if (!m_pending.empty())
        scheduleFlush();
}

void ObservationPipeline::append(const QString &kind, const QJsonObject &data)
{
    if (m_abandoned || m_done || m_settleRequested)
        return;
    auto &meta = m_spool->meta();
    const qint64 seq = meta.lastSeq + 1;
    const QString at = WireTime::format(m_clock.now());
    QByteArray json = serialize(seq, at, kind, data);
    // Every secret the Runner holds is masked, even when a harness prints it (§6.3).
    // Output streams were masked as streams already (StreamMasker); this catches everything else.
    json = m_masker.mask(json);
    if (json.size() > MaxEventBytes) {
        const QJsonObject warning { { QStringLiteral("message"),
                                        QStringLiteral("an event of kind %1 (%2 bytes) exceeded 1 MiB and was dropped")
                                            .arg(kind)
                                            .arg(json.size()) },
            { QStringLiteral("kind"), kind }, { QStringLiteral("size"), json.size() } };
        json = serialize(seq, at, QStringLiteral("run.warning"), warning);
    }
    if (!meta.durable && m_pendingBytes + json.size() > m_zdrLimit) {
        // Memory only, never spilled to disk: the run fails instead (§6.3).
        logger->error("run {}: ZDR buffer of {} bytes exhausted; failing the run", meta.runId, m_zdrLimit);
        emit bufferExhausted();
        return;
    }
    if (!m_spool->append(json, seq))
        logger->error("run {}: cannot write the spool", meta.runId);
    meta.lastSeq = seq;
    m_pending.push_back({ seq, std::move(json) });
    m_pendingBytes += m_pending.back().json.size();
    if (int(m_pending.size()) >= m_batchLimitEvents || m_pendingBytes >= MaxBatchBytes)
        flush();
    else
        scheduleFlush();
}

void ObservationPipeline::scheduleFlush()
{
    // Send as soon as the event loop is free when nothing is in flight (low claim-to-start latency);
    // while a batch is in flight, its answer sends whatever piled up. Either way well within 200 ms.
    if (!m_flushTimer.isActive() && !m_retryTimer.isActive())
        m_flushTimer.start(m_inFlight ? FlushIntervalMs : 0);
}

void ObservationPipeline::resume()
{
    if (!m_retryTimer.isActive())
        flush();
}

void ObservationPipeline::flushNow()
{
    if (m_pending.empty())
        return;
    m_retryTimer.stop();
    flush();
}

void ObservationPipeline::keepLease()
{
    if (m_abandoned || m_done || m_inFlight)
        return;
    if (m_lastSentAt.msecsTo(m_clock.now()) >= m_leaseTimer.interval() - 100)
        flush();
}

void ObservationPipeline::flush()
{
    m_flushTimer.stop();
    if (m_abandoned || m_done || m_inFlight || m_settleCall)
        return;
    if (!m_identity.hasToken())
        return; // resume() follows the next token
    if (m_pending.empty() && m_settleRequested && !m_recovering && !m_probeAcks) {
        maybeSettle();
        return;
    }
    QByteArray body = "{\"claim_id\":"
        + QJsonDocument(QJsonArray { m_spool->meta().claimId }).toJson(QJsonDocument::Compact).mid(1).chopped(1)
        + ",\"events\":[";
    qint64 lastSent = 0;
    int count = 0;
    for (const Pending &p : m_pending) {
        if (count >= m_batchLimitEvents || (count > 0 && body.size() + p.json.size() > MaxBatchBytes))
            break;
        if (count > 0)
            body += ',';
        body += p.json;
        lastSent = p.seq;
        ++count;
    }
    body += "]}";

    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner/runs/%1/observations").arg(m_spool->meta().runId);
    req.rawBody = body;
    const QString token = m_identity.token();
    const quint64 serial = m_identity.tokenSerial();
    req.credential = [token] { return token; };
    m_lastSentAt = m_clock.now();
    m_inFlight = m_api.send(std::move(req));
    connect(m_inFlight, &ApiCall::finished, this,
        [this, lastSent, serial](const ApiResponse &r) { onBatchAnswer(r, lastSent, serial); });
}

void ObservationPipeline::onBatchAnswer(const ApiResponse &r, qint64 lastSent, quint64 serial)
{
    m_inFlight = nullptr;
    if (r.error.kind == ApiError::Kind::Aborted || m_abandoned)
        return;
    auto &meta = m_spool->meta();
    if (r.ok()) {
        const auto answer = BatchAnswer::parse(r.body);
        if (const auto *problem = std::get_if<QString>(&answer)) {
            retryLater(ApiError::protocol(*problem));
            return;
        }
        m_backoff.reset();
        const qint64 serverAcked = std::get<BatchAnswer>(answer).ackedThrough;
        if (m_pending.empty() && serverAcked > meta.lastSeq && m_recovering) {
            // A ZDR run's counters on disk lag behind (its events died with the old process).
            meta.lastSeq = serverAcked;
        }
        const qint64 ackedThrough = std::min<qint64>(serverAcked, meta.lastSeq);
        if (m_probeAcks && m_pending.empty() && ackedThrough < meta.lastSeq) {
            // The server lost events it once acknowledged; settle on what it holds rather than never.
            logger->error(
                "run {}: server holds events through {} only, not {}", meta.runId, ackedThrough, meta.lastSeq);
            meta.lastSeq = ackedThrough;
            meta.settleBody.insert(QStringLiteral("final_seq"), ackedThrough);
            meta.settleKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
            m_spool->saveMeta();
        }
        m_probeAcks = false;
        while (!m_pending.empty() && m_pending.front().seq <= ackedThrough) {
            m_pendingBytes -= m_pending.front().json.size();
            m_pending.pop_front();
        }
        m_spool->acknowledge(ackedThrough);
        const qint64 nowMs = QDateTime::currentMSecsSinceEpoch();
        if (m_pending.empty() || nowMs - m_lastAckSaveMs > AckSaveIntervalMs) {
            m_spool->saveMeta();
            m_lastAckSaveMs = nowMs;
        }
        if (std::get<BatchAnswer>(answer).cancelRequested)
            emit cancelRequested();
        if (ackedThrough < lastSent && !m_pending.empty()) {
            // The server kept less than we sent without saying seq_gap: resend after a pause.
            retryLater(ApiError::protocol(
                QStringLiteral("acked_through %1 is below the batch's last seq %2").arg(ackedThrough).arg(lastSent)));
            return;
        }
        emit acknowledged();
        if (m_pending.empty()) {
            if (m_recovering) {
                m_recovering = false;
                if (m_spool->meta().settleKey.isEmpty())
                    settle({ QStringLiteral("failed"), wireName(SettleReason::RunnerRestarted), std::nullopt,
                        std::nullopt, std::nullopt });
                else
                    maybeSettle();
            } else if (m_settleRequested) {
                maybeSettle();
            }
        } else {
            flush();
        }
        return;
    }
    const ApiError &e = r.error;
    if (e.httpStatus == 401) {
        m_identity.handleUnauthorized(e, serial);
        if (m_identity.hasToken())
            retryLater(e);
        return;
    }
    if (e.is(409, ErrorCode::SeqGap)) {
        const qint64 expected = e.details.value(QLatin1String("expected_seq")).toInteger();
        logger->warn("run {}: seq_gap, server expects {}", meta.runId, expected);
        if (expected < 1 || expected > meta.lastSeq + 1) {
            retryLater(ApiError::protocol(QStringLiteral("seq_gap with an impossible expected_seq")));
            return;
        }
        while (!m_pending.empty() && m_pending.front().seq < expected) {
            m_pendingBytes -= m_pending.front().json.size();
            m_pending.pop_front();
        }
        if (m_pending.empty() || m_pending.front().seq != expected) {
            // The server wants events we no longer hold (should not happen): we cannot fill the gap.
            logger->error("run {}: cannot resend from seq {}", meta.runId, expected);
            abandon();
            emit leaseLost();
            return;
        }
        flush();
        return;
    }
    if (e.is(409, ErrorCode::LeaseLost) || e.httpStatus == 404) {
        logger->warn("run {}: {}; dropping its buffer", meta.runId, e.describe());
        abandon();
        emit leaseLost();
        return;
    }
    if (e.is(409, ErrorCode::AlreadySettled)) {
        finishSettled(QString());
        return;
    }
    if (e.httpStatus == 413) {
        m_batchLimitEvents = std::max(1LL, m_batchLimitEvents / 2);
        flush();
        return;
    }
    if (e.httpStatus == 400) {
        logger->error("run {}: observations refused: {}", meta.runId, e.describe());
        abandon();
        emit leaseLost();
        return;
    }
    retryLater(e);
}

void ObservationPipeline::retryLater(const ApiError &error)
{
    const int delay = m_backoff.nextDelayMs(error.retryAfterMs);
    logger->warn("run {}: observations not delivered ({}); retry in {} ms", runId(), error.describe(), delay);
    m_backoff.arm(m_retryTimer, delay);
}

void ObservationPipeline::settle(const Settlement &s)
{
    if (m_settleRequested || m_done || m_abandoned)
        return;
    m_settleRequested = true;
    auto &meta = m_spool->meta();
    const QJsonObject usage { { QStringLiteral("cpu_ms"), nullable(s.cpuMs) },
        { QStringLiteral("wall_ms"), nullable(s.wallMs) }, { QStringLiteral("model"), QJsonValue::Null },
        { QStringLiteral("model_usage_source"), QStringLiteral("absent") } };
    meta.settleBody = QJsonObject {
        { QStringLiteral("claim_id"), meta.claimId },
        { QStringLiteral("final_seq"), meta.lastSeq },
        { QStringLiteral("outcome"), s.outcome },
        { QStringLiteral("reason"), s.reason.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.reason) },
        { QStringLiteral("exit_code"), s.exitCode ? QJsonValue(*s.exitCode) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("usage"), usage },
    };
    meta.settleKey = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // Persisted before it is sent, so a restart re-sends it with the same key (§6.6).
    m_spool->sync();
    m_spool->saveMeta();
    maybeSettle();
}

void ObservationPipeline::settleRecovered()
{
    m_recovering = true;
    m_settleRequested = !m_spool->meta().settleKey.isEmpty();
    start();
    // An empty batch first: it delivers nothing but tells us what the server acknowledged.
    flush();
}

void ObservationPipeline::maybeSettle()
{
    if (!m_pending.empty() || m_inFlight || m_settleCall || m_done || m_abandoned)
        return;
    if (!m_identity.hasToken())
        return;
    sendSettle();
}

void ObservationPipeline::sendSettle()
{
    const auto &meta = m_spool->meta();
    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner/runs/%1/settle").arg(meta.runId);
    req.body = meta.settleBody;
    req.idempotencyKey = meta.settleKey;
    // Asked per attempt: a retry after a rotation carries the new token, under the same key.
    req.credential = [this] { return m_identity.token(); };
    req.retry = true;
    const quint64 serial = m_identity.tokenSerial();
    m_settleCall = m_api.send(std::move(req));
    connect(m_settleCall, &ApiCall::finished, this, [this, serial](const ApiResponse &r) {
        m_settleCall = nullptr;
        if (r.error.kind == ApiError::Kind::Aborted || m_abandoned)
            return;
        const QString outcome = m_spool->meta().settleBody.value(QLatin1String("outcome")).toString();
        if (r.ok()) {
            finishSettled(outcome);
            return;
        }
        const ApiError &e = r.error;
        if (e.httpStatus == 401) {
            m_identity.handleUnauthorized(e, serial);
            if (m_identity.hasNewerToken(serial))
                resume();
            return; // else resume() follows the new token
        }
        if (e.is(409, ErrorCode::UnackedEvents)) {
            m_probeAcks = true; // an empty batch brings the server's acked_through, then we settle again
            retryLater(e);
            return;
        }
        if (e.is(409, ErrorCode::AlreadySettled)) {
            finishSettled(outcome);
            return;
        }
        if (e.is(409, ErrorCode::LeaseLost)) {
            abandon();
            emit leaseLost();
            return;
        }
        logger->error("run {}: settlement refused: {}", runId(), e.describe());
        finishSettled(QString());
    });
}

void ObservationPipeline::finishSettled(const QString &outcome)
{
    if (m_done)
        return;
    m_done = true;
    m_leaseTimer.stop();
    m_flushTimer.stop();
    m_retryTimer.stop();
    logger->info("run {} settled{}{}", runId(), outcome.isEmpty() ? "" : ": ", outcome);
    m_spool->remove();
    emit settled(outcome);
}

void ObservationPipeline::abandon()
{
    m_abandoned = true;
    m_leaseTimer.stop();
    m_flushTimer.stop();
    m_retryTimer.stop();
    if (m_inFlight)
        m_inFlight->abort();
    if (m_settleCall)
        m_settleCall->abort();
    m_pending.clear();
    m_pendingBytes = 0;
    m_spool->remove();
}

} // namespace runnercore
