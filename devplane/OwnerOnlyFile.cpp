#include "OwnerOnlyFile.h"

#include <QDir>
#include <QFileInfo>
#include <QRandomGenerator>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace devplane {

namespace {

constexpr mode_t OwnerReadWrite = 0600;
constexpr mode_t OwnerOnlyDirectory = 0700;

QString describe(const QString &path, const char *what, int error)
{
    return QStringLiteral("%1: %2: %3").arg(path, QLatin1String(what), QString::fromLocal8Bit(std::strerror(error)));
}

// A descriptor we opened with O_NOFOLLOW: a regular file of ours, made owner-only.
bool checkOwnedRegularFile(int fd, const QString &path, QString *error)
{
    struct stat st = {};
    if (::fstat(fd, &st) != 0) {
        *error = describe(path, "cannot inspect", errno);
        return false;
    }
    if (!S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) {
        *error = QStringLiteral("%1: not a regular file of this user (another user or program made it); remove it "
                                "or choose another path")
                     .arg(path);
        return false;
    }
    if (::fchmod(fd, OwnerReadWrite) != 0) {
        *error = describe(path, "cannot make owner-only", errno);
        return false;
    }
    return true;
}

bool writeAll(int fd, const QByteArray &bytes)
{
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += n;
    }
    return true;
}

} // namespace

bool OwnerOnlyFile::openForAppend(QFile &file, const QString &path, QString *error)
{
    const int fd = ::open(
        QFile::encodeName(path).constData(), O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, OwnerReadWrite);
    if (fd < 0) {
        *error = describe(path, "cannot open", errno);
        return false;
    }
    if (!checkOwnedRegularFile(fd, path, error)) {
        ::close(fd);
        return false;
    }
    file.setFileName(path);
    if (!file.open(
            fd, QIODevice::WriteOnly | QIODevice::Append | QIODevice::Unbuffered, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        *error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return false;
    }
    return true;
}

bool OwnerOnlyFile::replace(const QString &path, const QByteArray &bytes, QString *error)
{
    const QByteArray target = QFile::encodeName(path);
    QByteArray temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 8 && fd < 0; ++attempt) {
        temporary = target + ".tmp-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);
        fd = ::open(temporary.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, OwnerReadWrite);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        *error = describe(path, "cannot create a temporary file beside it", errno);
        return false;
    }
    bool ok = checkOwnedRegularFile(fd, QFile::decodeName(temporary), error);
    if (ok && !writeAll(fd, bytes)) {
        *error = describe(path, "cannot write", errno);
        ok = false;
    }
    if (::close(fd) != 0 && ok) {
        *error = describe(path, "cannot write", errno);
        ok = false;
    }
    if (ok && ::rename(temporary.constData(), target.constData()) != 0) {
        *error = describe(path, "cannot replace", errno);
        ok = false;
    }
    if (!ok)
        ::unlink(temporary.constData());
    return ok;
}

bool OwnerOnlyFile::makeDirectory(const QString &directory, QString *error)
{
    const QString parent = QFileInfo(directory).absolutePath();
    if (!QDir().mkpath(parent)) {
        *error = QStringLiteral("cannot create %1").arg(parent);
        return false;
    }
    const QByteArray path = QFile::encodeName(directory);
    if (::mkdir(path.constData(), OwnerOnlyDirectory) != 0 && errno != EEXIST) {
        *error = describe(directory, "cannot create", errno);
        return false;
    }
    struct stat st = {};
    if (::lstat(path.constData(), &st) != 0) {
        *error = describe(directory, "cannot inspect", errno);
        return false;
    }
    if (!S_ISDIR(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) {
        *error = QStringLiteral("%1: not a directory of this user closed to others; remove it or choose another path")
                     .arg(directory);
        return false;
    }
    return true;
}

} // namespace devplane
