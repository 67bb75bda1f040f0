#include <runnercore/harness/WorkspaceFileAccess.h>

#include <runnercore/base/UniqueFd.h>
#include <runnercore/harness/JsonRpcConnection.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstring>
#include <deque>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#endif

namespace runnercore {

namespace {
// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(WorkspaceFileAccess)
};

WorkspaceFileAccess::Result failure(int code, const QString &message)
{
    WorkspaceFileAccess::Result r;
    r.code = code;
    r.message = message;
    return r;
}

constexpr int ResourceNotFound = -32002; // ACP

bool isInside(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root.endsWith(QLatin1Char('/')) ? root : root + QLatin1Char('/'));
}

// Path components without "" and "." (".." stays: the walk resolves it itself).
QList<QByteArray> split(const QByteArray &path)
{
    QList<QByteArray> parts;
    for (const QByteArray &part : path.split('/'))
        if (!part.isEmpty() && part != ".")
            parts.append(part);
    return parts;
}

bool sameFile(const struct stat &a, const struct stat &b)
{
    return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

std::atomic<int> g_openat2 { 0 }; // 0: not probed yet, 1: works, -1: not on this kernel

#if defined(SYS_openat2) && defined(RESOLVE_BENEATH)
constexpr bool HaveOpenat2 = true;
long openat2Beneath(int dirfd, const char *path, int flags)
{
    struct open_how how;
    std::memset(&how, 0, sizeof how);
    how.flags = quint64(flags);
    how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
    return ::syscall(SYS_openat2, dirfd, path, &how, sizeof how);
}
#else
constexpr bool HaveOpenat2 = false;
long openat2Beneath(int, const char *, int)
{
    errno = ENOSYS;
    return -1;
}
#endif

// Reads the whole file up to max + 1 bytes (one more tells it is too big).
bool readAll(int fd, qint64 max, QByteArray *out)
{
    QByteArray buffer;
    char chunk[65536];
    while (buffer.size() <= max) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        if (n == 0)
            break;
        buffer.append(chunk, qsizetype(std::min<qint64>(n, max + 1 - buffer.size())));
    }
    *out = std::move(buffer);
    return true;
}

QString errorText(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}
} // namespace

// The workspace, opened once (O_PATH): every request is resolved beneath it.
class WorkspaceFileAccess::Root
{
public:
    explicit Root(int descriptor) : fd(descriptor) { }
    ~Root() { ::close(fd); }
    Root(const Root &) = delete;
    Root &operator=(const Root &) = delete;
    const int fd;
};

// Where a path leads: the directory that holds its last component, opened, and that name.
struct WorkspaceFileAccess::Located
{
    UniqueFd dir;
    QByteArray name;
    bool exists = false;
    struct stat st = {}; // of name, not followed, when it exists (never a link)
    int error = 0; // errno for Status::Error
};

enum class WorkspaceFileAccess::Status {
    Ok,
    NotFound, // a directory on the way is missing (a read creates none)
    IsDirectory, // the path names a directory
    NotDirectory, // a part of the path that must be a directory is not
    LinkOutside, // a symbolic link leads outside the workspace
    Dangling, // a symbolic link points at nothing
    TooManyLinks,
    TooDeep,
    Changed, // kept changing under us
    Error, // errno in Located::error
};

WorkspaceFileAccess::WorkspaceFileAccess(const QString &hostRoot, const QString &agentRoot, Resolver resolver)
    : m_hostRoot(QFileInfo(hostRoot).canonicalFilePath()), m_agentRoot(QDir::cleanPath(agentRoot)), m_resolver(resolver)
{
    if (hostRoot.isEmpty() || m_hostRoot.isEmpty())
        return;
    // The workspace itself may be reached through a link (the Runner chose the path); nothing below it is.
    const int fd = ::open(QFile::encodeName(m_hostRoot).constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0)
        m_root = std::make_shared<const Root>(fd);
}

bool WorkspaceFileAccess::kernelResolverAvailable()
{
    int state = g_openat2.load();
    if (state == 0) {
        // ENOSYS on old kernels; EPERM (or ENOSYS) where a seccomp filter does not know the call.
        const long fd = HaveOpenat2 ? openat2Beneath(AT_FDCWD, ".", O_PATH | O_CLOEXEC) : -1;
        state = fd >= 0 ? 1 : -1;
        if (fd >= 0)
            ::close(int(fd));
        g_openat2 = state;
    }
    return state > 0;
}

