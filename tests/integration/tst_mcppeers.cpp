// The MCP test peers (tests/peers/mcp, on the official MCP TypeScript SDK) against the devplane's
// MCP servers (§6.10), without a Runner: tests/peers/mcp/direct-bridge.mjs stands in for the
// Runner's relay (stdio on one side, POST …/mcp and the control channel with a workload token on
// the other), so what is checked here is the SDK client and the devplane agreeing:
// - oneshot-client.mjs reads CHECKFU_MCP_SERVERS, connects to both protocols, lists their tools,
//   calls echo, session_id, session_note (the note lands in the Session) and a slow_echo beyond the
//   answer window (it comes back through an `mcp` control directive);
// - its attack options: concurrent calls, a malformed line and an oversized message, after which
//   the connection still answers;
// - the ACP test agent's mcp-tools / mcp-call commands reach an MCP server given in session/new;
// - the demo's agent (scripts/lib/demo-agent.py) notes through it, and goes on without one.
// The Runner's own relay is tested by the Runner's tests with these same peers. Runtime: ~5 s.
#include "DevPlaneProcess.h"
#include "WireRunner.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTest>

#include <memory>

namespace {

const QString mcpV1 = QStringLiteral("platform-mcp-v1");
const QString controlV2 = QStringLiteral("platform-control-mcp-v2");
const QString peers = QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers");

struct Run
{
    int exitCode = -1;
    QList<QJsonObject> events; // stdout's JSON lines
    QByteArray err;

    QList<QJsonObject> of(const QString &event) const
    {
        QList<QJsonObject> found;
        for (const QJsonObject &line : events) {
            if (line.value(QStringLiteral("event")).toString() == event) {
                found.append(line);
            }
        }
        return found;
    }
    QByteArray describe() const
    {
        QByteArray text = "exit " + QByteArray::number(exitCode) + "\n";
        for (const QJsonObject &line : events) {
            text += QJsonDocument(line).toJson(QJsonDocument::Compact).left(500) + '\n';
        }
        return text + err.right(2000);
    }
};

} // namespace

class TestMcpPeers : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void oneshotClientCallsThePlatformTools();
    void oneshotClientAttackOptions();
    void acpAgentCallsAToolItWasGiven();
    void demoAgentNotesThroughThePlatformTools();

private:
    QJsonObject claimSession();
    // The stand-in relay's entry for one protocol (ACP's stdio shape plus protocol).
    QJsonObject entry(const QJsonObject &claim, const QString &name, const QString &protocol, bool control) const;
    Run runClient(const QJsonArray &servers, const QStringList &args);
    QStringList promptAgent(
        const QStringList &argv, const QJsonArray &mcpServers, const QString &prompt, QString *stopReason);

    QString m_node;
    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<WireRunner> m_runner;
};

void TestMcpPeers::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!m_node.isEmpty(), "node is not on PATH; scripts/setup installs it");
    QVERIFY2(QFileInfo::exists(peers + QStringLiteral("/mcp/node_modules/@modelcontextprotocol/sdk")),
        "the MCP SDK is not installed; run scripts/setup (npm ci --prefix tests/peers/mcp)");
    QVERIFY2(QFileInfo::exists(peers + QStringLiteral("/acp/node_modules/@agentclientprotocol/sdk")),
        "the ACP SDK is not installed; run scripts/setup (npm ci --prefix tests/peers/acp)");
    m_devplane = std::make_unique<DevPlaneProcess>(
        QStringList { QStringLiteral("--mcp-answer-window-ms"), QStringLiteral("300") });
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<WireRunner>(*m_devplane);
    QVERIFY2(m_runner->enroll(&error, { mcpV1, controlV2 }), qPrintable(error));
}

void TestMcpPeers::cleanupTestCase()
{
    m_runner.reset();
    m_devplane.reset();
}

