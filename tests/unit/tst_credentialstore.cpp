#include "SecretServiceSession.h"
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/FileCredentialStore.h>
#include <runnercore/config/KeychainCredentialStore.h>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {

// Collects one store callback and signals it, so tests can wait with QSignalSpy.
class ResultCatcher : public QObject
{
    Q_OBJECT
public:
    CredentialStore::Callback callback()
    {
        return [this](const CredentialResult &result) {
            m_result = result;
            emit delivered();
        };
    }
    CredentialResult result() const { return m_result; }

signals:
    void delivered();

private:
    CredentialResult m_result;
};

// Stands in for "another user owns this" where the test cannot chown (not root).
class ForeignOwnerFileStore : public FileCredentialStore
{
public:
    using FileCredentialStore::FileCredentialStore;

protected:
    uid_t expectedUid() const override { return ::geteuid() + 1; }
};

mode_t modeOf(const QString &path)
{
    struct stat st
    {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return mode_t(-1);
    return st.st_mode & 07777;
}

const char *statusName(CredentialResult::Status status)
{
    switch (status) {
    case CredentialResult::Status::Ok:
        return "Ok";
    case CredentialResult::Status::NotFound:
        return "NotFound";
    case CredentialResult::Status::Unavailable:
        return "Unavailable";
    case CredentialResult::Status::Refused:
        return "Refused";
    case CredentialResult::Status::Error:
        return "Error";
    }
    return "?";
}

} // namespace

