#pragma once

#include <runnercore/transport/ApiError.h>
#include <runnercore/transport/Backoff.h>

#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <functional>

namespace runnercore {

class ApiCall;
class ApiClient;
class Clock;
class WorkloadIdentity;

// A heartbeat's answer (§4), read from the server's JSON. A pure function of the server's bytes
// (fuzzed: tests/fuzz/fuzz_presence_answer.cpp).
struct PresenceAnswer
{
    QStringList directives; // the type of each directive, as sent ("drain", "resume", ...)
    bool directivesMalformed = false; // 'directives' present but not an array (ignored, logged)

    static PresenceAnswer parse(const QJsonObject &body);
};

// Heartbeats (§4): at the server's interval, at once after an exchange and on every status
// change; drain/resume directives from the answer are passed on. A failed heartbeat is not
// retried as such: the next one replaces it, brought forward on the §1 backoff.
class PresenceReporter : public QObject
{
    Q_OBJECT
signals:
    void heartbeatAccepted();
    void heartbeatFailed(const ApiError &error, int nextInMs);
    void directive(const QString &type);

public:
    enum class Status { Ready, Draining, Stopping };

    PresenceReporter(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent = nullptr);

    void setAdvertisementSource(std::function<QJsonObject()> source);
    void setSlots(int total, int busy, const QStringList &activeRuns);
    // heartbeat_interval_seconds, kept within [1, MaxIntervalSeconds] (IdentityGrant refuses more).
    void setInterval(int seconds);
    static constexpr int MaxIntervalSeconds = 3600;
    int intervalMs() const { return m_intervalMs; }
    void setStatus(Status status);
    Status status() const { return m_status; }
    // The status the heartbeat answered last carried (one sent before a setStatus() may answer after it).
    Status acceptedStatus() const { return m_acceptedStatus; }
    // Starts beating (now) and keeps going until stop().
    void start();
    void stop();
    bool isRunning() const { return m_running; }
    void beatNow();
    // beatNow(), unless the last failure's Retry-After has not passed yet (wake, network change).
    void retryNow();

    static QString statusName(Status status);

private:
    void send();
    void scheduleNext(int ms);

    ApiClient &m_api;
    WorkloadIdentity &m_identity;
    Backoff m_backoff;
    std::function<QJsonObject()> m_advertisement;
    Status m_status = Status::Ready;
    Status m_acceptedStatus = Status::Ready;
    int m_total = 1;
    int m_busy = 0;
    QStringList m_activeRuns;
    int m_intervalMs = 10000;
    QTimer m_timer;
    QPointer<ApiCall> m_inFlight;
    bool m_pending = false;
    bool m_running = false;
    // What the last body said, and its bytes: an idle Runner repeats the same heartbeat.
    struct SentBody
    {
        Status status = Status::Ready;
        int total = 0;
        int busy = 0;
        QStringList activeRuns;
        QJsonObject advertisement;
        QByteArray bytes;
    };
    SentBody m_last;
};

} // namespace runnercore
