// The observation pipeline (§6.3, §6.6) against a scripted control plane: ordering, batching,
// resend after failures, seq_gap, lease_lost, settlement after acknowledgement, the durable spool
// across a "crash", and the ZDR memory cap.
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include "TestGrant.h"
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/WireTime.h>
#include <runnercore/work/ObservationPipeline.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <climits>
#include <utility>

using namespace runnercore;

namespace {
const QString RunId = QStringLiteral("run_0123456789abcdef0123456789abcdef");
const QString ClaimId = QStringLiteral("clm_0123456789abcdef0123456789abcdef");

// A minimal control plane for one run: keeps events by seq, answers like §6.3/§6.6.
struct FakePlane
{
    QList<QJsonObject> events; // in seq order, deduplicated
    QList<int> batchSizes;
    QJsonObject settlement;
    int failNext = 0; // answer 503 to this many observation batches
    int gapOnce = 0; // answer seq_gap once, expecting this seq
    bool leaseLost = false;
    QByteArray ackedLiteral; // when set, the next answer's acked_through is these bytes
    int emptyBatches = 0;
    QByteArray badAck; // answer the next batch with this raw acked_through, keeping none of it

    FaultyHttpPeer::Response handle(const FaultyHttpPeer::Request &r, const QDateTime &now)
    {
        FaultyHttpPeer::Response out;
        out.headers = { { "Content-Type", "application/json" } };
        auto json = [&out](int status, const QJsonObject &o) {
            out.status = status;
            out.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
        };
        auto error = [&json](int status, const char *code, QJsonObject extra = {}) {
            extra.insert(QStringLiteral("type"), QStringLiteral("conflict"));
            extra.insert(QStringLiteral("code"), QLatin1String(code));
            extra.insert(QStringLiteral("message"), QLatin1String(code));
            json(status, { { QStringLiteral("error"), extra } });
        };
        if (r.path == "/v1/runner/identity") {
            json(200, testGrant(now, QStringLiteral("cfw_pipeline_test_token")));
        } else if (r.path.endsWith("/observations")) {
            if (leaseLost) {
                error(409, "lease_lost");
                return out;
            }
            if (failNext > 0) {
                --failNext;
                error(503, "unavailable");
                return out;
            }
            const QJsonArray batch = r.json().value(QStringLiteral("events")).toArray();
            if (!badAck.isEmpty() && !batch.isEmpty()) {
                out.status = 200;
                out.body = "{\"acked_through\":" + std::exchange(badAck, {}) + ",\"cancel_requested\":false}";
                return out;
            }
            batchSizes << int(batch.size());
            if (batch.isEmpty())
                ++emptyBatches;
            for (const QJsonValue &v : batch) {
                const QJsonObject e = v.toObject();
                const qint64 seq = e.value(QStringLiteral("seq")).toInteger();
                if (gapOnce && seq == events.size() + 1 && seq >= gapOnce) {
                    const qint64 expected = events.size() + 1;
                    gapOnce = 0;
                    error(409, "seq_gap", { { QStringLiteral("expected_seq"), expected } });
                    return out;
                }
                if (seq == events.size() + 1)
                    events << e;
                else if (seq > events.size() + 1) {
                    error(409, "seq_gap", { { QStringLiteral("expected_seq"), qint64(events.size() + 1) } });
                    return out;
                }
            }
            json(200,
                { { QStringLiteral("acked_through"), qint64(events.size()) },
                    { QStringLiteral("lease_expires_at"), WireTime::format(now.addSecs(60)) },
                    { QStringLiteral("cancel_requested"), false } });
            if (!ackedLiteral.isEmpty()) {
                out.body.replace(
                    "\"acked_through\":" + QByteArray::number(events.size()), "\"acked_through\":" + ackedLiteral);
                ackedLiteral.clear();
            }
        } else if (r.path.endsWith("/settle")) {
            const QJsonObject body = r.json();
            if (body.value(QStringLiteral("final_seq")).toInteger() > events.size()) {
                error(409, "unacked_events");
                return out;
            }
            settlement = body;
            json(200,
                { { QStringLiteral("settled"), true },
                    { QStringLiteral("outcome"), body.value(QStringLiteral("outcome")) } });
        } else {
            out.status = 404;
        }
        return out;
    }
};

struct Harness
{
    FaultyHttpPeer peer;
    FakeClock clock;
    SecretMasker masker;
    FakePlane plane;
    std::unique_ptr<ApiClient> api;
    std::unique_ptr<WorkloadIdentity> identity;