// Runs one store call, checks the callback is not invoked from inside it, waits for it.
#define STORE_CALL(result, call)                                                                                       \
    do {                                                                                                               \
        ResultCatcher catcher_;                                                                                        \
        QSignalSpy spy_(&catcher_, &ResultCatcher::delivered);                                                         \
        const CredentialStore::Callback done_ = catcher_.callback();                                                   \
        call;                                                                                                          \
        QCOMPARE(spy_.count(), 0);                                                                                     \
        QTRY_COMPARE_WITH_TIMEOUT(spy_.count(), 1, 30000);                                                             \
        (result) = catcher_.result();                                                                                  \
        qInfo("%s -> %s: %s", #call, statusName((result).status), qPrintable((result).message));                       \
    } while (false)

class TestCredentialStore : public QObject
{
    Q_OBJECT

private slots:
    void accountForNormalises_data();
    void accountForNormalises();
    void kindFromName();

    void fileRoundTrip();
    void fileMissingIsNotFound();
    void fileWrongModeIsRefused();
    void fileSymlinkIsRefused();
    void fileOtherOwnerIsRefused();
    void fileGroupAccessibleDirectoryIsRefused();
    void fileRemove();

    // Order matters: libsecret keeps the first session bus it reaches, so the dead-bus case
    // runs before any live one, and the live ones share one private bus.
    void keychainDeadBusIsUnavailable();
    void keychainWithoutSecretServiceIsUnavailable();
    void keychainRoundTripInSecretService();
    void keychainLockedIsRefused();
    void cleanupTestCase();

private:
    QString freshDir();
    bool ensureKeyring();

    QTemporaryDir m_tmp;
    int m_dirCounter = 0;
    SecretServiceSession m_session;
};

QString TestCredentialStore::freshDir()
{
    return m_tmp.path() + QStringLiteral("/case%1/credentials").arg(++m_dirCounter);
}

void TestCredentialStore::accountForNormalises_data()
{
    QTest::addColumn<QUrl>("endpoint");
    QTest::addColumn<QString>("expected");
    const QString https = QStringLiteral("https://cp.example.com:443|runner_1");
    QTest::newRow("plain") << QUrl(QStringLiteral("https://cp.example.com")) << https;
    QTest::newRow("trailing slash") << QUrl(QStringLiteral("https://cp.example.com/")) << https;
    QTest::newRow("default port") << QUrl(QStringLiteral("https://cp.example.com:443/")) << https;
    QTest::newRow("case") << QUrl(QStringLiteral("HTTPS://CP.Example.COM")) << https;
    QTest::newRow("path query fragment") << QUrl(QStringLiteral("https://cp.example.com/api/v1?x=1#f")) << https;
    QTest::newRow("user info") << QUrl(QStringLiteral("https://bob:pw@cp.example.com")) << https;
    QTest::newRow("other port") << QUrl(QStringLiteral("https://cp.example.com:8443/"))
                                << QStringLiteral("https://cp.example.com:8443|runner_1");
    QTest::newRow("http default") << QUrl(QStringLiteral("http://127.0.0.1/"))
                                  << QStringLiteral("http://127.0.0.1:80|runner_1");
    QTest::newRow("ipv6") << QUrl(QStringLiteral("http://[::1]:8080")) << QStringLiteral("http://[::1]:8080|runner_1");
    QTest::newRow("no host") << QUrl(QStringLiteral("cp.example.com")) << QString();
}

void TestCredentialStore::accountForNormalises()
{
    QFETCH(QUrl, endpoint);
    QFETCH(QString, expected);
    QCOMPARE(CredentialStore::accountFor(endpoint, QStringLiteral("runner_1")), expected);
}

void TestCredentialStore::kindFromName()
{
    QCOMPARE(CredentialStore::kindFromName(QStringLiteral("keychain")), CredentialStore::Kind::Keychain);
    QCOMPARE(CredentialStore::kindFromName(QStringLiteral("file")), CredentialStore::Kind::File);
    QVERIFY(!CredentialStore::kindFromName(QStringLiteral("plaintext")).has_value());
    QVERIFY(!CredentialStore::kindFromName(QString()).has_value());
}

void TestCredentialStore::fileRoundTrip()
{
    const QString dir = freshDir();
    const auto store = CredentialStore::create(CredentialStore::Kind::File, dir);
    QCOMPARE(store->backendName(), QStringLiteral("file"));
    const QString account
        = CredentialStore::accountFor(QUrl(QStringLiteral("https://cp.example.com")), QStringLiteral("runner_a"));
    const QString secret = QStringLiteral("cfb_round\"trip\\secret");

    CredentialResult result;
    STORE_CALL(result, store->write(account, secret, done_));
    QVERIFY2(result.ok(), qPrintable(result.message));
    STORE_CALL(result, store->read(account, done_));
    QVERIFY2(result.ok(), qPrintable(result.message));
    QCOMPARE(result.secret, secret);

    // Overwriting replaces atomically and leaves no temp files behind.
    STORE_CALL(result, store->write(account, QStringLiteral("cfb_second"), done_));
    QVERIFY(result.ok());
    STORE_CALL(result, store->read(account, done_));
    QCOMPARE(result.secret, QStringLiteral("cfb_second"));

    const QString file = static_cast<FileCredentialStore *>(store.get())->filePathFor(account);
    QCOMPARE(QFileInfo(file).fileName().size(), 64); // hex SHA-256
    QCOMPARE(QFileInfo(file).absolutePath(), dir);
    QCOMPARE(modeOf(dir), mode_t(0700));
    QCOMPARE(modeOf(file), mode_t(0600));
    QCOMPARE(QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System).size(), 1);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(json.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("secret")).toString(), QStringLiteral("cfb_second"));
}

void TestCredentialStore::fileMissingIsNotFound()
{
    const QString dir = freshDir();
    FileCredentialStore store(dir);
    CredentialResult result;
    STORE_CALL(result, store.read(QStringLiteral("https://a:443|r"), done_)); // no directory yet
    QCOMPARE(result.status, CredentialResult::Status::NotFound);
    QVERIFY(!QFileInfo::exists(dir)); // reading never creates the directory
    STORE_CALL(result, store.write(QStringLiteral("https://a:443|other"), QStringLiteral("x"), done_));
    QVERIFY(result.ok());
    STORE_CALL(result, store.read(QStringLiteral("https://a:443|r"), done_)); // directory, no file
    QCOMPARE(result.status, CredentialResult::Status::NotFound);
    QVERIFY(!result.message.isEmpty());
}

