// Heartbeats (§4) against a scripted control plane: at once and then on the server's interval (kept
// within sane bounds), backed off on failure with the fake clock's jitter and Retry-After, the
// directives of an answer, the status and slots reported, a revoked credential, and a clean stop.
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/presence/PresenceReporter.h>
#include <runnercore/transport/ApiClient.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>

#include <climits>

using namespace runnercore;

namespace {
const QString Token = QStringLiteral("cfw_presence_test_token");
const QString RunA = QStringLiteral("run_0123456789abcdef0123456789abcdef");

FaultyHttpPeer::Response accepted(const QJsonValue &directives = QJsonArray {})
{
    return FaultyHttpPeer::jsonAnswer(
        200, { { QStringLiteral("presence_ttl_seconds"), 30 }, { QStringLiteral("directives"), directives } });
}

QJsonObject directive(const char *type)
{
    return { { QStringLiteral("type"), QLatin1String(type) } };
}
} // namespace

class TestPresenceReporter : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { qRegisterMetaType<ApiError>(); }

    void init()
    {
        m_answers.clear();
        m_presences.clear();
        m_clock = std::make_unique<FakeClock>();
        m_peer = std::make_unique<FaultyHttpPeer>();
        QVERIFY(m_peer->listen());
        m_peer->setHandler([this](const FaultyHttpPeer::Request &r) {
            if (r.path == "/v1/runner/identity")
                return FaultyHttpPeer::jsonAnswer(200, testGrant(m_clock->now(), Token));
            if (r.path != "/v1/runner/presence")
                return FaultyHttpPeer::jsonAnswer(404, {});
            m_presences << r;
            return m_answers.isEmpty() ? accepted() : m_answers.takeFirst();
        });
        m_api = std::make_unique<ApiClient>(m_peer->url(), *m_clock);
        m_identity = std::make_unique<WorkloadIdentity>(*m_api, *m_clock);
        m_identity->setBootstrapCredential(QStringLiteral("cfb_presence_bootstrap_0001"));
        QSignalSpy acquired(m_identity.get(), &WorkloadIdentity::acquired);
        m_identity->exchange();
        QVERIFY(acquired.wait(5000));
        m_presence = std::make_unique<PresenceReporter>(*m_api, *m_identity, *m_clock);
    }

    void cleanup()
    {
        m_presence.reset();
        m_identity.reset();
        m_api.reset();
        m_peer.reset();
    }

    // The first heartbeat goes at once (§4), a PUT with the workload token and its own
    // Idempotency-Key; the next one follows on the server's interval, with a key of its own.
    void firstHeartbeatAtOnceThenOnTheServersInterval()
    {
        m_presence->setInterval(1);
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        QElapsedTimer sinceFirst;
        m_presence->start();
        QVERIFY(m_presence->isRunning());
        QVERIFY(accepted.wait(5000));
        sinceFirst.start();
        QCOMPARE(m_presences.size(), 1);
        const FaultyHttpPeer::Request first = m_presences.first();
        QCOMPARE(first.method, QByteArray("PUT"));
        QCOMPARE(first.headers.value("authorization"), "Bearer " + Token.toUtf8());
        QVERIFY(!first.headers.value("idempotency-key").isEmpty());

        QVERIFY(accepted.wait(5000));
        QVERIFY2(sinceFirst.elapsed() >= 900, qPrintable(QString::number(sinceFirst.elapsed())));
        QCOMPARE(m_presences.size(), 2);
        QCOMPARE(m_presences[1].json(), first.json()); // nothing changed: the same report
        QVERIFY(m_presences[1].headers.value("idempotency-key") != first.headers.value("idempotency-key"));
    }

    // heartbeat_interval_seconds from the server is kept within [1 s, 1 h]: nonsense neither makes
    // the Runner hammer the server nor fall silent.
    void theIntervalIsKeptWithinBounds_data()
    {
        QTest::addColumn<int>("seconds");
        QTest::addColumn<int>("intervalMs");
        QTest::newRow("0") << 0 << 1000;
        QTest::newRow("negative") << -5 << 1000;
        QTest::newRow("INT_MIN") << INT_MIN << 1000;
        QTest::newRow("10") << 10 << 10000;
        QTest::newRow("1 h") << 3600 << 3600000;
        QTest::newRow("a day") << 86400 << PresenceReporter::MaxIntervalSeconds * 1000;
        QTest::newRow("INT_MAX") << INT_MAX << PresenceReporter::MaxIntervalSeconds * 1000;
    }

    void theIntervalIsKeptWithinBounds()
    {
        QFETCH(int, seconds);
        QFETCH(int, intervalMs);
        m_presence->setInterval(seconds);
        QCOMPARE(m_presence->intervalMs(), intervalMs);
    }

    // An interval of 0 from the server does not turn into a heartbeat storm.
    void aZeroIntervalDoesNotHammerTheServer()
    {
        m_presence->setInterval(0);
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(accepted.wait(5000));
        QTest::qWait(500);
        QCOMPARE(m_presences.size(), 1);
    }

    // A failed heartbeat is not retried as such: the next one comes on the §1 backoff (jitter from
    // the fake clock: 0.1 of 1 s, 2 s, 4 s), and after a success the backoff starts over.
    void aFailedHeartbeatIsBroughtForwardOnTheBackoff()
    {
        m_clock->setRandom(0.1);
        m_presence->setInterval(3600);
        for (int i = 0; i < 3; ++i)
            m_answers << FaultyHttpPeer::errorAnswer(503, QStringLiteral("unavailable"), QStringLiteral("unavailable"));
        QSignalSpy failed(m_presence.get(), &PresenceReporter::heartbeatFailed);
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(accepted.wait(10000));
        QList<int> delays;
        for (const QList<QVariant> &args : std::as_const(failed))
            delays << args.at(1).toInt();
        QCOMPARE(delays, QList<int>({ 100, 200, 400 }));
        QCOMPARE(m_presences.size(), 4);
        QCOMPARE(failed.first().first().value<ApiError>().httpStatus, 503);

        m_answers << FaultyHttpPeer::errorAnswer(503, QStringLiteral("unavailable"), QStringLiteral("unavailable"));
        m_presence->setStatus(PresenceReporter::Status::Draining); // a status change beats at once
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.last().at(1).toInt(), 100);
    }

    // The backoff never delays a heartbeat past the next regular one (§4).
    void theBackoffNeverWaitsLongerThanTheInterval()
    {
        m_clock->setRandom(0.9);
        m_presence->setInterval(1);
        for (int i = 0; i < 2; ++i)
            m_answers << FaultyHttpPeer::errorAnswer(502, QStringLiteral("unavailable"), QStringLiteral("bad_gateway"));
        QSignalSpy failed(m_presence.get(), &PresenceReporter::heartbeatFailed);
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(accepted.wait(10000));
        QList<int> delays;
        for (const QList<QVariant> &args : std::as_const(failed))
            delays << args.at(1).toInt();
        QCOMPARE(delays, QList<int>({ 900, 1000 })); // not 1800
    }

    // A server's Retry-After wins, even over the interval; retryNow() (a wake, a network change)
    // does not jump it while it holds on the clock, and beats at once when it has passed.
    void retryAfterHoldsUntilItHasPassedOnTheClock()
    {
        m_presence->setInterval(1);
        FaultyHttpPeer::Response busy
            = FaultyHttpPeer::errorAnswer(503, QStringLiteral("unavailable"), QStringLiteral("unavailable"));
        busy.headers.append(qMakePair(QByteArray("Retry-After"), QByteArray("120")));
        m_answers << busy;
        QSignalSpy failed(m_presence.get(), &PresenceReporter::heartbeatFailed);
        m_presence->start();
        QVERIFY(failed.wait(5000));
        QCOMPARE(failed.first().at(1).toInt(), 120000);
        m_clock->advance(60000);
        m_presence->retryNow();
        QTest::qWait(300);
        QCOMPARE(m_presences.size(), 1);
        m_clock->advance(60001);
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->retryNow();
        QVERIFY(accepted.wait(5000));
        QCOMPARE(m_presences.size(), 2);
    }

    // drain and resume from the dashboard (§4) are passed on, in order; others are ignored.
    void drainAndResumeDirectivesArePassedOn()
    {
        m_answers << accepted(QJsonArray { directive("drain"), directive("reboot"), directive("resume") });
        QSignalSpy directives(m_presence.get(), &PresenceReporter::directive);
        QSignalSpy acceptedSpy(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(acceptedSpy.wait(5000));
        QCOMPARE(directives.size(), 2);
        QCOMPARE(directives[0].first().toString(), QStringLiteral("drain"));
        QCOMPARE(directives[1].first().toString(), QStringLiteral("resume"));
    }

    // An answer whose directives are not a list is still an accepted heartbeat; nothing is acted on.
    void malformedDirectivesAreIgnored_data()
    {
        QTest::addColumn<QJsonValue>("directives");
        QTest::newRow("a string") << QJsonValue(QStringLiteral("drain"));
        QTest::newRow("an object") << QJsonValue(directive("drain"));
        QTest::newRow("null") << QJsonValue(QJsonValue::Null);
        QTest::newRow("entries without a type")
            << QJsonValue(QJsonArray { 1, QStringLiteral("drain"), QJsonObject {} });
    }

    void malformedDirectivesAreIgnored()
    {
        QFETCH(QJsonValue, directives);
        m_answers << accepted(directives);
        QSignalSpy directiveSpy(m_presence.get(), &PresenceReporter::directive);
        QSignalSpy failed(m_presence.get(), &PresenceReporter::heartbeatFailed);
        QSignalSpy acceptedSpy(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(acceptedSpy.wait(5000));
        QCOMPARE(directiveSpy.size(), 0);
        QCOMPARE(failed.size(), 0);
    }

    // What the heartbeat says (§4): ready with its slots and active runs, at once on every change
    // (busy, draining, stopping), the advertisement; an unchanged state sends nothing extra.
    void itReportsItsStatusAndSlots()
    {
        m_presence->setInterval(3600);
        const QJsonObject advertisement { { QStringLiteral("placement"), QStringLiteral("byoc") } };
        m_presence->setAdvertisementSource([advertisement] { return advertisement; });
        m_presence->setSlots(2, 0, {});
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QVERIFY(accepted.wait(5000));
        QJsonObject body = m_presences.last().json();
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
        QCOMPARE(body.value(QStringLiteral("slots")).toObject(),
            QJsonObject({ { QStringLiteral("total"), 2 }, { QStringLiteral("busy"), 0 } }));
        QCOMPARE(body.value(QStringLiteral("active_runs")).toArray(), QJsonArray());
        QCOMPARE(body.value(QStringLiteral("advertisement")).toObject(), advertisement);

        m_presence->setSlots(2, 1, { RunA });
        QVERIFY(accepted.wait(5000));
        body = m_presences.last().json();
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("ready"));
        QCOMPARE(body.value(QStringLiteral("slots")).toObject().value(QStringLiteral("busy")).toInt(), 1);
        QCOMPARE(body.value(QStringLiteral("active_runs")).toArray(), QJsonArray { RunA });

        m_presence->setStatus(PresenceReporter::Status::Draining);
        QVERIFY(accepted.wait(5000));
        QCOMPARE(m_presences.last().json().value(QStringLiteral("status")).toString(), QStringLiteral("draining"));
        QCOMPARE(m_presence->status(), PresenceReporter::Status::Draining);

        m_presence->setStatus(PresenceReporter::Status::Stopping);
        QVERIFY(accepted.wait(5000));
        QCOMPARE(m_presences.last().json().value(QStringLiteral("status")).toString(), QStringLiteral("stopping"));

        const qsizetype sent = m_presences.size();
        m_presence->setStatus(PresenceReporter::Status::Stopping);
        m_presence->setSlots(2, 1, { RunA });
        QTest::qWait(300);
        QCOMPARE(m_presences.size(), sent);
    }

    // A change while a heartbeat is out is sent right after its answer, with the newest state.
    void aChangeDuringAHeartbeatFollowsItsAnswer()
    {
        m_presence->setInterval(3600);
        FaultyHttpPeer::Response slow = accepted();
        slow.delayMs = 300;
        m_answers << slow;
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        m_presence->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_presences.size(), 1, 5000);
        m_presence->setSlots(1, 1, { RunA });
        m_presence->setStatus(PresenceReporter::Status::Draining);
        QTRY_COMPARE_WITH_TIMEOUT(accepted.size(), 2, 5000);
        QCOMPARE(m_presences.size(), 2);
        const QJsonObject body = m_presences.last().json();
        QCOMPARE(body.value(QStringLiteral("status")).toString(), QStringLiteral("draining"));
        QCOMPARE(body.value(QStringLiteral("active_runs")).toArray(), QJsonArray { RunA });
    }

    // A revoked credential (401 credential_revoked) ends the identity; no heartbeat follows.
    void aRevokedCredentialEndsTheHeartbeats()
    {
        m_presence->setInterval(1);
        m_answers << FaultyHttpPeer::errorAnswer(
            401, QStringLiteral("authentication_error"), QStringLiteral("credential_revoked"));
        QSignalSpy fatal(m_identity.get(), &WorkloadIdentity::fatal);
        m_presence->start();
        QVERIFY(fatal.wait(5000));
        QCOMPARE(fatal.first().first().value<ApiError>().code, QStringLiteral("credential_revoked"));
        m_presence->setStatus(PresenceReporter::Status::Draining);
        m_presence->beatNow();
        QTest::qWait(1200); // past the interval
        QCOMPARE(m_presences.size(), 1);
    }

    // stop() ends the heartbeats at once: the one in flight is dropped without a report, nothing
    // more is sent (not on the interval, not on a change), and start() begins again.
    void itStopsCleanly()
    {
        m_presence->setInterval(1);
        FaultyHttpPeer::Response slow = accepted();
        slow.delayMs = 300;
        m_answers << slow;
        QSignalSpy accepted(m_presence.get(), &PresenceReporter::heartbeatAccepted);
        QSignalSpy failed(m_presence.get(), &PresenceReporter::heartbeatFailed);
        m_presence->start();
        QTRY_COMPARE_WITH_TIMEOUT(m_presences.size(), 1, 5000);
        m_presence->stop();
        QVERIFY(!m_presence->isRunning());
        m_presence->setStatus(PresenceReporter::Status::Draining);
        m_presence->setSlots(1, 1, { RunA });
        m_presence->beatNow();
        m_presence->retryNow();
        QTest::qWait(1200); // past the answer and the interval
        QCOMPARE(m_presences.size(), 1);
        QCOMPARE(accepted.size(), 0);
        QCOMPARE(failed.size(), 0);

        m_presence->start();
        QVERIFY(accepted.wait(5000));
        QCOMPARE(m_presences.size(), 2);
        QCOMPARE(m_presences.last().json().value(QStringLiteral("status")).toString(), QStringLiteral("draining"));
        m_presence->stop();
    }

private:
    std::unique_ptr<FakeClock> m_clock;
    std::unique_ptr<FaultyHttpPeer> m_peer;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<WorkloadIdentity> m_identity;
    std::unique_ptr<PresenceReporter> m_presence;
    QList<FaultyHttpPeer::Response> m_answers;
    QList<FaultyHttpPeer::Request> m_presences;
};

QTEST_GUILESS_MAIN(TestPresenceReporter)
#include "tst_presencereporter.moc"
