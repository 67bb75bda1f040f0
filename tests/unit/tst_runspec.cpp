// The run spec and claim parsers (§6.1): a full spec, every required field removed in turn (found by
// walking the valid JSON), wrong types, path traversal, base64, limits, prompt text, the claim envelope
// against its spec, and random mutations that must never crash.
#include <runnercore/model/RunSpec.h>

#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace runnercore;

namespace {
const QString Hex = QStringLiteral("0123456789abcdef0123456789abcdef");
const QString Profile = QStringLiteral("hprof_") + Hex + QStringLiteral("@1");
const QString Digest = QStringLiteral("sha256:") + Hex + Hex;

QString b64(const QByteArray &bytes)
{
    return QString::fromLatin1(bytes.toBase64());
}

QJsonObject validSpec()
{
    return QJsonObject {
        { QStringLiteral("principal_id"), QStringLiteral("prin_") + Hex },
        { QStringLiteral("title"), QStringLiteral("Fix flaky test") },
        { QStringLiteral("environment"),
            QJsonObject { { QStringLiteral("environment_id"), QStringLiteral("env_") + Hex },
                { QStringLiteral("requirements"),
                    QJsonObject { { QStringLiteral("tier"), QStringLiteral("host_process") },
                        { QStringLiteral("network"), QStringLiteral("unrestricted") },
                        { QStringLiteral("retention"), QStringLiteral("durable") },
                        { QStringLiteral("resources"),
                            QJsonObject { { QStringLiteral("cpu_millis"), 2000 },
                                { QStringLiteral("memory_mib"), 4096 }, { QStringLiteral("disk_mib"), 10240 },
                                { QStringLiteral("max_duration_seconds"), 3600 } } } } } } },
        { QStringLiteral("harness"),
            QJsonObject { { QStringLiteral("driver"), QStringLiteral("checkfu:oneshot-v1@1") },
                { QStringLiteral("profile_version"), Profile }, { QStringLiteral("release_digest"), Digest },
                { QStringLiteral("launch"),
                    QJsonObject { { QStringLiteral("kind"), QStringLiteral("process") },
                        { QStringLiteral("argv"),
                            QJsonArray { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat") } },
                        { QStringLiteral("env"),
                            QJsonObject { { QStringLiteral("K"), QStringLiteral("V") },
                                { QStringLiteral("EMPTY"), QString() } } } } } } },
        { QStringLiteral("model"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
                { QStringLiteral("provider"), QStringLiteral("cursor") },
                { QStringLiteral("model"), QStringLiteral("cursor-auto") } } },
        { QStringLiteral("mounts"),
            QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("target"), QStringLiteral("/workspace") },
                { QStringLiteral("files"),
                    QJsonArray { QJsonObject { { QStringLiteral("path"), QStringLiteral("src/a.py") },
                                     { QStringLiteral("content_base64"), b64("print(1)\n") } },
                        QJsonObject { { QStringLiteral("path"), QStringLiteral("README.md") },
                            { QStringLiteral("content_base64"), QString() } } } } } } },
        { QStringLiteral("prompt"),
            QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                             { QStringLiteral("text"), QStringLiteral("Fix the test.") } },
                QJsonObject { { QStringLiteral("type"), QStringLiteral("image") },
                    { QStringLiteral("source"), QJsonObject { { QStringLiteral("url"), QStringLiteral("x") } } } },
                QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                    { QStringLiteral("text"), QStringLiteral("Run it twice.") } } } },
        { QStringLiteral("idle_timeout_ms"), 300000 },
    };
}

QJsonObject validClaim(const QJsonValue &runSpec = validSpec())
{
    return QJsonObject { { QStringLiteral("claim"),
        QJsonObject { { QStringLiteral("claim_id"), QStringLiteral("clm_") + Hex },
            { QStringLiteral("run_id"), QStringLiteral("run_") + Hex },
            { QStringLiteral("session_id"), QStringLiteral("sess_") + Hex },
            { QStringLiteral("lease_ttl_seconds"), 60 }, { QStringLiteral("run_spec"), runSpec } } } };
}

// A location in a JSON tree: object keys, and array indices written "[n]".
using Pointer = QStringList;

bool isIndex(const QString &segment)
{
    return segment.startsWith(QLatin1Char('['));
}

int indexOf(const QString &segment)
{
    return segment.mid(1, segment.size() - 2).toInt();
}

// "harness.launch.argv", "mounts[0].files[1].path": the form error messages use.
QString dotted(const Pointer &pointer)
{
    QString out;
    for (const QString &segment : pointer) {
        if (!out.isEmpty() && !isIndex(segment))
            out += QLatin1Char('.');
        out += segment;
    }
    return out;
}

// A copy of root with the value at pointer replaced, or removed when replacement is undefined.
QJsonValue edited(const QJsonValue &root, const Pointer &pointer, const QJsonValue &replacement)
{
    if (pointer.isEmpty())
        return replacement;
    const QString head = pointer.first();
    const Pointer rest = pointer.mid(1);
    if (isIndex(head)) {
        QJsonArray array = root.toArray();
        const int i = indexOf(head);
        if (i >= array.size())
            return root;
        if (rest.isEmpty() && replacement.isUndefined())
            array.removeAt(i);
        else
            array[i] = edited(array.at(i), rest, replacement);
        return array;
    }
    QJsonObject object = root.toObject();
    if (rest.isEmpty() && replacement.isUndefined())
        object.remove(head);
    else
        object[head] = edited(object.value(head), rest, replacement);
    return object;
}

QJsonObject edited(const QJsonObject &root, const Pointer &pointer, const QJsonValue &replacement)
{
    return edited(QJsonValue(root), pointer, replacement).toObject();
}

QJsonObject removed(const QJsonObject &root, const Pointer &pointer)
{
    return edited(root, pointer, QJsonValue(QJsonValue::Undefined));
}

QJsonValue valueAt(const QJsonValue &root, const Pointer &pointer)
{
    QJsonValue value = root;
    for (const QString &segment : pointer)
        value = isIndex(segment) ? value.toArray().at(indexOf(segment)) : value.toObject().value(segment);
    return value;
}

// Every node below root (objects' keys and arrays' elements), depth first.
void walk(const QJsonValue &value, const Pointer &at, QList<Pointer> &out)
{
    if (value.isObject()) {
        const QJsonObject object = value.toObject();
        for (auto it = object.begin(); it != object.end(); ++it) {
            out.append(at + Pointer { it.key() });
            walk(it.value(), at + Pointer { it.key() }, out);
        }
    } else if (value.isArray()) {
        const QJsonArray array = value.toArray();
        for (int i = 0; i < array.size(); ++i) {
            const Pointer child = at + Pointer { QStringLiteral("[%1]").arg(i) };
            out.append(child);
            walk(array.at(i), child, out);
        }
    }
}

