// One tray per session: the first SingleInstance listens (on a thread of its own here, as it
// would in the running tray's event loop), a second launch hands over a checkfu://pair link and
// is told to exit, the socket is the owner's alone in the runtime directory, a socket file left
// by a crash is replaced, and garbage from a client is refused without reaching the tray.
#include "GuiTestSupport.h"
#include "SingleInstance.h"
#include <runnercore/config/AppPaths.h>

#include <QFileInfo>
#include <QLocalSocket>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QThread>

#include <cstring>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace runnercore;

namespace {

const QString PairLink
    = QStringLiteral("checkfu://pair?endpoint=https%3A%2F%2Fcp.example.test&code=CFU-ABCD-EFGH-JKMN");

// A primary instance living on its own thread, so the test thread can block as a second launch does.
class PrimaryOnThread
{
public:
    explicit PrimaryOnThread(const QString &name) : m_instance(new SingleInstance(name))
    {
        m_thread.start();
        m_instance->moveToThread(&m_thread);
        QMetaObject::invokeMethod(
            m_instance, [this] { m_role = m_instance->claim({}); }, Qt::BlockingQueuedConnection);
    }
    ~PrimaryOnThread()
    {
        QMetaObject::invokeMethod(
            m_instance, [this] { delete m_instance; }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    SingleInstance *instance() const { return m_instance; }
    SingleInstance::Role role() const { return m_role; }

private:
    QThread m_thread;
    SingleInstance *m_instance;
    SingleInstance::Role m_role = SingleInstance::Role::Failed;
};

// A socket file nobody listens on, as a killed tray leaves it.
bool leaveStaleSocket(const QString &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    const QByteArray bytes = QFile::encodeName(path);
    if (size_t(bytes.size()) >= sizeof(address.sun_path)) {
        ::close(fd);
        return false;
    }
    memcpy(address.sun_path, bytes.constData(), size_t(bytes.size()));
    const bool bound = ::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof(address)) == 0;
    ::close(fd); // without unlink: the file stays
    return bound && QFileInfo::exists(path);
}

} // namespace

class TestSingleInstance : public QObject
{
    Q_OBJECT

private slots:
    void secondLaunchHandsOverItsArguments()
    {
        PrimaryOnThread primary(QStringLiteral("handover"));
        QCOMPARE(primary.role(), SingleInstance::Role::Primary);
        QList<QStringList> received;
        connect(primary.instance(), &SingleInstance::argumentsReceived, this,
            [&received](const QStringList &arguments) { received.append(arguments); });

        // Owner-only, in the runtime directory: no other user (and no TCP port) reaches it.
        const QString path = primary.instance()->socketPath();
        QVERIFY2(path.startsWith(AppPaths::runtimeDir() + QLatin1Char('/')), qPrintable(path));
        const QFileInfo socket(path);
        QVERIFY(socket.exists());
        QCOMPARE(socket.permissions() & (QFile::ReadGroup | QFile::WriteGroup | QFile::ReadOther | QFile::WriteOther),
            QFile::Permissions());

        SingleInstance second(QStringLiteral("handover"));
        QCOMPARE(second.claim({ PairLink }), SingleInstance::Role::Secondary);
        QVERIFY(!second.isPrimary());
        QTRY_COMPARE(received.size(), 1);
        QCOMPARE(received.first(), QStringList { PairLink });

        // Flags, too, and as often as people launch it.
        SingleInstance third(QStringLiteral("handover"));
        const QStringList flags { QStringLiteral("--endpoint"), QStringLiteral("https://cp.example.test"),
            QStringLiteral("--code"), QStringLiteral("CFU-ABCD-EFGH-JKMN") };
        QCOMPARE(third.claim(flags), SingleInstance::Role::Secondary);
        QTRY_COMPARE(received.size(), 2);
        QCOMPARE(received.last(), flags);
    }

    void theNextLaunchAfterQuittingIsTheTray()
    {
        QString path;
        {
            SingleInstance first(QStringLiteral("sequence"));
            QCOMPARE(first.claim({}), SingleInstance::Role::Primary);
            path = first.socketPath();
            QVERIFY(QFileInfo::exists(path));
        }
        QVERIFY2(!QFileInfo::exists(path), "quitting removes the socket");
        SingleInstance next(QStringLiteral("sequence"));
        QCOMPARE(next.claim({}), SingleInstance::Role::Primary);
    }

