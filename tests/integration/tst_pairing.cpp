// Pairing through the real binaries (issue 2, acceptance 1): a code pairs a Runner that shows
// `ready` with the server-stamped owner; a code works once; a malformed code is refused before
// any request; an expired code is reported; SIGTERM signs off; a restart needs no new code.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

class TestPairing : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void pairShowsReadyWithServerStampedOwner();
    void codeCannotBeRedeemedTwice();
    void malformedCodeRefusedWithoutRequest_data();
    void malformedCodeRefusedWithoutRequest();
    void expiredCodeReported();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestPairing::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestPairing::cleanupTestCase()
{
    m_devplane.reset();
}

void TestPairing::pairShowsReadyWithServerStampedOwner()
{
    DevPlaneProcess &dp = *m_devplane;
    const QString principal = randomId(QStringLiteral("prin"));
    const QString code = dp.pair(
        { QStringLiteral("--principal"), principal, QStringLiteral("--label"), QStringLiteral("alice-laptop") });
    QVERIFY(!code.isEmpty());

    auto home = std::make_shared<RunnerHome>();
    QString runnerId;
    {
        RunnerProcess runner(home);
        QVERIFY(
            runner.start(fileStoreStart(dp, code, { QStringLiteral("--label"), QStringLiteral("runner-own-label") })));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        runnerId = home->storedRunnerId();
        QVERIFY2(runnerId.startsWith(QLatin1String("runner_")), qPrintable(runnerId));

        // Listed as ready, owner stamped by the server from the pairing.
        QJsonObject presence;
        QTRY_VERIFY_WITH_TIMEOUT(!(presence = dp.presence(runnerId)).isEmpty(), 10000);
        QCOMPARE(presence.value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
        const QJsonObject owner = presence.value(QStringLiteral("owner")).toObject();
        QCOMPARE(owner.value(QStringLiteral("principal_id")).toString(), principal);
        QCOMPARE(owner.value(QStringLiteral("machine_label")).toString(), QStringLiteral("alice-laptop"));

        // The Runner never asserted an owner: its redemption carried only its own display label.
        bool sawRedeem = false;
        for (const QJsonObject &r : runnerRequests(dp)) {
            if (r.value(QStringLiteral("path")).toString() != QLatin1String("/v1/runner-pairings/redeem"))
                continue;
            const QJsonObject body = r.value(QStringLiteral("body")).toObject();
            if (body.value(QStringLiteral("machine_label")).toString() != QLatin1String("runner-own-label"))
                continue;
            sawRedeem = true;
            QVERIFY2(!body.contains(QStringLiteral("owner")) && !body.contains(QStringLiteral("principal_id")),
                QJsonDocument(body).toJson().constData());
            QCOMPARE(r.value(QStringLiteral("status")).toInt(), 201);
        }
        QVERIFY(sawRedeem);

        // SIGTERM once: drain, sign off, exit 0; the presence ends at once (TTL is 30 s here).
        QVERIFY(runner.sendSignal(SIGTERM));
        const int exitCode = runner.waitForExit(15000);
        QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
        QVERIFY2(runner.states().contains(QStringLiteral("stopped")), qPrintable(runner.describe()));
        QVERIFY2(dp.presence(runnerId).isEmpty(), "presence still listed right after sign-off");
        const QJsonObject record = dp.runner(runnerId);
        QVERIFY2(record.value(QStringLiteral("signoffs")).toInt() >= 1, QJsonDocument(record).toJson().constData());
    }

    // Started again without a code: the stored credential (file store, remembered in runner.ini) is found.
    RunnerProcess again(home);
    QVERIFY(again.start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }));
    QVERIFY2(again.waitForState(QStringLiteral("ready"), 20000), qPrintable(again.describe()));
    QVERIFY2(!again.states().contains(QStringLiteral("pairing")), qPrintable(again.describe()));
    QCOMPARE(home->storedRunnerId(), runnerId);
    QTRY_VERIFY_WITH_TIMEOUT(
        dp.presence(runnerId).value(QStringLiteral("status")).toString() == QLatin1String("ready"), 10000);
    const QJsonObject record = dp.runner(runnerId);
    QVERIFY2(record.value(QStringLiteral("exchanges")).toInt() >= 2, QJsonDocument(record).toJson().constData());
    QCOMPARE(record.value(QStringLiteral("revoked")).toBool(), false);
    QVERIFY(again.sendSignal(SIGTERM));
    QCOMPARE(again.waitForExit(15000), 0);
}

