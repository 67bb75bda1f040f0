#pragma once

#include <QByteArray>
#include <QString>

#include <optional>
#include <utility>

namespace runnercore {

// Owns one file descriptor.
class UniqueFd
{
public:
    explicit UniqueFd(int fd = -1) : m_fd(fd) { }
    ~UniqueFd();
    UniqueFd(UniqueFd &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)) { }
    UniqueFd &operator=(UniqueFd &&other) noexcept
    {
        std::swap(m_fd, other.m_fd);
        return *this;
    }
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;
    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }

private:
    int m_fd;
};

// A run's files, reached only through directory descriptors and *at() calls that never follow
// a symlink: whatever a harness leaves behind (a link, a chmod 000 directory) cannot point a write
// or a removal outside the run.
class FileTree
{
public:
    static constexpr int PrivateDirMode = 0700;

    // The directory `name` of parentFd (a real directory owned by this user, made 0700).
    static UniqueFd openPrivateDir(int parentFd, const QByteArray &name, QString *error);
    // mkdir (an existing real directory is fine), then openPrivateDir.
    static UniqueFd makePrivateDir(int parentFd, const QByteArray &name, QString *error);
    // Each component of a relative, normalised path as a private directory, from rootFd down.
    static UniqueFd makePrivateDirs(int rootFd, const QString &relativePath, QString *error);
    // Creates the regular file `relativePath` below rootFd (O_EXCL: it must not exist yet), its
    // directories as needed, with `mode`.
    static bool writeNewFile(
        int rootFd, const QString &relativePath, const QByteArray &content, int mode, QString *error);
    // rm -rf of `name` in parentFd; symlinks are unlinked, never followed.
    static bool removeTree(int parentFd, const char *name);
    // Sets every directory below (and including) dirFd to dirMode and every regular file to
    // fileMode, keeping the executable bits of files (read-only mounts on a host tier).
    static void setModes(int dirFd, int dirMode, int fileMode, int executableMode);
    static QString systemError(int error);
    // write(2) until all of data is written (EINTR retried); false with errno set.
    static bool writeAll(int fd, const char *data, qint64 size);
    // Everything of fd up to `limit` bytes, or nullopt (an error, or more than limit). sizeHint:
    // what fstat said, so that a small file costs one allocation and one read.
    static std::optional<QByteArray> readAll(int fd, qint64 limit, qint64 sizeHint = 64 * 1024);
};

} // namespace runnercore
