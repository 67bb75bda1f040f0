#pragma once

#include "HostProcess.h"
#include "HostProcessProvider.h"

#include <QTimer>

#include <memory>

// The guarded host tier (§5, §6.2), Linux only: the host-process run directory and environment,
// but the harness runs under bwrap in its own mount, PID, IPC, UTS, cgroup and session, with every
// capability dropped, a read-only view of the system, a private /tmp and /dev, and only its own run
// directory writable. Other runs, the Runner's data (credentials, spool, logs) and the user's
// runtime directory (session bus, keyring, agent sockets) are hidden. Network "none" gets its own
// empty network namespace (only lo); "unrestricted" shares the host's.
class BubblewrapProvider : public HostProcessProvider
{
public:
    // root: as for HostProcessProvider. searchPaths: where to look for bwrap (empty: the PATH).
    explicit BubblewrapProvider(const QString &root, const QStringList &searchPaths = {});

    QString id() const override;
    QJsonObject capabilities(const QStringList &drivers) const override;
    std::unique_ptr<SandboxedProcess> launch(const QString &runId, const RunSpec &spec, QObject *parent) override;

    QString bwrapPath() const { return m_bwrap; } // empty: not installed

    // bwrap's options for one run, everything before "--" (the harness command follows it). Paths are
    // as they are mounted (canonical). hiddenPaths are covered with empty read-only tmpfs, the run
    // directory is bound through them; nested ones, "/", "/tmp" and those inside the run are dropped.
    static QStringList bwrapArguments(
        const QString &runPath, const QString &workspace, const QStringList &hiddenPaths, bool isolateNetwork);

private:
    QStringList hiddenPaths() const;

    QString m_root;
    QString m_bwrap;
    QStringList m_hide; // candidates, filtered at each launch (they may appear later)
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

    std::unique_ptr<HostProcess> m_host;
    QTimer m_killTimer;
    QTimer m_cpuTimer;
    int m_cpuSamples = 0;
    qint64 m_cpuMs = -1;
    long m_clockTicks;
    int m_namespaceFd = -1; // keeps the sandbox's PID namespace (and so its inode number) ours
    qint64 m_init = 0; // the namespace's init, as the host sees it
};
