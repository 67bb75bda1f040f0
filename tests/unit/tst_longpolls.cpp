// The two long polls (§6.1 claims, §6.4 control) against a scripted control plane: how long they
// ask the server to hold them, and the control poll's fallback when a server refuses that wait.
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/work/ClaimLoop.h>
#include <runnercore/work/ControlChannel.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTest>
#include <QUrlQuery>

using namespace runnercore;

namespace {
const QString Token = QStringLiteral("cfw_long_poll_test_token");

int waitOf(const FaultyHttpPeer::Request &r)
{
    const QByteArray path = r.path;
    const int q = path.indexOf('?');
    return QUrlQuery(QString::fromLatin1(q < 0 ? QByteArray() : path.mid(q + 1)))
        .queryItemValue(QStringLiteral("wait_seconds"))
        .toInt();
}

QString afterOf(const FaultyHttpPeer::Request &r)
{
    const int q = r.path.indexOf('?');
    return QUrlQuery(QString::fromLatin1(r.path.mid(q + 1))).queryItemValue(QStringLiteral("after"));
}

QJsonObject invalidField(const QString &message)
{
    return { { QStringLiteral("error"),
        QJsonObject { { QStringLiteral("type"), QStringLiteral("invalid_request") },
            { QStringLiteral("code"), QStringLiteral("invalid_field") }, { QStringLiteral("message"), message },
            { QStringLiteral("request_id"), QStringLiteral("req_1") } } } };
}

QList<FaultyHttpPeer::Request> controlPolls(const FaultyHttpPeer &peer)
{
    QList<FaultyHttpPeer::Request> polls;
    for (const auto &r : peer.requests())
        if (r.path.startsWith("/v1/runner/control"))
            polls << r;
    return polls;
}
} // namespace

