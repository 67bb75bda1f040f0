#pragma once

#include <runnercore/base/UniqueFd.h>

#include <QByteArray>
#include <QString>

#include <optional>
#include <utility>

namespace runnercore {

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
    // mkdir of a directory that must not exist yet (*existed: it did), then openPrivateDir: what
    // is in it is what this process put there.
    static UniqueFd makeNewPrivateDir(int parentFd, const QByteArray &name, QString *error, bool *existed = nullptr);
    // The directory at relativePath below rootFd, reached without following a symlink and without
    // leaving rootFd (openat2 RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS; one component at a time with
    // O_NOFOLLOW where the kernel lacks openat2). An empty path is rootFd itself.
    static UniqueFd openDirBeneath(int rootFd, const QString &relativePath, QString *error);
    // Whether the directory dirFd has no entry but . and ..
    static bool isEmptyDir(int dirFd);
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
    // Everything of fd up to `limit` bytes, or nullopt (an error, or more than limit). sizeHint:
    // what fstat said, so that a small file costs one allocation and one read.
    static std::optional<QByteArray> readAll(int fd, qint64 limit, qint64 sizeHint = 64 * 1024);
};

} // namespace runnercore
