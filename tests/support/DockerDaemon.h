#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <memory>

// A private Docker engine for integration tests: Debian's dockerd (docker.io; scripts/setup installs
// it) in a fresh directory /tmp/cfd-<pid>-XXXXXX, so tests never touch the machine's own engine,
// images or containers. It needs root (dockerd manages mounts, cgroups and network namespaces).
//
// - Storage driver vfs (works on any file system, nested too): every container is a full copy of
//   its image, so keep images small (importBusybox(), importNodeAgent()).
// - No iptables rules and no NAT: the host's firewall is left alone. The default network (no
//   --network, or --network bridge) is a bridge of its own, cfd<XXXXXX>, on a free 10.x.y.0/24 or
//   172.x.y.0/24: a container there has eth0 and reaches the host at gatewayAddress(), but
//   nothing beyond the host. --network none leaves it only lo.
// - No image pulls (CI has no registry): images are built here from the host's binaries.
// - Its own daemon.json (empty) and CLI config directory (DOCKER_CONFIG), so neither
//   /etc/docker/daemon.json nor ~/.docker/config.json (contexts, proxies) changes what tests see.
//
// dockerd is started with PR_SET_PDEATHSIG, so it dies with the test. stop() (and the destructor)
// removes every container, stops dockerd, unmounts what dockerd left mounted under the directory,
// deletes the bridge and the directory. What a killed test process could not clean up (container
// processes, shims, mounts, the bridge) is removed by the next start() on the machine
// (removeStale()). Missing binaries are an error, not a skip.
class DockerDaemon
{
public:
    struct Result
    {
        int exitCode = -1; // -1: did not start, timed out or crashed (err says which)
        QByteArray out;
        QByteArray err;
        bool ok() const { return exitCode == 0; }
        // "exit N: <stderr>" for failure messages.
        QString describe() const;
    };

    DockerDaemon();
    ~DockerDaemon();
    DockerDaemon(const DockerDaemon &) = delete;
    DockerDaemon &operator=(const DockerDaemon &) = delete;

    // Starts dockerd in a fresh directory and waits until `docker version` answers through its
    // socket. On failure *error says why (with the tail of dockerd's log) and nothing is left behind.
    bool start(QString *error, int timeoutMs = 30000);
    // Removes every container, stops dockerd (SIGTERM, then SIGKILL), unmounts leftovers, deletes
    // the bridge and the directory. Safe to call twice; the destructor calls it.
    void stop();
    bool isRunning() const;

    // "unix:///tmp/cfd-…/docker.sock", for DOCKER_HOST.
    QString host() const;
    // The system environment with DOCKER_HOST = host() and DOCKER_CONFIG = a private, empty CLI
    // configuration; DOCKER_CONTEXT and DOCKER_TLS* removed. Pass it to processes that run `docker`.
    QProcessEnvironment environment() const;
    // The docker CLI used by docker(): the first `docker` on PATH.
    QString dockerProgram() const { return m_dockerProgram; }
    QString dir() const { return m_dir; } // empty when not started
    QString serverVersion() const { return m_serverVersion; }
    // The default network's bridge interface and the host's address on it ("10.x.y.1"): a
    // container on the default network can connect to a server the test listens with there.
    QString bridgeName() const { return m_bridge; }
    QString gatewayAddress() const { return m_gateway; }
    QString subnet() const { return m_subnet; } // "10.x.y.0/24"
    // The last maxBytes of dockerd's log (stdout and stderr).
    QString log(int maxBytes = 8000) const;

    // Runs the docker CLI against this daemon (environment()); stdin gets `input`, then EOF. Events
    // are processed while it runs (as DevPlaneProcess does), so other children's pipes keep draining.
    Result docker(const QStringList &args, int timeoutMs = 30000, const QByteArray &input = {}) const;

    // An image of busybox (static; the host's /bin/busybox) with every applet linked in /bin, plus
    // /usr/bin/env, /tmp (1777), /workspace, /root and /etc/passwd, /etc/group with root (0) and
    // nobody (65534, group nogroup and nobody), so `--user 65534:65534` and `--user nobody` work.
    // Returns the image id "sha256:<64 hex>" (usable as the image reference); built once per daemon.
    QString importBusybox(QString *error);
    // The busybox image plus the host's node (/usr/bin/node) with every shared library ldd lists
    // for it (at the same paths, and the dynamic loader), and peerDir (tests/peers/acp with its
    // node_modules) at /opt/acp-peer. Checked before it is returned: `node /opt/acp-peer/agent.mjs`
    // in it answers an ACP initialize request. Returns "sha256:<64 hex>"; built once per peerDir.
    QString importNodeAgent(const QString &peerDir, QString *error);

    // `docker ps -a --no-trunc [--filter label=labelFilter] --format '{{json .}}'`, one object per
    // container (keys ID, Names, Image, State, Status, Labels as "k=v,k=v", …); empty on failure.
    // labelFilter is "key" or "key=value".
    QJsonArray containers(const QString &labelFilter = {}) const;
    // `docker inspect nameOrId`, the first element; empty when there is no such object.
    QJsonObject inspect(const QString &nameOrId) const;
    // `docker rm -f -v` of every container; true when none is left.
    bool removeAllContainers(QString *error = nullptr) const;

    // Cleans up after DockerDaemons whose test process died without stop(): kills their dockerd,
    // containerd, shims and container processes, unmounts, deletes their bridges and directories.
    // Leaves daemons of live processes alone. start() calls it.
    static void removeStale();

private:
    bool startDaemon(QString *error, int timeoutMs);
    QString importRootfs(const QString &rootfs, QString *error);
    bool probeAcpAgent(const QString &image, QString *error);
    static Result run(const QString &program, const QStringList &args, const QProcessEnvironment &env, int timeoutMs,
        const QByteArray &input = {});

    std::unique_ptr<QProcess> m_process;
    QString m_dir;
    QString m_suffix;
    QString m_dockerProgram;
    QString m_serverVersion;
    QString m_bridge;
    QString m_gateway;
    QString m_subnet;
    QString m_busyboxImage;
    QHash<QString, QString> m_nodeImages; // canonical peer dir → image id
};
