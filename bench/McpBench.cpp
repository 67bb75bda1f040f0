// The MCP relay (§6.10, issue 24): tools/call `echo` on the devplane's platform MCP server, made
// `calls` times one after another directly (POST …/mcp through the Runner's ApiClient, as the relay
// makes it) and through the relay (the built checkfu-mcp-bridge on pipes, its socket, McpRelay, the
// same POST):
// p50/p95 of each and the added p50. Then `calls` through the relay with 16 awaiting at a time:
// relayed calls per second. Goal: added p50 <= 2 ms on loopback.
#include "DevPlaneProcess.h"
#include "WireRunner.h"

#include <runnercore/base/Clock.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/relay/McpRelay.h>
#include <runnercore/transport/ApiClient.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>

using namespace runnercore;

namespace {

[[noreturn]] void fail(const QString &message)
{
    QTextStream(stderr) << "checkfu-bench mcp: " << message << Qt::endl;
    ::exit(1);
}

QJsonObject echoCall(int id)
{
    return QJsonObject {
        { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), id },
        { QStringLiteral("method"), QStringLiteral("tools/call") },
        { QStringLiteral("params"),
            QJsonObject { { QStringLiteral("name"), QStringLiteral("echo") },
                { QStringLiteral("arguments"), QJsonObject { { QStringLiteral("text"), QStringLiteral("bench") } } } } }
    };
}

double percentile(QList<qint64> nanos, double p)
{
    std::sort(nanos.begin(), nanos.end());
    return nanos.isEmpty() ? 0 : nanos.at(std::min<qsizetype>(nanos.size() - 1, qsizetype(p * nanos.size()))) / 1e6;
}

// Reads answers off the socket: the number of complete lines so far.
struct Reader
{
    QIODevice &socket;
    QByteArray buffer;
    int lines = 0;
    void take()
    {
        buffer += socket.readAll();
        qsizetype end;
        while ((end = buffer.indexOf('\n')) >= 0) {
            if (!buffer.left(end).contains("\"result\""))
                fail(QStringLiteral("a relayed call failed: %1").arg(QString::fromUtf8(buffer.left(end))));
            buffer.remove(0, end + 1);
            ++lines;
        }
    }
};

} // namespace

void mcpBench(int calls)
{
    QTextStream out(stdout);
    DevPlaneProcess devplane;
    QString error;
    if (!devplane.start(&error))
        fail(error);
    WireRunner wire(devplane);
    if (!wire.enroll(&error, { QStringLiteral("platform-mcp-v1") }))
        fail(error);
    if (devplane.createSession(QStringLiteral("mcp"), { QStringLiteral("client=[\"true\"]") }, {}, &error).isEmpty())
        fail(error);
    const QJsonObject claim = wire.claim();
    const QString runId = claim.value(QStringLiteral("run_id")).toString();
    const QString claimId = claim.value(QStringLiteral("claim_id")).toString();
    if (runId.isEmpty())
        fail(QStringLiteral("no claim"));
    const SystemClock clock;
    ApiClient api(QUrl(devplane.url()), clock);
    const QString token = wire.token();

    // Direct: the same POST the relay makes, one after another.
    QList<qint64> direct;
    const QString connection = QStringLiteral("mcpc_") + QString(32, QLatin1Char('a'));
    for (int i = 0; i < calls; ++i) {
        ApiRequest request;
        request.method = "POST";
        request.path = QStringLiteral("/v1/runner/runs/%1/mcp").arg(runId);
        request.body = QJsonObject { { QStringLiteral("claim_id"), claimId },
            { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
            { QStringLiteral("connection"), connection }, { QStringLiteral("messages"), QJsonArray { echoCall(i) } } };
        request.credential = [token] { return token; };
        QElapsedTimer timer;
        timer.start();
        QEventLoop loop;
        bool ok = false;
        QObject::connect(api.send(std::move(request)), &ApiCall::finished, &loop, [&](const ApiResponse &r) {
            ok = r.ok();
            loop.quit();
        });
        loop.exec();
        direct << timer.nsecsElapsed();
        if (!ok)
            fail(QStringLiteral("a direct call failed"));
    }

    // Relayed: this process is the bridge's side of the socket.
    QTemporaryDir dir;
    SecretMasker masker;
    McpRelay::Setup setup;
    setup.runId = runId;
    setup.claimId = claimId;
    setup.socketPath = dir.filePath(QStringLiteral("mcp.sock"));
    setup.protocolByName.insert(QStringLiteral("checkfu"), QStringLiteral("platform-mcp-v1"));
    qint64 bridgePid = 0;
    setup.peerAllowed = [&bridgePid](qint64 pid) { return pid == bridgePid; };
    McpRelay relay(
        api, [token] { return token; }, &masker, setup);
    if (!relay.listen(&error))
        fail(error);
    // The bridge as a harness starts it; only it may connect.
    QProcess socket;
    const QString bridge = McpBridgeProgram::path();
    if (bridge.isEmpty())
        fail(QStringLiteral("checkfu-mcp-bridge is not built"));
    socket.start(bridge, { setup.socketPath, QStringLiteral("checkfu") });
    if (!socket.waitForStarted())
        fail(socket.errorString());
    bridgePid = socket.processId();
    Reader reader { socket, QByteArray(), 0 };
    QEventLoop loop;
    QObject::connect(&socket, &QProcess::readyReadStandardOutput, &loop, [&] {
        reader.take();
        loop.quit();
    });
    QList<qint64> relayed;
    for (int i = 0; i < calls; ++i) {
        const int before = reader.lines;
        QElapsedTimer timer;
        timer.start();
        socket.write(QJsonDocument(echoCall(i)).toJson(QJsonDocument::Compact) + '\n');
        while (reader.lines == before)
            loop.exec();
        relayed << timer.nsecsElapsed();
    }

    // Throughput: 16 awaiting at a time (the run's bound).
    QElapsedTimer wall;
    wall.start();
    const int start = reader.lines;
    int sent = 0;
    while (reader.lines - start < calls) {
        while (sent < calls && sent - (reader.lines - start) < McpRelay::MaxAwaiting) {
            socket.write(QJsonDocument(echoCall(100000 + sent)).toJson(QJsonDocument::Compact) + '\n');
            ++sent;
        }
        loop.exec();
    }
    const double seconds = wall.nsecsElapsed() / 1e9;
    socket.closeWriteChannel(); // the bridge exits when its stdin ends
    socket.waitForFinished(5000);

    const double directP50 = percentile(direct, 0.5);
    const double relayedP50 = percentile(relayed, 0.5);
    out << QStringLiteral("mcp relay: %1 calls of echo on the devplane (loopback)").arg(calls) << Qt::endl;
    out << QStringLiteral("  direct POST …/mcp: p50 %1 ms, p95 %2 ms")
               .arg(directP50, 0, 'f', 3)
               .arg(percentile(direct, 0.95), 0, 'f', 3)
        << Qt::endl;
    out << QStringLiteral("  through the relay: p50 %1 ms, p95 %2 ms; added p50 %3 ms (goal <= 2 ms)")
               .arg(relayedP50, 0, 'f', 3)
               .arg(percentile(relayed, 0.95), 0, 'f', 3)
               .arg(relayedP50 - directP50, 0, 'f', 3)
        << Qt::endl;
    out << QStringLiteral("  16 awaiting at a time: %1 relayed calls/s").arg(calls / seconds, 0, 'f', 0) << Qt::endl;
}
