// §6.10 with real processes: runs on the host-process and bubblewrap tiers whose harness (python3)
// starts the built checkfu-mcp-bridge from CHECKFU_MCP_SERVERS and calls a tool through it; the
// control plane is FakeRunPlane. The bridge holds no credential while a call is in flight; a run
// cannot use another run's relay (host-process: refused by the peer check; bubblewrap: not visible).
#include "RunBench.h"

#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/sandbox/BubblewrapProvider.h>
#include <runnercore/sandbox/HostProcessProvider.h>

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

namespace {
// Calls the echo tool through the first server of CHECKFU_MCP_SERVERS and prints the answer's text;
// OTHER (when set) is another run's socket: says whether it is visible, and what it answers.
const char *Harness = R"PY(
import json, os, subprocess, sys
servers = json.loads(os.environ["CHECKFU_MCP_SERVERS"])
s = servers[0]
other = os.environ.get("OTHER")
args = list(s["args"])
if other:
    print("OTHER " + ("visible" if os.path.exists(other) else "hidden"), flush=True)
    if not os.path.exists(other):
        sys.exit(0)
    args[0] = other
p = subprocess.Popen([s["command"]] + args, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
req = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
       "params": {"name": "echo", "arguments": {"text": os.environ.get("ECHO", "hello")}}}
p.stdin.write((json.dumps(req) + "\n").encode()); p.stdin.flush()
line = p.stdout.readline()
if not line:
    print("NO ANSWER", flush=True)
else:
    m = json.loads(line)
    print("ANSWER " + m["result"]["content"][0]["text"], flush=True)
p.stdin.close(); p.wait()
print("SERVER " + json.dumps(s, sort_keys=True), flush=True)
)PY";

// Stands in for another run's relay: listens on a socket of its own, starts the bridge it was given
// against it (with the Runner's pid the entry carries), reports the bridge's exit and what it got.
const char *Impostor = R"PY(
import json, os, socket, subprocess, tempfile
s = json.loads(os.environ["CHECKFU_MCP_SERVERS"])[0]
path = os.path.join(tempfile.mkdtemp(), "mcp.sock")
srv = socket.socket(socket.AF_UNIX); srv.bind(path); srv.listen(1); srv.settimeout(5)
p = subprocess.Popen([s["command"], path] + s["args"][1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
got = b""
try:
    c, _ = srv.accept(); c.settimeout(2)
    try:
        got = c.recv(100)
    except Exception:
        pass
except Exception:
    pass
p.stdin.close()
print("ARGS %d EXIT %d GOT %r" % (len(s["args"]), p.wait(), got), flush=True)
)PY";

QString stdoutOf(const FakeRunPlane &plane, const QString &runId)
{
    QString text;
    for (const QJsonObject &e : plane.events.value(runId)) {
        if (e.value(QStringLiteral("kind")) == QStringLiteral("output.stdout"))
            text += e.value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString();
    }
    return text;
}

// The pids of running checkfu-mcp-bridge processes (their argv[0]) of one run (its socket in argv).
QList<qint64> bridgePids(const QString &runId)
{
    QList<qint64> pids;
    for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (!ok || !cmdline.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = cmdline.readAll();
        if (text.split('\0').value(0).endsWith("checkfu-mcp-bridge") && text.contains(runId.toUtf8()))
            pids << pid;
    }
    return pids;
}
} // namespace

class TestMcpRelayRuns : public QObject
{
    Q_OBJECT

    RunBench b;
    QTemporaryDir root;
    std::unique_ptr<HostProcessProvider> host;
    std::unique_ptr<BubblewrapProvider> bwrap;

    RunEnvironment env()
    {
        RunEnvironment e = b.env();
        e.provider = [this](const QString &id) -> SandboxProvider * {
            if (id == host->id())
                return host.get();
            return id == bwrap->id() ? bwrap.get() : nullptr;
        };
        e.realisable = [] {
            const QStringList drivers { QStringLiteral("checkfu:oneshot-v1@1") };
            return CapabilityAdvertisement::build(QString(),
                { CapabilityAdvertisement::hostProcessProvider(drivers),
                    CapabilityAdvertisement::bubblewrapProvider(drivers) });
        };
        return e;
    }

