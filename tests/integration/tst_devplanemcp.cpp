// The devplane's side of §6.10: POST /v1/runner/runs/{run_id}/mcp and the platform's MCP
// servers behind it. The test speaks the Runner's half of the wire itself (WireRunner):
// - the enrollment offers plane_protocols and the ceiling intersects them;
// - the acp and mcp presets ask for run_spec.plane_mcp;
// - refusals: credentials, run_not_found, each bad field named, claim_id, already_settled, lease_lost;
// - initialize (version negotiation), ping, tools/list, tools/call of every tool on both protocols,
//   unknown methods and tools, bad arguments;
// - session_note lands in the Session (events answer, the dashboard's long-poll wakes) and no
//   message content reaches the request log;
// - slow_echo within the (short) answer window is in the answer; beyond it, an `mcp` directive;
// - a retried call (same Idempotency-Key, also while the first is still held) calls no tool twice;
// - GET /v1/_dev/runs/{id}/mcp counts the requests in flight at the plane (for the Runner's bound).
// Runtime: a few seconds (answer window 400 ms, lease 2 s on the second devplane).
#include "DevPlaneProcess.h"
#include "WireRunner.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkReply>
#include <QTest>
#include <QUuid>

#include <memory>

using Reply = WireRunner::Reply;

namespace {

const QString mcpV1 = QStringLiteral("platform-mcp-v1");
const QString controlV2 = QStringLiteral("platform-control-mcp-v2");
constexpr int answerWindowMs = 400;

QString newConnection()
{
    return QStringLiteral("mcpc_") + QUuid::createUuid().toString(QUuid::Id128);
}

QJsonObject request(const QJsonValue &id, const QString &method, const QJsonObject &params = {})
{
    return { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), id },
        { QStringLiteral("method"), method }, { QStringLiteral("params"), params } };
}

QJsonObject toolCall(const QJsonValue &id, const QString &tool, const QJsonObject &arguments = {})
{
    return request(id, QStringLiteral("tools/call"),
        { { QStringLiteral("name"), tool }, { QStringLiteral("arguments"), arguments } });
}

QString textOf(const QJsonObject &answer)
{
    return answer.value(QStringLiteral("result"))
        .toObject()
        .value(QStringLiteral("content"))
        .toArray()
        .at(0)
        .toObject()
        .value(QStringLiteral("text"))
        .toString();
}

int errorCodeOf(const QJsonObject &answer)
{
    return answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toInt();
}

QString errorMessageOf(const QJsonObject &answer)
{
    return answer.value(QStringLiteral("error")).toObject().value(QStringLiteral("message")).toString();
}

} // namespace

class TestDevPlaneMcp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void enrollmentOffersThePlaneProtocols();
    void presetsAskForPlaneMcp();
    void refusesWhatIsNotItsRunOrShape();
    void refusesSettledAndLapsedRuns();
    void answersInitializePingAndToolsList();
    void callsEachTool();
    void sessionNoteShowsInTheSession();
    void slowToolWithinTheWindowIsInTheAnswer();
    void slowToolBeyondTheWindowComesAsADirective();
    void retriesCallNoToolTwice();
    void countsRequestsInFlightForTests();

private:
    // An acp Session asking for `planeMcp`, claimed by m_runner: {session_id, run_id, claim_id, …}.
    QJsonObject claimSession(const QString &planeMcp = QStringLiteral("both"));
    Reply relay(const QJsonObject &claim, const QString &protocol, const QString &connection,
        const QJsonArray &messages, const QString &idempotencyKey = {});
    QNetworkReply *startRelay(const QJsonObject &claim, const QString &protocol, const QString &connection,
        const QJsonArray &messages, const QString &idempotencyKey);
    QJsonObject sessionEvents(const QString &sessionId);

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<WireRunner> m_runner;
    QString m_agent = QStringLiteral("agent=[\"node\",\"/abs/path/agent.mjs\"]");
};

void TestDevPlaneMcp::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>(
        QStringList { QStringLiteral("--mcp-answer-window-ms"), QString::number(answerWindowMs) });
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<WireRunner>(*m_devplane);
    QVERIFY2(m_runner->enroll(&error, { mcpV1, controlV2 }), qPrintable(error));
}

