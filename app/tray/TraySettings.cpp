#include "TraySettings.h"

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>

#include <QDir>
#include <QFileInfo>
#include <QSettings>

using namespace runnercore;

namespace {

const HeldLogger logger("settings");

} // namespace

namespace {

const QString logLevelKey = ConfigKeys::key(SettingsKey::TrayLogLevel);

QString notifyKey(NotificationKind kind)
{
    switch (kind) {
    case NotificationKind::Approval:
        return ConfigKeys::key(SettingsKey::TrayNotifyApproval);
    case NotificationKind::Revoked:
        return ConfigKeys::key(SettingsKey::TrayNotifyRevoked);
    case NotificationKind::Clone:
        return ConfigKeys::key(SettingsKey::TrayNotifyClone);
    case NotificationKind::DrainFinished:
        return ConfigKeys::key(SettingsKey::TrayNotifyDrainFinished);
    case NotificationKind::Reconnected:
        return ConfigKeys::key(SettingsKey::TrayNotifyReconnected);
    case NotificationKind::RunsLostToSleep:
        return ConfigKeys::key(SettingsKey::TrayNotifyRunsLostToSleep);
    }
    return {};
}

constexpr NotificationKind allKinds[]
    = { NotificationKind::Approval, NotificationKind::Revoked, NotificationKind::Clone, NotificationKind::DrainFinished,
          NotificationKind::Reconnected, NotificationKind::RunsLostToSleep };

} // namespace

TraySettings::TraySettings(const QString &file) : RunnerPreferences(file) { }

void TraySettings::load()
{
    const QSettings s(fileName(), QSettings::IniFormat);
    readFrom(s);
    for (NotificationKind kind : allKinds)
        setNotifies(kind, s.value(notifyKey(kind), true).toBool());
    const QString level = s.value(logLevelKey).toString();
    logLevel = logLevelFromName(level).value_or(spdlog::level::info);
    if (!level.isEmpty() && !logLevelFromName(level))
        logger->warn("ignoring {} in the settings file: use trace, debug, info, warn or error", logLevelKey);
}

bool TraySettings::save(QString *error) const
{
    QDir().mkpath(QFileInfo(fileName()).absolutePath());
    // Only the keys set or removed here are written: QSettings re-reads the file and merges on sync,
    // so RunnerSettings' pairing (possibly just written by the Runner thread) survives.
    QSettings s(fileName(), QSettings::IniFormat);
    writeTo(s);
    for (NotificationKind kind : allKinds)
        s.setValue(notifyKey(kind), notifies(kind));
    s.setValue(logLevelKey, logLevelName(logLevel));
    s.sync();
    const QString problem = writeError(s);
    if (!problem.isEmpty() && error)
        *error = problem;
    return problem.isEmpty();
}

bool TraySettings::notifies(NotificationKind kind) const
{
    return m_notify[int(kind)];
}

void TraySettings::setNotifies(NotificationKind kind, bool on)
{
    m_notify[int(kind)] = on;
}

QString TraySettings::logLevelName(spdlog::level::level_enum level)
{
    switch (level) {
    case spdlog::level::trace:
        return QStringLiteral("trace");
    case spdlog::level::debug:
        return QStringLiteral("debug");
    case spdlog::level::warn:
        return QStringLiteral("warn");
    case spdlog::level::err:
    case spdlog::level::critical:
        return QStringLiteral("error");
    default:
        return QStringLiteral("info");
    }
}

std::optional<spdlog::level::level_enum> TraySettings::logLevelFromName(const QString &name)
{
    for (auto level :
        { spdlog::level::trace, spdlog::level::debug, spdlog::level::info, spdlog::level::warn, spdlog::level::err }) {
        if (name == logLevelName(level))
            return level;
    }
    return std::nullopt;
}