void TestCredentialStore::fileWrongModeIsRefused()
{
    FileCredentialStore store(freshDir());
    const QString account = QStringLiteral("https://a:443|r");
    const QString secret = QStringLiteral("cfb_mode_secret");
    CredentialResult result;
    STORE_CALL(result, store.write(account, secret, done_));
    QVERIFY(result.ok());
    const QString file = store.filePathFor(account);
    QCOMPARE(::chmod(QFile::encodeName(file).constData(), 0644), 0);

    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY(result.secret.isEmpty());
    QVERIFY2(result.message.contains(file), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("0644")), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("chmod 600")), qPrintable(result.message));
    QVERIFY(!result.message.contains(secret));

    // Too strict is still not the agreed mode.
    QCOMPARE(::chmod(QFile::encodeName(file).constData(), 0400), 0);
    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY(result.message.contains(QStringLiteral("0400")));
}

void TestCredentialStore::fileSymlinkIsRefused()
{
    FileCredentialStore store(freshDir());
    const QString account = QStringLiteral("https://a:443|r");
    CredentialResult result;
    STORE_CALL(
        result, store.write(QStringLiteral("https://a:443|setup"), QStringLiteral("x"), done_)); // creates the dir
    QVERIFY(result.ok());

    // A well-formed credential owned by us with the right mode, reachable only through a link.
    const QString target = m_tmp.path() + QStringLiteral("/planted-target");
    QFile planted(target);
    QVERIFY(planted.open(QIODevice::WriteOnly));
    planted.write(R"({"version":1,"secret":"planted-secret"})");
    planted.close();
    QCOMPARE(::chmod(QFile::encodeName(target).constData(), 0600), 0);
    const QString file = store.filePathFor(account);
    QCOMPARE(::symlink(QFile::encodeName(target).constData(), QFile::encodeName(file).constData()), 0);

    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY(result.secret.isEmpty());
    QVERIFY(!result.message.contains(QStringLiteral("planted-secret")));
    QVERIFY2(result.message.contains(QStringLiteral("symbolic link")), qPrintable(result.message));
    QVERIFY2(result.message.contains(file), qPrintable(result.message));

    // Writing replaces the link itself and never writes through it.
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_new"), done_));
    QVERIFY(result.ok());
    QVERIFY(!QFileInfo(file).isSymLink());
    QFile check(target);
    QVERIFY(check.open(QIODevice::ReadOnly));
    QVERIFY(check.readAll().contains("planted-secret"));
}

void TestCredentialStore::fileOtherOwnerIsRefused()
{
    const QString dir = freshDir();
    const QString account = QStringLiteral("https://a:443|r");
    CredentialResult result;
    if (::geteuid() == 0) {
        // Root (CI): a real foreign owner.
        FileCredentialStore store(dir);
        STORE_CALL(result, store.write(account, QStringLiteral("cfb_owner"), done_));
        QVERIFY(result.ok());
        const QString file = store.filePathFor(account);
        QCOMPARE(::chown(QFile::encodeName(file).constData(), 65534, 65534), 0);
        STORE_CALL(result, store.read(account, done_));
        QCOMPARE(result.status, CredentialResult::Status::Refused);
        QVERIFY2(result.message.contains(file), qPrintable(result.message));
        QVERIFY2(result.message.contains(QStringLiteral("uid 65534")), qPrintable(result.message));

        // A directory owned by someone else is refused before any file is looked at.
        QCOMPARE(::chown(QFile::encodeName(dir).constData(), 65534, 65534), 0);
        STORE_CALL(result, store.read(account, done_));
        QCOMPARE(result.status, CredentialResult::Status::Refused);
        QVERIFY2(result.message.contains(dir) && result.message.contains(QStringLiteral("uid 65534")),
            qPrintable(result.message));
    } else {
        // Not root: the store expects another uid than the one owning what we just wrote.
        FileCredentialStore writer(dir);
        STORE_CALL(result, writer.write(account, QStringLiteral("cfb_owner"), done_));
        QVERIFY(result.ok());
        ForeignOwnerFileStore store(dir);
        STORE_CALL(result, store.read(account, done_));
        QCOMPARE(result.status, CredentialResult::Status::Refused);
        QVERIFY2(result.message.contains(dir), qPrintable(result.message));
        QVERIFY2(result.message.contains(QStringLiteral("uid %1").arg(::geteuid())), qPrintable(result.message));
    }
    QVERIFY(result.secret.isEmpty());
    QVERIFY(!result.message.contains(QStringLiteral("cfb_owner")));
}

