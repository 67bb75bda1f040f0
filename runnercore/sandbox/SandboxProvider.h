#pragma once

#include <runnercore/model/RunSpec.h>
#include <runnercore/relay/McpBridgeProgram.h>

#include <QDir>
#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

namespace runnercore {

// One run's harness process inside a sandbox. Emits its output as raw bytes; the driver turns
// them into events. Owned by the run; destroying it kills whatever is still running.
class SandboxedProcess : public QObject
{
    Q_OBJECT
signals:
    void started();
    void startFailed(const QString &message); // launch_failed
    void stdoutData(const QByteArray &data);
    void stderrData(const QByteArray &data);
    // exitCode is -1 when killed by a signal; signalNumber is 0 for a normal exit.
    void exited(int exitCode, int signalNumber);

public:
    using QObject::QObject;
    virtual void start() = 0;
    virtual void writeStdin(const QByteArray &data) = 0;
    virtual void closeStdin() = 0;
    // SIGTERM to the whole process tree, then SIGKILL after graceMs (§6.7: 10 s).
    virtual void terminate(int graceMs) = 0;
    virtual void kill() = 0; // SIGKILL to the whole tree at once
    virtual bool isRunning() const = 0;
    // CPU time of the harness and its reaped children (rusage), in ms; -1 if unknown.
    virtual qint64 cpuMs() const = 0;
    virtual qint64 pid() const = 0;
};

// A sandbox tier (§5, §6.2): prepares a run's private workspace, launches its harness in it,
// and tears it down. Advertises exactly what it realises.
class SandboxProvider
{
public:
    virtual ~SandboxProvider() = default;
    virtual QString id() const = 0; // "host-process", "bubblewrap", "docker"
    // The §5 provider entry for the drivers this build implements.
    virtual QJsonObject capabilities(const QStringList &drivers) const = 0;

    // Creates the run's directory (0700) under the provider's root: workspace/ (the working
    // directory), home/ (HOME), tmp/ (TMPDIR), and writes the mounts the spec carries up to the
    // first one the Runner fetches (workspace/Materialization does the rest, in order).
    // Returns false with a message on failure (→ launch_failed).
    virtual bool prepare(const QString &runId, const RunSpec &spec, QString *error) = 0;
    virtual QString workspacePath(const QString &runId) const = 0;
    // The run's private home and scratch directories on the host, beside its workspace.
    virtual QString homePath(const QString &runId) const { return workspacePath(runId) + QStringLiteral("/../home"); }
    virtual QString scratchPath(const QString &runId) const { return workspacePath(runId) + QStringLiteral("/../tmp"); }
    // The workspace as the harness names it: the same directory on a host tier, the mount
    // target inside a container (§6.7).
    virtual QString harnessWorkspacePath(const QString &runId, const RunSpec &) const { return workspacePath(runId); }
    // The harness process for a prepared run. Its environment is built from scratch: a minimal
    // safe base (PATH, HOME, TMPDIR, LANG, ...) plus spec.env; nothing of the Runner's own.
    virtual std::unique_ptr<SandboxedProcess> launch(const QString &runId, const RunSpec &spec, QObject *parent) = 0;
    // Why this tier cannot run the prepared run's harness at all (bubblewrap: it is not visible in the
    // sandbox), said so that the person can fix it; empty when it can. RunExecution asks after
    // prepare() and refuses the run (tier_unavailable) rather than launch it.
    virtual QString refusal(const QString &runId, const RunSpec &spec) const
    {
        Q_UNUSED(runId);
        Q_UNUSED(spec);
        return QString();
    }
    // §6.10: the run's relay socket, in its owner-only directory beside the workspace (a guarded
    // tier shows that directory, and so the socket, at the same path).
    virtual QString relaySocketPath(const QString &runId) const
    {
        return QDir::cleanPath(workspacePath(runId) + QStringLiteral("/../mcp.sock"));
    }
    // The bridge program as the harness names it (its path inside the sandbox); empty when this
    // tier cannot show it (a plane_mcp run is then refused).
    virtual QString mcpBridgeCommand() const { return McpBridgeProgram::path(); }
    // Whether the harness sees the Runner's pid as the relay socket's peer (its PID namespace is
    // ours): then the bridge checks it, so a run cannot stand in for another run's relay.
    virtual bool sharesPidNamespace() const { return true; }
    // Deletes everything prepare() created. Safe to call twice or for an unknown run.
    virtual void teardown(const QString &runId) = 0;
};

} // namespace runnercore
