#include <runnercore/workspace/MemoryChanges.h>

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

constexpr int MaxFiles = 10000;

// Reads a regular file without following a symlink; nullopt for anything else or too big.
std::optional<QByteArray> readRegular(const QString &path, qint64 limit, bool *executable)
{
    const int fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return std::nullopt;
    struct stat st = {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > limit) {
        ::close(fd);
        return std::nullopt;
    }
    *executable = (st.st_mode & S_IXUSR) != 0;
    QFile file;
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return std::nullopt;
    }
    return file.read(limit + 1);
}

// Every entry below `directory`, symlinks not followed: regular files, and the rest.
void walk(const QString &directory, QStringList *regular, QStringList *other)
{
    QDirIterator it(
        directory, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    const QDir base(directory);
    while (it.hasNext() && regular->size() < MaxFiles) {
        const QFileInfo info(it.next());
        const QString relative = base.relativeFilePath(info.filePath());
        if (info.isSymLink())
            other->append(relative);
        else if (info.isDir())
            continue;
        else if (info.isFile())
            regular->append(relative);
        else
            other->append(relative);
    }
    regular->sort();
    other->sort();
}

qint64 jsonSize(const QJsonObject &change)
{
    return QJsonDocument(change).toJson(QJsonDocument::Compact).size() + 1;
}

} // namespace

MemoryChanges::Snapshot MemoryChanges::take(const QString &directory)
{
    Snapshot snapshot;
    QStringList regular;
    QStringList other;
    walk(directory, &regular, &other);
    for (const QString &path : regular) {
        bool executable = false;
        const auto content = readRegular(directory + QLatin1Char('/') + path, MaxTotalBytes, &executable);
        Entry entry;
        // Unreadable or too big: a digest nothing matches, so a change to it is still seen.
        entry.digest = content ? QCryptographicHash::hash(*content, QCryptographicHash::Sha256) : QByteArray("?");
        entry.executable = executable;
        snapshot.insert(path, entry);
    }
    return snapshot;
}

MemoryChanges::Report MemoryChanges::compare(const QString &target, const QString &directory, const Snapshot &before)
{
    Report report;
    QStringList regular;
    walk(directory, &regular, &report.skipped);
    QList<QJsonObject> changes;
    for (const QString &path : regular) {
        bool executable = false;
        const auto content = readRegular(directory + QLatin1Char('/') + path, MaxTotalBytes, &executable);
        if (!content) {
            report.tooLarge = true;
            break;
        }
        const auto old = before.constFind(path);
        if (old != before.cend() && old->digest == QCryptographicHash::hash(*content, QCryptographicHash::Sha256)
            && old->executable == executable)
            continue;
        changes.append(QJsonObject { { QStringLiteral("path"), path },
            { QStringLiteral("content_base64"), QString::fromLatin1(content->toBase64()) },
            { QStringLiteral("executable"), executable } });
    }
    for (auto it = before.cbegin(); it != before.cend(); ++it) {
        if (!regular.contains(it.key()) && !report.skipped.contains(it.key()))
            changes.append(QJsonObject { { QStringLiteral("path"), it.key() }, { QStringLiteral("deleted"), true } });
    }
    // Packed into events of at most 1 MiB, all of them at most 8 MiB.
    const qint64 envelope
        = jsonSize(QJsonObject { { QStringLiteral("target"), target }, { QStringLiteral("changes"), QJsonArray() } })
        + 64;
    qint64 total = 0;
    QJsonArray batch;
    qint64 batchBytes = envelope;
    const auto flush = [&] {
        if (!batch.isEmpty())
            report.events.append(
                QJsonObject { { QStringLiteral("target"), target }, { QStringLiteral("changes"), batch } });
        batch = QJsonArray();
        batchBytes = envelope;
    };
    for (const QJsonObject &change : std::as_const(changes)) {
        if (report.tooLarge)
            break;
        const qint64 size = jsonSize(change);
        if (envelope + size > MaxEventBytes || total + size > MaxTotalBytes) {
            report.tooLarge = true;
            break;
        }
        if (batchBytes + size > MaxEventBytes)
            flush();
        batch.append(change);
        batchBytes += size;
        total += size;
    }
    flush();
    return report;
}

} // namespace runnercore