class TestLongPolls : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        qRegisterMetaType<IdentityGrant>();
        qRegisterMetaType<ApiError>();
    }

    void init()
    {
        m_peer = std::make_unique<FaultyHttpPeer>();
        QVERIFY(m_peer->listen());
        m_api = std::make_unique<ApiClient>(m_peer->url(), m_clock);
        m_identity = std::make_unique<WorkloadIdentity>(*m_api, m_clock);
        m_identity->setBootstrapCredential(QStringLiteral("cfb_long_poll_bootstrap_0001"));
        m_peer->enqueueJson(200, testGrant(m_clock.now(), Token));
        QSignalSpy acquired(m_identity.get(), &WorkloadIdentity::acquired);
        m_identity->exchange();
        QVERIFY(acquired.wait(5000));
        m_peer->clearRequests();
    }

    void cleanup()
    {
        m_identity.reset();
        m_api.reset();
        m_peer.reset();
    }

    // A laptop wakes: the heartbeat's 401 renews the token while a claim with the old one is
    // still out. That claim's own 401 arrives after the renewal (whose acquired() found the loop
    // busy): it must go again at once with the new token, not wait for an acquired() that came.
    void aClaimRefusedForAReplacedTokenGoesAgainWithTheNewOne_data()
    {
        QTest::addColumn<bool>("control");
        QTest::newRow("claims") << false;
        QTest::newRow("control") << true;
    }

    void aClaimRefusedForAReplacedTokenGoesAgainWithTheNewOne()
    {
        QFETCH(bool, control);
        const QByteArray path = control ? "/v1/runner/control" : "/v1/runner/claims";
        const QString renewed = QStringLiteral("cfw_long_poll_renewed_token");
        m_peer->setHandler([&](const FaultyHttpPeer::Request &r) {
            if (r.path == "/v1/runner/identity")
                return FaultyHttpPeer::jsonAnswer(200, testGrant(m_clock.now(), renewed));
            if (r.headers.value("authorization") == "Bearer " + Token.toUtf8())
                return FaultyHttpPeer::jsonAnswer(401,
                    { { QStringLiteral("error"),
                        QJsonObject { { QStringLiteral("type"), QStringLiteral("authentication_error") },
                            { QStringLiteral("code"), QStringLiteral("invalid_credential") },
                            { QStringLiteral("message"), QStringLiteral("unknown token") },
                            { QStringLiteral("request_id"), QStringLiteral("req_2") } } } },
                    700); // answered after the renewal below
            FaultyHttpPeer::Response held;
            held.status = 204;
            held.delayMs = 5000;
            return held;
        });
        ClaimLoop claims(*m_api, *m_identity, m_clock);
        ControlChannel channel(*m_api, *m_identity, m_clock);
        // As the Runner wires them: a new token pokes both loops.
        connect(m_identity.get(), &WorkloadIdentity::acquired, &claims, &ClaimLoop::poke);
        connect(m_identity.get(), &WorkloadIdentity::acquired, &channel, &ControlChannel::poke);
        if (control) {
            channel.start();
        } else {
            claims.setFreeSlots([] { return 1; });
            claims.setEnabled(true);
        }
        auto sent = [&](const QString &token) {
            int n = 0;
            for (const auto &r : m_peer->requests())
                n += r.path.startsWith(path) && r.headers.value("authorization") == "Bearer " + token.toUtf8();
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(sent(Token), 1, 5000);
        // The heartbeat's 401 (simulated): the identity exchanges again while the poll is out.
        QSignalSpy acquired(m_identity.get(), &WorkloadIdentity::acquired);
        ApiError heartbeat401;
        heartbeat401.kind = ApiError::Kind::Http;
        heartbeat401.httpStatus = 401;
        heartbeat401.code = QStringLiteral("invalid_credential");
        m_identity->handleUnauthorized(heartbeat401, m_identity->tokenSerial());
        QVERIFY(acquired.wait(5000));
        QCOMPARE(m_identity->token(), renewed);
        QTRY_COMPARE_WITH_TIMEOUT(sent(renewed), 1, 5000);
    }

    // An idle Runner is woken by each answered wait: it asks for 50 s, inside §6.1's 0-60.
    void claimAsksForFiftySeconds()
    {
        m_peer->setHandler([](const FaultyHttpPeer::Request &) {
            FaultyHttpPeer::Response empty;
            empty.status = 204;
            empty.delayMs = 5000; // held like a long poll
            return empty;
        });
        ClaimLoop claims(*m_api, *m_identity, m_clock);
        claims.setFreeSlots([] { return 2; });
        claims.setEnabled(true);
        QTRY_COMPARE_WITH_TIMEOUT(m_peer->requests().size(), 1, 5000);
        const QJsonObject body = m_peer->requests().first().json();
        QCOMPARE(body.value(QStringLiteral("wait_seconds")).toInt(), 50);
        QCOMPARE(body.value(QStringLiteral("free_slots")).toInt(), 2);
        QCOMPARE(m_peer->requests().first().headers.value("authorization"), "Bearer " + Token.toUtf8());
    }

    // A server that holds 50 s keeps being asked for 50 s, and its directives arrive.
    void controlAsksForFiftySeconds()
    {
        int polls = 0;
        m_peer->setHandler([&polls](const FaultyHttpPeer::Request &) {
            ++polls;
            if (polls == 1)
                return FaultyHttpPeer::jsonAnswer(200,
                    { { QStringLiteral("cursor"), QStringLiteral("c1") },
                        { QStringLiteral("directives"),
                            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("drain") } } } } });
            return FaultyHttpPeer::jsonAnswer(200,
                { { QStringLiteral("cursor"), QStringLiteral("c1") }, { QStringLiteral("directives"), QJsonArray {} } },
                5000);
        });
        ControlChannel control(*m_api, *m_identity, m_clock);
        QSignalSpy drain(&control, &ControlChannel::drain);
        control.start();
        QVERIFY(drain.wait(5000));
        QTRY_COMPARE_WITH_TIMEOUT(controlPolls(*m_peer).size(), 2, 5000);
        const auto sent = controlPolls(*m_peer);
        QCOMPARE(waitOf(sent[0]), 50);
        QCOMPARE(waitOf(sent[1]), 50);
        QCOMPARE(afterOf(sent[1]), QStringLiteral("c1"));
        QCOMPARE(control.waitSeconds(), 50);
    }

    // §6.4 gives no range: a server that refuses 50 s gets the spec's own 25 s at once, from then
    // on, and no directive is lost on the way.
    void controlFallsBackWhenTheWaitIsRefused()
    {
        m_peer->setHandler([](const FaultyHttpPeer::Request &r) {
            if (waitOf(r) > 30)
                return FaultyHttpPeer::jsonAnswer(400, invalidField(QStringLiteral("wait_seconds must be 0-30")));
            if (afterOf(r).isEmpty())
                return FaultyHttpPeer::jsonAnswer(200,
                    { { QStringLiteral("cursor"), QStringLiteral("c1") },
                        { QStringLiteral("directives"),
                            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("cancel") },
                                { QStringLiteral("run_id"), QStringLiteral("run_1") } } } } });
            return FaultyHttpPeer::jsonAnswer(200,
                { { QStringLiteral("cursor"), QStringLiteral("c1") }, { QStringLiteral("directives"), QJsonArray {} } },
                5000);
        });
        ControlChannel control(*m_api, *m_identity, m_clock);
        QSignalSpy cancel(&control, &ControlChannel::cancelRun);
        control.start();
        QVERIFY(cancel.wait(5000));
        QCOMPARE(cancel.first().at(0).toString(), QStringLiteral("run_1"));
        QTRY_COMPARE_WITH_TIMEOUT(controlPolls(*m_peer).size(), 3, 5000);
        const auto sent = controlPolls(*m_peer);
        QCOMPARE(waitOf(sent[0]), 50);
        QCOMPARE(waitOf(sent[1]), 25);
        QCOMPARE(waitOf(sent[2]), 25);
        QCOMPARE(afterOf(sent[2]), QStringLiteral("c1"));
        QCOMPARE(control.waitSeconds(), 25);
    }

    // Any other refusal is not about the wait: backed off as before, the wait unchanged.
    void otherRefusalsKeepTheWait()
    {
        m_peer->setHandler([](const FaultyHttpPeer::Request &) {
            QJsonObject body = invalidField(QStringLiteral("bad version"));
            QJsonObject error = body.value(QStringLiteral("error")).toObject();
            error.insert(QStringLiteral("code"), QStringLiteral("unsupported_version"));
            body.insert(QStringLiteral("error"), error);
            return FaultyHttpPeer::jsonAnswer(400, body);
        });
        ControlChannel control(*m_api, *m_identity, m_clock);
        control.start();
        QTRY_VERIFY_WITH_TIMEOUT(controlPolls(*m_peer).size() >= 2, 10000);
        for (const auto &r : controlPolls(*m_peer))
            QCOMPARE(waitOf(r), 50);
        QCOMPARE(control.waitSeconds(), 50);
        control.stop();
    }

private:
    FakeClock m_clock; // random() = 0: a backoff retries at once
    std::unique_ptr<FaultyHttpPeer> m_peer;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<WorkloadIdentity> m_identity;
};

QTEST_GUILESS_MAIN(TestLongPolls)
#include "tst_longpolls.moc"
