// Workload identity (§3) against a scripted peer and a fake clock: exchange, rotation timing on
// the server's clock, re-exchange with the same nonce, fatal answers, malformed grants, sign-off.
#include "ApiClient.h"
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include "WireTime.h"
#include "WorkloadIdentity.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

namespace {
const QString Bootstrap = QStringLiteral("cfb_bootstrap_credential_for_tests_0001");
} // namespace

class TestWorkloadIdentity : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qRegisterMetaType<IdentityGrant>();
        qRegisterMetaType<ApiError>();
    }

    void exchangeSendsNonceAndRotatesOnServerTime()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock(QDateTime::currentDateTimeUtc());
        // The server's clock is two minutes ahead of ours; its times must be read on its clock.
        const QDateTime serverNow = clock.now().addSecs(120);
        peer.enqueueJson(200, testGrant(serverNow, QStringLiteral("cfw_token_one_aaaaaaaa"), 600, 900),
                         { { "Date", FaultyHttpPeer::httpDate(serverNow) } });
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        identity.setAdvertisementSource([] { return QJsonObject { { QStringLiteral("placement"), QStringLiteral("byoc") } }; });
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));

        QCOMPARE(peer.requests().size(), 1);
        const auto &req = peer.requests()[0];
        QCOMPARE(req.path, QByteArray("/v1/runner/identity"));
        QCOMPARE(req.headers.value("authorization"), "Bearer " + Bootstrap.toUtf8());
        const QString nonce = req.json().value(QStringLiteral("process_nonce")).toString();
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{64}$")).match(nonce).hasMatch());
        QCOMPARE(nonce, identity.processNonce());
        QCOMPARE(req.json().value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("placement")).toString(),
                 QStringLiteral("byoc"));
        QVERIFY(req.json().contains(QStringLiteral("runner_version")));
        QCOMPARE(identity.token(), QStringLiteral("cfw_token_one_aaaaaaaa"));
        // 600 s on the server's clock, not 720 s on ours.
        QVERIFY2(std::abs(identity.rotationDelayMs() - 600000) < 2000, qPrintable(QString::number(identity.rotationDelayMs())));
    }

    void rotatesWithTheSameNonceAndCurrentToken()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_one_aaaaaaaa"), 0, 900));
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_two_bbbbbbbb"), 600, 900));
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QTRY_COMPARE_WITH_TIMEOUT(acquired.size(), 2, 5000); // refresh_after is now: rotation follows at once
        QCOMPARE(peer.requests().size(), 2);
        const auto &rotate = peer.requests()[1];
        QCOMPARE(rotate.path, QByteArray("/v1/runner/identity/rotate"));
        QCOMPARE(rotate.headers.value("authorization"), QByteArray("Bearer cfw_token_one_aaaaaaaa"));
        QCOMPARE(rotate.json().value(QStringLiteral("process_nonce")).toString(), identity.processNonce());
        QCOMPARE(identity.token(), QStringLiteral("cfw_token_two_bbbbbbbb"));
    }

    void expiredTokenReexchangesWithTheSameNonce()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_one_aaaaaaaa"), 600, 900));
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_two_bbbbbbbb"), 600, 900));
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        const quint64 serial = identity.tokenSerial();

        ApiError expired;
        expired.kind = ApiError::Kind::Http;
        expired.httpStatus = 401;
        expired.code = QStringLiteral("token_expired");
        // An answer for an older token is ignored: no second exchange for it.
        identity.handleUnauthorized(expired, serial - 1);
        QTest::qWait(100);
        QCOMPARE(peer.requests().size(), 1);

        identity.handleUnauthorized(expired, serial);
        QVERIFY(!identity.hasToken());
        QVERIFY(acquired.wait(5000));
        QCOMPARE(peer.requests().size(), 2);
        QCOMPARE(peer.requests()[1].path, QByteArray("/v1/runner/identity"));
        QCOMPARE(peer.requests()[1].headers.value("authorization"), "Bearer " + Bootstrap.toUtf8());
        QCOMPARE(peer.requests()[1].json().value(QStringLiteral("process_nonce")),
                 peer.requests()[0].json().value(QStringLiteral("process_nonce")));
        QCOMPARE(identity.token(), QStringLiteral("cfw_token_two_bbbbbbbb"));
    }

    void fatalAnswers_data()
    {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("phrase");
        QTest::newRow("revoked") << QStringLiteral("credential_revoked") << QStringLiteral("disconnected");
        QTest::newRow("clone") << QStringLiteral("generation_revoked") << QStringLiteral("Two Runner processes");
        QTest::newRow("unknown credential") << QStringLiteral("invalid_credential") << QStringLiteral("does not recognise");
    }

    void fatalAnswers()
    {
        QFETCH(QString, code);
        QFETCH(QString, phrase);
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        peer.enqueueError(401, QStringLiteral("unauthenticated"), code);
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy fatal(&identity, &WorkloadIdentity::fatal);
        identity.exchange();
        QVERIFY(fatal.wait(5000));
        QCOMPARE(fatal.first().at(0).value<ApiError>().code, code);
        QVERIFY2(fatal.first().at(1).toString().contains(phrase), qPrintable(fatal.first().at(1).toString()));
        QVERIFY(!fatal.first().at(1).toString().contains(Bootstrap));
        QCOMPARE(peer.requests().size(), 1); // never retried
    }

    void malformedGrantIsRetriedNotTrusted()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        QJsonObject bad = testGrant(clock.now(), QStringLiteral("cfw_token_one_aaaaaaaa"), 600, 900);
        bad.insert(QStringLiteral("runner_generation"), QStringLiteral("three"));
        peer.enqueueJson(200, bad);
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_two_bbbbbbbb"), 600, 900));
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy trouble(&identity, &WorkloadIdentity::connectionTrouble);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        QCOMPARE(trouble.size(), 1);
        const ApiError e = trouble.first().first().value<ApiError>();
        QCOMPARE(e.kind, ApiError::Kind::Protocol);
        QVERIFY2(e.message.contains(QStringLiteral("runner_generation")), qPrintable(e.message));
        QCOMPARE(identity.token(), QStringLiteral("cfw_token_two_bbbbbbbb"));
    }

    void signOffDeletesWithTheWorkloadToken()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        peer.enqueueJson(200, testGrant(clock.now(), QStringLiteral("cfw_token_one_aaaaaaaa"), 600, 900));
        peer.enqueueJson(200, {});
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        QSignalSpy signedOff(&identity, &WorkloadIdentity::signedOff);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        identity.signOff();
        QVERIFY(signedOff.wait(5000));
        QCOMPARE(peer.requests().size(), 2);
        QCOMPARE(peer.requests()[1].method, QByteArray("DELETE"));
        QCOMPARE(peer.requests()[1].path, QByteArray("/v1/runner/identity"));
        QCOMPARE(peer.requests()[1].headers.value("authorization"), QByteArray("Bearer cfw_token_one_aaaaaaaa"));
        QVERIFY(!identity.hasToken());
    }
};

QTEST_GUILESS_MAIN(TestWorkloadIdentity)
#include "tst_workloadidentity.moc"
