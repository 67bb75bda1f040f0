#pragma once

#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerPreferences.h>

#include <QString>

#include <spdlog/common.h>

#include <optional>

// The events the tray may notify about; each can be turned off on its own.
enum class NotificationKind { Approval, Revoked, Clone, DrainFinished, Reconnected, RunsLostToSleep };

// The tray's preferences: the Runner's (RunnerPreferences: tier, slots, idle timeout, Cursor tuple,
// which `checkfu-runner start` applies too) plus the tray's own notification switches and log level
// (tray/*), all in the ini file RunnerSettings uses (AppPaths::settingsFile()). Never a secret.
class TraySettings : public runnercore::RunnerPreferences
{
public:
    explicit TraySettings(const QString &file);

    // Unreadable or out-of-range values load as "not set" (and are logged), never as a guess.
    void load();
    bool save(QString *error = nullptr) const;

    bool notifies(NotificationKind kind) const;
    void setNotifies(NotificationKind kind, bool on);

    // "trace", "debug", "info", "warn", "error".
    static QString logLevelName(spdlog::level::level_enum level);
    static std::optional<spdlog::level::level_enum> logLevelFromName(const QString &name);

    spdlog::level::level_enum logLevel = spdlog::level::info; // tray/log_level

private:
    bool m_notify[5] = { true, true, true, true, true };
};
