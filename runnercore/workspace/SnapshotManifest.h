#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace runnercore {

// One entry of a workspace tree as §6.9 lists it.
struct SnapshotEntry
{
    enum class Type : char { File = 'f', Link = 'l', Dir = 'd' };
    Type type = Type::File;
    bool executable = false; // files: the owner's executable bit (mode 755, else 644)
    QByteArray hash; // lowercase hex SHA-256 of the content or the link's target text; empty for a directory
    QByteArray path; // relative to the workspace root, '/' separators, UTF-8
    qint64 size = 0; // bytes of the content or link text (not part of the line)

    bool operator==(const SnapshotEntry &other) const
    {
        return type == other.type && executable == other.executable && hash == other.hash && path == other.path;
    }
};

// A workspace tree as §6.9 lists it: one line per entry, "<type> <mode> <hash> <path>\n", sorted
// by the path's bytes; the digest is "sha256:" + the SHA-256 of those lines. The store keeps
// exactly these lines, so the digest is a function of what it keeps.
class SnapshotManifest
{
public:
    // Adds an entry; entries may come in any order (text() sorts them).
    void add(SnapshotEntry entry);
    const QList<SnapshotEntry> &entries() const;
    const SnapshotEntry *find(const QByteArray &path) const;

    static QByteArray line(const SnapshotEntry &entry);
    QByteArray text() const;
    QByteArray digest() const;
    static QByteArray digestOf(const QByteArray &text);

    qint64 fileCount() const; // regular files
    qint64 byteCount() const; // their sizes

    // Whether a path can be a line of the manifest: relative, normalised, valid UTF-8, no line
    // break (a harness chooses the names; one with a line break would forge lines).
    static bool isListablePath(const QByteArray &path);

    // The lines back (a stored manifest, which may be damaged): pure over bytes, fuzzed. Strict:
    // sorted, distinct, normalised paths whose parent directories are listed before them; sizes
    // are not in the text (0).
    static std::optional<SnapshotManifest> parse(const QByteArray &text, QString *error);

    // §6.9's `changes`: over regular files and symlinks, by path.
    struct Changes
    {
        qint64 added = 0;
        qint64 modified = 0;
        qint64 deleted = 0;
    };
    static Changes compare(const SnapshotManifest &before, const SnapshotManifest &after);
    // The paths of the changes, sorted: added, modified and deleted regular files and symlinks.
    struct ChangedPaths
    {
        QList<QByteArray> added;
        QList<QByteArray> modified;
        QList<QByteArray> deleted;
    };
    static ChangedPaths changedPaths(const SnapshotManifest &before, const SnapshotManifest &after);

private:
    void sort() const;

    mutable QList<SnapshotEntry> m_entries;
    mutable bool m_sorted = true;
};

} // namespace runnercore
