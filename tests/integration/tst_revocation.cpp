// Clone fencing, the instance lock and admin revocation through the real binaries (issue 2,
// acceptance 4). The devplane hands out a 1 s heartbeat so every reaction is quick.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
constexpr int HeartbeatSeconds = 1;

QString runnerIdInIni(const RunnerHome &home)
{
    if (!QFile::exists(home.settingsFile()))
        return {};
    QSettings s(home.settingsFile(), QSettings::IniFormat);
    return s.value(QStringLiteral("pairing/runner_id")).toString();
}
} // namespace

class TestRevocation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void cloneIsFencedAndForgotten();
    void secondInstanceStoppedByLock();
    void adminRevocationStopsRunner();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestRevocation::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>(QStringList { QStringLiteral("--heartbeat-interval-seconds"),
        QString::number(HeartbeatSeconds), QStringLiteral("--presence-ttl-seconds"), QStringLiteral("5") });
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestRevocation::cleanupTestCase()
{
    m_devplane.reset();
}

void TestRevocation::cloneIsFencedAndForgotten()
{
    DevPlaneProcess &dp = *m_devplane;
    auto home = std::make_shared<RunnerHome>();
    RunnerProcess a(home);
    QString error;
    const QString id = pairAndWaitReady(dp, a, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    QVERIFY(!home->storedFileCredential().isEmpty());

    // Same stored credential (same XDG_CONFIG_HOME/XDG_DATA_HOME), another runtime dir: the lock cannot see A.
    RunnerProcess b(home);
    b.setRuntimeDir(home->makeRuntimeDir(QStringLiteral("clone")));
    QVERIFY(b.start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }));

    const int exitB = b.waitForExit(20000);
    const int exitA = a.waitForExit(20000);
    QVERIFY2(exitA == 11, qPrintable(QStringLiteral("A exit %1\n%2").arg(exitA).arg(a.describe())));
    QVERIFY2(exitB == 11, qPrintable(QStringLiteral("B exit %1\n%2").arg(exitB).arg(b.describe())));
    for (RunnerProcess *p : { &a, &b }) {
        QVERIFY2(p->states().contains(QStringLiteral("fenced")), qPrintable(p->describe()));
        const QString said = (p->stdoutText() + p->stderrText()).toLower();
        QVERIFY2(said.contains(QLatin1String("two runner processes")) || said.contains(QLatin1String("clone")),
            qPrintable(p->describe()));
    }

    const QJsonObject record = dp.runner(id);
    const QByteArray dump = QJsonDocument(record).toJson();
    QVERIFY2(record.value(QStringLiteral("revoked")).toBool(), dump.constData());
    QCOMPARE(record.value(QStringLiteral("revoke_reason")).toString(), QStringLiteral("clone"));

    // The dead credential is forgotten: no credential file, no runner id in runner.ini.
    QVERIFY2(home->credentialFiles().isEmpty(), qPrintable(home->credentialFiles().join(u' ')));
    QVERIFY2(runnerIdInIni(*home).isEmpty(), qPrintable(runnerIdInIni(*home)));
    QVERIFY(dp.presence(id).isEmpty());
}

void TestRevocation::secondInstanceStoppedByLock()
{
    DevPlaneProcess &dp = *m_devplane;
    auto home = std::make_shared<RunnerHome>();
    RunnerProcess a(home);
    QString error;
    const QString id = pairAndWaitReady(dp, a, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    const int exchangesBefore = dp.runner(id).value(QStringLiteral("exchanges")).toInt();

    RunnerProcess b(home); // same machine, same login session
    QVERIFY(b.start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }));
    const int exitB = b.waitForExit(15000);
    QVERIFY2(exitB == 5, qPrintable(QStringLiteral("B exit %1\n%2").arg(exitB).arg(b.describe())));
    QVERIFY2((b.stdoutText() + b.stderrText()).contains(QLatin1String("already running")), qPrintable(b.describe()));
    QVERIFY2((b.stdoutText() + b.stderrText()).contains(QString::number(a.pid())), qPrintable(b.describe()));

    // B never exchanged, so A is not superseded; A stays ready over several heartbeats.
    const int statesA = a.stateCount();
    const qint64 lastSeenBefore = QDateTime::currentMSecsSinceEpoch();
    QTRY_VERIFY_WITH_TIMEOUT(
        QDateTime::fromString(dp.presence(id).value(QStringLiteral("last_seen_at")).toString(), Qt::ISODateWithMs)
                .toMSecsSinceEpoch()
            > lastSeenBefore + 2 * HeartbeatSeconds * 1000,
        15000);
    QVERIFY2(a.isRunning(), qPrintable(a.describe()));
    for (int i = statesA; i < a.stateCount(); ++i)
        QVERIFY2(a.states().at(i) != QLatin1String("fenced"), qPrintable(a.describe()));
    QCOMPARE(a.lastState(), QStringLiteral("ready"));
    const QJsonObject record = dp.runner(id);
    const QByteArray dump = QJsonDocument(record).toJson();
    QVERIFY2(!record.value(QStringLiteral("revoked")).toBool(), dump.constData());
    QCOMPARE(record.value(QStringLiteral("exchanges")).toInt(), exchangesBefore);
    QCOMPARE(record.value(QStringLiteral("nonces")).toArray().size(), 1);
    QCOMPARE(dp.presence(id).value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
    QVERIFY(!home->storedFileCredential().isEmpty());

    QVERIFY(a.sendSignal(SIGTERM));
    QCOMPARE(a.waitForExit(15000), 0);
}

void TestRevocation::adminRevocationStopsRunner()
{
    DevPlaneProcess &dp = *m_devplane;
    auto home = std::make_shared<RunnerHome>();
    RunnerProcess runner(home);
    QString error;
    const QString id = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    QVERIFY(!home->storedFileCredential().isEmpty());

    QCOMPARE(dp.adminText({ QStringLiteral("revoke"), id }), QStringLiteral("ok"));
    QElapsedTimer sinceRevoke;
    sinceRevoke.start();
    const int exitCode = runner.waitForExit(HeartbeatSeconds * 1000 + 2000);
    QVERIFY2(exitCode == 10,
        qPrintable(
            QStringLiteral("exit %1 after %2 ms\n%3").arg(exitCode).arg(sinceRevoke.elapsed()).arg(runner.describe())));
    QVERIFY2(runner.states().contains(QStringLiteral("revoked")), qPrintable(runner.describe()));
    QVERIFY2(runner.stdoutText().contains(QLatin1String("disconnected")), qPrintable(runner.describe()));

    QVERIFY2(home->credentialFiles().isEmpty(), qPrintable(home->credentialFiles().join(u' ')));
    QVERIFY(runnerIdInIni(*home).isEmpty());
    const QJsonObject record = dp.runner(id);
    QVERIFY(record.value(QStringLiteral("revoked")).toBool());
    QCOMPARE(record.value(QStringLiteral("revoke_reason")).toString(), QStringLiteral("credential_revoked"));

    // Starting again without a code: not paired any more (exit 6), nothing to exchange.
    RunnerProcess again(home);
    const int againCode = again.run({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }, 15000);
    QVERIFY2(againCode == 6, qPrintable(QStringLiteral("exit %1\n%2").arg(againCode).arg(again.describe())));
}

CHECKFU_INTEGRATION_MAIN(TestRevocation, 120000)
#include "tst_revocation.moc"
