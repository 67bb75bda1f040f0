#include <runnercore/config/PrivateDirectory.h>

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(PrivateDirectory)
};

QString modeText(mode_t mode)
{
    return QStringLiteral("0%1").arg(uint(mode & 07777), 3, 8, QLatin1Char('0'));
}

QString notADirectory(const QString &path, const QString &placedBy)
{
    return Messages::tr("%1 is not a directory. Remove it (or point %2 at a directory of your own) and start again.")
        .arg(path, placedBy);
}

// What is wrong with the directory behind `fd` (opened without following a symlink), or empty.
QString directoryProblem(const QString &path, const struct stat &st, const QString &placedBy)
{
    if (!S_ISDIR(st.st_mode))
        return notADirectory(path, placedBy);
    if (st.st_uid != ::geteuid())
        return Messages::tr(
            "%1 belongs to another user (uid %2, not %3), who could then read or change what this Runner keeps in "
            "it. Remove it (or point %4 at a directory of your own) and start again.")
            .arg(path)
            .arg(uint(st.st_uid))
            .arg(uint(::geteuid()))
            .arg(placedBy);
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0)
        return Messages::tr(
            "%1 has mode %2, so other users can enter it. It must be yours alone: chmod 700 %1 (or remove it) "
            "and start again.")
            .arg(path, modeText(st.st_mode));
    return {};
}

} // namespace

bool PrivateDirectory::ensure(const QString &path, QString *error, const QString &placedBy)
{
    const QByteArray native = QFile::encodeName(path);
    // mkdir first, then look: a stat before it would race with whoever creates the name meanwhile.
    if (::mkdir(native.constData(), 0700) != 0 && errno != EEXIST) {
        *error = Messages::tr("Cannot create the directory %1: %2.")
                     .arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    return check(path, error, placedBy);
}

bool PrivateDirectory::check(const QString &path, QString *error, const QString &placedBy)
{
    const QByteArray native = QFile::encodeName(path);
    // O_NOFOLLOW: a symlink in the directory's place is refused, never followed to somewhere else.
    const int fd = ::open(native.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int openError = errno;
        struct stat st
        {
        };
        if (::lstat(native.constData(), &st) == 0 && S_ISLNK(st.st_mode))
            *error = Messages::tr(
                "%1 is a symbolic link, which another user could point anywhere. Remove it and start again.")
                         .arg(path);
        else if (openError == ENOTDIR)
            *error = notADirectory(path, placedBy);
        else
            *error = Messages::tr("Cannot open the directory %1: %2.")
                         .arg(path, QString::fromLocal8Bit(std::strerror(openError)));
        return false;
    }
    struct stat st
    {
    };
    const bool statted = ::fstat(fd, &st) == 0;
    const int statError = errno;
    ::close(fd);
    if (!statted) {
        *error = Messages::tr("Cannot inspect the directory %1: %2.")
                     .arg(path, QString::fromLocal8Bit(std::strerror(statError)));
        return false;
    }
    *error = directoryProblem(path, st, placedBy);
    return error->isEmpty();
}

bool PrivateDirectory::checkFile(const QString &path, QString *error)
{
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0) {
        if (errno == ENOENT)
            return true;
        *error = Messages::tr("Cannot inspect %1: %2.").arg(path, QString::fromLocal8Bit(std::strerror(errno)));
        return false;
    }
    if (S_ISLNK(st.st_mode) || !S_ISREG(st.st_mode)) {
        *error = Messages::tr(
            "%1 is not a regular file (a symbolic link or something else put in its place). Remove it and "
            "start again.")
                     .arg(path);
        return false;
    }
    if (st.st_uid != ::geteuid()) {
        *error = Messages::tr("%1 belongs to another user (uid %2). Remove it and start again.")
                     .arg(path)
                     .arg(uint(st.st_uid));
        return false;
    }
    return true;
}

} // namespace runnercore
