#include "AdminClient.h"
#include "DemoRepositories.h"
#include "DevPlaneServer.h"
#include "DevPlaneState.h"
#include "OwnerOnlyFile.h"
#include "RequestLog.h"
#include "SessionPresets.h"
#include "SignalWatcher.h"
#include "WireFormat.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTextStream>

#ifdef __GLIBC__
#include <malloc.h>

using namespace devplane;
#endif

namespace {

const char *const usage = R"(usage: checkfu-devplane SUBCOMMAND [options]

  serve [--port N] [--info-file PATH] [--admin-key KEY] [--state PATH] [--request-log PATH]
        [--token-ttl-seconds 900] [--refresh-after-seconds 600] [--overlap-seconds 60]
        [--heartbeat-interval-seconds 10] [--presence-ttl-seconds 30] [--lease-ttl-seconds 60]
        [--mcp-answer-window-ms 25000]
  pair [--principal prin_...] [--label NAME] [--expires-in SECONDS]
  key [--name NAME] [--rate-limit N]
  presences [--owner prin_...]
  revoke RUNNER_ID | drain RUNNER_ID | resume RUNNER_ID | runner RUNNER_ID
  requests
  repos             the demo repositories (git-demo fetches the one before the tip of demo.git)
  session create (--preset NAME | --spec FILE) [--owner prin_... | --workspace] [--pool rpool_...]
                 [--param K=V]...
  session wait SESSION_ID [--timeout SECONDS]
  session events SESSION_ID | session cancel SESSION_ID | session close SESSION_ID
  session prompt SESSION_ID TEXT
  session approvals SESSION_ID
  session wait-approval SESSION_ID [--timeout SECONDS]
  session approve SESSION_ID APPROVAL_ID (--option OPTION_ID | --cancel)

Presets: %1.
--param K=V sets a preset's parameters; acp needs --param 'agent=["/path/to/agent","arg"]'
(the agent's command line as a JSON array of strings), mcp (a oneshot harness that gets the
platform's MCP servers) needs --param 'client=[...]' likewise; acp and mcp take --param
plane_mcp=platform-mcp-v1|platform-control-mcp-v2|both|none. git-demo fetches the devplane's demo
repository at a commit before its tip, with a credential minted for that Session; --param
repository=URL --param commit=ID fetch another (public) one.

Admin subcommands find the devplane by --url URL --admin-key KEY, --info-file PATH,
or CHECKFU_DEVPLANE_URL and CHECKFU_DEVPLANE_ADMIN_KEY.
)";

// The usage, with the preset names from SessionPresets (so the list cannot drift).
QString usageText()
{
    return QString::fromUtf8(usage).arg(SessionPresets::names().join(QStringLiteral(", ")));
}

int fail(const QString &message)
{
    QTextStream(stderr) << "checkfu-devplane: " << message << Qt::endl;
    return 1;
}

bool writeInfoFile(const QString &path, const QString &url, const QString &adminKey, QString *error)
{
    // Renamed into place, so a test polling for the file never reads half of it; it holds the admin key.
    return OwnerOnlyFile::replace(path,
        QJsonDocument(QJsonObject { { QStringLiteral("url"), url }, { QStringLiteral("admin_key"), adminKey } })
            .toJson(QJsonDocument::Compact),
        error);
}

int serve(QCoreApplication &app, const QStringList &arguments)
{
#ifdef __GLIBC__
    // Every observation batch allocates a few 1 MiB buffers (the body, the parse, the journal
    // lines). From mmap each costs page faults and zeroing on every request (~0.5 ms a batch);
    // from the heap they are reused. Up to 32 MiB of freed heap may stay mapped.
    mallopt(M_MMAP_THRESHOLD, 16 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 32 * 1024 * 1024);
#endif
    QCommandLineParser parser;
    const QCommandLineOption port(QStringLiteral("port"), QStringLiteral("Port on 127.0.0.1 (0: any free port)."),
        QStringLiteral("N"), QStringLiteral("8787"));
    const QCommandLineOption infoFile(
        QStringLiteral("info-file"), QStringLiteral("Write {url, admin_key} here."), QStringLiteral("PATH"));
    const QCommandLineOption adminKey(QStringLiteral("admin-key"), QStringLiteral("Admin key."), QStringLiteral("KEY"));
    const QCommandLineOption statePath(
        QStringLiteral("state"), QStringLiteral("Persist state to this JSON file."), QStringLiteral("PATH"));
    const QCommandLineOption requestLog(
        QStringLiteral("request-log"), QStringLiteral("Append one JSON line per request."), QStringLiteral("PATH"));
    const QCommandLineOption tokenTtl(QStringLiteral("token-ttl-seconds"), QStringLiteral("Workload token lifetime."),
        QStringLiteral("S"), QStringLiteral("900"));
    const QCommandLineOption refreshAfter(QStringLiteral("refresh-after-seconds"),
        QStringLiteral("refresh_after offset."), QStringLiteral("S"), QStringLiteral("600"));
    const QCommandLineOption overlap(QStringLiteral("overlap-seconds"),
        QStringLiteral("Old token validity after rotation."), QStringLiteral("S"), QStringLiteral("60"));
    const QCommandLineOption heartbeat(QStringLiteral("heartbeat-interval-seconds"),
        QStringLiteral("heartbeat_interval_seconds handed out."), QStringLiteral("S"), QStringLiteral("10"));
    const QCommandLineOption presenceTtl(QStringLiteral("presence-ttl-seconds"), QStringLiteral("Presence lifetime."),
        QStringLiteral("S"), QStringLiteral("30"));
    const QCommandLineOption leaseTtl(QStringLiteral("lease-ttl-seconds"),
        QStringLiteral("Run lease lifetime after a claim or an observation batch."), QStringLiteral("S"),
        QStringLiteral("60"));
    const QCommandLineOption mcpWindow(QStringLiteral("mcp-answer-window-ms"),
        QStringLiteral("How long a relayed MCP call waits for its tools; slower answers come as control directives."),
        QStringLiteral("MS"), QStringLiteral("25000"));
    for (const auto &option : { port, infoFile, adminKey, statePath, requestLog, tokenTtl, refreshAfter, overlap,
             heartbeat, presenceTtl, leaseTtl, mcpWindow }) {
        parser.addOption(option);
    }
    if (!parser.parse(QStringList { QStringLiteral("checkfu-devplane") } + arguments)) {
        return fail(parser.errorText());
    }
    if (!parser.positionalArguments().isEmpty()) {
        return fail(QStringLiteral("serve takes no positional arguments"));
    }

    const auto number = [&parser](const QCommandLineOption &option, int minimum, int *out) {
        bool ok = false;
        *out = parser.value(option).toInt(&ok);
        if (!ok || *out < minimum) {
            fail(QStringLiteral("--%1 must be an integer >= %2").arg(option.names().first()).arg(minimum));
            return false;
        }
        return true;
    };
    DevPlaneSettings settings;
    int portNumber = 0;
    if (!number(port, 0, &portNumber) || portNumber > 65535 || !number(tokenTtl, 1, &settings.tokenTtlSeconds)
        || !number(refreshAfter, 0, &settings.refreshAfterSeconds) || !number(overlap, 0, &settings.overlapSeconds)
        || !number(heartbeat, 1, &settings.heartbeatIntervalSeconds)
        || !number(presenceTtl, 1, &settings.presenceTtlSeconds) || !number(leaseTtl, 1, &settings.leaseTtlSeconds)
        || !number(mcpWindow, 0, &settings.mcpAnswerWindowMs)) {
        return portNumber > 65535 ? fail(QStringLiteral("--port must be at most 65535")) : 1;
    }
    settings.statePath = parser.value(statePath);

    QString key = parser.value(adminKey);
    if (key.isEmpty()) {
        key = qEnvironmentVariable("CHECKFU_DEVPLANE_ADMIN_KEY");
    }
    if (key.isEmpty()) {
        key = QStringLiteral("cfa_") + WireFormat::randomHex(32);
    }

    QString error;
    DevPlaneState state(settings);
    if (!state.load(&error)) {
        return fail(error);
    }
    RequestLog log;
    if (parser.isSet(requestLog) && !log.open(parser.value(requestLog), &error)) {
        return fail(QStringLiteral("cannot open request log: %1").arg(error));
    }
    DevPlaneServer server(state, log, key);
    if (!server.listen(static_cast<quint16>(portNumber), &error)) {
        return fail(error);
    }
    state.setBaseUrl(server.baseUrl());
    // The demo repositories beside the state file, else in a scratch directory of this serve.
    QTemporaryDir scratch;
    DemoRepositories repositories;
    const QString reposDir = settings.statePath.isEmpty() ? scratch.filePath(QStringLiteral("repos"))
                                                          : settings.statePath + QStringLiteral(".repos");
    if (repositories.create(reposDir, &error)) {
        repositories.setBaseUrl(server.baseUrl());
        server.setDemoRepositories(&repositories);
    } else {
        QTextStream(stderr) << "checkfu-devplane: " << error << Qt::endl;
    }

    QTextStream out(stdout);
    out << "checkfu-devplane listening on " << server.baseUrl() << '\n' << "admin key: " << key << Qt::endl;
    if (parser.isSet(infoFile) && !writeInfoFile(parser.value(infoFile), server.baseUrl(), key, &error)) {
        return fail(QStringLiteral("cannot write info file: %1").arg(error));
    }

    SignalWatcher signalWatcher;
    QObject::connect(&signalWatcher, &SignalWatcher::terminationRequested, &app, [&app](int) { app.quit(); });
    const int exitCode = app.exec();
    // While the server and the state are still whole: parked polls answered, connections
    // closed, then a debounced state write done.
    server.close();
    state.flush();
    return exitCode;
}

} // namespace

