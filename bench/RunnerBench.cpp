// Speed and memory figures for the Runner (issue 3's benchmarks). Prints figures; asserts nothing.
//   checkfu-bench latency [runs]      claim-to-start: Session created → run.started received, on the server's clock
//   checkfu-bench throughput [bytes]  stdout relayed to the devplane vs. the same bytes from a plain HTTP client
//   checkfu-bench idle [seconds]      CPU and peak RSS of a paired, idle checkfu-runner
//   checkfu-bench acp [updates]       ACP relay: agent_message_chunk updates/s from the SDK test agent to the devplane
//   checkfu-bench transport [requests] CPU and context switches per heartbeat-sized request: the Runner's
//                                     ApiClient (HttpExchange) vs QNetworkAccessManager, one kept-alive connection
#include "HttpSession.h"
#include "IntegrationSupport.h"
#include <runnercore/base/Clock.h>
#include <runnercore/transport/ApiClient.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QNetworkReply>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTextStream>

#include <sys/resource.h>
#include <unistd.h>

using namespace runnercore;

using namespace IntegrationSupport;

namespace {
QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

[[noreturn]] void die(const QString &what)
{
    QTextStream(stderr) << "checkfu-bench: " << what << Qt::endl;
    std::exit(1);
}

struct Setup
{
    DevPlaneProcess devplane;
    RunnerProcess runner;
    std::unique_ptr<HttpSession> http;
    QString principal;

    void start()
    {
        QString error;
        if (!devplane.start(&error))
            die(error);
        if (pairAndWaitReady(devplane, runner, &error).isEmpty())
            die(error);
        http = std::make_unique<HttpSession>(devplane.url());
        principal = devplane.defaultPrincipal();
    }

    QString createSession(const QJsonObject &spec, bool owned = true)
    {
        QJsonObject body { { QStringLiteral("run_spec"), spec } };
        if (owned)
            body.insert(QStringLiteral("owner_principal_id"), principal);
        const auto r = http->call("POST", QStringLiteral("/v1/sessions"), devplane.adminKey(), body);
        if (r.status != 201)
            die(QStringLiteral("cannot create a session: HTTP %1").arg(r.status));
        return r.body.value(QStringLiteral("session_id")).toString();
    }

    QJsonObject events(const QString &sessionId, const QString &query = {})
    {
        return http->call("GET", QStringLiteral("/v1/sessions/%1/events%2").arg(sessionId, query), devplane.adminKey())
            .body;
    }

    QJsonObject waitSettled(const QString &sessionId, int timeoutMs, const QString &query = QStringLiteral("?limit=0"))
    {
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < timeoutMs) {
            const QJsonObject e = events(sessionId, query);
            if (e.value(QStringLiteral("settlement")).isObject())
                return e;
            QTest::qWait(10);
        }
        die(QStringLiteral("session %1 did not settle").arg(sessionId));
    }
};

double percentile(QList<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const qsizetype index = std::min<qsizetype>(values.size() - 1, qsizetype(std::ceil(p / 100.0 * values.size())) - 1);
    return values.at(std::max<qsizetype>(0, index));
}

void latency(int runs)
{
    Setup s;
    // The devplane rewrites its whole state file at every claim and settlement when persistent,
    // which grows with the number of Sessions; memory only keeps the figure about the Runner.
    s.devplane.setPersistent(false);
    s.start();
    const QJsonObject spec = oneshotRunSpec(s.principal, { QStringLiteral("/bin/true") });
    QList<double> ms;
    for (int i = 0; i < runs; ++i) {
        const QString id = s.createSession(spec);
        // Poll the cheap form; the figure comes from server timestamps, polling only adds load.
        s.waitSettled(id, 30000);
        const QJsonObject e = s.events(id);
        const QDateTime created = wireTime(e.value(QStringLiteral("created_at")).toString());
        const auto started = eventsOfKind(eventList(e), QStringLiteral("run.started"));
        if (started.isEmpty())
            die(QStringLiteral("run %1 has no run.started").arg(i));
        ms << double(created.msecsTo(wireTime(started.first().value(QStringLiteral("received_at")).toString())));
    }
    out() << QStringLiteral("claim-to-start latency over %1 runs (Session created -> run.started received): "
                            "p50 %2 ms, p99 %3 ms, max %4 ms (target p50 <= 20 ms, p99 <= 100 ms)")
                 .arg(runs)
                 .arg(percentile(ms, 50))
                 .arg(percentile(ms, 99))
                 .arg(*std::max_element(ms.begin(), ms.end()))
          << Qt::endl;
}

