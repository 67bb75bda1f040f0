#include <runnercore/config/RunnerPreferences.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/logging/Logging.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>

#include <limits>

namespace runnercore {

namespace {

const HeldLogger logger("settings");

} // namespace

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(RunnerPreferences)
};

const QString sandboxKey = ConfigKeys::key(SettingsKey::Sandbox); // RunnerSettings' key, shared on purpose
const QString slotsKey = ConfigKeys::key(SettingsKey::RunnerSlots);
const QString idleTimeoutKey = ConfigKeys::key(SettingsKey::RunnerIdleTimeoutMs);
const QString profileKey = ConfigKeys::key(SettingsKey::CursorProfileVersion);
const QString digestKey = ConfigKeys::key(SettingsKey::CursorReleaseDigest);
const QString modelKey = ConfigKeys::key(SettingsKey::CursorModel);
const QString readOnlyKey = ConfigKeys::key(SettingsKey::BubblewrapReadOnlyPaths);
const QString gitCacheKey = ConfigKeys::key(SettingsKey::RunnerGitCacheMib);
const QString snapshotStoreKey = ConfigKeys::key(SettingsKey::RunnerSnapshotStoreMib);
const QString keepAwakeKey = ConfigKeys::key(SettingsKey::PowerKeepAwake);
const QString drainBatteryKey = ConfigKeys::key(SettingsKey::PowerDrainBelowBattery);
const QString drainMeteredKey = ConfigKeys::key(SettingsKey::PowerDrainOnMetered);

// The names RunnerConfigParser reads (wire §8).
const QString sandboxFlag = ConfigKeys::name(ConfigFlag::Sandbox);
const QString slotsFlag = ConfigKeys::name(ConfigFlag::Slots);
const QString gitCacheFlag = ConfigKeys::name(ConfigFlag::GitCacheMib);
const QString snapshotStoreFlag = ConfigKeys::name(ConfigFlag::SnapshotStoreMib);
const QString keepAwakeFlag = ConfigKeys::name(ConfigFlag::KeepAwake);
const QString drainBatteryFlag = ConfigKeys::name(ConfigFlag::DrainBelowBattery);
const QString drainMeteredFlag = ConfigKeys::name(ConfigFlag::DrainOnMetered);
const QString idleTimeoutVariable = ConfigKeys::name(EnvVar::IdleTimeoutMs);
const QString readOnlyFlag = ConfigKeys::name(ConfigFlag::BubblewrapReadOnly);
const QString readOnlyVariable = ConfigKeys::name(EnvVar::BubblewrapReadOnly);
const QString profileVariable = ConfigKeys::name(EnvVar::CursorProfileVersion);
const QString digestVariable = ConfigKeys::name(EnvVar::CursorReleaseDigest);
const QString modelVariable = ConfigKeys::name(EnvVar::CursorModel);
const QString apiKeyVariable = ConfigKeys::name(EnvVar::CursorApiKey);

// Digits only, as the parser wants them; anything else (or out of range) is "not set".
std::optional<int> readInt(const QSettings &s, const QString &key, qint64 min, qint64 max)
{
    if (!s.contains(key))
        return std::nullopt;
    const QString text = s.value(key).toString();
    static const QRegularExpression digits(QRegularExpression::anchoredPattern(QStringLiteral("[0-9]{1,10}")));
    if (digits.match(text).hasMatch()) {
        const qint64 value = text.toLongLong();
        if (value >= min && value <= max)
            return int(value);
    }
    // The key name only: a value is never logged (someone may have pasted a secret into the file).
    logger->warn("ignoring {} in the settings file: not a whole number from {} to {}", key, min, max);
    return std::nullopt;
}

std::optional<bool> readBool(const QSettings &s, const QString &key)
{
    if (!s.contains(key))
        return std::nullopt;
    const QString text = s.value(key).toString();
    if (text == QLatin1String("true") || text == QLatin1String("false"))
        return text == QLatin1String("true");
    logger->warn("ignoring {} in the settings file: not true or false", key);
    return std::nullopt;
}

QString readChoice(const QSettings &s, const QString &key, const QStringList &choices)
{
    const QString text = s.value(key).toString();
    if (text.isEmpty() || choices.contains(text))
        return text;
    logger->warn("ignoring {} in the settings file: not one of {}", key, choices.join(QLatin1String(", ")));
    return {};
}

} // namespace

