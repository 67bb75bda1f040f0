#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QList>
#include <QProcessEnvironment>
#include <QString>

#include <functional>
#include <optional>
#include <variant>

namespace runnercore {

class CredentialStore;
class RunnerSettings;

// What the credential store answered when asked for the Cursor API key of the stored Cursor tuple.
struct CursorKeyLookup
{
    enum class Outcome {
        NotAsked, // the stored tuple needs no key (none, unusable, or the environment owns the lane)
        Found,
        NotFound,
        Failed,
    };
    Outcome outcome = Outcome::NotAsked;
    QString key; // Found: the key. A secret: only ever handed to the parser
    QString detail; // NotFound: the store's name; Failed: the store's message

    static CursorKeyLookup found(const QString &key) { return { Outcome::Found, key, {} }; }
    static CursorKeyLookup notFound(const QString &storeName) { return { Outcome::NotFound, {}, storeName }; }
    std::optional<QString> foundKey() const
    {
        return outcome == Outcome::Found ? std::optional<QString>(key) : std::nullopt;
    }
};

// The configuration a Runner runs with, or why there is none.
struct ResolvedConfig
{
    std::variant<RunnerConfig, QList<ConfigError>> result;
    // The command line and the environment alone were fine: a value from the settings file is at fault.
    bool storedValueAtFault = false;
    // Why the Cursor tuple in the settings file gave no lane (doctor's "cursor lane" check says it); else empty.
    QString cursorNote;

    bool ok() const { return std::holds_alternative<RunnerConfig>(result); }
    const RunnerConfig &config() const { return std::get<RunnerConfig>(result); }
    const QList<ConfigError> &errors() const { return std::get<QList<ConfigError>>(result); }
};

// The one place the configuration's sources meet, for the CLI and the tray alike (wire §8):
//   flag > environment variable > stored preference (RunnerPreferences) > default,
// the Cursor lane all from the environment or all from the settings file, its key from the credential store.
// The front ends only collect their flags and environment into a RunnerConfigInput and present the outcome.
class ConfigResolver
{
public:
    // settingsFile: the file RunnerSettings and RunnerPreferences share (AppPaths::settingsFile()).
    explicit ConfigResolver(const QString &settingsFile);

    // The command line and the environment alone: what a front end checks before it touches anything.
    static std::variant<RunnerConfig, QList<ConfigError>> resolveCommandLine(const RunnerConfigInput &input);

    // The effective configuration: `input` over the stored preferences (read from the file at each call: the
    // tray's Settings may have changed them), with the Cursor API key as the credential store answered. With a
    // pairing code in `input`, the stored Cursor lane is left out (the environment's still applies).
    ResolvedConfig resolve(const RunnerConfigInput &input, const CursorKeyLookup &cursorKey = {}) const;

    // Asks `store` for the Cursor API key of the stored pairing (CursorKeyStore::account) when the stored tuple
    // would use it (it is usable and the environment names none of the Cursor variables); otherwise answers
    // NotAsked at once, and so when `input` carries a pairing code: a new pairing never gets the stored lane,
    // whose key belongs to the pairing it replaces. Logs why a lookup gave no key.
    void lookUpCursorKey(const RunnerConfigInput &input, CredentialStore &store,
        std::function<void(const CursorKeyLookup &)> done) const;

    // lookUpCursorKey, then resolve: what `checkfu-runner start` and `doctor` run with.
    void resolve(
        const RunnerConfigInput &input, CredentialStore &store, std::function<void(const ResolvedConfig &)> done) const;

    // The credential store --credential-store names, else the one saved with the pairing ("" for the default).
    static QString credentialStoreName(const RunnerConfigInput &input, const RunnerSettings &settings);

    QString settingsFile() const { return m_settingsFile; }
    // Where the stored pairing's Cursor API key lives (CursorKeyStore::account); empty when not paired.
    QString pairingAccount() const;

private:
    QString m_settingsFile;
};

} // namespace runnercore
