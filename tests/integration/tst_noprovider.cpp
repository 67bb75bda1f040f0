// §8: a Runner with no sandbox provider on (`--sandbox none`, no Docker daemon here) starts,
// says so plainly, advertises no provider and never claims: a Session for its owner stays queued.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QJsonArray>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

class TestNoProvider : public QObject
{
    Q_OBJECT
private slots:
    void connectedButNeverClaims()
    {
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        RunnerProcess runner;
        const QString runnerId
            = pairAndWaitReady(dp, runner, &error, { QStringLiteral("--sandbox"), QStringLiteral("none") });
        QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
        // On stderr, while `ready` came on stdout: another pipe, read on its own.
        QTRY_VERIFY2((runner.pump(), runner.stderrText().contains(QStringLiteral("No sandbox provider is enabled"))),
            qPrintable(runner.describe()));

        const QJsonObject presence = dp.presence(runnerId);
        QCOMPARE(presence.value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
        QCOMPARE(presence.value(QStringLiteral("advertisement"))
                     .toObject()
                     .value(QStringLiteral("providers"))
                     .toArray()
                     .size(),
            0);

        const QJsonObject session = dp.createSession(QStringLiteral("echo"), {}, {}, &error);
        QVERIFY2(!session.isEmpty(), qPrintable(error));
        QTest::qWait(3000);
        const QJsonObject events = dp.sessionEvents(session.value(QStringLiteral("session_id")).toString(), &error);
        QCOMPARE(events.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
        QCOMPARE(countRequests(dp, QStringLiteral("/v1/runner/claims")), 0);

        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
};

CHECKFU_INTEGRATION_MAIN(TestNoProvider, 60000)
#include "tst_noprovider.moc"
