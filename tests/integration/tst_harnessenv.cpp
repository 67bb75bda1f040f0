// The harness environment (issue 3, acceptance 8). The Runner runs with a complete Cursor lane
// (CURSOR_API_KEY holds a canary), CHECKFU_ENABLE_HOST_PROCESS_SANDBOX=true,
// CHECKFU_RUNNER_IDLE_TIMEOUT_MS and an unrelated CHECKFU_EXTRA. A harness that dumps its
// environment sees none of the CHECKFU_* variables except the run spec's own CHECKFU_RUN_VAR, no
// CURSOR_API_KEY, the canary nowhere, HOME and TMPDIR inside the run's folder (not the user's
// HOME) and the run's workspace as its working directory.
//
// The Runner masks secrets it holds in every event (§6.3), so a leaked key would arrive as "***":
// the spec-driven case therefore has the harness print its environment hex-encoded, which no
// masking can hide. The `env` preset is checked too (names, and no "***" anywhere).
// Runtime: about 5-10 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>
#include <QTest>
#include <QUuid>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
// KEY=VALUE lines of `env` (a value continuing on further lines is appended to the previous key).
QMap<QString, QString> parseEnv(const QString &text)
{
    QMap<QString, QString> env;
    QString last;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        const QString key = eq > 0 ? line.left(eq) : QString();
        static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
        if (!key.isEmpty() && name.match(key).hasMatch()) {
            env.insert(key, line.mid(eq + 1));
            last = key;
        } else if (!last.isEmpty() && !line.isEmpty()) {
            env[last] += QLatin1Char('\n') + line;
        }
    }
    return env;
}

QString canonical(const QString &path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(path) : c;
}
} // namespace

class TestHarnessEnv : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void specHarnessSeesNothingOfTheRunner();
    void envPresetSeesNothingOfTheRunner();

private:
    // Checks one dumped environment of run `runId`.
    void checkEnvironment(const QMap<QString, QString> &env, const QString &runId, const QString &runVar);

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_canary;
    QString m_principal;
};

void TestHarnessEnv::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_canary = QStringLiteral("key-canary-") + QUuid::createUuid().toString(QUuid::Id128);
    m_runner = std::make_unique<RunnerProcess>();
    m_runner->setEnv(QStringLiteral("CURSOR_API_KEY"), m_canary);
    m_runner->setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION"),
        randomId(QStringLiteral("hprof")) + QStringLiteral("@1"));
    m_runner->setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST"),
        QStringLiteral("sha256:") + QString(64, QLatin1Char('b')));
    m_runner->setEnv(QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("cursor-auto"));
    m_runner->setEnv(QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), QStringLiteral("true"));
    m_runner->setEnv(QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), QStringLiteral("600000"));
    m_runner->setEnv(QStringLiteral("CHECKFU_EXTRA"), QStringLiteral("x"));
    m_runner->setEnv(QStringLiteral("CHECKFU_API_URL"), m_devplane->url());
    const QString runnerId = pairAndWaitReady(*m_devplane, *m_runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
}

void TestHarnessEnv::cleanupTestCase()
{
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
}

