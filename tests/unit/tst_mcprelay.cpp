// §6.10: a run's MCP relay, with this test as the bridge (a QLocalSocket on the run's socket) and
// FakeRunPlane as the control plane. Also the pure line framing and message check.
#include "RunBench.h"

#include <runnercore/relay/McpFraming.h>
#include <runnercore/relay/McpRelay.h>
#include <runnercore/work/RunExecution.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocalSocket>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace runnercore;

namespace {
QByteArray request(int id, const QString &text = QStringLiteral("hi"))
{
    return QJsonDocument(
               QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), id },
                   { QStringLiteral("method"), QStringLiteral("tools/call") },
                   { QStringLiteral("params"),
                       QJsonObject { { QStringLiteral("name"), QStringLiteral("echo") },
                           { QStringLiteral("arguments"), QJsonObject { { QStringLiteral("text"), text } } } } } })
               .toJson(QJsonDocument::Compact)
        + '\n';
}

// The bridge's side of one connection: writes lines, collects the messages that come back.
struct Client
{
    QLocalSocket socket;
    QByteArray buffer;
    QList<QJsonObject> received;

    bool connectTo(const QString &path, const QString &name = QStringLiteral("checkfu"))
    {
        socket.connectToServer(path);
        if (!socket.waitForConnected(2000))
            return false;
        socket.write(McpBridgeHello::line(name));
        return true;
    }
    void send(const QByteArray &bytes) { socket.write(bytes); }
    // Waits (in the event loop) until n messages arrived in all.
    bool waitFor(int n, int timeoutMs = 5000)
    {
        return QTest::qWaitFor(
            [&] {
                buffer += socket.readAll();
                qsizetype end;
                while ((end = buffer.indexOf('\n')) >= 0) {
                    received << QJsonDocument::fromJson(buffer.left(end)).object();
                    buffer.remove(0, end + 1);
                }
                return received.size() >= n;
            },
            timeoutMs);
    }
    QJsonObject byId(int id) const
    {
        for (const QJsonObject &m : received) {
            if (m.value(QStringLiteral("id")).toInt() == id)
                return m;
        }
        return {};
    }
};

// A tier that cannot show the harness the bridge (as docker today).
class NoBridgeProvider : public FakeProvider
{
public:
    QString mcpBridgeCommand() const override { return QString(); }
};

int errorCode(const QJsonObject &m)
{
    return m.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}
} // namespace

class TestMcpRelay : public QObject
{
    Q_OBJECT

    RunBench b;
    QTemporaryDir dir;
    std::unique_ptr<McpRelay> relay;

    void makeRelay(std::function<bool(qint64)> peerAllowed = {}, int maxAttempts = 2)
    {
        McpRelay::Setup setup;
        setup.runId = RunBench::runId(1);
        setup.claimId = RunBench::claimId(1);
        setup.socketPath = dir.filePath(QStringLiteral("mcp.sock"));
        setup.protocolByName.insert(QStringLiteral("checkfu"), QStringLiteral("platform-mcp-v1"));
        setup.peerAllowed
            = peerAllowed ? peerAllowed : [](qint64 pid) { return pid == QCoreApplication::applicationPid(); };
        setup.maxAttempts = maxAttempts;
        relay = std::make_unique<McpRelay>(
            *b.api, [this] { return b.identity->token(); }, &b.masker, setup);
        QString error;
        QVERIFY2(relay->listen(&error), qPrintable(error));
    }

private slots:
    void initTestCase() { QVERIFY(b.setUp()); }
    void init()
    {
        b.plane.mcpCalls.clear();
        b.plane.mcpDefer = false;
        b.plane.mcpDown = false;
        b.plane.mcpDelayMs = 0;
        b.plane.mcpSettled.clear();
    }
    void cleanup() { relay.reset(); }

