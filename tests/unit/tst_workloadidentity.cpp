// Workload identity (§3) against a scripted peer and a fake clock: exchange, rotation timing on
// the server's clock, re-exchange with the same nonce, fatal answers, malformed grants, sign-off.
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include <runnercore/base/Clock.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/WireTime.h>

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTest>

#include <algorithm>

using namespace runnercore;

namespace {
const QString Bootstrap = QStringLiteral("cfb_bootstrap_credential_for_tests_0001");

QString problemOf(const std::variant<IdentityGrant, QString> &parsed)
{
    return std::holds_alternative<QString>(parsed) ? std::get<QString>(parsed) : QString();
}
} // namespace

class TestWorkloadIdentity : public QObject
{
    Q_OBJECT

private slots:
    // The Session's page lies beneath links.approval; without that template, the dashboard.
    void sessionLinkFromTheApprovalLink()
    {
        IdentityGrant grant;
        QCOMPARE(grant.sessionLink(QStringLiteral("sess_1")), QString());
        grant.dashboardLink = QStringLiteral("https://cp.example.test/dashboard");
        QCOMPARE(grant.sessionLink(QStringLiteral("sess_1")), grant.dashboardLink);
        grant.approvalLinkTemplate
            = QStringLiteral("https://cp.example.test/sessions/{session_id}/approvals/{approval_id}");
        QCOMPARE(
            grant.sessionLink(QStringLiteral("sess_1")), QStringLiteral("https://cp.example.test/sessions/sess_1"));
        // An id is one path segment, whatever the server sent.
        QCOMPARE(grant.sessionLink(QStringLiteral("a/../b?c")),
            QStringLiteral("https://cp.example.test/sessions/a%2F..%2Fb%3Fc"));
        QCOMPARE(grant.sessionLink(QString()), grant.dashboardLink);
    }

    void initTestCase()
    {
        qRegisterMetaType<IdentityGrant>();
        qRegisterMetaType<ApiError>();
    }

