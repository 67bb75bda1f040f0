#pragma once

#include <runnercore/workspace/FileTree.h>

#include <QByteArray>
#include <QHash>
#include <QList>

#include <map>
#include <optional>

namespace runnercore {

// The snapshot store's small contents, packed: creating one file per 20 KiB source file cost a
// snapshot more than copying its bytes did (ext4's inode allocation), so contents of at most
// MaxPackedBytes go one after another into packs/<name>.pack, and packs/<name>.idx says where, one
// line "<64 hex> <offset> <size>\n" per content. A pack is renamed into packs/ before its index,
// so an index names only a complete pack; a pack without an index is a leftover.
class SnapshotPacks
{
public:
    static constexpr qint64 MaxPackedBytes = 64 * 1024;

    struct Entry
    {
        QByteArray hash; // 64 hex
        qint64 offset = 0;
        qint64 size = 0;
    };

    struct Pack
    {
        QByteArray name; // without .pack / .idx
        qint64 bytes = 0; // the .pack file's size
        qint64 indexBytes = 0;
        QList<Entry> entries;
    };

    // The lines of an index, each inside a pack of packBytes; nullopt if any line is malformed.
    static std::optional<QList<Entry>> parseIndex(const QByteArray &bytes, qint64 packBytes);
    static QByteArray indexText(const QList<Entry> &entries);

    // Every indexed pack below packsFd, in name order; for a content in several, the first holds it.
    static SnapshotPacks load(int packsFd);

    const QList<Pack> &packs() const { return m_packs; }
    // Where a content lies: its pack's position in packs() and its entry; nullptr if in none.
    struct Location
    {
        int pack = -1;
        Entry entry;
    };
    const Location *find(const QByteArray &hash) const;
    bool holds(int pack, const QByteArray &hash) const;

    // A content's bytes, checked against its hash: nullopt when missing, unreadable or damaged.
    // Pack descriptors stay open in this object between calls.
    std::optional<QByteArray> read(int packsFd, const QByteArray &hash);

private:
    QList<Pack> m_packs;
    QHash<QByteArray, Location> m_where;
    std::map<int, UniqueFd> m_open;
};

// Writes one new pack: contents collected in tmpFd, then pack and index renamed into packsFd.
// Durability is the caller's (one syncfs before anything names the pack); an unfinished writer
// removes its temporary file.
class SnapshotPackWriter
{
public:
    SnapshotPackWriter(int tmpFd, int packsFd);
    ~SnapshotPackWriter();
    SnapshotPackWriter(const SnapshotPackWriter &) = delete;
    SnapshotPackWriter &operator=(const SnapshotPackWriter &) = delete;

    bool contains(const QByteArray &hash) const { return m_written.contains(hash); }
    bool isEmpty() const { return m_entries.isEmpty(); }
    qint64 bytes() const { return m_offset; }
    // False with errno set on a failed write.
    bool append(const QByteArray &hash, const QByteArray &content);
    // Renames the pack, then its index, into packs/ (nothing when empty). False with errno set.
    bool finish();

private:
    bool flush();
    void discard();

    int m_tmpFd;
    int m_packsFd;
    QByteArray m_name;
    UniqueFd m_file;
    QByteArray m_buffer;
    qint64 m_offset = 0;
    QList<SnapshotPacks::Entry> m_entries;
    QHash<QByteArray, qint64> m_written;
    bool m_finished = false;
};

} // namespace runnercore
