#pragma once

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QList>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>

// Trees for the snapshot tests. §6.9's manifest of a directory, computed from the protocol's text alone (not with the
// Runner's code): "<type> <mode> <hash> <path>\n" per regular file, symlink and directory, sorted by the path's bytes;
// the digest is "sha256:" + SHA-256 of the lines. Special files are left out.
namespace TreeListing {

inline QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

inline void collect(const QByteArray &root, const QByteArray &relative, QList<QByteArray> *lines)
{
    const QByteArray dirPath = relative.isEmpty() ? root : root + '/' + relative;
    const QStringList names = QDir(QFile::decodeName(dirPath))
                                  .entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    for (const QString &name : names) {
        const QByteArray path = relative.isEmpty() ? QFile::encodeName(name) : relative + '/' + QFile::encodeName(name);
        const QByteArray full = root + '/' + path;
        struct stat st = {};
        if (::lstat(full.constData(), &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode)) {
            lines->append("d - - " + path + '\n');
            collect(root, path, lines);
        } else if (S_ISLNK(st.st_mode)) {
            QByteArray target(4096, '\0');
            const ssize_t n = ::readlink(full.constData(), target.data(), size_t(target.size()));
            target.truncate(n < 0 ? 0 : n);
            lines->append("l - " + sha256Hex(target) + ' ' + path + '\n');
        } else if (S_ISREG(st.st_mode)) {
            QFile file(QFile::decodeName(full));
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const QByteArray mode = (st.st_mode & S_IXUSR) ? "755" : "644";
            lines->append("f " + mode + ' ' + sha256Hex(file.readAll()) + ' ' + path + '\n');
        }
    }
}

// The lines, sorted by the path's bytes.
inline QByteArray lines(const QString &directory)
{
    QList<QByteArray> all;
    collect(QFile::encodeName(directory), QByteArray(), &all);
    const auto pathOf = [](const QByteArray &line) {
        // "<type> <mode> <hash> <path>\n": the path starts after the third space.
        qsizetype at = 0;
        for (int i = 0; i < 3; ++i)
            at = line.indexOf(' ', at) + 1;
        return line.mid(at, line.size() - at - 1);
    };
    std::sort(all.begin(), all.end(), [&](const QByteArray &a, const QByteArray &b) { return pathOf(a) < pathOf(b); });
    return all.join();
}

inline QByteArray digest(const QString &directory)
{
    return "sha256:" + sha256Hex(lines(directory));
}

// Writes a file of a test's tree (its directories as needed) with exactly `mode`.
inline void writeFile(const QString &path, const QByteArray &content, int mode = 0644)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile out(path);
    QVERIFY2(out.open(QIODevice::WriteOnly | QIODevice::Truncate), qPrintable(path));
    QCOMPARE(out.write(content), content.size());
    out.close();
    QVERIFY(::chmod(QFile::encodeName(path).constData(), mode_t(mode)) == 0);
}

// Incompressible bytes, the same for the same seed.
inline QByteArray randomBytes(qint64 size, quint32 seed)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator(seed).fillRange(reinterpret_cast<quint32 *>(bytes.data()), size / 4);
    return bytes;
}

// Changes one byte (at `offset` within `content`) of the only stored copy of `content` in the
// snapshot store at storeRoot, found by its bytes in the loose blobs and the packs: damage on disk
// as a failing disk or another program would make it. False if the store holds no copy, or more
// than one place holds these bytes (then the test must pick a more distinctive content).
inline bool damageStoredCopy(const QString &storeRoot, const QByteArray &content, qint64 offset)
{
    QString found;
    qint64 at = -1;
    for (const QString &dir : { QStringLiteral("/blobs"), QStringLiteral("/packs") }) {
        QDirIterator it(storeRoot + dir, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (path.endsWith(QLatin1String(".idx")))
                continue;
            QFile in(path);
            if (!in.open(QIODevice::ReadOnly))
                return false;
            const QByteArray bytes = in.readAll();
            const qsizetype first = bytes.indexOf(content);
            if (first < 0)
                continue;
            if (!found.isEmpty() || bytes.indexOf(content, first + 1) >= 0)
                return false;
            found = path;
            at = first;
        }
    }
    QFile file(found);
    if (found.isEmpty() || !file.open(QIODevice::ReadWrite) || !file.seek(at + offset))
        return false;
    return file.putChar(char(content.at(offset) ^ 0x20)) && file.flush();
}

} // namespace TreeListing
