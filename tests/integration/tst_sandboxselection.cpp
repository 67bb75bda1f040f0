// Sandbox tier selection (issue 5, §8's table) through the real binaries: the advertisement lists
// exactly the providers that are on, docker only while a daemon answers, `--sandbox docker` and
// `--sandbox bubblewrap` refuse to start when they cannot be realised, doctor shows the posture,
// and a bubblewrap `network: none` run can neither reach a listener on the host's loopback nor
// write outside its workspace (while an `unrestricted` one can connect).
// Runtime: about 30-40 s.
#include "DevPlaneProcess.h"
#include "DockerDaemon.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
const QString noDocker = QStringLiteral("unix:///nonexistent/docker.sock");

QStringList providerIds(const QJsonObject &presence)
{
    QStringList ids;
    for (const QJsonValue &p :
        presence.value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("providers")).toArray())
        ids.append(p.toObject().value(QStringLiteral("id")).toString());
    return ids;
}

QJsonObject providerEntry(const QJsonObject &presence, const QString &id)
{
    for (const QJsonValue &p :
        presence.value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("providers")).toArray())
        if (p.toObject().value(QStringLiteral("id")) == id)
            return p.toObject();
    return {};
}
} // namespace

class TestSandboxSelection : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void advertisement_data();
    void advertisement();
    void dockerRequiredWithoutDaemonRefusesToStart();
    void doctorShowsThePosture();
    void bubblewrapNetworkNoneAndWriteConfinement();

private:
    // Pairs a Runner with `args` and `env` and returns its presence; stops it afterwards.
    QJsonObject presenceOf(const QStringList &args, const QMap<QString, QString> &env, QString *error);

    DockerDaemon m_docker;
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestSandboxSelection::initTestCase()
{
    QString error;
    QVERIFY2(m_docker.start(&error), qPrintable(error));
    m_devplane = std::make_unique<DevPlaneProcess>();
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestSandboxSelection::cleanupTestCase()
{
    m_devplane.reset();
    m_docker.stop();
}

QJsonObject TestSandboxSelection::presenceOf(const QStringList &args, const QMap<QString, QString> &env, QString *error)
{
    RunnerProcess runner;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        runner.setEnv(it.key(), it.value());
    const QString runnerId = pairAndWaitReady(*m_devplane, runner, error, args);
    if (runnerId.isEmpty())
        return {};
    const QJsonObject presence = m_devplane->presence(runnerId);
    runner.sendSignal(SIGTERM);
    runner.waitForExit(15000);
    return presence;
}

void TestSandboxSelection::advertisement_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<bool>("daemon");
    QTest::addColumn<QString>("hostProcessVariable"); // "" = unset
    QTest::addColumn<bool>("unrestrictedDocker");
    QTest::addColumn<QStringList>("expected");

    const QStringList none;
    QTest::newRow("default, no daemon") << none << false << QString() << false
                                        << QStringList { QStringLiteral("host-process") };
    QTest::newRow("default, daemon") << none << true << QString() << false
                                     << QStringList { QStringLiteral("docker"), QStringLiteral("host-process") };
    QTest::newRow("host-process, daemon")
        << QStringList { QStringLiteral("--sandbox"), QStringLiteral("host-process") } << true << QString() << false
        << QStringList { QStringLiteral("docker"), QStringLiteral("host-process") };
    QTest::newRow("bubblewrap, no daemon")
        << QStringList { QStringLiteral("--sandbox"), QStringLiteral("bubblewrap") } << false << QString() << false
        << QStringList { QStringLiteral("bubblewrap") };
    QTest::newRow("bubblewrap + host-process=true")
        << QStringList { QStringLiteral("--sandbox"), QStringLiteral("bubblewrap") } << false << QStringLiteral("true")
        << false << QStringList { QStringLiteral("bubblewrap"), QStringLiteral("host-process") };
    QTest::newRow("docker, daemon") << QStringList { QStringLiteral("--sandbox"), QStringLiteral("docker") } << true
                                    << QString() << true << QStringList { QStringLiteral("docker") };
    QTest::newRow("docker + host-process=true")
        << QStringList { QStringLiteral("--sandbox"), QStringLiteral("docker") } << true << QStringLiteral("true")
        << false << QStringList { QStringLiteral("docker"), QStringLiteral("host-process") };
    QTest::newRow("none, daemon") << QStringList { QStringLiteral("--sandbox"), QStringLiteral("none") } << true
                                  << QString() << false << QStringList { QStringLiteral("docker") };
    QTest::newRow("default, host-process=false, daemon")
        << none << true << QStringLiteral("false") << false << QStringList { QStringLiteral("docker") };
}

