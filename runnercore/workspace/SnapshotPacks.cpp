#include <runnercore/workspace/SnapshotPacks.h>

#include <runnercore/workspace/ContentHash.h>

#include <QRandomGenerator>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

constexpr qint64 FlushBytes = 1024 * 1024;
constexpr qint64 MaxIndexFileBytes = qint64(64) * 1024 * 1024;
constexpr int PackMode = 0600;

bool isLowerHex(const QByteArray &text)
{
    return std::all_of(
        text.cbegin(), text.cend(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

std::optional<qint64> decimal(const QByteArray &text)
{
    if (text.isEmpty() || text.size() > 15)
        return std::nullopt;
    qint64 value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

// A pack's base name as this store makes them: hex and '-'.
bool isPackName(const QByteArray &name)
{
    return !name.isEmpty() && name.size() <= 80 && std::all_of(name.cbegin(), name.cend(), [](char c) {
        return c == '-' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

} // namespace

std::optional<QList<SnapshotPacks::Entry>> SnapshotPacks::parseIndex(const QByteArray &bytes, qint64 packBytes)
{
    QList<Entry> entries;
    qsizetype pos = 0;
    while (pos < bytes.size()) {
        const qsizetype end = bytes.indexOf('\n', pos);
        if (end < 0)
            return std::nullopt;
        const QList<QByteArray> fields = bytes.mid(pos, end - pos).split(' ');
        pos = end + 1;
        if (fields.size() != 3 || fields.at(0).size() != 64 || !isLowerHex(fields.at(0)))
            return std::nullopt;
        const std::optional<qint64> offset = decimal(fields.at(1));
        const std::optional<qint64> size = decimal(fields.at(2));
        if (!offset || !size || *size > MaxPackedBytes || *offset > packBytes || *size > packBytes - *offset)
            return std::nullopt;
        entries.append(Entry { fields.at(0), *offset, *size });
    }
    return entries;
}

QByteArray SnapshotPacks::indexText(const QList<Entry> &entries)
{
    QByteArray text;
    text.reserve(entries.size() * 90);
    for (const Entry &e : entries)
        text += e.hash + ' ' + QByteArray::number(e.offset) + ' ' + QByteArray::number(e.size) + '\n';
    return text;
}

SnapshotPacks SnapshotPacks::load(int packsFd)
{
    SnapshotPacks set;
    UniqueFd own(::fcntl(packsFd, F_DUPFD_CLOEXEC, 0));
    DIR *dir = own.valid() ? ::fdopendir(own.get()) : nullptr;
    if (!dir)
        return set;
    own.release();
    ::rewinddir(dir);
    QList<QByteArray> names;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name.endsWith(".idx") && isPackName(name.chopped(4)))
            names.append(name.chopped(4));
    }
    std::sort(names.begin(), names.end());
    for (const QByteArray &name : std::as_const(names)) {
        struct stat pack = {};
        if (::fstatat(::dirfd(dir), (name + ".pack").constData(), &pack, AT_SYMLINK_NOFOLLOW) != 0
            || !S_ISREG(pack.st_mode))
            continue;
        const UniqueFd index(::openat(::dirfd(dir), (name + ".idx").constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
        const std::optional<QByteArray> text
            = index.valid() ? FileTree::readAll(index.get(), MaxIndexFileBytes) : std::nullopt;
        const std::optional<QList<Entry>> entries = text ? parseIndex(*text, pack.st_size) : std::nullopt;
        if (!entries)
            continue; // its contents count as missing: verify and restore say so
        const int position = int(set.m_packs.size());
        set.m_packs.append(Pack { name, qint64(pack.st_size), qint64(text->size()), *entries });
        for (const Entry &e : *entries) {
            if (!set.m_where.contains(e.hash))
                set.m_where.insert(e.hash, Location { position, e });
        }
    }
    ::closedir(dir);
    return set;
}

const SnapshotPacks::Location *SnapshotPacks::find(const QByteArray &hash) const
{
    const auto it = m_where.constFind(hash);
    return it == m_where.cend() ? nullptr : &it.value();
}

bool SnapshotPacks::holds(int pack, const QByteArray &hash) const
{
    const Location *where = find(hash);
    return where && where->pack == pack;
}

std::optional<QByteArray> SnapshotPacks::read(int packsFd, const QByteArray &hash)
{
    const Location *where = find(hash);
    if (!where)
        return std::nullopt;
    auto fd = m_open.find(where->pack);
    if (fd == m_open.end()) {
        const QByteArray name = m_packs.at(where->pack).name + ".pack";
        fd = m_open
                 .emplace(where->pack, UniqueFd(::openat(packsFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC)))
                 .first;
    }
    if (!fd->second.valid())
        return std::nullopt;
    QByteArray content(where->entry.size, Qt::Uninitialized);
    qint64 done = 0;
    while (done < content.size()) {
        const ssize_t n = ::pread(
            fd->second.get(), content.data() + done, size_t(content.size() - done), where->entry.offset + done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return std::nullopt;
        done += n;
    }
    if (ContentHash::hexOf(content) != hash)
        return std::nullopt;
    return content;
}

SnapshotPackWriter::SnapshotPackWriter(int tmpFd, int packsFd)
    : m_tmpFd(tmpFd)
    , m_packsFd(packsFd)
    , m_name(QByteArray::number(::getpid(), 16) + '-'
          + QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0')
          + QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0'))
{ }

SnapshotPackWriter::~SnapshotPackWriter()
{
    if (!m_finished)
        discard();
}

bool SnapshotPackWriter::append(const QByteArray &hash, const QByteArray &content)
{
    if (m_written.contains(hash))
        return true;
    if (!m_file.valid()) {
        m_file = UniqueFd(::openat(m_tmpFd, (m_name + ".pack").constData(),
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(PackMode)));
        if (!m_file.valid())
            return false;
    }
    m_entries.append(SnapshotPacks::Entry { hash, m_offset, content.size() });
    m_written.insert(hash, m_offset);
    m_buffer += content;
    m_offset += content.size();
    return m_buffer.size() < FlushBytes || flush();
}

bool SnapshotPackWriter::flush()
{
    const bool ok = UniqueFd::writeAll(m_file.get(), m_buffer.constData(), m_buffer.size());
    m_buffer.clear();
    return ok;
}

bool SnapshotPackWriter::finish()
{
    if (m_entries.isEmpty()) {
        m_finished = true;
        discard();
        return true;
    }
    const QByteArray pack = m_name + ".pack";
    const QByteArray index = m_name + ".idx";
    if (!flush() || ::close(m_file.release()) != 0
        || ::renameat(m_tmpFd, pack.constData(), m_packsFd, pack.constData()) != 0)
        return false;
    m_finished = true;
    const QByteArray text = SnapshotPacks::indexText(m_entries);
    UniqueFd out(
        ::openat(m_tmpFd, index.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(PackMode)));
    const bool ok = out.valid() && UniqueFd::writeAll(out.get(), text.constData(), text.size())
        && ::close(out.release()) == 0 && ::renameat(m_tmpFd, index.constData(), m_packsFd, index.constData()) == 0;
    if (!ok) {
        const int saved = errno;
        ::unlinkat(m_tmpFd, index.constData(), 0);
        ::unlinkat(m_packsFd, pack.constData(), 0); // unnamed by any index: nobody reads it
        errno = saved;
    }
    return ok;
}

void SnapshotPackWriter::discard()
{
    const int saved = errno;
    if (m_file.valid() || !m_entries.isEmpty())
        ::unlinkat(m_tmpFd, (m_name + ".pack").constData(), 0);
    m_file = UniqueFd();
    errno = saved;
}

} // namespace runnercore
