#include "SessionPresets.h"

#include "WireFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>

#include <functional>

namespace devplane {

namespace {

// Fixed so that Runner-side tests can name them.
const QString profileVersion = QStringLiteral("hprof_00000000000000000000000000000001@1");
const QString alpineImage = QStringLiteral(
    "docker.io/library/alpine@sha256:c5b1261d6d3e43071626931fc004f70149baeba2c8ec672bd4f27761f8e1ad6b");
const QString shell = QStringLiteral("/bin/sh");

struct Preset
{
    QString tier = QStringLiteral("host_process");
    QString network = QStringLiteral("unrestricted");
    QString retention = QStringLiteral("durable");
    QJsonObject launch;
    QJsonArray mounts;
};

QJsonObject processLaunch(const QString &script, const QJsonObject &env = {})
{
    return { { QStringLiteral("kind"), QStringLiteral("process") },
        { QStringLiteral("argv"), QJsonArray { shell, QStringLiteral("-c"), script } },
        { QStringLiteral("env"), env } };
}

QJsonObject projectFile(const QString &path, const QByteArray &content)
{
    return { { QStringLiteral("path"), path },
        { QStringLiteral("content_base64"), QString::fromLatin1(content.toBase64()) } };
}

// Parameters a preset reads, with their defaults and the shape a value must have. A required
// parameter has no default: build() fails naming it (and its shape) when it is not given.
struct Parameter
{
    QString name;
    QString fallback; // empty: null in the run spec (idle_timeout_ms), or nothing when required
    std::function<bool(const QString &)> accepts;
    QString shapeName;
    bool required = false;
    QStringList choices {}; // every value it takes, when they are few (the dashboard offers them)
};

std::function<bool(const QString &)> matching(const QString &pattern)
{
    const QRegularExpression shape(pattern, QRegularExpression::DotMatchesEverythingOption);
    return [shape](const QString &value) { return shape.match(value).hasMatch(); };
}

// A command line as a JSON array of non-empty strings, e.g. ["node","/abs/path/agent.mjs"].
std::optional<QJsonArray> commandLine(const QString &value)
{
    const QJsonDocument document = QJsonDocument::fromJson(value.toUtf8());
    if (!document.isArray() || document.array().isEmpty()) {
        return std::nullopt;
    }
    const QJsonArray argv = document.array();
    for (const QJsonValue &argument : argv) {
        if (!argument.isString() || argument.toString().isEmpty()) {
            return std::nullopt;
        }
    }
    return argv;
}

const QString countShape = QStringLiteral("^[0-9]{1,9}$");
const QString positiveShape = QStringLiteral("^[1-9][0-9]{0,11}$");
const QString secondsShape = QStringLiteral("^[0-9]{1,9}(\\.[0-9]{1,9})?$");
const QString networkShape = QStringLiteral("^(none|unrestricted)$");

// run_spec.plane_mcp (§6.10) of the plane_mcp parameter: which platform MCP servers the harness gets.
const QString planeMcpShape = QStringLiteral("^(platform-mcp-v1|platform-control-mcp-v2|both|none)$");

QJsonArray planeMcp(const QString &choice)
{
    const QJsonObject v1 { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v1") },
        { QStringLiteral("name"), QStringLiteral("checkfu") } };
    const QJsonObject control { { QStringLiteral("protocol"), QStringLiteral("platform-control-mcp-v2") },
        { QStringLiteral("name"), QStringLiteral("checkfu-control") } };
    if (choice == QLatin1String("none")) {
        return {};
    }
    if (choice == QLatin1String("both")) {
        return { v1, control };
    }
    return { choice == QLatin1String("platform-control-mcp-v2") ? control : v1 };
}

// A required command line (acp's agent, mcp's client), e.g. --param 'agent=["node","/abs/a.mjs"]'.
Parameter commandLineParameter(const QString &name, const QString &whose, const QString &example)
{
    return { name, QString(), [](const QString &value) { return commandLine(value).has_value(); },
        QStringLiteral("%1 command line as a JSON array of non-empty strings, e.g. --param '%2=%3'")
            .arg(whose, name, example),
        true };
}

Parameter networkParameter(const QString &fallback)
{
    return { QStringLiteral("network"), fallback, matching(networkShape), QStringLiteral("none or unrestricted"), false,
        { QStringLiteral("none"), QStringLiteral("unrestricted") } };
}

Parameter planeMcpParameter()
{
    return { QStringLiteral("plane_mcp"), QStringLiteral("platform-mcp-v1"), matching(planeMcpShape),
        QStringLiteral("platform-mcp-v1, platform-control-mcp-v2, both or none"), false,
        { QStringLiteral("platform-mcp-v1"), QStringLiteral("platform-control-mcp-v2"), QStringLiteral("both"),
            QStringLiteral("none") } };
}

// The memory a git-demo Session starts with (AGENTS.md); its harness adds a line.
const QString demoMemory = QStringLiteral("# Notes for agents\nRun the tests with: python3 test_calc.py\n");

QList<Parameter> parametersOf(const QString &name, const DemoSource *demo)
{
    QList<Parameter> parameters { { QStringLiteral("prompt"), QStringLiteral("Say hello"),
                                      [](const QString &) { return true; }, QString() },
        { QStringLiteral("idle_timeout_ms"), QString(), matching(positiveShape), QStringLiteral("a positive integer") },
        { QStringLiteral("max_duration_seconds"), QStringLiteral("600"), matching(positiveShape),
            QStringLiteral("a positive integer") } };
    if (name == QLatin1String("stream")) {
        parameters.append(
            { QStringLiteral("lines"), QStringLiteral("200"), matching(countShape), QStringLiteral("a count") });
        parameters.append({ QStringLiteral("interval"), QStringLiteral("0.1"), matching(secondsShape),
            QStringLiteral("seconds, e.g. 0.1") });
    } else if (name == QLatin1String("sleep")) {
        parameters.append({ QStringLiteral("seconds"), QStringLiteral("120"), matching(secondsShape),
            QStringLiteral("seconds, e.g. 120") });
    } else if (name == QLatin1String("exit")) {
        parameters.append({ QStringLiteral("code"), QStringLiteral("3"),
            matching(QStringLiteral("^([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$")),
            QStringLiteral("an exit code 0-255") });
    } else if (name == QLatin1String("container")) {
        parameters.append(networkParameter(QStringLiteral("none")));
    } else if (name == QLatin1String("acp")) {
        parameters.append(commandLineParameter(QStringLiteral("agent"), QStringLiteral("the agent's"),
            QStringLiteral("[\"node\",\"/abs/path/agent.mjs\"]")));
        parameters.append({ QStringLiteral("retention"), QStringLiteral("durable"),
            matching(QStringLiteral("^(durable|ephemeral_zdr)$")), QStringLiteral("durable or ephemeral_zdr"), false,
            { QStringLiteral("durable"), QStringLiteral("ephemeral_zdr") } });
        parameters.append(planeMcpParameter());
    } else if (name == QLatin1String("mcp")) {
        parameters.append(commandLineParameter(QStringLiteral("client"), QStringLiteral("the harness's"),
            QStringLiteral("[\"node\",\"/abs/path/oneshot-client.mjs\",\"echo\"]")));
        parameters.append(networkParameter(QStringLiteral("unrestricted")));
        parameters.append(planeMcpParameter());
    } else if (name == QLatin1String("git-demo")) {
        // The Runner checks the URL rules of §6.8 itself; here only the shape, to catch typos.
        parameters.append({ QStringLiteral("repository"), demo ? demo->url : QString(),
            matching(QStringLiteral("^https?://[^\\s]+$")), QStringLiteral("an https:// URL (http:// on loopback)"),
            !demo });
        parameters.append({ QStringLiteral("commit"), demo ? demo->commit : QString(),
            matching(QStringLiteral("^([0-9a-f]{40}|[0-9a-f]{64})$")),
            QStringLiteral("a commit id (40 or 64 lowercase hex)"), !demo });
        parameters.append({ QStringLiteral("memory"), demoMemory, [](const QString &) { return true; }, QString() });
    }
    return parameters;
}

} // namespace

QStringList SessionPresets::names()
{
    return { QStringLiteral("echo"), QStringLiteral("stream"), QStringLiteral("zdr"), QStringLiteral("container"),
        QStringLiteral("network-none"), QStringLiteral("sleep"), QStringLiteral("project"), QStringLiteral("env"),
        QStringLiteral("exit"), QStringLiteral("acp"), QStringLiteral("git-demo"), QStringLiteral("mcp") };
}

QJsonArray SessionPresets::describe(const DemoSource *demo)
{
    QJsonArray presets;
    for (const QString &name : names()) {
        QJsonArray parameters;
        for (const Parameter &parameter : parametersOf(name, demo)) {
            parameters.append(QJsonObject { { QStringLiteral("name"), parameter.name },
                { QStringLiteral("default"),
                    parameter.required || parameter.fallback.isEmpty() ? QJsonValue()
                                                                       : QJsonValue(parameter.fallback) },
                { QStringLiteral("required"), parameter.required },
                { QStringLiteral("shape"),
                    parameter.shapeName.isEmpty() ? QJsonValue() : QJsonValue(parameter.shapeName) },
                { QStringLiteral("choices"), QJsonArray::fromStringList(parameter.choices) } });
        }
        presets.append(QJsonObject { { QStringLiteral("name"), name }, { QStringLiteral("parameters"), parameters } });
    }
    return presets;
}

std::optional<QJsonObject> SessionPresets::build(const QString &name, const QMap<QString, QString> &params,
    const QString &principalId, QString *error, const DemoSource *demo)
{
    if (!names().contains(name)) {
        *error = QStringLiteral("unknown preset %1 (presets: %2)").arg(name, names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const QList<Parameter> parameters = parametersOf(name, demo);
    QMap<QString, QString> values;
    QStringList known;
    for (const Parameter &parameter : parameters) {
        known.append(parameter.name);
        values.insert(parameter.name, parameter.fallback);
    }
    for (auto it = params.constBegin(); it != params.constEnd(); ++it) {
        const auto parameter = std::find_if(parameters.cbegin(), parameters.cend(),
            [&it](const Parameter &candidate) { return candidate.name == it.key(); });
        if (parameter == parameters.cend()) {
            *error = QStringLiteral("preset %1 takes no parameter %2 (it takes: %3)")
                         .arg(name, it.key(), known.join(QStringLiteral(", ")));
            return std::nullopt;
        }
        if (!parameter->accepts(it.value())) {
            *error = QStringLiteral("--param %1 must be %2").arg(it.key(), parameter->shapeName);
            return std::nullopt;
        }
        values.insert(it.key(), it.value());
    }
    for (const Parameter &parameter : parameters) {
        if (parameter.required && !params.contains(parameter.name)) {
            *error = QStringLiteral("preset %1 needs --param %2=…: %3").arg(name, parameter.name, parameter.shapeName);
            return std::nullopt;
        }
    }

    Preset preset;
    QJsonArray planeProtocols; // run_spec.plane_mcp; absent when empty
    QString driver = QStringLiteral("checkfu:oneshot-v1@1");
    const QJsonObject echo = processLaunch(QStringLiteral("echo \"hello from the harness\"; cat; echo; echo done"));
    if (name == QLatin1String("echo")) {
        preset.launch = echo;
    } else if (name == QLatin1String("stream")) {
        preset.launch = processLaunch(QStringLiteral("i=0; while [ $i -lt $N ]; do i=$((i+1)); "
                                                     "echo \"line $i $(date +%s%N)\"; sleep $S; done"),
            { { QStringLiteral("N"), values.value(QStringLiteral("lines")) },
                { QStringLiteral("S"), values.value(QStringLiteral("interval")) } });
    } else if (name == QLatin1String("zdr")) {
        preset.retention = QStringLiteral("ephemeral_zdr");
        preset.launch = echo;
    } else if (name == QLatin1String("container")) {
        preset.tier = QStringLiteral("container");
        // The docker provider advertises only "none" unless told otherwise (§8).
        preset.network = values.value(QStringLiteral("network"));
        preset.launch = { { QStringLiteral("kind"), QStringLiteral("oci") }, { QStringLiteral("image"), alpineImage },
            { QStringLiteral("argv"), QJsonArray { QStringLiteral("echo"), QStringLiteral("hi") } },
            { QStringLiteral("env"), QJsonObject() } };
    } else if (name == QLatin1String("network-none")) {
        preset.network = QStringLiteral("none");
        preset.launch = echo;
    } else if (name == QLatin1String("sleep")) {
        preset.launch = processLaunch(
            QStringLiteral("sleep $T"), { { QStringLiteral("T"), values.value(QStringLiteral("seconds")) } });
    } else if (name == QLatin1String("project")) {
        preset.launch = processLaunch(QStringLiteral("cat src/a.txt; ls"));
        preset.mounts.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("files"),
                QJsonArray { projectFile(QStringLiteral("README.md"), "an uploaded project\n"),
                    projectFile(QStringLiteral("src/a.txt"), "contents of src/a.txt\n") } } });
    } else if (name == QLatin1String("env")) {
        preset.launch = { { QStringLiteral("kind"), QStringLiteral("process") },
            { QStringLiteral("argv"), QJsonArray { QStringLiteral("/usr/bin/env") } },
            { QStringLiteral("env"),
                QJsonObject { { QStringLiteral("CHECKFU_RUN_VAR"), QStringLiteral("visible") } } } };
    } else if (name == QLatin1String("acp")) {
        // An ACP session (§6.4): the prompt is its first turn, then prompt/close directives.
        driver = QStringLiteral("checkfu:acp-v1@1");
        preset.retention = values.value(QStringLiteral("retention"));
        preset.launch = { { QStringLiteral("kind"), QStringLiteral("process") },
            { QStringLiteral("argv"), *commandLine(values.value(QStringLiteral("agent"))) },
            { QStringLiteral("env"), QJsonObject() } };
        planeProtocols = planeMcp(values.value(QStringLiteral("plane_mcp")));
    } else if (name == QLatin1String("mcp")) {
        // A oneshot harness that gets the platform's MCP servers in CHECKFU_MCP_SERVERS (§6.10).
        preset.network = values.value(QStringLiteral("network"));
        preset.launch = { { QStringLiteral("kind"), QStringLiteral("process") },
            { QStringLiteral("argv"), *commandLine(values.value(QStringLiteral("client"))) },
            { QStringLiteral("env"), QJsonObject() } };
        planeProtocols = planeMcp(values.value(QStringLiteral("plane_mcp")));
    } else if (name == QLatin1String("git-demo")) {
        // The repository at exactly `commit` (§6.8), and a writable memory whose change comes
        // back as memory.changed. The harness shows what it was given.
        const QString repository = values.value(QStringLiteral("repository"));
        const bool isDemo = demo && repository == demo->url;
        preset.launch = processLaunch(QStringLiteral(
            "echo \"task: $(cat)\"; echo \"checked out: $(cat .git/HEAD)\"; ls; "
            "if [ -f test_calc.py ]; then python3 test_calc.py 2>&1 | tail -n 1; fi; "
            "echo \"memory: $(head -n 1 \"$HOME/.checkfu/memory/AGENTS.md\")\"; "
            "echo \"- the tests ran at $(cut -c1-12 .git/HEAD)\" >> \"$HOME/.checkfu/memory/AGENTS.md\""));
        preset.mounts.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("git") },
            { QStringLiteral("target"), QStringLiteral("/workspace") }, { QStringLiteral("url"), repository },
            { QStringLiteral("commit"), values.value(QStringLiteral("commit")) },
            { QStringLiteral("ref"), QStringLiteral("refs/heads/main") }, { QStringLiteral("depth"), QJsonValue() },
            { QStringLiteral("submodules"), false }, { QStringLiteral("lfs"), false },
            { QStringLiteral("credential"),
                isDemo ? QJsonValue(QJsonObject { { QStringLiteral("kind"), QStringLiteral("http_basic") },
                    { QStringLiteral("username"), demo->username }, { QStringLiteral("secret"), demo->secret } })
                       : QJsonValue() } });
        preset.mounts.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") },
            { QStringLiteral("target"), QStringLiteral("~/.checkfu/memory") },
            { QStringLiteral("files"),
                QJsonArray {
                    projectFile(QStringLiteral("AGENTS.md"), values.value(QStringLiteral("memory")).toUtf8()) } },
            { QStringLiteral("writable"), true } });
    } else { // exit
        preset.launch = processLaunch(QStringLiteral("echo failing >&2; exit ${CODE}"),
            { { QStringLiteral("CODE"), values.value(QStringLiteral("code")) } });
    }

    const QString idleTimeout = values.value(QStringLiteral("idle_timeout_ms"));
    const QJsonObject resources { { QStringLiteral("cpu_millis"), 1000 }, { QStringLiteral("memory_mib"), 512 },
        { QStringLiteral("disk_mib"), 1024 },
        { QStringLiteral("max_duration_seconds"), values.value(QStringLiteral("max_duration_seconds")).toLongLong() } };
    QJsonObject spec { { QStringLiteral("principal_id"), principalId },
        { QStringLiteral("title"), QStringLiteral("devplane preset %1").arg(name) },
        { QStringLiteral("environment"),
            QJsonObject { { QStringLiteral("environment_id"), WireFormat::newId(QStringLiteral("env")) },
                { QStringLiteral("requirements"),
                    QJsonObject { { QStringLiteral("tier"), preset.tier },
                        { QStringLiteral("network"), preset.network },
                        { QStringLiteral("retention"), preset.retention },
                        { QStringLiteral("resources"), resources } } } } },
        { QStringLiteral("harness"),
            QJsonObject { { QStringLiteral("driver"), driver }, { QStringLiteral("profile_version"), profileVersion },
                { QStringLiteral("release_digest"), QJsonValue() }, { QStringLiteral("launch"), preset.launch } } },
        { QStringLiteral("model"), QJsonValue() }, { QStringLiteral("mounts"), preset.mounts },
        { QStringLiteral("prompt"),
            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                { QStringLiteral("text"), values.value(QStringLiteral("prompt")) } } } },
        { QStringLiteral("idle_timeout_ms"),
            idleTimeout.isEmpty() ? QJsonValue() : QJsonValue(idleTimeout.toLongLong()) } };
    if (!planeProtocols.isEmpty()) {
        spec.insert(QStringLiteral("plane_mcp"), planeProtocols);
    }
    return spec;
}

} // namespace devplane
