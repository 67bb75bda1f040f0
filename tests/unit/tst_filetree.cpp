// FileTree's descriptor-relative operations that a git mount relies on (issue 35): a directory the
// Runner makes must be new (whatever the run or a repository left there, a symlink included, counts
// as existing), and a directory reached beneath a work tree never through a symlink, however deep,
// nor above it.
#include <runnercore/workspace/FileTree.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {

UniqueFd openDir(const QString &path)
{
    return UniqueFd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

// The inode of the directory behind fd.
ino_t inodeOf(int fd)
{
    struct stat st = {};
    return ::fstat(fd, &st) == 0 ? st.st_ino : 0;
}

} // namespace

class TestFileTree : public QObject
{
    Q_OBJECT

private slots:
    void aNewDirectoryMustNotExistInAnyForm()
    {
        QTemporaryDir dir;
        const UniqueFd root = openDir(dir.path());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("lib")));
        QVERIFY(QFile::link(QStringLiteral("/etc"), dir.filePath(QStringLiteral("link"))));
        QFile file(dir.filePath(QStringLiteral("file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        for (const char *name : { "lib", "link", "file" }) {
            QString error;
            bool existed = false;
            QVERIFY2(!FileTree::makeNewPrivateDir(root.get(), name, &error, &existed).valid(), name);
            QVERIFY2(existed && error.contains(QStringLiteral("already exists")), qPrintable(error));
        }
        QString error;
        bool existed = true;
        const UniqueFd made = FileTree::makeNewPrivateDir(root.get(), "fresh", &error, &existed);
        QVERIFY2(made.valid() && !existed, qPrintable(error));
        QVERIFY(FileTree::isEmptyDir(made.get()));
        QVERIFY(!FileTree::isEmptyDir(root.get()));
        QCOMPARE(QFileInfo(dir.filePath(QStringLiteral("fresh"))).permissions() & 0x0077, QFileDevice::Permissions());
    }

    void aDirectoryBeneathIsNeverReachedThroughASymlink()
    {
        QTemporaryDir dir;
        QTemporaryDir elsewhere;
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("work/a/b"))));
        QVERIFY(QDir().mkpath(elsewhere.filePath(QStringLiteral("b"))));
        // work/link -> elsewhere (absolute), work/a/up -> .. (relative, inside), work/a/c -> b.
        QVERIFY(QFile::link(elsewhere.path(), dir.filePath(QStringLiteral("work/link"))));
        QVERIFY(QFile::link(QStringLiteral(".."), dir.filePath(QStringLiteral("work/a/up"))));
        QVERIFY(QFile::link(QStringLiteral("b"), dir.filePath(QStringLiteral("work/a/c"))));
        const UniqueFd work = openDir(dir.filePath(QStringLiteral("work")));
        QString error;
        const UniqueFd b = FileTree::openDirBeneath(work.get(), QStringLiteral("a/b"), &error);
        QVERIFY2(b.valid(), qPrintable(error));
        QCOMPARE(inodeOf(b.get()), inodeOf(openDir(dir.filePath(QStringLiteral("work/a/b"))).get()));
        QCOMPARE(inodeOf(FileTree::openDirBeneath(work.get(), QString(), &error).get()), inodeOf(work.get()));
        for (const QString &path : { QStringLiteral("link"), QStringLiteral("link/b"), QStringLiteral("a/up/a"),
                 QStringLiteral("a/c"), QStringLiteral(".."), QStringLiteral("a/../.."), QStringLiteral("missing") }) {
            error.clear();
            QVERIFY2(!FileTree::openDirBeneath(work.get(), path, &error).valid(), qPrintable(path));
            QVERIFY2(!error.isEmpty(), qPrintable(path));
            qInfo("%s: %s", qPrintable(path), qPrintable(error));
        }
    }
};

QTEST_GUILESS_MAIN(TestFileTree)
#include "tst_filetree.moc"