void TestCredentialStore::fileGroupAccessibleDirectoryIsRefused()
{
    const QString dir = freshDir();
    FileCredentialStore store(dir);
    const QString account = QStringLiteral("https://a:443|r");
    CredentialResult result;
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_dir"), done_));
    QVERIFY(result.ok());
    QCOMPARE(::chmod(QFile::encodeName(dir).constData(), 0750), 0);

    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY2(result.message.contains(QStringLiteral("chmod 700 ") + dir), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("0750")), qPrintable(result.message));
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_dir2"), done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);

    // An existing directory is never silently tightened; after the user's fix it works again.
    QCOMPARE(modeOf(dir), mode_t(0750));
    QCOMPARE(::chmod(QFile::encodeName(dir).constData(), 0700), 0);
    STORE_CALL(result, store.read(account, done_));
    QVERIFY(result.ok());
    QCOMPARE(result.secret, QStringLiteral("cfb_dir"));
}

void TestCredentialStore::fileRemove()
{
    FileCredentialStore store(freshDir());
    const QString account = QStringLiteral("https://a:443|r");
    CredentialResult result;
    STORE_CALL(result, store.remove(account, done_)); // nothing there yet
    QVERIFY(result.ok());
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_rm"), done_));
    QVERIFY(result.ok());
    STORE_CALL(result, store.remove(account, done_));
    QVERIFY(result.ok());
    QVERIFY(!QFileInfo::exists(store.filePathFor(account)));
    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::NotFound);
    STORE_CALL(result, store.remove(account, done_));
    QVERIFY(result.ok());
}

void TestCredentialStore::keychainDeadBusIsUnavailable()
{
    QVERIFY(m_tmp.isValid());
    qputenv("DBUS_SESSION_BUS_ADDRESS",
        QFile::encodeName(QStringLiteral("unix:path=") + m_tmp.path() + QStringLiteral("/no-bus")));
    const auto store = CredentialStore::create(CredentialStore::Kind::Keychain, QString());
    QCOMPARE(store->backendName(), QStringLiteral("Secret Service"));
    const QString account
        = CredentialStore::accountFor(QUrl(QStringLiteral("https://cp.example.com")), QStringLiteral("runner_dead"));

    QElapsedTimer timer;
    timer.start();
    CredentialResult result;
    STORE_CALL(result, store->read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Unavailable);
    QVERIFY2(timer.elapsed() >= 1000, "no retry happened before reporting Unavailable");
    QVERIFY2(result.message.contains(QStringLiteral("No system keychain answered")), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("--credential-store file")), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("session D-Bus")), qPrintable(result.message));

    STORE_CALL(result, store->write(account, QStringLiteral("cfb_dead"), done_));
    QCOMPARE(result.status, CredentialResult::Status::Unavailable);
    QVERIFY(!result.message.contains(QStringLiteral("cfb_dead")));
}

