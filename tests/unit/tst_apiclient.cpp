// The HTTP client layer (§1) against a fault-injecting peer: headers, idempotency keys across
// retries, the error envelope, strict response validation, size limits, redirects.
#include "FakeClock.h"
#include "FaultyHttpPeer.h"
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/WireTime.h>

#include <QElapsedTimer>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSslKey>
#include <QSslServer>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

class TestApiClient : public QObject
{
    Q_OBJECT

private:
    // Sends one request and waits for its single finished() signal.
    ApiResponse call(ApiClient &client, ApiRequest request, int *attemptFailures = nullptr, int timeoutMs = 15000)
    {
        ApiCall *c = client.send(std::move(request));
        QSignalSpy finished(c, &ApiCall::finished);
        QSignalSpy failed(c, &ApiCall::attemptFailed);
        if (!finished.wait(timeoutMs))
            return { 0, {}, ApiError::network(QStringLiteral("test timeout")) };
        if (attemptFailures)
            *attemptFailures = int(failed.size());
        return finished.first().first().value<ApiResponse>();
    }

    static ApiRequest post(const QString &path, bool retry = false)
    {
        ApiRequest r;
        r.method = "POST";
        r.path = path;
        r.body = QJsonObject { { QStringLiteral("a"), 1 } };
        r.credential = [] { return QStringLiteral("cfw_secret_token_value"); };
        r.retry = retry;
        return r;
    }

    FakeClock m_clock; // random() = 0: retries happen at once