    // Issue 13 item 7: a grant's numbers at the wire's edges, as bytes. Each is refused naming the field,
    // so no interval or TTL reaches a timer unbounded (heartbeat 1..3600 s, presence TTL 1..86400 s).
    void grantNumbersAtTheWiresEdges_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QByteArray>("literal");
        QTest::addColumn<QString>("error"); // empty: accepted
        for (const char *field : { "heartbeat_interval_seconds", "presence_ttl_seconds", "runner_generation" }) {
            const QString name = QLatin1String(field);
            for (const char *literal : { "9223372036854775807", "1e300", "-1e300", "-9223372036854775808" })
                QTest::newRow(qPrintable(name + QLatin1Char(' ') + QLatin1String(literal)))
                    << name << QByteArray(literal) << QStringLiteral("field '%1' is out of range").arg(name);
            QTest::newRow(qPrintable(name + QStringLiteral(" -0")))
                << name << QByteArray("-0") << QStringLiteral("field '%1' is out of range (0, expected 1 to").arg(name);
            QTest::newRow(qPrintable(name + QStringLiteral(" 2.5")))
                << name << QByteArray("2.5") << QStringLiteral("field '%1' has the wrong type").arg(name);
        }
        QTest::newRow("heartbeat 3600") << QStringLiteral("heartbeat_interval_seconds") << QByteArray("3600")
                                        << QString();
        QTest::newRow("heartbeat 3601") << QStringLiteral("heartbeat_interval_seconds") << QByteArray("3601")
                                        << QStringLiteral("field 'heartbeat_interval_seconds' is out of range (3601, "
                                                          "expected 1 to 3600)");
        QTest::newRow("presence ttl 86401") << QStringLiteral("presence_ttl_seconds") << QByteArray("86401")
                                            << QStringLiteral("field 'presence_ttl_seconds' is out of range (86401, "
                                                              "expected 1 to 86400)");
        QTest::newRow("generation INT_MAX")
            << QStringLiteral("runner_generation") << QByteArray("2147483647") << QString();
    }

    void grantNumbersAtTheWiresEdges()
    {
        QFETCH(QString, field);
        QFETCH(QByteArray, literal);
        QFETCH(QString, error);
        QJsonObject grant = testGrant(QDateTime::currentDateTimeUtc(), QStringLiteral("cfw_edge_token_aaaaaaaa"));
        grant[field] = 424242;
        QByteArray bytes = QJsonDocument(grant).toJson(QJsonDocument::Compact);
        QCOMPARE(bytes.count("424242"), 1);
        bytes.replace("424242", literal);
        const auto parsed = IdentityGrant::parse(QJsonDocument::fromJson(bytes).object());
        if (error.isEmpty()) {
            QVERIFY2(std::holds_alternative<IdentityGrant>(parsed), qPrintable(problemOf(parsed)));
            return;
        }
        QVERIFY(std::holds_alternative<QString>(parsed));
        QVERIFY2(std::get<QString>(parsed).startsWith(error), qPrintable(std::get<QString>(parsed)));
    }

    // Times at the edge of RFC 3339 (year 9999, year 0001) are read without overflow: the rotation waits
    // for a refresh_after far away (its timer is armed for at most a day) or happens at once for one long past.
    void grantTimesAtTheEdges()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock;
        QJsonObject farGrant = testGrant(clock.now(), QStringLiteral("cfw_far_token_aaaaaaaa"));
        farGrant[QStringLiteral("refresh_after")] = QStringLiteral("9999-12-31T23:59:58.999Z");
        farGrant[QStringLiteral("expires_at")] = QStringLiteral("9999-12-31T23:59:59.999Z");
        peer.enqueueJson(200, farGrant);
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        QVERIFY(identity.rotationDelayMs() > 7900LL * 365 * 24 * 3600 * 1000);
        QTest::qWait(300);
        QCOMPARE(peer.requests().size(), 1); // no rotation yet

        QJsonObject pastGrant = testGrant(clock.now(), QStringLiteral("cfw_past_token_bbbbbbbb"));
        pastGrant[QStringLiteral("refresh_after")] = QStringLiteral("0001-01-01T00:00:00Z");
        const auto parsed = IdentityGrant::parse(pastGrant);
        QVERIFY2(std::holds_alternative<IdentityGrant>(parsed), qPrintable(problemOf(parsed)));
        QCOMPARE(std::get<IdentityGrant>(parsed).refreshAfter.date().year(), 1);
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
        identity.setAdvertisementSource([] {
            return QJsonObject { { QStringLiteral("placement"), QStringLiteral("byoc") } };
        });
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
        QCOMPARE(
            req.json().value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("placement")).toString(),
            QStringLiteral("byoc"));
        QVERIFY(req.json().contains(QStringLiteral("runner_version")));
        QCOMPARE(identity.token(), QStringLiteral("cfw_token_one_aaaaaaaa"));
        // 600 s on the server's clock, not 720 s on ours.
        QVERIFY2(std::abs(identity.rotationDelayMs() - 600000) < 2000,
            qPrintable(QString::number(identity.rotationDelayMs())));
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
        QTest::newRow("unknown credential")
            << QStringLiteral("invalid_credential") << QStringLiteral("does not recognise");
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

    // Issue 21 item 5, on the fake clock: §3 rotates "at or after refresh_after" on the server's
    // clock. A server 1.5 s behind ours is within the Date header's resolution, so serverNow() takes
    // no skew; the rotation must still wait the whole 6 s of the server's clock, not 4.5.
    void rotationWaitsForRefreshAfterOnAServerClockBehindOurs()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        // .600 on our clock: the server's .100, which its Date header (whole seconds) shows as .000.
        QDateTime start = QDateTime::currentDateTimeUtc();
        start.setTime(QTime(start.time().hour(), start.time().minute(), start.time().second(), 600));
        FakeClock clock(start);
        const QDateTime serverNow = clock.now().addMSecs(-1500);
        peer.enqueueJson(200, testGrant(serverNow, QStringLiteral("cfw_token_one_aaaaaaaa"), 6, 9),
            { { "Date", FaultyHttpPeer::httpDate(serverNow) } });
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        QSignalSpy acquired(&identity, &WorkloadIdentity::acquired);
        identity.exchange();
        QVERIFY(acquired.wait(5000));
        QCOMPARE(api.clockSkewMs(), 0);
        QVERIFY2(identity.rotationDelayMs() >= 6000 && identity.rotationDelayMs() < 7600,
            qPrintable(QString::number(identity.rotationDelayMs())));
    }

    // The same on real timers and the real clock: three rotations in a row, each seen by the server
    // at or after the refresh_after it had given (a coarse timer fired up to 5 % early here).
    void rotationOnARealTimerNeverComesBeforeRefreshAfter()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        SystemClock clock;
        QList<QDateTime> given; // refresh_after of each grant, in order
        QList<QDateTime> rotatedAt; // when each rotation reached the server
        peer.setHandler([&](const FaultyHttpPeer::Request &request) {
            const QDateTime now = QDateTime::currentDateTimeUtc();
            if (request.path == "/v1/runner/identity/rotate")
                rotatedAt.append(now);
            const QDateTime refreshAfter = now.addMSecs(1200);
            given.append(refreshAfter);
            QJsonObject grant = testGrant(now, QStringLiteral("cfw_token_%1_aaaaaaaa").arg(given.size()), 1, 60);
            grant.insert(QStringLiteral("refresh_after"), WireTime::format(refreshAfter));
            grant.insert(QStringLiteral("expires_at"), WireTime::format(refreshAfter.addMSecs(3000)));
            return FaultyHttpPeer::jsonAnswer(200, grant);
        });
        ApiClient api(peer.url(), clock);
        WorkloadIdentity identity(api, clock);
        identity.setBootstrapCredential(Bootstrap);
        identity.exchange();
        QTRY_VERIFY_WITH_TIMEOUT(rotatedAt.size() >= 3, 15000);
        for (int i = 0; i < 3; ++i) {
            QVERIFY2(rotatedAt.at(i) >= given.at(i),
                qPrintable(QStringLiteral("rotation %1 came %2 ms before refresh_after")
                               .arg(i + 1)
                               .arg(rotatedAt.at(i).msecsTo(given.at(i)))));
        }
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