void throughput(qint64 bytes)
{
    Setup s;
    s.start();
    constexpr int LineBytes = 4096;
    // The Runner's relay: a harness writing `bytes` of stdout in 4 KiB lines.
    QJsonObject env { { QStringLiteral("L"), QString(LineBytes - 1, QLatin1Char('a')) },
        { QStringLiteral("BYTES"), QString::number(bytes) } };
    const QJsonObject spec = oneshotRunSpec(s.principal,
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("yes \"$L\" | head -c \"$BYTES\"") }, env);
    const QString id = s.createSession(spec);
    const QJsonObject settled = s.waitSettled(id, 600000);
    const qint64 finalSeq
        = settled.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("final_seq")).toInteger();
    const auto first = eventList(s.events(id, QStringLiteral("?after_seq=0&limit=1")));
    const auto last = eventList(s.events(id, QStringLiteral("?after_seq=%1&limit=1").arg(finalSeq - 1)));
    if (first.isEmpty() || last.isEmpty())
        die(QStringLiteral("cannot read the first and last events"));
    const double runnerSeconds = wireTime(first.first().value(QStringLiteral("received_at")).toString())
                                     .msecsTo(wireTime(last.first().value(QStringLiteral("received_at")).toString()))
        / 1000.0;
    const double mb = double(bytes) / 1e6;

    // A plain client: a Workspace key, a claimed run, and the same bytes as 64 KiB events in ~1 MiB batches.
    const QString key = s.devplane.adminText({ QStringLiteral("key") }).trimmed();
    HttpSession &http = *s.http;
    QByteArray nonceBytes(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(nonceBytes.begin(), nonceBytes.end());
    const QJsonObject ad { { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("runner_pool"), QJsonValue::Null }, { QStringLiteral("providers"), QJsonArray() },
        { QStringLiteral("plane_protocols"), QJsonArray() } };
    const auto grant = http.call("POST", QStringLiteral("/v1/runner/identity"), key,
        QJsonObject { { QStringLiteral("process_nonce"), QString::fromLatin1(nonceBytes.toHex()) },
            { QStringLiteral("advertisement"), ad }, { QStringLiteral("runner_version"), QStringLiteral("0.1.0") } });
    const QString token = grant.body.value(QStringLiteral("workload_token")).toString();
    http.call("PUT", QStringLiteral("/v1/runner/presence"), token,
        QJsonObject { { QStringLiteral("status"), QStringLiteral("ready") },
            { QStringLiteral("slots"), QJsonObject { { QStringLiteral("total"), 1 }, { QStringLiteral("busy"), 0 } } },
            { QStringLiteral("active_runs"), QJsonArray() }, { QStringLiteral("advertisement"), ad } });
    s.createSession(oneshotRunSpec(s.principal, { QStringLiteral("/bin/true") }), false);
    const auto claim = http.call("POST", QStringLiteral("/v1/runner/claims"), token,
        QJsonObject { { QStringLiteral("wait_seconds"), 5 }, { QStringLiteral("free_slots"), 1 } });
    const QJsonObject c = claim.body.value(QStringLiteral("claim")).toObject();
    const QString runId = c.value(QStringLiteral("run_id")).toString();
    const QString claimId = c.value(QStringLiteral("claim_id")).toString();
    if (runId.isEmpty())
        die(QStringLiteral("the plain client could not claim a run (HTTP %1)").arg(claim.status));
    QByteArray line(LineBytes - 1, 'a');
    line += "\\n";
    QByteArray text;
    while (text.size() < 64 * 1024)
        text += line;
    const qint64 eventBytes = 16 * (LineBytes);
    QElapsedTimer t;
    t.start();
    qint64 seq = 0;
    qint64 sent = 0;
    qint64 batches = 0;
    while (sent < bytes) {
        QByteArray body = "{\"claim_id\":\"" + claimId.toLatin1() + "\",\"events\":[";
        for (int i = 0; i < 15 && sent < bytes; ++i) {
            if (i)
                body += ',';
            body += "{\"seq\":" + QByteArray::number(++seq)
                + ",\"at\":\"2026-11-30T12:00:00.000Z\",\"kind\":\"output.stdout\",\"data\":{\"text\":\"" + text
                + "\"}}";
            sent += eventBytes;
        }
        body += "]}";
        const auto r = http.call("POST", QStringLiteral("/v1/runner/runs/%1/observations").arg(runId), token, body);
        if (r.status != 200)
            die(QStringLiteral("plain client batch refused: HTTP %1").arg(r.status));
        ++batches;
    }
    const double plainSeconds = t.elapsed() / 1000.0;
    out() << QStringLiteral(
        "throughput, %1 MB of stdout in 4 KiB lines: Runner %2 MB/s, %3 events/s (%4 events in %5 s)")
                 .arg(mb, 0, 'f', 0)
                 .arg(mb / runnerSeconds, 0, 'f', 1)
                 .arg(double(finalSeq) / runnerSeconds, 0, 'f', 0)
                 .arg(finalSeq)
                 .arg(runnerSeconds, 0, 'f', 2)
          << Qt::endl;
    out() << QStringLiteral("throughput, same bytes from a plain HTTP client (64 KiB events, 15 per batch): %1 MB/s "
                            "(%2 batches in %3 s); Runner/plain = %4 % (targets >= 100 MB/s and >= 50 %)")
                 .arg(mb / plainSeconds, 0, 'f', 1)
                 .arg(batches)
                 .arg(plainSeconds, 0, 'f', 2)
                 .arg(100.0 * plainSeconds / runnerSeconds, 0, 'f', 0)
          << Qt::endl;
}

