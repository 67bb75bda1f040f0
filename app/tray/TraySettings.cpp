#include "TraySettings.h"

#include "Logging.h"
#include "SecretMasker.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMetaObject>
#include <QRegularExpression>
#include <QSettings>

#include <limits>

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("TraySettings", text);
}

const QString sandboxKey = QStringLiteral("sandbox"); // RunnerSettings' key, shared on purpose
const QString slotsKey = QStringLiteral("runner/slots");
const QString idleTimeoutKey = QStringLiteral("runner/idle_timeout_ms");
const QString profileKey = QStringLiteral("cursor/profile_version");
const QString digestKey = QStringLiteral("cursor/release_digest");
const QString modelKey = QStringLiteral("cursor/model");
const QString logLevelKey = QStringLiteral("tray/log_level");

// The environment names RunnerConfigParser reads (wire §8).
const QString idleTimeoutVariable = QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS");
const QString profileVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION");
const QString digestVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST");
const QString modelVariable = QStringLiteral("CHECKFU_CURSOR_MODEL");
const QString apiKeyVariable = QStringLiteral("CURSOR_API_KEY");

QString notifyKey(NotificationKind kind)
{
    switch (kind) {
    case NotificationKind::Approval:
        return QStringLiteral("tray/notify_approval");
    case NotificationKind::Revoked:
        return QStringLiteral("tray/notify_revoked");
    case NotificationKind::Clone:
        return QStringLiteral("tray/notify_clone");
    case NotificationKind::DrainFinished:
        return QStringLiteral("tray/notify_drain_finished");
    case NotificationKind::Reconnected:
        return QStringLiteral("tray/notify_reconnected");
    }
    return {};
}

constexpr NotificationKind allKinds[] = { NotificationKind::Approval, NotificationKind::Revoked,
    NotificationKind::Clone, NotificationKind::DrainFinished, NotificationKind::Reconnected };

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
    Logging::get("settings")->warn("ignoring {} in the settings file: not a whole number from {} to {}", key, min, max);
    return std::nullopt;
}

} // namespace

TraySettings::TraySettings(const QString &file) : m_file(file) { }

void TraySettings::load()
{
    QSettings s(m_file, QSettings::IniFormat);
    sandbox = s.value(sandboxKey).toString();
    slotCount = readInt(s, slotsKey, 1, MaxSlots);
    idleTimeoutMs = readInt(s, idleTimeoutKey, 1, std::numeric_limits<int>::max());
    cursor.profileVersion = s.value(profileKey).toString();
    cursor.releaseDigest = s.value(digestKey).toString();
    cursor.model = s.value(modelKey).toString();
    for (NotificationKind kind : allKinds)
        setNotifies(kind, s.value(notifyKey(kind), true).toBool());
    const QString level = s.value(logLevelKey).toString();
    logLevel = logLevelFromName(level).value_or(spdlog::level::info);
    if (!level.isEmpty() && !logLevelFromName(level))
        Logging::get("settings")
            ->warn("ignoring {} in the settings file: use trace, debug, info, warn or error", logLevelKey);
}

bool TraySettings::save(QString *error) const
{
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    // Only the keys set or removed here are written: QSettings re-reads the file and merges on sync,
    // so RunnerSettings' pairing (possibly just written by the Runner thread) survives.
    QSettings s(m_file, QSettings::IniFormat);
    s.setValue(sandboxKey, sandbox);
    if (slotCount)
        s.setValue(slotsKey, *slotCount);
    else
        s.remove(slotsKey);
    if (idleTimeoutMs)
        s.setValue(idleTimeoutKey, *idleTimeoutMs);
    else
        s.remove(idleTimeoutKey);
    const std::pair<QString, QString> cursorValues[]
        = { { profileKey, cursor.profileVersion }, { digestKey, cursor.releaseDigest }, { modelKey, cursor.model } };
    for (const auto &[key, value] : cursorValues) {
        if (cursor.isEmpty())
            s.remove(key);
        else
            s.setValue(key, value);
    }
    for (NotificationKind kind : allKinds)
        s.setValue(notifyKey(kind), notifies(kind));
    s.setValue(logLevelKey, logLevelName(logLevel));
    s.sync();
    if (s.status() != QSettings::NoError) {
        if (error)
            *error = tr("Cannot write the settings file %1.").arg(m_file);
        return false;
    }
    return true;
}

bool TraySettings::notifies(NotificationKind kind) const
{
    return m_notify[int(kind)];
}

void TraySettings::setNotifies(NotificationKind kind, bool on)
{
    m_notify[int(kind)] = on;
}

