#include <runnercore/workspace/SnapshotStore.h>

#include <runnercore/workspace/SnapshotPacks.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/QuotedPath.h>
#include <runnercore/config/PrivateDirectory.h>
#include <runnercore/workspace/ContentHash.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/GitConfigFilter.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <functional>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(SnapshotStore)
};

constexpr int FormatVersion = 1;
constexpr qint64 ChunkBytes = 1024 * 1024;
constexpr qint64 SmallFileBytes = 4 * 1024 * 1024; // read whole, hashed before anything is written
constexpr qint64 MaxIndexBytes = qint64(256) * 1024 * 1024;
constexpr qint64 PendingLifetimeSeconds = 2 * 24 * 3600; // no run lasts longer (§5: 86400 s at most)
constexpr int BlobMode = 0600;
constexpr int IndexMode = 0600;

bool isSnapshotId(const QString &id)
{
    static const QRegularExpression shape(QRegularExpression::anchoredPattern(QStringLiteral("snap_[0-9a-f]{32}")));
    return shape.match(id).hasMatch();
}

bool isHashName(const char *name)
{
    if (std::strlen(name) != 64)
        return false;
    for (const char *c = name; *c; ++c) {
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    }
    return true;
}

bool isDiskFull(int error)
{
    return error == ENOSPC || error == EDQUOT;
}

// Reads up to buffer.size() bytes; -1 on error.
qint64 readSome(int fd, QByteArray &buffer)
{
    for (;;) {
        const ssize_t n = ::read(fd, buffer.data(), size_t(buffer.size()));
        if (n < 0 && errno == EINTR)
            continue;
        return n;
    }
}

QByteArray hashHex(const QByteArray &content)
{
    return ContentHash::hexOf(content);
}

// The harness chose the names; messages reach terminals and widgets.
QString shownPath(const QByteArray &path)
{
    return QuotedPath::quote(path);
}