    void socketLeftByACrashIsReplaced()
    {
        SingleInstance probe(QStringLiteral("crashed"));
        QString error;
        QVERIFY2(AppPaths::ensureRuntimeDir(&error), qPrintable(error));
        QVERIFY(leaveStaleSocket(probe.socketPath()));

        PrimaryOnThread primary(QStringLiteral("crashed"));
        QCOMPARE(primary.role(), SingleInstance::Role::Primary);
        QList<QStringList> received;
        connect(primary.instance(), &SingleInstance::argumentsReceived, this,
            [&received](const QStringList &arguments) { received.append(arguments); });
        SingleInstance second(QStringLiteral("crashed"));
        QCOMPARE(second.claim({ PairLink }), SingleInstance::Role::Secondary);
        QTRY_COMPARE(received, QList<QStringList> { { PairLink } });
    }

    void garbageIsRefused()
    {
        PrimaryOnThread primary(QStringLiteral("garbage"));
        QCOMPARE(primary.role(), SingleInstance::Role::Primary);
        QList<QStringList> received;
        connect(primary.instance(), &SingleInstance::argumentsReceived, this,
            [&received](const QStringList &arguments) { received.append(arguments); });

        QLocalSocket client;
        client.connectToServer(primary.instance()->socketPath());
        QVERIFY(client.waitForConnected(3000));
        client.write("{\"arguments\": \"not a list\"}\n");
        QTRY_VERIFY(client.canReadLine() || client.waitForReadyRead(100));
        QCOMPARE(client.readLine().trimmed(), QByteArray("{\"ok\":false}"));
        // A real launch after it: once its arguments are in, the garbage had brought none.
        SingleInstance second(QStringLiteral("garbage"));
        QCOMPARE(second.claim({ PairLink }), SingleInstance::Role::Secondary);
        QTRY_VERIFY(!received.isEmpty());
        QCOMPARE(received, QList<QStringList> { { PairLink } });
    }

    // Issue 13 item 7: a runtime directory another local user could enter (or owns, or a symlink) is
    // not used: no socket or lock appears there, and the error names it and the fix.
    void aRuntimeDirectoryOthersCanEnterIsRefused_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("mode 0777") << QStringLiteral("0777");
        QTest::newRow("owned by nobody") << QStringLiteral("nobody");
        QTest::newRow("symlink") << QStringLiteral("symlink");
    }

    void aRuntimeDirectoryOthersCanEnterIsRefused()
    {
        QFETCH(QString, how);
        QTemporaryDir session;
        QVERIFY(session.isValid());
        QVERIFY(QFile::setPermissions(session.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        const QByteArray saved = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(session.path()));
        const auto restore = qScopeGuard([&saved] { qputenv("XDG_RUNTIME_DIR", saved); });
        const QString dir = session.path() + QStringLiteral("/checkfu");
        const QString elsewhere = session.path() + QStringLiteral("/elsewhere");
        QVERIFY(QDir().mkdir(elsewhere));
        QVERIFY(QFile::setPermissions(elsewhere, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        if (how == QLatin1String("symlink")) {
            QVERIFY(QFile::link(elsewhere, dir));
        } else {
            QVERIFY(QDir().mkdir(dir));
            QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0777) == 0);
            if (how == QLatin1String("nobody")) {
                if (::geteuid() != 0)
                    QSKIP("giving a directory to another user needs root");
                QVERIFY(::chmod(QFile::encodeName(dir).constData(), 0700) == 0);
                QVERIFY(::chown(QFile::encodeName(dir).constData(), 65534, 65534) == 0);
            }
        }

        SingleInstance instance(QStringLiteral("foreign"));
        QCOMPARE(instance.claim({ PairLink }), SingleInstance::Role::Failed);
        QVERIFY(!instance.isPrimary());
        QVERIFY2(instance.errorString().contains(dir), qPrintable(instance.errorString()));
        QCOMPARE(QDir(elsewhere).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System), QStringList());
        if (how != QLatin1String("symlink"))
            QCOMPARE(QDir(dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System), QStringList());
    }
};

CHECKFU_GUI_TEST_MAIN(TestSingleInstance)
#include "tst_singleinstance.moc"
