#pragma once

#include <runnercore/workspace/SnapshotExport.h>
#include <runnercore/workspace/SnapshotManifest.h>

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace runnercore {

class Clock;

// Workspaces kept on this machine (§6.9), content-addressed per file so that successive snapshots
// of one workspace share what did not change. Layout under an owner-only root:
//   blobs/<2 hex>/<64 hex>  a content over 64 KiB, named by its SHA-256
//   packs/<name>.pack, .idx  contents (files, link texts) of at most 64 KiB, packed (SnapshotPacks)
//   index/<snapshot id>.json the snapshot: its §6.9 manifest lines and what people see of it
//   pending/<key>.txt        the materialised tree of a run still going (its blobs are kept)
//   tmp/                     blobs, packs and index files being written
//   lock                     flock: shared while a snapshot is written, restored or verified,
//                            exclusive to remove blobs and rewrite packs (a Runner killed
//                            mid-write releases it with its life)
// Crash-safe: blobs and packs are written to tmp/ and renamed into place, synced (syncfs), and
// only then the index file is written to tmp/, fsynced and renamed: a snapshot is listed only
// when all of it is on disk. Every read of the workspace is descriptor-relative and never follows
// a symlink.
class SnapshotStore
{
public:
    static constexpr qint64 DefaultMaxAgeSeconds = qint64(14) * 24 * 3600;
    static constexpr qint64 DefaultMaxBytes = qint64(5) * 1024 * 1024 * 1024;
    // Deeper trees fail the snapshot rather than leave a part out.
    static constexpr int MaxDepth = 256;

    struct Limits
    {
        qint64 maxAgeSeconds = DefaultMaxAgeSeconds;
        qint64 maxBytes = DefaultMaxBytes;
    };

    // What people and the control plane see of a snapshot: never content.
    struct Info
    {
        QString id; // snap_<32 hex>
        QByteArray digest; // sha256:<64 hex>
        QDateTime createdAt;
        QDateTime expiresAt;
        qint64 files = 0;
        qint64 bytes = 0;
        QString baseCommit; // the git commit of the workspace root, else empty
        SnapshotManifest::Changes changes;
        QString runId;
        QString title;

        // workspace.snapshot's data (§6.9).
        QJsonObject eventData() const;
        // The same and the local fields (run, title, creation): `snapshots list --json`.
        QJsonObject toJson() const;
    };

    struct TakeRequest
    {
        QString runId;
        QString title;
        QString baseCommit;
        // The tree as materialised (recordBaseline), for `changes` and diffs; none: all added.
        std::optional<SnapshotManifest> before;
        QString baselineKey; // its pending entry, released once the snapshot is written
    };

    struct Result
    {
        bool ok = false;
        Info info; // take
        SnapshotManifest manifest; // recordBaseline
        QStringList skipped; // FIFOs, sockets, devices, names a manifest cannot hold
        QString error;
        bool diskFull = false;
        // The store cannot hold it within its bound (§6.9: not kept; `error` says why). Nothing of it
        // stays: what was written is removed, and a take releases its run's baseline too.
        bool overBound = false;
    };

    enum class Restore { Restored, Unknown, Expired, DigestMismatch, Damaged, Failed };

    SnapshotStore(const QString &root, const Clock &clock);
    SnapshotStore(const QString &root, const Clock &clock, Limits limits);
    ~SnapshotStore();

    QString root() const { return m_root; }
    Limits limits() const { return m_limits; }

    // Stores the tree below dirFd (the materialised workspace) and keeps it as `key`'s baseline
    // until take() releases it; result.manifest is the tree.
    //
    // Both count the bytes they write as they write them (a file at what reading it gives, so a
    // sparse file at its full size) and stop at the bound: maxBytes less the content the baselines
    // of runs still going hold (no eviction frees it) and less what other takes of this process are
    // writing into the same store. Older snapshots still count until the prune after the take
    // evicts them, oldest first. Content the store holds already is hashed, never written again.
    Result recordBaseline(const QString &key, int dirFd) const;
    // Snapshots the tree below dirFd, then releases the request's baseline, kept or not, and
    // evicts what the limits no longer allow.
    Result take(int dirFd, const TakeRequest &request) const;

    // Complete snapshots, oldest first (expired ones too, until pruned).
    QList<Info> list() const;
    std::optional<Info> find(const QString &id) const;
    std::optional<SnapshotManifest> manifest(const QString &id) const;
    std::optional<SnapshotManifest> baseline(const QString &id) const; // the tree it was compared with
    // A blob's bytes (at most `limit`), or nullopt when missing, bigger or damaged.
    std::optional<QByteArray> blob(const QByteArray &hash, qint64 limit) const;
    // A blob's size as stored, without reading it; nullopt when the store holds no such blob.
    std::optional<qint64> blobSize(const QByteArray &hash) const;

    // Whether snapshot `id` can be restored as `digest` (held, not expired, the same digest, a
    // readable record), without reading its content: Restored, or why not with *message.
    Restore check(const QString &id, const QByteArray &digest, QString *message) const;
    // Restores snapshot `id` into targetDirFd (an empty directory), verifying every byte against
    // the manifest and the manifest against `digest` (empty: the stored one). Anything but
    // Restored leaves a partial tree the caller removes.
    Restore restore(const QString &id, const QByteArray &digest, int targetDirFd, QString *message) const;
    // The same for a person (SnapshotExport::run): every byte checked as by restore(), but what
    // makes git run commands the agent chose is left out or rewritten (SnapshotExport), and said
    // in *report. The snapshot itself is untouched.
    Restore exportTo(const QString &id, int targetDirFd, SnapshotExport::Report *report, QString *message) const;
    // Re-hashes one snapshot: its manifest against its digest, every blob against its name.
    bool verify(const QString &id, QString *problem) const;

    bool remove(const QString &id) const;
    int removeAll() const;
    struct PruneReport
    {
        int expired = 0;
        int evicted = 0;
        qint64 freedBytes = 0;
    };
    // Expired snapshots, then the oldest until the store fits maxBytes, then unreferenced blobs.
    PruneReport prune() const;
    // Bytes of the blobs and index files on disk.
    qint64 totalBytes() const;

    // Stops a take, baseline or restore in progress (another thread), which then fails.
    void cancel() const { m_cancelled = true; }

private:
    bool open(QString *error) const;
    Restore writeTree(const QString &id, const QByteArray &digest, int targetDirFd,
        SnapshotExport::Report *exportReport, QString *message) const;
    QString indexPath(const QString &id) const;
    std::optional<QJsonObject> readIndex(const QString &id) const;
    struct ReadCache;
    // `find` on the cached reader, and once more on a fresh one if it finds nothing.
    bool withReader(const QByteArray &hash, const std::function<bool(ReadCache &)> &find) const;

    QString m_root;
    const Clock &m_clock;
    Limits m_limits;
    mutable std::atomic<bool> m_cancelled = false;
    mutable std::mutex m_readMutex;
    mutable std::unique_ptr<ReadCache> m_read; // blob()'s
};

} // namespace runnercore