void TestDevPlaneMcp::cleanupTestCase()
{
    m_runner.reset();
    m_devplane.reset();
}

QJsonObject TestDevPlaneMcp::claimSession(const QString &planeMcp)
{
    QString error;
    const QJsonObject created = m_devplane->createSession(
        QStringLiteral("acp"), { m_agent, QStringLiteral("plane_mcp=") + planeMcp }, {}, &error);
    if (created.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    const QJsonObject claim = m_runner->claim();
    if (claim.value(QStringLiteral("session_id")) != created.value(QStringLiteral("session_id"))) {
        qWarning("no claim of %s", qPrintable(created.value(QStringLiteral("session_id")).toString()));
        return {};
    }
    return claim;
}

QNetworkReply *TestDevPlaneMcp::startRelay(const QJsonObject &claim, const QString &protocol, const QString &connection,
    const QJsonArray &messages, const QString &idempotencyKey)
{
    const QByteArray body = QJsonDocument(
        QJsonObject { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) },
            { QStringLiteral("protocol"), protocol }, { QStringLiteral("connection"), connection },
            { QStringLiteral("messages"),
                messages } }).toJson(QJsonDocument::Compact);
    return m_runner->start("POST",
        QStringLiteral("/v1/runner/runs/%1/mcp").arg(claim.value(QStringLiteral("run_id")).toString()), &body,
        m_runner->token(), idempotencyKey);
}

Reply TestDevPlaneMcp::relay(const QJsonObject &claim, const QString &protocol, const QString &connection,
    const QJsonArray &messages, const QString &idempotencyKey)
{
    return WireRunner::finish(startRelay(claim, protocol, connection, messages, idempotencyKey));
}

QJsonObject TestDevPlaneMcp::sessionEvents(const QString &sessionId)
{
    return m_devplane->sessionEvents(sessionId);
}

void TestDevPlaneMcp::enrollmentOffersThePlaneProtocols()
{
    const QJsonArray served { mcpV1, controlV2 };
    QCOMPARE(m_runner->redemption()
                 .value(QStringLiteral("enrollment"))
                 .toObject()
                 .value(QStringLiteral("plane_protocols"))
                 .toArray(),
        served);
    QCOMPARE(m_runner->identity()
                 .value(QStringLiteral("ceiling"))
                 .toObject()
                 .value(QStringLiteral("plane_protocols"))
                 .toArray(),
        served);
    // A protocol this devplane does not serve never enters the ceiling.
    WireRunner other(*m_devplane);
    QString error;
    QVERIFY2(other.enroll(&error, { QStringLiteral("platform-future-mcp-v9"), controlV2 }), qPrintable(error));
    QCOMPARE(
        other.identity().value(QStringLiteral("ceiling")).toObject().value(QStringLiteral("plane_protocols")).toArray(),
        QJsonArray { controlV2 });
}

