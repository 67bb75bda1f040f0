#include <runnercore/workspace/FileTree.h>

#include <QCoreApplication>
#include <QFile>
#include <QStringList>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace runnercore {

namespace {

constexpr int MaxRemovePasses = 4;

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(FileTree)
};

// Makes a directory of ours listable and writable even if the harness chmod'ed it 000, without
// following a symlink (an O_PATH descriptor cannot fchmod, its /proc alias can chmod).
UniqueFd openForRemoval(int parentFd, const char *name)
{
    UniqueFd fd(::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid() && errno == EACCES) {
        UniqueFd path(::openat(parentFd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!path.valid())
            return UniqueFd();
        const QByteArray alias = "/proc/self/fd/" + QByteArray::number(path.get());
        if (::chmod(alias.constData(), FileTree::PrivateDirMode) != 0)
            return UniqueFd();
        fd = UniqueFd(::openat(parentFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    }
    if (fd.valid())
        ::fchmod(fd.get(), FileTree::PrivateDirMode);
    return fd;
}

} // namespace

QString FileTree::systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

UniqueFd FileTree::openPrivateDir(int parentFd, const QByteArray &name, QString *error)
{
    UniqueFd fd(::openat(parentFd, name.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid()) {
        *error = Messages::tr("cannot open %1: %2").arg(QFile::decodeName(name), systemError(errno));
        return UniqueFd();
    }
    struct stat st = {};
    if (::fstat(fd.get(), &st) != 0 || st.st_uid != ::geteuid()) {
        *error = Messages::tr("%1 is not owned by this user").arg(QFile::decodeName(name));
        return UniqueFd();
    }
    if ((st.st_mode & 07777) != PrivateDirMode && ::fchmod(fd.get(), PrivateDirMode) != 0) {
        *error = Messages::tr("cannot make %1 private: %2").arg(QFile::decodeName(name), systemError(errno));
        return UniqueFd();
    }
    return fd;
}

UniqueFd FileTree::makePrivateDir(int parentFd, const QByteArray &name, QString *error)
{
    if (::mkdirat(parentFd, name.constData(), PrivateDirMode) != 0 && errno != EEXIST) {
        *error = Messages::tr("cannot create %1: %2").arg(QFile::decodeName(name), systemError(errno));
        return UniqueFd();
    }
    return openPrivateDir(parentFd, name, error);
}

UniqueFd FileTree::makePrivateDirs(int rootFd, const QString &relativePath, QString *error)
{
    UniqueFd dir(::fcntl(rootFd, F_DUPFD_CLOEXEC, 0));
    for (const QString &part : relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String("."))
            continue;
        if (part == QLatin1String("..")) {
            *error = Messages::tr("%1 is not a normalised path").arg(relativePath);
            return UniqueFd();
        }
        UniqueFd next = makePrivateDir(dir.get(), QFile::encodeName(part), error);
        if (!next.valid())
            return UniqueFd();
        dir = std::move(next);
    }
    return dir;
}

UniqueFd FileTree::makeNewPrivateDir(int parentFd, const QByteArray &name, QString *error, bool *existed)
{
    if (existed)
        *existed = false;
    if (::mkdirat(parentFd, name.constData(), PrivateDirMode) != 0) {
        if (existed)
            *existed = errno == EEXIST;
        *error = errno == EEXIST
            ? Messages::tr("%1 already exists").arg(QFile::decodeName(name))
            : Messages::tr("cannot create %1: %2").arg(QFile::decodeName(name), systemError(errno));
        return UniqueFd();
    }
    return openPrivateDir(parentFd, name, error);
}

UniqueFd FileTree::openDirBeneath(int rootFd, const QString &relativePath, QString *error)
{
    const QStringList parts = relativePath.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.contains(QStringLiteral(".."))) {
        *error = Messages::tr("%1 is not a normalised path").arg(relativePath);
        return UniqueFd();
    }
    if (parts.isEmpty())
        return UniqueFd(::fcntl(rootFd, F_DUPFD_CLOEXEC, 0));
    struct open_how how = {};
    how.flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC;
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    const QByteArray path = QFile::encodeName(parts.join(QLatin1Char('/')));
    long fd = -1;
    do {
        fd = ::syscall(SYS_openat2, rootFd, path.constData(), &how, sizeof how);
    } while (fd < 0 && (errno == EINTR || errno == EAGAIN));
    if (fd >= 0)
        return UniqueFd(int(fd));
    if (errno != ENOSYS) {
        *error = Messages::tr("cannot open %1 (a symbolic link on its way, or not a directory): %2")
                     .arg(relativePath, systemError(errno));
        return UniqueFd();
    }
    // Kernels before 5.6: the same rule, one component at a time.
    UniqueFd dir(::fcntl(rootFd, F_DUPFD_CLOEXEC, 0));
    for (const QString &part : parts) {
        UniqueFd next(
            ::openat(dir.get(), QFile::encodeName(part).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (!next.valid()) {
            *error = Messages::tr("cannot open %1 (a symbolic link on its way, or not a directory): %2")
                         .arg(relativePath, systemError(errno));
            return UniqueFd();
        }
        dir = std::move(next);
    }
    return dir;
}

bool FileTree::isEmptyDir(int dirFd)
{
    UniqueFd own(::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    DIR *dir = own.valid() ? ::fdopendir(own.get()) : nullptr;
    if (!dir)
        return false;
    own.release();
    bool empty = true;
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") != 0 && std::strcmp(entry->d_name, "..") != 0) {
            empty = false;
            break;
        }
    }
    ::closedir(dir);
    return empty;
}

bool FileTree::writeNewFile(
    int rootFd, const QString &relativePath, const QByteArray &content, int mode, QString *error)
{
    QStringList parts = relativePath.split(QLatin1Char('/'));
    const QString name = parts.takeLast();
    if (relativePath.startsWith(QLatin1Char('/')) || name.isEmpty() || name == QLatin1String("..")
        || name == QLatin1String(".")) {
        *error = Messages::tr("%1 is not a relative path to a file").arg(relativePath);
        return false;
    }
    QString detail;
    const UniqueFd dir = makePrivateDirs(rootFd, parts.join(QLatin1Char('/')), &detail);
    if (!dir.valid()) {
        *error = Messages::tr("%1: %2").arg(relativePath, detail);
        return false;
    }
    UniqueFd out(::openat(dir.get(), QFile::encodeName(name).constData(),
        O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(mode)));
    if (!out.valid()) {
        *error = Messages::tr("%1: cannot create it: %2").arg(relativePath, systemError(errno));
        return false;
    }
    // O_CREAT's mode passes through the umask; the spec's modes are exact.
    if (!UniqueFd::writeAll(out.get(), content.constData(), content.size()) || ::fchmod(out.get(), mode_t(mode)) != 0
        || ::close(out.release()) != 0) {
        *error = Messages::tr("%1: cannot write it: %2").arg(relativePath, systemError(errno));
        return false;
    }
    return true;
}

bool FileTree::removeTree(int parentFd, const char *name)
{
    if (::unlinkat(parentFd, name, 0) == 0 || errno == ENOENT)
        return true;
    if (errno != EISDIR)
        return false;
    for (int pass = 0; pass < MaxRemovePasses; ++pass) {
        UniqueFd fd = openForRemoval(parentFd, name);
        if (!fd.valid())
            return errno == ENOENT;
        DIR *dir = ::fdopendir(fd.get());
        if (!dir)
            return false;
        fd.release(); // owned by dir now
        bool ok = true;
        while (const dirent *entry = ::readdir(dir)) {
            if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0)
                continue;
            ok = removeTree(::dirfd(dir), entry->d_name) && ok;
        }
        ::closedir(dir);
        if (::unlinkat(parentFd, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
            return true;
        if (!ok || errno != ENOTEMPTY)
            return false;
        // ENOTEMPTY: something was created meanwhile (a straggler); go around again.
    }
    return false;
}

void FileTree::setModes(int dirFd, int dirMode, int fileMode, int executableMode)
{
    UniqueFd own(::fcntl(dirFd, F_DUPFD_CLOEXEC, 0));
    DIR *dir = ::fdopendir(own.get());
    if (!dir)
        return;
    own.release();
    while (const dirent *entry = ::readdir(dir)) {
        if (std::strcmp(entry->d_name, ".") == 0 || std::strcmp(entry->d_name, "..") == 0)
            continue;
        struct stat st = {};
        if (::fstatat(::dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            UniqueFd child(::openat(::dirfd(dir), entry->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
            if (child.valid())
                setModes(child.get(), dirMode, fileMode, executableMode);
        } else if (S_ISREG(st.st_mode)) {
            const mode_t mode = (st.st_mode & S_IXUSR) ? mode_t(executableMode) : mode_t(fileMode);
            ::fchmodat(::dirfd(dir), entry->d_name, mode, 0);
        }
    }
    ::closedir(dir);
    ::fchmod(dirFd, mode_t(dirMode)); // last: a read-only directory takes no more changes
}

std::optional<QByteArray> FileTree::readAll(int fd, qint64 limit, qint64 sizeHint)
{
    QByteArray out(std::min(std::max<qint64>(sizeHint, 0), limit) + 1, Qt::Uninitialized);
    qint64 used = 0;
    for (;;) {
        if (used == out.size()) {
            if (used > limit)
                return std::nullopt;
            out.resize(std::min(out.size() * 2, limit + 1));
        }
        const ssize_t n = ::read(fd, out.data() + used, size_t(out.size() - used));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return std::nullopt;
        if (n == 0)
            break;
        used += n;
    }
    if (used > limit)
        return std::nullopt;
    out.truncate(used);
    return out;
}

} // namespace runnercore
