#pragma once

#include <runnercore/model/RunSpec.h>
#include <runnercore/workspace/MirrorCache.h>
#include <runnercore/workspace/MountPlacement.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QObject>
#include <QThread>

#include <memory>

namespace runnercore {

class GitCheckout;

// A run's mounts from the first one the Runner fetches on, in order (§6.8); those before it were
// written with the run's directories. Reports workspace.ready's data for every mount, or
// workspace.failed's for the one that could not be materialised.
class Materialization : public QObject
{
    Q_OBJECT
signals:
    // For people: "Fetching org/repo", 43 (-1 without a percent).
    void progress(const QString &text, int percent);
    void finished(bool ok);

public:
    struct Setup
    {
        RunSpec spec;
        QString workspaceDir; // the run's workspace directory on the host
        QString homeDir; // its private home on the host
        QString scratchDir; // an empty private directory for git's HOME
        QString gitProgram; // absolute path of git, empty when not installed
        qint64 preparedMs = 0; // what writing the mounts before the first fetched one took
        QString cacheRoot; // the git mirrors (MirrorCache); empty: none (ZDR runs)
        qint64 cacheLimitBytes = MirrorCache::DefaultLimitBytes;
        std::shared_ptr<const SnapshotStore> snapshots; // restores a snapshot mount (§6.9); null: none
    };

    explicit Materialization(Setup setup, QObject *parent = nullptr);
    ~Materialization() override;

    void start();
    void cancel();

    QJsonObject readyData() const; // workspace.ready
    QJsonObject failedData() const; // workspace.failed
    // A short text for the tray: the repository and short commit of the first git mount.
    QString repositoryText() const;
    // The snapshot mount could not be restored as asked (not held, another digest, damaged): the
    // run is refused snapshot_unavailable, never started on another workspace (§6.9).
    bool snapshotUnavailable() const { return m_snapshotUnavailable; }

private:
    void next();
    void mountDone(
        qsizetype index, qint64 files, qint64 bytes, const QString &commit, qint64 ms, bool fromCache = false);
    void failMount(qsizetype index, const QString &message);
    void restoreSnapshot(qsizetype index);
    // The empty directory a git mount is fetched into, made now; false with *error (for
    // workspace.failed) when the target exists already or cannot be made.
    bool makeGitTarget(const RunMount &mount, const MountPlacement &placement, QString *error) const;

    Setup m_setup;
    qsizetype m_index = 0;
    QJsonArray m_ready;
    QJsonObject m_failed;
    std::unique_ptr<GitCheckout> m_git;
    QElapsedTimer m_mountTimer;
    QThread *m_restore = nullptr; // a snapshot being restored, off this thread
    bool m_snapshotUnavailable = false;
    bool m_done = false;
};

} // namespace runnercore