qint64 procField(qint64 pid, const char *file, const QByteArray &key)
{
    QFile f(QStringLiteral("/proc/%1/%2").arg(pid).arg(QLatin1String(file)));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &l : f.readAll().split('\n'))
        if (l.startsWith(key))
            return l.mid(key.size()).trimmed().split(' ').first().toLongLong();
    return -1;
}

double cpuSeconds(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 (utime, stime) are at 11 and 12 after the command name.
    return double(fields.value(11).toLongLong() + fields.value(12).toLongLong()) / double(sysconf(_SC_CLK_TCK));
}

void idle(int seconds)
{
    Setup s;
    s.start();
    QTest::qWait(3000); // past start-up
    const qint64 pid = s.runner.pid();
    const double before = cpuSeconds(pid);
    QTest::qWait(seconds * 1000);
    const double used = cpuSeconds(pid) - before;
    const double tick = 1.0 / double(sysconf(_SC_CLK_TCK));
    if (used < tick)
        out() << QStringLiteral("idle CPU below one clock tick (%1 s) in %2 s").arg(tick).arg(seconds) << Qt::endl;
    out() << QStringLiteral("idle cost over %1 s (paired, ready, heartbeating): %2 CPU-seconds (%3 per minute), "
                            "RSS %4 MiB, peak RSS %5 MiB (targets <= 0.05 CPU-s/min, RSS <= 20 MiB)")
                 .arg(seconds)
                 .arg(used, 0, 'f', 3)
                 .arg(used * 60.0 / seconds, 0, 'f', 3)
                 .arg(procField(pid, "status", "VmRSS:") / 1024.0, 0, 'f', 1)
                 .arg(procField(pid, "status", "VmHWM:") / 1024.0, 0, 'f', 1)
          << Qt::endl;
}
} // namespace