// Held for the life of an operation; the kernel releases it when the process dies.
class StoreLock
{
public:
    StoreLock(int rootFd, int operation)
    {
        m_fd = UniqueFd(::openat(rootFd, "lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
        if (!m_fd.valid())
            return;
        int rc;
        do
            rc = ::flock(m_fd.get(), operation);
        while (rc != 0 && errno == EINTR);
        m_held = rc == 0;
    }
    bool held() const { return m_held; }

private:
    UniqueFd m_fd;
    bool m_held = false;
};

// The store's directories, opened once per operation.
struct StoreDirs
{
    UniqueFd root;
    UniqueFd blobs;
    UniqueFd index;
    UniqueFd pending;
    UniqueFd tmp;
    UniqueFd packs;
};

// "64 MiB", "1.5 GiB", "7 bytes": sizes in what a run.warning tells people.
QString sizeText(qint64 bytes)
{
    static constexpr const char *units[] = { "KiB", "MiB", "GiB", "TiB" };
    if (bytes < 1024)
        return Messages::tr("%1 bytes").arg(bytes);
    double value = double(bytes);
    int unit = -1;
    while (value >= 1024 && unit < 3) {
        value /= 1024;
        ++unit;
    }
    QString number = QString::number(value, 'f', 1);
    if (number.endsWith(QLatin1String(".0")))
        number.chop(2);
    return number + QLatin1Char(' ') + QLatin1String(units[unit]);
}

QHash<QByteArray, qint64> looseSizes(int blobsFd);

// The bytes the takes and baselines of this process are writing into each store (by its root) and
// that are not part of it yet. Runs that end together share one bound through it, rather than each
// writing up to all of it at once.
class BytesInFlight
{
public:
    BytesInFlight(QString root, qint64 limit) : m_root(std::move(root)), m_limit(limit) { }
    ~BytesInFlight() { release(m_held); }
    BytesInFlight(const BytesInFlight &) = delete;
    BytesInFlight &operator=(const BytesInFlight &) = delete;

    // Whether `bytes` more fit within the limit beside what every writer of this store holds; if
    // so, they are held until released.
    bool reserve(qint64 bytes)
    {
        const std::lock_guard<std::mutex> guard(mutex());
        qint64 &total = totals()[m_root];
        if (bytes > m_limit - total)
            return false;
        total += bytes;
        m_held += bytes;
        return true;
    }
    void release(qint64 bytes)
    {
        bytes = std::min(bytes, m_held);
        if (bytes <= 0)
            return;
        const std::lock_guard<std::mutex> guard(mutex());
        totals()[m_root] -= bytes;
        m_held -= bytes;
    }

private:
    static std::mutex &mutex()
    {
        static std::mutex m;
        return m;
    }
    static QHash<QString, qint64> &totals()
    {
        static QHash<QString, qint64> t;
        return t;
    }

    QString m_root;
    qint64 m_limit;
    qint64 m_held = 0;
};

// Writes content-addressed blobs: small ones into one new pack (SnapshotPacks), the others to tmp/.
// Nothing it writes is seen by anyone else until finish() renames the pack into packs/ and the
// others to blobs/<2>/<64>: a writer that does not finish (refused, failed, stopped) removes all of
// it, and no other take can have come to rely on a content it wrote.
//
// Bounded: every byte it writes is counted as it is written, against the store's bound less what
// it must keep whatever it evicts (the content the baselines of runs still going name) and less
// what other writers of this process are writing. A file is counted at what reading it gives, so a
// sparse file counts at its full size. Past that, only content the store holds already can still
// be kept (it is hashed, not written); anything else is refused with overBound.
class BlobWriter
{
public:
    BlobWriter(const StoreDirs &dirs, const std::atomic<bool> &cancelled, const QString &root, qint64 maxBytes)
        : m_dirs(dirs)
        , m_cancelled(cancelled)
        , m_known(SnapshotPacks::load(dirs.packs.get()))
        , m_pack(dirs.tmp.get(), dirs.packs.get())
        , m_maxBytes(maxBytes)
        , m_pinnedBytes(pinnedBytes())
        , m_budget(root, maxBytes - m_pinnedBytes)
    { }

    ~BlobWriter()
    {
        discardTemp();
        for (const Staged &staged : std::as_const(m_staged))
            ::unlinkat(m_dirs.tmp.get(), staged.tempName.constData(), 0);
    }

    QString error;
    bool diskFull = false;
    bool overBound = false;

    // What the bound is, for the message that refuses a workspace.
    QString boundText() const
    {
        return Messages::tr("the snapshot store keeps at most %1 (%2 of it for runs still going)")
            .arg(sizeText(m_maxBytes), sizeText(m_pinnedBytes));
    }

    bool has(const QByteArray &hash, qint64 size) const
    {
        if (size <= SnapshotPacks::MaxPackedBytes) {
            const SnapshotPacks::Location *packed = m_known.find(hash);
            if ((packed && packed->entry.size == size) || m_pack.contains(hash))
                return true;
        }
        const auto staged = m_staged.constFind(hash);
        if (staged != m_staged.cend())
            return staged->size == size;
        struct stat st = {};
        const QByteArray name = hash.left(2) + '/' + hash;
        return ::fstatat(m_dirs.blobs.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode)
            && st.st_size == size;
    }

    // Stores a content held in memory; its hash in *hash.
    bool storeBytes(const QByteArray &content, QByteArray *hash)
    {
        *hash = hashHex(content);
        if (has(*hash, content.size()))
            return true;
        if (!m_budget.reserve(content.size()))
            return refuse();
        if (content.size() <= SnapshotPacks::MaxPackedBytes)
            return m_pack.append(*hash, content) || fail(errno);
        if (!createTemp())
            return false;
        if (!UniqueFd::writeAll(m_temp.get(), content.constData(), content.size()))
            return fail(errno);
        return stage(*hash, content.size());
    }

    // Stores the regular file fd (copied while hashed); its hash and size in *hash, *size.
    bool storeFile(int fd, qint64 statSize, QByteArray *hash, qint64 *size)
    {
        if (statSize <= SmallFileBytes) {
            const std::optional<QByteArray> content = FileTree::readAll(fd, SmallFileBytes, statSize);
            if (content) {
                *size = content->size();
                return storeBytes(*content, hash);
            }
            if (::lseek(fd, 0, SEEK_SET) != 0)
                return fail(errno);
        }
        if (!createTemp())
            return false;
        ContentHash sha;
        QByteArray buffer(ChunkBytes, Qt::Uninitialized);
        qint64 total = 0;
        for (;;) {
            if (m_cancelled)
                return failWith(Messages::tr("stopped"));
            const qint64 n = readSome(fd, buffer);
            if (n < 0)
                return fail(errno);
            if (n == 0)
                break;
            sha.add(buffer.constData(), n);
            total += n;
            if (!m_temp.valid())
                continue; // past the bound: hashed only
            if (!m_budget.reserve(n)) {
                // Only a content the store holds already can still be kept, and none of another size
                // can be it: a file made to look large (a sparse one) is refused here, not read to its end.
                if (!mayHold(statSize))
                    return refuse();
                discardTemp();
                continue;
            }
            m_tempBytes += n;
            if (!UniqueFd::writeAll(m_temp.get(), buffer.constData(), n))
                return fail(errno);
        }
        *hash = sha.hex();
        *size = total;
        if (has(*hash, total)) {
            discardTemp();
            return true;
        }
        if (!m_temp.valid())
            return refuse();
        return stage(*hash, total);
    }

    // Makes what this writer wrote part of the store: the pack into packs/, the other blobs into
    // blobs/ (before the caller's syncfs and record).
    bool finish()
    {
        for (auto it = m_staged.begin(); it != m_staged.end();) {
            const QByteArray dir = it.key().left(2);
            const QByteArray byte = QByteArray::fromHex(dir);
            const int slot = byte.isEmpty() ? 0 : uchar(byte.at(0));
            if (!m_madeDirs[slot]) {
                if (::mkdirat(m_dirs.blobs.get(), dir.constData(), 0700) != 0 && errno != EEXIST)
                    return fail(errno);
                m_madeDirs[slot] = true; // one mkdir per fan-out directory and operation
            }
            const QByteArray name = dir + '/' + it.key();
            if (::renameat(m_dirs.tmp.get(), it->tempName.constData(), m_dirs.blobs.get(), name.constData()) != 0)
                return fail(errno);
            it = m_staged.erase(it);
        }
        return m_pack.finish() || fail(errno);
    }

private:
    struct Staged
    {
        QByteArray tempName; // in tmp/ until finish()
        qint64 size = 0;
    };

    // The content the baselines of runs still going name (pending/), each once: it stays whatever a
    // prune evicts, so it is not room a take can have.
    qint64 pinnedBytes() const
    {
        UniqueFd own(::fcntl(m_dirs.pending.get(), F_DUPFD_CLOEXEC, 0));
        DIR *dir = own.valid() ? ::fdopendir(own.get()) : nullptr;
        if (!dir)
            return 0;
        own.release();
        ::rewinddir(dir);
        QSet<QByteArray> counted;
        qint64 total = 0;
        while (const dirent *entry = ::readdir(dir)) {
            if (!QByteArray(entry->d_name).endsWith(".txt"))
                continue;
            const UniqueFd in(::openat(::dirfd(dir), entry->d_name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
            const std::optional<QByteArray> text
                = in.valid() ? FileTree::readAll(in.get(), MaxIndexBytes) : std::nullopt;
            QString unreadable;
            const std::optional<SnapshotManifest> manifest
                = text ? SnapshotManifest::parse(*text, &unreadable) : std::nullopt;
            for (const SnapshotEntry &e : manifest ? manifest->entries() : QList<SnapshotEntry>()) {
                if (e.type == SnapshotEntry::Type::Dir || counted.contains(e.hash))
                    continue;
                counted.insert(e.hash);
                if (const SnapshotPacks::Location *packed = m_known.find(e.hash)) {
                    total += packed->entry.size;
                    continue;
                }
                struct stat st = {};
                const QByteArray name = e.hash.left(2) + '/' + e.hash;
                if (::fstatat(m_dirs.blobs.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) == 0)
                    total += st.st_size;
            }
        }
        ::closedir(dir);
        return total;
    }

    // Whether the store may hold a content of exactly `size` bytes already (a loose blob or one of
    // this writer's), asked once a file no longer fits; the sizes are read once.
    bool mayHold(qint64 size)
    {
        if (!m_storedSizes) {
            m_storedSizes.emplace();
            for (const qint64 stored : looseSizes(m_dirs.blobs.get()))
                m_storedSizes->insert(stored);
        }
        if (m_storedSizes->contains(size))
            return true;
        return std::any_of(m_staged.cbegin(), m_staged.cend(), [&](const Staged &s) { return s.size == size; });
    }

    bool createTemp()
    {
        m_tempName = QByteArray::number(::getpid()) + '-'
            + QByteArray::number(QRandomGenerator::system()->generate64(), 16) + ".blob";
        m_temp = UniqueFd(::openat(m_dirs.tmp.get(), m_tempName.constData(),
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(BlobMode)));
        m_tempBytes = 0;
        return m_temp.valid() || fail(errno);
    }

    // The blob being written, gone (with the bytes it held of the budget).
    void discardTemp()
    {
        if (!m_temp.valid())
            return;
        m_temp = UniqueFd();
        ::unlinkat(m_dirs.tmp.get(), m_tempName.constData(), 0);
        m_budget.release(m_tempBytes);
        m_tempBytes = 0;
    }

    // The blob written, kept in tmp/ under its hash until finish().
    bool stage(const QByteArray &hash, qint64 size)
    {
        if (::close(m_temp.release()) != 0) {
            const int saved = errno;
            ::unlinkat(m_dirs.tmp.get(), m_tempName.constData(), 0);
            return fail(saved);
        }
        m_staged.insert(hash, Staged { m_tempName, size });
        m_tempBytes = 0;
        return true;
    }

    bool refuse()
    {
        overBound = true;
        discardTemp();
        return false;
    }

    bool fail(int errorNumber)
    {
        diskFull = diskFull || isDiskFull(errorNumber);
        discardTemp();
        return failWith(FileTree::systemError(errorNumber));
    }

    bool failWith(const QString &message)
    {
        if (error.isEmpty())
            error = message;
        return false;
    }

    const StoreDirs &m_dirs;
    const std::atomic<bool> &m_cancelled;
    UniqueFd m_temp;
    QByteArray m_tempName;
    qint64 m_tempBytes = 0; // of the budget, held by m_temp
    QHash<QByteArray, Staged> m_staged;
    std::array<bool, 256> m_madeDirs = {};
    SnapshotPacks m_known;
    SnapshotPackWriter m_pack;
    std::optional<QSet<qint64>> m_storedSizes;
    qint64 m_maxBytes;
    qint64 m_pinnedBytes;
    BytesInFlight m_budget;
};

// The tree below a directory, each file and link text stored through a BlobWriter; never
// following a symlink, reading through descriptors only.
class TreeScanner
{
public:
    TreeScanner(BlobWriter &writer, SnapshotStore::Result &result, const std::atomic<bool> &cancelled)
        : m_writer(writer), m_result(result), m_cancelled(cancelled)
    { }

    bool scan(int dirFd, const QByteArray &prefix, int depth)
    {
        if (depth > SnapshotStore::MaxDepth)
            return failWith(Messages::tr("%1 lies deeper than %2 directories").arg(shownPath(prefix)).arg(depth - 1));
        UniqueFd own(::fcntl(dirFd, F_DUPFD_CLOEXEC, 0));
        DIR *dir = own.valid() ? ::fdopendir(own.get()) : nullptr;
        if (!dir)
            return failWith(
                Messages::tr("cannot read %1: %2")
                    .arg(prefix.isEmpty() ? QStringLiteral(".") : shownPath(prefix), FileTree::systemError(errno)));
        own.release();
        ::rewinddir(dir); // a duplicate shares the offset: a caller's descriptor may have been read before
        QList<QByteArray> names;
        while (const dirent *entry = ::readdir(dir)) {
            if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
                names.append(QByteArray(entry->d_name));
        }
        bool ok = true;
        for (const QByteArray &name : std::as_const(names)) {
            if (!(ok = entry(::dirfd(dir), name, prefix, depth)))
                break;
        }
        ::closedir(dir);
        return ok;
    }

private:
    bool entry(int dirFd, const QByteArray &name, const QByteArray &prefix, int depth)
    {
        if (m_cancelled)
            return failWith(Messages::tr("stopped"));
        const QByteArray path = prefix.isEmpty() ? name : prefix + '/' + name;
        struct stat st = {};
        if (::fstatat(dirFd, name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            if (errno == ENOENT)
                return true; // gone meanwhile
            return failWith(Messages::tr("cannot read %1: %2").arg(shownPath(path), FileTree::systemError(errno)));
        }
        const bool listable = SnapshotManifest::isListablePath(path);
        if (!listable || !(S_ISDIR(st.st_mode) || S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))) {
            m_result.skipped.append(QString::fromUtf8(path));
            return true;
        }
        SnapshotEntry entry;
        entry.path = path;
        if (S_ISDIR(st.st_mode)) {
            entry.type = SnapshotEntry::Type::Dir;
            UniqueFd child(::openat(dirFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (!child.valid())
                return failWith(Messages::tr("cannot read %1: %2").arg(shownPath(path), FileTree::systemError(errno)));
            m_result.manifest.add(entry);
            return scan(child.get(), path, depth + 1);
        }
        if (S_ISLNK(st.st_mode)) {
            entry.type = SnapshotEntry::Type::Link;
            QByteArray target(qMax<qint64>(st.st_size, 255) + 1, Qt::Uninitialized);
            const ssize_t n = ::readlinkat(dirFd, name.constData(), target.data(), size_t(target.size()));
            if (n < 0 || n >= target.size())
                return failWith(Messages::tr("cannot read the link %1").arg(shownPath(path)));
            target.truncate(n);
            entry.size = n;
            if (!m_writer.storeBytes(target, &entry.hash))
                return writeFailed(path, n);
            m_result.manifest.add(entry);
            return true;
        }
        entry.type = SnapshotEntry::Type::File;
        entry.executable = (st.st_mode & S_IXUSR) != 0;
        // O_NONBLOCK: a FIFO swapped in after fstatat must not block the open.
        UniqueFd file(::openat(dirFd, name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC));
        struct stat opened = {};
        if (!file.valid() || ::fstat(file.get(), &opened) != 0 || !S_ISREG(opened.st_mode)
            || opened.st_ino != st.st_ino)
            return failWith(Messages::tr("cannot read %1: %2").arg(shownPath(path), FileTree::systemError(errno)));
        ::fcntl(file.get(), F_SETFL, 0);
        if (!m_writer.storeFile(file.get(), opened.st_size, &entry.hash, &entry.size))
            return writeFailed(path, opened.st_size);
        m_result.manifest.add(entry);
        return true;
    }

    bool failWith(const QString &message)
    {
        if (m_result.error.isEmpty())
            m_result.error = message;
        return false;
    }

    // Why the writer did not take `path` (`size` bytes as listed).
    bool writeFailed(const QByteArray &path, qint64 size)
    {
        if (!m_writer.overBound)
            return failWith(Messages::tr("%1: %2").arg(shownPath(path), m_writer.error));
        m_result.overBound = true;
        return failWith(Messages::tr("%1 (%2) does not fit: %3, sparse files counted at their full size")
                            .arg(shownPath(path), sizeText(size), m_writer.boundText()));
    }

    BlobWriter &m_writer;
    SnapshotStore::Result &m_result;
    const std::atomic<bool> &m_cancelled;
};

bool openDirs(const QString &root, StoreDirs *dirs, QString *error)
{
    QDir().mkpath(QFileInfo(root).absolutePath());
    if (!PrivateDirectory::ensure(root, error, QStringLiteral("XDG_DATA_HOME")))
        return false;
    dirs->root = UniqueFd(::open(QFile::encodeName(root).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!dirs->root.valid()) {
        *error = Messages::tr("cannot open %1: %2").arg(root, FileTree::systemError(errno));
        return false;
    }
    dirs->blobs = FileTree::makePrivateDir(dirs->root.get(), "blobs", error);
    dirs->index = FileTree::makePrivateDir(dirs->root.get(), "index", error);
    dirs->pending = FileTree::makePrivateDir(dirs->root.get(), "pending", error);
    dirs->tmp = FileTree::makePrivateDir(dirs->root.get(), "tmp", error);
    dirs->packs = FileTree::makePrivateDir(dirs->root.get(), "packs", error);
    return dirs->blobs.valid() && dirs->index.valid() && dirs->pending.valid() && dirs->tmp.valid()
        && dirs->packs.valid();
}

// Writes `content` as dirFd/name atomically: tmp/, fsync, rename, fsync of the directory.
bool writeDurably(
    const StoreDirs &dirs, int dirFd, const QByteArray &name, const QByteArray &content, QString *error, bool *diskFull)
{
    const QByteArray temp = QByteArray::number(::getpid()) + '-'
        + QByteArray::number(QRandomGenerator::system()->generate64(), 16) + ".index";
    UniqueFd out(::openat(
        dirs.tmp.get(), temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(IndexMode)));
    const bool ok = out.valid() && UniqueFd::writeAll(out.get(), content.constData(), content.size())
        && ::fsync(out.get()) == 0 && ::close(out.release()) == 0
        && ::renameat(dirs.tmp.get(), temp.constData(), dirFd, name.constData()) == 0;
    if (!ok) {
        const int saved = errno;
        ::unlinkat(dirs.tmp.get(), temp.constData(), 0);
        *diskFull = isDiskFull(saved);
        *error = FileTree::systemError(saved);
        return false;
    }
    ::fsync(dirFd);
    return true;
}

QByteArray pendingName(const QString &key)
{
    QByteArray safe;
    for (const char c : key.toUtf8())
        safe += (std::isalnum(uchar(c)) || c == '_' || c == '-') ? c : '_';
    return safe + ".txt";
}

// Every loose blob on disk: hash → size.
QHash<QByteArray, qint64> looseSizes(int blobsFd)
{
    QHash<QByteArray, qint64> sizes;
    UniqueFd own(::fcntl(blobsFd, F_DUPFD_CLOEXEC, 0));
    DIR *top = own.valid() ? ::fdopendir(own.get()) : nullptr;
    if (!top)
        return sizes;
    own.release();
    while (const dirent *sub = ::readdir(top)) {
        if (std::strlen(sub->d_name) != 2)
            continue;
        UniqueFd subFd(::openat(::dirfd(top), sub->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        DIR *dir = subFd.valid() ? ::fdopendir(subFd.get()) : nullptr;
        if (!dir)
            continue;
        subFd.release();
        while (const dirent *blob = ::readdir(dir)) {
            struct stat st = {};
            if (isHashName(blob->d_name) && ::fstatat(::dirfd(dir), blob->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0)
                sizes.insert(QByteArray(blob->d_name), st.st_size);
        }
        ::closedir(dir);
    }
    ::closedir(top);
    return sizes;
}

// Removes what no index makes whole: a pack without its index (a writer died between the two
// renames), an index without its pack. Only under the exclusive lock.
void removeLeftoverPacks(int packsFd)
{
    UniqueFd own(::fcntl(packsFd, F_DUPFD_CLOEXEC, 0));
    DIR *dir = own.valid() ? ::fdopendir(own.get()) : nullptr;
    if (!dir)
        return;
    own.release();
    ::rewinddir(dir);
    QSet<QByteArray> packs;
    QSet<QByteArray> indexes;
    while (const dirent *entry = ::readdir(dir)) {
        const QByteArray name(entry->d_name);
        if (name.endsWith(".pack"))
            packs.insert(name.chopped(5));
        else if (name.endsWith(".idx"))
            indexes.insert(name.chopped(4));
    }
    for (const QByteArray &name : std::as_const(packs)) {
        if (!indexes.contains(name))
            ::unlinkat(::dirfd(dir), (name + ".pack").constData(), 0);
    }
    for (const QByteArray &name : std::as_const(indexes)) {
        if (!packs.contains(name))
            ::unlinkat(::dirfd(dir), (name + ".idx").constData(), 0);
    }
    ::closedir(dir);
}

// Packs none of whose contents is referenced are deleted; one where more than a quarter of the
// bytes is no longer referenced is rewritten with the rest (so the store's size stays near what
// its snapshots hold, without rewriting a big pack for one dropped file). Only under the
// exclusive lock. Returns the bytes freed; on a failed write nothing old is removed (the new
// packs then hold duplicates, which a later prune drops).
qint64 prunePacks(const StoreDirs &dirs, const QSet<QByteArray> &referenced)
{
    removeLeftoverPacks(dirs.packs.get());
    SnapshotPacks packs = SnapshotPacks::load(dirs.packs.get());
    QList<int> dropped; // removed once what they still hold is on disk in new packs
    qint64 kept = 0;
    for (int i = 0; i < packs.packs().size(); ++i) {
        const SnapshotPacks::Pack &pack = packs.packs().at(i);
        QList<QByteArray> live;
        qint64 liveBytes = 0;
        for (const SnapshotPacks::Entry &e : pack.entries) {
            if (referenced.contains(e.hash) && packs.holds(i, e.hash)) {
                live.append(e.hash);
                liveBytes += e.size;
            }
        }
        if (!live.isEmpty() && (pack.bytes - liveBytes) * 4 <= pack.bytes)
            continue;
        if (!live.isEmpty()) {
            SnapshotPackWriter writer(dirs.tmp.get(), dirs.packs.get());
            for (const QByteArray &hash : std::as_const(live)) {
                // A damaged content is not copied on: it stays missing, as it was unreadable.
                const std::optional<QByteArray> content = packs.read(dirs.packs.get(), hash);
                if (content && !writer.append(hash, *content))
                    return 0;
            }
            if (!writer.finish())
                return 0;
            kept += writer.bytes();
        }
        dropped.append(i);
    }
    // One sync for all new packs, before any old one goes.
    if (dropped.isEmpty() || (kept > 0 && ::syncfs(dirs.root.get()) != 0))
        return 0;
    qint64 freed = -kept;
    for (const int i : std::as_const(dropped)) {
        const SnapshotPacks::Pack &pack = packs.packs().at(i);
        ::unlinkat(dirs.packs.get(), (pack.name + ".idx").constData(), 0);
        ::unlinkat(dirs.packs.get(), (pack.name + ".pack").constData(), 0);
        freed += pack.bytes;
    }
    return freed;
}

void collectHashes(const SnapshotManifest &manifest, QSet<QByteArray> *into)
{
    for (const SnapshotEntry &e : manifest.entries()) {
        if (e.type != SnapshotEntry::Type::Dir)
            into->insert(e.hash);
    }
}

// Reads stored contents, packed or loose, each checked against its hash.
class BlobReader
{
public:
    enum class Outcome { Ok, Missing, Damaged, Failed };

    explicit BlobReader(const StoreDirs &dirs) : m_dirs(dirs), m_packs(SnapshotPacks::load(dirs.packs.get())) { }

    // A whole content of at most `limit` bytes, or nullopt (missing, damaged or bigger).
    std::optional<QByteArray> read(const QByteArray &hash, qint64 limit)
    {
        if (m_packs.find(hash)) {
            std::optional<QByteArray> content = m_packs.read(m_dirs.packs.get(), hash);
            return content && content->size() <= limit ? content : std::nullopt;
        }
        const UniqueFd fd = openLoose(hash);
        std::optional<QByteArray> content = fd.valid() ? FileTree::readAll(fd.get(), limit) : std::nullopt;
        if (content && hashHex(*content) != hash)
            return std::nullopt;
        return content;
    }

    // A content's size as stored (not checked: reading it checks it).
    std::optional<qint64> size(const QByteArray &hash) const
    {
        if (const SnapshotPacks::Location *packed = m_packs.find(hash))
            return packed->entry.size;
        struct stat st = {};
        const QByteArray name = hash.left(2) + '/' + hash;
        if (::fstatat(m_dirs.blobs.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            return std::nullopt;
        return qint64(st.st_size);
    }

    // Hands a content to `sink` piece by piece; Damaged when its bytes do not match (possibly after
    // some were handed on), Failed when the sink failed (errno as it left it).
    Outcome stream(const QByteArray &hash, const std::function<bool(const char *, qint64)> &sink)
    {
        if (m_packs.find(hash)) {
            const std::optional<QByteArray> content = m_packs.read(m_dirs.packs.get(), hash);
            if (!content)
                return Outcome::Damaged;
            return sink(content->constData(), content->size()) ? Outcome::Ok : Outcome::Failed;
        }
        const UniqueFd fd = openLoose(hash);
        if (!fd.valid())
            return Outcome::Missing;
        ContentHash sha;
        for (;;) {
            const qint64 n = readSome(fd.get(), m_buffer);
            if (n < 0)
                return Outcome::Damaged;
            if (n == 0)
                break;
            sha.add(m_buffer.constData(), n);
            if (!sink(m_buffer.constData(), n))
                return Outcome::Failed;
        }
        return sha.hex() == hash ? Outcome::Ok : Outcome::Damaged;
    }

private:
    UniqueFd openLoose(const QByteArray &hash) const
    {
        const QByteArray name = hash.left(2) + '/' + hash;
        return UniqueFd(::openat(m_dirs.blobs.get(), name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    }

    const StoreDirs &m_dirs;
    SnapshotPacks m_packs;
    QByteArray m_buffer = QByteArray(ChunkBytes, Qt::Uninitialized); // one per reader, not per file
};

// Writes the tree of `manifest` below targetFd from the blobs, each byte checked; for an export
// (a report to fill), as SnapshotExport's plan says.
class TreeRestorer
{
public:
    TreeRestorer(const StoreDirs &dirs, const std::atomic<bool> &cancelled, SnapshotExport::Report *exportReport)
        : m_reader(dirs), m_cancelled(cancelled), m_report(exportReport)
    { }

    SnapshotStore::Restore restore(const SnapshotManifest &manifest, int targetFd, QString *message)
    {
        std::optional<SnapshotExport::Plan> plan;
        if (m_report) {
            plan = SnapshotExport::plan(manifest,
                [this](const SnapshotEntry &e) { return m_reader.read(e.hash, SnapshotPacks::MaxPackedBytes); });
            m_report->leftOut = plan->leftOut();
        }
        // The directories down to the entry's parent; all of them were created here before.
        std::vector<std::pair<QByteArray, UniqueFd>> stack;
        for (const SnapshotEntry &entry : manifest.entries()) {
            if (m_cancelled) {
                *message = QCoreApplication::translate("SnapshotStore", "stopped");
                return SnapshotStore::Restore::Failed;
            }
            const SnapshotExport::Action action = plan ? plan->action(entry.path) : SnapshotExport::Action::Write;
            if (action == SnapshotExport::Action::LeaveOut)
                continue;
            const qsizetype slash = entry.path.lastIndexOf('/');
            const QByteArray parent = slash < 0 ? QByteArray() : entry.path.left(slash);
            const QByteArray name = entry.path.mid(slash + 1);
            while (!stack.empty() && parent != stack.back().first && !parent.startsWith(stack.back().first + '/'))
                stack.pop_back();
            QByteArray current = stack.empty() ? QByteArray() : stack.back().first;
            while (current != parent) {
                const qsizetype from = current.isEmpty() ? 0 : current.size() + 1;
                const qsizetype next = parent.indexOf('/', from);
                const QByteArray step = next < 0 ? parent : parent.left(next);
                const int base = stack.empty() ? targetFd : stack.back().second.get();
                UniqueFd fd(
                    ::openat(base, step.mid(from).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
                if (!fd.valid()) {
                    *message = QCoreApplication::translate("SnapshotStore", "%1: its directory is missing")
                                   .arg(shownPath(entry.path));
                    return SnapshotStore::Restore::Damaged;
                }
                stack.emplace_back(step, std::move(fd));
                current = step;
            }
            const int parentFd = stack.empty() ? targetFd : stack.back().second.get();
            const auto result = action == SnapshotExport::Action::RewriteGitConfig
                ? writeGitConfig(parentFd, name, entry, message)
                : write(parentFd, name, entry, message);
            if (result != SnapshotStore::Restore::Restored)
                return result;
        }
        return SnapshotStore::Restore::Restored;
    }

private:
    SnapshotStore::Restore write(int parentFd, const QByteArray &name, const SnapshotEntry &entry, QString *message)
    {
        switch (entry.type) {
        case SnapshotEntry::Type::Dir:
            if (::mkdirat(parentFd, name.constData(), 0755) != 0)
                return ioFailure(entry.path, message);
            return SnapshotStore::Restore::Restored;
        case SnapshotEntry::Type::Link: {
            const std::optional<QByteArray> target = readBlob(entry, message);
            if (!target)
                return SnapshotStore::Restore::Damaged;
            if (::symlinkat(target->constData(), parentFd, name.constData()) != 0)
                return ioFailure(entry.path, message);
            return SnapshotStore::Restore::Restored;
        }
        case SnapshotEntry::Type::File:
            break;
        }
        const mode_t mode = entry.executable ? 0755 : 0644;
        UniqueFd out(::openat(parentFd, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode));
        if (!out.valid())
            return ioFailure(entry.path, message);
        switch (m_reader.stream(
            entry.hash, [&](const char *data, qint64 size) { return UniqueFd::writeAll(out.get(), data, size); })) {
        case BlobReader::Outcome::Ok:
            break;
        case BlobReader::Outcome::Missing:
            *message = QCoreApplication::translate("SnapshotStore", "%1: its content is missing from the store")
                           .arg(shownPath(entry.path));
            return SnapshotStore::Restore::Damaged;
        case BlobReader::Outcome::Damaged:
            *message = QCoreApplication::translate("SnapshotStore", "%1: its stored content is damaged")
                           .arg(shownPath(entry.path));
            return SnapshotStore::Restore::Damaged;
        case BlobReader::Outcome::Failed:
            return ioFailure(entry.path, message);
        }
        // O_CREAT's mode passes through the umask; the manifest's modes are exact.
        if (::fchmod(out.get(), mode) != 0 || ::close(out.release()) != 0)
            return ioFailure(entry.path, message);
        return SnapshotStore::Restore::Restored;
    }

    // A git configuration, checked against its hash, written as GitConfigFilter keeps it. One
    // larger than any git would need is left out whole.
    SnapshotStore::Restore writeGitConfig(
        int parentFd, const QByteArray &name, const SnapshotEntry &entry, QString *message)
    {
        constexpr qint64 MaxGitConfigBytes = 4 * 1024 * 1024;
        QByteArray config;
        switch (m_reader.stream(entry.hash, [&](const char *data, qint64 size) {
            config.append(data, size);
            return config.size() <= MaxGitConfigBytes;
        })) {
        case BlobReader::Outcome::Ok:
            break;
        case BlobReader::Outcome::Failed: // over the bound
            m_report->leftOut.append({ entry.path, SnapshotExport::Reason::TooLargeToRewrite });
            return SnapshotStore::Restore::Restored;
        case BlobReader::Outcome::Missing:
        case BlobReader::Outcome::Damaged:
            *message = QCoreApplication::translate("SnapshotStore", "%1: its stored content is damaged")
                           .arg(shownPath(entry.path));
            return SnapshotStore::Restore::Damaged;
        }
        const GitConfigFilter::Result kept = GitConfigFilter::filter(config);
        m_report->rewritten.append(entry.path);
        for (const QByteArray &key : kept.droppedKeys) {
            if (!m_report->droppedKeys.contains(key))
                m_report->droppedKeys.append(key);
        }
        UniqueFd out(::openat(parentFd, name.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644));
        if (!out.valid() || !UniqueFd::writeAll(out.get(), kept.text.constData(), kept.text.size())
            || ::fchmod(out.get(), 0644) != 0 || ::close(out.release()) != 0)
            return ioFailure(entry.path, message);
        return SnapshotStore::Restore::Restored;
    }

    std::optional<QByteArray> readBlob(const SnapshotEntry &entry, QString *message)
    {
        std::optional<QByteArray> content = m_reader.read(entry.hash, 64 * 1024);
        if (!content) {
            *message = QCoreApplication::translate("SnapshotStore", "%1: its stored content is damaged")
                           .arg(shownPath(entry.path));
        }
        return content;
    }

    static SnapshotStore::Restore ioFailure(const QByteArray &path, QString *message)
    {
        *message
            = QCoreApplication::translate("SnapshotStore", "%1: %2").arg(shownPath(path), FileTree::systemError(errno));
        return SnapshotStore::Restore::Failed;
    }

    BlobReader m_reader;
    const std::atomic<bool> &m_cancelled;
    SnapshotExport::Report *m_report; // an export's, else null (an exact restore)
};

std::optional<SnapshotManifest> manifestField(const QJsonObject &index, const char *field)
{
    const QJsonValue value = index.value(QLatin1String(field));
    if (!value.isString())
        return std::nullopt;
    QString error;
    return SnapshotManifest::parse(value.toString().toUtf8(), &error);
}

SnapshotStore::Info infoOf(const QJsonObject &o)
{
    SnapshotStore::Info info;
    info.id = o.value(QLatin1String("snapshot_id")).toString();
    info.digest = o.value(QLatin1String("digest")).toString().toLatin1();
    info.createdAt = QDateTime::fromString(o.value(QLatin1String("created_at")).toString(), Qt::ISODateWithMs);
    info.expiresAt = QDateTime::fromString(o.value(QLatin1String("expires_at")).toString(), Qt::ISODateWithMs);
    info.files = o.value(QLatin1String("files")).toInteger();
    info.bytes = o.value(QLatin1String("bytes")).toInteger();
    info.baseCommit = o.value(QLatin1String("base")).toObject().value(QLatin1String("commit")).toString();
    const QJsonObject changes = o.value(QLatin1String("changes")).toObject();
    info.changes.added = changes.value(QLatin1String("added")).toInteger();
    info.changes.modified = changes.value(QLatin1String("modified")).toInteger();
    info.changes.deleted = changes.value(QLatin1String("deleted")).toInteger();
    info.runId = o.value(QLatin1String("run_id")).toString();
    info.title = o.value(QLatin1String("title")).toString();
    return info;
}

QString wireTime(const QDateTime &time)
{
    return time.toUTC().toString(Qt::ISODateWithMs);
}

} // namespace

QJsonObject SnapshotStore::Info::eventData() const
{
    return QJsonObject {
        { QStringLiteral("snapshot_id"), id },
        { QStringLiteral("digest"), QString::fromLatin1(digest) },
        { QStringLiteral("files"), files },
        { QStringLiteral("bytes"), bytes },
        { QStringLiteral("base"),
            baseCommit.isEmpty() ? QJsonValue(QJsonValue::Null)
                                 : QJsonValue(QJsonObject { { QStringLiteral("kind"), QStringLiteral("git") },
                                     { QStringLiteral("commit"), baseCommit } }) },
        { QStringLiteral("changes"),
            QJsonObject { { QStringLiteral("added"), changes.added }, { QStringLiteral("modified"), changes.modified },
                { QStringLiteral("deleted"), changes.deleted } } },
        { QStringLiteral("expires_at"), wireTime(expiresAt) },
    };
}

QJsonObject SnapshotStore::Info::toJson() const
{
    QJsonObject o = eventData();
    o.insert(QStringLiteral("created_at"), wireTime(createdAt));
    o.insert(QStringLiteral("run_id"), runId);
    o.insert(QStringLiteral("title"), title);
    return o;
}

struct SnapshotStore::ReadCache
{
    StoreDirs dirs;
    std::unique_ptr<BlobReader> reader;
};

SnapshotStore::SnapshotStore(const QString &root, const Clock &clock) : SnapshotStore(root, clock, Limits()) { }

SnapshotStore::~SnapshotStore() = default;

SnapshotStore::SnapshotStore(const QString &root, const Clock &clock, Limits limits)
    : m_root(QDir::cleanPath(root)), m_clock(clock), m_limits(limits)
{ }

QString SnapshotStore::indexPath(const QString &id) const
{
    return m_root + QStringLiteral("/index/") + id + QStringLiteral(".json");
}

std::optional<QJsonObject> SnapshotStore::readIndex(const QString &id) const
{
    if (!isSnapshotId(id))
        return std::nullopt;
    const UniqueFd fd(::open(QFile::encodeName(indexPath(id)).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid())
        return std::nullopt;
    const std::optional<QByteArray> bytes = FileTree::readAll(fd.get(), MaxIndexBytes);
    if (!bytes)
        return std::nullopt;
    const QJsonDocument doc = QJsonDocument::fromJson(*bytes);
    if (!doc.isObject() || doc.object().value(QLatin1String("format")).toInt() != FormatVersion
        || doc.object().value(QLatin1String("snapshot_id")).toString() != id)
        return std::nullopt;
    return doc.object();
}

namespace {
// The tree below dirFd into `writer` (not yet part of the store), its manifest into result.
bool scanTree(BlobWriter &writer, int dirFd, const std::atomic<bool> &cancelled, SnapshotStore::Result &result)
{
    TreeScanner scanner(writer, result, cancelled);
    if (scanner.scan(dirFd, QByteArray(), 1))
        return true;
    result.diskFull = writer.diskFull;
    return false;
}

// Whether what the store would keep for a snapshot of `manifest` compared with `before` (each
// content once: prune keeps both trees' content with it) fits in `maxBytes`; else why not.
bool fitsWhole(
    const SnapshotManifest &manifest, const SnapshotManifest *before, qint64 maxBytes, SnapshotStore::Result &result)
{
    QSet<QByteArray> seen;
    qint64 total = 0;
    for (const SnapshotManifest *tree : { &manifest, before }) {
        for (const SnapshotEntry &e : tree ? tree->entries() : QList<SnapshotEntry>()) {
            if (e.type != SnapshotEntry::Type::Dir && !seen.contains(e.hash)) {
                seen.insert(e.hash);
                total += e.size;
            }
        }
    }
    if (total <= maxBytes)
        return true;
    result.overBound = true;
    result.error = Messages::tr("the workspace and the tree it started from hold %1, more than the snapshot store "
                                "keeps at most (%2)")
                       .arg(sizeText(total), sizeText(maxBytes));
    return false;
}

// What the writer wrote, made part of the store and on disk (one syncfs) before anything names it.
bool commit(BlobWriter &writer, const StoreDirs &dirs, SnapshotStore::Result &result)
{
    if (!writer.finish()) {
        result.error = writer.error;
        result.diskFull = writer.diskFull;
        return false;
    }
    if (::syncfs(dirs.root.get()) != 0) {
        result.error = FileTree::systemError(errno);
        return false;
    }
    return true;
}

// The snapshot's record, written last: from then on it is listed.
void writeRecord(const StoreDirs &dirs, const SnapshotStore::TakeRequest &request, const Clock &clock,
    qint64 maxAgeSeconds, SnapshotStore::Result &result)
{
    const SnapshotManifest &manifest = result.manifest;
    SnapshotStore::Info &info = result.info;
    info.id = QStringLiteral("snap_")
        + QString::fromLatin1(QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0')
            + QByteArray::number(QRandomGenerator::system()->generate64(), 16).rightJustified(16, '0'));
    const QByteArray text = manifest.text();
    info.digest = SnapshotManifest::digestOf(text);
    info.createdAt = clock.now().toUTC();
    info.expiresAt = info.createdAt.addSecs(maxAgeSeconds);
    info.files = manifest.fileCount();
    info.bytes = manifest.byteCount();
    info.baseCommit = request.baseCommit;
    info.changes = SnapshotManifest::compare(request.before.value_or(SnapshotManifest()), manifest);
    info.runId = request.runId;
    info.title = request.title;
    QJsonObject index = info.toJson();
    index.insert(QStringLiteral("format"), FormatVersion);
    index.insert(QStringLiteral("manifest"), QString::fromUtf8(text));
    index.insert(QStringLiteral("before"),
        request.before ? QJsonValue(QString::fromUtf8(request.before->text())) : QJsonValue(QJsonValue::Null));
    result.ok = writeDurably(dirs, dirs.index.get(), info.id.toLatin1() + ".json",
        QJsonDocument(index).toJson(QJsonDocument::Compact), &result.error, &result.diskFull);
}
} // namespace

SnapshotStore::Result SnapshotStore::recordBaseline(const QString &key, int dirFd) const
{
    Result result;
    StoreDirs dirs;
    if (!openDirs(m_root, &dirs, &result.error))
        return result;
    bool wrote = false;
    {
        const StoreLock lock(dirs.root.get(), LOCK_SH);
        BlobWriter writer(dirs, m_cancelled, m_root, m_limits.maxBytes);
        if (!scanTree(writer, dirFd, m_cancelled, result)
            || !fitsWhole(result.manifest, nullptr, m_limits.maxBytes, result))
            return result; // the writer removes what it wrote
        wrote = true;
        if (commit(writer, dirs, result))
            result.ok = writeDurably(
                dirs, dirs.pending.get(), pendingName(key), result.manifest.text(), &result.error, &result.diskFull);
    }
    if (wrote && !result.ok)
        prune(); // what it wrote, named by nothing
    return result;
}

SnapshotStore::Result SnapshotStore::take(int dirFd, const TakeRequest &request) const
{
    Result result;
    StoreDirs dirs;
    if (!openDirs(m_root, &dirs, &result.error))
        return result;
    {
        const StoreLock lock(dirs.root.get(), LOCK_SH);
        BlobWriter writer(dirs, m_cancelled, m_root, m_limits.maxBytes);
        if (scanTree(writer, dirFd, m_cancelled, result)
            && fitsWhole(result.manifest, request.before ? &*request.before : nullptr, m_limits.maxBytes, result)) {
            if (commit(writer, dirs, result))
                writeRecord(dirs, request, m_clock, m_limits.maxAgeSeconds, result);
        }
    }
    // The run's baseline served this take alone, kept or not: nothing of a workspace that is not
    // kept stays (the prune removes its content and whatever the take wrote before it failed).
    if (!request.baselineKey.isEmpty())
        ::unlinkat(dirs.pending.get(), pendingName(request.baselineKey).constData(), 0);
    prune();
    return result;
}

QList<SnapshotStore::Info> SnapshotStore::list() const
{
    QList<Info> out;
    const QDir index(m_root + QStringLiteral("/index"));
    for (const QString &file : index.entryList({ QStringLiteral("snap_*.json") }, QDir::Files)) {
        const QString id = file.chopped(5);
        if (const std::optional<QJsonObject> o = readIndex(id))
            out.append(infoOf(*o));
    }
    std::sort(out.begin(), out.end(), [](const Info &a, const Info &b) {
        return a.createdAt != b.createdAt ? a.createdAt < b.createdAt : a.id < b.id;
    });
    return out;
}

std::optional<SnapshotStore::Info> SnapshotStore::find(const QString &id) const
{
    const std::optional<QJsonObject> o = readIndex(id);
    if (!o)
        return std::nullopt;
    return infoOf(*o);
}

std::optional<SnapshotManifest> SnapshotStore::manifest(const QString &id) const
{
    const std::optional<QJsonObject> o = readIndex(id);
    return o ? manifestField(*o, "manifest") : std::nullopt;
}

std::optional<SnapshotManifest> SnapshotStore::baseline(const QString &id) const
{
    const std::optional<QJsonObject> o = readIndex(id);
    return o ? manifestField(*o, "before") : std::nullopt;
}

bool SnapshotStore::withReader(const QByteArray &hash, const std::function<bool(ReadCache &)> &find) const
{
    if (!isHashName(hash.constData()))
        return false;
    // One reader for a series of calls (a diff reads many): a content it does not find, or finds
    // moved by a prune since, is looked up once more in a fresh one.
    const std::lock_guard<std::mutex> guard(m_readMutex);
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!m_read || attempt > 0) {
            m_read.reset();
            auto cache = std::make_unique<ReadCache>();
            QString error;
            if (!openDirs(m_root, &cache->dirs, &error))
                return false;
            cache->reader = std::make_unique<BlobReader>(cache->dirs);
            m_read = std::move(cache);
        }
        if (find(*m_read))
            return true;
    }
    return false;
}

std::optional<QByteArray> SnapshotStore::blob(const QByteArray &hash, qint64 limit) const
{
    std::optional<QByteArray> content;
    withReader(hash, [&](ReadCache &cache) { return (content = cache.reader->read(hash, limit)).has_value(); });
    return content;
}

std::optional<qint64> SnapshotStore::blobSize(const QByteArray &hash) const
{
    std::optional<qint64> size;
    withReader(hash, [&](ReadCache &cache) { return (size = cache.reader->size(hash)).has_value(); });
    return size;
}

SnapshotStore::Restore SnapshotStore::check(const QString &id, const QByteArray &digest, QString *message) const
{
    if (!isSnapshotId(id) || !QFile::exists(indexPath(id))) {
        *message = Messages::tr("this machine holds no snapshot %1").arg(id.left(80));
        return Restore::Unknown;
    }
    const std::optional<QJsonObject> index = readIndex(id);
    if (!index) {
        *message = Messages::tr("the stored record of snapshot %1 is damaged").arg(id);
        return Restore::Damaged;
    }
    const Info info = infoOf(*index);
    if (!info.expiresAt.isValid() || info.expiresAt <= m_clock.now()) {
        *message = Messages::tr("snapshot %1 expired at %2").arg(id, wireTime(info.expiresAt));
        return Restore::Expired;
    }
    if (!digest.isEmpty() && digest != info.digest) {
        *message = Messages::tr("snapshot %1 has the digest %2, not %3")
                       .arg(id, QString::fromLatin1(info.digest), QString::fromLatin1(digest.left(80)));
        return Restore::DigestMismatch;
    }
    const QByteArray text = index->value(QLatin1String("manifest")).toString().toUtf8();
    if (SnapshotManifest::digestOf(text) != info.digest) {
        *message = Messages::tr("the stored manifest of snapshot %1 is damaged").arg(id);
        return Restore::Damaged;
    }
    return Restore::Restored;
}

SnapshotStore::Restore SnapshotStore::restore(
    const QString &id, const QByteArray &digest, int targetDirFd, QString *message) const
{
    return writeTree(id, digest, targetDirFd, nullptr, message);
}

SnapshotStore::Restore SnapshotStore::exportTo(
    const QString &id, int targetDirFd, SnapshotExport::Report *report, QString *message) const
{
    return writeTree(id, QByteArray(), targetDirFd, report, message);
}

SnapshotStore::Restore SnapshotStore::writeTree(const QString &id, const QByteArray &digest, int targetDirFd,
    SnapshotExport::Report *exportReport, QString *message) const
{
    const Restore checked = check(id, digest, message);
    if (checked != Restore::Restored)
        return checked;
    const std::optional<SnapshotManifest> manifest = this->manifest(id);
    const std::optional<Info> info = find(id);
    if (!manifest || !info || manifest->digest() != info->digest || (!digest.isEmpty() && digest != info->digest)) {
        *message = Messages::tr("the stored manifest of snapshot %1 is damaged").arg(id);
        return Restore::Damaged;
    }
    StoreDirs dirs;
    if (!openDirs(m_root, &dirs, message))
        return Restore::Failed;
    const StoreLock lock(dirs.root.get(), LOCK_SH);
    TreeRestorer restorer(dirs, m_cancelled, exportReport);
    return restorer.restore(*manifest, targetDirFd, message);
}

bool SnapshotStore::verify(const QString &id, QString *problem) const
{
    const std::optional<QJsonObject> index = readIndex(id);
    if (!index) {
        *problem = Messages::tr("its record is missing or damaged");
        return false;
    }
    const QByteArray text = index->value(QLatin1String("manifest")).toString().toUtf8();
    QString error;
    const std::optional<SnapshotManifest> manifest = SnapshotManifest::parse(text, &error);
    if (!manifest) {
        *problem = error;
        return false;
    }
    if (SnapshotManifest::digestOf(text) != index->value(QLatin1String("digest")).toString().toLatin1()) {
        *problem = Messages::tr("its manifest does not match its digest");
        return false;
    }
    StoreDirs dirs;
    if (!openDirs(m_root, &dirs, problem))
        return false;
    const StoreLock lock(dirs.root.get(), LOCK_SH);
    BlobReader reader(dirs);
    QSet<QByteArray> checked;
    for (const SnapshotEntry &e : manifest->entries()) {
        if (e.type == SnapshotEntry::Type::Dir || checked.contains(e.hash))
            continue;
        if (m_cancelled)
            return false;
        if (reader.stream(e.hash, [](const char *, qint64) { return true; }) != BlobReader::Outcome::Ok) {
            *problem = Messages::tr("the content of %1 is missing or damaged").arg(shownPath(e.path));
            return false;
        }
        checked.insert(e.hash);
    }
    return true;
}

bool SnapshotStore::remove(const QString &id) const
{
    if (!isSnapshotId(id))
        return false;
    return ::unlink(QFile::encodeName(indexPath(id)).constData()) == 0;
}

int SnapshotStore::removeAll() const
{
    int removed = 0;
    const QDir index(m_root + QStringLiteral("/index"));
    for (const QString &file : index.entryList({ QStringLiteral("snap_*.json") }, QDir::Files))
        removed += remove(file.chopped(5)) ? 1 : 0;
    prune();
    return removed;
}

SnapshotStore::PruneReport SnapshotStore::prune() const
{
    PruneReport report;
    StoreDirs dirs;
    QString error;
    if (!openDirs(m_root, &dirs, &error))
        return report;
    const QDateTime now = m_clock.now();
    QList<Info> kept;
    for (const Info &info : list()) {
        if (!info.expiresAt.isValid() || info.expiresAt <= now) {
            report.expired += remove(info.id) ? 1 : 0;
            continue;
        }
        kept.append(info);
    }
    const QHash<QByteArray, qint64> loose = looseSizes(dirs.blobs.get());
    QHash<QByteArray, qint64> sizes = loose;
    const SnapshotPacks packed = SnapshotPacks::load(dirs.packs.get());
    for (const SnapshotPacks::Pack &pack : packed.packs()) {
        for (const SnapshotPacks::Entry &e : pack.entries)
            sizes.insert(e.hash, e.size);
    }
    // Newest first: keep snapshots while what they hold together fits; the older ones go.
    QSet<QByteArray> referenced;
    qint64 total = 0;
    bool full = false;
    for (qsizetype i = kept.size() - 1; i >= 0; --i) {
        const std::optional<SnapshotManifest> manifest = this->manifest(kept.at(i).id);
        if (full || !manifest) {
            if (full)
                report.evicted += remove(kept.at(i).id) ? 1 : 0;
            continue;
        }
        // The materialised tree's content stays with it too (diffs read it).
        QSet<QByteArray> own;
        collectHashes(*manifest, &own);
        if (const std::optional<SnapshotManifest> before = baseline(kept.at(i).id))
            collectHashes(*before, &own);
        qint64 added = 0;
        for (const QByteArray &hash : std::as_const(own)) {
            if (!referenced.contains(hash))
                added += sizes.value(hash);
        }
        if (total + added > m_limits.maxBytes) {
            full = true;
            report.evicted += remove(kept.at(i).id) ? 1 : 0;
            continue;
        }
        total += added;
        referenced.unite(own);
    }
    // Blobs no snapshot names: only while nobody writes or restores (they hold the lock shared).
    const StoreLock lock(dirs.root.get(), LOCK_EX | LOCK_NB);
    if (!lock.held())
        return report;
    const QDir pending(m_root + QStringLiteral("/pending"));
    for (const QFileInfo &file : pending.entryInfoList({ QStringLiteral("*.txt") }, QDir::Files)) {
        if (file.lastModified().secsTo(QDateTime::currentDateTimeUtc()) > PendingLifetimeSeconds) {
            QFile::remove(file.filePath());
            continue;
        }
        QFile in(file.filePath());
        if (in.open(QIODevice::ReadOnly)) {
            if (const auto manifest = SnapshotManifest::parse(in.readAll(), &error))
                collectHashes(*manifest, &referenced);
        }
    }
    // Unreadable records keep nothing; but a snapshot being written has its blobs before its record
    // and holds the lock, so it never loses them here.
    for (auto it = loose.cbegin(); it != loose.cend(); ++it) {
        if (referenced.contains(it.key()))
            continue;
        const QByteArray name = it.key().left(2) + '/' + it.key();
        if (::unlinkat(dirs.blobs.get(), name.constData(), 0) == 0)
            report.freedBytes += it.value();
    }
    report.freedBytes += prunePacks(dirs, referenced);
    // Leftovers of writers that died (nobody holds the lock now).
    UniqueFd tmpCopy(::fcntl(dirs.tmp.get(), F_DUPFD_CLOEXEC, 0));
    if (DIR *tmp = tmpCopy.valid() ? ::fdopendir(tmpCopy.get()) : nullptr) {
        tmpCopy.release();
        while (const dirent *entry = ::readdir(tmp)) {
            if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0)
                ::unlinkat(::dirfd(tmp), entry->d_name, 0);
        }
        ::closedir(tmp);
    }
    return report;
}

qint64 SnapshotStore::totalBytes() const
{
    StoreDirs dirs;
    QString error;
    if (!openDirs(m_root, &dirs, &error))
        return 0;
    qint64 total = 0;
    for (const qint64 size : looseSizes(dirs.blobs.get()))
        total += size;
    const SnapshotPacks packed = SnapshotPacks::load(dirs.packs.get());
    for (const SnapshotPacks::Pack &pack : packed.packs())
        total += pack.bytes + pack.indexBytes;
    const QDir index(m_root + QStringLiteral("/index"));
    for (const QFileInfo &file : index.entryInfoList({ QStringLiteral("snap_*.json") }, QDir::Files))
        total += file.size();
    return total;
}

} // namespace runnercore