void TestHarnessEnv::checkEnvironment(const QMap<QString, QString> &env, const QString &runId, const QString &runVar)
{
    QStringList dump;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        dump << it.key() + QLatin1Char('=') + it.value();
    const QByteArray context = dump.join(u'\n').toUtf8();
    QVERIFY2(!env.isEmpty(), "no environment dumped");
    for (auto it = env.cbegin(); it != env.cend(); ++it) {
        QVERIFY2(!it.key().startsWith(QLatin1String("CHECKFU_")) || it.key() == QLatin1String("CHECKFU_RUN_VAR"),
            qPrintable(QStringLiteral("%1 reached the harness\n%2").arg(it.key(), QString::fromUtf8(context))));
        QVERIFY2(!it.key().startsWith(QLatin1String("CURSOR_")),
            qPrintable(QStringLiteral("%1 reached the harness").arg(it.key())));
        QVERIFY2(!it.value().contains(m_canary), qPrintable(QStringLiteral("the key is in %1").arg(it.key())));
        QVERIFY2(
            it.value() != QLatin1String("***"), qPrintable(QStringLiteral("%1 was a masked secret").arg(it.key())));
        // Nothing of the Runner's own folders (its HOME, XDG dirs, credential) leaks in.
        QVERIFY2(!it.value().contains(m_runner->home()->root() + QStringLiteral("/home"))
                || it.value().contains(m_runner->home()->runDir(runId)),
            qPrintable(QStringLiteral("%1=%2 points into the user's HOME").arg(it.key(), it.value())));
        QVERIFY2(!it.value().contains(m_runner->home()->configHome()),
            qPrintable(QStringLiteral("%1=%2 points into the Runner's config").arg(it.key(), it.value())));
    }
    // The run spec's own env does reach the harness.
    QCOMPARE(env.value(QStringLiteral("CHECKFU_RUN_VAR")), runVar);
    const QString runDir = canonical(m_runner->home()->runDir(runId));
    const QString home = canonical(env.value(QStringLiteral("HOME")));
    const QString tmp = canonical(env.value(QStringLiteral("TMPDIR")));
    QVERIFY2(home.startsWith(runDir + QLatin1Char('/')),
        qPrintable(QStringLiteral("HOME=%1, run folder %2").arg(home, runDir)));
    QVERIFY2(tmp.startsWith(runDir + QLatin1Char('/')),
        qPrintable(QStringLiteral("TMPDIR=%1, run folder %2").arg(tmp, runDir)));
    QVERIFY(home != canonical(m_runner->home()->homeDir()));
    QVERIFY(env.value(QStringLiteral("HOME")) != qEnvironmentVariable("HOME"));
}

void TestHarnessEnv::specHarnessSeesNothingOfTheRunner()
{
    // The whole environment and the working directory, hex-encoded, so masking cannot hide a leak.
    const QString script
        = QStringLiteral("{ env; printf 'CHECKFU_TEST_CWD=%s\\n' \"$(pwd -P)\"; } | od -An -v -tx1 | tr -d ' \\n'");
    const QJsonObject spec = oneshotRunSpec(m_principal, { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script },
        QJsonObject { { QStringLiteral("CHECKFU_RUN_VAR"), QStringLiteral("from-the-run-spec") } });
    QString error;
    const QJsonObject created = m_devplane->createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    const QString runId = created.value(QStringLiteral("run_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + m_runner->describe()));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
        ("settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events)).constData());
    const QByteArray hex = outputBytes(events, QStringLiteral("output.stdout")).trimmed();
    QVERIFY2(!hex.contains("***"), "the hex dump was masked");
    const QString text = QString::fromUtf8(QByteArray::fromHex(hex));
    QVERIFY2(!text.contains(m_canary), "the Cursor key reached the harness");
    QMap<QString, QString> env = parseEnv(text);
    const QString cwd = env.take(QStringLiteral("CHECKFU_TEST_CWD"));
    checkEnvironment(env, runId, QStringLiteral("from-the-run-spec"));
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(cwd, canonical(m_runner->home()->runDir(runId)) + QStringLiteral("/workspace"));
}

void TestHarnessEnv::envPresetSeesNothingOfTheRunner()
{
    QString error;
    const QJsonObject created = m_devplane->createSession(QStringLiteral("env"), {}, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    const QString runId = created.value(QStringLiteral("run_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + m_runner->describe()));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
        ("settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events)).constData());
    const QString text = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QVERIFY2(!text.contains(m_canary), "the Cursor key reached the harness");
    QVERIFY2(!text.contains(QLatin1String("***")),
        qPrintable(QStringLiteral("a masked secret reached the harness:\n") + text));
    checkEnvironment(parseEnv(text), runId, QStringLiteral("visible")); // the preset sets CHECKFU_RUN_VAR=visible
}

CHECKFU_INTEGRATION_MAIN(TestHarnessEnv, 120000)
#include "tst_harnessenv.moc"