// §5/§8: exactly the providers that are on, guarded tiers first.
void TestSandboxSelection::advertisement()
{
    QFETCH(QStringList, args);
    QFETCH(bool, daemon);
    QFETCH(QString, hostProcessVariable);
    QFETCH(bool, unrestrictedDocker);
    QFETCH(QStringList, expected);
    QMap<QString, QString> env { { QStringLiteral("DOCKER_HOST"), daemon ? m_docker.host() : noDocker } };
    if (!hostProcessVariable.isEmpty())
        env.insert(QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), hostProcessVariable);
    if (unrestrictedDocker)
        env.insert(QStringLiteral("CHECKFU_DOCKER_UNRESTRICTED_NETWORK"), QString()); // defined, even empty
    QString error;
    const QJsonObject presence = presenceOf(args, env, &error);
    QVERIFY2(!presence.isEmpty(), qPrintable(error));
    QCOMPARE(providerIds(presence), expected);
    if (expected.contains(QStringLiteral("docker"))) {
        const QJsonArray networks
            = providerEntry(presence, QStringLiteral("docker")).value(QStringLiteral("network_modes")).toArray();
        QCOMPARE(networks,
            unrestrictedDocker ? (QJsonArray { QStringLiteral("none"), QStringLiteral("unrestricted") })
                               : QJsonArray { QStringLiteral("none") });
    }
    if (expected.contains(QStringLiteral("bubblewrap"))) {
        const QJsonObject bwrap = providerEntry(presence, QStringLiteral("bubblewrap"));
        QCOMPARE(bwrap.value(QStringLiteral("tiers")).toArray(), QJsonArray { QStringLiteral("host_process") });
        QCOMPARE(
            bwrap.value(QStringLiteral("runtime_assurances")).toObject().value(QStringLiteral("network_isolation")),
            QJsonValue(true));
    }
}

// §8: `--sandbox docker` refuses to start when no daemon answers, before any request.
void TestSandboxSelection::dockerRequiredWithoutDaemonRefusesToStart()
{
    RunnerProcess runner;
    runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
    const QString code = m_devplane->pair();
    QVERIFY(!code.isEmpty());
    const int before = runnerRequests(*m_devplane).size();
    const int exitCode
        = runner.run(fileStoreStart(*m_devplane, code, { QStringLiteral("--sandbox"), QStringLiteral("docker") }));
    QCOMPARE(exitCode, 7);
    QVERIFY2(runner.stdoutText().contains(QStringLiteral("--sandbox docker")), qPrintable(runner.describe()));
    QVERIFY2(runner.stdoutText().contains(QStringLiteral("no Docker daemon answers")), qPrintable(runner.describe()));
    QCOMPARE(runnerRequests(*m_devplane).size(), before); // the pairing code was not spent
}

void TestSandboxSelection::doctorShowsThePosture()
{
    RunnerProcess runner;
    runner.setEnv(QStringLiteral("DOCKER_HOST"), m_docker.host());
    QString error;
    QVERIFY2(!pairAndWaitReady(*m_devplane, runner, &error).isEmpty(), qPrintable(error));
    runner.sendSignal(SIGTERM);
    QCOMPARE(runner.waitForExit(15000), 0);
    RunnerProcess doctor(runner.home());
    doctor.setEnv(QStringLiteral("DOCKER_HOST"), m_docker.host());
    doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json"), QStringLiteral("--credential-store"),
        QStringLiteral("file") });
    const QJsonObject report = QJsonDocument::fromJson(doctor.stdoutBytes()).object();
    QJsonObject posture;
    for (const QJsonValue &c : report.value(QStringLiteral("checks")).toArray())
        if (c.toObject().value(QStringLiteral("name")) == QLatin1String("sandbox posture"))
            posture = c.toObject();
    QVERIFY2(!posture.isEmpty(), doctor.stdoutBytes().constData());
    QCOMPARE(posture.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
    const QString detail = posture.value(QStringLiteral("detail")).toString();
    QVERIFY2(detail.contains(QStringLiteral("docker %1").arg(m_docker.serverVersion())), qPrintable(detail));
    QVERIFY2(detail.contains(QStringLiteral("host-process")), qPrintable(detail));
}

