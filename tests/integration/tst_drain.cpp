// Drain while a run is going (issue 3, acceptance 7). The Runner has two slots, so while its
// ~4 s run goes it also keeps a claim outstanding. `checkfu-devplane drain RUNNER_ID`:
//  - the presence list shows `draining` within 1 s (polled every 100 ms);
//  - the run finishes and settles succeeded;
//  - a Session created after the drain stays `queued` (still after 5 s), and the request log shows
//    no POST /v1/runner/claims that started after the Runner's first `draining` heartbeat (the
//    claim outstanding at the drain is aborted by the Runner before it says draining, §6.1);
//  - `resume`: the presence is `ready` again and the queued Session runs and succeeds.
// Runtime: about 15-25 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {
const QString claimsPath = QStringLiteral("/v1/runner/claims");
const QString presencePath = QStringLiteral("/v1/runner/presence");

// The first draining heartbeat in the request log (its arrival time), invalid when none.
QDateTime firstDrainingHeartbeat(const DevPlaneProcess &dp)
{
    for (const QJsonObject &r : runnerRequests(dp)) {
        if (r.value(QStringLiteral("path")).toString() == presencePath
            && r.value(QStringLiteral("body")).toObject().value(QStringLiteral("status")).toString()
                == QLatin1String("draining"))
            return wireTime(r.value(QStringLiteral("at")).toString());
    }
    return {};
}

QList<QJsonObject> claimsBetween(const DevPlaneProcess &dp, const QDateTime &after, const QDateTime &before)
{
    QList<QJsonObject> out;
    for (const QJsonObject &r : runnerRequests(dp)) {
        if (r.value(QStringLiteral("path")).toString() != claimsPath)
            continue;
        const QDateTime at = wireTime(r.value(QStringLiteral("at")).toString());
        if (at > after && (!before.isValid() || at < before))
            out.append(r);
    }
    return out;
}
} // namespace

class TestDrain : public QObject
{
    Q_OBJECT

private slots:
    void drainFencesClaimsAndLetsTheRunFinish();
};

void TestDrain::drainFencesClaimsAndLetsTheRunFinish()
{
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId = pairAndWaitReady(dp, runner, &error, { QStringLiteral("--slots"), QStringLiteral("2") });
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);

    // A run of about 4 s, started.
    const QJsonObject first = dp.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=4") }, {}, &error);
    const QString firstId = first.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!firstId.isEmpty(), qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(
        !eventsOfKind(eventList(dp.sessionEvents(firstId)), QStringLiteral("run.started")).isEmpty(),
        qPrintable(runner.describe()), 15000);
    // With a free slot left, a claim is outstanding now (§6.1: re-issued at once). The request log
    // records a request when it is answered, so it cannot show the outstanding one yet.
    QTest::qWait(300);

    QVERIFY2(dp.adminText({ QStringLiteral("drain"), runnerId }) == QLatin1String("ok"), "drain failed");
    QElapsedTimer sinceDrain;
    sinceDrain.start();
    qint64 drainingAfterMs = -1;
    while (sinceDrain.elapsed() < 3000) {
        if (dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("draining")) {
            drainingAfterMs = sinceDrain.elapsed();
            break;
        }
        QTest::qWait(100);
    }
    qInfo("presence said draining %lld ms after `drain` returned", drainingAfterMs);
    QVERIFY2(drainingAfterMs >= 0 && drainingAfterMs <= 1000,
        qPrintable(QStringLiteral("presence not draining within 1 s (%1 ms)\n%2")
                       .arg(drainingAfterMs)
                       .arg(runner.describe())));
    const QDateTime drainingAt = firstDrainingHeartbeat(dp);
    QVERIFY2(drainingAt.isValid(), "no draining heartbeat in the request log");

    // A Session created now must wait.
    const QJsonObject second = dp.createSession(QStringLiteral("echo"), {}, {}, &error);
    const QString secondId = second.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!secondId.isEmpty(), qPrintable(error));
    QElapsedTimer sinceSecond;
    sinceSecond.start();

    // The running one finishes normally.
    const QJsonObject settlement = dp.waitSettled(firstId, 20, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
        dumpJson(settlement).constData());

    while (sinceSecond.elapsed() < 5000)
        QTest::qWait(100);
    QCOMPARE(dp.sessionEvents(secondId).value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(dp.presence(runnerId).value(QStringLiteral("status")).toString(), QStringLiteral("draining"));
    const QList<QJsonObject> lateClaims = claimsBetween(dp, drainingAt, {});
    QVERIFY2(lateClaims.isEmpty(),
        qPrintable(QStringLiteral("claims started after the draining heartbeat (%1): %2")
                       .arg(drainingAt.toString(Qt::ISODateWithMs), QString::fromUtf8(dumpEvents(lateClaims)))));

    // Resume: ready again, and the waiting Session runs.
    const QDateTime resumedAt = QDateTime::currentDateTimeUtc();
    QVERIFY2(dp.adminText({ QStringLiteral("resume"), runnerId }) == QLatin1String("ok"), "resume failed");
    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 5000);
    const QJsonObject secondSettlement = dp.waitSettled(secondId, 20, &error);
    QVERIFY2(!secondSettlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    QVERIFY2(secondSettlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
        dumpJson(secondSettlement).constData());
    QVERIFY2(!claimsBetween(dp, resumedAt.addMSecs(-1000), {}).isEmpty(), "no claim after the resume");

    QVERIFY(runner.sendSignal(SIGTERM));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
}

CHECKFU_INTEGRATION_MAIN(TestDrain, 120000)
#include "tst_drain.moc"
