#include <runnercore/config/ConfigResolver.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>

#include <QCoreApplication>

namespace runnercore {

namespace {

const HeldLogger logger("config");

} // namespace

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(ConfigResolver)
};

// Why the stored tuple gives no lane, given what the store answered; empty when it gives one, or when the
// environment owns the lane (then nothing is wrong).
QString cursorNote(const RunnerPreferences &preferences, const QProcessEnvironment &env, const CursorKeyLookup &key)
{
    if (preferences.wantsCursorKey(env)) {
        switch (key.outcome) {
        case CursorKeyLookup::Outcome::NotFound:
            return Messages::tr(
                "the settings file holds a Cursor tuple, but the credential store (%1) has no Cursor API key; "
                "the Cursor lane is off")
                .arg(key.detail);
        case CursorKeyLookup::Outcome::Failed:
            return Messages::tr("the Cursor API key could not be read, so the Cursor lane is off: %1").arg(key.detail);
        case CursorKeyLookup::Outcome::Found:
        case CursorKeyLookup::Outcome::NotAsked:
            return {};
        }
    }
    if (!preferences.cursor.isEmpty() && !RunnerPreferences::environmentOwnsCursor(env))
        return Messages::tr("the Cursor tuple in the settings file cannot be used, so the Cursor lane is off: %1")
            .arg(RunnerPreferences::cursorProblems(preferences.cursor, true).join(QLatin1Char(' ')));
    return {};
}

// A pairing code on the command line makes a new pairing: the lane stored with the current one is not its lane
// (its key belongs to the pairing being replaced), so it is neither read nor applied.
bool pairsAnew(const RunnerConfigInput &input)
{
    return input.flags.contains(ConfigKeys::name(ConfigFlag::Code));
}

ResolvedConfig resolveWith(const RunnerPreferences &preferences, RunnerConfigInput input, CursorKeyLookup key)
{
    if (pairsAnew(input))
        key = {};
    ResolvedConfig resolved;
    // The command line and the environment first: their errors are theirs, not the settings file's.
    resolved.result = RunnerConfigParser::parse(input);
    if (!resolved.ok())
        return resolved;
    resolved.cursorNote = cursorNote(preferences, input.env, key);
    preferences.applyTo(input, key.foundKey());
    resolved.result = RunnerConfigParser::parse(input);
    resolved.storedValueAtFault = !resolved.ok();
    return resolved;
}

void lookUp(const RunnerPreferences &preferences, const RunnerConfigInput &input, const QString &account,
    CredentialStore &store, std::function<void(const CursorKeyLookup &)> done)
{
    const QProcessEnvironment &env = input.env;
    if (pairsAnew(input)) {
        if (preferences.cursorUsable() && !RunnerPreferences::environmentOwnsCursor(env))
            logger->info("a new pairing starts without the Cursor lane stored for the current one");
        done({});
        return;
    }
    if (!preferences.wantsCursorKey(env)) {
        if (!preferences.cursor.isEmpty() && RunnerPreferences::environmentOwnsCursor(env))
            logger->info(
                "the Cursor variables in the environment take the place of the Cursor tuple in the settings file");
        done({});
        return;
    }
    // The key never leaves memory: into the parser's input, not the environment or a log.
    CursorKeyStore::read(store, account, [&store, done, preferences, env](const CredentialResult &result) {
        CursorKeyLookup key;
        if (result.ok()) {
            key = CursorKeyLookup::found(result.secret);
        } else if (result.status == CredentialResult::Status::NotFound) {
            key = CursorKeyLookup::notFound(store.backendName());
            logger->info("{}", cursorNote(preferences, env, key));
        } else {
            key = { CursorKeyLookup::Outcome::Failed, {}, result.message };
            logger->warn("{}", cursorNote(preferences, env, key));
        }
        done(key);
    });
}

} // namespace

ConfigResolver::ConfigResolver(const QString &settingsFile) : m_settingsFile(settingsFile) { }

std::variant<RunnerConfig, QList<ConfigError>> ConfigResolver::resolveCommandLine(const RunnerConfigInput &input)
{
    return RunnerConfigParser::parse(input);
}

ResolvedConfig ConfigResolver::resolve(const RunnerConfigInput &input, const CursorKeyLookup &cursorKey) const
{
    RunnerPreferences preferences(m_settingsFile);
    preferences.load(); // logs what it cannot use
    return resolveWith(preferences, input, cursorKey);
}

void ConfigResolver::lookUpCursorKey(
    const RunnerConfigInput &input, CredentialStore &store, std::function<void(const CursorKeyLookup &)> done) const
{
    RunnerPreferences preferences(m_settingsFile);
    preferences.load();
    lookUp(preferences, input, pairingAccount(), store, std::move(done));
}

QString ConfigResolver::pairingAccount() const
{
    RunnerSettings pairing(m_settingsFile);
    pairing.load();
    return CursorKeyStore::account(pairing);
}

void ConfigResolver::resolve(
    const RunnerConfigInput &input, CredentialStore &store, std::function<void(const ResolvedConfig &)> done) const
{
    // One read of the settings file for both steps, so what it cannot use is logged once.
    RunnerPreferences preferences(m_settingsFile);
    preferences.load();
    lookUp(preferences, input, pairingAccount(), store,
        [preferences, input, done](const CursorKeyLookup &key) { done(resolveWith(preferences, input, key)); });
}

QString ConfigResolver::credentialStoreName(const RunnerConfigInput &input, const RunnerSettings &settings)
{
    return input.flags.value(ConfigKeys::name(ConfigFlag::CredentialStore), settings.credentialStore);
}

} // namespace runnercore