    bool setUp()
    {
        if (!peer.listen())
            return false;
        peer.setHandler([this](const FaultyHttpPeer::Request &r) { return plane.handle(r, clock.now()); });
        api = std::make_unique<ApiClient>(peer.url(), clock);
        identity = std::make_unique<WorkloadIdentity>(*api, clock);
        identity->setBootstrapCredential(QStringLiteral("cfb_pipeline_bootstrap"));
        QSignalSpy acquired(identity.get(), &WorkloadIdentity::acquired);
        identity->exchange();
        return acquired.wait(5000);
    }

    std::unique_ptr<ObservationPipeline> pipeline(const QString &root, bool durable, int leaseTtlSeconds = 60)
    {
        auto spool = std::make_unique<ObservationSpool>(root, RunId);
        ObservationSpool::Meta meta;
        meta.runId = RunId;
        meta.claimId = ClaimId;
        meta.durable = durable;
        meta.leaseTtlSeconds = leaseTtlSeconds;
        QString error;
        if (!spool->create(meta, &error))
            return nullptr;
        return std::make_unique<ObservationPipeline>(*api, *identity, clock, masker, std::move(spool));
    }
};
} // namespace

class TestObservationPipeline : public QObject
{
    Q_OBJECT
private slots:
    void everyEventOnceInOrderThenSettled()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        QVERIFY(p);
        h.plane.failNext = 2; // two failed deliveries on the way
        p->start();
        for (int i = 1; i <= 1500; ++i)
            p->append(
                QStringLiteral("output.stdout"), { { QStringLiteral("text"), QStringLiteral("line %1\n").arg(i) } });
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->settle({ QStringLiteral("succeeded"), QString(), 0, 5, 10 });
        QVERIFY(settled.wait(20000));
        QCOMPARE(h.plane.events.size(), 1500);
        for (int i = 0; i < 1500; ++i) {
            QCOMPARE(h.plane.events[i].value(QStringLiteral("seq")).toInteger(), i + 1);
            QCOMPARE(
                h.plane.events[i].value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString(),
                QStringLiteral("line %1\n").arg(i + 1));
        }
        for (int size : std::as_const(h.plane.batchSizes))
            QVERIFY(size <= 512);
        QCOMPARE(h.plane.settlement.value(QStringLiteral("final_seq")).toInteger(), 1500);
        QCOMPARE(h.plane.settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        QCOMPARE(h.plane.settlement.value(QStringLiteral("claim_id")).toString(), ClaimId);
        QVERIFY(!QDir(root.path() + QLatin1Char('/') + RunId).exists()); // spool removed once settled
    }

