#pragma once

#include <runnercore/transport/ApiError.h>
#include <runnercore/transport/Backoff.h>
#include <runnercore/work/ObservationSpool.h>

#include <QDateTime>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <variant>

namespace runnercore {

class ApiCall;
struct ApiResponse;
class ApiClient;
class Clock;
class SecretMasker;
class WorkloadIdentity;

// One run's observations (§6.3) and settlement (§6.6): per-run sequence numbers, batches of at
// most 512 events / 1 MiB flushed at least every 200 ms, resend on failure, seq_gap and
// lease_lost, empty batches that keep a silent run's lease, a durable on-disk spool or the
// ZDR memory-only buffer, and settlement only once everything through final_seq is acknowledged.
class ObservationPipeline : public QObject
{
    Q_OBJECT
signals:
    void cancelRequested();
    void leaseLost(); // the server gave up on the run: kill it, drop everything
    void bufferExhausted(); // ZDR buffer full during an outage (zdr_buffer_exhausted)
    void settled(const QString &outcome); // accepted by the server (or already settled there)
    void acknowledged(); // the server acknowledged a batch (ackedThrough() moved or held)

public:
    static constexpr int MaxBatchEvents = 512;
    static constexpr qint64 MaxBatchBytes = 1024 * 1024 - 4096; // leave room for the envelope
    static constexpr qint64 MaxEventBytes = 1024 * 1024 - 8192;
    static constexpr int FlushIntervalMs = 200;
    static constexpr qint64 DefaultZdrBufferBytes = 64LL * 1024 * 1024;
    // The empty-batch renewal interval (§6.3: at least every lease_ttl_seconds / 3) is kept within these.
    static constexpr qint64 MinLeaseRenewalMs = 1000;
    static constexpr qint64 MaxLeaseRenewalMs = 3600 * 1000;
    // lease_ttl_seconds / 3 in ms, clamped to [MinLeaseRenewalMs, MaxLeaseRenewalMs]; any input.
    static int leaseRenewalIntervalMs(qint64 leaseTtlSeconds);

    // An accepted batch's answer (§6.3). A pure function of the server's bytes (fuzzed:
    // tests/fuzz/fuzz_observation_answer.cpp); an error names the field.
    struct BatchAnswer
    {
        qint64 ackedThrough = 0;
        bool cancelRequested = false;
        static std::variant<BatchAnswer, QString> parse(const QJsonObject &body);
    };

    struct Settlement
    {
        QString outcome; // succeeded | failed | cancelled | refused
        QString reason; // empty → null
        std::optional<int> exitCode;
        std::optional<qint64> cpuMs;
        std::optional<qint64> wallMs;
    };

    ObservationPipeline(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, SecretMasker &masker,
        std::unique_ptr<ObservationSpool> spool, QObject *parent = nullptr);
    ~ObservationPipeline() override;

    void setZdrBufferBytes(qint64 bytes) { m_zdrLimit = bytes; }
    // Starts flushing and lease keep-alive; for a recovered run, resends what the spool held.
    void start();
    void append(const QString &kind, const QJsonObject &data);
    // Settles once every event is acknowledged. Persisted first (durable and ZDR alike).
    void settle(const Settlement &settlement);
    // Recovery after a restart: deliver, learn acked_through, settle failed/runner_restarted.
    void settleRecovered();
    // lease_lost / shutdown: stop talking to the server about this run.
    void abandon();

    QString runId() const { return m_spool->meta().runId; }
    qint64 lastSeq() const { return m_spool->meta().lastSeq; }
    qint64 ackedThrough() const { return m_spool->meta().ackedThrough; }
    qint64 pendingBytes() const { return m_pendingBytes; }
    // Before the machine sleeps: send what waits now, even during a retry's pause.
    void flushNow();
    // Wakes up after the identity got a new token.
    void resume();

private:
    struct Pending
    {
        qint64 seq;
        QByteArray json; // serialized event, masked
    };

    void scheduleFlush();
    void flush();
    void onBatchAnswer(const ApiResponse &r, qint64 lastSent, quint64 serial);
    void retryLater(const ApiError &error);
    void sendSettle();
    void maybeSettle();
    void keepLease();
    void finishSettled(const QString &outcome);

    ApiClient &m_api;
    WorkloadIdentity &m_identity;
    const Clock &m_clock;
    SecretMasker &m_masker;
    std::unique_ptr<ObservationSpool> m_spool;
    std::deque<Pending> m_pending;
    qint64 m_pendingBytes = 0;
    qint64 m_zdrLimit = DefaultZdrBufferBytes;
    qint64 m_batchLimitEvents = MaxBatchEvents;
    QTimer m_flushTimer;
    QTimer m_leaseTimer;
    QTimer m_retryTimer;
    Backoff m_backoff;
    QPointer<ApiCall> m_inFlight;
    QPointer<ApiCall> m_settleCall;
    bool m_settleRequested = false;
    bool m_recovering = false;
    bool m_probeAcks = false; // next batch is sent (empty if need be) to learn acked_through
    bool m_abandoned = false;
    bool m_done = false;
    qint64 m_lastAckSaveMs = 0;
    QDateTime m_lastSentAt;
};

} // namespace runnercore
