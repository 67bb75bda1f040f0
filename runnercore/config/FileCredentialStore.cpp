#include <runnercore/config/FileCredentialStore.h>

#include <runnercore/base/UniqueFd.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

constexpr int kFormatVersion = 1;
// A bootstrap credential is a few hundred bytes; anything far larger is not ours.
constexpr qint64 kMaxFileSize = 64 * 1024;

QString octalMode(mode_t mode)
{
    return QStringLiteral("0%1").arg(mode & 07777, 3, 8, QLatin1Char('0'));
}

QString errnoText(int error)
{
    return qt_error_string(error);
}

} // namespace

struct FileCredentialStore::DirHandle
{
    UniqueFd fd;
    bool missing = false;
};

FileCredentialStore::FileCredentialStore(const QString &directory, QObject *parent)
    : CredentialStore(parent), m_directory(QDir::cleanPath(directory))
{ }

QString FileCredentialStore::backendName() const
{
    return QStringLiteral("file");
}

QString FileCredentialStore::filePathFor(const QString &account) const
{
    const QByteArray digest = QCryptographicHash::hash(account.toUtf8(), QCryptographicHash::Sha256);
    return m_directory + QLatin1Char('/') + QString::fromLatin1(digest.toHex());
}

uid_t FileCredentialStore::expectedUid() const
{
    return ::geteuid();
}

void FileCredentialStore::read(const QString &account, Callback done)
{
    deliver(done, account.isEmpty() ? emptyAccountResult() : readNow(account));
}

void FileCredentialStore::write(const QString &account, const QString &secret, Callback done)
{
    deliver(done, account.isEmpty() ? emptyAccountResult() : writeNow(account, secret));
}

void FileCredentialStore::remove(const QString &account, Callback done)
{
    deliver(done, account.isEmpty() ? emptyAccountResult() : removeNow(account));
}

CredentialResult FileCredentialStore::refused(const QString &message) const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Refused;
    result.message = message;
    return result;
}

CredentialResult FileCredentialStore::failed(const QString &message) const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Error;
    result.message = message;
    return result;
}

// Opens the store directory without following a symbolic link and checks it is ours and
// private; later file operations go through this descriptor, so a directory swapped after
// the check is never used.
CredentialResult FileCredentialStore::openDirectory(bool create, DirHandle &handle) const
{
    const QByteArray path = QFile::encodeName(m_directory);
    if (m_directory.isEmpty())
        return failed(tr("No directory was configured for the file credential store."));

    if (create) {
        // Parents are ordinary data directories; only the store itself must be private.
        const QString parent = QFileInfo(m_directory).absolutePath();
        if (!QDir().mkpath(parent))
            return failed(
                tr("Cannot create the directory %1 for the file credential store: check that you may write there.")
                    .arg(parent));
        if (::mkdir(path.constData(), 0700) != 0 && errno != EEXIST)
            return failed(tr("Cannot create the credential directory %1: %2.").arg(m_directory, errnoText(errno)));
    }

    const int fd = ::open(path.constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT && !create) {
            handle.missing = true;
            return CredentialResult { CredentialResult::Status::Ok, {}, {} };
        }
        if (error == ELOOP)
            return refused(tr("The credential directory %1 is a symbolic link; the Runner only uses a real directory. "
                              "Remove the link (rm %1) and store the credential again.")
                               .arg(m_directory));
        if (error == ENOTDIR)
            return refused(
                tr("The credential directory %1 is not a directory. Move it away and store the credential again.")
                    .arg(m_directory));
        return failed(tr("Cannot open the credential directory %1: %2.").arg(m_directory, errnoText(error)));
    }
    handle.fd.reset(fd);

    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return failed(tr("Cannot inspect the credential directory %1: %2.").arg(m_directory, errnoText(errno)));
    const uid_t uid = expectedUid();
    if (st.st_uid != uid)
        return refused(
            tr("The credential directory %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. "
               "Remove it, or fix it with: chown %3 %1 && chmod 700 %1")
                .arg(m_directory, QString::number(st.st_uid), QString::number(uid)));
    if ((st.st_mode & 077) != 0)
        return refused(tr("The credential directory %1 has mode %2, so other users can reach it; it must be 0700. "
                          "Fix it with: chmod 700 %1")
                           .arg(m_directory, octalMode(st.st_mode)));
    return CredentialResult { CredentialResult::Status::Ok, {}, {} };
}

