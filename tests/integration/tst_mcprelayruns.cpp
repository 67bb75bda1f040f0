// §6.10 with real processes: runs on the host-process and bubblewrap tiers whose harness (python3)
// starts the built checkfu-mcp-bridge from CHECKFU_MCP_SERVERS and calls a tool through it; the
// control plane is FakeRunPlane. The bridge holds no credential while a call is in flight; a run
// cannot use another run's relay (host-process: refused by the peer check; bubblewrap: not visible).
// Issue 35: a harness flooding its relay with notifications, responses or junk lines costs the
// Runner a bounded number of descriptors, connections, warnings and bytes, and other runs go on.
#include "RunBench.h"

#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/relay/McpRelay.h>
#include <runnercore/sandbox/BubblewrapProvider.h>
#include <runnercore/sandbox/HostProcessProvider.h>

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <dirent.h>
#include <sys/resource.h>

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

// What a hostile harness sends through the bridge, all at once: JUNK lines that are no JSON-RPC at
// all, FLOOD numbered notifications and, after every third, a numbered response (a JSON-RPC object
// with a result and an id, as answers to the plane are); then one tool call, whose answer it prints.
const char *Flood = R"PY(
import json, os, subprocess
s = json.loads(os.environ["CHECKFU_MCP_SERVERS"])[0]
p = subprocess.Popen([s["command"]] + s["args"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out = [b"x\n"] * int(os.environ.get("JUNK", "0"))
for i in range(int(os.environ.get("FLOOD", "0"))):
    out.append(b'{"jsonrpc":"2.0","method":"notifications/progress","params":{"seq":%d}}\n' % i)
    if i % 3 == 0:
        out.append(b'{"jsonrpc":"2.0","id":"plane-%d","result":{"seq":%d}}\n' % (i, i))
call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "echo", "arguments": {"text": "still relaying"}}}
out.append((json.dumps(call) + "\n").encode())
p.stdin.write(b"".join(out)); p.stdin.flush()
print("ANSWER " + p.stdout.readline().decode().strip(), flush=True)
p.stdin.close(); p.wait()
)PY";

// The descriptors this process has open; all it may have when it cannot open one more.
int openDescriptors()
{
    DIR *dir = ::opendir("/proc/self/fd");
    rlimit limit {};
    if (!dir)
        return errno == EMFILE && ::getrlimit(RLIMIT_NOFILE, &limit) == 0 ? int(limit.rlim_cur) : -1;
    int n = 0;
    while (::readdir(dir))
        ++n;
    ::closedir(dir);
    return n - 3; // ".", ".." and the directory's own
}

// A field of /proc/self/status in KiB ("VmRSS:", "VmHWM:").
qint64 statusKiB(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(qsizetype(std::strlen(field))).trimmed().split(' ').value(0).toLongLong();
    }
    return -1;
}

