// Workload identity through the real binaries (issue 2, acceptance 2): with a 6 s token the
// Runner rotates at least three times in 20 s without a gap in its presence; stopped (SIGSTOP)
// past expiry and resumed, it re-exchanges with the same nonce and comes back `ready`.
// Runtime: about 40 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

class TestIdentity : public QObject
{
    Q_OBJECT

private slots:
    void rotatesWithoutGapAndSurvivesSleep();
};

void TestIdentity::rotatesWithoutGapAndSurvivesSleep()
{
    DevPlaneProcess dp({ QStringLiteral("--token-ttl-seconds"), QStringLiteral("6"),
        QStringLiteral("--refresh-after-seconds"), QStringLiteral("4"), QStringLiteral("--overlap-seconds"),
        QStringLiteral("2"), QStringLiteral("--heartbeat-interval-seconds"), QStringLiteral("1"),
        QStringLiteral("--presence-ttl-seconds"), QStringLiteral("3") });
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));

    RunnerProcess runner;
    const QString id = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(id).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);

    const QJsonObject before = dp.runner(id);
    const int rotationsBefore = before.value(QStringLiteral("rotations")).toInt();
    const QJsonArray noncesBefore = before.value(QStringLiteral("nonces")).toArray();
    QCOMPARE(noncesBefore.size(), 1);

    // 20 s of samples every 250 ms: listed and ready at every one of them.
    QElapsedTimer window;
    window.start();
    int samples = 0;
    QStringList misses;
    while (window.elapsed() < 20000) {
        QElapsedTimer sample;
        sample.start();
        const QJsonObject presence = dp.presence(id);
        ++samples;
        const QString status = presence.value(QStringLiteral("status")).toString();
        if (status != QLatin1String("ready"))
            misses << QStringLiteral("t=%1ms: %2")
                          .arg(window.elapsed())
                          .arg(presence.isEmpty() ? QStringLiteral("not listed") : status);
        QTest::qWait(int(qMax<qint64>(0, 250 - sample.elapsed())));
    }
    QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
    QVERIFY2(misses.isEmpty(),
        qPrintable(QStringLiteral("%1 of %2 samples without a ready presence: %3\n%4")
                       .arg(misses.size())
                       .arg(samples)
                       .arg(misses.join(QStringLiteral("; ")), runner.describe())));
    QVERIFY2(samples >= 40, qPrintable(QStringLiteral("only %1 samples in 20 s").arg(samples)));

    const QJsonObject afterRotation = dp.runner(id);
    const int rotations = afterRotation.value(QStringLiteral("rotations")).toInt() - rotationsBefore;
    QVERIFY2(rotations >= 3,
        qPrintable(QStringLiteral("%1 rotations in 20 s: %2")
                       .arg(rotations)
                       .arg(QString::fromUtf8(QJsonDocument(afterRotation).toJson()))));
    QCOMPARE(afterRotation.value(QStringLiteral("nonces")).toArray(), noncesBefore);
    const int exchangesBefore = afterRotation.value(QStringLiteral("exchanges")).toInt();
    QCOMPARE(exchangesBefore, 1); // rotation, never a new exchange, while the token is valid

    // A sleeping laptop: stopped past the token's expiry (6 s) and the presence TTL (3 s).
    const int statesBeforeSleep = runner.stateCount();
    QVERIFY(runner.sendSignal(SIGSTOP));
    QTest::qWait(10000); // the sleep itself; nothing to poll
    QVERIFY2(dp.presence(id).isEmpty(), "presence still listed after 10 s without heartbeats");
    QVERIFY(runner.sendSignal(SIGCONT));

    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(id).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);
    QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
    // The devplane lists it ready once the heartbeat is in; the Runner says so once the answer is.
    QTRY_COMPARE_WITH_TIMEOUT((runner.pump(), runner.lastState()), QStringLiteral("ready"), 10000);
    const QJsonObject afterSleep = dp.runner(id);
    const QByteArray dump = QJsonDocument(afterSleep).toJson();
    QCOMPARE(afterSleep.value(QStringLiteral("nonces")).toArray(), noncesBefore); // the same process nonce
    QVERIFY2(afterSleep.value(QStringLiteral("exchanges")).toInt() >= 2, dump.constData());
    QVERIFY2(!afterSleep.value(QStringLiteral("revoked")).toBool(), dump.constData());
    // Never fenced, never revoked on its own side.
    for (int i = statesBeforeSleep; i < runner.stateCount(); ++i)
        QVERIFY2(runner.states().at(i) != QLatin1String("fenced") && runner.states().at(i) != QLatin1String("revoked")
                && runner.states().at(i) != QLatin1String("failed"),
            qPrintable(runner.describe()));

    QVERIFY(runner.sendSignal(SIGTERM));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
}

CHECKFU_INTEGRATION_MAIN(TestIdentity, 120000)
#include "tst_identity.moc"
