#include <runnercore/model/RunSpec.h>

#include <runnercore/model/GitUrl.h>
#include <runnercore/transport/JsonReader.h>

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

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
        readSnapshot();
        readPlaneMcp();
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

    // An optional boolean: absent means `fallback`.
    static bool optionalBool(JsonReader &reader, const QJsonObject &object, const char *name, bool fallback)
    {
        const QJsonValue value = object.value(QLatin1String(name));
        if (value.isUndefined())
            return fallback;
        if (!value.isBool()) {
            reader.fail(name, Messages::tr("has the wrong type (expected true or false)"));
            return fallback;
        }
        return value.toBool();
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
            // The first mount is the workspace root, /workspace unless it says otherwise (§6.8).
            if (i == 0 && !object.contains(QLatin1String("target")))
                mount.target = QStringLiteral("/workspace");
            else
                mount.target = mountReader.string("target");
            if (mountReader.ok()) {
                const QString problem = targetProblem(mount.target, i == 0);
                if (!problem.isEmpty())
                    mountReader.fail("target", problem);
            }
            if (mountReader.ok()) {
                const QString problem = placementProblem(mount.target, i);
                if (!problem.isEmpty())
                    mountReader.fail("target", problem);
            }
            if (mount.kind == QLatin1String("git")) {
                readGit(mountReader, object, mount);
            } else if (mount.kind == QLatin1String("snapshot")) {
                readSnapshotMount(mountReader, object, mount, i);
            } else if (mount.kind == QLatin1String("skills")) {
                readSkills(mountReader, mount);
            } else if (mount.kind == QLatin1String("uploaded_project") || mount.kind == QLatin1String("memory")
                || object.contains(QLatin1String("files"))) {
                // Files are required for these kinds; for unknown kinds they are optional but checked alike.
                readFiles(mountReader, mount.files);
            }
            if (mount.kind == QLatin1String("memory"))
                mount.writable = optionalBool(mountReader, object, "writable", false);
            m_spec.mounts.append(mount);
        }
    }

    // Targets are distinct and none lies beneath another, except that every absolute one lies
    // strictly beneath the root.
    // Linear in the number of mounts: every target and every directory above one is remembered.
    QString placementProblem(const QString &target, qsizetype index)
    {
        if (index == 0)
            return {};
        const QString &root = m_spec.mounts.first().target;
        if (!target.startsWith(QLatin1String("~/")) && !target.startsWith(root + QLatin1Char('/')))
            return Messages::tr("is neither beneath the workspace root %1 nor in the run's home (~/...)").arg(root);
        if (const auto same = m_targets.constFind(target); same != m_targets.cend())
            return Messages::tr("is also the target of mounts[%1]").arg(*same);
        if (const auto below = m_aboveTargets.constFind(target); below != m_aboveTargets.cend())
            return Messages::tr("lies above the target of mounts[%1]").arg(*below);
        QStringList above;
        for (qsizetype slash = target.lastIndexOf(QLatin1Char('/')); slash > 1;
             slash = target.lastIndexOf(QLatin1Char('/'), slash - 1)) {
            const QString parent = target.left(slash);
            if (parent == root)
                break;
            if (const auto outer = m_targets.constFind(parent); outer != m_targets.cend())
                return Messages::tr("lies beneath the target of mounts[%1]").arg(*outer);
            above.append(parent);
        }
        m_targets.insert(target, index);
        for (const QString &parent : std::as_const(above))
            m_aboveTargets.insert(parent, index);
        return {};
    }

    void readGit(JsonReader &mountReader, const QJsonObject &object, RunMount &mount)
    {
        static const QRegularExpression commitShape(
            QRegularExpression::anchoredPattern(QStringLiteral("[0-9a-f]{40}|[0-9a-f]{64}")));
        GitSource git;
        git.url = mountReader.string("url");
        if (mountReader.ok()) {
            const QString problem = GitUrl::problem(git.url);
            if (!problem.isEmpty())
                mountReader.fail("url", problem);
        }
        git.commit = mountReader.string("commit");
        checkShape(mountReader, "commit", git.commit, commitShape, "<40 or 64 lowercase hex>");
        git.ref = optionalString(mountReader, object, "ref");
        if (git.ref && mountReader.ok()) {
            const QString problem = GitUrl::refProblem(*git.ref);
            if (!problem.isEmpty())
                mountReader.fail("ref", problem);
        }
        const QJsonValue depth = object.value(QLatin1String("depth"));
        if (!depth.isUndefined() && !depth.isNull())
            git.depth = int(mountReader.integer("depth", 1));
        git.submodules = optionalBool(mountReader, object, "submodules", false);
        git.lfs = optionalBool(mountReader, object, "lfs", false);
        const QJsonValue credential = object.value(QLatin1String("credential"));
        if (!credential.isUndefined() && !credential.isNull() && mountReader.ok()) {
            const std::optional<QJsonObject> credentialObject = mountReader.nullableObject("credential");
            if (credentialObject)
                git.credential = readCredential(mountReader.child(*credentialObject, "credential"));
        }
        if (object.contains(QLatin1String("files")) && mountReader.ok())
            mountReader.fail("files", Messages::tr("is not part of a git mount (its files come from the repository)"));
        mount.git = git;
    }

    // §6.9: a snapshot the Runner keeps, restored as the workspace root and verified by digest.
    void readSnapshotMount(JsonReader &mountReader, const QJsonObject &object, RunMount &mount, qsizetype index)
    {
        static const QRegularExpression idShape(
            QRegularExpression::anchoredPattern(QStringLiteral("snap_[0-9a-f]{32}")));
        static const QRegularExpression digestShape(
            QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
        if (index != 0 && mountReader.ok())
            mountReader.fail(
                "kind", Messages::tr("is snapshot, which only the first mount (the workspace root) may be"));
        mount.snapshotId = mountReader.string("snapshot_id");
        checkShape(mountReader, "snapshot_id", mount.snapshotId, idShape, "snap_<32 hex>");
        mount.snapshotDigest = mountReader.string("digest");
        checkShape(mountReader, "digest", mount.snapshotDigest, digestShape, "sha256:<64 hex>");
        if (object.contains(QLatin1String("files")) && mountReader.ok())
            mountReader.fail(
                "files", Messages::tr("is not part of a snapshot mount (its files come from the snapshot)"));
    }

    // run_spec.snapshot (§6.9): absent or null is none; else { "on_settle": true|false }.
    void readSnapshot()
    {
        const QJsonValue value = m_root.value(QLatin1String("snapshot"));
        if (value.isUndefined() || value.isNull() || !m_reader.ok())
            return;
        const std::optional<QJsonObject> object = m_reader.nullableObject("snapshot");
        if (!object)
            return;
        JsonReader snapshot = m_reader.child(*object, "snapshot");
        m_spec.snapshotOnSettle = optionalBool(snapshot, *object, "on_settle", false);
    }

    // run_spec.plane_mcp (§6.10): absent or null is none; else [ { "protocol", "name" } ], names unique.
    // An unknown protocol parses: admission refuses it (plane_protocol_unsupported).
    void readPlaneMcp()
    {
        static const QRegularExpression nameShape(
            QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9_-]{0,31}")));
        const QJsonValue value = m_root.value(QLatin1String("plane_mcp"));
        if (value.isUndefined() || value.isNull() || !m_reader.ok())
            return;
        const QJsonArray entries = m_reader.array("plane_mcp");
        if (entries.size() > RunSpec::MaxPlaneMcp) {
            m_reader.fail("plane_mcp",
                Messages::tr("has %1 entries; at most %2 are allowed").arg(entries.size()).arg(RunSpec::MaxPlaneMcp));
            return;
        }
        QSet<QString> names;
        for (qsizetype i = 0; i < entries.size() && m_reader.ok(); ++i) {
            const QByteArray name = indexed("plane_mcp", i);
            if (!entries.at(i).isObject()) {
                m_reader.fail(name.constData(), Messages::tr("has the wrong type (expected an object)"));
                return;
            }
            JsonReader entryReader = m_reader.child(entries.at(i).toObject(), name.constData());
            PlaneMcp entry;
            entry.protocol = nonEmptyString(entryReader, "protocol");
            entry.name = entryReader.string("name");
            checkShape(entryReader, "name", entry.name, nameShape, "[a-z0-9][a-z0-9_-]{0,31}");
            if (entryReader.ok() && names.contains(entry.name))
                entryReader.fail("name", Messages::tr("appears twice in plane_mcp (each name must be unique)"));
            names.insert(entry.name);
            m_spec.planeMcp.append(entry);
        }
    }

    static GitCredential readCredential(JsonReader reader)
    {
        GitCredential credential;
        const QString kind = nonEmptyString(reader, "kind");
        if (kind == QLatin1String("http_basic")) {
            credential.kind = GitCredential::Kind::HttpBasic;
            credential.username = nonEmptyString(reader, "username");
            if (reader.ok() && (credential.username.contains(QLatin1Char(':')) || hasControl(credential.username)))
                reader.fail("username", Messages::tr("contains ':' or a control character"));
        } else if (kind == QLatin1String("http_bearer")) {
            credential.kind = GitCredential::Kind::HttpBearer;
        } else if (reader.ok()) {
            reader.fail("kind", Messages::tr("is not a credential kind of this version (http_basic or http_bearer)"));
        }
        credential.secret = nonEmptyString(reader, "secret");
        // The secret travels in an HTTP header: a line break would add headers of the run's choosing.
        if (reader.ok() && hasControl(credential.secret))
            reader.fail("secret", Messages::tr("contains a control character"));
        return credential;
    }

    void readSkills(JsonReader &mountReader, RunMount &mount)
    {
        static const QRegularExpression nameShape(
            QRegularExpression::anchoredPattern(QStringLiteral("[a-z0-9][a-z0-9-]{0,63}")));
        const QJsonArray skills = mountReader.array("skills");
        QSet<QString> names;
        for (qsizetype k = 0; k < skills.size() && mountReader.ok(); ++k) {
            const QByteArray name = indexed("skills", k);
            if (!skills.at(k).isObject()) {
                mountReader.fail(name.constData(), Messages::tr("has the wrong type (expected an object)"));
                return;
            }
            JsonReader skillReader = mountReader.child(skills.at(k).toObject(), name.constData());
            RunSkill skill;
            skill.name = skillReader.string("name");
            checkShape(skillReader, "name", skill.name, nameShape, "[a-z0-9][a-z0-9-]{0,63}");
            if (skillReader.ok() && names.contains(skill.name))
                skillReader.fail("name", Messages::tr("appears twice in the same mount"));
            names.insert(skill.name);
            readFiles(skillReader, skill.files);
            if (skillReader.ok() && std::none_of(skill.files.cbegin(), skill.files.cend(), [](const RunFile &f) {
                    return f.path == QLatin1String("SKILL.md");
                }))
                skillReader.fail("files", Messages::tr("has no SKILL.md at the skill's root"));
            mount.skills.append(skill);
        }
    }

    void readFiles(JsonReader &mountReader, QList<RunFile> &into)
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
            const QJsonObject fileObject = files.at(j).toObject();
            JsonReader fileReader = mountReader.child(fileObject, name.constData());
            RunFile file;
            file.path = fileReader.string("path");
            if (fileReader.ok()) {
                const QString problem = pathProblem(file.path);
                if (!problem.isEmpty())
                    fileReader.fail("path", problem);
                else if (seen.contains(file.path))
                    fileReader.fail("path", Messages::tr("appears twice in the same mount"));
                else if (const QString clash = prefixClash(seen, file.path); !clash.isEmpty())
                    fileReader.fail("path", Messages::tr("is a file and a directory at once (with %1)").arg(clash));
                seen.insert(file.path);
            }
            file.executable = optionalBool(fileReader, fileObject, "executable", false);
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
            into.append(file);
        }
    }

    // "a" and "a/b" cannot both be regular files of one mount.
    static QString prefixClash(const QSet<QString> &seen, const QString &path)
    {
        for (qsizetype slash = path.indexOf(QLatin1Char('/')); slash > 0;
             slash = path.indexOf(QLatin1Char('/'), slash + 1)) {
            if (seen.contains(path.left(slash)))
                return path.left(slash);
        }
        const QString asDir = path + QLatin1Char('/');
        for (const QString &other : seen) {
            if (other.startsWith(asDir))
                return other;
        }
        return {};
    }

    QString bytesLimitProblem() const
    {
        return Messages::tr("brings the uploaded files above the limit of %1 bytes in total")
            .arg(m_limits.maxMountBytes);
    }

    static bool hasControl(const QString &text)
    {
        return std::any_of(text.cbegin(), text.cend(),
            [](QChar c) { return c.unicode() < 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f); });
    }

    // §6.8's normal form, shared by file paths and targets: no empty, "." or ".." component, no
    // trailing "/", at most maxPathLength bytes, no control character (nor a backslash).
    QString normalFormProblem(const QString &path) const
    {
        if (path.isEmpty())
            return Messages::tr("is empty");
        if (path.toUtf8().size() > m_limits.maxPathLength)
            return Messages::tr("is longer than %1 bytes").arg(m_limits.maxPathLength);
        if (path.contains(QChar(0)))
            return Messages::tr("contains a NUL character");
        if (hasControl(path))
            return Messages::tr("contains a control character");
        if (path.contains(QLatin1Char('\\')))
            return Messages::tr("contains a backslash");
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

    // A path relative to the mount that cannot leave it and names one file in one way.
    QString pathProblem(const QString &path) const
    {
        if (path.startsWith(QLatin1Char('/')))
            return Messages::tr("is absolute");
        return normalFormProblem(path);
    }

    // The root: an absolute path. Others: absolute, or "~/..." in the run's home.
    QString targetProblem(const QString &target, bool isRoot) const
    {
        if (target.startsWith(QLatin1String("~/")) && !isRoot)
            return normalFormProblem(target.mid(2));
        if (!target.startsWith(QLatin1Char('/')))
            return isRoot ? Messages::tr("is not an absolute path (the first mount is the workspace root)")
                          : Messages::tr("is neither an absolute path nor a path in the run's home (~/...)");
        if (target == QLatin1String("/"))
            return Messages::tr("is / (the workspace root must be a directory of its own, e.g. /workspace)");
        return normalFormProblem(target.mid(1));
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
    QHash<QString, qsizetype> m_targets; // every mount's target but the root's → its index
    QHash<QString, qsizetype> m_aboveTargets; // directories above those targets (not the root)
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
