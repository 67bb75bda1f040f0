// §8 bad values through the real binary (issue 2, acceptance 6): each is refused before launch
// with exit 2, stderr names the variable or flag, and nothing reaches the control plane. Every
// row carries a fresh, valid pairing code, so a configuration that wrongly passed would be seen
// as a redemption in the devplane's request log.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <runnercore/runner/RunnerState.h>

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSettings>
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
    void helpListsEveryExitCodeAndVariable();
    void codeFromStandardInputOrTheEnvironment();
    void doctorJsonNamesTheConfigurationErrors();

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

// --help documents every exit code with its number (generated from RunnerExit), and every variable.
void TestConfigErrors::helpListsEveryExitCodeAndVariable()
{
    RunnerProcess runner;
    QCOMPARE(runner.run({ QStringLiteral("--help") }, 15000), 0);
    const QString help = runner.stdoutText();
    const QString exitCodes = help.mid(help.indexOf(QLatin1String("Exit codes:")));
    QVERIFY2(exitCodes.size() < help.size(), qPrintable(help));

    // Every value of the enum is in allRunnerExits(): none can be left out of --help.
    QList<int> described;
    for (int code = 0; code < 256; ++code) {
        if (!runnercore::runnerExitDescription(runnercore::RunnerExit(code)).isEmpty())
            described << code;
    }
    QList<int> listed;
    for (const runnercore::RunnerExit exit : runnercore::allRunnerExits())
        listed << int(exit);
    QCOMPARE(listed, described);
    for (const runnercore::RunnerExit exit : runnercore::allRunnerExits()) {
        const QRegularExpression line(QStringLiteral("\\n\\s+%1\\s+%2\\n?")
                                          .arg(int(exit))
                                          .arg(QRegularExpression::escape(runnercore::runnerExitDescription(exit))));
        QVERIFY2(line.match(exitCodes).hasMatch(),
            qPrintable(QStringLiteral("exit %1 missing:\n%2").arg(int(exit)).arg(exitCodes)));
    }
    for (const QString &name : { QStringLiteral("CHECKFU_API_URL"), QStringLiteral("CHECKFU_RUNNER_TOKEN"),
             QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"),
             QStringLiteral("CHECKFU_DOCKER_UNRESTRICTED_NETWORK"), Profile, Digest, Model, ApiKey,
             QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"), QStringLiteral("CHECKFU_PAIRING_CODE") })
        QVERIFY2(help.contains(name), qPrintable(name + QLatin1Char('\n') + help));
    // Why the other forms are safer than --code CODE.
    QVERIFY2(help.contains(QStringLiteral("--code -")) && help.contains(QStringLiteral("/proc/<pid>/cmdline")),
        qPrintable(help));
}

// `--code -` with nothing on standard input, and a bad CHECKFU_PAIRING_CODE: refused before launch (exit 2, the
// CLI's usage code) naming what to fix; a good CHECKFU_PAIRING_CODE pairs, and is gone from the Runner's environment
// block and from everything it wrote.
void TestConfigErrors::codeFromStandardInputOrTheEnvironment()
{
    DevPlaneProcess &dp = *m_devplane;
    const QStringList start { QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url(),
        QStringLiteral("--credential-store"), QStringLiteral("file") };
    const int requestsBefore = runnerRequests(dp).size();
    for (const QByteArray &input : { QByteArray(), QByteArray("\n"), QByteArray("   \n") }) {
        RunnerProcess runner;
        runner.setStandardInput(input);
        const int exitCode = runner.run(start + QStringList { QStringLiteral("--code"), QStringLiteral("-") }, 15000);
        QVERIFY2(exitCode == 2, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
        QVERIFY2(runner.stderrText().contains(QStringLiteral("--code -"))
                && runner.stderrText().contains(QStringLiteral("standard input")),
            qPrintable(runner.stderrText()));
    }
    {
        RunnerProcess runner;
        runner.setEnv(QStringLiteral("CHECKFU_PAIRING_CODE"), QStringLiteral("CFU-1234"));
        const int exitCode = runner.run(start, 15000);
        QVERIFY2(exitCode == 2, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
        QVERIFY2(runner.stderrText().contains(QStringLiteral("CHECKFU_PAIRING_CODE")), qPrintable(runner.stderrText()));
    }
    QCOMPARE(runnerRequests(dp).size(), requestsBefore);

    const QString code = dp.pair();
    QVERIFY(!code.isEmpty());
    RunnerProcess runner;
    runner.setEnv(QStringLiteral("CHECKFU_PAIRING_CODE"), code);
    QVERIFY(runner.start(start));
    QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
    QVERIFY(!runner.home()->storedRunnerId().isEmpty());
    QFile environment(QStringLiteral("/proc/%1/environ").arg(runner.pid()));
    QVERIFY(environment.open(QIODevice::ReadOnly));
    const QByteArray block = environment.readAll();
    QVERIFY2(!block.contains(code.toLatin1()) && !block.contains("CHECKFU_PAIRING_CODE="),
        "the code is still in the Runner's environment block");
    QVERIFY2(
        !runner.stdoutText().contains(code) && !runner.stderrText().contains(code) && !runner.logText().contains(code),
        qPrintable(runner.describe()));
}

// `doctor --json` with a configuration it refuses: still one JSON object, ok false, each error with its
// field and message (from the environment, and from the settings file), and exit 1 as before.
void TestConfigErrors::doctorJsonNamesTheConfigurationErrors()
{
    const QString idleVar = QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS");
    {
        RunnerProcess doctor;
        doctor.setEnv(idleVar, QStringLiteral("abc"));
        doctor.setEnv(QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), QStringLiteral("1"));
        const int exitCode = doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json") }, 15000);
        QVERIFY2(exitCode == 1, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(doctor.describe())));
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(doctor.stdoutBytes(), &parseError);
        QVERIFY2(parseError.error == QJsonParseError::NoError && document.isObject(), doctor.stdoutBytes().constData());
        const QJsonObject report = document.object();
        QCOMPARE(report.value(QStringLiteral("ok")), QJsonValue(false));
        const QJsonArray errors = report.value(QStringLiteral("configuration_errors")).toArray();
        QCOMPARE(errors.size(), 2);
        QStringList fields;
        for (const QJsonValue &e : errors) {
            const QString field = e.toObject().value(QStringLiteral("field")).toString();
            fields << field;
            QVERIFY2(e.toObject().value(QStringLiteral("message")).toString().contains(field),
                doctor.stdoutBytes().constData());
        }
        fields.sort();
        QCOMPARE(fields, QStringList({ QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), idleVar }));
        const QJsonArray checks = report.value(QStringLiteral("checks")).toArray();
        QVERIFY(!checks.isEmpty());
        for (const QJsonValue &c : checks) {
            QCOMPARE(c.toObject().value(QStringLiteral("name")).toString(), QStringLiteral("configuration"));
            QCOMPARE(c.toObject().value(QStringLiteral("status")).toString(), QStringLiteral("fail"));
        }
    }
    {
        // A stored value the command line leaves open: the settings file is named.
        auto home = std::make_shared<RunnerHome>();
        QDir().mkpath(QFileInfo(home->settingsFile()).absolutePath());
        {
            QSettings ini(home->settingsFile(), QSettings::IniFormat);
            ini.setValue(QStringLiteral("sandbox"), QStringLiteral("kvm"));
        }
        RunnerProcess doctor(home);
        const int exitCode = doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json"),
                                            QStringLiteral("--credential-store"), QStringLiteral("file") },
            15000);
        QVERIFY2(exitCode == 1, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(doctor.describe())));
        const QJsonObject report = QJsonDocument::fromJson(doctor.stdoutBytes()).object();
        const QJsonArray errors = report.value(QStringLiteral("configuration_errors")).toArray();
        QVERIFY2(errors.size() == 1, doctor.stdoutBytes().constData());
        const QJsonObject error = errors.first().toObject();
        QCOMPARE(error.value(QStringLiteral("field")).toString(), QStringLiteral("--sandbox"));
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(home->settingsFile()),
            doctor.stdoutBytes().constData());
        QVERIFY2(doctor.stderrText().contains(QLatin1String("kvm")), qPrintable(doctor.describe()));
    }
}

CHECKFU_INTEGRATION_MAIN(TestConfigErrors, 120000)
#include "tst_configerrors.moc"
