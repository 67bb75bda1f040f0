// §6.10 end to end: the devplane's platform MCP servers, a real checkfu-runner, and harnesses on the
// official MCP TypeScript SDK (tests/peers/mcp): a oneshot client through CHECKFU_MCP_SERVERS and the
// ACP test agent through session/new's mcpServers, both on host-process and on bubblewrap with
// network: none; 40 concurrent calls never exceed 16 in flight at the plane.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"
#include "WireRunner.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QStandardPaths>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {
const QString peers = QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers");

QString json(const QStringList &argv)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(argv)).toJson(QJsonDocument::Compact));
}
} // namespace

class TestMcpE2e : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
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
        startRunner({}); // the host-process tier (bubblewrap: oneshotClientOnBubblewrap)
    }

    void cleanupTestCase()
    {
        stopRunner();
        m_devplane.reset();
    }

    // The SDK client lists the tools and calls them through the bridge; the slow one's answer
    // comes after the plane's answer window, as an `mcp` directive.
    void oneshotClientOnHostProcess() { oneshotClient(QStringLiteral("unrestricted"), QStringLiteral("host-process")); }

    // 40 at once: the plane never holds more than 16 of the run's requests; every call is answered.
    void fortyConcurrentCalls()
    {
        const QStringList client { m_node, peers + QStringLiteral("/mcp/oneshot-client.mjs"),
            QStringLiteral("--concurrent"), QStringLiteral("40"), QStringLiteral("--tool"), QStringLiteral("slow_echo"),
            QStringLiteral("--args"), QStringLiteral("{\"text\":\"c\",\"ms\":200}") };
        const QList<QJsonObject> lines
            = runClient(client, QStringLiteral("unrestricted"), QStringLiteral("host-process"));
        QJsonObject concurrent;
        for (const QJsonObject &line : lines) {
            if (line.value(QStringLiteral("event")) == QLatin1String("concurrent"))
                concurrent = line;
        }
        QCOMPARE(concurrent.value(QStringLiteral("calls")).toInt(), 40);
        QCOMPARE(concurrent.value(QStringLiteral("answered")).toInt(), 40);
        const int limited
            = concurrent.value(QStringLiteral("error_codes")).toObject().value(QStringLiteral("-32000")).toInt();
        QCOMPARE(concurrent.value(QStringLiteral("ok")).toInt() + limited, 40);
        QVERIFY2(limited > 0, QJsonDocument(concurrent).toJson().constData());
        WireRunner wire(*m_devplane);
        const auto stats
            = wire.call("GET", QStringLiteral("/v1/_dev/runs/%1/mcp").arg(m_run), nullptr, m_devplane->adminKey());
        QCOMPARE(stats.status, 200);
        const int most = stats.body.value(QStringLiteral("max_in_flight")).toInt();
        QVERIFY2(most >= 1 && most <= 16, stats.raw.constData());
    }

    // The ACP test agent spawns the server it got in session/new's mcpServers and calls a tool.
    void acpAgentOnHostProcess()
    {
        QString error;
        const QJsonObject created = m_devplane->createSession(QStringLiteral("acp"),
            { QStringLiteral("agent=") + json({ m_node, peers + QStringLiteral("/acp/agent.mjs") }),
                QStringLiteral("prompt=") + AcpPrompt },
            {}, &error);
        acpAgentCalls(created.value(QStringLiteral("session_id")).toString(), QStringLiteral("host-process"));
    }

    // Last: a Runner with the bubblewrap tier only; the run's network is none.
    void oneshotClientOnBubblewrap()
    {
        stopRunner();
        // The peers (node_modules) must be visible inside the sandbox.
        startRunner({ QStringLiteral("--sandbox"), QStringLiteral("bubblewrap"),
            QStringLiteral("--bubblewrap-read-only"), peers });
        oneshotClient(QStringLiteral("none"), QStringLiteral("bubblewrap"));
    }

    // The same ACP agent in bubblewrap with network: none (a spec of its own: the acp preset has no
    // network parameter).
    void acpAgentOnBubblewrap()
    {
        QJsonObject spec = oneshotRunSpec(
            m_devplane->defaultPrincipal(), { m_node, peers + QStringLiteral("/acp/agent.mjs") }, {}, AcpPrompt);
        spec = withPath(
            spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
        spec = withPath(spec,
            { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") },
            QStringLiteral("none"));
        spec = withPath(spec, { QStringLiteral("plane_mcp") },
            QJsonArray { QJsonObject { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
                { QStringLiteral("name"), QStringLiteral("checkfu") } } });
        QString error;
        const QJsonObject created = m_devplane->createSessionFromSpec(spec, {}, &error);
        QVERIFY2(!created.isEmpty(), qPrintable(error));
        acpAgentCalls(created.value(QStringLiteral("session_id")).toString(), QStringLiteral("bubblewrap"));
    }

private:
    static inline const QString AcpPrompt
        = QStringLiteral("mcp-call checkfu echo {\"text\": \"via the ACP agent\"}; mcp-call checkfu session_id");

    // The agent's turn shows both calls answered through the relay; close settles it succeeded.
    void acpAgentCalls(const QString &session, const QString &tier)
    {
        QVERIFY(!session.isEmpty());
        QString error;
        QString text;
        QString provider;
        QDeadlineTimer deadline(30000);
        while (!deadline.hasExpired()) {
            text.clear();
            for (const QJsonObject &e : eventList(m_devplane->sessionEvents(session, &error))) {
                const QJsonObject data = e.value(QStringLiteral("data")).toObject();
                if (e.value(QStringLiteral("kind")) == QLatin1String("run.started"))
                    provider = data.value(QStringLiteral("provider")).toString();
                const QJsonObject update = data.value(QStringLiteral("update")).toObject();
                if (update.value(QStringLiteral("sessionUpdate")) == QLatin1String("agent_message_chunk"))
                    text += update.value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString();
            }
            if (text.contains(QLatin1String("mcp-call session_id")))
                break;
            QTest::qWait(100);
        }
        QCOMPARE(provider, tier);
        QVERIFY2(text.contains(QLatin1String("mcp-call echo ok via the ACP agent")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("mcp-call session_id ok ") + session), qPrintable(text));
        QVERIFY2(m_devplane->sessionCommand({ QStringLiteral("close"), session }, &error), qPrintable(error));
        QCOMPARE(m_devplane->waitSettled(session, 30, &error).value(QStringLiteral("outcome")).toString(),
            QStringLiteral("succeeded"));
    }

    void startRunner(const QStringList &args)
    {
        m_runner = std::make_unique<RunnerProcess>();
        QString error;
        const QString id = pairAndWaitReady(*m_devplane, *m_runner, &error, args);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
    }

    void stopRunner()
    {
        if (m_runner && m_runner->isRunning()) {
            m_runner->sendSignal(SIGTERM);
            m_runner->waitForExit(15000);
        }
        m_runner.reset();
    }

    void oneshotClient(const QString &network, const QString &tier)
    {
        const QStringList client { m_node, peers + QStringLiteral("/mcp/oneshot-client.mjs"),
            QStringLiteral("session_id"), QStringLiteral("echo={\"text\":\"through the Runner\"}"),
            QStringLiteral("slow_echo={\"text\":\"after the window\",\"ms\":700}") };
        const QList<QJsonObject> lines = runClient(client, network, tier);
        QVERIFY(!lines.isEmpty());
        QStringList texts;
        for (const QJsonObject &line : lines) {
            if (line.value(QStringLiteral("event")) == QLatin1String("result"))
                texts << line.value(QStringLiteral("text")).toString();
        }
        QCOMPARE(texts.size(), 3);
        QCOMPARE(texts.at(0), m_session);
        QCOMPARE(texts.at(1), QStringLiteral("through the Runner"));
        QCOMPARE(texts.at(2), QStringLiteral("after the window"));
    }

    // A Session of the `mcp` preset with this client; the JSON lines it printed, once it settled.
    QList<QJsonObject> runClient(const QStringList &client, const QString &network, const QString &tier)
    {
        QString error;
        const QJsonObject created = m_devplane->createSession(QStringLiteral("mcp"),
            { QStringLiteral("client=") + json(client), QStringLiteral("network=") + network }, {}, &error);
        m_session = created.value(QStringLiteral("session_id")).toString();
        m_run = created.value(QStringLiteral("run_id")).toString();
        if (m_session.isEmpty()) {
            qWarning("%s", qPrintable(error));
            return {};
        }
        const QJsonObject settled = m_devplane->waitSettled(m_session, 60, &error);
        const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(m_session, &error));
        QString out;
        QString provider;
        for (const QJsonObject &e : events) {
            const QJsonObject data = e.value(QStringLiteral("data")).toObject();
            if (e.value(QStringLiteral("kind")) == QLatin1String("output.stdout"))
                out += data.value(QStringLiteral("text")).toString();
            if (e.value(QStringLiteral("kind")) == QLatin1String("run.started"))
                provider = data.value(QStringLiteral("provider")).toString();
        }
        if (settled.value(QStringLiteral("outcome")).toString() != QLatin1String("succeeded") || provider != tier) {
            qWarning("settled %s on %s; events: %s", QJsonDocument(settled).toJson().constData(), qPrintable(provider),
                dumpEvents(events).constData());
            return {};
        }
        QList<QJsonObject> lines;
        for (const QString &line : out.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            lines << QJsonDocument::fromJson(line.toUtf8()).object();
        return lines;
    }

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_node;
    QString m_session;
    QString m_run;
};

QTEST_GUILESS_MAIN(TestMcpE2e)
#include "tst_mcpe2e.moc"
