#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace runnercore {

// Every environment variable the Runner reads (wire §8). Its name is spelled once, in ConfigKeys.cpp.
enum class EnvVar {
    ApiUrl,
    PairingCode, // a secret: the one-use code, as --code (safer than argv on a shared machine)
    RunnerToken, // a secret
    EnableHostProcessSandbox,
    IdleTimeoutMs,
    DockerUnrestrictedNetwork,
    CursorProfileVersion, // the Cursor lane: all four or none
    CursorReleaseDigest,
    CursorModel,
    CursorApiKey, // a secret
    BubblewrapReadOnly,
};

// Every key of the settings file (AppPaths::settingsFile(), shared by the CLI and the tray), plus the tray's
// autostart value in the Windows registry. Spelled once, in ConfigKeys.cpp.
enum class SettingsKey {
    // RunnerSettings: the pairing and what was given with it.
    Endpoint,
    Label,
    Sandbox, // also RunnerPreferences' stored tier, shared on purpose
    CredentialStore,
    PairingRunnerId,
    PairingWorkspaceId,
    PairingRunnerPool,
    PairingOwnerPrincipalId,
    PairingOwnerMachineLabel,
    // RunnerPreferences: what the tray's Settings store and both front ends apply.
    RunnerSlots,
    RunnerIdleTimeoutMs,
    CursorProfileVersion,
    CursorReleaseDigest,
    CursorModel,
    BubblewrapReadOnlyPaths,
    RunnerGitCacheMib,
    RunnerSnapshotStoreMib,
    PowerKeepAwake,
    PowerDrainBelowBattery,
    PowerDrainOnMetered,
    // TraySettings: the tray's own.
    TrayLogLevel,
    TrayNotifyApproval,
    TrayNotifyRevoked,
    TrayNotifyClone,
    TrayNotifyDrainFinished,
    TrayNotifyReconnected,
    TrayNotifyRunsLostToSleep,
    // Autostart on Windows: the value under HKCU\…\CurrentVersion\Run, not in the settings file.
    WindowsAutostartValue,
};

// The command-line flags the configuration is made of (RunnerConfigInput::flags), both front ends alike.
enum class ConfigFlag {
    Endpoint,
    Code,
    Label,
    Sandbox,
    CredentialStore,
    Slots,
    BubblewrapReadOnly,
    GitCacheMib,
    SnapshotStoreMib,
    KeepAwake,
    DrainBelowBattery,
    DrainOnMetered,
};

// The one table of names (as KeePassXC's ConfigKey): the resolver, the parser, the settings classes, the
// wizard, --help and doctor look every name up here.
class ConfigKeys
{
public:
    // "CHECKFU_API_URL".
    static QString name(EnvVar var);
    static QByteArray latin1Name(EnvVar var);
    // One line for --help and doctor, translated.
    static QString description(EnvVar var);
    // Wiped from the process environment at start (ProcessHardening), never printed.
    static bool isSecret(EnvVar var);
    // Every variable, in the table's order (the order --help lists them in).
    static QList<EnvVar> allEnvVars();
    // The Cursor lane's four variables: profile version, release digest, model, API key.
    static QList<EnvVar> cursorEnvVars();
    // "Environment:" and one indented line per variable with its description, for --help.
    static QString environmentHelp();

    // "pairing/runner_id".
    static QString key(SettingsKey key);
    static QList<SettingsKey> allSettingsKeys();

    // Without dashes, as RunnerConfigInput::flags holds it: "endpoint".
    static QString name(ConfigFlag flag);
    // As typed and as errors name it: "--endpoint".
    static QString option(ConfigFlag flag);
    static QList<ConfigFlag> allFlags();
};

} // namespace runnercore
