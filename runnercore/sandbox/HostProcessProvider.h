#pragma once

#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QProcessEnvironment>

#include <memory>

namespace runnercore {

// The host-process tier (§5, §6.2): the harness runs as the Runner's user, directly on the host,
// with no network isolation. What it does give: a private run directory (0700) as working
// directory and HOME, an environment built from scratch, its own process group, and death with
// the Runner. Layout: <root>/<run_id>/{workspace,home,tmp}.
class HostProcessProvider : public SandboxProvider
{
public:
    // root: where run directories go (the Runner passes AppPaths::dataDir() + "/runs").
    explicit HostProcessProvider(const QString &root);

    QString id() const override;
    QJsonObject capabilities(const QStringList &drivers) const override;
    bool prepare(const QString &runId, const RunSpec &spec, QString *error) override;
    QString workspacePath(const QString &runId) const override;
    std::unique_ptr<SandboxedProcess> launch(const QString &runId, const RunSpec &spec, QObject *parent) override;
    void teardown(const QString &runId) override;

    QString runPath(const QString &runId) const;
    // The harness environment: a minimal base for the run directory, then spec.env on top minus
    // what must never reach a harness from a spec (CHECKFU_RUNNER*, CURSOR_API_KEY).
    static QProcessEnvironment harnessEnvironment(const QString &runPath, const QMap<QString, QString> &specEnv);
    // How a host tier realises run_spec resources, per process of the run (setrlimit): memory_mib
    // → RLIMIT_DATA, disk_mib → RLIMIT_FSIZE, cpu_millis × max_duration_seconds → RLIMIT_CPU.
    // max_duration_seconds itself is RunExecution's deadline over the whole tree. 0: no limit.
    static HostProcess::Limits resourceLimits(const RunResources &resources);

protected:
    // What launch() starts: the resolved program, its arguments, the workspace and the harness
    // environment (or a launchError). A guarded tier wraps this command.
    HostProcess::Launch hostLaunch(const QString &runId, const RunSpec &spec) const;

private:
    QString m_root;
};

} // namespace runnercore
