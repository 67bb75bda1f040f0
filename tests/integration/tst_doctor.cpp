// `checkfu-runner doctor --json` through the real binary (§8's doctor paragraph): a paired,
// stopped Runner checks out ok and lists the presences its credential may read; with the
// Runner running, doctor skips the exchange so the running Runner is not fenced; a dead
// endpoint is a failure with exit 1.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
QString checkStatus(const QJsonObject &report, const QString &name)
{
    for (const QJsonValue &v : report.value(QStringLiteral("checks")).toArray()) {
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return v.toObject().value(QStringLiteral("status")).toString();
    }
    return QStringLiteral("(absent)");
}

QStringList runnerIds(const QJsonArray &presences)
{
    QStringList ids;
    for (const QJsonValue &v : presences)
        ids << v.toObject().value(QStringLiteral("runner_id")).toString();
    return ids;
}
} // namespace

class TestDoctor : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void pairedStoppedRunnerChecksOut();
    void runningRunnerIsNotFenced();
    void deadEndpointFails();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestDoctor::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>(QStringList { QStringLiteral("--heartbeat-interval-seconds"),
        QStringLiteral("1"), QStringLiteral("--presence-ttl-seconds"), QStringLiteral("5") });
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestDoctor::cleanupTestCase()
{
    m_devplane.reset();
}

void TestDoctor::pairedStoppedRunnerChecksOut()
{
    DevPlaneProcess &dp = *m_devplane;
    const QString principal = randomId(QStringLiteral("prin"));
    const QStringList pairArgs { QStringLiteral("--principal"), principal };
    QString error;

    // Another machine of the same owner stays up, so the presence list has something in it.
    RunnerProcess other;
    const QString otherId = pairAndWaitReady(dp, other, &error, {}, pairArgs);
    QVERIFY2(!otherId.isEmpty(), qPrintable(error));

    auto home = std::make_shared<RunnerHome>();
    QString id;
    {
        RunnerProcess runner(home);
        id = pairAndWaitReady(dp, runner, &error, {}, pairArgs);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }

    RunnerProcess doctor(home);
    const int exitCode = doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json") }, 30000);
    const QJsonObject report = QJsonDocument::fromJson(doctor.stdoutBytes()).object();
    const QByteArray dump = doctor.stdoutBytes() + doctor.stderrBytes();
    QVERIFY2(exitCode == 0, dump.constData());
    QVERIFY2(report.value(QStringLiteral("ok")).toBool(), dump.constData());
    for (const QString &name : { QStringLiteral("endpoint"), QStringLiteral("clock"), QStringLiteral("credential"),
             QStringLiteral("exchange"), QStringLiteral("presences") })
        QVERIFY2(checkStatus(report, name) == QLatin1String("ok"),
            qPrintable(name + QLatin1Char('\n') + QString::fromUtf8(dump)));
    const QStringList listed = runnerIds(report.value(QStringLiteral("presences")).toArray());
    QVERIFY2(listed.contains(otherId), dump.constData());

    // The doctor signed its own identity off again, and the credential is still good.
    const QJsonObject record = dp.runner(id);
    QVERIFY(!record.value(QStringLiteral("revoked")).toBool());
    QVERIFY(dp.presence(id).isEmpty());
    RunnerProcess again(home);
    QVERIFY(again.start({ QStringLiteral("start") }));
    QVERIFY2(again.waitForState(QStringLiteral("ready"), 20000), qPrintable(again.describe()));
    QVERIFY(again.sendSignal(SIGTERM));
    QCOMPARE(again.waitForExit(15000), 0);
    QVERIFY(other.sendSignal(SIGTERM));
    QCOMPARE(other.waitForExit(15000), 0);
}

void TestDoctor::runningRunnerIsNotFenced()
{
    DevPlaneProcess &dp = *m_devplane;
    auto home = std::make_shared<RunnerHome>();
    RunnerProcess runner(home);
    QString error;
    const QString id = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    const int exchangesBefore = dp.runner(id).value(QStringLiteral("exchanges")).toInt();

    RunnerProcess doctor(home); // same machine, same runtime dir
    doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json") }, 30000);
    const QJsonObject report = QJsonDocument::fromJson(doctor.stdoutBytes()).object();
    const QByteArray dump = doctor.stdoutBytes() + doctor.stderrBytes();
    QVERIFY2(!report.isEmpty(), dump.constData());
    QCOMPARE(checkStatus(report, QStringLiteral("exchange")), QStringLiteral("skip"));
    QCOMPARE(checkStatus(report, QStringLiteral("credential")), QStringLiteral("ok"));
    QCOMPARE(dp.runner(id).value(QStringLiteral("exchanges")).toInt(), exchangesBefore);

    // Still ready two heartbeats later: not fenced.
    const qint64 after = QDateTime::currentMSecsSinceEpoch();
    QTRY_VERIFY_WITH_TIMEOUT(
        QDateTime::fromString(dp.presence(id).value(QStringLiteral("last_seen_at")).toString(), Qt::ISODateWithMs)
                .toMSecsSinceEpoch()
            > after + 2000,
        15000);
    QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
    QCOMPARE(runner.lastState(), QStringLiteral("ready"));
    QVERIFY(!runner.states().contains(QStringLiteral("fenced")));
    const QJsonObject record = dp.runner(id);
    QVERIFY2(!record.value(QStringLiteral("revoked")).toBool(), QJsonDocument(record).toJson().constData());
    QCOMPARE(record.value(QStringLiteral("nonces")).toArray().size(), 1);

    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
}

void TestDoctor::deadEndpointFails()
{
    // A devplane that was listening and is gone: its port refuses connections.
    DevPlaneProcess dead;
    QString error;
    QVERIFY2(dead.start(&error), qPrintable(error));
    const QString url = dead.url();
    dead.kill();

    RunnerProcess doctor;
    const int exitCode
        = doctor.run({ QStringLiteral("doctor"), QStringLiteral("--json"), QStringLiteral("--endpoint"), url }, 40000);
    const QJsonObject report = QJsonDocument::fromJson(doctor.stdoutBytes()).object();
    const QByteArray dump = doctor.stdoutBytes() + doctor.stderrBytes();
    QVERIFY2(exitCode == 1, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(QString::fromUtf8(dump))));
    QVERIFY2(report.contains(QStringLiteral("ok")) && !report.value(QStringLiteral("ok")).toBool(), dump.constData());
    QCOMPARE(checkStatus(report, QStringLiteral("endpoint")), QStringLiteral("fail"));
}

CHECKFU_INTEGRATION_MAIN(TestDoctor, 120000)
#include "tst_doctor.moc"