// The guarded host tier, end to end: network none has its own empty network namespace, and
// nothing outside the run's directory is writable.
void TestSandboxSelection::bubblewrapNetworkNoneAndWriteConfinement()
{
    // The system's python3 (scripts/setup installs it): bubblewrap shows only the system directories,
    // so one under the home (pyenv) would not run inside and the probe would say "refused" for that.
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"), { QStringLiteral("/usr/bin") });
    QVERIFY2(!python.isEmpty(), "/usr/bin/python3 is needed for the connection probe (apt install python3)");
    QTcpServer listener;
    QVERIFY(listener.listen(QHostAddress::LocalHost));
    int connections = 0;
    connect(&listener, &QTcpServer::newConnection, this, [&] {
        while (QTcpSocket *s = listener.nextPendingConnection()) {
            ++connections;
            s->deleteLater();
        }
    });
    QTemporaryDir outside;
    QVERIFY(outside.isValid());

    RunnerProcess runner;
    runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
    QString error;
    QVERIFY2(
        !pairAndWaitReady(*m_devplane, runner, &error, { QStringLiteral("--sandbox"), QStringLiteral("bubblewrap") })
             .isEmpty(),
        qPrintable(error));
    const QString script = QStringLiteral("%1 -c \"import socket; socket.create_connection(('127.0.0.1', %2), 2)\" "
                                          "2>/dev/null && echo net=connected || echo net=refused; "
                                          "touch %3/pwned 2>/dev/null && echo outside=written || echo outside=denied; "
                                          "touch %4/pwned 2>/dev/null && echo data=written || echo data=denied; "
                                          "echo hi > inside.txt && echo inside=written; echo home=$HOME")
                               .arg(python)
                               .arg(listener.serverPort())
                               .arg(outside.path(), runner.home()->runnerDataDir());
    const auto runWith = [&](const QString &network, QString *out) {
        QJsonObject spec = oneshotRunSpec(
            m_devplane->defaultPrincipal(), { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
        spec = withPath(spec,
            { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") }, network);
        const QString sessionId
            = m_devplane->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
        if (sessionId.isEmpty())
            return QJsonObject();
        const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
        const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
        *out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
        const QJsonObject started = eventsOfKind(events, QStringLiteral("run.started")).value(0);
        QJsonObject result = settlement;
        result.insert(QStringLiteral("provider"),
            started.value(QStringLiteral("data")).toObject().value(QStringLiteral("provider")));
        return result;
    };

    QString out;
    QJsonObject result = runWith(QStringLiteral("none"), &out);
    QVERIFY2(!result.isEmpty(), qPrintable(error));
    QCOMPARE(result.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(result.value(QStringLiteral("provider")).toString(), QStringLiteral("bubblewrap"));
    QVERIFY2(out.contains(QStringLiteral("net=refused")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("outside=denied")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("data=denied")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("inside=written")), qPrintable(out));
    QCOMPARE(connections, 0);
    QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("pwned"))));
    QVERIFY(!QFileInfo::exists(runner.home()->runnerDataDir() + QStringLiteral("/pwned")));

    // The same probe with `unrestricted` reaches the listener: the difference is the namespace.
    result = runWith(QStringLiteral("unrestricted"), &out);
    QVERIFY2(!result.isEmpty(), qPrintable(error));
    QCOMPARE(result.value(QStringLiteral("provider")).toString(), QStringLiteral("bubblewrap"));
    QVERIFY2(out.contains(QStringLiteral("net=connected")), qPrintable(out));
    QTRY_VERIFY(connections >= 1);
    QVERIFY2(out.contains(QStringLiteral("outside=denied")), qPrintable(out));
    runner.sendSignal(SIGTERM);
    runner.waitForExit(15000);
}

CHECKFU_INTEGRATION_MAIN(TestSandboxSelection, 180000)
#include "tst_sandboxselection.moc"
