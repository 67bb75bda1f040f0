// Issue 13 item 7: the instance lock lives in a directory that is this user's alone. Without
// XDG_RUNTIME_DIR the Runner creates <temp>/checkfu-runtime-<uid> 0700; a directory another local
// user created first (mode 0777, another owner, a symlink), or a foreign or symlinked lock file, is
// refused with an error naming the path and the fix, and nothing is written into it.
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/PrivateDirectory.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {
constexpr uid_t Nobody = 65534;

mode_t modeOf(const QString &path)
{
    struct stat st
    {
    };
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 07777) : mode_t(-1);
}

bool makeDir(const QString &path, mode_t mode)
{
    const QByteArray native = QFile::encodeName(path);
    return ::mkdir(native.constData(), 0700) == 0 && ::chmod(native.constData(), mode) == 0;
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}
} // namespace

class TestInstanceLock : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_root = std::make_unique<QTemporaryDir>();
        QVERIFY(m_root->isValid());
        m_savedTmp = qgetenv("TMPDIR");
        m_savedXdg = qgetenv("XDG_RUNTIME_DIR");
        m_hadXdg = qEnvironmentVariableIsSet("XDG_RUNTIME_DIR");
        // The shared temp directory of this test: where the fallback goes.
        QVERIFY(QDir().mkpath(tmp()));
        QVERIFY(::chmod(QFile::encodeName(tmp()).constData(), 01777) == 0);
        qputenv("TMPDIR", QFile::encodeName(tmp()));
        qunsetenv("XDG_RUNTIME_DIR");
    }

    void cleanup()
    {
        qputenv("TMPDIR", m_savedTmp);
        if (m_hadXdg)
            qputenv("XDG_RUNTIME_DIR", m_savedXdg);
        else
            qunsetenv("XDG_RUNTIME_DIR");
        m_root.reset();
    }

    void withoutXdgRuntimeDirAPrivateFallbackIsCreated()
    {
        QCOMPARE(AppPaths::runtimeDir(), fallbackBase() + QStringLiteral("/checkfu"));
        InstanceLock lock(QStringLiteral("https://cp.example.test|cfb_secret"));
        QVERIFY2(lock.tryLock(), qPrintable(lock.conflictMessage()));
        QCOMPARE(modeOf(fallbackBase()), mode_t(0700));
        QCOMPARE(modeOf(AppPaths::runtimeDir()), mode_t(0700));
        QVERIFY(lock.path().startsWith(AppPaths::runtimeDir() + QLatin1Char('/')));
        QVERIFY(QFileInfo::exists(lock.path()));
        lock.unlock();
        // A second start finds its own directories and uses them again.
        InstanceLock again(QStringLiteral("https://cp.example.test|cfb_secret"));
        QVERIFY2(again.tryLock(), qPrintable(again.conflictMessage()));
    }

    void aFallbackAnotherUserCreatedIsRefused_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("mode 0777") << QStringLiteral("0777");
        QTest::newRow("mode 0750") << QStringLiteral("0750");
        QTest::newRow("owned by nobody") << QStringLiteral("nobody");
        QTest::newRow("symlink to a private directory") << QStringLiteral("symlink");
        QTest::newRow("a file") << QStringLiteral("file");
    }

    void aFallbackAnotherUserCreatedIsRefused()
    {
        QFETCH(QString, how);
        const QString base = fallbackBase();
        const QString elsewhere = m_root->filePath(QStringLiteral("elsewhere"));
        QVERIFY(makeDir(elsewhere, 0700));
        QVERIFY(plant(base, how, elsewhere));
        const mode_t before = modeOf(base);

        InstanceLock lock(QStringLiteral("https://cp.example.test|cfb_secret"));
        QVERIFY(!lock.tryLock());
        QVERIFY(!lock.isLocked());
        // The message names the directory and says what to do; it is the one the Runner shows.
        QVERIFY2(lock.unsafeReason().contains(base), qPrintable(lock.unsafeReason()));
        QVERIFY2(lock.unsafeReason().contains(QStringLiteral("start again")), qPrintable(lock.unsafeReason()));
        QCOMPARE(lock.conflictMessage(), lock.unsafeReason());
        // Nothing was written there, followed through it, or repaired.
        if (how != QLatin1String("file"))
            QCOMPARE(entries(base), QStringList());
        QCOMPARE(entries(elsewhere), QStringList());
        QCOMPARE(modeOf(base), before);
    }

    void aForeignCheckfuDirectoryInTheSessionRuntimeDirIsRefused_data() { aFallbackAnotherUserCreatedIsRefused_data(); }

    // XDG_RUNTIME_DIR itself is fine; its checkfu directory is not (the old code chmod-ed it and went on).
    void aForeignCheckfuDirectoryInTheSessionRuntimeDirIsRefused()
    {
        QFETCH(QString, how);
        const QString session = m_root->filePath(QStringLiteral("session"));
        QVERIFY(makeDir(session, 0700));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(session));
        const QString dir = session + QStringLiteral("/checkfu");
        QCOMPARE(AppPaths::runtimeDir(), dir);
        const QString elsewhere = m_root->filePath(QStringLiteral("elsewhere"));
        QVERIFY(makeDir(elsewhere, 0700));
        QVERIFY(plant(dir, how, elsewhere));
        const mode_t before = modeOf(dir);

        InstanceLock lock(QStringLiteral("https://cp.example.test|cfb_secret"));
        QVERIFY(!lock.tryLock());
        QVERIFY2(lock.unsafeReason().contains(dir), qPrintable(lock.unsafeReason()));
        QCOMPARE(modeOf(dir), before);
        QCOMPARE(entries(elsewhere), QStringList());
        if (how != QLatin1String("file"))
            QCOMPARE(entries(dir), QStringList());
    }

    void aSessionRuntimeDirOthersCanEnterIsRefused()
    {
        const QString session = m_root->filePath(QStringLiteral("session"));
        QVERIFY(makeDir(session, 0777));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(session));
        InstanceLock lock(QStringLiteral("k"));
        QVERIFY(!lock.tryLock());
        QVERIFY2(lock.unsafeReason().contains(session) && lock.unsafeReason().contains(QStringLiteral("chmod 700")),
            qPrintable(lock.unsafeReason()));
        QCOMPARE(entries(session), QStringList());
    }

    void aLockFileThatIsASymlinkOrForeignIsRefused_data()
    {
        QTest::addColumn<bool>("symlink");
        QTest::newRow("symlink") << true;
        QTest::newRow("owned by nobody") << false;
    }

    void aLockFileThatIsASymlinkOrForeignIsRefused()
    {
        QFETCH(bool, symlink);
        QString error;
        QVERIFY2(AppPaths::ensureRuntimeDir(&error), qPrintable(error));
        InstanceLock lock(QStringLiteral("https://cp.example.test|cfb_secret"));
        const QString target = m_root->filePath(QStringLiteral("victim"));
        QFile victim(target);
        QVERIFY(victim.open(QIODevice::WriteOnly));
        victim.write("keep me");
        victim.close();
        if (symlink) {
            QVERIFY(QFile::link(target, lock.path()));
        } else {
            if (::geteuid() != 0)
                QSKIP("giving a file to another user needs root");
            QVERIFY(QFile::copy(target, lock.path()));
            QVERIFY(::chown(QFile::encodeName(lock.path()).constData(), Nobody, Nobody) == 0);
        }
        QVERIFY(!lock.tryLock());
        QVERIFY2(lock.unsafeReason().contains(lock.path()), qPrintable(lock.unsafeReason()));
        QVERIFY(victim.open(QIODevice::ReadOnly));
        QCOMPARE(victim.readAll(), QByteArray("keep me"));
    }

