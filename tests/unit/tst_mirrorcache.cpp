// The git mirror cache (§6.8, issue 22): keys that never hold a credential and never share a mirror
// between two credentials, a lock a killed Runner leaves behind that never blocks the next, and
// eviction oldest first down to the limit, never of a mirror in use.
#include <runnercore/workspace/MirrorCache.h>

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace runnercore;

namespace {

GitSource source(const QString &url, const QString &secret, GitCredential::Kind kind = GitCredential::Kind::HttpBasic)
{
    GitSource s;
    s.url = url;
    s.commit = QStringLiteral("0123456789abcdef0123456789abcdef01234567");
    if (!secret.isEmpty())
        s.credential = GitCredential { kind, QStringLiteral("x-access-token"), secret };
    return s;
}

// A mirror directory of `bytes` bytes whose last use was `age` seconds ago.
void fakeMirror(const MirrorCache &cache, const QString &key, qint64 bytes, int age)
{
    const QString dir = cache.root() + QLatin1Char('/') + key;
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/objects")));
    QFile pack(dir + QStringLiteral("/objects/pack"));
    QVERIFY(pack.open(QIODevice::WriteOnly));
    QVERIFY(pack.write(QByteArray(bytes, 'x')) == bytes);
    pack.close();
    QFile note(dir + QStringLiteral("/checkfu-url"));
    QVERIFY(note.open(QIODevice::WriteOnly));
    note.write("https://git.example.com/" + key.toUtf8());
    note.close();
    QFile used(dir + QStringLiteral("/checkfu-last-used"));
    QVERIFY(used.open(QIODevice::WriteOnly));
    QVERIFY(used.setFileTime(QDateTime::currentDateTime().addSecs(-age), QFileDevice::FileModificationTime));
}

QStringList keys(const MirrorCache &cache)
{
    QStringList list;
    for (const MirrorCache::Entry &e : cache.entries())
        list.append(e.key);
    return list;
}

} // namespace

class TestMirrorCache : public QObject
{
    Q_OBJECT

private slots:
    void keysNeverHoldTheSecretAndSplitByCredential()
    {
        const QString url = QStringLiteral("https://git.example.com/org/repo.git");
        const QString key = MirrorCache::keyFor(source(url, QStringLiteral("s3cret-token")));
        QCOMPARE(key.size(), 40);
        QVERIFY(!key.contains(QStringLiteral("s3cret")));
        QCOMPARE(MirrorCache::keyFor(source(url, QStringLiteral("s3cret-token"))), key); // stable
        // Another secret, another kind, no credential, another URL: never the same mirror.
        const QStringList others { MirrorCache::keyFor(source(url, QStringLiteral("other-token"))),
            MirrorCache::keyFor(source(url, QStringLiteral("s3cret-token"), GitCredential::Kind::HttpBearer)),
            MirrorCache::keyFor(source(url, QString())),
            MirrorCache::keyFor(
                source(QStringLiteral("https://git.example.com/org/other.git"), QStringLiteral("s3cret-token"))) };
        for (const QString &other : others)
            QVERIFY(other != key);
        QCOMPARE(QSet<QString>(others.cbegin(), others.cend()).size(), others.size());
    }

    // The lock is an flock: the kernel drops it with the process that held it, so a Runner killed
    // mid-fetch leaves a lock file that the next one takes at once.
    void aLockLeftByAKilledRunnerNeverBlocks()
    {
        QTemporaryDir dir;
        const MirrorCache cache(dir.filePath(QStringLiteral("git")));
        const QString mirror = cache.pathFor(source(QStringLiteral("https://git.example.com/a.git"), QString()));
        QString error;
        QVERIFY2(cache.prepare(mirror, QStringLiteral("https://git.example.com/a.git"), &error), qPrintable(error));
        int ready[2];
        QVERIFY(::pipe(ready) == 0);
        const pid_t child = ::fork();
        if (child == 0) {
            const int fd
                = ::open(QFile::encodeName(mirror + QStringLiteral(".lock")).constData(), O_RDWR | O_CREAT, 0600);
            ::flock(fd, LOCK_EX);
            (void)!::write(ready[1], "x", 1);
            ::pause();
            ::_exit(0);
        }
        char byte = 0;
        QCOMPARE(::read(ready[0], &byte, 1), ssize_t(1));
        const int fd = cache.openLock(mirror, &error);
        QVERIFY2(fd >= 0, qPrintable(error));
        QVERIFY(!MirrorCache::tryLock(fd)); // held by a live Runner: waited for
        ::kill(child, SIGKILL);
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(QFile::exists(mirror + QStringLiteral(".lock"))); // the file stays behind…
        QVERIFY(MirrorCache::tryLock(fd)); // …but not the lock
        ::close(fd);
        ::close(ready[0]);
        ::close(ready[1]);
    }