// CPU time (all threads) and context switches of this process so far.
std::pair<double, long> selfUsage()
{
    rusage r {};
    getrusage(RUSAGE_SELF, &r);
    const double cpu
        = double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + double(r.ru_utime.tv_usec + r.ru_stime.tv_usec) / 1e6;
    return { cpu, r.ru_nvcsw + r.ru_nivcsw };
}

// Sends `requests` heartbeat-sized PUTs one after another through `send` (which calls `done`
// when the answer is in) and prints CPU and context switches per request, after 20 to warm up.
void measureTransport(const QString &name, int requests, const std::function<void(std::function<void()>)> &send)
{
    constexpr int Warmup = 20;
    int sent = 0;
    std::pair<double, long> start;
    QElapsedTimer wall;
    QEventLoop loop;
    std::function<void()> next = [&] {
        if (sent == Warmup) {
            start = selfUsage();
            wall.start();
        }
        if (sent == Warmup + requests) {
            loop.quit();
            return;
        }
        ++sent;
        send([&] { QTimer::singleShot(0, &loop, next); });
    };
    next();
    loop.exec();
    const auto [cpu, switches] = selfUsage();
    out() << QStringLiteral("transport %1: %2 us CPU and %3 context switches per request (%4 us wall; %5 requests)")
                 .arg(name, -28)
                 .arg((cpu - start.first) * 1e6 / requests, 0, 'f', 1)
                 .arg(double(switches - start.second) / requests, 0, 'f', 2)
                 .arg(double(wall.nsecsElapsed()) / 1e3 / requests, 0, 'f', 0)
                 .arg(requests)
          << Qt::endl;
}

void transport(int requests)
{
    DevPlaneProcess devplane;
    devplane.setPersistent(false);
    QString error;
    if (!devplane.start(&error))
        die(error);
    // An unknown token: the devplane answers 401 with the error envelope, the same framing and
    // about the same size as a heartbeat's answer, without a Runner to keep alive.
    const QByteArray body = QByteArray(R"({"status":"ready","slots":{"total":1,"busy":0},"active_runs":[],"pad":")")
        + QByteArray(900, 'x') + "\"}";
    const QString path = QStringLiteral("/v1/runner/presence");
    const QString token = QStringLiteral("cfw_bench_unknown_token");

    SystemClock clock;
    ApiClient client(QUrl(devplane.url()), clock);
    measureTransport(QStringLiteral("ApiClient"), requests, [&](std::function<void()> done) {
        ApiRequest r;
        r.method = "PUT";
        r.path = path;
        r.rawBody = body;
        r.credential = [&] { return token; };
        ApiCall *call = client.send(std::move(r));
        QObject::connect(call, &ApiCall::finished, call, [done](const ApiResponse &response) {
            if (response.status != 401)
                die(QStringLiteral("unexpected answer: %1").arg(response.error.describe()));
            done();
        });
    });

    QNetworkAccessManager nam;
    measureTransport(QStringLiteral("QNetworkAccessManager"), requests, [&](std::function<void()> done) {
        QNetworkRequest r(QUrl(devplane.url() + path));
        r.setRawHeader("Checkfu-Version", ApiClient::ProtocolVersion);
        r.setRawHeader("Authorization", "Bearer " + token.toUtf8());
        r.setRawHeader("Idempotency-Key", QUuid::createUuid().toByteArray(QUuid::WithoutBraces));
        r.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        QNetworkReply *reply = nam.sendCustomRequest(r, "PUT", body);
        QObject::connect(reply, &QNetworkReply::finished, reply, [reply, done] {
            if (reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt() != 401)
                die(QStringLiteral("unexpected answer: %1").arg(reply->errorString()));
            reply->readAll();
            reply->deleteLater();
            done();
        });
    });
}

