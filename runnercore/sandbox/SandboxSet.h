#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QJsonArray>
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <memory>

namespace runnercore {

class BubblewrapProvider;
class DockerProvider;
class HostProcessProvider;
class SandboxProvider;

// The sandbox providers this Runner enables (§8's table): host-process and bubblewrap as
// configured, docker when a daemon answers (or required with --sandbox docker). Checks what
// must be checked before the Runner connects, then keeps docker's availability current; the
// advertisement lists exactly the providers that are realisable now, guarded tiers first so
// that admission prefers them.
class SandboxSet : public QObject
{
    Q_OBJECT
signals:
    // After the start-up checks: ok false (with the reason) when --sandbox asked for a tier that
    // cannot be realised here; the Runner then refuses to start.
    void ready(bool ok, const QString &error);
    void changed(); // the advertisement changed (docker came or went)

public:
    SandboxSet(const RunnerConfig &config, const QString &runsRoot, const QString &instance, QObject *parent = nullptr);
    ~SandboxSet() override;

    void start();
    // Removes containers a killed Runner of this data directory left (once, at the Runner's start;
    // never from doctor, which runs beside a live Runner).
    void sweepLeftovers();
    // Re-checks docker now (e.g. after the machine woke up).
    void recheck();

    // Built once per availability: a heartbeat every few seconds sends the same list.
    QJsonArray advertisedProviders(const QStringList &drivers) const;
    SandboxProvider *provider(const QString &id) const;
    bool anyRealisable() const;
    // What this machine realises, for people: doctor and logs in full; brief (the tray's tooltip
    // and status window) keeps why a tier is off to its first clause, without the tool's own text.
    QString posture(bool brief = false) const;
    // Removes what a run of a dead process left: its directory, and its container if docker is on.
    void teardownLeftovers(const QString &runId);

    DockerProvider *docker() const { return m_docker.get(); }

private:
    void checkBubblewrap();
    void maybeReady();

    RunnerConfig m_config;
    QString m_runsRoot;
    std::unique_ptr<HostProcessProvider> m_host;
    std::unique_ptr<BubblewrapProvider> m_bubblewrap;
    std::unique_ptr<DockerProvider> m_docker;
    bool m_bubblewrapChecked = true;
    bool m_dockerChecked = true;
    QString m_bubblewrapError;
    bool m_readySent = false;

    struct AdvertisementCache
    {
        bool valid = false;
        bool bubblewrap = false;
        bool docker = false;
        QStringList drivers;
        QJsonArray providers;
    };
    mutable AdvertisementCache m_advertised;
};

} // namespace runnercore
