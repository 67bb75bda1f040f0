#pragma once

#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/sandbox/HostProcessProvider.h>

#include <QProcessEnvironment>
#include <QTimer>

#include <memory>
#include <utility>

namespace runnercore {

// The guarded host tier (§5, §6.2, §6.7), Linux only: the host-process run directory and
// environment, but the harness runs under bwrap in its own mount, PID, IPC, UTS, cgroup and session,
// with every capability dropped. Its / is empty but for: the read-only system directories (/usr,
// /bin, /sbin, /lib*, /etc, /opt; symlinks stay symlinks), a private /dev, /proc and /tmp, the
// read-only paths the person allowed (harnesses installed under their home), and its own run
// directory, writable (workspace, HOME, TMPDIR). Never the user's home, the Runner's state, /run,
// /var or any host Unix socket. Network "none" gets its own empty network namespace (only lo, and
// its own abstract sockets); "unrestricted" shares the host's.
//
// bwrap itself (not setuid here: it runs as the Runner's user) starts with a fixed environment of
// ours; the run's environment only reaches the harness (--clearenv, --setenv), and every option
// travels through a descriptor (--args), so no value of it shows in bwrap's /proc/PID/cmdline.
class BubblewrapProvider : public HostProcessProvider
{
public:
    // One entry of the sandbox's / from the host's: bound read-only, or a symlink (symlinkTarget as
    // the host's link reads, e.g. "usr/bin").
    struct SystemEntry
    {
        QString path;
        QString symlinkTarget; // empty: bind path read-only at the same path
        bool operator==(const SystemEntry &) const = default;
    };

    // What one run's sandbox shows. Paths are as they are mounted (canonical).
    struct Layout
    {
        QString runPath; // writable
        QString workspace; // the working directory
        QList<SystemEntry> system;
        // Allowed read-only paths: source (canonical) bound at the same path; where the allowed name
        // differs (a symlink), a symlink from it too.
        QList<std::pair<QString, QString>> readOnly; // (canonical, as allowed)
        // Covered with an empty read-only tmpfs where a bound tree would show them; the run is bound
        // through them. Nested ones, "/", "/tmp", those outside every bound tree and those inside the
        // run are dropped.
        QStringList hidden;
        // Where the harness sees the workspace (§6.8: the root target, /workspace by default);
        // empty: at its own path. The run's directory stays bound at its own path too.
        QString workspaceTarget;
        // Mounts inside the run that the harness may only read (skills, memory not writable, §6.8):
        // (the directory, where the harness sees it).
        QList<std::pair<QString, QString>> readOnlyMounts;
        bool isolateNetwork = true;
        // §6.10: checkfu-mcp-bridge on the host, shown read-only at McpBridgeTarget; empty: not shown.
        QString mcpBridge;
    };
    // Where a run that asks for plane_mcp finds checkfu-mcp-bridge (a fixed path on the sandbox's
    // own root, which holds nothing of the host's).
    static constexpr const char *McpBridgeTarget = "/.checkfu-runner/checkfu-mcp-bridge";

    // root: as for HostProcessProvider. searchPaths: where to look for bwrap (empty: the PATH).
    explicit BubblewrapProvider(const QString &root, const QStringList &searchPaths = {});

    QString id() const override;
    QJsonObject capabilities(const QStringList &drivers) const override;
    std::unique_ptr<SandboxedProcess> launch(const QString &runId, const RunSpec &spec, QObject *parent) override;
    // A harness the sandbox would not show (outside the system, the run and the allowed paths): why,
    // naming the setting that lets it in.
    QString refusal(const QString &runId, const RunSpec &spec) const override;
    // The run's directory is bound at its canonical path: the socket is named there.
    QString relaySocketPath(const QString &runId) const override;
    QString mcpBridgeCommand() const override;
    // Its own PID namespace, and no other run's socket to find.
    bool sharesPidNamespace() const override { return false; }
    // The root target: the harness works there (ACP cwd), as in a container.
    QString harnessWorkspacePath(const QString &runId, const RunSpec &spec) const override;

    QString bwrapPath() const { return m_bwrap; } // empty: not installed
    // The person's allow-list (RunnerConfig::bubblewrapReadOnly, already validated): absolute paths
    // the harness may read. Those missing at launch are left out.
    void setReadOnlyPaths(const QStringList &paths) { m_readOnly = paths; }

    // The system part of / on this machine: the SystemDirs that exist, and /etc/resolv.conf's target
    // file when it lies outside them (systemd-resolved's stub under /run), so DNS still works.
    static QList<SystemEntry> systemEntries();
    // bwrap's options for one run, everything before "--" (the harness command follows it), without
    // the environment.
    static QStringList bwrapArguments(const Layout &layout);
    // Why the workspace cannot be shown at layout.workspaceTarget (it would cover or lie in what
    // the sandbox binds: the system, /dev, /proc, /tmp, the run, an allowed or hidden path);
    // empty when it can.
    static QString workspaceTargetProblem(const Layout &layout);
    // --clearenv, then --setenv NAME VALUE for each variable of the harness.
    static QStringList environmentArguments(const QProcessEnvironment &environment);
    // bwrap's own environment: fixed, nothing of the run's or the Runner's.
    static QProcessEnvironment launcherEnvironment();

private:
    QStringList hiddenPaths() const;
    Layout layout(const QString &runPath, const QString &workspace, bool isolateNetwork) const;

    QString m_root;
    QString m_bwrap;
    QStringList m_hide; // candidates, filtered at each launch (they may appear later)
    QStringList m_readOnly;
};

// A harness under bwrap. bwrap's own processes stand between the Runner and the harness: its
// monitor (the process the Runner started, leader of the process group) and the PID namespace's
// init. SIGTERM to the group would kill the monitor at once, and with it (--die-with-parent) the
// whole sandbox, so terminate() signals the processes inside the sandbox instead and keeps the
// grace period; SIGKILL still goes to the group and takes the namespace down with it.
class BubblewrapProcess : public SandboxedProcess
{
    Q_OBJECT
public:
    // launch.inheritedFd, if any, is ours now: closed once bwrap has it.
    explicit BubblewrapProcess(HostProcess::Launch launch, QObject *parent = nullptr);
    ~BubblewrapProcess() override;

    void start() override;
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    void terminate(int graceMs) override;
    void kill() override;
    bool isRunning() const override;
    // Sampled over every process of the sandbox (a /proc scan), like HostProcess::cpuMs otherwise.
    qint64 cpuMs() const override { return m_cpuMs; }
    qint64 pid() const override; // bwrap's monitor

    // Sends signalNumber to every process in the sandbox's PID namespace but its init; returns how
    // many were signalled (0: the sandbox is not, or no longer, there).
    int signalSandbox(int signalNumber);

private:
    bool findSandbox();
    void sampleCpu();
    void onExited(int exitCode, int signalNumber);
    void closeArguments();

    std::unique_ptr<HostProcess> m_host;
    QTimer m_killTimer;
    QTimer m_cpuTimer;
    int m_cpuSamples = 0;
    qint64 m_cpuMs = -1;
    long m_clockTicks;
    int m_argumentsFd = -1; // bwrap's --args, until it started
    int m_namespaceFd = -1; // keeps the sandbox's PID namespace (and so its inode number) ours
    qint64 m_init = 0; // the namespace's init, as the host sees it
};

} // namespace runnercore