    void evictionRemovesTheOldestUntilTheCacheFits()
    {
        QTemporaryDir dir;
        const MirrorCache cache(dir.filePath(QStringLiteral("git")), 250 * 1024);
        QVERIFY(QDir().mkpath(cache.root()));
        fakeMirror(cache, QStringLiteral("oldest"), 100 * 1024, 3000);
        fakeMirror(cache, QStringLiteral("older"), 100 * 1024, 2000);
        fakeMirror(cache, QStringLiteral("inuse"), 100 * 1024, 1500);
        fakeMirror(cache, QStringLiteral("newest"), 100 * 1024, 10);
        QCOMPARE(keys(cache),
            (QStringList { QStringLiteral("oldest"), QStringLiteral("older"), QStringLiteral("inuse"),
                QStringLiteral("newest") }));
        // A mirror another run holds is never removed, whatever its age.
        QString error;
        const int held = cache.openLock(cache.root() + QStringLiteral("/inuse"), &error);
        QVERIFY(held >= 0 && MirrorCache::tryLock(held));
        // The one just used (`keep`) stays, even if it is the oldest.
        cache.evict(cache.root() + QStringLiteral("/oldest"));
        QCOMPARE(keys(cache), (QStringList { QStringLiteral("oldest"), QStringLiteral("inuse") }));
        QVERIFY(cache.totalBytes() <= 250 * 1024);
        // A cache that fits loses nothing; clear() takes all but what is in use.
        cache.evict(QString());
        QCOMPARE(keys(cache).size(), 2);
        QCOMPARE(cache.clear(), 1);
        QCOMPARE(keys(cache), QStringList { QStringLiteral("inuse") });
        ::close(held);
        QCOMPARE(cache.clear(), 1);
        QVERIFY(keys(cache).isEmpty());
    }

    void theCacheRootIsOwnerOnly()
    {
        QTemporaryDir dir;
        const MirrorCache cache(dir.filePath(QStringLiteral("git")));
        QString error;
        QVERIFY(cache.prepare(cache.root() + QStringLiteral("/k"), QStringLiteral("https://x.example/r.git"), &error));
        QCOMPARE(QFile::permissions(cache.root()),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner | QFileDevice::ReadUser
                | QFileDevice::WriteUser | QFileDevice::ExeUser);
    }

    // Another local user who made the cache root first (0777, theirs), or a root others can enter,
    // would read every mirror and could plant objects a later run checks out: refused as the
    // snapshot store refuses its root, naming it, and nothing goes into it.
    void aRootAnotherUserMadeOrOthersCanEnterIsRefused()
    {
        if (::geteuid() != 0)
            QSKIP("needs root, to give a directory to another user");
        QTemporaryDir dir;
        const MirrorCache cache(dir.filePath(QStringLiteral("git")));
        const QByteArray root = QFile::encodeName(cache.root());
        QVERIFY(::mkdir(root.constData(), 0777) == 0);
        QVERIFY(::chown(root.constData(), 65534, 65534) == 0 && ::chmod(root.constData(), 0777) == 0);
        const GitSource s = source(QStringLiteral("https://git.example.com/a.git"), QStringLiteral("token"));
        QString error;
        QVERIFY(!cache.prepare(cache.pathFor(s), s.url, &error));
        qInfo("another user's root: %s", qPrintable(error));
        QVERIFY2(error.contains(cache.root()) && error.contains(QStringLiteral("another user")), qPrintable(error));
        QVERIFY(QDir(cache.root()).isEmpty());
        struct stat st = {};
        QVERIFY(::stat(root.constData(), &st) == 0 && st.st_uid == 65534 && (st.st_mode & 07777) == 0777);

        // This user's own, but open to the others: refused too, never quietly repaired.
        QVERIFY(::chown(root.constData(), ::geteuid(), ::getegid()) == 0 && ::chmod(root.constData(), 0755) == 0);
        error.clear();
        QVERIFY(!cache.prepare(cache.pathFor(s), s.url, &error));
        qInfo("a root others can enter: %s", qPrintable(error));
        QVERIFY2(error.contains(cache.root()) && error.contains(QStringLiteral("chmod 700")), qPrintable(error));
        QVERIFY(QDir(cache.root()).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMirrorCache)
#include "tst_mirrorcache.moc"