void TestPairing::codeCannotBeRedeemedTwice()
{
    DevPlaneProcess &dp = *m_devplane;
    const QString code = dp.pair();
    QVERIFY(!code.isEmpty());

    RunnerProcess first;
    QVERIFY(first.start(fileStoreStart(dp, code)));
    QVERIFY2(first.waitForState(QStringLiteral("ready"), 20000), qPrintable(first.describe()));

    RunnerProcess second; // another machine
    QVERIFY(second.start(fileStoreStart(dp, code)));
    const int exitCode = second.waitForExit(20000);
    QVERIFY2(exitCode == 3, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(second.describe())));
    QVERIFY2((second.stdoutText() + second.stderrText()).contains(QLatin1String("already been used")),
        qPrintable(second.describe()));
    QVERIFY2(second.home()->credentialFiles().isEmpty(), qPrintable(second.home()->credentialFiles().join(u' ')));
    QVERIFY(second.home()->storedRunnerId().isEmpty());

    // The first one is unaffected.
    QCOMPARE(first.lastState(), QStringLiteral("ready"));
    QVERIFY(first.sendSignal(SIGTERM));
    QCOMPARE(first.waitForExit(15000), 0);
}

void TestPairing::malformedCodeRefusedWithoutRequest_data()
{
    QTest::addColumn<QString>("code");
    QTest::newRow("too short") << QStringLiteral("CFU-1234-5678");
    QTest::newRow("U not in the alphabet") << QStringLiteral("CFU-1234-5678-9ABU");
    QTest::newRow("no CFU prefix") << QStringLiteral("XYZ-1234-5678-9ABC");
}

void TestPairing::malformedCodeRefusedWithoutRequest()
{
    QFETCH(QString, code);
    DevPlaneProcess &dp = *m_devplane;
    const int before = runnerRequests(dp).size();
    const int redeemsBefore = countRequests(dp, QStringLiteral("/v1/runner-pairings/redeem"));

    RunnerProcess runner;
    QVERIFY(runner.start(fileStoreStart(dp, code)));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 2, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
    const QString said = runner.stdoutText() + runner.stderrText();
    QVERIFY2(said.contains(QLatin1String("pairing code"), Qt::CaseInsensitive), qPrintable(runner.describe()));

    // Nothing reached the devplane: not in its request log file, not in its in-memory list.
    QCOMPARE(runnerRequests(dp).size(), before);
    QCOMPARE(countRequests(dp, QStringLiteral("/v1/runner-pairings/redeem")), redeemsBefore);
    int redeemsListed = 0;
    for (const QJsonValue &r : dp.requests()) {
        if (r.toObject().value(QStringLiteral("path")).toString() == QLatin1String("/v1/runner-pairings/redeem"))
            ++redeemsListed;
    }
    QCOMPARE(redeemsListed, redeemsBefore);
    QVERIFY(runner.home()->credentialFiles().isEmpty());
}

void TestPairing::expiredCodeReported()
{
    DevPlaneProcess &dp = *m_devplane;
    const QString code = dp.pair({ QStringLiteral("--expires-in"), QStringLiteral("1") });
    QVERIFY(!code.isEmpty());
    QTest::qWait(1600); // nothing to poll: the code has to outlive its one second

    RunnerProcess runner;
    QVERIFY(runner.start(fileStoreStart(dp, code)));
    const int exitCode = runner.waitForExit(20000);
    QVERIFY2(exitCode == 3, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
    QVERIFY2(
        (runner.stdoutText() + runner.stderrText()).contains(QLatin1String("expired")), qPrintable(runner.describe()));
    QVERIFY(runner.home()->credentialFiles().isEmpty());
}

CHECKFU_INTEGRATION_MAIN(TestPairing, 120000)
#include "tst_pairing.moc"
