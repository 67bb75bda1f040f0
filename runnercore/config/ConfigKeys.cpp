#include <runnercore/config/ConfigKeys.h>

#include <QCoreApplication>
#include <QStringList>

#include <iterator>

namespace runnercore {

namespace {

struct EnvVarEntry
{
    EnvVar var;
    const char *name;
    const char *description;
    bool secret;
};

// The names are the wire's (§8); the order is the one --help lists them in.
constexpr EnvVarEntry envVarTable[] = {
    { EnvVar::ApiUrl, "CHECKFU_API_URL",
        QT_TRANSLATE_NOOP("ConfigKeys", "control plane URL, as --endpoint (the flag wins)"), false },
    { EnvVar::PairingCode, "CHECKFU_PAIRING_CODE",
        QT_TRANSLATE_NOOP("ConfigKeys", "a one-use pairing code to redeem, as --code (the flag wins; a secret)"),
        true },
    { EnvVar::RunnerToken, "CHECKFU_RUNNER_TOKEN",
        QT_TRANSLATE_NOOP("ConfigKeys", "a Workspace Runner key, used instead of a pairing (a secret)"), true },
    { EnvVar::EnableHostProcessSandbox, "CHECKFU_ENABLE_HOST_PROCESS_SANDBOX",
        QT_TRANSLATE_NOOP(
            "ConfigKeys", "true or false: turns the host-process tier on or off, whatever --sandbox says"),
        false },
    { EnvVar::IdleTimeoutMs, "CHECKFU_RUNNER_IDLE_TIMEOUT_MS",
        QT_TRANSLATE_NOOP("ConfigKeys", "a run's idle timeout in milliseconds when its spec names none"), false },
    { EnvVar::DockerUnrestrictedNetwork, "CHECKFU_DOCKER_UNRESTRICTED_NETWORK",
        QT_TRANSLATE_NOOP("ConfigKeys", "set (to anything): docker runs may ask for an unrestricted network"), false },
    { EnvVar::CursorProfileVersion, "CHECKFU_CURSOR_HARNESS_PROFILE_VERSION",
        QT_TRANSLATE_NOOP(
            "ConfigKeys", "the Cursor lane's harness profile version (all four Cursor variables or none)"),
        false },
    { EnvVar::CursorReleaseDigest, "CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST",
        QT_TRANSLATE_NOOP("ConfigKeys", "the Cursor lane's harness release digest"), false },
    { EnvVar::CursorModel, "CHECKFU_CURSOR_MODEL", QT_TRANSLATE_NOOP("ConfigKeys", "the Cursor lane's model"), false },
    { EnvVar::CursorApiKey, "CURSOR_API_KEY", QT_TRANSLATE_NOOP("ConfigKeys", "the Cursor lane's API key (a secret)"),
        true },
    { EnvVar::BubblewrapReadOnly, "CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY",
        QT_TRANSLATE_NOOP("ConfigKeys", "as --bubblewrap-read-only (the flag wins)"), false },
};

struct SettingsKeyEntry
{
    SettingsKey key;
    const char *name;
};

constexpr SettingsKeyEntry settingsKeyTable[] = {
    { SettingsKey::Endpoint, "endpoint" },
    { SettingsKey::Label, "label" },
    { SettingsKey::Sandbox, "sandbox" },
    { SettingsKey::CredentialStore, "credential_store" },
    { SettingsKey::PairingRunnerId, "pairing/runner_id" },
    { SettingsKey::PairingWorkspaceId, "pairing/workspace_id" },
    { SettingsKey::PairingRunnerPool, "pairing/runner_pool" },
    { SettingsKey::PairingOwnerPrincipalId, "pairing/owner_principal_id" },
    { SettingsKey::PairingOwnerMachineLabel, "pairing/owner_machine_label" },
    { SettingsKey::RunnerSlots, "runner/slots" },
    { SettingsKey::RunnerIdleTimeoutMs, "runner/idle_timeout_ms" },
    { SettingsKey::CursorProfileVersion, "cursor/profile_version" },
    { SettingsKey::CursorReleaseDigest, "cursor/release_digest" },
    { SettingsKey::CursorModel, "cursor/model" },
    { SettingsKey::BubblewrapReadOnlyPaths, "bubblewrap/read_only_paths" },
    { SettingsKey::RunnerGitCacheMib, "runner/git_cache_mib" },
    { SettingsKey::RunnerSnapshotStoreMib, "runner/snapshot_store_mib" },
    { SettingsKey::PowerKeepAwake, "power/keep_awake" },
    { SettingsKey::PowerDrainBelowBattery, "power/drain_below_battery" },
    { SettingsKey::PowerDrainOnMetered, "power/drain_on_metered" },
    { SettingsKey::TrayLogLevel, "tray/log_level" },
    { SettingsKey::TrayNotifyApproval, "tray/notify_approval" },
    { SettingsKey::TrayNotifyRevoked, "tray/notify_revoked" },
    { SettingsKey::TrayNotifyClone, "tray/notify_clone" },
    { SettingsKey::TrayNotifyDrainFinished, "tray/notify_drain_finished" },
    { SettingsKey::TrayNotifyReconnected, "tray/notify_reconnected" },
    { SettingsKey::TrayNotifyRunsLostToSleep, "tray/notify_runs_lost_to_sleep" },
    { SettingsKey::WindowsAutostartValue, "CheckfuRunner" },
};

struct FlagEntry
{
    ConfigFlag flag;
    const char *name;
};

constexpr FlagEntry flagTable[] = {
    { ConfigFlag::Endpoint, "endpoint" },
    { ConfigFlag::Code, "code" },
    { ConfigFlag::Label, "label" },
    { ConfigFlag::Sandbox, "sandbox" },
    { ConfigFlag::CredentialStore, "credential-store" },
    { ConfigFlag::Slots, "slots" },
    { ConfigFlag::BubblewrapReadOnly, "bubblewrap-read-only" },
    { ConfigFlag::GitCacheMib, "git-cache-mib" },
    { ConfigFlag::SnapshotStoreMib, "snapshot-store-mib" },
    { ConfigFlag::KeepAwake, "keep-awake" },
    { ConfigFlag::DrainBelowBattery, "drain-below-battery" },
    { ConfigFlag::DrainOnMetered, "drain-on-metered" },
};

// Each table is in its enum's order, so an entry is found by index; the asserts keep it so.
constexpr bool envVarsInOrder()
{
    for (std::size_t i = 0; i < std::size(envVarTable); ++i) {
        if (std::size_t(envVarTable[i].var) != i)
            return false;
    }
    return true;
}

constexpr bool settingsKeysInOrder()
{
    for (std::size_t i = 0; i < std::size(settingsKeyTable); ++i) {
        if (std::size_t(settingsKeyTable[i].key) != i)
            return false;
    }
    return true;
}

constexpr bool flagsInOrder()
{
    for (std::size_t i = 0; i < std::size(flagTable); ++i) {
        if (std::size_t(flagTable[i].flag) != i)
            return false;
    }
    return true;
}

static_assert(envVarsInOrder(), "envVarTable must list EnvVar in its order");
static_assert(settingsKeysInOrder(), "settingsKeyTable must list SettingsKey in its order");
static_assert(flagsInOrder(), "flagTable must list ConfigFlag in its order");
static_assert(std::size(envVarTable) == std::size_t(EnvVar::BubblewrapReadOnly) + 1);
static_assert(std::size(settingsKeyTable) == std::size_t(SettingsKey::WindowsAutostartValue) + 1);
static_assert(std::size(flagTable) == std::size_t(ConfigFlag::DrainOnMetered) + 1);

} // namespace

QString ConfigKeys::name(EnvVar var)
{
    return QLatin1String(envVarTable[std::size_t(var)].name);
}

QByteArray ConfigKeys::latin1Name(EnvVar var)
{
    return QByteArray(envVarTable[std::size_t(var)].name);
}

QString ConfigKeys::description(EnvVar var)
{
    return QCoreApplication::translate("ConfigKeys", envVarTable[std::size_t(var)].description);
}

bool ConfigKeys::isSecret(EnvVar var)
{
    return envVarTable[std::size_t(var)].secret;
}

QList<EnvVar> ConfigKeys::allEnvVars()
{
    QList<EnvVar> all;
    for (const auto &entry : envVarTable)
        all.append(entry.var);
    return all;
}

QList<EnvVar> ConfigKeys::cursorEnvVars()
{
    return { EnvVar::CursorProfileVersion, EnvVar::CursorReleaseDigest, EnvVar::CursorModel, EnvVar::CursorApiKey };
}

QString ConfigKeys::environmentHelp()
{
    QStringList lines { QCoreApplication::translate("ConfigKeys", "Environment:") };
    for (const auto &entry : envVarTable)
        lines << QStringLiteral("  %1\n      %2").arg(QLatin1String(entry.name), description(entry.var));
    return lines.join(QLatin1Char('\n'));
}

QString ConfigKeys::key(SettingsKey key)
{
    return QLatin1String(settingsKeyTable[std::size_t(key)].name);
}

QList<SettingsKey> ConfigKeys::allSettingsKeys()
{
    QList<SettingsKey> all;
    for (const auto &entry : settingsKeyTable)
        all.append(entry.key);
    return all;
}

QString ConfigKeys::name(ConfigFlag flag)
{
    return QLatin1String(flagTable[std::size_t(flag)].name);
}

QString ConfigKeys::option(ConfigFlag flag)
{
    return QStringLiteral("--") + name(flag);
}

QList<ConfigFlag> ConfigKeys::allFlags()
{
    QList<ConfigFlag> all;
    for (const auto &entry : flagTable)
        all.append(entry.flag);
    return all;
}

} // namespace runnercore
