#pragma once

#include <QJsonObject>
#include <QObject>
#include <QString>

class SandboxedProcess;
struct RunSpec;

// Drives one harness process through one run (oneshot now, ACP later) and reports what happened
// as protocol events. The run's supervisor handles deadlines, cancel and settlement.
class HarnessDriver : public QObject
{
    Q_OBJECT
signals:
    // An observation to relay (§6.3 kinds: output.stdout, output.stderr, run.warning, ...).
    void event(const QString &kind, const QJsonObject &data);
    // Output or protocol traffic from the harness: resets the idle timer (§6.7).
    void activity();
    // The harness is done. exitCode/signalNumber as SandboxedProcess::exited; launchError set when it never ran.
    void finished(int exitCode, int signalNumber, const QString &launchError);

public:
    using QObject::QObject;
    virtual QString id() const = 0; // "checkfu:oneshot-v1@1"
    // Starts the process and feeds it the run (e.g. the prompt on stdin).
    virtual void start(SandboxedProcess *process, const RunSpec &spec) = 0;
    // Cancel (§6.7): end the current work politely; the supervisor escalates to terminate().
    virtual void cancel() = 0;
};
