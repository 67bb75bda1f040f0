#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <optional>

class QSettings;

namespace runnercore {

// The Cursor lane without its key (wire §8): what may live in the settings file.
struct CursorTuple
{
    QString profileVersion;
    QString releaseDigest;
    QString model;

    bool isEmpty() const { return profileVersion.isEmpty() && releaseDigest.isEmpty() && model.isEmpty(); }
    bool isComplete() const { return !profileVersion.isEmpty() && !releaseDigest.isEmpty() && !model.isEmpty(); }
    bool operator==(const CursorTuple &) const = default;
};

// How this machine's Runner should run, as the person stored it (the tray's Settings dialog writes
// it): sandbox tier, slots, idle timeout and the Cursor tuple. Both front ends apply it under their
// command line and environment, so `checkfu-runner start` and the tray start the same Runner.
//
// It lives in the ini file RunnerSettings uses (AppPaths::settingsFile()) and reads and writes only
// its own keys (plus RunnerSettings' "sandbox", shared on purpose); QSettings merges on write, so the
// pairing is never clobbered. Never a secret: the Cursor API key lives only in the credential store
// (CursorKeyStore).
class RunnerPreferences
{
public:
    static constexpr int MaxSlots = 64; // as --slots

    explicit RunnerPreferences(const QString &file);

    // Unreadable or out-of-range values load as "not set" (and are logged with the key and the
    // reason, never the value), never as a guess.
    void load();
    bool save(QString *error = nullptr) const;
    QString fileName() const { return m_file; }

    // Fills what the command line and the environment leave open, so the precedence is
    // flag > environment variable > stored value > default:
    // - "sandbox", "slots", "git-cache-mib", "snapshot-store-mib", "keep-awake",
    //   "drain-below-battery" and "drain-on-metered" flags from the stored values (none has a variable);
    // - CHECKFU_RUNNER_IDLE_TIMEOUT_MS from the stored idle timeout;
    // - the "bubblewrap-read-only" flag from the stored paths, when neither the flag nor
    //   CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY is given;
    // - the four Cursor variables from the stored tuple and cursorApiKey, only when the tuple is
    //   usable, the key is not empty and the environment names none of the four (all or none).
    // The parser then validates them as if they had been typed.
    void applyTo(RunnerConfigInput &input, const std::optional<QString> &cursorApiKey = std::nullopt) const;
    // The lane, when the stored tuple is usable and the key is not empty.
    std::optional<CursorLane> cursorLane(const QString &apiKey) const;
    // The stored tuple is complete and of the shapes the parser accepts. An unusable one (edited by
    // hand) is logged by load() and left out, like any other unreadable value.
    bool cursorUsable() const;
    // Whether applyTo would use a Cursor API key given this environment: the stored tuple is
    // usable and the environment owns none of the lane. Only then is the key worth reading.
    bool wantsCursorKey(const QProcessEnvironment &env) const;
    // Whether the environment names any of the four Cursor variables: then it owns the lane.
    static bool environmentOwnsCursor(const QProcessEnvironment &env);

    // Problems with a tuple, in the settings dialog's words (field labels, never a value); empty
    // when the tuple is complete and well formed or entirely empty. hasKey: a key is given or stored.
    static QStringList cursorProblems(const CursorTuple &tuple, bool hasKey);
    // The --sandbox values (wire §8), "" meaning not given (automatic).
    static QStringList sandboxNames();

    QString sandbox; // "sandbox" (RunnerSettings::sandbox); "" is automatic
    std::optional<int> slotCount; // runner/slots, 1..64
    std::optional<int> idleTimeoutMs; // runner/idle_timeout_ms, 1..INT_MAX as the parser accepts
    CursorTuple cursor; // cursor/*
    QString bubblewrapReadOnly; // bubblewrap/read_only_paths: ':'-separated, "" for none
    std::optional<int> gitCacheMib; // runner/git_cache_mib, 0..RunnerConfig::MaxGitCacheMib
    std::optional<int> snapshotStoreMib; // runner/snapshot_store_mib, 1..RunnerConfig::MaxSnapshotStoreMib
    QString keepAwake; // power/keep_awake: always, ac or never; "" is the default (ac)
    std::optional<int> drainBelowBattery; // power/drain_below_battery, 0..100
    std::optional<bool> drainOnMetered; // power/drain_on_metered

protected:
    // For a front end that keeps more keys in the same file: read or write these preferences
    // through its own QSettings.
    void readFrom(const QSettings &settings);
    void writeTo(QSettings &settings) const;
    // "Cannot write the settings file …" when the write failed, else empty.
    QString writeError(const QSettings &settings) const;

private:
    QString m_file;
};

} // namespace runnercore
