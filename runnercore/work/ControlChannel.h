#pragma once

#include <runnercore/transport/Backoff.h>

#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <optional>

namespace runnercore {

class ApiCall;
class ApiClient;
class Clock;
class WorkloadIdentity;

// One answer of the control long-poll (§6.4), read from the server's JSON. A pure function of
// the server's bytes (fuzzed: tests/fuzz/fuzz_control_directives.cpp).
struct ControlAnswer
{
    struct Directive
    {
        QString type;
        QString runId; // empty when absent
        QJsonObject body;
    };
    QString cursor;
    QList<Directive> directives;

    // nullopt when 'cursor' is not a string or 'directives' not an array (the poll is retried).
    static std::optional<ControlAnswer> parse(const QJsonObject &body);
};

// The Runner's one control long-poll (§6.4) for all of its runs. Directives are passed on as
// signals; unknown types are logged and ignored.
class ControlChannel : public QObject
{
    Q_OBJECT
signals:
    void cancelRun(const QString &runId);
    void drain();
    void resume();
    // prompt / close / approval_decision: for the run's ACP driver; mcp: for the run's relay (§6.10).
    // Passed on whole.
    void runDirective(const QString &runId, const QJsonObject &directive);

public:
    // §6.4 gives no range (its example is 25): ask for 50 s like the claim, and drop to the
    // example's 25 s for good if the server refuses the field.
    static constexpr int WaitSeconds = 50;
    static constexpr int FallbackWaitSeconds = 25;
    int waitSeconds() const { return m_waitSeconds; }

    ControlChannel(ApiClient &api, WorkloadIdentity &identity, const Clock &clock, QObject *parent = nullptr);
    void start();
    void stop();
    void poke(); // after a new token
    // Waiting after a failed poll: poll now, from the first backoff step (wake, network change).
    // A server's Retry-After still holds.
    void retryNow();
    bool isRunning() const { return m_running; }

private:
    void poll();
    void dispatch(const ControlAnswer::Directive &directive);

    ApiClient &m_api;
    WorkloadIdentity &m_identity;
    Backoff m_backoff;
    QString m_cursor;
    QPointer<ApiCall> m_call;
    QTimer m_retryTimer;
    bool m_running = false;
    int m_waitSeconds = WaitSeconds;
};

} // namespace runnercore