void TestDevPlaneMcp::presetsAskForPlaneMcp()
{
    // acp: platform-mcp-v1 as "checkfu" unless told otherwise.
    QString error;
    QJsonObject created = m_devplane->createSession(QStringLiteral("acp"), { m_agent }, {}, &error);
    QVERIFY2(!created.isEmpty(), qPrintable(error));
    QJsonObject claim = m_runner->claim();
    QCOMPARE(claim.value(QStringLiteral("run_spec")).toObject().value(QStringLiteral("plane_mcp")).toArray(),
        (QJsonArray { QJsonObject {
            { QStringLiteral("protocol"), mcpV1 }, { QStringLiteral("name"), QStringLiteral("checkfu") } } }));
    created
        = m_devplane->createSession(QStringLiteral("acp"), { m_agent, QStringLiteral("plane_mcp=none") }, {}, &error);
    QVERIFY2(!created.isEmpty(), qPrintable(error));
    claim = m_runner->claim();
    QVERIFY(!claim.value(QStringLiteral("run_spec")).toObject().contains(QStringLiteral("plane_mcp")));
    // mcp: a oneshot harness with both servers.
    created = m_devplane->createSession(QStringLiteral("mcp"),
        { QStringLiteral("client=[\"node\",\"/abs/oneshot-client.mjs\",\"echo\"]"), QStringLiteral("plane_mcp=both"),
            QStringLiteral("network=none") },
        {}, &error);
    QVERIFY2(!created.isEmpty(), qPrintable(error));
    claim = m_runner->claim();
    const QJsonObject runSpec = claim.value(QStringLiteral("run_spec")).toObject();
    QCOMPARE(runSpec.value(QStringLiteral("plane_mcp")).toArray().size(), 2);
    QCOMPARE(runSpec.value(QStringLiteral("plane_mcp")).toArray().at(1).toObject().value(QStringLiteral("name")),
        QJsonValue(QStringLiteral("checkfu-control")));
    QCOMPARE(runSpec.value(QStringLiteral("harness")).toObject().value(QStringLiteral("driver")),
        QJsonValue(QStringLiteral("checkfu:oneshot-v1@1")));
    QCOMPARE(runSpec.value(QStringLiteral("environment"))
                 .toObject()
                 .value(QStringLiteral("requirements"))
                 .toObject()
                 .value(QStringLiteral("network")),
        QJsonValue(QStringLiteral("none")));
    // Bad values are named.
    const DevPlaneProcess::AdminResult r = m_devplane->runAdmin(
        { QStringLiteral("session"), QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("acp"),
            QStringLiteral("--param"), m_agent, QStringLiteral("--param"), QStringLiteral("plane_mcp=all") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--param plane_mcp must be platform-mcp-v1, platform-control-mcp-v2, both or none"),
        r.err.constData());
    const DevPlaneProcess::AdminResult noClient = m_devplane->runAdmin(
        { QStringLiteral("session"), QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("mcp") });
    QCOMPARE(noClient.exitCode, 1);
    QVERIFY2(noClient.err.contains("--param client"), noClient.err.constData());
}

void TestDevPlaneMcp::refusesWhatIsNotItsRunOrShape()
{
    const QJsonObject claim = claimSession(mcpV1);
    QVERIFY(!claim.isEmpty());
    const QString runId = claim.value(QStringLiteral("run_id")).toString();
    const QString path = QStringLiteral("/v1/runner/runs/%1/mcp").arg(runId);
    const QJsonArray ping { request(1, QStringLiteral("ping")) };
    const QJsonObject good { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) },
        { QStringLiteral("protocol"), mcpV1 }, { QStringLiteral("connection"), newConnection() },
        { QStringLiteral("messages"), ping } };
    const QByteArray goodBody = QJsonDocument(good).toJson(QJsonDocument::Compact);

    // Credentials: none, and the admin key where a workload token belongs.
    Reply reply = m_runner->call("POST", path, &goodBody, QString());
    QCOMPARE(reply.status, 401);
    QCOMPARE(reply.errorCode(), QStringLiteral("missing_credential"));
    reply = m_runner->call("POST", path, &goodBody, m_devplane->adminKey());
    QCOMPARE(reply.status, 401);
    QCOMPARE(reply.errorCode(), QStringLiteral("invalid_credential_use"));
    // Another Run, or none.
    reply = m_runner->runnerCall("POST", QStringLiteral("/v1/runner/runs/run_0123/mcp"), good);
    QCOMPARE(reply.status, 404);
    QCOMPARE(reply.errorCode(), QStringLiteral("run_not_found"));
    // Not a JSON object.
    const QByteArray notJson("[1,2]");
    reply = m_runner->call("POST", path, &notJson, m_runner->token());
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.errorCode(), QStringLiteral("malformed_body"));

    struct Case
    {
        QString field;
        QJsonValue value; // undefined: the field left out
        QString expectedField;
        QString message;
    };
    const QList<Case> cases {
        { QStringLiteral("claim_id"), QJsonValue(QJsonValue::Undefined), QStringLiteral("claim_id"), QString() },
        { QStringLiteral("claim_id"), QStringLiteral("clm_0"), QStringLiteral("claim_id"),
            QStringLiteral("does not match") },
        { QStringLiteral("protocol"), QJsonValue(QJsonValue::Undefined), QStringLiteral("protocol"), QString() },
        // The run asked for platform-mcp-v1 only.
        { QStringLiteral("protocol"), controlV2, QStringLiteral("protocol"),
            QStringLiteral("one this run asked for in run_spec.plane_mcp: platform-mcp-v1") },
        { QStringLiteral("connection"), 7, QStringLiteral("connection"), QString() },
        { QStringLiteral("connection"), QStringLiteral("mcpc_ABC"), QStringLiteral("connection"),
            QStringLiteral("mcpc_ followed by 32 lowercase hex digits") },
        { QStringLiteral("messages"), QJsonObject(), QStringLiteral("messages"), QString() },
        { QStringLiteral("messages"), QJsonArray { ping.at(0), QStringLiteral("ping") }, QStringLiteral("messages[1]"),
            QStringLiteral("JSON-RPC 2.0 object") },
        { QStringLiteral("messages"),
            QJsonArray { QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("1.0") },
                { QStringLiteral("id"), 1 }, { QStringLiteral("method"), QStringLiteral("ping") } } },
            QStringLiteral("messages[0]"), QStringLiteral("\"jsonrpc\": \"2.0\"") },
        { QStringLiteral("messages"),
            QJsonArray {
                QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), 1 } } },
            QStringLiteral("messages[0]"), QStringLiteral("neither a request") },
    };
    for (const Case &c : cases) {
        QJsonObject body = good;
        if (c.value.isUndefined()) {
            body.remove(c.field);
        } else {
            body.insert(c.field, c.value);
        }
        reply = m_runner->runnerCall("POST", path, body);
        QVERIFY2(reply.status == 400, reply.describe().constData());
        QCOMPARE(reply.errorCode(), QStringLiteral("invalid_field"));
        QCOMPARE(reply.errorField(), c.expectedField);
        QVERIFY2(reply.body.value(QStringLiteral("error"))
                     .toObject()
                     .value(QStringLiteral("message"))
                     .toString()
                     .contains(c.message),
            reply.describe().constData());
    }
    // A run that asked for no plane protocol gets none.
    const QJsonObject bare = claimSession(QStringLiteral("none"));
    QVERIFY(!bare.isEmpty());
    reply = relay(bare, mcpV1, newConnection(), ping);
    QCOMPARE(reply.status, 400);
    QCOMPARE(reply.errorField(), QStringLiteral("protocol"));
    QVERIFY2(reply.raw.contains("asked for no plane protocol"), reply.describe().constData());
    // And the good body is answered.
    reply = m_runner->runnerCall("POST", path, good);
    QVERIFY2(reply.status == 200, reply.describe().constData());
}