    void framerSplitsLinesAndBoundsThem()
    {
        McpLineFramer framer;
        QCOMPARE(framer.push("{\"a\":1}\r\n{\"b\""), QList<QByteArray> { "{\"a\":1}" });
        QCOMPARE(framer.push(":2}\n\n"), (QList<QByteArray> { "{\"b\":2}", "" }));
        QVERIFY(!framer.overflowed());
        framer.push(QByteArray(McpLineFramer::MaxLineBytes, 'x'));
        QVERIFY(framer.push("y").isEmpty());
        QVERIFY(framer.overflowed());
        QVERIFY(framer.push("\n{}\n").isEmpty()); // nothing after an overflow
    }

    void messageCheck_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QJsonValue>("id");
        using K = McpMessage::Kind;
        QTest::newRow("request") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")
                                 << int(K::Request) << QJsonValue(1);
        QTest::newRow("string id") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"method\":\"x\",\"params\":{}}")
                                   << int(K::Request) << QJsonValue(QStringLiteral("a"));
        QTest::newRow("notification") << QByteArray("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")
                                      << int(K::Notification) << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("response") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}") << int(K::Response)
                                  << QJsonValue(3);
        QTest::newRow("blank") << QByteArray("  ") << int(K::Blank) << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("not json") << QByteArray("hello") << int(K::Invalid) << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("batch") << QByteArray("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"}]") << int(K::Invalid)
                               << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("no jsonrpc, with id")
            << QByteArray("{\"id\":4,\"method\":\"x\"}") << int(K::Invalid) << QJsonValue(4);
        QTest::newRow("method not a string")
            << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":7}") << int(K::Invalid) << QJsonValue(5);
        QTest::newRow("object id") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}") << int(K::Invalid)
                                   << QJsonValue(QJsonValue::Undefined);
        QTest::newRow("result and error") << QByteArray("{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":1,\"error\":{}}")
                                          << int(K::Invalid) << QJsonValue(6);
        QTest::newRow("params a string") << QByteArray(
            "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"x\",\"params\":\"p\"}")
                                         << int(K::Invalid) << QJsonValue(9);
        const QByteArray big = "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"x\",\"params\":{\"p\":\""
            + QByteArray(McpMessage::MaxBytes, 'a') + "\"}}";
        QTest::newRow("over 1 MiB") << big << int(K::Invalid) << QJsonValue(8);
    }

    void messageCheck()
    {
        QFETCH(QByteArray, line);
        QFETCH(int, kind);
        QFETCH(QJsonValue, id);
        const McpMessage m = McpMessage::check(line);
        QCOMPARE(int(m.kind), kind);
        QCOMPARE(m.id, id);
        if (m.kind == McpMessage::Kind::Invalid)
            QVERIFY(!m.problem.isEmpty());
    }

    void helloNamesAnEntry()
    {
        QCOMPARE(
            McpBridgeHello::parse("checkfu-mcp-bridge 1 checkfu"), std::optional<QString>(QStringLiteral("checkfu")));
        QCOMPARE(McpBridgeHello::parse("checkfu-mcp-bridge 1 Checkfu"), std::nullopt);
        QCOMPARE(McpBridgeHello::parse("checkfu-mcp-bridge 2 checkfu"), std::nullopt);
        QCOMPARE(McpBridgeHello::parse("checkfu-mcp-bridge 1 a b"), std::nullopt);
    }

    void relaysACallAndItsAnswer()
    {
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        QSignalSpy tools(relay.get(), &McpRelay::toolCalled);
        c.send(request(1, QStringLiteral("ping")));
        QVERIFY(c.waitFor(1));
        QCOMPARE(c.received[0]
                     .value(QStringLiteral("result"))
                     .toObject()
                     .value(QStringLiteral("content"))
                     .toArray()
                     .at(0)
                     .toObject()
                     .value(QStringLiteral("text"))
                     .toString(),
            QStringLiteral("ping"));
        QCOMPARE(b.plane.mcpCalls.size(), 1);
        const QJsonObject body = b.plane.mcpCalls[0];
        QCOMPARE(body.value(QStringLiteral("claim_id")).toString(), RunBench::claimId(1));
        QCOMPARE(body.value(QStringLiteral("protocol")).toString(), QStringLiteral("platform-mcp-v1"));
        QVERIFY(QRegularExpression(QStringLiteral("^mcpc_[0-9a-f]{32}$"))
                    .match(body.value(QStringLiteral("connection")).toString())
                    .hasMatch());
        QCOMPARE(tools.size(), 1);
        QCOMPARE(relay->awaiting(), 0);
        // The call went with the workload token, under an Idempotency-Key.
        const auto &requests = b.peer.requests();
        const auto mcp = std::find_if(requests.rbegin(), requests.rend(),
            [](const FaultyHttpPeer::Request &r) { return r.path.endsWith("/mcp"); });
        QVERIFY(mcp != requests.rend());
        QVERIFY(mcp->headers.value("authorization").startsWith("Bearer "));
        QVERIFY(!mcp->headers.value("idempotency-key").isEmpty());
    }

    void fortyConcurrentCallsNeverExceedSixteenAtThePlane()
    {
        b.plane.mcpDefer = true;
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        QByteArray burst;
        for (int i = 1; i <= 40; ++i)
            burst += request(i);
        c.send(burst);
        // 24 are answered at once with -32000 {limit: 16}; 16 reach the plane.
        QVERIFY(c.waitFor(24));
        for (const QJsonObject &m : std::as_const(c.received)) {
            QCOMPARE(errorCode(m), McpRelay::LimitReached);
            QCOMPARE(m.value(QStringLiteral("error"))
                         .toObject()
                         .value(QStringLiteral("data"))
                         .toObject()
                         .value(QStringLiteral("limit")),
                QJsonValue(16));
        }
        QTRY_COMPARE(b.plane.mcpCalls.size(), 16);
        QCOMPARE(relay->awaiting(), 16);
        // The plane answers later, as directives: each answer frees a place.
        for (const QJsonObject &call : std::as_const(b.plane.mcpCalls)) {
            const QJsonObject m = call.value(QStringLiteral("messages")).toArray().at(0).toObject();
            relay->deliver(QJsonObject { { QStringLiteral("type"), QStringLiteral("mcp") },
                { QStringLiteral("run_id"), RunBench::runId(1) },
                { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
                { QStringLiteral("connection"), call.value(QStringLiteral("connection")) },
                { QStringLiteral("message"),
                    QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                        { QStringLiteral("id"), m.value(QStringLiteral("id")) },
                        { QStringLiteral("result"), QJsonObject {} } } } });
        }
        QVERIFY(c.waitFor(40));
        QCOMPARE(relay->awaiting(), 0);
        QSet<int> answered;
        for (const QJsonObject &m : std::as_const(c.received))
            answered.insert(m.value(QStringLiteral("id")).toInt());
        QCOMPARE(answered.size(), 40); // every call got exactly one answer
        // The places are free again.
        c.send(request(41));
        QTRY_COMPARE(b.plane.mcpCalls.size(), 17);
    }

    // Issue 35: twenty connections of a run flood notifications while the plane takes 100 ms a call.
    // The run never has more than MaxCallsInFlight calls at once (and the plane sees no more
    // connections than relayed calls may hold); each connection's notifications all arrive, in order,
    // many to a call.
    void notificationsOfManyConnectionsShareTheRunsBoundedCalls()
    {
        b.plane.mcpDelayMs = 100;
        b.peer.resetPeak();
        makeRelay();
        constexpr int Connections = 20, PerConnection = 300;
        std::vector<std::unique_ptr<Client>> clients;
        for (int k = 0; k < Connections; ++k) {
            clients.push_back(std::make_unique<Client>());
            QVERIFY(clients.back()->connectTo(relay->socketPath()));
            QTRY_COMPARE(relay->connectionCount(), k + 1); // accepted: the socket's backlog is short
            QByteArray burst;
            for (int i = 0; i < PerConnection; ++i)
                burst += QJsonDocument(
                             QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                                 { QStringLiteral("method"), QStringLiteral("notifications/progress") },
                                 { QStringLiteral("params"),
                                     QJsonObject { { QStringLiteral("client"), k }, { QStringLiteral("seq"), i } } } })
                             .toJson(QJsonDocument::Compact)
                    + '\n';
            clients.back()->send(burst);
        }
        int peakInFlight = 0;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this,
            [this, &peakInFlight] { peakInFlight = std::max(peakInFlight, relay->callsInFlight()); });
        sampler.start(1);
        const auto relayed = [this] {
            int n = 0;
            for (const QJsonObject &call : std::as_const(b.plane.mcpCalls))
                n += int(call.value(QStringLiteral("messages")).toArray().size());
            return n;
        };
        QTRY_COMPARE_WITH_TIMEOUT(relayed(), Connections * PerConnection, 30000);
        QHash<int, int> next; // client → the seq it should send next
        for (const QJsonObject &call : std::as_const(b.plane.mcpCalls)) {
            for (const QJsonValue &v : call.value(QStringLiteral("messages")).toArray()) {
                const QJsonObject params = v.toObject().value(QStringLiteral("params")).toObject();
                QCOMPARE(params.value(QStringLiteral("seq")).toInt(),
                    next[params.value(QStringLiteral("client")).toInt()]++);
            }
        }
        qInfo("%d notifications from %d connections: %d calls, at most %d in flight, %d connections at the plane",
            Connections * PerConnection, Connections, int(b.plane.mcpCalls.size()), peakInFlight,
            b.peer.peakOpenConnections());
        QVERIFY(peakInFlight <= McpRelay::MaxCallsInFlight);
        QVERIFY(b.peer.peakOpenConnections() <= ApiClient::MaxConnections - ApiClient::ReservedConnections);
        QVERIFY(b.plane.mcpCalls.size() < Connections * PerConnection / 4);
        QTRY_COMPARE(relay->callsInFlight(), 0);
    }

    void badMessagesAreRefusedAndTheRelayGoesOn()
    {
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        QSignalSpy warnings(relay.get(), &McpRelay::warning);
        c.send("this is not json\n");
        c.send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}"
               "\n");
        c.send("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/call\",\"params\":{\"p\":\""
            + QByteArray(1100 * 1024, 'a') + "\"}}\n");
        c.send(request(9));
        QVERIFY(c.waitFor(3));
        QCOMPARE(errorCode(c.byId(7)), McpRelay::InvalidRequest);
        QCOMPARE(errorCode(c.byId(8)), McpRelay::InvalidRequest);
        QVERIFY(c.byId(9).contains(QStringLiteral("result")));
        QTRY_COMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0][0].toString(), QStringLiteral("mcp_message_refused"));
        QVERIFY(!warnings[0][1].toString().contains(QStringLiteral("this is not json"))); // no content
        QCOMPARE(b.plane.mcpCalls.size(), 1);
    }

    void planeDownGivesAnErrorAfterTheRetryBudget()
    {
        makeRelay({}, 2);
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        b.plane.mcpDown = true;
        c.send(request(1));
        QVERIFY(c.waitFor(1, 10000));
        QCOMPARE(errorCode(c.byId(1)), McpRelay::PlaneUnreachable);
        QCOMPARE(relay->awaiting(), 0);
        b.plane.mcpDown = false;
        c.send(request(2));
        QVERIFY(c.waitFor(2));
        QVERIFY(c.byId(2).contains(QStringLiteral("result")));
    }

    void secretsAreMaskedBothWays()
    {
        const QString secret = QStringLiteral("cfw_relay_secret_0123456789");
        b.masker.addSecret(secret);
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        c.send(request(1, QStringLiteral("my key is ") + secret));
        QVERIFY(c.waitFor(1));
        const QByteArray sent = QJsonDocument(b.plane.mcpCalls.at(0)).toJson();
        QVERIFY(!sent.contains(secret.toUtf8()));
        QVERIFY(sent.contains("my key is ***"));
        // And what the plane sends the harness.
        b.plane.mcpDefer = true;
        c.send(request(2));
        QTRY_COMPARE(b.plane.mcpCalls.size(), 2);
        relay->deliver(
            QJsonObject { { QStringLiteral("connection"), b.plane.mcpCalls[1].value(QStringLiteral("connection")) },
                { QStringLiteral("message"),
                    QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), 2 },
                        { QStringLiteral("result"), QJsonObject { { QStringLiteral("leak"), secret } } } } } });
        QVERIFY(c.waitFor(2));
        QCOMPARE(c.byId(2).value(QStringLiteral("result")).toObject().value(QStringLiteral("leak")).toString(),
            QStringLiteral("***"));
        b.masker.removeSecret(secret);
    }

    void directivesForAGoneConnectionAreDropped()
    {
        b.plane.mcpDefer = true;
        makeRelay();
        auto c = std::make_unique<Client>();
        QVERIFY(c->connectTo(relay->socketPath()));
        c->send(request(1));
        QTRY_COMPARE(b.plane.mcpCalls.size(), 1);
        QCOMPARE(relay->awaiting(), 1);
        const QString connection = b.plane.mcpCalls[0].value(QStringLiteral("connection")).toString();
        c.reset();
        QTRY_COMPARE(relay->connectionCount(), 0);
        QCOMPARE(relay->awaiting(), 0); // a gone connection holds no place
        relay->deliver(QJsonObject { { QStringLiteral("connection"), connection },
            { QStringLiteral("message"), QJsonObject { { QStringLiteral("id"), 1 } } } });
        QCOMPARE(relay->connectionCount(), 0);
    }

    void settlementAnswersEveryAwaitingRequest()
    {
        b.plane.mcpDefer = true;
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        c.send(request(1) + request(2) + request(3));
        QTRY_COMPARE(b.plane.mcpCalls.size(), 3);
        relay->close();
        QVERIFY(c.waitFor(3));
        for (int id = 1; id <= 3; ++id)
            QCOMPARE(errorCode(c.byId(id)), McpRelay::RelayEnded);
        QTRY_VERIFY(c.socket.state() == QLocalSocket::UnconnectedState);
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("mcp.sock"))));
    }

    void alreadySettledEndsTheRelay()
    {
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        QSignalSpy ended(relay.get(), &McpRelay::ended);
        b.plane.mcpSettled.insert(RunBench::runId(1));
        c.send(request(1));
        QVERIFY(c.waitFor(1));
        QCOMPARE(errorCode(c.byId(1)), McpRelay::RelayEnded);
        QCOMPARE(ended.size(), 1);
    }

    void aPeerOutsideTheRunIsRefused()
    {
        makeRelay([](qint64) { return false; });
        QSignalSpy warnings(relay.get(), &McpRelay::warning);
        Client c;
        QVERIFY(c.connectTo(relay->socketPath()));
        c.send(request(1));
        QTRY_VERIFY(c.socket.state() == QLocalSocket::UnconnectedState);
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings[0][0].toString(), QStringLiteral("mcp_connection_refused"));
        QVERIFY(b.plane.mcpCalls.isEmpty());
    }

    // §6.10 on a tier that does not relay (docker): refused before anything is prepared, saying why.
    void aTierWithoutTheBridgeRefusesPlaneMcp()
    {
        NoBridgeProvider tier;
        RunEnvironment e = b.env();
        e.provider = [&tier](const QString &id) -> SandboxProvider * { return id == tier.id() ? &tier : nullptr; };
        QJsonObject spec = RunBench::runSpec();
        spec[QStringLiteral("plane_mcp")]
            = QJsonArray { QJsonObject { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
                { QStringLiteral("name"), QStringLiteral("checkfu") } } };
        RunExecution run(RunBench::claim(9, spec), e);
        QSignalSpy finished(&run, &RunExecution::finished);
        run.start();
        QVERIFY(finished.wait(5000));
        const QJsonObject settlement = b.plane.settlements.value(RunBench::runId(9));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("plane_protocol_unsupported"));
        QVERIFY(tier.prepared.isEmpty());
        const QJsonObject refused = b.plane.events.value(RunBench::runId(9)).value(0);
        QVERIFY2(refused.value(QStringLiteral("data"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .contains(tier.id()),
            QJsonDocument(refused).toJson().constData());
    }

    void aConnectionMustNameAnEntry()
    {
        makeRelay();
        Client c;
        QVERIFY(c.connectTo(relay->socketPath(), QStringLiteral("other")));
        c.send(request(1));
        QTRY_VERIFY(c.socket.state() == QLocalSocket::UnconnectedState);
        QVERIFY(b.plane.mcpCalls.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestMcpRelay)
#include "tst_mcprelay.moc"