QList<QJsonObject> warningsOf(const FakeRunPlane &plane, const QString &runId, const QString &kind)
{
    QList<QJsonObject> found;
    for (const QJsonObject &e : plane.events.value(runId)) {
        const QJsonObject data = e.value(QStringLiteral("data")).toObject();
        if (e.value(QStringLiteral("kind")) == QStringLiteral("run.warning")
            && data.value(QStringLiteral("kind")) == kind)
            found << data;
    }
    return found;
}

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

    static QJsonObject floodSpec(int notifications, int junkLines)
    {
        return spec(QStringLiteral("unrestricted"),
            QJsonObject { { QStringLiteral("FLOOD"), QString::number(notifications) },
                { QStringLiteral("JUNK"), QString::number(junkLines) } },
            { QStringLiteral("python3"), QStringLiteral("-c"), QString::fromUtf8(Flood) });
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

    // Issue 35: 30,000 notifications and 10,000 responses through the real bridge, as fast as a
    // harness can write them, in a Runner with 256 descriptors (the test process is the Runner).
    // Before, each became a call of its own with a connection of its own: the descriptors ran out
    // and another run failed to launch. Now the relay's calls are bounded per run, notifications
    // and responses go in batches, the harness waits while its queue is full, and the connections
    // to the plane are capped per origin.
    void aFloodOfNotificationsAndResponsesStaysBounded()
    {
        rlimit saved {};
        QCOMPARE(::getrlimit(RLIMIT_NOFILE, &saved), 0);
        rlimit low = saved;
        low.rlim_cur = 256;
        QCOMPARE(::setrlimit(RLIMIT_NOFILE, &low), 0);
        const auto restore = qScopeGuard([&saved] { ::setrlimit(RLIMIT_NOFILE, &saved); });

        const int baselineFds = openDescriptors();
        const qint64 baselineRssKiB = statusKiB("VmRSS:");
        QFile clearRefs(QStringLiteral("/proc/self/clear_refs")); // "5": the peak RSS starts again from now
        QVERIFY(clearRefs.open(QIODevice::WriteOnly) && clearRefs.write("5") == 1);
        clearRefs.close();
        b.peer.resetPeak();
        int peakFds = baselineFds;
        QTimer sampler;
        connect(&sampler, &QTimer::timeout, this, [&peakFds] { peakFds = std::max(peakFds, openDescriptors()); });
        sampler.start(2);

        constexpr int Notifications = 30000;
        constexpr int Responses = (Notifications + 2) / 3;
        RunExecution flood(RunBench::claim(11, floodSpec(Notifications, 0)), env());
        flood.start();
        const auto floodCalls = [this] {
            return std::count_if(b.plane.mcpCalls.cbegin(), b.plane.mcpCalls.cend(), [](const QJsonObject &call) {
                return call.value(QStringLiteral("claim_id")).toString() == RunBench::claimId(11);
            });
        };
        QTRY_VERIFY_WITH_TIMEOUT(floodCalls() > 0 || openDescriptors() > baselineFds + 64, 15000);
        // Another Session's run, launched while the flood goes on, starts and ends as it would.
        RunExecution other(RunBench::claim(12,
                               spec(QStringLiteral("unrestricted"), {},
                                   { QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("echo second run") })),
            env());
        other.start();
        QVERIFY(finishes(other, 60000));
        const QJsonObject otherSettlement = b.plane.settlements.value(RunBench::runId(12));
        const bool floodEnded = finishes(flood, 120000);
        sampler.stop();
        peakFds = std::max(peakFds, openDescriptors());
        const qint64 peakRssKiB = statusKiB("VmHWM:");

        // Every notification and response reached the plane once, in the order the harness sent them.
        int notifications = 0, responses = 0, outOfOrder = 0;
        const int calls = int(floodCalls());
        for (const QJsonObject &call : std::as_const(b.plane.mcpCalls)) {
            if (call.value(QStringLiteral("claim_id")).toString() != RunBench::claimId(11))
                continue;
            for (const QJsonValue &v : call.value(QStringLiteral("messages")).toArray()) {
                const QJsonObject m = v.toObject();
                if (m.value(QStringLiteral("method")) == QStringLiteral("notifications/progress"))
                    outOfOrder += m.value(QStringLiteral("params")).toObject().value(QStringLiteral("seq")).toInt()
                        != notifications++;
                else if (m.contains(QStringLiteral("result")))
                    outOfOrder += m.value(QStringLiteral("result")).toObject().value(QStringLiteral("seq")).toInt()
                        != 3 * responses++;
            }
        }
        const int planeConnections = b.peer.peakOpenConnections();
        qInfo("flood of %d notifications and %d responses: %d relayed and %d out of order in %d relay calls; "
              "peak descriptors %d (%d before, limit 256), peak connections at the plane %d, peak RSS %.1f MiB "
              "(%.1f MiB before)",
            Notifications, Responses, notifications + responses, outOfOrder, calls, peakFds, baselineFds,
            planeConnections, peakRssKiB / 1024.0, baselineRssKiB / 1024.0);
        QVERIFY2(otherSettlement.value(QStringLiteral("outcome")).toString() == QStringLiteral("succeeded"),
            QJsonDocument(otherSettlement).toJson().constData());
        QVERIFY2(stdoutOf(b.plane, RunBench::runId(12)).contains(QStringLiteral("second run")),
            qPrintable(stdoutOf(b.plane, RunBench::runId(12))));
        QVERIFY(floodEnded);
        // The tool call after the flood was answered by the plane.
        const QString out = stdoutOf(b.plane, RunBench::runId(11));
        QVERIFY2(out.contains(QStringLiteral("still relaying")), qPrintable(out.left(2000)));
        QCOMPARE(notifications, Notifications);
        QCOMPARE(responses, Responses);
        QCOMPARE(outOfOrder, 0);
        QVERIFY(warningsOf(b.plane, RunBench::runId(11), QStringLiteral("mcp_message_refused")).isEmpty());
        // Both ends of every connection are in this process, with both runs' pipes and sockets (fewer
        // than 16); the plane's record of 40,000 messages counts in the peak RSS too.
        QVERIFY2(planeConnections <= ApiClient::MaxConnections, qPrintable(QString::number(planeConnections)));
        QVERIFY2(peakFds - baselineFds <= 2 * ApiClient::MaxConnections + 16, qPrintable(QString::number(peakFds)));
        QVERIFY2(peakRssKiB - baselineRssKiB < 64 * 1024, qPrintable(QString::number(peakRssKiB)));
    }

    // Issue 35: 40 KB of junk lines (20,000 of them) made 20,000 run.warning events. Now a few, then
    // one saying that further ones are not reported; the relay goes on.
    void junkLinesGiveABoundedNumberOfWarnings()
    {
        RunExecution run(RunBench::claim(13, floodSpec(0, 20000)), env());
        run.start();
        QVERIFY(finishes(run, 60000));
        const QString out = stdoutOf(b.plane, RunBench::runId(13));
        QVERIFY2(out.contains(QStringLiteral("still relaying")), qPrintable(out.left(2000)));
        const QList<QJsonObject> warnings
            = warningsOf(b.plane, RunBench::runId(13), QStringLiteral("mcp_message_refused"));
        qInfo("20000 junk lines: %d mcp_message_refused warnings", int(warnings.size()));
        QCOMPARE(warnings.size(), McpRelay::MaxWarnings + 1);
        QVERIFY2(
            warnings.last().value(QStringLiteral("message")).toString().contains(QStringLiteral("without a warning")),
            QJsonDocument(warnings.last()).toJson().constData());
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