std::optional<QStringList> WorkspaceFileAccess::components(const QString &agentPath, Result *refusal) const
{
    const auto refuse = [&](const QString &message) {
        *refusal = failure(JsonRpcError::InvalidParams, message);
        return std::nullopt;
    };
    if (!m_root)
        return refuse(Messages::tr("the run's workspace is not available"));
    if (agentPath.isEmpty() || !agentPath.startsWith(QLatin1Char('/')) || agentPath.contains(QChar(0)))
        return refuse(
            Messages::tr("\"path\" must be an absolute path inside %1; got \"%2\"").arg(m_agentRoot, agentPath));
    // ".." is resolved by name before anything is looked up, so /workspace/../etc/passwd is
    // /etc/passwd and refused, and /workspace/link/.. is the workspace whatever link is.
    const QString clean = QDir::cleanPath(agentPath);
    if (!isInside(clean, m_agentRoot))
        return refuse(Messages::tr("%1 is outside the run's workspace %2; refused").arg(agentPath, m_agentRoot));
    const QStringList parts = clean.mid(m_agentRoot.size()).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.size() > MaxDepth)
        return refuse(Messages::tr("%1 is more than %2 directories deep; refused").arg(agentPath).arg(MaxDepth));
    return parts;
}

WorkspaceFileAccess::Status WorkspaceFileAccess::locate(const QStringList &components, bool create, Located *out) const
{
    if (m_resolver == Resolver::Kernel && kernelLocate(components, out))
        return Status::Ok;
    *out = Located();
    return walk(components, create, out);
}

