#pragma once

#include <runnercore/config/RunnerConfig.h>
#include <runnercore/sandbox/HostProcessProvider.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>

namespace runnercore {

// The container tier (§5, §6.2): each run in a Docker container, driven through the `docker` CLI.
// Advertised only while a daemon answers (checked at start, every few minutes and on demand);
// images pinned by digest; `network: none` → --network none, `unrestricted` only when allowed
// (CHECKFU_DOCKER_UNRESTRICTED_NETWORK); resources → --cpus/--memory/--pids-limit; the workspace
// bind-mounted at the mount target; every container labelled so leftovers of a killed Runner are
// swept at startup. The Cursor lane's key reaches only the one matching container (the lane's tuple,
// and the image pinned to its release digest, §6.2). The run's variables go only into an owner-only
// env file; every docker CLI call runs with DockerCommand::cliEnvironment().
class DockerProvider : public QObject, public SandboxProvider
{
    Q_OBJECT
signals:
    void availabilityChanged(bool available);
    void checked(bool available); // after every check, changed or not

public:
    static constexpr int DefaultPidsLimit = 4096;

    struct Options
    {
        QString runsRoot; // run directories, as for host-process
        QString instance; // label value that marks this Runner's containers
        bool unrestrictedNetwork = false;
        std::optional<CursorLane> cursor;
        QString program = QStringLiteral("docker");
        int probeTimeoutMs = 5000;
        int recheckIntervalMs = 5 * 60 * 1000;
        int createTimeoutMs = 120000;
    };

    explicit DockerProvider(Options options, QObject *parent = nullptr);

    // Asks the daemon now (at start, on wake); the answer comes through checked().
    void check();
    void startWatching();
    bool isAvailable() const { return m_available; }
    QString serverVersion() const { return m_version; }
    QString unavailableReason() const { return m_reason; }
    bool isRootless() const { return m_rootless; }
    // Removes every container labelled as ours (leftovers of a Runner that was killed).
    void sweep();

    QString id() const override;
    QJsonObject capabilities(const QStringList &drivers) const override;
    bool prepare(const QString &runId, const RunSpec &spec, QString *error) override;
    QString workspacePath(const QString &runId) const override;
    QString harnessWorkspacePath(const QString &runId, const RunSpec &spec) const override;
    std::unique_ptr<SandboxedProcess> launch(const QString &runId, const RunSpec &spec, QObject *parent) override;
    void teardown(const QString &runId) override;
    // §6.10 is not realised in a container yet (the daemon may be another machine's, or map users
    // so that SO_PEERCRED means nothing here): a plane_mcp run is refused.
    QString mcpBridgeCommand() const override { return QString(); }

    static QString containerName(const QString &runId);
    static QString mountTarget(const RunSpec &spec);
    static constexpr const char *InstanceLabel = "io.checkfu.runner";
    static constexpr const char *RunLabel = "io.checkfu.run-id";

private:
    Options m_options;
    HostProcessProvider m_dirs; // the run directory layout is the host tier's
    QTimer m_recheck;
    bool m_available = false;
    bool m_checking = false;
    bool m_rootless = false;
    QString m_version;
    QString m_reason;
};

} // namespace runnercore