QJsonObject TestMcpPeers::claimSession()
{
    QString error;
    const QJsonObject created = m_devplane->createSession(QStringLiteral("acp"),
        { QStringLiteral("agent=[\"node\",\"agent.mjs\"]"), QStringLiteral("plane_mcp=both") }, {}, &error);
    if (created.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    return m_runner->claim();
}

QJsonObject TestMcpPeers::entry(
    const QJsonObject &claim, const QString &name, const QString &protocol, bool control) const
{
    QJsonArray args { peers + QStringLiteral("/mcp/direct-bridge.mjs"), QStringLiteral("--url"), m_devplane->url(),
        QStringLiteral("--run"), claim.value(QStringLiteral("run_id")), QStringLiteral("--claim"),
        claim.value(QStringLiteral("claim_id")), QStringLiteral("--protocol"), protocol };
    if (control) {
        args.append(QStringLiteral("--control"));
        args.append(QStringLiteral("yes"));
    }
    return { { QStringLiteral("name"), name }, { QStringLiteral("protocol"), protocol },
        { QStringLiteral("command"), m_node }, { QStringLiteral("args"), args },
        { QStringLiteral("env"),
            QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("CHECKFU_TEST_WORKLOAD_TOKEN") },
                { QStringLiteral("value"), m_runner->token() } } } } };
}

Run TestMcpPeers::runClient(const QJsonArray &servers, const QStringList &args)
{
    QProcess client;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CHECKFU_MCP_SERVERS"),
        QString::fromUtf8(QJsonDocument(servers).toJson(QJsonDocument::Compact)));
    client.setProcessEnvironment(env);
    client.start(m_node, QStringList { peers + QStringLiteral("/mcp/oneshot-client.mjs") } + args);
    Run run;
    // The devplane is another process: waiting blocks nothing it needs.
    if (!client.waitForFinished(60000)) {
        client.kill();
        client.waitForFinished();
    }
    run.exitCode = client.exitStatus() == QProcess::NormalExit ? client.exitCode() : -1;
    for (const QByteArray &line : client.readAllStandardOutput().split('\n')) {
        if (!line.trimmed().isEmpty()) {
            run.events.append(QJsonDocument::fromJson(line).object());
        }
    }
    run.err = client.readAllStandardError();
    return run;
}

void TestMcpPeers::oneshotClientCallsThePlatformTools()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    const Run run = runClient({ entry(claim, QStringLiteral("checkfu"), mcpV1, true),
                                  entry(claim, QStringLiteral("checkfu-control"), controlV2, false) },
        { QStringLiteral("session_id"), QStringLiteral("echo={\"text\":\"hi from the SDK\"}"),
            QStringLiteral("session_note={\"text\":\"noted through the SDK\"}"),
            QStringLiteral("slow_echo={\"text\":\"after the window\",\"ms\":700}"), QStringLiteral("nope") });
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    QCOMPARE(run.of(QStringLiteral("servers")).value(0).value(QStringLiteral("count")).toInt(), 2);
    const QList<QJsonObject> tools = run.of(QStringLiteral("tools"));
    QCOMPARE(tools.size(), 2);
    QCOMPARE(tools.at(0).value(QStringLiteral("tools")).toArray(),
        (QJsonArray { QStringLiteral("echo"), QStringLiteral("session_note"), QStringLiteral("session_id"),
            QStringLiteral("slow_echo") }));
    QCOMPARE(tools.at(1).value(QStringLiteral("tools")).toArray(),
        (QJsonArray { QStringLiteral("session_id"), QStringLiteral("session_note") }));
    const QList<QJsonObject> results = run.of(QStringLiteral("result"));
    QCOMPARE(results.size(), 4);
    QCOMPARE(results.at(0).value(QStringLiteral("text")).toString(), sessionId);
    QCOMPARE(results.at(1).value(QStringLiteral("text")).toString(), QStringLiteral("hi from the SDK"));
    QCOMPARE(results.at(2).value(QStringLiteral("text")).toString(), QStringLiteral("noted"));
    // Beyond the 300 ms window: through an `mcp` control directive, to the same SDK request.
    QCOMPARE(results.at(3).value(QStringLiteral("text")).toString(), QStringLiteral("after the window"));
    const QList<QJsonObject> errors = run.of(QStringLiteral("error"));
    QCOMPARE(errors.size(), 1);
    QCOMPARE(errors.at(0).value(QStringLiteral("code")).toInt(), -32602);
    QCOMPARE(run.of(QStringLiteral("done")).value(0).value(QStringLiteral("ok")), QJsonValue(true));

    const QJsonArray notes = m_devplane->sessionEvents(sessionId).value(QStringLiteral("notes")).toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.at(0).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("noted through the SDK"));

    // Without CHECKFU_MCP_SERVERS the harness says so.
    QProcess bare;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("CHECKFU_MCP_SERVERS"));
    bare.setProcessEnvironment(env);
    bare.start(m_node, { peers + QStringLiteral("/mcp/oneshot-client.mjs"), QStringLiteral("echo") });
    QVERIFY(bare.waitForFinished(30000));
    QCOMPARE(bare.exitCode(), 2);
    QVERIFY(bare.readAllStandardOutput().contains("CHECKFU_MCP_SERVERS is not set"));
}