QString errorOf(const std::variant<RunSpec, QString> &result)
{
    const QString *error = std::get_if<QString>(&result);
    return error ? *error : QString();
}

QJsonObject specWithFile(const QString &path, const QString &contentBase64 = b64("x"))
{
    return edited(validSpec(), { QStringLiteral("mounts"), QStringLiteral("[0]"), QStringLiteral("files") },
        QJsonArray {
            QJsonObject { { QStringLiteral("path"), path }, { QStringLiteral("content_base64"), contentBase64 } } });
}

QJsonArray manyFiles(int count)
{
    QJsonArray files;
    for (int i = 0; i < count; ++i)
        files.append(QJsonObject { { QStringLiteral("path"), QStringLiteral("f%1").arg(i) },
            { QStringLiteral("content_base64"), QString() } });
    return files;
}
} // namespace

class TestRunSpec : public QObject
{
    Q_OBJECT

private slots:
    void planeMcp()
    {
        QJsonObject spec = validSpec();
        const auto entry = [](const QString &protocol, const QString &name) {
            return QJsonObject { { QStringLiteral("protocol"), protocol }, { QStringLiteral("name"), name } };
        };
        spec[QStringLiteral("plane_mcp")]
            = QJsonArray { entry(QStringLiteral("platform-mcp-v1"), QStringLiteral("checkfu")),
                  entry(QStringLiteral("platform-control-mcp-v2"), QStringLiteral("control_2")) };
        const auto parsed = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(parsed), qPrintable(errorOf(parsed)));
        const QList<PlaneMcp> entries = std::get<RunSpec>(parsed).planeMcp;
        QCOMPARE(entries.size(), 2);
        QCOMPARE(entries[1].protocol, QStringLiteral("platform-control-mcp-v2"));
        QCOMPARE(entries[1].name, QStringLiteral("control_2"));
        spec[QStringLiteral("plane_mcp")] = QJsonValue::Null;
        QVERIFY(std::get<RunSpec>(RunSpec::parse(spec)).planeMcp.isEmpty());