void acpRelay(int updates)
{
    Setup s;
    s.start();
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        die(QStringLiteral("node is not on PATH; run scripts/setup"));
    QJsonObject spec
        = oneshotRunSpec(s.principal, { node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") }, {},
            QStringLiteral("flood %1").arg(updates));
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
    const QString id = s.createSession(spec);
    // run.started, turn.started, stderr lines, then the updates: look only at the tail.
    QElapsedTimer t;
    t.start();
    QList<QJsonObject> tail;
    while (true) {
        tail = eventList(s.events(id, QStringLiteral("?after_seq=%1").arg(updates)));
        if (!eventsOfKind(tail, QStringLiteral("turn.ended")).isEmpty())
            break;
        if (t.elapsed() > 600000)
            die(QStringLiteral("the ACP turn did not end"));
        QTest::qWait(20);
    }
    s.http->call("POST", QStringLiteral("/v1/sessions/%1/close").arg(id), s.devplane.adminKey(), QJsonObject());
    const QJsonObject settled = s.waitSettled(id, 60000, QStringLiteral("?after_seq=0"));
    const QList<QJsonObject> events = eventList(settled);
    const QList<QJsonObject> relayed = eventsOfKind(events, QStringLiteral("acp.update"));
    if (relayed.size() != updates)
        die(QStringLiteral("%1 of %2 updates arrived").arg(relayed.size()).arg(updates));
    const QList<QJsonObject> started = eventsOfKind(events, QStringLiteral("turn.started"));
    const QDateTime from = wireTime(started.first().value(QStringLiteral("received_at")).toString());
    const QDateTime firstUpdate = wireTime(relayed.first().value(QStringLiteral("received_at")).toString());
    const QDateTime lastUpdate = wireTime(relayed.last().value(QStringLiteral("received_at")).toString());
    const double relaySeconds = firstUpdate.msecsTo(lastUpdate) / 1000.0;
    out() << QStringLiteral(
        "acp relay, %1 agent_message_chunk updates from the SDK test agent: %2 updates/s end to end "
        "(first to last update received by the devplane in %3 s; turn start to last update %4 s; "
        "run %5)")
                 .arg(updates)
                 .arg(double(updates) / std::max(relaySeconds, 0.001), 0, 'f', 0)
                 .arg(relaySeconds, 0, 'f', 2)
                 .arg(from.msecsTo(lastUpdate) / 1000.0, 0, 'f', 2)
                 .arg(
                     settled.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString())
          << Qt::endl;
}

void gitMaterialisation(int files, qint64 bytesPerSecond); // GitBench.cpp
void snapshotBench(int files, qint64 totalBytes); // SnapshotBench.cpp
void mcpBench(int calls); // McpBench.cpp

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    const QString what = args.value(1);
    if (what == QLatin1String("latency"))
        latency(args.value(2, QStringLiteral("200")).toInt());
    else if (what == QLatin1String("throughput"))
        throughput(args.value(2, QStringLiteral("1073741824")).toLongLong());
    else if (what == QLatin1String("idle"))
        idle(args.value(2, QStringLiteral("60")).toInt());
    else if (what == QLatin1String("acp"))
        acpRelay(args.value(2, QStringLiteral("100000")).toInt());
    else if (what == QLatin1String("transport"))
        transport(args.value(2, QStringLiteral("2000")).toInt());
    else if (what == QLatin1String("git"))
        gitMaterialisation(
            args.value(2, QStringLiteral("10000")).toInt(), args.value(3, QStringLiteral("0")).toLongLong());
    else if (what == QLatin1String("snapshot"))
        snapshotBench(
            args.value(2, QStringLiteral("10000")).toInt(), args.value(3, QStringLiteral("209715200")).toLongLong());
    else if (what == QLatin1String("mcp"))
        mcpBench(args.value(2, QStringLiteral("1000")).toInt());
    else
        die(QStringLiteral("usage: checkfu-bench latency [runs] | throughput [bytes] | idle [seconds] | acp [updates] "
                           "| transport [requests] | git [files] [server bytes/s] | snapshot [files] [bytes] "
                           "| mcp [calls]"));
    return 0;
}