void TestDevPlaneMcp::refusesSettledAndLapsedRuns()
{
    // A settled run: already_settled.
    const QJsonObject claim = claimSession(mcpV1);
    QVERIFY(!claim.isEmpty());
    const QString runId = claim.value(QStringLiteral("run_id")).toString();
    Reply reply = m_runner->runnerCall("POST", QStringLiteral("/v1/runner/runs/%1/settle").arg(runId),
        { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) }, { QStringLiteral("final_seq"), 0 },
            { QStringLiteral("outcome"), QStringLiteral("succeeded") }, { QStringLiteral("exit_code"), 0 },
            { QStringLiteral("usage"), QJsonObject() } });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    reply = relay(claim, mcpV1, newConnection(), { request(1, QStringLiteral("ping")) });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("already_settled"));

    // A lapsed lease: lease_lost (a devplane of its own with a 1 s lease).
    DevPlaneProcess shortLease({ QStringLiteral("--lease-ttl-seconds"), QStringLiteral("1") });
    QString error;
    QVERIFY2(shortLease.start(&error), qPrintable(error));
    WireRunner runner(shortLease);
    QVERIFY2(runner.enroll(&error, { mcpV1 }), qPrintable(error));
    QVERIFY2(!shortLease.createSession(QStringLiteral("acp"), { m_agent }, {}, &error).isEmpty(), qPrintable(error));
    const QJsonObject lapsing = runner.claim();
    QVERIFY(!lapsing.isEmpty());
    // An MCP call does not renew the lease (only observations do).
    const QByteArray ping
        = QJsonDocument(QJsonObject { { QStringLiteral("claim_id"), lapsing.value(QStringLiteral("claim_id")) },
                            { QStringLiteral("protocol"), mcpV1 }, { QStringLiteral("connection"), newConnection() },
                            { QStringLiteral("messages"), QJsonArray { request(1, QStringLiteral("ping")) } } })
              .toJson(QJsonDocument::Compact);
    const QString path
        = QStringLiteral("/v1/runner/runs/%1/mcp").arg(lapsing.value(QStringLiteral("run_id")).toString());
    reply = runner.call("POST", path, &ping, runner.token());
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QTest::qWait(1300);
    reply = runner.call("POST", path, &ping, runner.token());
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("lease_lost"));
}

