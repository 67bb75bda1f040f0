// §8 bad values through the real binary (issue 2, acceptance 6): each is refused before launch
// with exit 2, stderr names the variable or flag, and nothing reaches the control plane. Every
// row carries a fresh, valid pairing code, so a configuration that wrongly passed would be seen
// as a redemption in the devplane's request log.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <memory>

using namespace IntegrationSupport;

namespace {
const QString Profile = QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION");
const QString Digest = QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST");
const QString Model = QStringLiteral("CHECKFU_CURSOR_MODEL");
const QString ApiKey = QStringLiteral("CURSOR_API_KEY");
const QString GoodProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString GoodDigest = QStringLiteral("sha256:") + QStringLiteral("0123456789abcdef").repeated(4);
const QString Canary = QStringLiteral("cursor-canary-3f9d2a7b61c04e58");
const QString DevplaneUrl = QStringLiteral("@devplane@");
} // namespace

using Env = QMap<QString, QString>;
Q_DECLARE_METATYPE(Env)

class TestConfigErrors : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void refusedBeforeLaunch_data();
    void refusedBeforeLaunch();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestConfigErrors::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestConfigErrors::cleanupTestCase()
{
    m_devplane.reset();
}

void TestConfigErrors::refusedBeforeLaunch_data()
{
    QTest::addColumn<QStringList>("flags"); // after `start`; @devplane@ stands for the devplane URL
    QTest::addColumn<Env>("env");
    QTest::addColumn<QStringList>("named"); // each must appear on stderr
    QTest::addColumn<QStringList>("notNamed"); // none may appear on stderr

    const QStringList endpoint { QStringLiteral("--endpoint"), DevplaneUrl };
    const QString sandboxVar = QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX");
    for (const QString &value :
        { QString(), QStringLiteral("TRUE"), QStringLiteral("1"), QStringLiteral("yes"), QStringLiteral(" true") })
        QTest::addRow("%s='%s'", qPrintable(sandboxVar), qPrintable(value))
            << endpoint << Env { { sandboxVar, value } } << QStringList { sandboxVar } << QStringList {};
    const QString idleVar = QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS");
    for (const QString &value : { QStringLiteral("0"), QStringLiteral("-5"), QStringLiteral("abc"), QString(),
             QStringLiteral("1.5"), QStringLiteral("99999999999999") })
        QTest::addRow("%s='%s'", qPrintable(idleVar), qPrintable(value))
            << endpoint << Env { { idleVar, value } } << QStringList { idleVar } << QStringList {};

    QTest::newRow("--sandbox kvm") << (endpoint + QStringList { QStringLiteral("--sandbox"), QStringLiteral("kvm") })
                                   << Env {} << QStringList { QStringLiteral("--sandbox") } << QStringList {};
    QTest::newRow("--endpoint http://example.com")
        << QStringList { QStringLiteral("--endpoint"), QStringLiteral("http://example.com") } << Env {}
        << QStringList { QStringLiteral("--endpoint") } << QStringList {};
    QTest::newRow("--endpoint http://0.0.0.0:8080")
        << QStringList { QStringLiteral("--endpoint"), QStringLiteral("http://0.0.0.0:8080") } << Env {}
        << QStringList { QStringLiteral("--endpoint") } << QStringList {};
    QTest::newRow("CHECKFU_API_URL=http://[::ffff:127.0.0.1]:1")
        << QStringList {}
        << Env { { QStringLiteral("CHECKFU_API_URL"), QStringLiteral("http://[::ffff:127.0.0.1]:1") } }
        << QStringList { QStringLiteral("CHECKFU_API_URL") } << QStringList {};
    QTest::newRow("--credential-store vault")
        << (endpoint + QStringList { QStringLiteral("--credential-store"), QStringLiteral("vault") }) << Env {}
        << QStringList { QStringLiteral("--credential-store") } << QStringList {};

    // Cursor lane: all four or none; a subset names only the missing ones.
    QTest::newRow("cursor: only the key")
        << endpoint << Env { { ApiKey, Canary } } << QStringList { Profile, Digest, Model } << QStringList { ApiKey };
    QTest::newRow("cursor: no key") << endpoint
                                    << Env { { Profile, GoodProfile }, { Digest, GoodDigest },
                                           { Model, QStringLiteral("cursor-auto") } }
                                    << QStringList { ApiKey } << QStringList { Profile, Digest, Model };
    QTest::newRow("cursor: profile and key") << endpoint << Env { { Profile, GoodProfile }, { ApiKey, Canary } }
                                             << QStringList { Digest, Model } << QStringList { Profile, ApiKey };
    QTest::newRow("cursor: model only") << endpoint << Env { { Model, QStringLiteral("cursor-auto") } }
                                        << QStringList { Profile, Digest, ApiKey } << QStringList { Model };
    const Env complete { { Profile, GoodProfile }, { Digest, GoodDigest }, { Model, QStringLiteral("cursor-auto") },
        { ApiKey, Canary } };
    for (const QString &bad :
        { QStringLiteral("hprof_0123@3"), QStringLiteral("hprof_0123456789ABCDEF0123456789ABCDEF@3"),
            QStringLiteral("hprof_0123456789abcdef0123456789abcdef"),
            QStringLiteral("prof_0123456789abcdef0123456789abcdef@3") }) {
        Env env = complete;
        env.insert(Profile, bad);
        QTest::addRow("cursor: profile '%s'", qPrintable(bad))
            << endpoint << env << QStringList { Profile } << QStringList {};
    }
    for (const QString &bad :
        { QStringLiteral("sha256:abc"), QStringLiteral("sha256:") + QStringLiteral("0123456789ABCDEF").repeated(4),
            QStringLiteral("0123456789abcdef").repeated(4),
            QStringLiteral("sha512:") + QStringLiteral("0123456789abcdef").repeated(4) }) {
        Env env = complete;
        env.insert(Digest, bad);
        QTest::addRow("cursor: digest '%s'", qPrintable(bad.left(24)))
            << endpoint << env << QStringList { Digest } << QStringList {};
    }
}

