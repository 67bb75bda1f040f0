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

// One file of an uploaded_project mount; path is relative, already checked (no "..", not absolute).
struct RunFile
{
    QString path;
    QByteArray content;
};

struct RunMount
{
    QString kind; // "uploaded_project", "git", "memory", "skills"
    QString target; // container path, e.g. "/workspace"
    QList<RunFile> files;
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
    int maxPathLength = 4096; // characters of one file path
};

struct RunModel
{
    QString kind; // "cursor_api_key"
    QString provider; // "cursor"
    QString model; // "cursor-auto"
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
