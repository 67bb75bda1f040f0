#pragma once

#include <QHash>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QSysInfo>
#include <QUrl>

#include <optional>
#include <variant>

namespace runnercore {

// The --sandbox flag as given; which providers end up on is in RunnerConfig's *Enabled fields.
enum class SandboxChoice { NotGiven, HostProcess, Bubblewrap, Docker, None };

// Off: never use docker. Auto: use it when a daemon answers (re-checked). Required: refuse to start without one.
enum class DockerMode { Off, Auto, Required };

// --keep-awake: whether the machine may sleep while runs are active. Always: a logind block lock
// while any run is active; OnAcPower (the default): the same, but only while on AC power; Never:
// no block lock. A delay lock (to save the runs' output before sleep) is held in every mode.
enum class KeepAwake { Always, OnAcPower, Never };

// The Cursor lane tuple (wire §8). apiKey is a secret: it is never printed, logged or put in a message.
struct CursorLane
{
    QString profileVersion;
    QString releaseDigest;
    QString model;
    QString apiKey;
};

// One problem with the local configuration. field is the flag ("--slots") or variable ("CURSOR_API_KEY")
// to fix; message names it too and says what to do, so it can be shown on its own.
struct ConfigError
{
    QString field;
    QString message;
};

// The validated local configuration (wire §8). Only RunnerConfigParser builds one.
struct RunnerConfig
{
    QUrl endpoint; // from --endpoint, else CHECKFU_API_URL; empty when neither was given (stored settings apply)
    QString endpointSource; // "--endpoint", "CHECKFU_API_URL" or ""
    // Normalised, from --code, `--code -` (standard input) or CHECKFU_PAIRING_CODE; a one-use secret, log only
    // its redaction.
    std::optional<QString> pairingCode;
    QString pairingCodeSource; // "--code", "--code -" or "CHECKFU_PAIRING_CODE"
    QString label; // --label, else the machine's host name
    SandboxChoice sandbox = SandboxChoice::NotGiven;
    bool hostProcessEnabled = false; // after the §8 provider table and CHECKFU_ENABLE_HOST_PROCESS_SANDBOX
    bool bubblewrapEnabled = false;
    DockerMode docker = DockerMode::Auto;
    bool dockerUnrestrictedNetwork = false; // CHECKFU_DOCKER_UNRESTRICTED_NETWORK defined (any value, empty included)
    std::optional<int> idleTimeoutMs; // CHECKFU_RUNNER_IDLE_TIMEOUT_MS
    std::optional<CursorLane> cursor;
    QString workspaceToken; // CHECKFU_RUNNER_TOKEN (a secret: never printed)
    std::optional<QString> credentialStore; // "keychain" or "file", from --credential-store
    // --slots N (1..64). Not named "slots": that is a Qt keyword macro and would expand to nothing.
    int slotCount = 1;
    // --bubblewrap-read-only, else CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY: absolute paths a bubblewrap
    // sandbox shows read-only (harnesses installed under the home directory), as given, cleaned.
    QStringList bubblewrapReadOnly;
    QString bubblewrapReadOnlySource; // "--bubblewrap-read-only", the variable, or "" when none
    // --git-cache-mib N (0..MaxGitCacheMib): the git mirror cache's size (§6.8); 0 keeps no mirrors.
    static constexpr qint64 DefaultGitCacheMib = 10240;
    static constexpr qint64 MaxGitCacheMib = 1048576;
    qint64 gitCacheMib = DefaultGitCacheMib;
    // --snapshot-store-mib N (1..MaxSnapshotStoreMib): the bound of the workspaces kept on this
    // machine (§6.9, workspace/SnapshotStore); a workspace the store cannot hold within it is not kept.
    static constexpr qint64 DefaultSnapshotStoreMib = 5120;
    static constexpr qint64 MaxSnapshotStoreMib = 1048576;
    qint64 snapshotStoreMib = DefaultSnapshotStoreMib;
    // --keep-awake always|ac|never.
    KeepAwake keepAwake = KeepAwake::OnAcPower;
    // --drain-below-battery N (0..100): take no new work while on battery below N %; 0 (the default) never.
    int drainBelowBatteryPercent = 0;
    // --drain-on-metered true|false: take no new work while the connection is metered; off by default.
    bool drainOnMetered = false;

    // Human summary for logs and doctor. Never includes the Cursor API key, the workspace token or the
    // full pairing code.
    QString describe() const;
};

// What the caller collected. A flag that was not given is not in the map.
struct RunnerConfigInput
{
    // Keys without dashes: "endpoint", "code", "label", "sandbox", "credential-store", "slots",
    // "bubblewrap-read-only" (':'-separated paths; a repeated flag is joined with ':'), "git-cache-mib",
    // "snapshot-store-mib", "keep-awake", "drain-below-battery", "drain-on-metered".
    QHash<QString, QString> flags;
    QProcessEnvironment env;
    // Where the Runner keeps its own state (AppPaths): no read-only path may show any of it.
    QStringList runnerStateDirs = defaultRunnerStateDirs();
    // The default label. Filled here, by whoever builds the input, so that the parser itself reads nothing
    // from the machine; tests set it.
    QString machineHostName = QSysInfo::machineHostName();
    // What `--code -` read from standard input (readStandardInputLine()), filled by the front end that read it, so
    // that the parser itself reads nothing; nullopt when nothing was read.
    std::optional<QString> standardInputLine;

    // The --code value that means "read the code from standard input".
    static inline const QString StandardInputValue = QStringLiteral("-");
    static QStringList defaultRunnerStateDirs();
    // Whether `flags` ask for the code from standard input (--code -).
    bool wantsStandardInput() const;
    // One line from standard input (at most 1 KiB, without its line break); nullopt when it is closed or at its
    // end. On a terminal it prompts on stderr and does not echo what is typed.
    static std::optional<QString> readStandardInputLine();
};

class RunnerConfigParser
{
public:
    // A function of its input (and, for the read-only paths, of what exists on disk). All errors are collected (not
    // just the first), in a stable order, each naming its field and the fix. Flags other than the ones listed in
    // RunnerConfigInput are ignored.
    static std::variant<RunnerConfig, QList<ConfigError>> parse(const RunnerConfigInput &in);
    // Problems with a ':'-separated list of bubblewrap read-only paths, each naming `field` and the fix;
    // empty when every path is absolute, exists, is not "/" and neither holds nor lies in a directory
    // of stateDirs. *paths gets the cleaned paths.
    static QStringList readOnlyPathProblems(
        const QString &list, const QString &field, const QStringList &stateDirs, QStringList *paths = nullptr);
    // The --sandbox value that selects `choice`; empty for NotGiven.
    static QString sandboxFlagValue(SandboxChoice choice);
    // The --keep-awake values, in KeepAwake's order: "always", "ac", "never".
    static QStringList keepAwakeNames();
};

} // namespace runnercore