void TestCredentialStore::keychainWithoutSecretServiceIsUnavailable()
{
    QString error;
    QVERIFY2(m_session.startBus(&error), qPrintable(error));
    m_session.exportToCurrentProcess();
    KeychainCredentialStore store;
    store.setRetryDelay(std::chrono::milliseconds(200));
    CredentialResult result;
    STORE_CALL(result, store.read(QStringLiteral("https://a:443|r"), done_));
    QCOMPARE(result.status, CredentialResult::Status::Unavailable);
    QVERIFY2(result.message.contains(QStringLiteral("org.freedesktop.secrets")), qPrintable(result.message));
    QVERIFY2(result.message.contains(QStringLiteral("--credential-store file")), qPrintable(result.message));
}

bool TestCredentialStore::ensureKeyring()
{
    QString error;
    if (!m_session.start(&error)) {
        qWarning("cannot start the private Secret Service: %s", qPrintable(error));
        return false;
    }
    m_session.exportToCurrentProcess();
    return true;
}

void TestCredentialStore::keychainRoundTripInSecretService()
{
    QVERIFY(ensureKeyring());
    const auto store = CredentialStore::create(CredentialStore::Kind::Keychain, QString());
    const QString account = CredentialStore::accountFor(QUrl(QStringLiteral("https://cp.example.com")),
        QStringLiteral("runner_") + QUuid::createUuid().toString(QUuid::Id128));
    const QString secret = QStringLiteral("cfb_") + QUuid::createUuid().toString(QUuid::Id128);
    const QStringList lookup { QStringLiteral("lookup"), QStringLiteral("server"),
        KeychainCredentialStore::serviceName(), QStringLiteral("user"), account };

    CredentialResult result;
    STORE_CALL(result, store->read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::NotFound);

    STORE_CALL(result, store->write(account, secret, done_));
    QVERIFY2(result.ok(), qPrintable(result.message));
    // Really in the Secret Service, as any other client sees it.
    QByteArray seen;
    QCOMPARE(m_session.secretTool(lookup, &seen), 0);
    QCOMPARE(QString::fromUtf8(seen), secret);

    STORE_CALL(result, store->read(account, done_));
    QVERIFY2(result.ok(), qPrintable(result.message));
    QCOMPARE(result.secret, secret);

    STORE_CALL(result, store->remove(account, done_));
    QVERIFY2(result.ok(), qPrintable(result.message));
    seen.clear();
    QVERIFY(m_session.secretTool(lookup, &seen) != 0 || seen.isEmpty());
    STORE_CALL(result, store->read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::NotFound);
    STORE_CALL(result, store->remove(account, done_)); // removing a missing entry is Ok
    QVERIFY(result.ok());
}

void TestCredentialStore::keychainLockedIsRefused()
{
    QVERIFY(ensureKeyring());
    KeychainCredentialStore store;
    const QString account = CredentialStore::accountFor(QUrl(QStringLiteral("https://cp.example.com")),
        QStringLiteral("runner_") + QUuid::createUuid().toString(QUuid::Id128));
    CredentialResult result;
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_locked"), done_));
    QVERIFY2(result.ok(), qPrintable(result.message));

    QString error;
    QVERIFY2(m_session.lockKeyring(&error), qPrintable(error));
    // libsecret reads a locked entry as missing; the store must not claim it is gone.
    STORE_CALL(result, store.read(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY2(result.message.contains(QStringLiteral("locked")), qPrintable(result.message));
    QVERIFY(result.secret.isEmpty());
    STORE_CALL(result, store.write(account, QStringLiteral("cfb_locked2"), done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
    QVERIFY(!result.message.contains(QStringLiteral("cfb_locked")));
    // ...and a "successful" removal that removed nothing is not Ok.
    STORE_CALL(result, store.remove(account, done_));
    QCOMPARE(result.status, CredentialResult::Status::Refused);
}

void TestCredentialStore::cleanupTestCase()
{
    m_session.stop();
}

QTEST_GUILESS_MAIN(TestCredentialStore)
#include "tst_credentialstore.moc"