RunnerPreferences::RunnerPreferences(const QString &file) : m_file(file) { }

void RunnerPreferences::load()
{
    const QSettings s(m_file, QSettings::IniFormat);
    readFrom(s);
}

bool RunnerPreferences::save(QString *error) const
{
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    // Only the keys set or removed here are written: QSettings re-reads the file and merges on sync,
    // so RunnerSettings' pairing (possibly just written by the Runner) survives.
    QSettings s(m_file, QSettings::IniFormat);
    writeTo(s);
    s.sync();
    const QString problem = writeError(s);
    if (!problem.isEmpty() && error)
        *error = problem;
    return problem.isEmpty();
}

void RunnerPreferences::readFrom(const QSettings &s)
{
    sandbox = s.value(sandboxKey).toString();
    slotCount = readInt(s, slotsKey, 1, MaxSlots);
    idleTimeoutMs = readInt(s, idleTimeoutKey, 1, std::numeric_limits<int>::max());
    cursor.profileVersion = s.value(profileKey).toString();
    cursor.releaseDigest = s.value(digestKey).toString();
    cursor.model = s.value(modelKey).toString();
    bubblewrapReadOnly = s.value(readOnlyKey).toString();
    gitCacheMib = readInt(s, gitCacheKey, 0, RunnerConfig::MaxGitCacheMib);
    snapshotStoreMib = readInt(s, snapshotStoreKey, 1, RunnerConfig::MaxSnapshotStoreMib);
    keepAwake = readChoice(s, keepAwakeKey, RunnerConfigParser::keepAwakeNames());
    drainBelowBattery = readInt(s, drainBatteryKey, 0, 100);
    drainOnMetered = readBool(s, drainMeteredKey);
    // Kept as read (the settings dialog shows it to be fixed), but never applied.
    if (!cursor.isEmpty() && !cursorUsable())
        logger->warn(
            "ignoring the Cursor tuple in the settings file: {}", cursorProblems(cursor, true).join(QLatin1Char(' ')));
}

void RunnerPreferences::writeTo(QSettings &s) const
{
    s.setValue(sandboxKey, sandbox);
    if (slotCount)
        s.setValue(slotsKey, *slotCount);
    else
        s.remove(slotsKey);
    if (idleTimeoutMs)
        s.setValue(idleTimeoutKey, *idleTimeoutMs);
    else
        s.remove(idleTimeoutKey);
    if (bubblewrapReadOnly.isEmpty())
        s.remove(readOnlyKey);
    else
        s.setValue(readOnlyKey, bubblewrapReadOnly);
    if (gitCacheMib)
        s.setValue(gitCacheKey, *gitCacheMib);
    else
        s.remove(gitCacheKey);
    if (snapshotStoreMib)
        s.setValue(snapshotStoreKey, *snapshotStoreMib);
    else
        s.remove(snapshotStoreKey);
    if (keepAwake.isEmpty())
        s.remove(keepAwakeKey);
    else
        s.setValue(keepAwakeKey, keepAwake);
    if (drainBelowBattery)
        s.setValue(drainBatteryKey, *drainBelowBattery);
    else
        s.remove(drainBatteryKey);
    if (drainOnMetered)
        s.setValue(drainMeteredKey, *drainOnMetered ? QStringLiteral("true") : QStringLiteral("false"));
    else
        s.remove(drainMeteredKey);
    const std::pair<QString, QString> cursorValues[]
        = { { profileKey, cursor.profileVersion }, { digestKey, cursor.releaseDigest }, { modelKey, cursor.model } };
    for (const auto &[key, value] : cursorValues) {
        if (cursor.isEmpty())
            s.remove(key);
        else
            s.setValue(key, value);
    }
}

QString RunnerPreferences::writeError(const QSettings &s) const
{
    if (s.status() == QSettings::NoError)
        return {};
    return Messages::tr("Cannot write the settings file %1.").arg(m_file);
}