void TestMcpPeers::oneshotClientAttackOptions()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    const Run run = runClient({ entry(claim, QStringLiteral("checkfu"), mcpV1, true) },
        { QStringLiteral("--concurrent"), QStringLiteral("12"), QStringLiteral("--tool"), QStringLiteral("slow_echo"),
            QStringLiteral("--args"), QStringLiteral("{\"text\":\"c\",\"ms\":50}"), QStringLiteral("--malformed"),
            QStringLiteral("--oversized"), QStringLiteral("60000") });
    QVERIFY2(run.exitCode == 0, run.describe().constData());
    const QJsonObject concurrent = run.of(QStringLiteral("concurrent")).value(0);
    QCOMPARE(concurrent.value(QStringLiteral("calls")).toInt(), 12);
    QCOMPARE(concurrent.value(QStringLiteral("ok")).toInt(), 12);
    QCOMPARE(concurrent.value(QStringLiteral("answered")).toInt(), 12);
    QVERIFY(concurrent.value(QStringLiteral("texts")).toArray().contains(QStringLiteral("c 12")));
    const QList<QJsonObject> raw = run.of(QStringLiteral("raw"));
    QCOMPARE(raw.size(), 2);
    // The stand-in answers what the plane refused with a JSON-RPC error (the Runner: -32600).
    QCOMPARE(raw.at(0).value(QStringLiteral("id")).toString(), QStringLiteral("raw-malformed"));
    QVERIFY(raw.at(0).value(QStringLiteral("answer")).toObject().value(QStringLiteral("error")).isObject());
    // Well under the Runner's 1 MiB bound (and echo's 65536 characters): it goes through.
    QCOMPARE(raw.at(1).value(QStringLiteral("answer")).toObject().value(QStringLiteral("result_text_length")).toInt(),
        60000);
    const QList<QJsonObject> results = run.of(QStringLiteral("result"));
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.at(0).value(QStringLiteral("text")), claim.value(QStringLiteral("session_id")));
}

// One ACP session with the agent `argv`: initialize, session/new with `mcpServers`, one prompt.
// The agent_message_chunk texts of the turn; *stopReason gets the prompt's answer.
QStringList TestMcpPeers::promptAgent(
    const QStringList &argv, const QJsonArray &mcpServers, const QString &prompt, QString *stopReason)
{
    QProcess agent;
    agent.start(argv.first(), argv.mid(1));
    if (!agent.waitForStarted()) {
        return {};
    }
    const auto send = [&agent](int id, const QString &method, const QJsonObject &params) {
        agent.write(QJsonDocument(QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") },
                                      { QStringLiteral("id"), id }, { QStringLiteral("method"), method },
                                      { QStringLiteral("params"), params } })
                        .toJson(QJsonDocument::Compact)
            + '\n');
    };
    // Reads lines until the answer to `id`; the chunks on the way are collected.
    QStringList chunks;
    QByteArray buffer;
    const auto answerTo = [&](int id) {
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 30000) {
            qsizetype newline;
            while ((newline = buffer.indexOf('\n')) >= 0) {
                const QJsonObject message = QJsonDocument::fromJson(buffer.left(newline)).object();
                buffer.remove(0, newline + 1);
                if (message.value(QStringLiteral("id")) == QJsonValue(id)
                    && !message.contains(QStringLiteral("method"))) {
                    return message.value(QStringLiteral("result")).toObject();
                }
                const QJsonObject update
                    = message.value(QStringLiteral("params")).toObject().value(QStringLiteral("update")).toObject();
                if (update.value(QStringLiteral("sessionUpdate")) == QLatin1String("agent_message_chunk")) {
                    chunks.append(
                        update.value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString());
                }
            }
            agent.waitForReadyRead(200);
            buffer += agent.readAllStandardOutput();
        }
        return QJsonObject();
    };
    send(0, QStringLiteral("initialize"),
        { { QStringLiteral("protocolVersion"), 1 },
            { QStringLiteral("clientCapabilities"),
                QJsonObject { { QStringLiteral("fs"),
                    QJsonObject { { QStringLiteral("readTextFile"), false },
                        { QStringLiteral("writeTextFile"), false } } } } } });
    answerTo(0);
    send(1, QStringLiteral("session/new"),
        { { QStringLiteral("cwd"), m_devplane->dir() }, { QStringLiteral("mcpServers"), mcpServers } });
    const QString session = answerTo(1).value(QStringLiteral("sessionId")).toString();
    send(2, QStringLiteral("session/prompt"),
        { { QStringLiteral("sessionId"), session },
            { QStringLiteral("prompt"),
                QJsonArray { QJsonObject {
                    { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), prompt } } } } });
    *stopReason = answerTo(2).value(QStringLiteral("stopReason")).toString();
    agent.closeWriteChannel();
    if (!agent.waitForFinished(15000)) {
        agent.kill();
        agent.waitForFinished();
    }
    return chunks;
}