private:
    QString tmp() const { return m_root->filePath(QStringLiteral("tmp")); }
    QString fallbackBase() const { return tmp() + QStringLiteral("/checkfu-runtime-") + QString::number(::geteuid()); }

    // What another local user leaves at `path` before the Runner starts.
    static bool plant(const QString &path, const QString &how, const QString &elsewhere)
    {
        const QByteArray native = QFile::encodeName(path);
        if (how == QLatin1String("0777"))
            return makeDir(path, 0777);
        if (how == QLatin1String("0750"))
            return makeDir(path, 0750);
        if (how == QLatin1String("nobody")) {
            if (::geteuid() != 0) {
                qWarning("not root: cannot give a directory to another user; checking a 0777 one instead");
                return makeDir(path, 0777);
            }
            return makeDir(path, 0700) && ::chown(native.constData(), Nobody, Nobody) == 0;
        }
        if (how == QLatin1String("symlink"))
            return QFile::link(elsewhere, path);
        QFile file(path);
        return file.open(QIODevice::WriteOnly);
    }

    std::unique_ptr<QTemporaryDir> m_root;
    QByteArray m_savedTmp;
    QByteArray m_savedXdg;
    bool m_hadXdg = false;
};

QTEST_GUILESS_MAIN(TestInstanceLock)
#include "tst_instancelock.moc"