int main(int argc, char *argv[])
{
    // serve turns SIGINT/SIGTERM into a clean quit; the mask must be set before Qt starts threads.
    const bool serving = argc > 1 && qstrcmp(argv[1], "serve") == 0;
    if (serving) {
        SignalWatcher::blockTerminationSignals();
    }
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("checkfu-devplane"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CHECKFU_VERSION));

    const QStringList arguments = QCoreApplication::arguments();
    if (arguments.size() < 2 || arguments.at(1) == QLatin1String("--help") || arguments.at(1) == QLatin1String("-h")) {
        QTextStream(arguments.size() < 2 ? stderr : stdout) << usageText();
        return arguments.size() < 2 ? 1 : 0;
    }
    const QString command = arguments.at(1);
    if (serving) {
        return serve(app, arguments.mid(2));
    }
    static const QStringList adminCommands { QStringLiteral("pair"), QStringLiteral("key"), QStringLiteral("presences"),
        QStringLiteral("revoke"), QStringLiteral("drain"), QStringLiteral("resume"), QStringLiteral("runner"),
        QStringLiteral("requests"), QStringLiteral("repos"), QStringLiteral("session") };
    if (adminCommands.contains(command)) {
        AdminClient client;
        return client.run(command, arguments.mid(2));
    }
    QTextStream(stderr) << "checkfu-devplane: unknown subcommand " << command << "\n\n" << usageText();
    return 1;
}
