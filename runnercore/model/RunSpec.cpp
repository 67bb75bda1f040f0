#include <runnercore/model/RunSpec.h>

#include <runnercore/transport/JsonReader.h>

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace runnercore {

namespace {
constexpr WireNameRow<SandboxTier> SandboxTierRows[] = {
    { SandboxTier::HostProcess, "host_process" },
    { SandboxTier::Container, "container" },
};
constexpr WireNameRow<NetworkPolicy> NetworkPolicyRows[] = {
    { NetworkPolicy::None, "none" },
    { NetworkPolicy::Unrestricted, "unrestricted" },
};
constexpr WireNameRow<RetentionMode> RetentionModeRows[] = {
    { RetentionMode::Durable, "durable" },
    { RetentionMode::EphemeralZdr, "ephemeral_zdr" },
};

// Integers travel as JSON numbers (doubles): beyond 2^53 they are no longer exact.
constexpr qint64 MaxJsonInteger = (qint64(1) << 53) - 1;

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(RunSpec)
};

// "mounts[3]": the name an array element has in an error path.
QByteArray indexed(const char *name, qsizetype index)
{
    return QByteArray(name) + '[' + QByteArray::number(index) + ']';
}

// Builds one RunSpec from its JSON. Every reader shares one error state, so the first problem
// (with its dotted path) is what the caller gets; later reads after an error are harmless no-ops.
class RunSpecParser
{
public:
    RunSpecParser(const QJsonObject &root, const RunSpecLimits &limits)
        : m_root(root), m_limits(limits), m_reader(root, QStringLiteral("run_spec"))
    { }

    std::variant<RunSpec, QString> parse()
    {
        m_spec.principalId = m_reader.id("principal_id", "prin_");
        m_spec.title = m_reader.string("title");
        readEnvironment();
        readHarness();
        readModel();
        readMounts();
        readPrompt();
        readIdleTimeout();
        if (!m_reader.ok())
            return m_reader.error();
        return m_spec;
    }

private:
    static QString nonEmptyString(JsonReader &reader, const char *name)
    {
        const QString value = reader.string(name);
        if (reader.ok() && value.isEmpty())
            reader.fail(name, Messages::tr("is empty"));
        return value;
    }

    // §6.1 shows these as "| null": a missing key means null, like an explicit null.
    static std::optional<QString> optionalString(JsonReader &reader, const QJsonObject &object, const char *name)
    {
        if (!object.contains(QLatin1String(name)))
            return std::nullopt;
        return reader.nullableString(name);
    }

    static void checkShape(JsonReader &reader, const char *name, const QString &value, const QRegularExpression &shape,
        const char *expected)
    {
        if (reader.ok() && !shape.match(value).hasMatch())
            reader.fail(name, Messages::tr("does not have the shape %1").arg(QLatin1String(expected)));
    }

    void readEnvironment()
    {
        const QJsonObject environment = m_reader.object("environment");
        JsonReader env = m_reader.child(environment, "environment");
        m_spec.environmentId = env.id("environment_id", "env_");
        JsonReader req = env.child(env.object("requirements"), "requirements");
        // Unknown values are not a shape error: admission refuses them with their own reason code.
        m_spec.tier = WireValue<SandboxTier>::fromWire(nonEmptyString(req, "tier"));
        m_spec.network = WireValue<NetworkPolicy>::fromWire(nonEmptyString(req, "network"));
        m_spec.retention = WireValue<RetentionMode>::fromWire(nonEmptyString(req, "retention"));
        JsonReader res = req.child(req.object("resources"), "resources");
        m_spec.resources.cpuMillis = res.integer("cpu_millis", 0, MaxJsonInteger);
        m_spec.resources.memoryMib = res.integer("memory_mib", 0, MaxJsonInteger);
        m_spec.resources.diskMib = res.integer("disk_mib", 0, MaxJsonInteger);
        m_spec.resources.maxDurationSeconds = res.integer("max_duration_seconds", 0, MaxJsonInteger);
    }

    void readHarness()
    {
        static const QRegularExpression profileShape(
            QRegularExpression::anchoredPattern(QStringLiteral("hprof_[0-9a-f]{32}@[1-9][0-9]*")));
        static const QRegularExpression digestShape(
            QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));

        const QJsonObject harnessObject = m_reader.object("harness");
        JsonReader harness = m_reader.child(harnessObject, "harness");
        m_spec.driver = nonEmptyString(harness, "driver"); // unknown drivers: driver_unsupported at admission
        m_spec.profileVersion = harness.string("profile_version");
        checkShape(harness, "profile_version", m_spec.profileVersion, profileShape, "hprof_<32 hex>@<n>");
        m_spec.releaseDigest = optionalString(harness, harnessObject, "release_digest");
        if (m_spec.releaseDigest)
            checkShape(harness, "release_digest", *m_spec.releaseDigest, digestShape, "sha256:<64 hex>");

        const QJsonObject launchObject = harness.object("launch");
        JsonReader launch = harness.child(launchObject, "launch");
        // Any non-empty kind parses; one this Runner cannot launch is launch_kind_unsupported at admission.
        m_spec.launchKind = nonEmptyString(launch, "kind");
        if (m_spec.launchKind == QLatin1String("oci")) {
            m_spec.image = nonEmptyString(launch, "image");
            // Pinned by digest only: a tag can point at different bytes tomorrow (issue: a tag alone is refused).
            static const QRegularExpression imageShape(
                QStringLiteral("^([a-z0-9][a-z0-9._:/-]*@)?sha256:[0-9a-f]{64}$"));
            if (launch.ok() && !imageShape.match(m_spec.image).hasMatch())
                launch.fail("image",
                    Messages::tr("is not pinned by digest (expected name@sha256:<64 hex> or a local image id "
                                 "sha256:<64 hex>; a tag alone is refused)"));
        }
        readArgv(launch);
        readEnv(launch);
    }

    void readArgv(JsonReader &launch)
    {
        const QJsonArray argv = launch.array("argv");
        if (launch.ok() && argv.isEmpty())
            launch.fail("argv", Messages::tr("is empty (a program to run is required)"));
        for (qsizetype i = 0; i < argv.size() && launch.ok(); ++i) {
            const QByteArray name = indexed("argv", i);
            if (!argv.at(i).isString()) {
                launch.fail(name.constData(), Messages::tr("has the wrong type (expected a string)"));
                break;
            }
            const QString arg = argv.at(i).toString();
            // A NUL cannot pass through exec(); the program name cannot be empty.
            if (arg.contains(QChar(0)))
                launch.fail(name.constData(), Messages::tr("contains a NUL character"));
            else if (i == 0 && arg.isEmpty())
                launch.fail(name.constData(), Messages::tr("is empty (the program to run)"));
            m_spec.argv.append(arg);
        }
    }

    // §6.2: a name a shell and every tier can carry ([A-Za-z_][A-Za-z0-9_]*), so nothing like
    // "LD_PRELOAD\nX" or "A=B" can be smuggled through an env file or a launcher's argv.
    static bool isEnvName(const QString &name)
    {
        if (name.isEmpty())
            return false;
        for (qsizetype i = 0; i < name.size(); ++i) {
            const char16_t c = name.at(i).unicode();
            const bool letter = (c >= u'A' && c <= u'Z') || (c >= u'a' && c <= u'z') || c == u'_';
            if (!letter && !(i > 0 && c >= u'0' && c <= u'9'))
                return false;
        }
        return true;
    }

    // A name as it may appear in an error path: printable ASCII, the rest escaped, bounded in length.
    static QByteArray shownEnvName(const QString &name)
    {
        constexpr qsizetype MaxShown = 64;
        QString shown;
        for (const QChar c : name.left(MaxShown)) {
            if (c == QLatin1Char('\n'))
                shown += QLatin1String("\\n");
            else if (c == QLatin1Char('\r'))
                shown += QLatin1String("\\r");
            else if (c.unicode() < 0x20 || c.unicode() > 0x7e)
                shown += QStringLiteral("\\u%1").arg(c.unicode(), 4, 16, QLatin1Char('0'));
            else
                shown += c;
        }
        if (name.size() > MaxShown)
            shown += QLatin1String("...");
        return shown.toLatin1(); // JsonReader reads a field name as Latin-1
    }

    void readEnv(JsonReader &launch)
    {
        const QJsonObject env = launch.object("env");
        JsonReader envReader = launch.child(env, "env");
        for (auto it = env.constBegin(); it != env.constEnd() && envReader.ok(); ++it) {
            const QByteArray key = shownEnvName(it.key());
            if (!isEnvName(it.key())) {
                envReader.fail(key.constData(),
                    Messages::tr(
                        "is not a valid environment variable name (it must match [A-Za-z_][A-Za-z0-9_]*: letters, "
                        "digits and '_', not starting with a digit)"));
                break;
            }
            if (!it.value().isString()) {
                envReader.fail(key.constData(), Messages::tr("has the wrong type (expected a string)"));
                break;
            }
            const QString value = it.value().toString();
            if (value.contains(QChar(0))) {
                envReader.fail(key.constData(),
                    Messages::tr("contains a NUL character, which an environment variable cannot hold"));
                break;
            }
            if (value.contains(QLatin1Char('\n')) || value.contains(QLatin1Char('\r'))) {
                envReader.fail(key.constData(),
                    Messages::tr(
                        "contains a line break (CR or LF), which an environment variable of a run may not hold"));
                break;
            }
            m_spec.env.insert(it.key(), value);
        }
    }

    void readModel()
    {
        const QJsonValue value = m_root.value(QLatin1String("model"));
        if (value.isUndefined() || value.isNull())
            return;
        const std::optional<QJsonObject> object = m_reader.nullableObject("model");
        if (!object)
            return;
        JsonReader model = m_reader.child(*object, "model");
        RunModel parsed;
        parsed.kind = nonEmptyString(model, "kind");
        parsed.provider = nonEmptyString(model, "provider");
        parsed.model = nonEmptyString(model, "model");
        m_spec.model = parsed;
    }

    void readMounts()
    {
        const QJsonArray mounts = m_reader.array("mounts");
        for (qsizetype i = 0; i < mounts.size() && m_reader.ok(); ++i) {
            const QByteArray name = indexed("mounts", i);
            if (!mounts.at(i).isObject()) {
                m_reader.fail(name.constData(), Messages::tr("has the wrong type (expected an object)"));
                return;
            }
            const QJsonObject object = mounts.at(i).toObject();
            JsonReader mountReader = m_reader.child(object, name.constData());
            RunMount mount;
            // Unknown kinds parse; admission refuses them with mount_unsupported.
            mount.kind = nonEmptyString(mountReader, "kind");
            mount.target = mountReader.string("target");
            if (mountReader.ok()) {
                const QString problem = targetProblem(mount.target);
                if (!problem.isEmpty())
                    mountReader.fail("target", problem);
            }
            // Files are required for an uploaded project; for other kinds they are optional but checked alike.
            if (mount.kind == QLatin1String("uploaded_project") || object.contains(QLatin1String("files")))
                readFiles(mountReader, mount);
            m_spec.mounts.append(mount);
        }
    }

    void readFiles(JsonReader &mountReader, RunMount &mount)
    {
        const QJsonArray files = mountReader.array("files");
        if (!mountReader.ok())
            return;
        // Checked before touching any file so a huge list costs nothing.
        if (files.size() > qsizetype(m_limits.maxFiles) - m_fileCount) {
            mountReader.fail("files",
                Messages::tr("brings the number of uploaded files above the limit of %1").arg(m_limits.maxFiles));
            return;
        }
        m_fileCount += files.size();
        QSet<QString> seen;
        for (qsizetype j = 0; j < files.size() && mountReader.ok(); ++j) {
            const QByteArray name = indexed("files", j);
            if (!files.at(j).isObject()) {
                mountReader.fail(name.constData(), Messages::tr("has the wrong type (expected an object)"));
                return;
            }
            JsonReader fileReader = mountReader.child(files.at(j).toObject(), name.constData());
            RunFile file;
            file.path = fileReader.string("path");
            if (fileReader.ok()) {
                const QString problem = pathProblem(file.path);
                if (!problem.isEmpty())
                    fileReader.fail("path", problem);
                else if (seen.contains(file.path))
                    fileReader.fail("path", Messages::tr("appears twice in the same mount"));
                seen.insert(file.path);
            }
            const QString encoded = fileReader.string("content_base64");
            if (!fileReader.ok())
                return;
            // A lower bound of the decoded size, so an oversized upload is refused before decoding it.
            const qint64 remaining = m_limits.maxMountBytes - m_byteCount;
            if (qint64(encoded.size() / 4) * 3 - 2 > remaining) {
                fileReader.fail("content_base64", bytesLimitProblem());
                return;
            }
            const auto decoded
                = QByteArray::fromBase64Encoding(encoded.toLatin1(), QByteArray::AbortOnBase64DecodingErrors);
            if (!decoded) { // non-Latin-1 characters became '?', which is not base64 either
                fileReader.fail("content_base64", Messages::tr("is not valid base64"));
                return;
            }
            if (decoded.decoded.size() > remaining) {
                fileReader.fail("content_base64", bytesLimitProblem());
                return;
            }
            m_byteCount += decoded.decoded.size();
            file.content = decoded.decoded;
            mount.files.append(file);
        }
    }

    QString bytesLimitProblem() const
    {
        return Messages::tr("brings the uploaded files above the limit of %1 bytes in total")
            .arg(m_limits.maxMountBytes);
    }

    // A path relative to the mount that cannot leave it and names one file in one way.
    QString pathProblem(const QString &path) const
    {
        if (path.isEmpty())
            return Messages::tr("is empty");
        if (path.size() > m_limits.maxPathLength)
            return Messages::tr("is longer than %1 characters").arg(m_limits.maxPathLength);
        if (path.contains(QChar(0)))
            return Messages::tr("contains a NUL character");
        if (path.contains(QLatin1Char('\\')))
            return Messages::tr("contains a backslash");
        if (path.startsWith(QLatin1Char('/')))
            return Messages::tr("is absolute");
        const QStringList segments = path.split(QLatin1Char('/'));
        for (const QString &segment : segments) {
            if (segment.isEmpty())
                return Messages::tr("has an empty segment");
            if (segment == QLatin1String(".."))
                return Messages::tr("has a '..' segment");
            if (segment == QLatin1String("."))
                return Messages::tr("has a '.' segment");
        }
        return {};
    }

    static QString targetProblem(const QString &target)
    {
        if (!target.startsWith(QLatin1Char('/')))
            return Messages::tr("is not an absolute path");
        if (target.contains(QChar(0)))
            return Messages::tr("contains a NUL character");
        if (target.contains(QLatin1Char('\\')))
            return Messages::tr("contains a backslash");
        if (target.split(QLatin1Char('/')).contains(QLatin1String("..")))
            return Messages::tr("has a '..' segment");
        return {};
    }

    void readPrompt()
    {
        const QJsonArray prompt = m_reader.array("prompt");
        for (qsizetype i = 0; i < prompt.size() && m_reader.ok(); ++i) {
            const QByteArray name = indexed("prompt", i);
            if (!prompt.at(i).isObject()) {
                m_reader.fail(name.constData(), Messages::tr("has the wrong type (expected a content block object)"));
                return;
            }
            JsonReader block = m_reader.child(prompt.at(i).toObject(), name.constData());
            // Other block types are kept as sent; only text blocks must carry their text.
            if (nonEmptyString(block, "type") == QLatin1String("text"))
                block.string("text");
        }
        m_spec.prompt = prompt;
    }

    void readIdleTimeout()
    {
        const QJsonValue value = m_root.value(QLatin1String("idle_timeout_ms"));
        if (value.isUndefined() || value.isNull())
            return;
        const qint64 ms = m_reader.integer("idle_timeout_ms", 1, MaxJsonInteger);
        if (m_reader.ok())
            m_spec.idleTimeoutMs = ms;
    }

    const QJsonObject m_root;
    const RunSpecLimits m_limits;
    JsonReader m_reader;
    RunSpec m_spec;
    qsizetype m_fileCount = 0;
    qint64 m_byteCount = 0;
};
} // namespace