        const QList<std::pair<QJsonValue, QString>> bad {
            { QStringLiteral("checkfu"), QStringLiteral("run_spec.plane_mcp") },
            { QJsonArray { QStringLiteral("checkfu") }, QStringLiteral("run_spec.plane_mcp[0]") },
            { QJsonArray { entry(QStringLiteral("platform-mcp-v1"), QStringLiteral("Checkfu")) },
                QStringLiteral("run_spec.plane_mcp[0].name") },
            { QJsonArray { entry(QStringLiteral("platform-mcp-v1"), QStringLiteral("-a")) },
                QStringLiteral("run_spec.plane_mcp[0].name") },
            { QJsonArray { entry(QStringLiteral("platform-mcp-v1"), QString(33, QLatin1Char('a'))) },
                QStringLiteral("run_spec.plane_mcp[0].name") },
            { QJsonArray { entry(QString(), QStringLiteral("a")) }, QStringLiteral("run_spec.plane_mcp[0].protocol") },
            { QJsonArray { entry(QStringLiteral("platform-mcp-v1"), QStringLiteral("a")),
                  entry(QStringLiteral("platform-control-mcp-v2"), QStringLiteral("a")) },
                QStringLiteral("run_spec.plane_mcp[1].name") },
        };
        for (const auto &[value, field] : bad) {
            spec[QStringLiteral("plane_mcp")] = value;
            const auto result = RunSpec::parse(spec);
            QVERIFY2(std::holds_alternative<QString>(result), qPrintable(field));
            QVERIFY2(std::get<QString>(result).contains(QLatin1Char('\'') + field + QLatin1Char('\'')),
                qPrintable(std::get<QString>(result)));
        }
        QJsonArray nine;
        for (int i = 0; i < 9; ++i)
            nine.append(entry(QStringLiteral("platform-mcp-v1"), QStringLiteral("n%1").arg(i)));
        spec[QStringLiteral("plane_mcp")] = nine;
        QVERIFY(errorOf(RunSpec::parse(spec)).contains(QStringLiteral("'run_spec.plane_mcp' has 9 entries")));
    }

    void fullSpecParses()
    {
        const auto result = RunSpec::parse(validSpec());
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        const RunSpec &s = std::get<RunSpec>(result);
        QCOMPARE(s.principalId, QStringLiteral("prin_") + Hex);
        QCOMPARE(s.title, QStringLiteral("Fix flaky test"));
        QCOMPARE(s.environmentId, QStringLiteral("env_") + Hex);
        QCOMPARE(s.tier.text(), QStringLiteral("host_process"));
        QCOMPARE(s.network.text(), QStringLiteral("unrestricted"));
        QCOMPARE(s.retention.text(), QStringLiteral("durable"));
        QVERIFY(s.tier == SandboxTier::HostProcess);
        QVERIFY(s.network == NetworkPolicy::Unrestricted);
        QVERIFY(s.retention == RetentionMode::Durable);
        QVERIFY(!s.isZeroDataRetention());
        QCOMPARE(s.resources.cpuMillis, 2000);
        QCOMPARE(s.resources.memoryMib, 4096);
        QCOMPARE(s.resources.diskMib, 10240);
        QCOMPARE(s.resources.maxDurationSeconds, 3600);
        QCOMPARE(s.driver, QStringLiteral("checkfu:oneshot-v1@1"));
        QCOMPARE(s.profileVersion, Profile);
        QCOMPARE(s.releaseDigest, std::optional<QString>(Digest));
        QCOMPARE(s.launchKind, QStringLiteral("process"));
        QVERIFY(s.image.isEmpty());
        QCOMPARE(s.argv, (QStringList { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("cat") }));
        QCOMPARE(s.env.size(), 2);
        QCOMPARE(s.env.value(QStringLiteral("K")), QStringLiteral("V"));
        QVERIFY(s.env.contains(QStringLiteral("EMPTY")));
        QVERIFY(s.model.has_value());
        QCOMPARE(s.model->kind, QStringLiteral("cursor_api_key"));
        QCOMPARE(s.model->provider, QStringLiteral("cursor"));
        QCOMPARE(s.model->model, QStringLiteral("cursor-auto"));
        QCOMPARE(s.mounts.size(), 1);
        QCOMPARE(s.mounts[0].kind, QStringLiteral("uploaded_project"));
        QCOMPARE(s.mounts[0].target, QStringLiteral("/workspace"));
        QCOMPARE(s.mounts[0].files.size(), 2);
        QCOMPARE(s.mounts[0].files[0].path, QStringLiteral("src/a.py"));
        QCOMPARE(s.mounts[0].files[0].content, QByteArray("print(1)\n"));
        QCOMPARE(s.mounts[0].files[1].path, QStringLiteral("README.md"));
        QCOMPARE(s.mounts[0].files[1].content, QByteArray());
        QCOMPARE(s.prompt.size(), 3);
        QCOMPARE(s.promptText(), QStringLiteral("Fix the test.\n\nRun it twice."));
        QCOMPARE(s.idleTimeoutMs, std::optional<qint64>(300000));
    }

    void nullablesAndExtras()
    {
        QJsonObject spec = validSpec();
        spec = edited(spec, { QStringLiteral("harness"), QStringLiteral("release_digest") }, QJsonValue::Null);
        spec[QStringLiteral("model")] = QJsonValue::Null;
        spec[QStringLiteral("idle_timeout_ms")] = QJsonValue::Null;
        spec[QStringLiteral("future_field")] = QJsonObject { { QStringLiteral("x"), 1 } }; // forward compatible
        spec
            = edited(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("gpu") }, 1);
        spec[QStringLiteral("retention")] = 5; // a misplaced key is just an unknown extra at this level
        auto result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QVERIFY(!std::get<RunSpec>(result).releaseDigest);
        QVERIFY(!std::get<RunSpec>(result).model);
        QVERIFY(!std::get<RunSpec>(result).idleTimeoutMs);

        // "| null" fields may also be left out.
        spec = removed(removed(validSpec(), { QStringLiteral("model") }), { QStringLiteral("idle_timeout_ms") });
        spec = removed(spec, { QStringLiteral("harness"), QStringLiteral("release_digest") });
        result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QVERIFY(!std::get<RunSpec>(result).model);
    }

    void unknownEnumValuesAreLeftToAdmission()
    {
        QJsonObject spec = validSpec();
        const Pointer req { QStringLiteral("environment"), QStringLiteral("requirements") };
        spec = edited(spec, req + Pointer { QStringLiteral("tier") }, QStringLiteral("vm"));
        spec = edited(spec, req + Pointer { QStringLiteral("network") }, QStringLiteral("allowlist"));
        spec = edited(spec, req + Pointer { QStringLiteral("retention") }, QStringLiteral("forever"));
        spec = edited(spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("acme:x@9"));
        spec = edited(spec, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("kind") },
            QStringLiteral("wasm"));
        spec = edited(spec, { QStringLiteral("mounts"), QStringLiteral("[0]"), QStringLiteral("kind") },
            QStringLiteral("package"));
        const auto result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        // Kept verbatim, with no value: admission quotes the text in its refusal.
        const RunSpec &parsed = std::get<RunSpec>(result);
        QCOMPARE(parsed.tier.text(), QStringLiteral("vm"));
        QCOMPARE(parsed.network.text(), QStringLiteral("allowlist"));
        QCOMPARE(parsed.retention.text(), QStringLiteral("forever"));
        QVERIFY(!parsed.tier.isKnown() && !parsed.network.isKnown() && !parsed.retention.isKnown());
        QVERIFY(!parsed.isZeroDataRetention());
        QCOMPARE(std::get<RunSpec>(result).launchKind, QStringLiteral("wasm"));
        // Files of a non-upload mount are optional, but checked when given.
        QCOMPARE(std::get<RunSpec>(result).mounts[0].files.size(), 2);
        QVERIFY(std::holds_alternative<RunSpec>(RunSpec::parse(
            removed(spec, { QStringLiteral("mounts"), QStringLiteral("[0]"), QStringLiteral("files") }))));
    }

    // Every value §6.1 names parses to its enum value, its text unchanged.
    void requirementsParseToTheirValues()
    {
        QJsonObject spec = validSpec();
        const Pointer req { QStringLiteral("environment"), QStringLiteral("requirements") };
        spec = edited(spec, req + Pointer { QStringLiteral("tier") }, QStringLiteral("container"));
        spec = edited(spec, req + Pointer { QStringLiteral("network") }, QStringLiteral("none"));
        spec = edited(spec, req + Pointer { QStringLiteral("retention") }, QStringLiteral("ephemeral_zdr"));
        auto result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        const RunSpec zdr = std::get<RunSpec>(result);
        QVERIFY(zdr.tier == SandboxTier::Container);
        QVERIFY(zdr.network == NetworkPolicy::None);
        QVERIFY(zdr.retention == RetentionMode::EphemeralZdr);
        QCOMPARE(zdr.retention.text(), QStringLiteral("ephemeral_zdr"));
        QVERIFY(zdr.isZeroDataRetention());

        // The names are case-sensitive: another spelling is an unknown value, left to admission.
        spec = edited(spec, req + Pointer { QStringLiteral("tier") }, QStringLiteral("Container"));
        result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QVERIFY(!std::get<RunSpec>(result).tier.isKnown());
        QCOMPARE(std::get<RunSpec>(result).tier.text(), QStringLiteral("Container"));
    }

    void ociLaunch()
    {
        const Pointer launch { QStringLiteral("harness"), QStringLiteral("launch") };
        QJsonObject spec = edited(validSpec(), launch + Pointer { QStringLiteral("kind") }, QStringLiteral("oci"));
        QCOMPARE(errorOf(RunSpec::parse(spec)), QStringLiteral("field 'run_spec.harness.launch.image' is missing"));
        spec = edited(
            spec, launch + Pointer { QStringLiteral("image") }, QStringLiteral("registry/x@sha256:") + Hex + Hex);
        const auto result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QCOMPARE(std::get<RunSpec>(result).launchKind, QStringLiteral("oci"));
        QCOMPARE(std::get<RunSpec>(result).image, QStringLiteral("registry/x@sha256:") + Hex + Hex);
        // A local image id is pinned too.
        QVERIFY(std::holds_alternative<RunSpec>(RunSpec::parse(
            edited(spec, launch + Pointer { QStringLiteral("image") }, QStringLiteral("sha256:") + Hex + Hex))));
        // A tag alone (or a tag with a malformed digest) is refused, naming the field and the fix.
        for (const QString &image : { QStringLiteral("alpine"), QStringLiteral("docker.io/library/alpine:3.20"),
                 QStringLiteral("alpine@sha256:abc"), QStringLiteral("sha256:") + Hex }) {
            const QString error
                = errorOf(RunSpec::parse(edited(spec, launch + Pointer { QStringLiteral("image") }, image)));
            QVERIFY2(error.contains(QStringLiteral("run_spec.harness.launch.image"))
                    && error.contains(QStringLiteral("digest")),
                qPrintable(image + QStringLiteral(": ") + error));
        }
    }

    void missingFieldIsNamed_data()
    {
        QTest::addColumn<QStringList>("pointer");
        // Keys that may be absent: "| null" fields, entries of the env map, fields of a non-text prompt block.
        const QStringList optional { QStringLiteral("harness.release_digest"), QStringLiteral("model"),
            QStringLiteral("idle_timeout_ms"), QStringLiteral("prompt[1].source"),
            QStringLiteral("mounts[0].target") }; // the root is /workspace unless it says otherwise (§6.8)
        QList<Pointer> nodes;
        walk(validSpec(), {}, nodes);
        int rows = 0;
        for (const Pointer &p : nodes) {
            const QString path = dotted(p);
            if (isIndex(p.last()) || optional.contains(path) || path.startsWith(QLatin1String("harness.launch.env."))
                || path.startsWith(QLatin1String("prompt[1].source.")))
                continue;
            QTest::newRow(qPrintable(path)) << p;
            ++rows;
        }
        QVERIFY(rows >= 30);
    }

    void missingFieldIsNamed()
    {
        QFETCH(QStringList, pointer);
        const QString error = errorOf(RunSpec::parse(removed(validSpec(), pointer)));
        QCOMPARE(error, QStringLiteral("field 'run_spec.%1' is missing").arg(dotted(pointer)));
    }

    void wrongTypes_data()
    {
        QTest::addColumn<QStringList>("pointer");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("errorPath"); // the field the message must name

        const auto row = [](const char *name, const QString &at, const QJsonValue &value, const QString &path = {}) {
            Pointer pointer;
            for (const QString &part : at.split(QLatin1Char('.'))) {
                const qsizetype bracket = part.indexOf(QLatin1Char('['));
                if (bracket < 0) {
                    pointer << part;
                } else {
                    if (bracket > 0)
                        pointer << part.left(bracket);
                    pointer << part.mid(bracket);
                }
            }
            QTest::newRow(name) << pointer << value << QStringLiteral("run_spec.") + (path.isEmpty() ? at : path);
        };
        const QString req = QStringLiteral("environment.requirements.");
        const QString res = req + QStringLiteral("resources.");
        const QString launch = QStringLiteral("harness.launch.");
        const QString file = QStringLiteral("mounts[0].files[0].");
        row("principal number", QStringLiteral("principal_id"), 5);
        row("principal not an id", QStringLiteral("principal_id"), QStringLiteral("prin_XYZ"));
        row("title null", QStringLiteral("title"), QJsonValue::Null);
        row("environment array", QStringLiteral("environment"), QJsonArray {});
        row("environment id prefix", QStringLiteral("environment.environment_id"), QStringLiteral("run_") + Hex);
        row("requirements string", QStringLiteral("environment.requirements"), QStringLiteral("x"));
        row("tier number", req + QStringLiteral("tier"), 1);
        row("tier empty", req + QStringLiteral("tier"), QString());
        row("network bool", req + QStringLiteral("network"), true);
        row("retention object", req + QStringLiteral("retention"), QJsonObject {});
        row("resources number", req + QStringLiteral("resources"), 5);
        row("cpu string", res + QStringLiteral("cpu_millis"), QStringLiteral("2000"));
        row("cpu negative", res + QStringLiteral("cpu_millis"), -1);
        row("memory fraction", res + QStringLiteral("memory_mib"), 1.5);
        row("disk null", res + QStringLiteral("disk_mib"), QJsonValue::Null);
        row("duration beyond 2^53", res + QStringLiteral("max_duration_seconds"), 1e16);
        row("harness null", QStringLiteral("harness"), QJsonValue::Null);
        row("driver empty", QStringLiteral("harness.driver"), QString());
        row("driver number", QStringLiteral("harness.driver"), 1);
        row("profile shape", QStringLiteral("harness.profile_version"), QStringLiteral("hprof_x@1"));
        row("profile version 0", QStringLiteral("harness.profile_version"),
            QStringLiteral("hprof_") + Hex + QStringLiteral("@0"));
        row("digest shape", QStringLiteral("harness.release_digest"), QStringLiteral("sha256:abc"));
        row("digest number", QStringLiteral("harness.release_digest"), 5);
        row("launch string", QStringLiteral("harness.launch"), QStringLiteral("process"));
        row("kind number", launch + QStringLiteral("kind"), 3);
        row("kind empty", launch + QStringLiteral("kind"), QString());
        row("argv empty", launch + QStringLiteral("argv"), QJsonArray {});
        row("argv string", launch + QStringLiteral("argv"), QStringLiteral("sh"));
        row("argv number element", launch + QStringLiteral("argv"), QJsonArray { QStringLiteral("sh"), 1 },
            launch + QStringLiteral("argv[1]"));
        row("argv empty program", launch + QStringLiteral("argv"), QJsonArray { QString() },
            launch + QStringLiteral("argv[0]"));
        row("argv NUL", launch + QStringLiteral("argv"), QJsonArray { QStringLiteral("a") + QChar(0) },
            launch + QStringLiteral("argv[0]"));
        row("env array", launch + QStringLiteral("env"), QJsonArray {});
        row("env number value", launch + QStringLiteral("env"), QJsonObject { { QStringLiteral("K"), 1 } },
            launch + QStringLiteral("env.K"));
        row("env empty name", launch + QStringLiteral("env"), QJsonObject { { QString(), QStringLiteral("v") } },
            launch + QStringLiteral("env."));
        row("env name with =", launch + QStringLiteral("env"),
            QJsonObject { { QStringLiteral("A=B"), QStringLiteral("v") } }, launch + QStringLiteral("env.A=B"));
        row("model string", QStringLiteral("model"), QStringLiteral("cursor-auto"));
        row("model name empty", QStringLiteral("model.model"), QString());
        row("model provider number", QStringLiteral("model.provider"), 7);
        row("mounts object", QStringLiteral("mounts"), QJsonObject {});
        row("mount number", QStringLiteral("mounts[0]"), 5);
        row("mount kind empty", QStringLiteral("mounts[0].kind"), QString());
        row("target relative", QStringLiteral("mounts[0].target"), QStringLiteral("workspace"));
        row("target traversal", QStringLiteral("mounts[0].target"), QStringLiteral("/workspace/../etc"));
        row("target empty", QStringLiteral("mounts[0].target"), QString());
        row("files object", QStringLiteral("mounts[0].files"), QJsonObject {});
        row("file string", QStringLiteral("mounts[0].files[0]"), QStringLiteral("a.txt"));
        row("file path number", file + QStringLiteral("path"), 1);
        row("content number", file + QStringLiteral("content_base64"), 5);
        row("duplicate path", QStringLiteral("mounts[0].files[1].path"), QStringLiteral("src/a.py"));
        row("prompt string", QStringLiteral("prompt"), QStringLiteral("hi"));
        row("prompt block number", QStringLiteral("prompt[0]"), 5);
        row("prompt type number", QStringLiteral("prompt[0].type"), 5);
        row("prompt type empty", QStringLiteral("prompt[1].type"), QString());
        row("prompt text number", QStringLiteral("prompt[0].text"), 5);
        row("idle zero", QStringLiteral("idle_timeout_ms"), 0);
        row("idle negative", QStringLiteral("idle_timeout_ms"), -1);
        row("idle string", QStringLiteral("idle_timeout_ms"), QStringLiteral("300000"));
        row("idle fraction", QStringLiteral("idle_timeout_ms"), 1.5);
    }

    void wrongTypes()
    {
        QFETCH(QStringList, pointer);
        QFETCH(QJsonValue, value);
        QFETCH(QString, errorPath);
        const QString error = errorOf(RunSpec::parse(edited(validSpec(), pointer, value)));
        QVERIFY2(error.startsWith(QStringLiteral("field '%1' ").arg(errorPath)), qPrintable(error));
    }

    // §6.2: every launch.env name matches [A-Za-z_][A-Za-z0-9_]*, and no name or value holds a NUL or
    // a line break, on every tier; the message names the variable (escaped) and the rule.
    void envNamesAndValues_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("shownName"); // as the error path names it; empty: the spec is valid
        QTest::addColumn<QString>("rule");
        const QString nameRule = QStringLiteral("[A-Za-z_][A-Za-z0-9_]*");
        QTest::newRow("leading digit") << "1A"
                                       << "v"
                                       << "1A" << nameRule;
        QTest::newRow("dash") << "A-B"
                              << "v"
                              << "A-B" << nameRule;
        QTest::newRow("space") << "A B"
                               << "v"
                               << "A B" << nameRule;
        QTest::newRow("empty") << ""
                               << "v"
                               << "" << nameRule;
        QTest::newRow("LF in name") << "A\nB"
                                    << "v"
                                    << "A\\nB" << nameRule;
        QTest::newRow("CR in name") << "LD_PRELOAD\r"
                                    << "v"
                                    << "LD_PRELOAD\\r" << nameRule;
        QTest::newRow("NUL in name") << QStringLiteral("A") + QChar(0) + QStringLiteral("B") << "v"
                                     << "A\\u0000B" << nameRule;
        QTest::newRow("non-ASCII letter") << QStringLiteral("CAF\u00c9") << "v"
                                          << "CAF\\u00c9" << nameRule;
        QTest::newRow("dot") << "a.b"
                             << "v"
                             << "a.b" << nameRule;
        QTest::newRow("CR in value") << "FOO"
                                     << "one\rtwo"
                                     << "FOO"
                                     << "line break";
        QTest::newRow("LF in value") << "FOO"
                                     << "one\nLD_PRELOAD=/tmp/x.so"
                                     << "FOO"
                                     << "line break";
        QTest::newRow("NUL in value") << "FOO" << QStringLiteral("a") + QChar(0) << "FOO"
                                      << "NUL";
        // Valid: underscores, lower case, digits after the first character, any other value.
        QTest::newRow("underscore first") << "_A1"
                                          << "v"
                                          << ""
                                          << "";
        QTest::newRow("lower case") << "http_proxy"
                                    << "tab\there = 'quotes' \\"
                                    << ""
                                    << "";
    }

    void envNamesAndValues()
    {
        QFETCH(QString, name);
        QFETCH(QString, value);
        QFETCH(QString, shownName);
        QFETCH(QString, rule);
        const Pointer env { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("env") };
        const QJsonObject spec = edited(validSpec(), env, QJsonObject { { name, value } });
        const auto result = RunSpec::parse(spec);
        if (rule.isEmpty()) {
            QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
            QCOMPARE(std::get<RunSpec>(result).env.value(name), value);
            return;
        }
        const QString error = errorOf(result);
        const QString field = QStringLiteral("field 'run_spec.harness.launch.env.%1' ").arg(shownName);
        QVERIFY2(error.startsWith(field), qPrintable(error));
        QVERIFY2(error.contains(rule), qPrintable(error));
        // The message is one printable line: what a hostile name carries is escaped, never replayed.
        for (const QChar c : error)
            QVERIFY2(c.unicode() >= 0x20, qPrintable(error));
        // The claim still parses; its spec becomes an invalid_run_spec refusal.
        const QJsonObject body { { QStringLiteral("claim"),
            QJsonObject { { QStringLiteral("claim_id"), QStringLiteral("clm_") + Hex },
                { QStringLiteral("run_id"), QStringLiteral("run_") + Hex },
                { QStringLiteral("session_id"), QStringLiteral("sess_") + Hex },
                { QStringLiteral("lease_ttl_seconds"), 60 }, { QStringLiteral("run_spec"), spec } } } };
        const auto claim = RunClaim::parse(body);
        QVERIFY(std::holds_alternative<RunClaim>(claim));
        QCOMPARE(errorOf(std::get<RunClaim>(claim).spec), error);
    }

    void aLongBadNameIsShortenedInTheMessage()
    {
        const QString name = QString(5000, QLatin1Char('A')) + QLatin1Char('-');
        const Pointer env { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("env") };
        const QString error
            = errorOf(RunSpec::parse(edited(validSpec(), env, QJsonObject { { name, QStringLiteral("v") } })));
        QVERIFY2(error.startsWith(QStringLiteral("field 'run_spec.harness.launch.env.") + QString(64, QLatin1Char('A'))
                     + QStringLiteral("...' ")),
            qPrintable(error));
        QVERIFY(error.size() < 400);
    }

    void filePaths_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("valid");
        QTest::newRow("parent") << QStringLiteral("../x") << false;
        QTest::newRow("parent inside") << QStringLiteral("a/../../x") << false;
        QTest::newRow("trailing parent") << QStringLiteral("a/..") << false;
        QTest::newRow("absolute") << QStringLiteral("/etc/passwd") << false;
        QTest::newRow("empty segment") << QStringLiteral("a//b") << false;
        QTest::newRow("trailing slash") << QStringLiteral("a/") << false;
        QTest::newRow("backslash") << QStringLiteral("a\\b") << false;
        QTest::newRow("backslash traversal") << QStringLiteral("..\\x") << false;
        QTest::newRow("empty") << QString() << false;
        QTest::newRow("NUL") << (QStringLiteral("a") + QChar(0) + QStringLiteral("b")) << false;
        QTest::newRow("dot") << QStringLiteral("./a") << false;
        QTest::newRow("too long") << QString(4097, QLatin1Char('a')) << false;
        QTest::newRow("longest") << QString(1024, QLatin1Char('a')) << true; // §6.8: at most 1024 bytes
        QTest::newRow("nested") << QStringLiteral("a/b/c.txt") << true;
        QTest::newRow("dots in a name") << QStringLiteral("..foo/bar..") << true;
        QTest::newRow("hidden") << QStringLiteral(".github/workflows/ci.yml") << true;
        QTest::newRow("unicode") << QStringLiteral("docs/r\u00e9sum\u00e9.md") << true;
    }

    void filePaths()
    {
        QFETCH(QString, path);
        QFETCH(bool, valid);
        const auto result = RunSpec::parse(specWithFile(path));
        if (valid) {
            QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
            QCOMPARE(std::get<RunSpec>(result).mounts[0].files[0].path, path);
        } else {
            QVERIFY2(errorOf(result).startsWith(QLatin1String("field 'run_spec.mounts[0].files[0].path' ")),
                qPrintable(errorOf(result)));
        }
    }

    void base64_data()
    {
        QTest::addColumn<QString>("encoded");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << b64("hello world") << true;
        QTest::newRow("binary") << b64(QByteArray("\x00\xff\x10", 3)) << true;
        QTest::newRow("empty") << QString() << true;
        QTest::newRow("punctuation") << QStringLiteral("!!!!") << false;
        QTest::newRow("inner space") << QStringLiteral("YW Jj") << false;
        QTest::newRow("newline") << QStringLiteral("YWJj\n") << false;
        QTest::newRow("url alphabet") << QStringLiteral("_-_-") << false;
        QTest::newRow("too much padding") << QStringLiteral("YQ===") << false;
        QTest::newRow("data after padding") << QStringLiteral("YQ==YQ==") << false;
        QTest::newRow("non latin") << QStringLiteral("YW\u00e9j") << false;
    }

    void base64()
    {
        QFETCH(QString, encoded);
        QFETCH(bool, valid);
        const auto result = RunSpec::parse(specWithFile(QStringLiteral("f"), encoded));
        if (valid) {
            QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
            QCOMPARE(std::get<RunSpec>(result).mounts[0].files[0].content, QByteArray::fromBase64(encoded.toLatin1()));
        } else {
            QCOMPARE(errorOf(result),
                QStringLiteral("field 'run_spec.mounts[0].files[0].content_base64' is not valid base64"));
        }
    }

    void fileCountLimit()
    {
        const Pointer files { QStringLiteral("mounts"), QStringLiteral("[0]"), QStringLiteral("files") };
        auto result = RunSpec::parse(edited(validSpec(), files, manyFiles(10000)));
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QCOMPARE(std::get<RunSpec>(result).mounts[0].files.size(), 10000);

        result = RunSpec::parse(edited(validSpec(), files, manyFiles(10001)));
        QVERIFY2(errorOf(result).startsWith(QLatin1String("field 'run_spec.mounts[0].files' ")),
            qPrintable(errorOf(result)));
        QVERIFY(errorOf(result).contains(QLatin1String("10000")));

        // The limit is over all mounts together.
        QJsonObject spec = edited(validSpec(), files, manyFiles(6000));
        QJsonArray mounts = spec.value(QStringLiteral("mounts")).toArray();
        QJsonObject second = mounts.at(0).toObject();
        second[QStringLiteral("target")] = QStringLiteral("/workspace/other");
        second[QStringLiteral("files")] = manyFiles(4001);
        mounts.append(second);
        spec[QStringLiteral("mounts")] = mounts;
        QVERIFY2(errorOf(RunSpec::parse(spec)).startsWith(QLatin1String("field 'run_spec.mounts[1].files' ")),
            qPrintable(errorOf(RunSpec::parse(spec))));

        // A huge number of mounts without files is a matter for admission (max_mounts), not a crash.
        QJsonArray hugeMounts;
        for (int i = 0; i < 20000; ++i)
            hugeMounts.append(QJsonObject { { QStringLiteral("kind"), QStringLiteral("package") },
                { QStringLiteral("target"), i == 0 ? QStringLiteral("/m") : QStringLiteral("/m/%1").arg(i) } });
        result = RunSpec::parse(edited(validSpec(), { QStringLiteral("mounts") }, hugeMounts));
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QCOMPARE(std::get<RunSpec>(result).mounts.size(), 20000);
    }

    void byteLimit()
    {
        RunSpecLimits limits;
        limits.maxMountBytes = 10;
        const Pointer files { QStringLiteral("mounts"), QStringLiteral("[0]"), QStringLiteral("files") };
        const auto twoFiles = [&](const QByteArray &a, const QByteArray &b) {
            return edited(validSpec(), files,
                QJsonArray { QJsonObject { { QStringLiteral("path"), QStringLiteral("a") },
                                 { QStringLiteral("content_base64"), b64(a) } },
                    QJsonObject { { QStringLiteral("path"), QStringLiteral("b") },
                        { QStringLiteral("content_base64"), b64(b) } } });
        };
        QVERIFY(std::holds_alternative<RunSpec>(RunSpec::parse(twoFiles("12345678", "90"), limits)));
        QCOMPARE(errorOf(RunSpec::parse(twoFiles("12345678", "901"), limits)),
            QStringLiteral("field 'run_spec.mounts[0].files[1].content_base64' brings the uploaded files above "
                           "the limit of 10 bytes in total"));
        // Refused from its length alone, before decoding.
        QVERIFY(errorOf(RunSpec::parse(twoFiles(QByteArray(1000, 'x'), ""), limits))
                    .startsWith(QLatin1String("field 'run_spec.mounts[0].files[0].content_base64' brings")));
        // The default limit is 256 MiB.
        QCOMPARE(RunSpecLimits {}.maxMountBytes, qint64(256) * 1024 * 1024);
        QCOMPARE(RunSpecLimits {}.maxFiles, 10000);
    }

    void promptText_data()
    {
        QTest::addColumn<QJsonArray>("prompt");
        QTest::addColumn<QString>("text");
        const auto text = [](const QString &t) {
            return QJsonObject { { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), t } };
        };
        const QJsonObject image { { QStringLiteral("type"), QStringLiteral("image") } };
        QTest::newRow("none") << QJsonArray {} << QString();
        QTest::newRow("one") << QJsonArray { text(QStringLiteral("a")) } << QStringLiteral("a");
        QTest::newRow("two around an image") << QJsonArray { text(QStringLiteral("a")), image,
            text(QStringLiteral("b\nc")) } << QStringLiteral("a\n\nb\nc");
        QTest::newRow("only an image") << QJsonArray { image } << QString();
    }

    void promptText()
    {
        QFETCH(QJsonArray, prompt);
        QFETCH(QString, text);
        QJsonObject spec = validSpec();
        spec[QStringLiteral("prompt")] = prompt;
        const auto result = RunSpec::parse(spec);
        QVERIFY2(std::holds_alternative<RunSpec>(result), qPrintable(errorOf(result)));
        QCOMPARE(std::get<RunSpec>(result).promptText(), text);
        QCOMPARE(std::get<RunSpec>(result).prompt, prompt);
    }

    void claimParses()
    {
        const auto result = RunClaim::parse(validClaim());
        QVERIFY(std::holds_alternative<RunClaim>(result));
        const RunClaim &claim = std::get<RunClaim>(result);
        QCOMPARE(claim.claimId, QStringLiteral("clm_") + Hex);
        QCOMPARE(claim.runId, QStringLiteral("run_") + Hex);
        QCOMPARE(claim.sessionId, QStringLiteral("sess_") + Hex);
        QCOMPARE(claim.leaseTtlSeconds, 60);
        QCOMPARE(claim.rawSpec, validSpec());
        QVERIFY(std::holds_alternative<RunSpec>(claim.spec));
        QCOMPARE(std::get<RunSpec>(claim.spec).title, QStringLiteral("Fix flaky test"));
    }

    void claimEnvelopeErrors_data()
    {
        QTest::addColumn<QStringList>("pointer");
        QTest::addColumn<QJsonValue>("value"); // undefined: remove
        QTest::addColumn<QString>("error");
        const QJsonValue remove(QJsonValue::Undefined);
        const auto p = [](const char *key) { return Pointer { QStringLiteral("claim"), QLatin1String(key) }; };
        QTest::newRow("no claim") << Pointer { QStringLiteral("claim") } << remove
                                  << QStringLiteral("field 'claim' is missing");
        QTest::newRow("claim array") << Pointer { QStringLiteral("claim") } << QJsonValue(QJsonArray {})
                                     << QStringLiteral("field 'claim' has the wrong type (expected an object)");
        for (const char *key : { "claim_id", "run_id", "session_id", "lease_ttl_seconds" })
            QTest::newRow(qPrintable(QStringLiteral("no %1").arg(QLatin1String(key))))
                << p(key) << remove << QStringLiteral("field 'claim.%1' is missing").arg(QLatin1String(key));
        QTest::newRow("claim id prefix") << p("claim_id") << QJsonValue(QStringLiteral("run_") + Hex)
                                         << QStringLiteral("field 'claim.claim_id' is not an identifier of the form "
                                                           "clm_<32 hex digits>");
        QTest::newRow("run id upper hex") << p("run_id") << QJsonValue(QStringLiteral("run_") + Hex.toUpper())
                                          << QStringLiteral("field 'claim.run_id' is not an identifier of the form "
                                                            "run_<32 hex digits>");
        QTest::newRow("session id number") << p("session_id") << QJsonValue(5)
                                           << QStringLiteral("field 'claim.session_id' has the wrong type (expected a "
                                                             "string)");
        QTest::newRow("lease zero") << p("lease_ttl_seconds") << QJsonValue(0)
                                    << QStringLiteral("field 'claim.lease_ttl_seconds' is out of range (0, expected 1 "
                                                      "to 2147483647)");
        QTest::newRow("lease string") << p("lease_ttl_seconds") << QJsonValue(QStringLiteral("60"))
                                      << QStringLiteral("field 'claim.lease_ttl_seconds' has the wrong type (expected "
                                                        "an integer)");
    }

    void claimEnvelopeErrors()
    {
        QFETCH(QStringList, pointer);
        QFETCH(QJsonValue, value);
        QFETCH(QString, error);
        const auto result = RunClaim::parse(edited(validClaim(), pointer, value));
        QVERIFY(std::holds_alternative<QString>(result));
        QCOMPARE(std::get<QString>(result), error);
    }

    void badSpecStillMakesAClaim_data()
    {
        QTest::addColumn<QJsonObject>("body");
        QTest::addColumn<QString>("error");
        QTest::newRow("no run_spec") << removed(validClaim(), { QStringLiteral("claim"), QStringLiteral("run_spec") })
                                     << QStringLiteral("field 'claim.run_spec' is missing");
        QTest::newRow("run_spec string") << validClaim(QStringLiteral("x"))
                                         << QStringLiteral("field 'claim.run_spec' has the wrong type (expected an "
                                                           "object)");
        QTest::newRow("run_spec null") << validClaim(QJsonValue::Null)
                                       << QStringLiteral("field 'claim.run_spec' has the wrong type (expected an "
                                                         "object)");
        QTest::newRow("run_spec empty") << validClaim(QJsonObject {})
                                        << QStringLiteral("field 'run_spec.principal_id' is missing");
        QTest::newRow("traversal") << validClaim(specWithFile(QStringLiteral("../../etc/passwd")))
                                   << QStringLiteral("field 'run_spec.mounts[0].files[0].path' has a '..' segment");
    }

    void badSpecStillMakesAClaim()
    {
        QFETCH(QJsonObject, body);
        QFETCH(QString, error);
        const auto result = RunClaim::parse(body);
        QVERIFY(std::holds_alternative<RunClaim>(result));
        const RunClaim &claim = std::get<RunClaim>(result);
        QCOMPARE(claim.runId, QStringLiteral("run_") + Hex);
        QCOMPARE(errorOf(claim.spec), error);
    }

    // Issue 13 item 7: a server's numbers at the wire's edges, as its JSON bytes carry them. Each is read
    // within its bound or refused naming the field; none wraps into another value.
    void numbersAtTheWiresEdges_data()
    {
        QTest::addColumn<QByteArray>("field"); // a key whose value is the placeholder 424242
        QTest::addColumn<QByteArray>("literal");
        QTest::addColumn<QString>("error"); // empty: accepted
        QTest::addColumn<qint64>("value");
        const QByteArray duration("max_duration_seconds"), idle("idle_timeout_ms"), lease("lease_ttl_seconds");
        const QString durationPath = QStringLiteral("run_spec.environment.requirements.resources.max_duration_seconds");
        const auto outOfRange
            = [](const QString &path) { return QStringLiteral("field '%1' is out of range").arg(path); };
        for (const QByteArray &literal : { QByteArray("9223372036854775807"), QByteArray("1e300"), QByteArray("-1e300"),
                 QByteArray("18446744073709551616") }) {
            QTest::newRow(("duration " + literal).constData())
                << duration << literal << outOfRange(durationPath) << qint64(0);
            QTest::newRow(("idle " + literal).constData())
                << idle << literal << outOfRange(QStringLiteral("run_spec.idle_timeout_ms")) << qint64(0);
            QTest::newRow(("lease " + literal).constData())
                << lease << literal << outOfRange(QStringLiteral("claim.lease_ttl_seconds")) << qint64(0);
        }
        QTest::newRow("duration -0") << duration << QByteArray("-0") << QString() << qint64(0);
        QTest::newRow("duration -1") << duration << QByteArray("-1") << outOfRange(durationPath) << qint64(0);
        QTest::newRow("duration 2^53-1") << duration << QByteArray("9007199254740991") << QString()
                                         << qint64(9007199254740991);
        QTest::newRow("duration 2^53") << duration << QByteArray("9007199254740992") << outOfRange(durationPath)
                                       << qint64(0);
        QTest::newRow("idle -0") << idle << QByteArray("-0") << outOfRange(QStringLiteral("run_spec.idle_timeout_ms"))
                                 << qint64(0);
        QTest::newRow("idle 2^53-1") << idle << QByteArray("9007199254740991") << QString() << qint64(9007199254740991);
        QTest::newRow("lease -0") << lease << QByteArray("-0") << outOfRange(QStringLiteral("claim.lease_ttl_seconds"))
                                  << qint64(0);
        QTest::newRow("lease INT_MAX") << lease << QByteArray("2147483647") << QString() << qint64(2147483647);
        QTest::newRow("lease INT_MAX+1") << lease << QByteArray("2147483648")
                                         << outOfRange(QStringLiteral("claim.lease_ttl_seconds")) << qint64(0);
    }

    void numbersAtTheWiresEdges()
    {
        QFETCH(QByteArray, field);
        QFETCH(QByteArray, literal);
        QFETCH(QString, error);
        QFETCH(qint64, value);
        QJsonObject claim = validClaim();
        QJsonObject body = claim.value(QStringLiteral("claim")).toObject();
        QJsonObject spec = body.value(QStringLiteral("run_spec")).toObject();
        if (field == "max_duration_seconds")
            spec = edited(spec,
                { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
                    QString::fromLatin1(field) },
                424242);
        else if (field == "idle_timeout_ms")
            spec[QStringLiteral("idle_timeout_ms")] = 424242;
        else
            body[QString::fromLatin1(field)] = 424242;
        body[QStringLiteral("run_spec")] = spec;
        claim[QStringLiteral("claim")] = body;
        // The server's bytes, not a QJsonValue built here: what the parser makes of them is the point.
        QByteArray bytes = QJsonDocument(claim).toJson(QJsonDocument::Compact);
        QCOMPARE(bytes.count("424242"), 1);
        bytes.replace("424242", literal);
        const QJsonObject parsed = QJsonDocument::fromJson(bytes).object();
        QVERIFY2(!parsed.isEmpty(), bytes.constData());

        const auto result = RunClaim::parse(parsed);
        if (field == "lease_ttl_seconds") {
            if (error.isEmpty()) {
                QVERIFY(std::holds_alternative<RunClaim>(result));
                QCOMPARE(qint64(std::get<RunClaim>(result).leaseTtlSeconds), value);
            } else {
                QVERIFY(std::holds_alternative<QString>(result));
                QVERIFY2(std::get<QString>(result).startsWith(error), qPrintable(std::get<QString>(result)));
            }
            return;
        }
        QVERIFY(std::holds_alternative<RunClaim>(result));
        const auto &spec2 = std::get<RunClaim>(result).spec;
        if (!error.isEmpty()) {
            QVERIFY2(errorOf(spec2).startsWith(error), qPrintable(errorOf(spec2)));
            return;
        }
        QVERIFY2(std::holds_alternative<RunSpec>(spec2), qPrintable(errorOf(spec2)));
        const RunSpec &runSpec = std::get<RunSpec>(spec2);
        if (field == "max_duration_seconds")
            QCOMPARE(runSpec.resources.maxDurationSeconds, value);
        else
            QCOMPARE(runSpec.idleTimeoutMs.value_or(-1), value);
    }

    // Mutated claims, structurally and byte by byte: every outcome is a value or a message, never a crash,
    // and nothing that escapes the workspace is ever accepted.
    void mutationsNeverCrash()
    {
        QRandomGenerator random(20260827);
        const QJsonObject base = validClaim();
        QList<Pointer> nodes;
        walk(base, {}, nodes);
        const QList<QJsonValue> values {
            QJsonValue::Null,
            true,
            false,
            0,
            -1,
            1.5,
            1e15,
            4096,
            QString(),
            QStringLiteral("../x"),
            QStringLiteral("/abs"),
            QStringLiteral("a//b"),
            QStringLiteral("!!"),
            QStringLiteral("run_") + Hex,
            QJsonArray {},
            QJsonObject {},
            QJsonArray { 1, QStringLiteral("x") },
            QJsonObject { { QStringLiteral("type"), QStringLiteral("text") } },
        };
        const QByteArray serialized = QJsonDocument(base).toJson(QJsonDocument::Compact);
        int parsedClaims = 0;
        for (int round = 0; round < 2000; ++round) {
            QJsonObject body = base;
            if (round % 2 == 0) {
                const int edits = 1 + random.bounded(3);
                for (int e = 0; e < edits; ++e) {
                    const Pointer &at = nodes.at(random.bounded(int(nodes.size())));
                    const int choice = random.bounded(int(values.size()) + 2);
                    if (choice == int(values.size()))
                        body = removed(body, at);
                    else if (choice == int(values.size()) + 1)
                        body = edited(body, at, valueAt(base, nodes.at(random.bounded(int(nodes.size())))));
                    else
                        body = edited(body, at, values.at(choice));
                }
            } else {
                QByteArray bytes = serialized;
                const int edits = 1 + random.bounded(4);
                for (int e = 0; e < edits; ++e) {
                    const int pos = random.bounded(int(bytes.size()));
                    switch (random.bounded(3)) {
                    case 0:
                        bytes[pos] = char(random.bounded(256));
                        break;
                    case 1:
                        bytes.remove(pos, 1 + random.bounded(8));
                        break;
                    default:
                        bytes.insert(pos, "\"[{}],:0-.e\\"[random.bounded(12)]);
                    }
                }
                const QJsonDocument doc = QJsonDocument::fromJson(bytes);
                if (!doc.isObject())
                    continue;
                body = doc.object();
            }
            const auto result = RunClaim::parse(body);
            if (const QString *error = std::get_if<QString>(&result)) {
                QVERIFY(!error->isEmpty());
                continue;
            }
            ++parsedClaims;
            const RunClaim &claim = std::get<RunClaim>(result);
            if (const QString *error = std::get_if<QString>(&claim.spec)) {
                QVERIFY(!error->isEmpty());
                continue;
            }
            for (const RunMount &mount : std::get<RunSpec>(claim.spec).mounts) {
                QVERIFY(mount.target.startsWith(QLatin1Char('/')));
                for (const RunFile &file : mount.files) {
                    QVERIFY(!file.path.isEmpty() && !file.path.startsWith(QLatin1Char('/')));
                    QVERIFY(!file.path.split(QLatin1Char('/')).contains(QLatin1String("..")));
                }
            }
        }
        QVERIFY(parsedClaims > 100); // the loop really reached the spec parser
    }
};

QTEST_GUILESS_MAIN(TestRunSpec)
#include "tst_runspec.moc"