// The directories of the path in one openat2 call, which refuses any link and anything not
// beneath the workspace. False: let the walk decide (a link on the way, a directory to create,
// no openat2 here).
bool WorkspaceFileAccess::kernelLocate(const QStringList &components, Located *out) const
{
    if (components.isEmpty() || !kernelResolverAvailable())
        return false;
    UniqueFd dir;
    if (components.size() == 1) {
        dir = UniqueFd(::fcntl(m_root->fd, F_DUPFD_CLOEXEC, 0));
    } else {
        const QByteArray parent = QFile::encodeName(components.mid(0, components.size() - 1).join(QLatin1Char('/')));
        const long fd = openat2Beneath(m_root->fd, parent.constData(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (fd < 0 && errno == ENOSYS)
            g_openat2 = -1;
        dir = UniqueFd(int(fd));
    }
    if (!dir.valid())
        return false;
    const QByteArray name = QFile::encodeName(components.last());
    struct stat st = {};
    if (::fstatat(dir.get(), name.constData(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
        if (errno != ENOENT)
            return false;
        out->exists = false;
    } else {
        if (S_ISLNK(st.st_mode))
            return false;
        out->exists = true;
        out->st = st;
    }
    out->dir = std::move(dir);
    out->name = name;
    return true;
}

// Component by component from the workspace descriptor, each one opened with O_NOFOLLOW
// relative to the directory opened before it. Links are read and their targets walked the same
// way; ".." in a target returns to a directory this walk opened, never above the workspace.
WorkspaceFileAccess::Status WorkspaceFileAccess::walk(const QStringList &components, bool create, Located *out) const
{
    struct Step
    {
        QByteArray name;
        bool fromLink = false; // part of a link's target
    };
    std::deque<Step> pending;
    for (const QString &component : components)
        for (const QByteArray &part : split(QFile::encodeName(component)))
            pending.push_back(Step { part, false });
    std::vector<UniqueFd> stack; // directories opened below the workspace; empty: at the workspace
    int links = 0;
    int retries = 0;
    const auto current = [&] { return stack.empty() ? m_root->fd : stack.back().get(); };
    const auto fail = [&](int error) {
        out->error = error;
        return error == ENOTDIR ? Status::NotDirectory : error == ELOOP ? Status::TooManyLinks : Status::Error;
    };

    while (!pending.empty()) {
        const Step step = pending.front();
        pending.pop_front();
        if (step.name == "..") {
            if (stack.empty())
                return Status::LinkOutside;
            stack.pop_back();
            continue;
        }
        const bool last = pending.empty();
        UniqueFd fd(::openat(current(), step.name.constData(), O_PATH | O_NOFOLLOW | O_CLOEXEC));
        if (!fd.valid()) {
            if (errno != ENOENT)
                return fail(errno);
            if (step.fromLink)
                return Status::Dangling;
            if (last) {
                out->dir = UniqueFd(::fcntl(current(), F_DUPFD_CLOEXEC, 0));
                if (!out->dir.valid())
                    return fail(errno);
                out->name = step.name;
                out->exists = false;
                return Status::Ok;
            }
            if (!create)
                return Status::NotFound;
            if (::mkdirat(current(), step.name.constData(), 0777) != 0 && errno != EEXIST)
                return fail(errno);
            if (++retries > MaxAttempts)
                return Status::Changed;
            pending.push_front(step); // open what is there now: ours, or whatever raced in
            continue;
        }
        retries = 0;
        struct stat st = {};
        if (::fstat(fd.get(), &st) != 0)
            return fail(errno);
        if (S_ISLNK(st.st_mode)) {
            if (++links > MaxSymlinks)
                return Status::TooManyLinks;
            QByteArray target(PATH_MAX, Qt::Uninitialized);
            // The link this walk opened, not whatever carries its name by now.
            const ssize_t n = ::readlinkat(fd.get(), "", target.data(), size_t(target.size()));
            if (n < 0)
                return fail(errno);
            if (n >= target.size())
                return fail(ENAMETOOLONG);
            target.truncate(n);
            if (target.isEmpty())
                return Status::Dangling;
            QList<QByteArray> parts = split(target);
            if (target.startsWith('/')) {
                const std::optional<QList<QByteArray>> below = belowRoot(parts);
                if (!below)
                    return Status::LinkOutside;
                parts = *below;
                stack.clear();
            }
            for (auto it = parts.crbegin(); it != parts.crend(); ++it)
                pending.push_front(Step { *it, true });
            continue;
        }
        if (last) {
            out->dir = stack.empty() ? UniqueFd(::fcntl(m_root->fd, F_DUPFD_CLOEXEC, 0)) : std::move(stack.back());
            if (!out->dir.valid())
                return fail(errno);
            out->name = step.name;
            out->exists = true;
            out->st = st;
            return Status::Ok;
        }
        if (!S_ISDIR(st.st_mode))
            return Status::NotDirectory;
        if (int(stack.size()) >= MaxDepth)
            return Status::TooDeep;
        stack.push_back(std::move(fd));
    }
    return Status::IsDirectory; // the workspace itself, or a link to a directory ending in ".."
}

// An absolute link target: the rest of it when it lies under the workspace as the harness sees
// it (the host path on a host tier, the mount target in a container), else nothing.
std::optional<QList<QByteArray>> WorkspaceFileAccess::belowRoot(const QList<QByteArray> &parts) const
{
    for (const QString &root : { m_hostRoot, m_agentRoot }) {
        const QList<QByteArray> rootParts = split(QFile::encodeName(root));
        if (parts.size() >= rootParts.size() && std::equal(rootParts.cbegin(), rootParts.cend(), parts.cbegin()))
            return parts.mid(rootParts.size());
    }
    return std::nullopt;
}

WorkspaceFileAccess::Result WorkspaceFileAccess::failureFor(
    Status status, const QString &path, int error, bool write) const
{
    switch (status) {
    case Status::Ok:
        break;
    case Status::NotFound:
        return failure(ResourceNotFound, Messages::tr("%1 does not exist").arg(path));
    case Status::IsDirectory:
        return failure(JsonRpcError::InvalidParams, Messages::tr("%1 is a directory").arg(path));
    case Status::NotDirectory:
        return failure(
            JsonRpcError::InvalidParams, Messages::tr("%1 goes through a file as if it were a directory").arg(path));
    case Status::LinkOutside:
        return failure(JsonRpcError::InvalidParams,
            Messages::tr("%1 leads outside the run's workspace through a symbolic link; refused").arg(path));
    case Status::Dangling:
        return failure(JsonRpcError::InvalidParams,
            Messages::tr("%1 goes through a symbolic link that points nowhere; refused").arg(path));
    case Status::TooManyLinks:
        return failure(JsonRpcError::InvalidParams,
            Messages::tr("%1 goes through more than %2 symbolic links (a loop?); refused").arg(path).arg(MaxSymlinks));
    case Status::TooDeep:
        return failure(JsonRpcError::InvalidParams,
            Messages::tr("%1 is more than %2 directories deep; refused").arg(path).arg(MaxDepth));
    case Status::Changed:
        return failure(JsonRpcError::InternalError,
            Messages::tr("%1 kept changing while the Runner looked it up; try again").arg(path));
    case Status::Error:
        break;
    }
    return failure(JsonRpcError::InternalError,
        (write ? Messages::tr("cannot write %1: %2") : Messages::tr("cannot read %1: %2")).arg(path, errorText(error)));
}

WorkspaceFileAccess::Result WorkspaceFileAccess::readText(
    const QString &path, std::optional<qint64> line, std::optional<qint64> limit) const
{
    Result r;
    const std::optional<QStringList> parts = components(path, &r);
    if (!parts)
        return r;
    for (int attempt = 0; attempt < MaxAttempts; ++attempt) {
        Located at;
        const Status status = locate(*parts, false, &at);
        if (status != Status::Ok)
            return failureFor(status, path, at.error, false);
        if (!at.exists)
            return failure(ResourceNotFound, Messages::tr("%1 does not exist").arg(path));
        if (S_ISDIR(at.st.st_mode))
            return failure(JsonRpcError::InvalidParams, Messages::tr("%1 is a directory").arg(path));
        // A FIFO or a device is never opened.
        if (!S_ISREG(at.st.st_mode))
            return failure(JsonRpcError::InvalidParams, Messages::tr("%1 is not a regular file").arg(path));
        // In the directory found above; O_NOFOLLOW: a link swapped in since is not followed.
        const UniqueFd fd(
            ::openat(at.dir.get(), at.name.constData(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
        if (!fd.valid() && (errno == ELOOP || errno == ENOENT))
            continue; // swapped or removed since the lookup: look again
        if (!fd.valid())
            return failureFor(Status::Error, path, errno, false);
        struct stat st = {};
        if (::fstat(fd.get(), &st) != 0)
            return failureFor(Status::Error, path, errno, false);
        if (!sameFile(st, at.st))
            continue; // another file carries the name by now: look again
        const auto tooBig = [&] {
            return failure(JsonRpcError::InvalidParams,
                Messages::tr("%1 is larger than %2 MiB, the most the Runner reads for an agent")
                    .arg(path)
                    .arg(MaxReadBytes / (1024 * 1024)));
        };
        if (st.st_size > MaxReadBytes)
            return tooBig();
        QByteArray bytes;
        if (!readAll(fd.get(), MaxReadBytes, &bytes))
            return failureFor(Status::Error, path, errno, false);
        if (bytes.size() > MaxReadBytes)
            return tooBig(); // grew while read
        QString text = QString::fromUtf8(bytes);
        if (line || limit) {
            // ACP: "line" is 1-based, "limit" a number of lines.
            const qint64 first = std::max<qint64>(1, line.value_or(1));
            QStringList lines = text.split(QLatin1Char('\n'));
            const qint64 from = std::min<qint64>(first - 1, lines.size());
            const qint64 count = limit ? std::max<qint64>(0, *limit) : lines.size();
            text = lines.mid(from, count).join(QLatin1Char('\n'));
        }
        r.ok = true;
        r.content = text;
        return r;
    }
    return failureFor(Status::Changed, path, 0, false);
}

WorkspaceFileAccess::Result WorkspaceFileAccess::writeText(const QString &path, const QString &content) const
{
    Result r;
    const std::optional<QStringList> parts = components(path, &r);
    if (!parts)
        return r;
    Located at;
    const Status status = locate(*parts, true, &at);
    if (status != Status::Ok)
        return failureFor(status, path, at.error, true);
    if (at.exists && S_ISDIR(at.st.st_mode))
        return failure(JsonRpcError::InvalidParams, Messages::tr("%1 is a directory").arg(path));
    if (at.exists && !S_ISREG(at.st.st_mode))
        return failure(JsonRpcError::InvalidParams, Messages::tr("%1 is not a regular file").arg(path));

    // Written whole or not at all: a temporary file in the same directory, renamed over the name
    // (a reader never sees half a file, a crash leaves the old one). Both relative to the
    // directory found above; a link swapped in for the name since is replaced, not followed.
    QByteArray temp;
    UniqueFd fd;
    for (int i = 0; i < MaxAttempts && !fd.valid(); ++i) {
        temp = ".checkfu-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16) + ".tmp";
        fd = UniqueFd(
            ::openat(at.dir.get(), temp.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666));
        if (!fd.valid() && errno != EEXIST)
            break;
    }
    if (!fd.valid())
        return failureFor(Status::Error, path, errno, true);
    const auto discard = [&](int error) {
        fd.reset();
        ::unlinkat(at.dir.get(), temp.constData(), 0);
        return error == EISDIR || error == ENOTEMPTY || error == EEXIST
            ? failure(JsonRpcError::InvalidParams, Messages::tr("%1 is a directory").arg(path))
            : failureFor(Status::Error, path, error, true);
    };
    if (at.exists && ::fchmod(fd.get(), at.st.st_mode & 0777) != 0) // the file keeps its permissions
        return discard(errno);
    const QByteArray utf8 = content.toUtf8();
    if (!UniqueFd::writeAll(fd.get(), utf8.constData(), utf8.size()) || ::fsync(fd.get()) != 0)
        return discard(errno);
    if (::close(fd.release()) != 0) {
        const int error = errno;
        ::unlinkat(at.dir.get(), temp.constData(), 0);
        return failureFor(Status::Error, path, error, true);
    }
    if (::renameat(at.dir.get(), temp.constData(), at.dir.get(), at.name.constData()) != 0) {
        const int error = errno;
        ::unlinkat(at.dir.get(), temp.constData(), 0);
        return error == EISDIR || error == ENOTEMPTY || error == EEXIST
            ? failure(JsonRpcError::InvalidParams, Messages::tr("%1 is a directory").arg(path))
            : failureFor(Status::Error, path, error, true);
    }
    r.ok = true;
    return r;
}

} // namespace runnercore