std::span<const WireNameRow<SandboxTier>> WireNames<SandboxTier>::rows()
{
    return SandboxTierRows;
}

std::span<const WireNameRow<NetworkPolicy>> WireNames<NetworkPolicy>::rows()
{
    return NetworkPolicyRows;
}

std::span<const WireNameRow<RetentionMode>> WireNames<RetentionMode>::rows()
{
    return RetentionModeRows;
}

QString RunSpec::promptText() const
{
    QStringList texts;
    for (const QJsonValue &block : prompt) {
        const QJsonObject object = block.toObject();
        if (object.value(QLatin1String("type")).toString() == QLatin1String("text"))
            texts.append(object.value(QLatin1String("text")).toString());
    }
    return texts.join(QLatin1String("\n\n"));
}

std::variant<RunSpec, QString> RunSpec::parse(const QJsonObject &runSpec)
{
    return parse(runSpec, RunSpecLimits {});
}

std::variant<RunSpec, QString> RunSpec::parse(const QJsonObject &runSpec, const RunSpecLimits &limits)
{
    return RunSpecParser(runSpec, limits).parse();
}

std::variant<RunClaim, QString> RunClaim::parse(const QJsonObject &body)
{
    JsonReader reader(body);
    const QJsonObject claimObject = reader.object("claim");
    JsonReader claimReader = reader.child(claimObject, "claim");
    RunClaim claim;
    claim.claimId = claimReader.id("claim_id", "clm_");
    claim.runId = claimReader.id("run_id", "run_");
    claim.sessionId = claimReader.id("session_id", "sess_");
    claim.leaseTtlSeconds = int(claimReader.integer("lease_ttl_seconds", 1));
    if (!reader.ok())
        return reader.error();

    // From here on the claim can be answered: a bad run spec becomes a refusal, not a protocol error.
    JsonReader specReader(claimObject, QStringLiteral("claim"));
    claim.rawSpec = specReader.object("run_spec");
    if (!specReader.ok())
        claim.spec = specReader.error();
    else
        claim.spec = RunSpec::parse(claim.rawSpec);
    return claim;
}

} // namespace runnercore