    static QJsonObject spec(const QString &network, const QJsonObject &env = {}, const QStringList &argv = {})
    {
        QJsonObject s = RunBench::runSpec(120);
        QJsonObject environment = s.value(QStringLiteral("environment")).toObject();
        QJsonObject requirements = environment.value(QStringLiteral("requirements")).toObject();
        requirements[QStringLiteral("network")] = network;
        environment[QStringLiteral("requirements")] = requirements;
        s[QStringLiteral("environment")] = environment;
        QJsonObject harness = s.value(QStringLiteral("harness")).toObject();
        QJsonObject launch = harness.value(QStringLiteral("launch")).toObject();
        launch[QStringLiteral("argv")] = QJsonArray::fromStringList(argv.isEmpty()
                ? QStringList { QStringLiteral("python3"), QStringLiteral("-c"), QString::fromUtf8(Harness) }
                : argv);
        launch[QStringLiteral("env")] = env;
        harness[QStringLiteral("launch")] = launch;
        s[QStringLiteral("harness")] = harness;
        s[QStringLiteral("plane_mcp")]
            = QJsonArray { QJsonObject { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
                { QStringLiteral("name"), QStringLiteral("checkfu") } } };
        return s;
    }

    bool finishes(RunExecution &run, int timeoutMs = 20000)
    {
        QSignalSpy finished(&run, &RunExecution::finished);
        return finished.size() > 0 || finished.wait(timeoutMs);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(b.setUp());
        QVERIFY2(!McpBridgeProgram::path().isEmpty(), "checkfu-mcp-bridge is not built");
        host = std::make_unique<HostProcessProvider>(root.filePath(QStringLiteral("host")));
        bwrap = std::make_unique<BubblewrapProvider>(root.filePath(QStringLiteral("bwrap")));
    }
    void init()
    {
        b.plane.mcpCalls.clear();
        b.plane.mcpDefer = false;
    }