    // A self-signed certificate for 127.0.0.1 and its key.
    static bool makeCertificate(const QTemporaryDir &dir, QSslCertificate &certificate, QSslKey &key)
    {
        const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
        if (openssl.isEmpty())
            return false;
        const QString keyPath = dir.filePath(QStringLiteral("key.pem"));
        const QString certPath = dir.filePath(QStringLiteral("cert.pem"));
        QProcess gen;
        gen.start(openssl,
            { QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath, QStringLiteral("-days"),
                QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1") });
        if (!gen.waitForFinished(30000) || gen.exitCode() != 0)
            return false;
        QFile certFile(certPath);
        QFile keyFile(keyPath);
        if (!certFile.open(QIODevice::ReadOnly) || !keyFile.open(QIODevice::ReadOnly))
            return false;
        certificate = QSslCertificate(certFile.readAll());
        key = QSslKey(keyFile.readAll(), QSsl::Ec);
        return !certificate.isNull() && !key.isNull();
    }

    // One raw answer: refused as a retryable network error that says why.
    void expectFramingRefused(const QByteArray &raw, const QString &expected)
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response r;
        r.raw = raw;
        peer.enqueue(r);
        ApiClient client(peer.url(), m_clock);
        const ApiResponse response = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(response.error.kind, ApiError::Kind::Network);
        QVERIFY(response.error.retryable());
        QVERIFY2(response.error.message.contains(expected), qPrintable(response.error.message));
    }

private slots:
    void initTestCase() { qRegisterMetaType<ApiResponse>(); }

    void sendsRequiredHeaders()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueJson(200, { { QStringLiteral("ok"), true } });
        peer.enqueueJson(200, { { QStringLiteral("ok"), true } });
        ApiClient client(peer.url(), m_clock);

        QVERIFY(call(client, post(QStringLiteral("/v1/runner/claims"))).ok());
        ApiRequest get;
        get.path = QStringLiteral("/v1/support/capabilities");
        QVERIFY(call(client, get).ok());

        QCOMPARE(peer.requests().size(), 2);
        const auto &p = peer.requests()[0];
        QCOMPARE(p.method, QByteArray("POST"));
        QCOMPARE(p.headers.value("checkfu-version"), QByteArray("2026-08-27"));
        QVERIFY(
            QRegularExpression(QStringLiteral("^checkfu-runner/\\d+\\.\\d+\\.\\d+ \\((linux|darwin|windows); \\w+\\)$"))
                .match(QString::fromLatin1(p.headers.value("user-agent")))
                .hasMatch());
        QCOMPARE(p.headers.value("authorization"), QByteArray("Bearer cfw_secret_token_value"));
        QCOMPARE(p.headers.value("content-type"), QByteArray("application/json"));
        QVERIFY(QRegularExpression(QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"))
                    .match(QString::fromLatin1(p.headers.value("idempotency-key")))
                    .hasMatch());
        QCOMPARE(p.json().value(QStringLiteral("a")).toInt(), 1);

        const auto &g = peer.requests()[1];
        QVERIFY(!g.headers.contains("idempotency-key"));
        QVERIFY(!g.headers.contains("authorization"));
        QVERIFY(!g.headers.contains("content-type"));
    }

    void retriesReuseTheIdempotencyKey()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueError(503, QStringLiteral("server_error"), QStringLiteral("unavailable"));
        FaultyHttpPeer::Response drop;
        drop.dropConnection = true;
        peer.enqueue(drop);
        peer.enqueueJson(200, { { QStringLiteral("done"), true } });
        ApiClient client(peer.url(), m_clock);

        int failures = 0;
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true), &failures);
        QVERIFY2(r.ok(), qPrintable(r.error.describe()));
        // QNAM itself resends once on a connection closed before any answer, so the drop may not surface.
        QVERIFY(failures >= 1);
        QCOMPARE(peer.requests().size(), 3);
        const QByteArray key = peer.requests()[0].headers.value("idempotency-key");
        QVERIFY(!key.isEmpty());
        for (const auto &req : peer.requests())
            QCOMPARE(req.headers.value("idempotency-key"), key);
    }

    void aNewCallGetsANewKey()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueJson(200, {});
        peer.enqueueJson(200, {});
        ApiClient client(peer.url(), m_clock);
        call(client, post(QStringLiteral("/v1/x")));
        call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(peer.requests().size(), 2);
        QVERIFY(
            peer.requests()[0].headers.value("idempotency-key") != peer.requests()[1].headers.value("idempotency-key"));
    }

    void retryAfterWins()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response limited;
        limited.status = 429;
        limited.body
            = R"({"error":{"type":"rate_limited","code":"rate_limited","message":"slow down","request_id":"req_1"}})";
        limited.headers = { { "Retry-After", "1" } };
        // When each attempt reaches the server, on a monotonic clock.
        QElapsedTimer serverClock;
        serverClock.start();
        QList<qint64> arrivals;
        peer.setHandler([&](const FaultyHttpPeer::Request &) {
            arrivals.append(serverClock.elapsed());
            return arrivals.size() == 1 ? limited : FaultyHttpPeer::jsonAnswer(200, {});
        });
        ApiClient client(peer.url(), m_clock);
        ApiCall *c = client.send(post(QStringLiteral("/v1/x"), true));
        QSignalSpy failed(c, &ApiCall::attemptFailed);
        QSignalSpy finished(c, &ApiCall::finished);
        QVERIFY(finished.wait(10000));
        QCOMPARE(failed.size(), 1);
        // With random() = 0 the computed backoff would be 0 ms: the 1 s is the server's Retry-After.
        QCOMPARE(failed.first().at(1).toInt(), 1000);
        QCOMPARE(failed.first().at(0).value<ApiError>().code, QStringLiteral("rate_limited"));
        // §1 "wait Retry-After seconds, then retry", on real timers: never sooner (issue 21 item 5).
        QCOMPARE(arrivals.size(), 2);
        QVERIFY2(arrivals.at(1) - arrivals.at(0) >= 1000,
            qPrintable(QStringLiteral("retried after %1 ms").arg(arrivals.at(1) - arrivals.at(0))));
    }

    void errorEnvelopeIsTypedAndFinalFor4xx()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueJson(409,
            { { QStringLiteral("error"),
                QJsonObject { { QStringLiteral("type"), QStringLiteral("conflict") },
                    { QStringLiteral("code"), QStringLiteral("seq_gap") },
                    { QStringLiteral("message"), QStringLiteral("expected 5") },
                    { QStringLiteral("request_id"), QStringLiteral("req_abc") },
                    { QStringLiteral("expected_seq"), 5 } } } });
        ApiClient client(peer.url(), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true));
        QCOMPARE(r.error.kind, ApiError::Kind::Http);
        QCOMPARE(r.error.httpStatus, 409);
        QCOMPARE(r.error.type, QStringLiteral("conflict"));
        QCOMPARE(r.error.code, QStringLiteral("seq_gap"));
        QCOMPARE(r.error.requestId, QStringLiteral("req_abc"));
        QCOMPARE(r.error.details.value(QStringLiteral("expected_seq")).toInt(), 5);
        QVERIFY(!r.error.retryable());
        QCOMPARE(peer.requests().size(), 1); // a 4xx is not retried
    }

    void badResponsesAreProtocolErrors_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("chunked");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("<html>oops</html>") << false << QStringLiteral("not a JSON object");
        QTest::newRow("json array") << QByteArray("[1,2]") << false << QStringLiteral("not a JSON object");
        QTest::newRow("truncated") << QByteArray("{\"a\":") << false << QStringLiteral("not a JSON object");
        QTest::newRow("empty") << QByteArray() << false << QStringLiteral("not a JSON object");
        QTest::newRow("9 MiB with length") << QByteArray(9 * 1024 * 1024, 'x') << false << QStringLiteral("8 MiB");
        QTest::newRow("9 MiB chunked") << QByteArray(9 * 1024 * 1024, 'x') << true << QStringLiteral("8 MiB");
    }

    void badResponsesAreProtocolErrors()
    {
        QFETCH(QByteArray, body);
        QFETCH(bool, chunked);
        QFETCH(QString, expected);
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response r;
        r.body = body;
        r.chunked = chunked;
        peer.enqueue(r);
        ApiClient client(peer.url(), m_clock);
        const ApiResponse response = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(response.error.kind, ApiError::Kind::Protocol);
        QVERIFY2(response.error.message.contains(expected), qPrintable(response.error.message));
        QVERIFY(response.error.retryable());
    }

    void garbageThenGoodIsRetried()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response garbage;
        garbage.body = "\xff\xfe garbage";
        peer.enqueue(garbage);
        peer.enqueueJson(200, { { QStringLiteral("fine"), true } });
        ApiClient client(peer.url(), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true));
        QVERIFY(r.ok());
        QCOMPARE(r.body.value(QStringLiteral("fine")).toBool(), true);
    }

    void connectionRefusedIsANetworkError()
    {
        quint16 port;
        {
            FaultyHttpPeer peer;
            QVERIFY(peer.listen());
            port = peer.port();
        }
        ApiClient client(QUrl(QStringLiteral("http://127.0.0.1:%1").arg(port)), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(r.error.kind, ApiError::Kind::Network);
        QVERIFY(r.error.retryable());
        // The person sees why, in the words of the operating system.
        QVERIFY2(r.error.describe().contains(QStringLiteral("Connection refused")), qPrintable(r.error.describe()));
    }

    void callsShareOneKeptAliveConnection()
    {
        // An idle Runner heartbeats every 10 s: each beat must not pay for a new connection.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.setHandler([](const FaultyHttpPeer::Request &) {
            FaultyHttpPeer::Response r;
            r.body = R"({"ok":true})";
            return r;
        });
        ApiClient client(peer.url(), m_clock);
        for (int i = 0; i < 5; ++i) {
            ApiRequest put = post(QStringLiteral("/v1/runner/presence"));
            put.method = "PUT";
            QVERIFY(call(client, put).ok());
        }
        ApiRequest get;
        get.path = QStringLiteral("/v1/support/capabilities");
        QVERIFY(call(client, get).ok());
        QCOMPARE(peer.requests().size(), 6);
        QCOMPARE(peer.connectionCount(), 1);
        QCOMPARE(peer.requests()[4].method, QByteArray("PUT"));
        QCOMPARE(peer.requests()[4].json().value(QStringLiteral("a")).toInt(), 1);
        QCOMPARE(peer.requests()[5].method, QByteArray("GET"));
        QVERIFY(peer.requests()[5].body.isEmpty());
    }

    // Issue 35: a hundred calls at once (as a run's relay made them, one per message) open no more
    // than the origin's cap of connections; the others wait their turn, in the order they came, and
    // every one is answered.
    void aFloodOfCallsStaysWithinTheConnectionCap()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.setHandler([](const FaultyHttpPeer::Request &) {
            return FaultyHttpPeer::jsonAnswer(200, QJsonObject { { QStringLiteral("ok"), true } }, 50);
        });
        ApiClient client(peer.url(), m_clock);
        constexpr int Calls = 100;
        int answered = 0;
        for (int i = 0; i < Calls; ++i) {
            ApiCall *c = client.send(post(QStringLiteral("/v1/flood/%1").arg(i)));
            connect(c, &ApiCall::finished, this, [&answered](const ApiResponse &r) { answered += r.ok() ? 1 : 0; });
        }
        QTRY_COMPARE_WITH_TIMEOUT(answered, Calls, 20000);
        qInfo("%d calls at once: peak %d connections open at the server, %d opened in all", Calls,
            peer.peakOpenConnections(), peer.connectionCount());
        QVERIFY2(peer.peakOpenConnections() <= ApiClient::MaxConnections,
            qPrintable(QString::number(peer.peakOpenConnections())));
        // The first to reach the server were the first sent: the others waited in order.
        QSet<QByteArray> first;
        for (int i = 0; i < ApiClient::MaxConnections; ++i)
            first.insert(peer.requests().at(i).path);
        for (int i = 0; i < ApiClient::MaxConnections; ++i)
            QVERIFY2(first.contains("/v1/flood/" + QByteArray::number(i)), qPrintable(QString::number(i)));
        QCOMPARE(client.connectionsInUse(), 0);
        QCOMPARE(client.waitingCalls(), 0);
    }

    // While a run's relay keeps the plane busy (calls it holds, up to 25 s each), the Runner's own calls
    // still get a connection at once: relayed calls never take the last ReservedConnections, and
    // a call of the Runner's that waits goes before every relayed one.
    void theRunnersOwnCallsAreNotHeldUpByRelayedOnes()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.setHandler([](const FaultyHttpPeer::Request &r) {
            return FaultyHttpPeer::jsonAnswer(
                200, QJsonObject { { QStringLiteral("ok"), true } }, r.path.endsWith("/mcp") ? 2000 : 0);
        });
        ApiClient client(peer.url(), m_clock);
        const auto relayed = [&client] {
            ApiRequest r = post(QStringLiteral("/v1/runner/runs/run_1/mcp"));
            r.lane = ApiLane::Harness;
            return client.send(r);
        };
        constexpr int Relayed = 40;
        for (int i = 0; i < Relayed; ++i)
            relayed();
        constexpr int RelayedAtOnce = ApiClient::MaxConnections - ApiClient::ReservedConnections;
        QTRY_COMPARE(peer.requests().size(), RelayedAtOnce);
        QCOMPARE(client.connectionsInUse(), RelayedAtOnce);
        // Heartbeats, a claim long-poll, the control long-poll: none waits for the relayed calls.
        ApiRequest heartbeat = post(QStringLiteral("/v1/runner/presence"));
        heartbeat.method = "PUT";
        QElapsedTimer timer;
        timer.start();
        for (int i = 0; i < 3; ++i)
            QVERIFY(call(client, heartbeat).ok());
        QVERIFY2(timer.elapsed() < 1500, qPrintable(QString::number(timer.elapsed())));
        // Every connection taken (relayed calls, and long-polls of the Runner's the plane holds): a call
        // of the Runner's then waits, but for the first connection that frees (at most 2 s), not behind
        // the relayed calls that waited longer (another round of 2 s at least).
        peer.setHandler([](const FaultyHttpPeer::Request &r) {
            return FaultyHttpPeer::jsonAnswer(200, QJsonObject { { QStringLiteral("ok"), true } },
                r.path.endsWith("/claims")    ? 6000
                    : r.path.endsWith("/mcp") ? 2000
                                              : 0);
        });
        for (int i = 0; i < ApiClient::ReservedConnections; ++i)
            client.send(post(QStringLiteral("/v1/runner/claims")));
        QTRY_COMPARE(client.connectionsInUse(), ApiClient::MaxConnections);
        QVERIFY(client.waitingCalls() >= RelayedAtOnce); // a whole round of relayed calls waits
        timer.start();
        ApiCall *late = client.send(heartbeat);
        QSignalSpy lateDone(late, &ApiCall::finished);
        QVERIFY(lateDone.wait(10000));
        qInfo("a heartbeat with every connection in use waited %lld ms", timer.elapsed());
        QVERIFY2(timer.elapsed() < 3500, qPrintable(QString::number(timer.elapsed())));
        QVERIFY2(peer.peakOpenConnections() <= ApiClient::MaxConnections,
            qPrintable(QString::number(peer.peakOpenConnections())));
    }

    void framing_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<bool>("ok"); // else a retryable network error
        const QByteArray json = R"({"ok":true})";
        QTest::newRow("chunked, extension and trailer") << QByteArray(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=x\r\n{\"ok\"\r\n6\r\n:true}\r\n0\r\n"
            "X-Trailer: 1\r\n\r\n") << true;
        QTest::newRow("HTTP/1.0, no length: until close") << QByteArray("HTTP/1.0 200 OK\r\n\r\n" + json) << true;
        QTest::newRow("100 Continue first")
            << QByteArray("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n" + json) << true;
        QTest::newRow("bare LF line ends") << QByteArray("HTTP/1.1 200 OK\nContent-Length: 11\n\n" + json) << true;
        QTest::newRow("not HTTP") << QByteArray("SSH-2.0-OpenSSH_9.2\r\n") << false;
        QTest::newRow("signed Content-Length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n") << false;
        QTest::newRow("bad chunk size") << QByteArray(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n")
                                        << false;
        QTest::newRow("gzip transfer coding")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n" + json) << false;
        QTest::newRow("header without a colon") << QByteArray("HTTP/1.1 200 OK\r\nnonsense\r\n\r\n") << false;
        QTest::newRow("endless header") << QByteArray("HTTP/1.1 200 OK\r\nX: " + QByteArray(70 * 1024, 'a')) << false;
        QByteArray manyLines = "HTTP/1.1 200 OK\r\n";
        for (int n = 0; n < 20000; ++n)
            manyLines += "X: 1\r\n";
        QTest::newRow("endless header lines") << manyLines << false;
        QTest::newRow("chunked, cut before the last chunk")
            << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nb\r\n" + json + "\r\n") << false;
    }

    void framing()
    {
        QFETCH(QByteArray, raw);
        QFETCH(bool, ok);
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response r;
        r.raw = raw;
        peer.enqueue(r);
        ApiClient client(peer.url(), m_clock);
        const ApiResponse response = call(client, post(QStringLiteral("/v1/x")));
        if (ok) {
            QVERIFY2(response.ok(), qPrintable(response.error.describe()));
            QCOMPARE(response.body.value(QStringLiteral("ok")).toBool(), true);
        } else {
            QCOMPARE(response.error.kind, ApiError::Kind::Network);
            QVERIFY(response.error.retryable());
            QVERIFY(!response.error.message.isEmpty());
            // A server cannot make the Runner hold an unbounded header, in one line or many.
            if (QByteArray(QTest::currentDataTag()) == "endless header")
                QVERIFY2(response.error.message.contains(QStringLiteral("larger than 64 KiB")),
                    qPrintable(response.error.message));
            if (QByteArray(QTest::currentDataTag()) == "endless header lines")
                QVERIFY2(response.error.message.contains(QStringLiteral("more than 200 fields")),
                    qPrintable(response.error.message));
        }
    }

    // Strict HTTP (issue 13 item 6): answers two readers could frame differently are refused,
    // as retryable network failures whose connection never carries another request.
    void repeatedOrConflictingContentLengthIsRefused_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("expected");
        const QByteArray json = R"({"ok":true})";
        QTest::newRow("twice, same value")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 11\r\nContent-Length: 11\r\n\r\n" + json)
            << QStringLiteral("Content-Length more than once");
        QTest::newRow("twice, other value")
            << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 11\r\nContent-Length: 4\r\n\r\n" + json)
            << QStringLiteral("conflicting Content-Length");
    }

    void repeatedOrConflictingContentLengthIsRefused()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QString, expected);
        expectFramingRefused(raw, expected);
    }

    void transferEncodingWithContentLengthIsRefusedAndItsConnectionClosed()
    {
        // Chunked to us, 11 bytes to a proxy: whatever follows would be read as another answer.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        FaultyHttpPeer::Response both;
        both.raw = "HTTP/1.1 200 OK\r\nContent-Length: 11\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "b\r\n{\"ok\":true}\r\n0\r\n\r\n";
        both.closeAfterRaw = false; // the server would gladly go on
        peer.enqueue(both);
        peer.enqueueJson(200, { { QStringLiteral("n"), 2 } });
        ApiClient client(peer.url(), m_clock);
        const ApiResponse refused = call(client, post(QStringLiteral("/v1/a")));
        QCOMPARE(refused.error.kind, ApiError::Kind::Network);
        QVERIFY(refused.error.retryable());
        QVERIFY2(refused.error.message.contains(QStringLiteral("both Transfer-Encoding and Content-Length")),
            qPrintable(refused.error.message));
        const ApiResponse next = call(client, post(QStringLiteral("/v1/b")));
        QVERIFY2(next.ok(), qPrintable(next.error.describe()));
        QCOMPARE(next.body.value(QStringLiteral("n")).toInt(), 2);
        QCOMPARE(peer.connectionCount(), 2); // the suspect connection was closed, not reused
    }

    void onlyExactlyChunkedIsAccepted_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("expected");
        const QByteArray body = "b\r\n{\"ok\":true}\r\n0\r\n\r\n";
        QTest::newRow("gzip, chunked") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
            + body) << QStringLiteral("\"gzip, chunked\"; only \"chunked\" is accepted");
        QTest::newRow("chunked twice") << QByteArray(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
                                       << QStringLiteral("\"chunked, chunked\"");
        QTest::newRow("a longer name") << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: xchunked\r\n\r\n" + body)
                                       << QStringLiteral("\"xchunked\"");
    }

    void onlyExactlyChunkedIsAccepted()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QString, expected);
        expectFramingRefused(raw, expected);
    }

    void malformedHeaderLinesAreRefused_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QString>("expected");
        const QByteArray tail = "Content-Length: 11\r\n\r\n{\"ok\":true}";
        QTest::newRow("CR inside a line") << QByteArray("HTTP/1.1 200 OK\r\nX-A: 1\rX-B: 2\r\n" + tail)
                                          << QStringLiteral("carriage return that does not end a line");
        QTest::newRow("folded line") << QByteArray("HTTP/1.1 200 OK\r\nX-A: 1\r\n X-B: 2\r\n" + tail)
                                     << QStringLiteral("malformed header line");
        QTest::newRow("space before the colon")
            << QByteArray("HTTP/1.1 200 OK\r\nX-A : 1\r\n" + tail) << QStringLiteral("malformed header line");
        QTest::newRow("NUL in a value") << QByteArray("HTTP/1.1 200 OK\r\nX-A: 1\0002\r\n", 27) + tail
                                        << QStringLiteral("malformed header line");
        QTest::newRow("protocol switch") << QByteArray(
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\nHTTP/1.1 200 OK\r\n" + tail)
                                         << QStringLiteral("switched protocols");
    }

    void malformedHeaderLinesAreRefused()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QString, expected);
        expectFramingRefused(raw, expected);
    }

    void chunkFramingIsBounded()
    {
        // Chunk extensions carry no data: a server cannot keep the Runner reading them.
        const QByteArray json = QByteArray("{\"ok\":true,\"pad\":\"") + QByteArray(100, 'x') + "\"}";
        QByteArray flood = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (char c : json)
            flood += "1;" + QByteArray(1000, 'e') + "\r\n" + c + "\r\n";
        flood += "0\r\n\r\n";
        expectFramingRefused(flood, QStringLiteral("more chunk framing than data"));

        // A chunk announced past the size limit fails at once, not after 8 MiB arrived.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response huge;
        huge.raw = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n900000\r\n{";
        huge.closeAfterRaw = false;
        peer.enqueue(huge);
        ApiClient client(peer.url(), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(r.error.kind, ApiError::Kind::Protocol);
        QVERIFY2(r.error.message.contains(QStringLiteral("8 MiB")), qPrintable(r.error.message));
    }

    void refusesToSendAHeaderWithALineBreak_data()
    {
        QTest::addColumn<QString>("credential");
        QTest::addColumn<QString>("idempotencyKey");
        QTest::addColumn<QString>("header");
        const QString key = QStringLiteral("6f1c5d1e-8a2b-4c3d-9e4f-5a6b7c8d9e0f");
        QTest::newRow("CR LF in the credential")
            << QStringLiteral("cfw_secret\r\nX-Injected: 1") << key << QStringLiteral("Authorization");
        QTest::newRow("LF in the credential")
            << QStringLiteral("cfw_secret\nX-Injected: 1") << key << QStringLiteral("Authorization");
        QTest::newRow("NUL in the credential")
            << QString::fromUtf8("cfw_secret\0X", 12) << key << QStringLiteral("Authorization");
        QTest::newRow("CR in the idempotency key")
            << QStringLiteral("cfw_secret") << QStringLiteral("k\rX-Injected: 1") << QStringLiteral("Idempotency-Key");
    }

    void refusesToSendAHeaderWithALineBreak()
    {
        // A credential read from a damaged store (or a key from a caller) must not add a header
        // or a request of its own: refused before anything is sent, and not retried.
        QFETCH(QString, credential);
        QFETCH(QString, idempotencyKey);
        QFETCH(QString, header);
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setHandler([](const FaultyHttpPeer::Request &) {
            FaultyHttpPeer::Response r;
            r.body = R"({"ok":true})";
            return r;
        });
        ApiClient client(peer.url(), m_clock);
        ApiRequest request = post(QStringLiteral("/v1/x"), true);
        request.credential = [credential] { return credential; };
        request.idempotencyKey = idempotencyKey;
        int failures = -1;
        const ApiResponse r = call(client, request, &failures);
        QCOMPARE(r.error.kind, ApiError::Kind::Policy);
        QVERIFY(!r.error.retryable());
        QCOMPARE(failures, 0);
        QVERIFY2(r.error.message.contains(header), qPrintable(r.error.message));
        QVERIFY2(!r.error.message.contains(QStringLiteral("cfw_secret")), qPrintable(r.error.message));
        QTest::qWait(100);
        QCOMPARE(peer.connectionCount(), 0);
        QVERIFY(peer.requests().isEmpty());
    }

    void aTrickledResponseEndsAtItsDeadline()
    {
        // One byte every 50 ms never trips the inactivity timeout; the deadline on the whole
        // response ends it (by default the timeout plus HttpExchange::TransferAllowanceMs).
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response slow;
        slow.body = QByteArray("{\"ok\":true,\"pad\":\"") + QByteArray(400, 'x') + "\"}";
        slow.trickleMs = 50; // about 27 s for the whole answer
        peer.enqueue(slow);
        ApiClient client(peer.url(), m_clock);
        ApiRequest r = post(QStringLiteral("/v1/x"));
        r.timeoutMs = 1000;
        r.deadlineMs = 1500;
        const ApiResponse response = call(client, r);
        QCOMPARE(response.error.kind, ApiError::Kind::Network);
        QVERIFY(response.error.retryable());
        QCOMPARE(response.error.message, QStringLiteral("the response did not complete within 2 s"));
    }

    void aLongPollStillWaitsItsTime()
    {
        // A long-poll's wait is in its timeout, and so in its deadline: an answer that comes
        // late in the wait, then trickles, still arrives.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response late;
        late.body = R"({"cursor":"c_1","directives":[]})";
        late.delayMs = 1500;
        late.trickleMs = 10; // about 1.6 s more: the whole call outlasts its timeout, not its deadline
        peer.enqueue(late);
        ApiClient client(peer.url(), m_clock);
        ApiRequest poll;
        poll.path = QStringLiteral("/v1/runner/control?wait_seconds=1");
        poll.timeoutMs = 2500;
        const ApiResponse r = call(client, poll);
        QVERIFY2(r.ok(), qPrintable(r.error.describe()));
        QCOMPARE(r.body.value(QStringLiteral("cursor")).toString(), QStringLiteral("c_1"));
    }

    void aKeptAliveConnectionTheServerDroppedIsRetriedOnce()
    {
        // The server dropped the idle connection just as the next request went out: the call
        // goes once more on a new connection instead of failing (writes keep their key).
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.enqueueJson(200, { { QStringLiteral("n"), 1 } });
        FaultyHttpPeer::Response drop;
        drop.dropConnection = true;
        peer.enqueue(drop);
        peer.enqueueJson(200, { { QStringLiteral("n"), 2 } });
        ApiClient client(peer.url(), m_clock);
        QCOMPARE(call(client, post(QStringLiteral("/v1/a"))).body.value(QStringLiteral("n")).toInt(), 1);
        int failures = -1;
        const ApiResponse second = call(client, post(QStringLiteral("/v1/b")), &failures);
        QVERIFY2(second.ok(), qPrintable(second.error.describe()));
        QCOMPARE(second.body.value(QStringLiteral("n")).toInt(), 2);
        QCOMPARE(failures, 0); // not a failed attempt: the same attempt on a new connection
        QCOMPARE(peer.requests().size(), 3);
        QCOMPARE(
            peer.requests()[1].headers.value("idempotency-key"), peer.requests()[2].headers.value("idempotency-key"));
        QCOMPARE(peer.connectionCount(), 2);
    }

    void aKeptAliveConnectionResetWhileIdleIsRetriedOnANewOne()
    {
        // The reset reaches the idle connection before the Runner's event loop has noticed it, so
        // the next request is written straight into a dead socket: that call still succeeds, and
        // its answer arrives through finished(), not inside send().
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.enqueueJson(200, { { QStringLiteral("n"), 1 } });
        peer.enqueueJson(200, { { QStringLiteral("n"), 2 } });
        ApiClient client(peer.url(), m_clock);
        QCOMPARE(call(client, post(QStringLiteral("/v1/a"))).body.value(QStringLiteral("n")).toInt(), 1);
        peer.resetConnections();
        int failures = -1;
        const ApiResponse second = call(client, post(QStringLiteral("/v1/b")), &failures);
        QVERIFY2(second.ok(), qPrintable(second.error.describe()));
        QCOMPARE(second.body.value(QStringLiteral("n")).toInt(), 2);
        QCOMPARE(failures, 0);
        QCOMPARE(peer.connectionCount(), 2);
        QCOMPARE(peer.requests().size(), 2);
    }

    void writesWithoutABodySendAnEmptyOne()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueJson(200, {});
        ApiClient client(peer.url(), m_clock);
        ApiRequest del;
        del.method = "DELETE";
        del.path = QStringLiteral("/v1/runner/identity");
        QVERIFY(call(client, del).ok());
        const auto &request = peer.requests().value(0);
        QCOMPARE(request.method, QByteArray("DELETE"));
        QCOMPARE(request.headers.value("content-length"), QByteArray("0"));
        QVERIFY(!request.headers.contains("content-type")); // never a form encoding nobody asked for
        QVERIFY(!request.headers.contains("expect"));
        QVERIFY(request.headers.contains("idempotency-key"));
    }

    void aSilentServerTimesOut()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response silent;
        silent.delayMs = 60000; // far beyond the wait below: only the call's own timeout ends it
        peer.enqueue(silent);
        ApiClient client(peer.url(), m_clock);
        ApiRequest r = post(QStringLiteral("/v1/x"));
        r.timeoutMs = 500;
        const ApiResponse response = call(client, r);
        QCOMPARE(response.error.kind, ApiError::Kind::Network);
        QVERIFY(response.error.retryable());
        QCOMPARE(response.error.message, QStringLiteral("no answer within 1 s"));
    }

    void aResponseCutOffMidBodyIsRetried()
    {
        // A connection lost in the middle of an answer is a network failure, never a short answer.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response cut;
        cut.body = R"({"runner_id":"runner_1","padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"})";
        cut.truncateBodyAt = 12;
        peer.enqueue(cut);
        peer.enqueueJson(200, { { QStringLiteral("fine"), true } });
        ApiClient client(peer.url(), m_clock);
        int failures = 0;
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true), &failures);
        QVERIFY(r.ok());
        QCOMPARE(r.body.value(QStringLiteral("fine")).toBool(), true);
        QCOMPARE(failures, 1);

        peer.enqueue(cut);
        const ApiResponse once = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(once.error.kind, ApiError::Kind::Network);
        QVERIFY2(once.error.message.contains(QStringLiteral("middle of the response")), qPrintable(once.error.message));
    }

    void anUntrustedCertificateIsRefusedBeforeSending()
    {
        // A self-signed endpoint (or a machine in the middle) never sees a request or a token.
        const QString openssl = QStandardPaths::findExecutable(QStringLiteral("openssl"));
        QVERIFY2(!openssl.isEmpty(), "openssl is not installed (bash scripts/setup)");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString keyPath = dir.filePath(QStringLiteral("key.pem"));
        const QString certPath = dir.filePath(QStringLiteral("cert.pem"));
        QProcess gen;
        gen.start(openssl,
            { QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("ec"),
                QStringLiteral("-pkeyopt"), QStringLiteral("ec_paramgen_curve:prime256v1"), QStringLiteral("-nodes"),
                QStringLiteral("-keyout"), keyPath, QStringLiteral("-out"), certPath, QStringLiteral("-days"),
                QStringLiteral("1"), QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"),
                QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1") });
        QVERIFY(gen.waitForFinished(30000));
        QVERIFY2(gen.exitCode() == 0, gen.readAllStandardError().constData());

        QFile certFile(certPath);
        QFile keyFile(keyPath);
        QVERIFY(certFile.open(QIODevice::ReadOnly) && keyFile.open(QIODevice::ReadOnly));
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(QSslCertificate(certFile.readAll()));
        tls.setPrivateKey(QSslKey(keyFile.readAll(), QSsl::Ec));
        QSslServer server;
        server.setSslConfiguration(tls);
        int handshakes = 0;
        qint64 plaintextBytes = 0;
        connect(&server, &QSslServer::startedEncryptionHandshake, this, [&](QSslSocket *socket) {
            ++handshakes;
            connect(socket, &QSslSocket::readyRead, this, [&, socket] { plaintextBytes += socket->readAll().size(); });
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));

        ApiClient client(QUrl(QStringLiteral("https://127.0.0.1:%1").arg(server.serverPort())), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/runner/claims")));
        QCOMPARE(r.error.kind, ApiError::Kind::Network);
        QVERIFY2(r.error.message.contains(QStringLiteral("certificate")), qPrintable(r.error.message));
        QCOMPARE(handshakes, 1); // it did reach the server: the refusal is the certificate's
        QTest::qWait(100);
        QCOMPARE(plaintextBytes, 0);
        QVERIFY(!server.hasPendingConnections());
    }

    void destroyingTheClientEndsItsCalls()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response slow;
        slow.delayMs = 60000;
        peer.enqueue(slow);
        peer.enqueue(slow);
        auto client = std::make_unique<ApiClient>(peer.url(), m_clock);
        ApiCall *first = client->send(post(QStringLiteral("/v1/a")));
        ApiCall *second = client->send(post(QStringLiteral("/v1/b"), true));
        QSignalSpy firstDone(first, &ApiCall::finished);
        QSignalSpy secondDone(second, &ApiCall::finished);
        QSignalSpy destroyed(second, &QObject::destroyed);
        QTRY_COMPARE(peer.requests().size(), 2);
        client.reset();
        QCOMPARE(destroyed.size(), 1);
        QTest::qWait(50); // nothing arrives afterwards from a transfer that outlived its client
        QCOMPARE(firstDone.size(), 0);
        QCOMPARE(secondDone.size(), 0);
    }

    void requestTargets_data()
    {
        QTest::addColumn<QString>("endpointPath");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QByteArray>("target");
        QTest::newRow("plain") << ""
                               << "/v1/runner/claims" << QByteArray("/v1/runner/claims");
        QTest::newRow("endpoint with a slash") << "/"
                                               << "/v1/runner/claims" << QByteArray("/v1/runner/claims");
        QTest::newRow("endpoint under a base path") << "/checkfu/"
                                                    << "/v1/runner/claims" << QByteArray("/checkfu/v1/runner/claims");
        QTest::newRow("query") << ""
                               << "/v1/runner/control?after=c_1&wait_seconds=50"
                               << QByteArray("/v1/runner/control?after=c_1&wait_seconds=50");
        QTest::newRow("space") << "/base"
                               << "/v1/x?after=a b" << QByteArray("/base/v1/x?after=a%20b");
        QTest::newRow("non-ASCII") << ""
                                   << "/v1/runs/\u00e9t\u00e9" << QByteArray("/v1/runs/%C3%A9t%C3%A9");
        QTest::newRow("already encoded") << ""
                                         << "/v1/runner/control?after=a%2Bb%3D"
                                         << QByteArray("/v1/runner/control?after=a%2Bb%3D");
    }

    // What the control plane sees as the request target, whether or not the path needs encoding.
    void requestTargets()
    {
        QFETCH(QString, endpointPath);
        QFETCH(QString, path);
        QFETCH(QByteArray, target);
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.enqueueJson(200, {});
        ApiClient client(QUrl(peer.url().toString() + endpointPath), m_clock);
        ApiRequest get;
        get.path = path;
        const ApiResponse r = call(client, get);
        QVERIFY2(r.ok(), qPrintable(r.error.describe()));
        QCOMPARE(peer.requests().size(), 1);
        QCOMPARE(peer.requests()[0].path, target);
    }

    void refusesPlainHttpOffLoopbackBeforeSending()
    {
        ApiClient client(QUrl(QStringLiteral("http://192.0.2.1:9")), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true), nullptr, 3000);
        QCOMPARE(r.error.kind, ApiError::Kind::Policy);
        QVERIFY(!r.error.retryable());
    }

    void noAuthorizationAcrossOrigins()
    {
        // Another origin (here: another port) gets nothing, credential or body: the redirect is
        // an error that names where it pointed, without its query.
        FaultyHttpPeer origin;
        FaultyHttpPeer other;
        QVERIFY(origin.listen());
        QVERIFY(other.listen());
        FaultyHttpPeer::Response redirect;
        redirect.status = 307;
        redirect.headers = { { "Location", other.url().toString().toLatin1() + "/v1/elsewhere?token=abc#x" } };
        origin.enqueue(redirect);
        other.enqueueJson(200, { { QStringLiteral("moved"), true } });
        ApiClient client(origin.url(), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x"), true));
        QCOMPARE(r.error.kind, ApiError::Kind::Policy);
        QVERIFY(!r.error.retryable());
        QVERIFY2(r.error.message.contains(other.url().toString() + QStringLiteral("/v1/elsewhere")),
            qPrintable(r.error.message));
        QVERIFY2(!r.error.message.contains(QStringLiteral("token")), qPrintable(r.error.message));
        QTest::qWait(50);
        QVERIFY(other.requests().isEmpty());
        QCOMPARE(origin.requests().size(), 1);
        QCOMPARE(origin.requests()[0].headers.value("authorization"), QByteArray("Bearer cfw_secret_token_value"));
    }

    void redirectFromHttpsToHttpIsRefused()
    {
        // Even to the same host: an https endpoint's request never continues in the clear.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QSslCertificate certificate;
        QSslKey key;
        QVERIFY(makeCertificate(dir, certificate, key));
        QSslConfiguration trusting = QSslConfiguration::defaultConfiguration();
        const QSslConfiguration saved = trusting;
        trusting.addCaCertificate(certificate);
        QSslConfiguration::setDefaultConfiguration(trusting);
        const auto restore = qScopeGuard([&] { QSslConfiguration::setDefaultConfiguration(saved); });

        FaultyHttpPeer plain;
        QVERIFY(plain.listen());
        plain.enqueueJson(200, { { QStringLiteral("moved"), true } });
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setLocalCertificate(certificate);
        tls.setPrivateKey(key);
        QSslServer server;
        server.setSslConfiguration(tls);
        const QByteArray location = plain.url().toString().toLatin1() + "/v1/x";
        connect(&server, &QTcpServer::pendingConnectionAvailable, this, [&] {
            while (QTcpSocket *socket = server.nextPendingConnection()) {
                auto buffer = std::make_shared<QByteArray>();
                connect(socket, &QTcpSocket::readyRead, socket, [socket, buffer, location] {
                    *buffer += socket->readAll();
                    if (!buffer->contains("\r\n\r\n"))
                        return;
                    socket->write("HTTP/1.1 302 Found\r\nLocation: " + location
                        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
                    socket->disconnectFromHost();
                });
            }
        });
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));

        ApiClient client(QUrl(QStringLiteral("https://127.0.0.1:%1").arg(server.serverPort())), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(r.error.kind, ApiError::Kind::Policy);
        QVERIFY2(r.error.message.contains(QString::fromLatin1(location)), qPrintable(r.error.message));
        QTest::qWait(50);
        QVERIFY(plain.requests().isEmpty());
    }

    void sameOriginRedirectKeepsAuthorization()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response redirect;
        redirect.status = 308;
        redirect.headers = { { "Location", "/v1/moved" } };
        peer.enqueue(redirect);
        peer.enqueueJson(200, {});
        ApiClient client(peer.url(), m_clock);
        QVERIFY(call(client, post(QStringLiteral("/v1/x"))).ok());
        QCOMPARE(peer.requests().size(), 2);
        QCOMPARE(peer.requests()[1].headers.value("authorization"), QByteArray("Bearer cfw_secret_token_value"));
        QCOMPARE(peer.requests()[1].body, peer.requests()[0].body);
    }

    void redirectToPlainHttpElsewhereIsRefused()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response redirect;
        redirect.status = 302;
        redirect.headers = { { "Location", "http://example.com/v1/x" } };
        peer.enqueue(redirect);
        ApiClient client(peer.url(), m_clock);
        const ApiResponse r = call(client, post(QStringLiteral("/v1/x")));
        QCOMPARE(r.error.kind, ApiError::Kind::Policy);
        QCOMPARE(peer.requests().size(), 1);
    }

    void clockSkewFromDateHeader()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FakeClock clock(QDateTime::currentDateTimeUtc());
        peer.enqueueJson(200, {}, { { "Date", FaultyHttpPeer::httpDate(clock.now().addSecs(120)) } });
        ApiClient client(peer.url(), clock);
        QSignalSpy skew(&client, &ApiClient::clockSkewChanged);
        QVERIFY(call(client, post(QStringLiteral("/v1/x"))).ok());
        QCOMPARE(skew.size(), 1);
        QVERIFY(std::abs(client.clockSkewMs() - 120000) <= 1000);
        QVERIFY(std::abs(clock.now().msecsTo(client.serverNow()) - 120000) <= 1000);
    }

    // The Date header feeds the clock-skew check (doctor, token times); a date we cannot read is
    // ignored rather than guessed.
    void httpDates_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<QDateTime>("expected");
        const QDateTime none;
        QTest::newRow("IMF-fixdate") << QByteArray("Sun, 06 Nov 1994 08:49:37 GMT")
                                     << QDateTime(QDate(1994, 11, 6), QTime(8, 49, 37), Qt::UTC);
        QTest::newRow("surrounding space") << QByteArray("  Mon, 30 Nov 2026 23:59:59 GMT ")
                                           << QDateTime(QDate(2026, 11, 30), QTime(23, 59, 59), Qt::UTC);
        QTest::newRow("leap day") << QByteArray("Thu, 29 Feb 2024 00:00:00 GMT")
                                  << QDateTime(QDate(2024, 2, 29), QTime(0, 0), Qt::UTC);
        QTest::newRow("weekday does not match") << QByteArray("Mon, 06 Nov 1994 08:49:37 GMT") << none;
        QTest::newRow("no such day") << QByteArray("Mon, 30 Feb 2026 10:00:00 GMT") << none;
        QTest::newRow("hour 24") << QByteArray("Sun, 06 Nov 1994 24:00:00 GMT") << none;
        QTest::newRow("unknown month") << QByteArray("Sun, 06 Nix 1994 08:49:37 GMT") << none;
        QTest::newRow("lower-case month") << QByteArray("Sun, 06 nov 1994 08:49:37 GMT") << none;
        QTest::newRow("not GMT") << QByteArray("Sun, 06 Nov 1994 08:49:37 UTC") << none;
        QTest::newRow("sign in the year") << QByteArray("Sun, 06 Nov -994 08:49:37 GMT") << none;
        QTest::newRow("RFC 850") << QByteArray("Sunday, 06-Nov-94 08:49:37 GMT") << none;
        QTest::newRow("empty") << QByteArray() << none;
    }

    void httpDates()
    {
        QFETCH(QByteArray, header);
        QFETCH(QDateTime, expected);
        const auto parsed = WireTime::parseHttpDate(header);
        QCOMPARE(parsed.has_value(), expected.isValid());
        if (parsed)
            QCOMPARE(*parsed, expected);
    }

    void callsEndedInsideAnotherCallsAnswerLeaveItsConnectionAlone()
    {
        // Stopping the Runner as an answer arrives: the answer's handler reuses the connection the
        // answer is still being read from, aborts that call and sends another. None of this may
        // delete the connection under the read in progress (it used to crash the tray on stop).
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        peer.setKeepAlive(true);
        peer.enqueueJson(200, { { QStringLiteral("n"), 1 } });
        FaultyHttpPeer::Response slow;
        slow.delayMs = 5000;
        peer.enqueue(slow);
        peer.enqueueJson(200, { { QStringLiteral("n"), 3 } });
        ApiClient client(peer.url(), m_clock);
        ApiCall *first = client.send(post(QStringLiteral("/v1/a")));
        QList<ApiResponse> answers;
        connect(first, &ApiCall::finished, this, [&](const ApiResponse &) {
            ApiCall *aborted = client.send(post(QStringLiteral("/v1/b")));
            connect(aborted, &ApiCall::finished, this, [&](const ApiResponse &r) { answers.append(r); });
            aborted->abort();
            ApiCall *last = client.send(post(QStringLiteral("/v1/c")));
            connect(last, &ApiCall::finished, this, [&](const ApiResponse &r) { answers.append(r); });
            client.abortAll(); // and what Runner::fail does next
            client.send(post(QStringLiteral("/v1/d")));
        });
        QTRY_COMPARE(answers.size(), 2);
        QCOMPARE(answers.at(0).error.kind, ApiError::Kind::Aborted);
        QCOMPARE(answers.at(1).error.kind, ApiError::Kind::Aborted);
        QTRY_VERIFY(peer.requests().size() >= 2);
        QTest::qWait(50); // the events of the connection that carried the first answer
    }

    void abortAllCopesWithHandlersThatSend()
    {
        // Runner::fail aborts every call; a handler that sends at once frees the calls that had
        // already ended. abortAll() must neither touch those nor abort what the handler sent.
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response slow;
        slow.delayMs = 5000;
        peer.enqueue(slow);
        peer.enqueueJson(200, { { QStringLiteral("n"), 2 } });
        peer.enqueueJson(200, { { QStringLiteral("n"), 3 } });
        ApiClient client(peer.url(), m_clock);
        ApiCall *pending = client.send(post(QStringLiteral("/v1/slow")));
        std::optional<ApiResponse> followUp;
        connect(pending, &ApiCall::finished, this, [&](const ApiResponse &) {
            ApiCall *next = client.send(post(QStringLiteral("/v1/after")));
            connect(next, &ApiCall::finished, this, [&](const ApiResponse &r) { followUp = r; });
        });
        QTRY_COMPARE(peer.requests().size(), 1);
        QCOMPARE(call(client, post(QStringLiteral("/v1/quick"))).body.value(QStringLiteral("n")).toInt(), 2);
        client.abortAll();
        QTRY_VERIFY(followUp.has_value());
        QVERIFY2(followUp->ok(), qPrintable(followUp->error.describe()));
        QCOMPARE(followUp->body.value(QStringLiteral("n")).toInt(), 3);
    }

    void abortEndsTheCall()
    {
        FaultyHttpPeer peer;
        QVERIFY(peer.listen());
        FaultyHttpPeer::Response slow;
        slow.delayMs = 5000;
        peer.enqueue(slow);
        ApiClient client(peer.url(), m_clock);
        ApiCall *c = client.send(post(QStringLiteral("/v1/x")));
        QSignalSpy finished(c, &ApiCall::finished);
        QTRY_COMPARE(peer.requests().size(), 1);
        c->abort();
        QTRY_COMPARE(finished.size(), 1);
        QCOMPARE(finished.first().first().value<ApiResponse>().error.kind, ApiError::Kind::Aborted);
    }
};

QTEST_GUILESS_MAIN(TestApiClient)
#include "tst_apiclient.moc"
