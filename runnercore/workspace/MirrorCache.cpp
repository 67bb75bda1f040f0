#include <runnercore/workspace/MirrorCache.h>

#include <runnercore/config/PrivateDirectory.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/model/GitUrl.h>
#include <runnercore/workspace/FileTree.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("workspace");

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(MirrorCache)
};

qint64 sizeOf(const QString &dir)
{
    qint64 bytes = 0;
    QDirIterator it(
        dir, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (!info.isSymLink())
            bytes += info.size();
    }
    return bytes;
}

// The lock of a mirror nobody uses now, held while it is removed; an invalid fd when in use.
UniqueFd lockIfFree(const QString &lockPath)
{
    UniqueFd fd(::open(QFile::encodeName(lockPath).constData(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (fd.valid() && ::flock(fd.get(), LOCK_EX | LOCK_NB) != 0)
        return UniqueFd();
    return fd;
}

} // namespace

MirrorCache::MirrorCache(const QString &root, qint64 limitBytes)
    : m_root(QDir::cleanPath(root)), m_limit(limitBytes) { }

QString MirrorCache::keyFor(const GitSource &source)
{
    // The credential enters only as a hash, salted with the URL: the same secret on two hosts
    // gives two unrelated keys, and the key never reveals it.
    QCryptographicHash fingerprint(QCryptographicHash::Sha256);
    fingerprint.addData("checkfu-git-mirror-credential-v1\n");
    fingerprint.addData(source.url.toUtf8() + '\n');
    if (source.credential) {
        fingerprint.addData(source.credential->kind == GitCredential::Kind::HttpBearer ? "bearer\n" : "basic\n");
        fingerprint.addData(source.credential->username.toUtf8() + '\n');
        fingerprint.addData(source.credential->secret.toUtf8());
    } else {
        fingerprint.addData("anonymous");
    }
    QCryptographicHash key(QCryptographicHash::Sha256);
    key.addData("checkfu-git-mirror-v1\n" + source.url.toUtf8() + '\n' + fingerprint.result());
    return QString::fromLatin1(key.result().toHex().left(40));
}

QString MirrorCache::pathFor(const GitSource &source) const
{
    return m_root + QLatin1Char('/') + keyFor(source);
}

bool MirrorCache::prepare(const QString &mirrorPath, const QString &url, QString *error) const
{
    // The snapshot store's rule: made 0700 when missing, else a real directory of this user's that
    // nobody else can enter, never repaired. Another local user who made it first, or could enter
    // it, would read every mirror's objects and could put objects into one that a later run checks
    // out as the commit it asked for.
    QDir().mkpath(QFileInfo(m_root).absolutePath());
    if (!PrivateDirectory::ensure(m_root, error, QStringLiteral("XDG_CACHE_HOME")))
        return false;
    QDir().mkpath(mirrorPath);
    QFile::setPermissions(mirrorPath, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QFile note(mirrorPath + QStringLiteral("/checkfu-url"));
    if (note.open(QIODevice::WriteOnly | QIODevice::Truncate))
        note.write(GitUrl::shown(url).toUtf8());
    QFile::remove(mirrorPath + QStringLiteral("/checkfu-last-used"));
    QFile touch(mirrorPath + QStringLiteral("/checkfu-last-used"));
    touch.open(QIODevice::WriteOnly);
    return true;
}

int MirrorCache::openLock(const QString &mirrorPath, QString *error) const
{
    const QString lockPath = mirrorPath + QStringLiteral(".lock");
    const int fd = ::open(QFile::encodeName(lockPath).constData(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        *error = Messages::tr("cannot open %1: %2").arg(lockPath, FileTree::systemError(errno));
    return fd;
}

bool MirrorCache::tryLock(int fd)
{
    return ::flock(fd, LOCK_EX | LOCK_NB) == 0;
}

QList<MirrorCache::Entry> MirrorCache::entries() const
{
    QList<Entry> list;
    const QFileInfoList dirs = QDir(m_root).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QFileInfo &dir : dirs) {
        if (dir.isSymLink())
            continue;
        Entry e;
        e.key = dir.fileName();
        QFile note(dir.filePath() + QStringLiteral("/checkfu-url"));
        if (note.open(QIODevice::ReadOnly))
            e.url = QString::fromUtf8(note.read(4096));
        e.bytes = sizeOf(dir.filePath());
        const QFileInfo used(dir.filePath() + QStringLiteral("/checkfu-last-used"));
        e.lastUsed = used.exists() ? used.lastModified() : dir.lastModified();
        list.append(e);
    }
    std::sort(list.begin(), list.end(), [](const Entry &a, const Entry &b) { return a.lastUsed < b.lastUsed; });
    return list;
}

qint64 MirrorCache::totalBytes() const
{
    qint64 total = 0;
    for (const Entry &e : entries())
        total += e.bytes;
    return total;
}

void MirrorCache::evict(const QString &keep) const
{
    QList<Entry> list = entries();
    qint64 total = 0;
    for (const Entry &e : std::as_const(list))
        total += e.bytes;
    for (const Entry &e : std::as_const(list)) {
        if (total <= m_limit)
            break;
        const QString path = m_root + QLatin1Char('/') + e.key;
        const UniqueFd held = path == keep ? UniqueFd() : lockIfFree(path + QStringLiteral(".lock"));
        if (!held.valid())
            continue; // in use
        logger->info("git cache over {:.1f} MiB: removing the mirror of {}", double(m_limit) / (1024 * 1024), e.url);
        const UniqueFd root(
            ::open(QFile::encodeName(m_root).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (root.valid() && FileTree::removeTree(root.get(), QFile::encodeName(e.key).constData()))
            total -= e.bytes;
    }
}

int MirrorCache::clear() const
{
    int removed = 0;
    const UniqueFd root(::open(QFile::encodeName(m_root).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!root.valid())
        return 0;
    for (const Entry &e : entries()) {
        const QString path = m_root + QLatin1Char('/') + e.key;
        const UniqueFd held = lockIfFree(path + QStringLiteral(".lock"));
        if (!held.valid())
            continue;
        if (FileTree::removeTree(root.get(), QFile::encodeName(e.key).constData())) {
            QFile::remove(path + QStringLiteral(".lock"));
            ++removed;
        }
    }
    return removed;
}

} // namespace runnercore