void TestMcpPeers::acpAgentCallsAToolItWasGiven()
{
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    QJsonObject server = entry(claim, QStringLiteral("checkfu"), mcpV1, true);
    server.remove(QStringLiteral("protocol")); // ACP's stdio shape
    QString stopReason;
    const QStringList chunks = promptAgent({ m_node, peers + QStringLiteral("/acp/agent.mjs") }, { server },
        QStringLiteral("mcp-tools checkfu; mcp-call checkfu echo {\"text\": \"via the ACP agent\"}; "
                       "mcp-call checkfu session_id; mcp-call checkfu nope; mcp-call missing echo"),
        &stopReason);
    QCOMPARE(stopReason, QStringLiteral("end_turn"));
    QCOMPARE(chunks.size(), 5);
    QCOMPARE(chunks.at(0), QStringLiteral("mcp-tools checkfu echo,session_note,session_id,slow_echo"));
    QCOMPARE(chunks.at(1), QStringLiteral("mcp-call echo ok via the ACP agent"));
    QCOMPARE(
        chunks.at(2), QStringLiteral("mcp-call session_id ok ") + claim.value(QStringLiteral("session_id")).toString());
    QVERIFY2(chunks.at(3).startsWith(QLatin1String("mcp-call nope error -32602")), qPrintable(chunks.at(3)));
    QVERIFY2(chunks.at(4).contains(QLatin1String("no MCP server missing")), qPrintable(chunks.at(4)));
}

void TestMcpPeers::demoAgentNotesThroughThePlatformTools()
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    QVERIFY2(!python.isEmpty(), "python3 is not on PATH");
    const QStringList demoAgent { python, QStringLiteral(CHECKFU_SOURCE_DIR "/scripts/lib/demo-agent.py") };
    const QJsonObject claim = claimSession();
    QVERIFY(!claim.isEmpty());
    QJsonObject server = entry(claim, QStringLiteral("checkfu"), mcpV1, false);
    server.remove(QStringLiteral("protocol"));
    QString stopReason;
    QStringList chunks
        = promptAgent(demoAgent, { server }, QStringLiteral("note Cleaning build/ now.; say Done."), &stopReason);
    QCOMPARE(stopReason, QStringLiteral("end_turn"));
    QCOMPARE(chunks,
        QStringList({ QStringLiteral("noted on the Session's page (platform tool session_note): Cleaning build/ now."),
            QStringLiteral("Done.") }));
    const QJsonArray notes = m_devplane->sessionEvents(claim.value(QStringLiteral("session_id")).toString())
                                 .value(QStringLiteral("notes"))
                                 .toArray();
    QCOMPARE(notes.size(), 1);
    QCOMPARE(notes.at(0).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("Cleaning build/ now."));
    // A Runner that relays no platform tools sends no mcpServers: the demo goes on.
    chunks = promptAgent(demoAgent, {}, QStringLiteral("note Cleaning build/ now.; say Done."), &stopReason);
    QCOMPARE(stopReason, QStringLiteral("end_turn"));
    QCOMPARE(chunks,
        QStringList(
            { QStringLiteral("(this run has no platform tools: the note stays here)"), QStringLiteral("Done.") }));
}

QTEST_GUILESS_MAIN(TestMcpPeers)
#include "tst_mcppeers.moc"
