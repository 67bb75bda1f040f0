#pragma once

#include <runnercore/base/WireName.h>

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace runnercore {

// The run's requirements (§6.1 environment.requirements), each with one name table in RunSpec.cpp.
enum class SandboxTier {
    HostProcess, // "host_process"
    Container, // "container"
};
enum class NetworkPolicy {
    None, // "none"
    Unrestricted, // "unrestricted"
};
enum class RetentionMode {
    Durable, // "durable"
    EphemeralZdr, // "ephemeral_zdr"
};

template <> struct WireNames<SandboxTier>
{
    static std::span<const WireNameRow<SandboxTier>> rows();
};
template <> struct WireNames<NetworkPolicy>
{
    static std::span<const WireNameRow<NetworkPolicy>> rows();
};
template <> struct WireNames<RetentionMode>
{
    static std::span<const WireNameRow<RetentionMode>> rows();
};

// One file of a mount (§6.8); path is relative and normalised, already checked.
struct RunFile
{
    QString path;
    QByteArray content;
    bool executable = false; // mode 0755, else 0644
};

// How a git mount authenticates (§6.8): a secret of the run, masked like the Runner's own.
struct GitCredential
{
    enum class Kind { HttpBasic, HttpBearer };
    Kind kind = Kind::HttpBasic;
    QString username; // http_basic only
    QString secret;
};

// What a git mount fetches: exactly `commit`; ref and depth only help find and bound it.
struct GitSource
{
    QString url; // https://, or http:// to a loopback host; no userinfo, query or fragment
    QString commit; // 40 or 64 lowercase hex
    std::optional<QString> ref;
    std::optional<int> depth;
    bool submodules = false;
    bool lfs = false;
    std::optional<GitCredential> credential;
};

// One skill of a skills mount: written to <target>/<name>/, holding a SKILL.md.
struct RunSkill
{
    QString name;
    QList<RunFile> files;
};

struct RunMount
{
    QString kind; // "uploaded_project", "git", "memory", "skills", "snapshot"
    // The first mount's target is the workspace root (absolute); the others lie strictly beneath
    // it or are "~/..." in the run's private home (§6.8). Normalised, already checked.
    QString target;
    QList<RunFile> files = {}; // uploaded_project, memory
    std::optional<GitSource> git = std::nullopt; // git
    bool writable = false; // memory: its changes are reported as memory.changed
    QList<RunSkill> skills = {}; // skills
    QString snapshotId = {}; // snapshot (§6.9): snap_<32 hex>, only as the workspace root
    QString snapshotDigest = {}; // snapshot: sha256:<64 hex>, verified on restore

    bool isInHome() const { return target.startsWith(QLatin1String("~/")); }
    // Read-only to the harness where the tier can enforce it: skills and a memory that is not writable.
    bool isReadOnly() const
    {
        return kind == QLatin1String("skills") || (kind == QLatin1String("memory") && !writable);
    }
};

struct RunResources
{
    qint64 cpuMillis = 0;
    qint64 memoryMib = 0;
    qint64 diskMib = 0;
    qint64 maxDurationSeconds = 0;
};

// Bounds on what one run may upload. The defaults are the Runner's; tests pass smaller ones so the
// byte limit can be exercised without allocating hundreds of MiB.
struct RunSpecLimits
{
    qint64 maxMountBytes = qint64(256) * 1024 * 1024; // decoded bytes over all mounts
    int maxFiles = 10000; // files over all mounts
    int maxPathLength = 1024; // bytes of one file path or target (§6.8)
};

struct RunModel
{
    QString kind; // "cursor_api_key"
    QString provider; // "cursor"
    QString model; // "cursor-auto"
};

// One MCP server of the platform the run asks for (§6.10 run_spec.plane_mcp).
struct PlaneMcp
{
    QString protocol; // "platform-mcp-v1" | "platform-control-mcp-v2" (admission checks it)
    QString name; // [a-z0-9][a-z0-9_-]{0,31}, unique in the run
};

// A claim's run_spec (§6.1), parsed strictly. Only RunSpec::parse builds one.
struct RunSpec
{
    QString principalId;
    QString title;
    QString environmentId;
    // A value this Runner does not know parses (its text kept): admission refuses it with its own reason.
    WireValue<SandboxTier> tier;
    WireValue<NetworkPolicy> network;
    WireValue<RetentionMode> retention;
    RunResources resources;
    QString driver; // "checkfu:oneshot-v1@1" | "checkfu:acp-v1@1"
    QString profileVersion;
    std::optional<QString> releaseDigest;
    QString launchKind; // "process" | "oci"
    QString image; // oci only
    QStringList argv;
    QMap<QString, QString> env;
    std::optional<RunModel> model;
    QList<RunMount> mounts;
    QJsonArray prompt; // content blocks as sent
    std::optional<qint64> idleTimeoutMs; // null → CHECKFU_RUNNER_IDLE_TIMEOUT_MS or none
    bool snapshotOnSettle = false; // run_spec.snapshot.on_settle (§6.9): keep the workspace
    // §6.10 is silent on a bound; each entry is a bridge the harness may start.
    static constexpr int MaxPlaneMcp = 8;
    QList<PlaneMcp> planeMcp; // run_spec.plane_mcp (§6.10)

    bool isZeroDataRetention() const { return retention == RetentionMode::EphemeralZdr; }
    // The text of the prompt's text blocks joined by blank lines (what a oneshot harness reads on stdin).
    QString promptText() const;

    // On failure: a message naming the field ("run_spec.mounts[0].files[2].path is absolute"),
    // which the Runner uses for a refusal with reason invalid_run_spec. Never throws, never crashes.
    static std::variant<RunSpec, QString> parse(const QJsonObject &runSpec);
    static std::variant<RunSpec, QString> parse(const QJsonObject &runSpec, const RunSpecLimits &limits);
};

// A claim (§6.1): the run plus the ids the Runner must echo.
struct RunClaim
{
    QString claimId;
    QString runId;
    QString sessionId;
    int leaseTtlSeconds = 60;
    QJsonObject rawSpec; // kept for refusal/diagnostics; never logged for ZDR runs
    // Either a parsed spec or the reason it is invalid (the claim itself is still valid then).
    std::variant<RunSpec, QString> spec;

    // Fails (message names the field) only when the claim envelope itself is unusable
    // (no claim_id / run_id): such a claim cannot even be refused.
    static std::variant<RunClaim, QString> parse(const QJsonObject &body);
};

} // namespace runnercore
