#include "SessionPresets.h"

#include "WireFormat.h"

#include <QJsonArray>
#include <QRegularExpression>

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

// Parameters a preset reads, with their defaults and the shape a value must have.
struct Parameter
{
    QString name;
    QString fallback;
    QRegularExpression shape;
    QString shapeName;
};

const QRegularExpression countShape(QStringLiteral("^[0-9]{1,9}$"));
const QRegularExpression positiveShape(QStringLiteral("^[1-9][0-9]{0,11}$"));
const QRegularExpression secondsShape(QStringLiteral("^[0-9]{1,9}(\\.[0-9]{1,9})?$"));
const QRegularExpression anyShape(QStringLiteral("^.*$"), QRegularExpression::DotMatchesEverythingOption);
const QRegularExpression networkShape(QStringLiteral("^(none|unrestricted)$"));

QList<Parameter> parametersOf(const QString &name)
{
    QList<Parameter> parameters { { QStringLiteral("prompt"), QStringLiteral("Say hello"), anyShape, QString() },
        { QStringLiteral("idle_timeout_ms"), QString(), positiveShape, QStringLiteral("a positive integer") },
        { QStringLiteral("max_duration_seconds"), QStringLiteral("600"), positiveShape,
            QStringLiteral("a positive integer") } };
    if (name == QLatin1String("stream")) {
        parameters.append({ QStringLiteral("lines"), QStringLiteral("200"), countShape, QStringLiteral("a count") });
        parameters.append(
            { QStringLiteral("interval"), QStringLiteral("0.1"), secondsShape, QStringLiteral("seconds, e.g. 0.1") });
    } else if (name == QLatin1String("sleep")) {
        parameters.append(
            { QStringLiteral("seconds"), QStringLiteral("120"), secondsShape, QStringLiteral("seconds, e.g. 120") });
    } else if (name == QLatin1String("exit")) {
        parameters.append({ QStringLiteral("code"), QStringLiteral("3"),
            QRegularExpression(QStringLiteral("^([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$")),
            QStringLiteral("an exit code 0-255") });
    } else if (name == QLatin1String("container")) {
        parameters.append({ QStringLiteral("network"), QStringLiteral("none"), networkShape,
            QStringLiteral("none or unrestricted") });
    }
    return parameters;
}

} // namespace

QStringList SessionPresets::names()
{
    return { QStringLiteral("echo"), QStringLiteral("stream"), QStringLiteral("zdr"), QStringLiteral("container"),
        QStringLiteral("network-none"), QStringLiteral("sleep"), QStringLiteral("project"), QStringLiteral("env"),
        QStringLiteral("exit") };
}

std::optional<QJsonObject> SessionPresets::build(
    const QString &name, const QMap<QString, QString> &params, const QString &principalId, QString *error)
{
    if (!names().contains(name)) {
        *error = QStringLiteral("unknown preset %1 (presets: %2)").arg(name, names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const QList<Parameter> parameters = parametersOf(name);
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
        if (!parameter->shape.match(it.value()).hasMatch()) {
            *error = QStringLiteral("--param %1 must be %2").arg(it.key(), parameter->shapeName);
            return std::nullopt;
        }
        values.insert(it.key(), it.value());
    }

    Preset preset;
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
    } else { // exit
        preset.launch = processLaunch(QStringLiteral("echo failing >&2; exit ${CODE}"),
            { { QStringLiteral("CODE"), values.value(QStringLiteral("code")) } });
    }

    const QString idleTimeout = values.value(QStringLiteral("idle_timeout_ms"));
    const QJsonObject resources { { QStringLiteral("cpu_millis"), 1000 }, { QStringLiteral("memory_mib"), 512 },
        { QStringLiteral("disk_mib"), 1024 },
        { QStringLiteral("max_duration_seconds"), values.value(QStringLiteral("max_duration_seconds")).toLongLong() } };
    return QJsonObject { { QStringLiteral("principal_id"), principalId },
        { QStringLiteral("title"), QStringLiteral("devplane preset %1").arg(name) },
        { QStringLiteral("environment"),
            QJsonObject { { QStringLiteral("environment_id"), WireFormat::newId(QStringLiteral("env")) },
                { QStringLiteral("requirements"),
                    QJsonObject { { QStringLiteral("tier"), preset.tier },
                        { QStringLiteral("network"), preset.network },
                        { QStringLiteral("retention"), preset.retention },
                        { QStringLiteral("resources"), resources } } } } },
        { QStringLiteral("harness"),
            QJsonObject { { QStringLiteral("driver"), QStringLiteral("checkfu:oneshot-v1@1") },
                { QStringLiteral("profile_version"), profileVersion },
                { QStringLiteral("release_digest"), QJsonValue() }, { QStringLiteral("launch"), preset.launch } } },
        { QStringLiteral("model"), QJsonValue() }, { QStringLiteral("mounts"), preset.mounts },
        { QStringLiteral("prompt"),
            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                { QStringLiteral("text"), values.value(QStringLiteral("prompt")) } } } },
        { QStringLiteral("idle_timeout_ms"),
            idleTimeout.isEmpty() ? QJsonValue() : QJsonValue(idleTimeout.toLongLong()) } };
}
