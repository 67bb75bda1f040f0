// The bootstrap credential in the real Secret Service (issue 2, acceptance 5): a private session
// bus with an unlocked gnome-keyring; pairing stores the credential there (default store), a
// restart finds it without a new code. Without any keyring, pairing fails with exit 4 and a fix,
// and the one-use code is not spent.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"
#include "SecretServiceSession.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

class TestKeychain : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void credentialInSecretServiceFoundAfterRestart();
    void noKeyringRefusesBeforeSpendingCode();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestKeychain::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestKeychain::cleanupTestCase()
{
    m_devplane.reset();
}

void TestKeychain::credentialInSecretServiceFoundAfterRestart()
{
    DevPlaneProcess &dp = *m_devplane;
    SecretServiceSession session;
    QString error;
    QVERIFY2(session.start(&error), qPrintable(error));

    auto home = std::make_shared<RunnerHome>();
    const QString code = dp.pair();
    QVERIFY(!code.isEmpty());
    QString runnerId;
    {
        RunnerProcess runner(home);
        runner.setBaseEnvironment(session.environment());
        // Default store: the keychain.
        QVERIFY(runner.start(
            { QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url(), QStringLiteral("--code"), code }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        runnerId = home->storedRunnerId();
        QVERIFY(runnerId.startsWith(QLatin1String("runner_")));
        // Nothing on disk: the file store was not used.
        QVERIFY2(home->credentialFiles().isEmpty(), qPrintable(home->credentialFiles().join(u' ')));

        // The item is in the keyring. QtKeychain's libsecret schema keeps the service name in the
        // "server" attribute and the account in "user".
        QByteArray found;
        QCOMPARE(session.secretTool({ QStringLiteral("search"), QStringLiteral("--all"), QStringLiteral("server"),
                                        QStringLiteral("checkfu-runner") },
                     &found),
            0);
        QVERIFY2(found.contains("cfb_"), found.constData());
        QVERIFY2(found.count("secret = ") == 1, found.constData()); // one item: this Runner's

        QVERIFY(runner.sendSignal(SIGTERM));
        const int exitCode = runner.waitForExit(15000);
        QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
    }

    // Restart without a code: the credential comes back from the keyring.
    RunnerProcess again(home);
    again.setBaseEnvironment(session.environment());
    QVERIFY(again.start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }));
    QVERIFY2(again.waitForState(QStringLiteral("ready"), 20000), qPrintable(again.describe()));
    QVERIFY(!again.states().contains(QStringLiteral("pairing")));
    QCOMPARE(home->storedRunnerId(), runnerId);
    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);
    QVERIFY(again.sendSignal(SIGTERM));
    QCOMPARE(again.waitForExit(15000), 0);
}

void TestKeychain::noKeyringRefusesBeforeSpendingCode()
{
    DevPlaneProcess &dp = *m_devplane;
    const QString code = dp.pair();
    QVERIFY(!code.isEmpty());
    const int redeemsBefore = countRequests(dp, QStringLiteral("/v1/runner-pairings/redeem"));

    // RunnerProcess points DBUS_SESSION_BUS_ADDRESS at a socket nothing listens on.
    RunnerProcess runner;
    QVERIFY(runner.start(
        { QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url(), QStringLiteral("--code"), code }));
    const int exitCode = runner.waitForExit(30000);
    QVERIFY2(exitCode == 4, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
    const QString said = runner.stdoutText() + runner.stderrText();
    QVERIFY2(said.contains(QLatin1String("--credential-store file")), qPrintable(runner.describe()));
    QVERIFY2(said.contains(QLatin1String("unlock"), Qt::CaseInsensitive)
            && said.contains(QLatin1String("keyring"), Qt::CaseInsensitive),
        qPrintable(runner.describe()));
    QVERIFY2(said.contains(QLatin1String("not used")), qPrintable(runner.describe()));
    QCOMPARE(countRequests(dp, QStringLiteral("/v1/runner-pairings/redeem")), redeemsBefore);
    QVERIFY(runner.home()->storedRunnerId().isEmpty());

    // The code still works, on a machine that opts in to the file store.
    RunnerProcess withFile;
    QVERIFY(withFile.start(fileStoreStart(dp, code)));
    QVERIFY2(withFile.waitForState(QStringLiteral("ready"), 20000), qPrintable(withFile.describe()));
    QVERIFY(withFile.sendSignal(SIGTERM));
    QCOMPARE(withFile.waitForExit(15000), 0);
}

CHECKFU_INTEGRATION_MAIN(TestKeychain, 120000)
#include "tst_keychain.moc"
