#pragma once

#include "CredentialStore.h"
#include "RunnerConfig.h"

#include <QString>
#include <QStringList>

#include <spdlog/common.h>

#include <optional>

// The events the tray may notify about; each can be turned off on its own.
enum class NotificationKind { Approval, Revoked, Clone, DrainFinished, Reconnected };

// The Cursor lane without its key (wire §8): what may live in the settings file.
struct CursorTuple
{
    QString profileVersion;
    QString releaseDigest;
    QString model;

    bool isEmpty() const { return profileVersion.isEmpty() && releaseDigest.isEmpty() && model.isEmpty(); }
    bool operator==(const CursorTuple &) const = default;
};

// The tray's preferences, in the same ini file as RunnerSettings (AppPaths::settingsFile()), so
// the CLI and the tray share one store. It reads and writes only its own keys (plus RunnerSettings'
// "sandbox"), and QSettings merges on write, so the pairing is never clobbered. Never a secret: the
// Cursor API key lives only in the credential store (CursorKeyStore).
class TraySettings
{
public:
    static constexpr int MaxSlots = 64; // as --slots

    explicit TraySettings(const QString &file);

    // Unreadable or out-of-range values load as "not set" (and are logged), never as a guess.
    void load();
    bool save(QString *error = nullptr) const;
    QString fileName() const { return m_file; }

    bool notifies(NotificationKind kind) const;
    void setNotifies(NotificationKind kind, bool on);

    // Where the command line and the environment are silent, the stored values: --sandbox,
    // --slots, CHECKFU_RUNNER_IDLE_TIMEOUT_MS and, when the tuple is complete and a key is given,
    // the four Cursor variables (only if none of them is in the environment: all or none). The
    // parser then validates them as if they had been typed.
    void applyTo(RunnerConfigInput &input, const std::optional<QString> &cursorApiKey = std::nullopt) const;
    // The lane, when the stored tuple is complete and the key is not empty.
    std::optional<CursorLane> cursorLane(const QString &apiKey) const;

    // Problems with a tuple, in the dialog's words (field labels, never a value); empty when the
    // tuple is complete and well formed or entirely empty. hasKey: a key is given or stored.
    static QStringList cursorProblems(const CursorTuple &tuple, bool hasKey);
    // "trace", "debug", "info", "warn", "error".
    static QString logLevelName(spdlog::level::level_enum level);
    static std::optional<spdlog::level::level_enum> logLevelFromName(const QString &name);
    // The --sandbox values (wire §8), "" meaning not given (automatic).
    static QStringList sandboxNames();

    QString sandbox; // RunnerSettings::sandbox
    std::optional<int> slotCount; // runner/slots, 1..64
    std::optional<int> idleTimeoutMs; // runner/idle_timeout_ms, 1..INT_MAX as the parser accepts
    CursorTuple cursor; // cursor/*
    spdlog::level::level_enum logLevel = spdlog::level::info; // tray/log_level

private:
    QString m_file;
    bool m_notify[5] = { true, true, true, true, true };
};

// The Cursor API key in the credential store, under one fixed account. Every call is asynchronous
// (the store's callbacks arrive queued on the store's thread); call them on that thread.
class CursorKeyStore
{
public:
    static QString account();
    // Reading or writing registers the key with the log masker first.
    static void read(CredentialStore &store, CredentialStore::Callback done);
    static void write(CredentialStore &store, const QString &key, CredentialStore::Callback done);
    static void remove(CredentialStore &store, CredentialStore::Callback done);
    // SettingsDialog::cursorKeyChanged's payload: a key writes it, nullopt removes it.
    static void apply(CredentialStore &store, const std::optional<QString> &key, CredentialStore::Callback done);
};