void TestConfigErrors::refusedBeforeLaunch()
{
    QFETCH(QStringList, flags);
    QFETCH(Env, env);
    QFETCH(QStringList, named);
    QFETCH(QStringList, notNamed);
    DevPlaneProcess &dp = *m_devplane;

    const QString code = dp.pair();
    QVERIFY(!code.isEmpty());
    for (QString &f : flags)
        f.replace(DevplaneUrl, dp.url());
    QStringList args { QStringLiteral("start") };
    args += flags;
    if (!flags.contains(QStringLiteral("--credential-store")))
        args << QStringLiteral("--credential-store") << QStringLiteral("file");
    args << QStringLiteral("--code") << code;

    const int requestsBefore = runnerRequests(dp).size();
    RunnerProcess runner;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        runner.setEnv(it.key(), it.value());
    const int exitCode = runner.run(args, 15000);
    QVERIFY2(exitCode == 2, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));

    const QString err = runner.stderrText();
    for (const QString &name : named)
        QVERIFY2(err.contains(name), qPrintable(QStringLiteral("stderr does not name %1:\n%2").arg(name, err)));
    for (const QString &name : notNamed)
        QVERIFY2(!err.contains(name), qPrintable(QStringLiteral("stderr names %1, which is set:\n%2").arg(name, err)));

    // The Cursor key never appears anywhere the Runner wrote.
    QVERIFY2(!runner.stdoutText().contains(Canary) && !err.contains(Canary), qPrintable(runner.describe()));
    QVERIFY2(!runner.logText().contains(Canary), "the Cursor key is in a log file");

    // Refused before launch: nothing reached the devplane, no state was written.
    QCOMPARE(runnerRequests(dp).size(), requestsBefore);
    QVERIFY(runner.home()->credentialFiles().isEmpty());
    QVERIFY(runner.home()->storedRunnerId().isEmpty());
}

CHECKFU_INTEGRATION_MAIN(TestConfigErrors, 120000)
#include "tst_configerrors.moc"