void RunnerPreferences::applyTo(RunnerConfigInput &input, const std::optional<QString> &cursorApiKey) const
{
    if (!sandbox.isEmpty() && !input.flags.contains(sandboxFlag))
        input.flags.insert(sandboxFlag, sandbox);
    if (slotCount && !input.flags.contains(slotsFlag))
        input.flags.insert(slotsFlag, QString::number(*slotCount));
    if (gitCacheMib && !input.flags.contains(gitCacheFlag))
        input.flags.insert(gitCacheFlag, QString::number(*gitCacheMib));
    if (snapshotStoreMib && !input.flags.contains(snapshotStoreFlag))
        input.flags.insert(snapshotStoreFlag, QString::number(*snapshotStoreMib));
    if (!keepAwake.isEmpty() && !input.flags.contains(keepAwakeFlag))
        input.flags.insert(keepAwakeFlag, keepAwake);
    if (drainBelowBattery && !input.flags.contains(drainBatteryFlag))
        input.flags.insert(drainBatteryFlag, QString::number(*drainBelowBattery));
    if (drainOnMetered && !input.flags.contains(drainMeteredFlag))
        input.flags.insert(drainMeteredFlag, *drainOnMetered ? QStringLiteral("true") : QStringLiteral("false"));
    if (idleTimeoutMs && !input.env.contains(idleTimeoutVariable))
        input.env.insert(idleTimeoutVariable, QString::number(*idleTimeoutMs));
    if (!bubblewrapReadOnly.isEmpty() && !input.flags.contains(readOnlyFlag) && !input.env.contains(readOnlyVariable))
        input.flags.insert(readOnlyFlag, bubblewrapReadOnly);

    // All or none: one Cursor variable in the environment means the environment owns the lane.
    if (environmentOwnsCursor(input.env))
        return;
    if (cursorApiKey && cursorLane(*cursorApiKey)) {
        input.env.insert(profileVariable, cursor.profileVersion);
        input.env.insert(digestVariable, cursor.releaseDigest);
        input.env.insert(modelVariable, cursor.model);
        input.env.insert(apiKeyVariable, *cursorApiKey);
    }
}

std::optional<CursorLane> RunnerPreferences::cursorLane(const QString &apiKey) const
{
    if (!cursorUsable() || apiKey.isEmpty())
        return std::nullopt;
    return CursorLane { cursor.profileVersion, cursor.releaseDigest, cursor.model, apiKey };
}

bool RunnerPreferences::cursorUsable() const
{
    return cursor.isComplete() && cursorProblems(cursor, true).isEmpty();
}

bool RunnerPreferences::wantsCursorKey(const QProcessEnvironment &env) const
{
    return cursorUsable() && !environmentOwnsCursor(env);
}

bool RunnerPreferences::environmentOwnsCursor(const QProcessEnvironment &env)
{
    for (const EnvVar var : ConfigKeys::cursorEnvVars()) {
        if (env.contains(ConfigKeys::name(var)))
            return true;
    }
    return false;
}

QStringList RunnerPreferences::cursorProblems(const CursorTuple &tuple, bool hasKey)
{
    if (tuple.isEmpty() && !hasKey)
        return {};
    QStringList missing;
    if (tuple.profileVersion.isEmpty())
        missing << Messages::tr("profile version");
    if (tuple.releaseDigest.isEmpty())
        missing << Messages::tr("release digest");
    if (tuple.model.isEmpty())
        missing << Messages::tr("model");
    if (!hasKey)
        missing << Messages::tr("API key");
    QStringList problems;
    if (!missing.isEmpty())
        problems << Messages::tr("The Cursor lane needs all four fields or none; missing: %1.")
                        .arg(missing.join(Messages::tr(", ")));

    // The shapes RunnerConfigParser checks (wire §8), so a saved tuple never stops the runner at start.
    static const QRegularExpression profileShape(
        QRegularExpression::anchoredPattern(QStringLiteral("hprof_[0-9a-f]{32}@[1-9][0-9]*")));
    static const QRegularExpression digestShape(
        QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
    if (!tuple.profileVersion.isEmpty() && !profileShape.match(tuple.profileVersion).hasMatch())
        problems << Messages::tr("The profile version must look like hprof_<32 lower-case hex digits>@<version>, e.g. "
                                 "hprof_0123456789abcdef0123456789abcdef@1.");
    if (!tuple.releaseDigest.isEmpty() && !digestShape.match(tuple.releaseDigest).hasMatch())
        problems << Messages::tr("The release digest must look like sha256:<64 lower-case hex digits>.");
    return problems;
}

QStringList RunnerPreferences::sandboxNames()
{
    return { QString(), QStringLiteral("host-process"), QStringLiteral("bubblewrap"), QStringLiteral("docker"),
        QStringLiteral("none") };
}

} // namespace runnercore
