// Workload identity (§3) against a scripted peer and a fake clock: exchange, rotation timing on
// the server's clock, re-exchange with the same nonce, fatal answers, malformed grants, sign-off.
#include "ApiClient.h"
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "Logging.h"
#include "SecretMasker.h"
#include "TestGrant.h"
#include "WireTime.h"
#include "WorkloadIdentity.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

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

    void rotatedOutTokensLeaveTheMaskerAfterTheOverlap()
    {
        // Weeks of rotations must not grow the masker's set: the current token and the one just
        // rotated out (still usable for 60 s, §3) are masked, older ones are forgotten.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        const QDateTime t0 = QDateTime::currentDateTimeUtc();
        FakeClock clock(t0);
        constexpr int Rotations = 8;
        QStringList tokens;
        for (int k = 0; k <= Rotations; ++k) {
            tokens << QStringLiteral("cfw_rotation_%1_0123456789abcdef").arg(k);
            const QDateTime issued = t0.addSecs(600LL * k);
            peer.enqueueJson(
                200, testGrant(issued, tokens.last(), 600, 900), { { "Date", FaultyHttpPeer::httpDate(issued) } });
        }
        SecretMasker &masker = Logging::masker();
        const auto heldTokens = [&] {
            return int(std::count_if(tokens.begin(), tokens.end(), [&](const QString &t) { return masker.holds(t); }));
        };
        ApiClient api(peer.url(), clock);
        {
            WorkloadIdentity identity(api, clock);
            identity.setBootstrapCredential(Bootstrap);
            const int baseline = masker.secretCount();
            QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
            identity.exchange();
            QVERIFY(acquired.wait(5000));
            QCOMPARE(heldTokens(), 1);
            for (int k = 1; k <= Rotations; ++k) {
                clock.advance(600LL * 1000); // refresh_after reached
                identity.checkNow();
                QTRY_COMPARE_WITH_TIMEOUT(acquired.size(), k + 1, 5000);
                QCOMPARE(identity.token(), tokens[k]);
                // The token just rotated out is still masked during its overlap, encodings included...
                QVERIFY(masker.holds(tokens[k - 1]));
                QCOMPARE(masker.mask(QString::fromLatin1(tokens[k - 1].toUtf8().toBase64())), QStringLiteral("***"));
                // ...the ones before it are gone: two tokens, however many rotations.
                QCOMPARE(heldTokens(), 2);
                QVERIFY(masker.secretCount() <= baseline + 2);
            }
            // Still masked within the overlap, forgotten after it (plus the margin for calls in flight).
            clock.advance(WorkloadIdentity::RotationOverlapMs);
            identity.checkNow();
            QVERIFY(masker.holds(tokens[Rotations - 1]));
            clock.advance(WorkloadIdentity::RetiredTokenMaskMs - WorkloadIdentity::RotationOverlapMs + 1000);
            identity.checkNow();
            QVERIFY(!masker.holds(tokens[Rotations - 1]));
            QVERIFY(masker.holds(tokens[Rotations]));
            QCOMPARE(masker.mask(QString::fromLatin1(tokens[Rotations].toUtf8().toBase64())), QStringLiteral("***"));
        }
        QCOMPARE(heldTokens(), 0);
    }

    void aReplacedTokenIsForgottenNoLaterThanItsExpiry()
    {
        // A token dropped after token_expired is dead: it leaves the set at once, not after 90 s.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        const QDateTime t0 = QDateTime::currentDateTimeUtc();
        FakeClock clock(t0);
        const QString first = QStringLiteral("cfw_expiring_one_0123456789abcdef");
        const QString second = QStringLiteral("cfw_expiring_two_0123456789abcdef");
        peer.enqueueJson(200, testGrant(t0, first, 600, 900), { { "Date", FaultyHttpPeer::httpDate(t0) } });
        const QDateTime later = t0.addSecs(1000);
        peer.enqueueJson(200, testGrant(later, second, 600, 900), { { "Date", FaultyHttpPeer::httpDate(later) } });
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        clock.set(later); // the machine slept past expires_at
        identity.checkNow(); // expired: exchange again
        QTRY_COMPARE_WITH_TIMEOUT(acquired.size(), 2, 5000);
        QCOMPARE(identity.token(), second);
        QVERIFY(!Logging::masker().holds(first));
        QVERIFY(Logging::masker().holds(second));
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