void TestDevPlaneMcp::answersInitializePingAndToolsList()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString connection = newConnection();
    Reply reply = relay(claim, mcpV1, connection,
        { request(QStringLiteral("init"), QStringLiteral("initialize"),
              { { QStringLiteral("protocolVersion"), QStringLiteral("2025-06-18") },
                  { QStringLiteral("capabilities"), QJsonObject() },
                  { QStringLiteral("clientInfo"),
                      QJsonObject { { QStringLiteral("name"), QStringLiteral("test") },
                          { QStringLiteral("version"), QStringLiteral("1") } } } }),
            QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                { QStringLiteral("method"), QStringLiteral("notifications/initialized") } },
            request(2, QStringLiteral("ping")), request(3, QStringLiteral("tools/list")),
            request(4, QStringLiteral("resources/list")) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    const QJsonArray answers = reply.body.value(QStringLiteral("messages")).toArray();
    // The notification gets no answer; the others in order.
    QCOMPARE(answers.size(), 4);
    const QJsonObject initialized = answers.at(0).toObject();
    QCOMPARE(initialized.value(QStringLiteral("id")), QJsonValue(QStringLiteral("init")));
    QCOMPARE(initialized.value(QStringLiteral("jsonrpc")), QJsonValue(QStringLiteral("2.0")));
    const QJsonObject result = initialized.value(QStringLiteral("result")).toObject();
    QCOMPARE(result.value(QStringLiteral("protocolVersion")), QJsonValue(QStringLiteral("2025-06-18")));
    QVERIFY(result.value(QStringLiteral("capabilities")).toObject().value(QStringLiteral("tools")).isObject());
    QVERIFY(!result.value(QStringLiteral("serverInfo")).toObject().value(QStringLiteral("name")).toString().isEmpty());
    QCOMPARE(answers.at(1).toObject().value(QStringLiteral("result")), QJsonValue(QJsonObject()));
    QStringList names;
    for (const QJsonValue &tool :
        answers.at(2).toObject().value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray()) {
        names.append(tool.toObject().value(QStringLiteral("name")).toString());
        const QJsonObject schema = tool.toObject().value(QStringLiteral("inputSchema")).toObject();
        QCOMPARE(schema.value(QStringLiteral("type")), QJsonValue(QStringLiteral("object")));
    }
    QCOMPARE(names,
        QStringList({ QStringLiteral("echo"), QStringLiteral("session_note"), QStringLiteral("session_id"),
            QStringLiteral("slow_echo") }));
    QCOMPARE(errorCodeOf(answers.at(3).toObject()), -32601);
    QCOMPARE(answers.at(3).toObject().value(QStringLiteral("id")), QJsonValue(4));

    // A version it does not know gets the newest; the control protocol serves its own subset.
    reply = relay(claim, controlV2, newConnection(),
        { request(
              1, QStringLiteral("initialize"), { { QStringLiteral("protocolVersion"), QStringLiteral("1999-01-01") } }),
            request(2, QStringLiteral("tools/list")) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    const QJsonArray control = reply.body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(
        control.at(0).toObject().value(QStringLiteral("result")).toObject().value(QStringLiteral("protocolVersion")),
        QJsonValue(QStringLiteral("2025-11-25")));
    names.clear();
    for (const QJsonValue &tool :
        control.at(1).toObject().value(QStringLiteral("result")).toObject().value(QStringLiteral("tools")).toArray()) {
        names.append(tool.toObject().value(QStringLiteral("name")).toString());
    }
    QCOMPARE(names, QStringList({ QStringLiteral("session_id"), QStringLiteral("session_note") }));
}

void TestDevPlaneMcp::callsEachTool()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    Reply reply = relay(claim, mcpV1, newConnection(),
        { toolCall(1, QStringLiteral("echo"), { { QStringLiteral("text"), QStringLiteral("h\u00e9llo") } }),
            toolCall(2, QStringLiteral("session_id")),
            toolCall(3, QStringLiteral("slow_echo"),
                { { QStringLiteral("text"), QStringLiteral("soon") }, { QStringLiteral("ms"), 0 } }),
            toolCall(4, QStringLiteral("no_such_tool")),
            toolCall(5, QStringLiteral("echo"), { { QStringLiteral("text"), 5 } }),
            toolCall(6, QStringLiteral("slow_echo"),
                { { QStringLiteral("text"), QStringLiteral("x") }, { QStringLiteral("ms"), -1 } }) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QJsonArray answers = reply.body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(answers.size(), 6);
    QMap<int, QJsonObject> byId;
    for (const QJsonValue &answer : answers) {
        byId.insert(answer.toObject().value(QStringLiteral("id")).toInt(), answer.toObject());
    }
    QCOMPARE(textOf(byId[1]), QStringLiteral("h\u00e9llo"));
    QCOMPARE(byId[1].value(QStringLiteral("result")).toObject().value(QStringLiteral("isError")), QJsonValue(false));
    QCOMPARE(textOf(byId[2]), sessionId);
    QCOMPARE(textOf(byId[3]), QStringLiteral("soon"));
    QCOMPARE(errorCodeOf(byId[4]), -32602);
    QVERIFY2(errorMessageOf(byId[4]).contains("unknown tool: no_such_tool"), qPrintable(errorMessageOf(byId[4])));
    QCOMPARE(errorCodeOf(byId[5]), -32602);
    QVERIFY2(errorMessageOf(byId[5]).contains("arguments.text must be a string"), qPrintable(errorMessageOf(byId[5])));
    QCOMPARE(errorCodeOf(byId[6]), -32602);
    QVERIFY2(errorMessageOf(byId[6]).contains("arguments.ms"), qPrintable(errorMessageOf(byId[6])));

    // The control protocol: session_id yes, echo no.
    reply = relay(claim, controlV2, newConnection(),
        { toolCall(1, QStringLiteral("session_id")),
            toolCall(2, QStringLiteral("echo"), { { QStringLiteral("text"), QStringLiteral("x") } }) });
    answers = reply.body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(textOf(answers.at(0).toObject()), sessionId);
    QCOMPARE(errorCodeOf(answers.at(1).toObject()), -32602);
}

void TestDevPlaneMcp::sessionNoteShowsInTheSession()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    QCOMPARE(sessionEvents(sessionId).value(QStringLiteral("notes")).toArray().size(), 0);

    // The dashboard's long-poll (it says it shows no note) wakes when a note arrives.
    const QString query
        = QStringLiteral("/v1/sessions/%1/events?after_seq=0&wait_seconds=20&status=claimed&notes=0").arg(sessionId);
    QElapsedTimer clock;
    clock.start();
    QNetworkReply *poll = m_runner->start("GET", query, nullptr, m_devplane->adminKey());
    QTest::qWait(200);
    QVERIFY(!poll->isFinished());
    const QString secretish = QStringLiteral("<b>build</b> is green & the note is only text");
    Reply reply = relay(claim, controlV2, newConnection(),
        { toolCall(7, QStringLiteral("session_note"), { { QStringLiteral("text"), secretish } }) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QCOMPARE(textOf(reply.body.value(QStringLiteral("messages")).toArray().at(0).toObject()), QStringLiteral("noted"));
    const Reply woken = WireRunner::finish(poll);
    QVERIFY2(woken.status == 200, woken.describe().constData());
    QVERIFY2(clock.elapsed() < 10000, "the events poll did not wake for the note");
    const QJsonArray notes = woken.body.value(QStringLiteral("notes")).toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.at(0).toObject().value(QStringLiteral("text")).toString(), secretish);
    QCOMPARE(notes.at(0).toObject().value(QStringLiteral("protocol")).toString(), controlV2);
    QVERIFY(!notes.at(0).toObject().value(QStringLiteral("at")).toString().isEmpty());

    // Too long a note is refused, naming the argument.
    reply = relay(claim, mcpV1, newConnection(),
        { toolCall(
            8, QStringLiteral("session_note"), { { QStringLiteral("text"), QString(5000, QLatin1Char('n')) } }) });
    QCOMPARE(errorCodeOf(reply.body.value(QStringLiteral("messages")).toArray().at(0).toObject()), -32602);
    QCOMPARE(sessionEvents(sessionId).value(QStringLiteral("notes")).toArray().size(), 1);

    // What the harness said never reaches the request log (only how many messages came).
    const QByteArray log = QJsonDocument(m_devplane->requests()).toJson();
    QVERIFY(log.contains("/mcp"));
    QVERIFY(log.contains("<1 messages>"));
    QVERIFY(!log.contains("build</b>"));
    QVERIFY(!log.contains("session_note"));

    // The dashboard renders notes as text among the events.
    const Reply script = m_runner->call("GET", QStringLiteral("/dashboard/app.js"), nullptr, QString());
    QCOMPARE(script.status, 200);
    QVERIFY(script.raw.contains("appendNotes"));
}

void TestDevPlaneMcp::slowToolWithinTheWindowIsInTheAnswer()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    QElapsedTimer clock;
    clock.start();
    const Reply reply = relay(claim, mcpV1, newConnection(),
        { toolCall(1, QStringLiteral("slow_echo"),
              { { QStringLiteral("text"), QStringLiteral("in time") }, { QStringLiteral("ms"), 250 } }),
            toolCall(2, QStringLiteral("echo"), { { QStringLiteral("text"), QStringLiteral("at once") } }) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QVERIFY2(clock.elapsed() >= 240, qPrintable(QString::number(clock.elapsed())));
    const QJsonArray answers = reply.body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(answers.size(), 2);
    // What was ready at once first, then the slow answer.
    QCOMPARE(textOf(answers.at(0).toObject()), QStringLiteral("at once"));
    QCOMPARE(textOf(answers.at(1).toObject()), QStringLiteral("in time"));
    QCOMPARE(answers.at(1).toObject().value(QStringLiteral("id")), QJsonValue(1));
}

void TestDevPlaneMcp::slowToolBeyondTheWindowComesAsADirective()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString connection = newConnection();
    // Whatever is queued on the control channel already is not this test's.
    Reply control = m_runner->runnerCall("GET", QStringLiteral("/v1/runner/control?wait_seconds=0"), {});
    QCOMPARE(control.status, 200);
    const QString cursor = control.body.value(QStringLiteral("cursor")).toString();

    QElapsedTimer clock;
    clock.start();
    const Reply reply = relay(claim, mcpV1, connection,
        { toolCall(QStringLiteral("slow"), QStringLiteral("slow_echo"),
              { { QStringLiteral("text"), QStringLiteral("later") }, { QStringLiteral("ms"), answerWindowMs + 400 } }),
            toolCall(2, QStringLiteral("echo"), { { QStringLiteral("text"), QStringLiteral("now") } }) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QVERIFY2(clock.elapsed() < answerWindowMs + 300, qPrintable(QString::number(clock.elapsed())));
    const QJsonArray answers = reply.body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(textOf(answers.at(0).toObject()), QStringLiteral("now"));

    // A parked control poll gets it when it is due.
    control
        = m_runner->runnerCall("GET", QStringLiteral("/v1/runner/control?after=%1&wait_seconds=10").arg(cursor), {});
    QVERIFY2(control.status == 200, control.describe().constData());
    QVERIFY2(clock.elapsed() >= answerWindowMs + 350, qPrintable(QString::number(clock.elapsed())));
    const QJsonArray directives = control.body.value(QStringLiteral("directives")).toArray();
    QCOMPARE(directives.size(), 1);
    const QJsonObject directive = directives.at(0).toObject();
    QCOMPARE(directive.value(QStringLiteral("type")), QJsonValue(QStringLiteral("mcp")));
    QCOMPARE(directive.value(QStringLiteral("run_id")), claim.value(QStringLiteral("run_id")));
    QCOMPARE(directive.value(QStringLiteral("protocol")), QJsonValue(mcpV1));
    QCOMPARE(directive.value(QStringLiteral("connection")), QJsonValue(connection));
    const QJsonObject message = directive.value(QStringLiteral("message")).toObject();
    QCOMPARE(message.value(QStringLiteral("id")), QJsonValue(QStringLiteral("slow")));
    QCOMPARE(message.value(QStringLiteral("jsonrpc")), QJsonValue(QStringLiteral("2.0")));
    QCOMPARE(textOf(message), QStringLiteral("later"));
}

void TestDevPlaneMcp::retriesCallNoToolTwice()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    const QString connection = newConnection();
    const QJsonArray messages { toolCall(1, QStringLiteral("session_note"),
                                    { { QStringLiteral("text"), QStringLiteral("once") } }),
        toolCall(2, QStringLiteral("slow_echo"),
            { { QStringLiteral("text"), QStringLiteral("held") }, { QStringLiteral("ms"), 300 } }) };
    const QString key = QUuid::createUuid().toString(QUuid::WithoutBraces);
    // The same call twice while the first is still held, then once more after its answer.
    QNetworkReply *first = startRelay(claim, mcpV1, connection, messages, key);
    QTest::qWait(100);
    QNetworkReply *second = startRelay(claim, mcpV1, connection, messages, key);
    // Another call under that key while the first is held: a conflict, and no tool runs.
    const Reply held = relay(claim, mcpV1, connection,
        { toolCall(9, QStringLiteral("session_note"), { { QStringLiteral("text"), QStringLiteral("twice?") } }) }, key);
    QCOMPARE(held.status, 409);
    QCOMPARE(held.errorCode(), QStringLiteral("idempotency_key_reused"));
    const Reply a = WireRunner::finish(first);
    const Reply b = WireRunner::finish(second);
    const Reply c = relay(claim, mcpV1, connection, messages, key);
    QVERIFY2(a.status == 200, a.describe().constData());
    QCOMPARE(b.status, 200);
    QCOMPARE(c.status, 200);
    QCOMPARE(a.body.value(QStringLiteral("messages")).toArray().size(), 2);
    QCOMPARE(b.body.value(QStringLiteral("messages")), a.body.value(QStringLiteral("messages")));
    QCOMPARE(c.body.value(QStringLiteral("messages")), a.body.value(QStringLiteral("messages")));
    QCOMPARE(sessionEvents(sessionId).value(QStringLiteral("notes")).toArray().size(), 1);
    // The same key with another body is a conflict.
    const Reply other = relay(claim, mcpV1, connection, { toolCall(9, QStringLiteral("session_id")) }, key);
    QCOMPARE(other.status, 409);
    QCOMPARE(other.errorCode(), QStringLiteral("idempotency_key_reused"));
}

void TestDevPlaneMcp::countsRequestsInFlightForTests()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString runId = claim.value(QStringLiteral("run_id")).toString();
    const auto slow = [](int id) {
        return toolCall(id, QStringLiteral("slow_echo"),
            { { QStringLiteral("text"), QStringLiteral("s") }, { QStringLiteral("ms"), 300 } });
    };
    // 4 requests (3 held), then 4 more while those 3 wait: at most 7 at once.
    QNetworkReply *first = startRelay(
        claim, mcpV1, newConnection(), { slow(1), slow(2), slow(3), toolCall(4, QStringLiteral("session_id")) }, {});
    QTest::qWait(50);
    QNetworkReply *second = startRelay(
        claim, mcpV1, newConnection(), { slow(1), slow(2), slow(3), toolCall(4, QStringLiteral("session_id")) }, {});
    QCOMPARE(WireRunner::finish(first).body.value(QStringLiteral("messages")).toArray().size(), 4);
    QCOMPARE(WireRunner::finish(second).body.value(QStringLiteral("messages")).toArray().size(), 4);
    QTest::qWait(50);
    Reply stats
        = m_runner->call("GET", QStringLiteral("/v1/_dev/runs/%1/mcp").arg(runId), nullptr, m_devplane->adminKey());
    QVERIFY2(stats.status == 200, stats.describe().constData());
    QCOMPARE(stats.body.value(QStringLiteral("calls")).toInt(), 2);
    QCOMPARE(stats.body.value(QStringLiteral("requests")).toInt(), 8);
    QCOMPARE(stats.body.value(QStringLiteral("max_in_flight")).toInt(), 7);
    QCOMPARE(stats.body.value(QStringLiteral("in_flight")).toInt(), 0);
    // Admin only.
    stats = m_runner->call("GET", QStringLiteral("/v1/_dev/runs/%1/mcp").arg(runId), nullptr, m_runner->token());
    QCOMPARE(stats.status, 401);
}

QTEST_GUILESS_MAIN(TestDevPlaneMcp)
#include "tst_devplanemcp.moc"
