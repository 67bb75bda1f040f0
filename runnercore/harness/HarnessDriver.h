#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QString>

#include <optional>

namespace runnercore {

class SandboxedProcess;
class SecretMasker;
struct RunSpec;

// Where the harness works, as the Runner and as the harness see it (they differ in a container).
struct HarnessContext
{
    QString runId; // for logs
    QString hostWorkspace; // the run's workspace on this machine
    QString agentWorkspace; // the same directory as the harness names it (ACP cwd, §6.7)
    int terminateGraceMs = 10000;
    // §6.10: the run's platform MCP servers, ACP's stdio shape ({ name, command, args, env: [] }).
    QJsonArray mcpServers;
};

// How a run ended when the driver knows better than the exit status (ACP: close → succeeded).
struct HarnessVerdict
{
    QString outcome; // succeeded | failed
    QString reason; // §6.6 reason, empty for none
};

// Drives one harness process through one run (oneshot or ACP) and reports what happened as
// protocol events. The run's supervisor (RunExecution) owns deadlines, the idle timer's clock,
// termination and settlement.
// The event() signal overloads QObject::event(QEvent *), which nothing calls through a driver;
// clang warns that it hides it (un-hiding it would make &HarnessDriver::event ambiguous).
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Woverloaded-virtual"
#endif
class HarnessDriver : public QObject
{
    Q_OBJECT
signals:
    // An observation to relay (§6.3 kinds: output.stdout, acp.update, turn.started, ...).
    void event(const QString &kind, const QJsonObject &data);
    // Output or protocol traffic from the harness: restarts a running idle timer (§6.7).
    void activity();
    // Whether silence counts now: inside a turn and with no approval pending (§6.5, §6.7).
    void idleWatch(bool running);
    // A person must decide (§6.5): data as in the approval.requested event.
    void approvalRequested(const QJsonObject &data);
    void approvalResolved(const QString &approvalId, const QString &outcome);
    // The polite part of an interrupt() is over; the supervisor may terminate now.
    void quiesced();
    // The harness is done. exitCode/signalNumber as SandboxedProcess::exited; launchError set when it never ran.
    void finished(int exitCode, int signalNumber, const QString &launchError);

public:
    using QObject::QObject;
    virtual QString id() const = 0; // "checkfu:oneshot-v1@1"
    // Starts the process and feeds it the run (e.g. the prompt on stdin).
    virtual void start(SandboxedProcess *process, const RunSpec &spec, const HarnessContext &context) = 0;
    // The Runner ends the run (reason: cancel_requested, runner_stopped, idle_timeout,
    // deadline_exceeded, ...). Returns how long the supervisor waits for quiesced() before it
    // terminates the process tree; 0 terminates at once.
    virtual int interrupt(const QString &reason) = 0;
    // A control directive for this run (§6.4: prompt, close, approval_decision).
    virtual void directive(const QJsonObject &directive);
    virtual std::optional<HarnessVerdict> verdict() const { return std::nullopt; }
    // Masks the harness's output streams as streams (§6.7), before start(); without one, the
    // pipeline still masks each event.
    void setSecretMasker(const SecretMasker *masker) { m_masker = masker; }

protected:
    const SecretMasker *m_masker = nullptr;
};
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

} // namespace runnercore