CredentialResult FileCredentialStore::readNow(const QString &account) const
{
    DirHandle dir;
    if (const CredentialResult opened = openDirectory(false, dir); !opened.ok())
        return opened;
    CredentialResult notFound;
    notFound.status = CredentialResult::Status::NotFound;
    notFound.message = tr("No credential is stored for this Runner in %1: pair it again.").arg(m_directory);
    if (dir.missing)
        return notFound;

    const QString filePath = filePathFor(account);
    const QByteArray name = QFile::encodeName(QFileInfo(filePath).fileName());
    // O_NONBLOCK so a FIFO planted in place of the file cannot hang the open.
    const int fd = ::openat(dir.fd.get(), name.constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT)
            return notFound;
        if (error == ELOOP)
            return refused(tr("The credential file %1 is a symbolic link; the Runner never follows links to a secret. "
                              "Remove it (rm %1) and pair again.")
                               .arg(filePath));
        return failed(tr("Cannot open the credential file %1: %2.").arg(filePath, errnoText(error)));
    }
    UniqueFd file(fd);

    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0)
        return failed(tr("Cannot inspect the credential file %1: %2.").arg(filePath, errnoText(errno)));
    if (!S_ISREG(st.st_mode))
        return refused(
            tr("The credential file %1 is not a regular file. Remove it (rm %1) and pair again.").arg(filePath));
    const uid_t uid = expectedUid();
    if (st.st_uid != uid)
        return refused(tr("The credential file %1 is owned by uid %2, not by you (uid %3), so it cannot be trusted. "
                          "Remove it (rm %1) and pair again.")
                           .arg(filePath, QString::number(st.st_uid), QString::number(uid)));
    if ((st.st_mode & 07777) != 0600)
        return refused(
            tr("The credential file %1 has mode %2; it must be 0600 (readable only by you). "
               "If you did not change it on purpose, treat the credential as exposed: remove the file and pair again. "
               "Otherwise fix it with: chmod 600 %1")
                .arg(filePath, octalMode(st.st_mode)));
    if (st.st_size > kMaxFileSize)
        return refused(tr("The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.")
                           .arg(filePath));

    QByteArray content;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return failed(tr("Cannot read the credential file %1: %2.").arg(filePath, errnoText(errno)));
        }
        if (n == 0)
            break;
        content.append(buffer, n);
        if (content.size() > kMaxFileSize)
            return refused(
                tr("The credential file %1 is too large to be a credential. Remove it (rm %1) and pair again.")
                    .arg(filePath));
    }

    const QJsonDocument doc = QJsonDocument::fromJson(content);
    const QJsonObject object = doc.object();
    const QString secret = object.value(QLatin1String("secret")).toString();
    if (!doc.isObject() || object.value(QLatin1String("version")).toInt() != kFormatVersion || secret.isEmpty())
        return failed(
            tr("The credential file %1 is damaged or from an unknown version. Remove it (rm %1) and pair again.")
                .arg(filePath));

    CredentialResult result;
    result.status = CredentialResult::Status::Ok;
    result.secret = secret;
    return result;
}

CredentialResult FileCredentialStore::writeNow(const QString &account, const QString &secret) const
{
    DirHandle dir;
    if (const CredentialResult opened = openDirectory(true, dir); !opened.ok())
        return opened;

    const QString filePath = filePathFor(account);
    const QByteArray name = QFile::encodeName(QFileInfo(filePath).fileName());
    const QByteArray tempName = name + ".tmp-" + QByteArray::number(QRandomGenerator::system()->generate64(), 16);

    QJsonObject object;
    object.insert(QLatin1String("version"), kFormatVersion);
    object.insert(QLatin1String("secret"), secret);
    const QByteArray content = QJsonDocument(object).toJson(QJsonDocument::Compact);

    const int fd
        = ::openat(dir.fd.get(), tempName.constData(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return failed(
            tr("Cannot create a file in the credential directory %1: %2.").arg(m_directory, errnoText(errno)));
    UniqueFd file(fd);

    const auto abandon = [&](const QString &message) {
        file.reset();
        ::unlinkat(dir.fd.get(), tempName.constData(), 0);
        return failed(message);
    };
    // The umask may have narrowed the mode; the reader insists on exactly 0600.
    if (::fchmod(fd, 0600) != 0 || !UniqueFd::writeAll(fd, content.constData(), content.size()) || ::fsync(fd) != 0)
        return abandon(tr("Cannot write the credential file in %1: %2.").arg(m_directory, errnoText(errno)));
    file.reset();
    // rename replaces whatever is at the name (even a symbolic link) without following it.
    if (::renameat(dir.fd.get(), tempName.constData(), dir.fd.get(), name.constData()) != 0)
        return abandon(tr("Cannot put the credential file %1 in place: %2.").arg(filePath, errnoText(errno)));
    // Make the rename itself durable; failing here loses nothing already written.
    ::fsync(dir.fd.get());
    return CredentialResult { CredentialResult::Status::Ok, {}, {} };
}

CredentialResult FileCredentialStore::removeNow(const QString &account) const
{
    DirHandle dir;
    if (const CredentialResult opened = openDirectory(false, dir); !opened.ok())
        return opened;
    if (dir.missing)
        return CredentialResult { CredentialResult::Status::Ok, {}, {} };

    const QString filePath = filePathFor(account);
    const QByteArray name = QFile::encodeName(QFileInfo(filePath).fileName());
    if (::unlinkat(dir.fd.get(), name.constData(), 0) != 0 && errno != ENOENT)
        return failed(tr("Cannot remove the credential file %1: %2.").arg(filePath, errnoText(errno)));
    return CredentialResult { CredentialResult::Status::Ok, {}, {} };
}

} // namespace runnercore