void TraySettings::applyTo(RunnerConfigInput &input, const std::optional<QString> &cursorApiKey) const
{
    if (!sandbox.isEmpty() && !input.flags.contains(QStringLiteral("sandbox")))
        input.flags.insert(QStringLiteral("sandbox"), sandbox);
    if (slotCount && !input.flags.contains(QStringLiteral("slots")))
        input.flags.insert(QStringLiteral("slots"), QString::number(*slotCount));
    if (idleTimeoutMs && !input.env.contains(idleTimeoutVariable))
        input.env.insert(idleTimeoutVariable, QString::number(*idleTimeoutMs));

    // All or none: one Cursor variable in the environment means the environment owns the lane.
    const QStringList cursorVariables { profileVariable, digestVariable, modelVariable, apiKeyVariable };
    for (const QString &name : cursorVariables) {
        if (input.env.contains(name))
            return;
    }
    if (cursorApiKey && cursorLane(*cursorApiKey)) {
        input.env.insert(profileVariable, cursor.profileVersion);
        input.env.insert(digestVariable, cursor.releaseDigest);
        input.env.insert(modelVariable, cursor.model);
        input.env.insert(apiKeyVariable, *cursorApiKey);
    }
}

std::optional<CursorLane> TraySettings::cursorLane(const QString &apiKey) const
{
    if (cursor.profileVersion.isEmpty() || cursor.releaseDigest.isEmpty() || cursor.model.isEmpty() || apiKey.isEmpty())
        return std::nullopt;
    return CursorLane { cursor.profileVersion, cursor.releaseDigest, cursor.model, apiKey };
}

QStringList TraySettings::cursorProblems(const CursorTuple &tuple, bool hasKey)
{
    if (tuple.isEmpty() && !hasKey)
        return {};
    QStringList missing;
    if (tuple.profileVersion.isEmpty())
        missing << tr("profile version");
    if (tuple.releaseDigest.isEmpty())
        missing << tr("release digest");
    if (tuple.model.isEmpty())
        missing << tr("model");
    if (!hasKey)
        missing << tr("API key");
    QStringList problems;
    if (!missing.isEmpty())
        problems << tr("The Cursor lane needs all four fields or none; missing: %1.").arg(missing.join(tr(", ")));

    // The shapes RunnerConfigParser checks (wire §8), so a saved tuple never stops the runner at start.
    static const QRegularExpression profileShape(
        QRegularExpression::anchoredPattern(QStringLiteral("hprof_[0-9a-f]{32}@[1-9][0-9]*")));
    static const QRegularExpression digestShape(
        QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
    if (!tuple.profileVersion.isEmpty() && !profileShape.match(tuple.profileVersion).hasMatch())
        problems << tr("The profile version must look like hprof_<32 lower-case hex digits>@<version>, e.g. "
                       "hprof_0123456789abcdef0123456789abcdef@1.");
    if (!tuple.releaseDigest.isEmpty() && !digestShape.match(tuple.releaseDigest).hasMatch())
        problems << tr("The release digest must look like sha256:<64 lower-case hex digits>.");
    return problems;
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

QStringList TraySettings::sandboxNames()
{
    return { QString(), QStringLiteral("host-process"), QStringLiteral("bubblewrap"), QStringLiteral("docker"),
        QStringLiteral("none") };
}

QString CursorKeyStore::account()
{
    // Not of the endpoint|runner-id form, so it never collides with a bootstrap credential.
    return QStringLiteral("cursor-api-key");
}

void CursorKeyStore::read(CredentialStore &store, CredentialStore::Callback done)
{
    store.read(account(), [done = std::move(done)](const CredentialResult &result) {
        if (result.ok())
            Logging::masker().addSecret(result.secret);
        if (done)
            done(result);
    });
}

void CursorKeyStore::write(CredentialStore &store, const QString &key, CredentialStore::Callback done)
{
    if (key.isEmpty()) {
        // Queued like every store answer, so callers see one behaviour.
        QMetaObject::invokeMethod(
            &store,
            [done] {
                if (done)
                    done(
                        CredentialResult { CredentialResult::Status::Refused, {}, tr("The Cursor API key is empty.") });
            },
            Qt::QueuedConnection);
        return;
    }
    Logging::masker().addSecret(key);
    store.write(account(), key, std::move(done));
}

void CursorKeyStore::remove(CredentialStore &store, CredentialStore::Callback done)
{
    store.remove(account(), std::move(done));
}

void CursorKeyStore::apply(CredentialStore &store, const std::optional<QString> &key, CredentialStore::Callback done)
{
    if (key)
        write(store, *key, std::move(done));
    else
        remove(store, std::move(done));
}