    void seqGapResendsFromExpected()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        h.plane.gapOnce = 3;
        p->start();
        for (int i = 1; i <= 10; ++i)
            p->append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QString::number(i) } });
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->settle({ QStringLiteral("succeeded"), QString(), 0, std::nullopt, std::nullopt });
        QVERIFY(settled.wait(10000));
        QCOMPARE(h.plane.events.size(), 10);
    }

    void textNeedingEscapesArrivesIntact()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        p->start();
        const QString tricky = QStringLiteral("quote \" backslash \\ nl \n tab \t bell \x01 del \x7f é 😀 </script>");
        p->append(QStringLiteral("output.stderr"), { { QStringLiteral("text"), tricky } });
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->settle({ QStringLiteral("succeeded"), QString(), 0, std::nullopt, std::nullopt });
        QVERIFY(settled.wait(5000));
        QCOMPARE(h.plane.events.size(), 1);
        QCOMPARE(h.plane.events[0].value(QStringLiteral("kind")).toString(), QStringLiteral("output.stderr"));
        QCOMPARE(h.plane.events[0].value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString(),
            tricky);
    }

    void ackedThroughNotAnIntegerIsAProtocolError_data()
    {
        QTest::addColumn<QByteArray>("ackedThrough");
        QTest::newRow("fraction") << QByteArray("2.5");
        QTest::newRow("beyond qint64") << QByteArray("1e300");
        QTest::newRow("beyond 2^53") << QByteArray("9007199254740993");
    }

    // An answer that acknowledges no whole seq acknowledges nothing: the batch is sent again and
    // nothing is lost (before: 2.5 acknowledged events 1 and 2, which the plane never kept, so the
    // run was abandoned at the next seq_gap; 1e300 was converted to an integer with undefined behaviour).
    void ackedThroughNotAnIntegerIsAProtocolError()
    {
        QFETCH(QByteArray, ackedThrough);
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        h.plane.badAck = ackedThrough;
        QSignalSpy lost(p.get(), &ObservationPipeline::leaseLost);
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->start();
        for (int i = 1; i <= 5; ++i)
            p->append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QString::number(i) } });
        p->settle({ QStringLiteral("succeeded"), QString(), 0, std::nullopt, std::nullopt });
        QVERIFY(settled.wait(10000));
        QCOMPARE(lost.size(), 0);
        QCOMPARE(h.plane.events.size(), 5);
        QCOMPARE(h.plane.settlement.value(QStringLiteral("final_seq")).toInteger(), 5);
    }

    // The claim's lease_ttl_seconds may be as large as a 32-bit integer: the keep-alive interval
    // (a third of it) must not overflow. Before: 2^31-1 s became an interval of 1 s (signed
    // overflow), so an idle run sent an empty batch every second.
    void hugeLeaseTtlKeepsALongKeepAliveInterval()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true, INT_MAX);
        p->start();
        h.clock.advance(10000);
        QTest::qWait(2500);
        QCOMPARE(h.plane.batchSizes, QList<int>());
    }

    // meta.json is read back after a crash: counters that would overflow (acked_through + 1) make
    // the spool unusable rather than a run settled with final_seq 2^63-1. Before: it loaded.
    void spoolWithImpossibleCountersIsRefused_data()
    {
        QTest::addColumn<QByteArray>("counters");
        QTest::newRow("acked_through at the qint64 maximum")
            << QByteArray("\"acked_through\":9223372036854775807,\"last_seq\":1");
        QTest::newRow("negative acked_through") << QByteArray("\"acked_through\":-5,\"last_seq\":1");
    }

    void spoolWithImpossibleCountersIsRefused()
    {
        QFETCH(QByteArray, counters);
        QTemporaryDir root;
        const QString dir = root.path() + QLatin1Char('/') + RunId;
        QVERIFY(QDir().mkpath(dir));
        QFile meta(dir + QStringLiteral("/meta.json"));
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write("{\"run_id\":\"" + RunId.toUtf8() + "\",\"claim_id\":\"" + ClaimId.toUtf8()
            + "\",\"durable\":true,\"lease_ttl_seconds\":60," + counters + "}");
        meta.close();
        QFile segment(dir + QStringLiteral("/events-000000000001.jsonl"));
        QVERIFY(segment.open(QIODevice::WriteOnly));
        segment.write("{\"seq\":1,\"at\":\"2026-08-27T10:00:00.000Z\",\"kind\":\"output.stdout\",\"data\":{}}\n");
        segment.close();
        ObservationSpool spool(root.path(), RunId);
        QString error;
        QVERIFY(!spool.load(&error));
        QVERIFY2(error.contains(QLatin1String("meta.json")), qPrintable(error));
    }

    void leaseLostDropsTheRun()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        h.plane.leaseLost = true;
        QSignalSpy lost(p.get(), &ObservationPipeline::leaseLost);
        p->start();
        p->append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QStringLiteral("x") } });
        QVERIFY(lost.wait(5000));
        QCOMPARE(p->pendingBytes(), 0);
        QVERIFY(!QDir(root.path() + QLatin1Char('/') + RunId).exists());
    }

    void secretsAreMaskedInEvents()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        h.masker.addSecret(QStringLiteral("cursor-key-canary-123456"));
        auto p = h.pipeline(root.path(), true);
        p->start();
        p->append(QStringLiteral("output.stdout"),
            { { QStringLiteral("text"), QStringLiteral("key=cursor-key-canary-123456 token cfw_abcdefabcdef1234") } });
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->settle({ QStringLiteral("succeeded"), QString(), 0, std::nullopt, std::nullopt });
        QVERIFY(settled.wait(5000));
        const QString text
            = h.plane.events[0].value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString();
        QCOMPARE(text, QStringLiteral("key=*** token ***"));
    }

    void durableSpoolSurvivesACrash()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        {
            auto p = h.pipeline(root.path(), true);
            h.plane.failNext = INT_MAX; // the plane is down for the whole test: nothing is acknowledged
            p->start();
            for (int i = 1; i <= 50; ++i)
                p->append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QString::number(i) } });
            QTest::qWait(300);
            // The process "dies" here: the pipeline is destroyed without settling.
        }
        QCOMPARE(h.plane.events.size(), 0);
        h.plane.failNext = 0;
        auto spool = std::make_unique<ObservationSpool>(root.path(), RunId);
        QString error;
        QVERIFY2(spool->load(&error), qPrintable(error));
        QCOMPARE(spool->unacknowledged().size(), 50);
        ObservationPipeline recovered(*h.api, *h.identity, h.clock, h.masker, std::move(spool));
        QSignalSpy settled(&recovered, &ObservationPipeline::settled);
        recovered.settleRecovered();
        QVERIFY(settled.wait(10000));
        QCOMPARE(h.plane.events.size(), 50);
        QCOMPARE(h.plane.events.last().value(QStringLiteral("seq")).toInteger(), 50);
        QCOMPARE(h.plane.settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
        QCOMPARE(h.plane.settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("runner_restarted"));
        QCOMPARE(h.plane.settlement.value(QStringLiteral("final_seq")).toInteger(), 50);
    }

    // Issue 13 item 7: lease_ttl_seconds 2147483647 (which RunClaim accepts) overflowed the old int
    // arithmetic into a one-second renewal; now it is an hourly one, and a short TTL still renews.
    void aHugeLeaseTtlDoesNotWrapIntoConstantRenewal()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true, INT_MAX);
        p->start();
        h.clock.advance(10000); // nothing sent for 10 s on the pipeline's clock: any due renewal goes
        QTest::qWait(2500);
        QCOMPARE(h.plane.emptyBatches, 0);

        QTemporaryDir shortRoot;
        Harness shortLease;
        QVERIFY(shortLease.setUp());
        auto renewing = shortLease.pipeline(shortRoot.path(), true, 3); // every second
        renewing->start();
        shortLease.clock.advance(10000);
        QTRY_VERIFY_WITH_TIMEOUT(shortLease.plane.emptyBatches >= 1, 5000);
    }

    // An acked_through that is not a whole number a double holds exactly is a protocol error: nothing
    // counts as acknowledged, the batch goes again and everything arrives once.
    void impossibleAckedThroughIsRefused_data()
    {
        QTest::addColumn<QByteArray>("literal");
        for (const char *literal :
            { "9223372036854775807", "1e300", "-1e300", "-1", "1.5", "\"3\"", "null", "18446744073709551616" })
            QTest::newRow(literal) << QByteArray(literal);
    }

    void impossibleAckedThroughIsRefused()
    {
        QFETCH(QByteArray, literal);
        Harness h;
        QVERIFY(h.setUp());
        h.clock.setRandom(0.0); // the retry after the protocol error comes at once
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), true);
        p->start();
        h.plane.ackedLiteral = literal;
        for (int i = 1; i <= 3; ++i)
            p->append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QString::number(i) } });
        QSignalSpy settled(p.get(), &ObservationPipeline::settled);
        p->settle({ QStringLiteral("succeeded"), QString(), 0, std::nullopt, std::nullopt });
        QVERIFY(settled.wait(10000));
        QVERIFY(h.plane.ackedLiteral.isEmpty()); // the odd answer was given
        QCOMPARE(h.plane.events.size(), 3);
        QCOMPARE(h.plane.settlement.value(QStringLiteral("final_seq")).toInteger(), 3);
        QVERIFY(h.plane.batchSizes.size() >= 2); // sent again after the refused answer
    }

    void zdrKeepsNothingOnDiskAndHasACap()
    {
        Harness h;
        QVERIFY(h.setUp());
        QTemporaryDir root;
        auto p = h.pipeline(root.path(), false);
        p->setZdrBufferBytes(64 * 1024);
        h.plane.failNext = INT_MAX; // an outage for the whole test
        QSignalSpy exhausted(p.get(), &ObservationPipeline::bufferExhausted);
        p->start();
        const QString canary = QStringLiteral("zdr-canary-output");
        for (int i = 0; i < 200 && exhausted.isEmpty(); ++i)
            p->append(QStringLiteral("output.stdout"),
                { { QStringLiteral("text"), canary + QString(1000, QLatin1Char('x')) } });
        QVERIFY(!exhausted.isEmpty());
        QVERIFY(p->pendingBytes() <= 64 * 1024);
        // Nothing but content-free metadata on disk.
        const auto files = QDir(root.path() + QLatin1Char('/') + RunId).entryList(QDir::Files);
        QCOMPARE(files, QStringList { QStringLiteral("meta.json") });
        QFile meta(root.path() + QLatin1Char('/') + RunId + QStringLiteral("/meta.json"));
        QVERIFY(meta.open(QIODevice::ReadOnly));
        QVERIFY(!meta.readAll().contains(canary.toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestObservationPipeline)
#include "tst_observationpipeline.moc"