    // §6.2/§6.10: a protocol outside plane_protocols is refused before anything starts.
    void anUnknownProtocolIsRefused()
    {
        QJsonObject s = spec(QStringLiteral("unrestricted"));
        s[QStringLiteral("plane_mcp")]
            = QJsonArray { QJsonObject { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v9") },
                { QStringLiteral("name"), QStringLiteral("x") } } };
        RunExecution run(RunBench::claim(7, s), env());
        run.start();
        QVERIFY(finishes(run));
        const QJsonObject settlement = b.plane.settlements.value(RunBench::runId(7));
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("plane_protocol_unsupported"));
    }

    void hostProcessCallWithNoCredentialInTheBridge()
    {
        b.plane.mcpDefer = true; // the call stays in flight until the answer comes as a directive
        RunExecution run(RunBench::claim(1, spec(QStringLiteral("unrestricted"))), env());
        run.start();
        QTRY_COMPARE_WITH_TIMEOUT(b.plane.mcpCalls.size(), 1, 15000);
        const QList<qint64> bridges = bridgePids(RunBench::runId(1));
        QCOMPARE(bridges.size(), 1);
        const QByteArray token = b.identity->token().toUtf8();
        QVERIFY(!token.isEmpty());
        for (const char *file : { "environ", "cmdline" }) {
            QFile f(QStringLiteral("/proc/%1/%2").arg(bridges[0]).arg(QLatin1String(file)));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray content = f.readAll();
            QVERIFY2(!content.contains(token) && !content.contains("cfb_") && !content.contains("cfw_"),
                content.constData());
        }
        const QJsonObject call = b.plane.mcpCalls[0];
        run.directive(QJsonObject { { QStringLiteral("type"), QStringLiteral("mcp") },
            { QStringLiteral("run_id"), RunBench::runId(1) },
            { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
            { QStringLiteral("connection"), call.value(QStringLiteral("connection")) },
            { QStringLiteral("message"),
                QJsonObject { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), 1 },
                    { QStringLiteral("result"),
                        QJsonObject { { QStringLiteral("content"),
                            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                                { QStringLiteral("text"), QStringLiteral("deferred") } } } } } } } } });
        QVERIFY(finishes(run));
        const QString out = stdoutOf(b.plane, RunBench::runId(1));
        QVERIFY2(out.contains(QStringLiteral("ANSWER deferred")), qPrintable(out));
        // The server entry: the bridge, the socket and the name; an empty env; the protocol.
        QVERIFY2(out.contains(QStringLiteral("\"env\": []"))
                && out.contains(QStringLiteral("\"protocol\": \"platform-mcp-v1\"")),
            qPrintable(out));
        QCOMPARE(b.plane.settlements.value(RunBench::runId(1)).value(QStringLiteral("outcome")).toString(),
            QStringLiteral("succeeded"));
        QCOMPARE(run.summary().platformToolCalls, 1);
    }

    // On host-process a run could put a socket of its own where another run's bridge looks: the
    // bridge checks the listener is the Runner (its pid in the entry) and sends it nothing.
    void hostProcessBridgeTalksOnlyToTheRunner()
    {
        RunExecution run(RunBench::claim(8,
                             spec(QStringLiteral("unrestricted"), {},
                                 { QStringLiteral("python3"), QStringLiteral("-c"), QString::fromUtf8(Impostor) })),
            env());
        run.start();
        QVERIFY(finishes(run));
        const QString out = stdoutOf(b.plane, RunBench::runId(8));
        QVERIFY2(out.contains(QStringLiteral("ARGS 3 EXIT 3 GOT b''")), qPrintable(out));
    }

    void hostProcessPeerCheckRefusesAnotherRun()
    {
        RunExecution a(RunBench::claim(2,
                           spec(QStringLiteral("unrestricted"), {}, { QStringLiteral("sleep"), QStringLiteral("60") })),
            env());
        a.start();
        const QString aSocket = host->relaySocketPath(RunBench::runId(2));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(aSocket), 10000);
        RunExecution other(
            RunBench::claim(
                3, spec(QStringLiteral("unrestricted"), QJsonObject { { QStringLiteral("OTHER"), aSocket } })),
            env());
        other.start();
        QVERIFY(finishes(other));
        const QString out = stdoutOf(b.plane, RunBench::runId(3));
        QVERIFY2(out.contains(QStringLiteral("OTHER visible")) && out.contains(QStringLiteral("NO ANSWER")),
            qPrintable(out));
        QVERIFY(b.plane.mcpCalls.isEmpty());
        // The run whose relay was tried says so.
        QTRY_VERIFY(std::any_of(b.plane.events.value(RunBench::runId(2)).cbegin(),
            b.plane.events.value(RunBench::runId(2)).cend(), [](const QJsonObject &e) {
                return e.value(QStringLiteral("data")).toObject().value(QStringLiteral("kind"))
                    == QStringLiteral("mcp_connection_refused");
            }));
        a.cancel(QStringLiteral("cancel_requested"));
        QVERIFY(finishes(a));
        QVERIFY(!QFile::exists(aSocket));
    }

    void bubblewrapNetworkNoneReachesOnlyItsOwnRelay()
    {
        RunExecution a(
            RunBench::claim(4, spec(QStringLiteral("none"), {}, { QStringLiteral("sleep"), QStringLiteral("60") })),
            env());
        a.start();
        const QString aSocket = bwrap->relaySocketPath(RunBench::runId(4));
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(aSocket), 10000);
        // Its own relay: the tool answers, through the bridge shown at the fixed path.
        RunExecution own(RunBench::claim(5, spec(QStringLiteral("none"))), env());
        own.start();
        QVERIFY(finishes(own));
        QString out = stdoutOf(b.plane, RunBench::runId(5));
        QVERIFY2(out.contains(QStringLiteral("ANSWER hello")), qPrintable(out));
        QVERIFY2(out.contains(QLatin1String(BubblewrapProvider::McpBridgeTarget)), qPrintable(out));
        QCOMPARE(b.plane.settlements.value(RunBench::runId(5)).value(QStringLiteral("outcome")).toString(),
            QStringLiteral("succeeded"));
        // Another run's socket is not there at all.
        RunExecution other(
            RunBench::claim(6, spec(QStringLiteral("none"), QJsonObject { { QStringLiteral("OTHER"), aSocket } })),
            env());
        other.start();
        QVERIFY(finishes(other));
        out = stdoutOf(b.plane, RunBench::runId(6));
        QVERIFY2(out.contains(QStringLiteral("OTHER hidden")), qPrintable(out));
        a.cancel(QStringLiteral("cancel_requested"));
        QVERIFY(finishes(a));
    }
};

QTEST_GUILESS_MAIN(TestMcpRelayRuns)
#include "tst_mcprelayruns.moc"
