// The one configuration resolver both front ends call (ConfigResolver), and the one table of names it reads
// them by (ConfigKeys). The precedence table is tested here once: for each setting a flag beats its
// environment variable, which beats the stored preference, which beats the default; the Cursor lane comes
// all from the environment or all from the settings file, its key from the credential store; every error
// names the field to fix. The names are spelled literally here: they are the external contract (wire §8).
#include "CredentialWait.h"
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/ConfigResolver.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

namespace {
const QString validProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString validDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('b'));
const QString otherProfile = QStringLiteral("hprof_ffffffffffffffffffffffffffffffff@9");
const QString apiKey = QStringLiteral("crsr_key_canary_5a0c93e1");

const QString profileVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION");
const QString digestVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST");
const QString modelVariable = QStringLiteral("CHECKFU_CURSOR_MODEL");
const QString apiKeyVariable = QStringLiteral("CURSOR_API_KEY");

// "-" in a precedence row: this setting has no such source.
const QString none = QStringLiteral("-");

using Values = QList<std::pair<QString, QString>>;
} // namespace

class TstConfigResolver : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Logging::init({ m_dir.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
        for (const QString &name : { QStringLiteral("flag"), QStringLiteral("env"), QStringLiteral("stored") })
            QVERIFY(QDir().mkpath(path(name)));
    }

    void init() { QFile::remove(file()); }

    // Flag > environment variable > stored preference > default, each setting row by row. Only the layers a
    // setting has are given (the endpoint's stored value is the pairing's, applied by the Runner, not here).
    void precedence_data()
    {
        QTest::addColumn<QString>("setting");
        QTest::addColumn<QString>("flag"); // "" not given, "-" no such flag
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("stored");
        QTest::addColumn<QString>("expected");

        struct Setting
        {
            const char *name;
            QString flag, variable, stored, defaultValue;
        };
        const Setting settings[] = {
            { "slots", QStringLiteral("5"), none, QStringLiteral("3"), QStringLiteral("1") },
            { "sandbox", QStringLiteral("docker"), none, QStringLiteral("none"), QStringLiteral("not given") },
            { "idle timeout", none, QStringLiteral("5000"), QStringLiteral("4000"), QStringLiteral("default") },
            { "bubblewrap read-only", path(QStringLiteral("flag")), path(QStringLiteral("env")),
                path(QStringLiteral("stored")), QString() },
            { "endpoint", QStringLiteral("https://flag.example"), QStringLiteral("https://env.example"), none,
                QString() },
            { "label", QStringLiteral("from-flag"), none, none, QStringLiteral("test-box") },
            { "credential store", QStringLiteral("file"), none, none, QStringLiteral("default") },
            { "pairing code", QStringLiteral("CFU-AAAA-BBBB-CCCC"), QStringLiteral("CFU-DDDD-EEEE-FFFF"), none,
                QStringLiteral("none") },
            { "keep awake", QStringLiteral("never"), none, QStringLiteral("always"), QStringLiteral("ac") },
            { "drain below battery", QStringLiteral("30"), none, QStringLiteral("15"), QStringLiteral("0") },
            { "drain on metered", QStringLiteral("false"), none, QStringLiteral("true"), QStringLiteral("false") },
        };
        const auto given = [](const QString &value) { return value == none ? none : QString(); };
        for (const Setting &s : settings) {
            QTest::addRow("%s: all given", s.name) << s.name << s.flag << s.variable << s.stored
                                                   << (s.flag != none              ? s.flag
                                                              : s.variable != none ? s.variable
                                                                                   : s.stored);
            if (s.variable != none)
                QTest::addRow("%s: variable and stored", s.name) << s.name << given(s.flag) << s.variable << s.stored
                                                                 << (s.variable != none ? s.variable : s.stored);
            if (s.stored != none)
                QTest::addRow("%s: stored only", s.name)
                    << s.name << given(s.flag) << given(s.variable) << s.stored << s.stored;
            QTest::addRow("%s: nothing given", s.name)
                << s.name << given(s.flag) << given(s.variable) << given(s.stored) << s.defaultValue;
        }
    }

    void precedence()
    {
        QFETCH(QString, setting);
        QFETCH(QString, flag);
        QFETCH(QString, variable);
        QFETCH(QString, stored);
        QFETCH(QString, expected);

        struct Names
        {
            QString flag, variable, key;
        };
        const QHash<QString, Names> names {
            { QStringLiteral("slots"), { QStringLiteral("slots"), {}, QStringLiteral("runner/slots") } },
            { QStringLiteral("sandbox"), { QStringLiteral("sandbox"), {}, QStringLiteral("sandbox") } },
            { QStringLiteral("idle timeout"),
                { {}, QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), QStringLiteral("runner/idle_timeout_ms") } },
            { QStringLiteral("bubblewrap read-only"),
                { QStringLiteral("bubblewrap-read-only"), QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"),
                    QStringLiteral("bubblewrap/read_only_paths") } },
            { QStringLiteral("endpoint"), { QStringLiteral("endpoint"), QStringLiteral("CHECKFU_API_URL"), {} } },
            { QStringLiteral("label"), { QStringLiteral("label"), {}, {} } },
            { QStringLiteral("credential store"), { QStringLiteral("credential-store"), {}, {} } },
            { QStringLiteral("pairing code"), { QStringLiteral("code"), QStringLiteral("CHECKFU_PAIRING_CODE"), {} } },
            { QStringLiteral("keep awake"), { QStringLiteral("keep-awake"), {}, QStringLiteral("power/keep_awake") } },
            { QStringLiteral("drain below battery"),
                { QStringLiteral("drain-below-battery"), {}, QStringLiteral("power/drain_below_battery") } },
            { QStringLiteral("drain on metered"),
                { QStringLiteral("drain-on-metered"), {}, QStringLiteral("power/drain_on_metered") } },
        };
        const Names n = names.value(setting);
        QHash<QString, QString> flags;
        QHash<QString, QString> env;
        if (!flag.isEmpty() && flag != none)
            flags.insert(n.flag, flag);
        if (!variable.isEmpty() && variable != none)
            env.insert(n.variable, variable);
        if (!stored.isEmpty() && stored != none)
            storeValues({ { n.key, stored } });

        const ResolvedConfig resolved = ConfigResolver(file()).resolve(inputWith(flags, env));
        QVERIFY2(resolved.ok(), qPrintable(messages(resolved)));
        QCOMPARE(valueOf(setting, resolved.config()), expected);
    }

    // The command line alone is what each front end checks first; the stored values are not in it.
    void theCommandLineAloneIgnoresTheSettingsFile()
    {
        storeValues({ { QStringLiteral("runner/slots"), QStringLiteral("7") } });
        const auto commandLine = ConfigResolver::resolveCommandLine(inputWith());
        QVERIFY(std::holds_alternative<RunnerConfig>(commandLine));
        QCOMPARE(std::get<RunnerConfig>(commandLine).slotCount, 1);
        QCOMPARE(ConfigResolver(file()).resolve(inputWith()).config().slotCount, 7);
    }

    // A stored tuple with its key is the lane; all four variables are the lane instead; one variable alone
    // takes the lane from the settings file and is refused for what it lacks.
    void theCursorLaneComesFromTheEnvironmentOrTheSettingsFile()
    {
        storeTuple();
        const ConfigResolver resolver(file());

        ResolvedConfig stored = resolver.resolve(inputWith(), CursorKeyLookup::found(apiKey));
        QVERIFY2(stored.ok(), qPrintable(messages(stored)));
        QVERIFY(stored.config().cursor);
        QCOMPARE(stored.config().cursor->profileVersion, validProfile);
        QCOMPARE(stored.config().cursor->model, QStringLiteral("stored-model"));
        QCOMPARE(stored.config().cursor->apiKey, apiKey);
        QVERIFY(stored.cursorNote.isEmpty());

        ResolvedConfig fromEnv = resolver.resolve(inputWith({}, cursorEnvironment()), CursorKeyLookup::found(apiKey));
        QVERIFY2(fromEnv.ok(), qPrintable(messages(fromEnv)));
        QCOMPARE(fromEnv.config().cursor->profileVersion, otherProfile);
        QCOMPARE(fromEnv.config().cursor->model, QStringLiteral("env-model"));
        QCOMPARE(fromEnv.config().cursor->apiKey, QStringLiteral("env-key"));

        ResolvedConfig partial = resolver.resolve(
            inputWith({}, { { modelVariable, QStringLiteral("env-model") } }), CursorKeyLookup::found(apiKey));
        QVERIFY(!partial.ok());
        QVERIFY(!partial.storedValueAtFault); // the environment's own fault
        QCOMPARE(partial.errors().size(), 1);
        QCOMPARE(partial.errors().first().field,
            QStringList({ profileVariable, digestVariable, apiKeyVariable }).join(QStringLiteral(", ")));
    }

    // No key, an unreadable key or an unusable tuple: no lane, no error, and the note says why (doctor shows it).
    void aStoredTupleWithoutItsKeyGivesANote()
    {
        storeTuple();
        const ConfigResolver resolver(file());
        ResolvedConfig missing = resolver.resolve(inputWith(), CursorKeyLookup::notFound(QStringLiteral("file")));
        QVERIFY(missing.ok());
        QVERIFY(!missing.config().cursor);
        QVERIFY2(missing.cursorNote.contains(QLatin1String("the credential store (file) has no Cursor API key")),
            qPrintable(missing.cursorNote));

        ResolvedConfig failed = resolver.resolve(
            inputWith(), { CursorKeyLookup::Outcome::Failed, {}, QStringLiteral("the keychain is locked") });
        QVERIFY(failed.ok());
        QVERIFY(!failed.config().cursor);
        QVERIFY2(failed.cursorNote.contains(QLatin1String("could not be read"))
                && failed.cursorNote.contains(QLatin1String("the keychain is locked")),
            qPrintable(failed.cursorNote));

        storeValues({ { QStringLiteral("cursor/release_digest"), QStringLiteral("sha256:short") } });
        ResolvedConfig unusable = resolver.resolve(inputWith(), CursorKeyLookup::found(apiKey));
        QVERIFY(unusable.ok());
        QVERIFY(!unusable.config().cursor);
        QVERIFY2(unusable.cursorNote.contains(QLatin1String("cannot be used")), qPrintable(unusable.cursorNote));

        // The environment owning the lane is no fault of the settings file: no note.
        ResolvedConfig owned = resolver.resolve(inputWith({}, cursorEnvironment()));
        QVERIFY2(owned.ok(), qPrintable(messages(owned)));
        QVERIFY(owned.config().cursor);
        QVERIFY2(owned.cursorNote.isEmpty(), qPrintable(owned.cursorNote));
    }

    // The key is read from the credential store only when the stored tuple would use it, and never shows up
    // in a note or a log.
    void theKeyComesFromTheCredentialStore()
    {
        storeTuple();
        QTemporaryDir creds;
        QVERIFY(creds.isValid());
        const auto store = CredentialStore::create(CredentialStore::Kind::File, creds.path());
        const ConfigResolver resolver(file());

        ResolvedConfig withoutKey = resolveWaiting(resolver, inputWith(), *store);
        QVERIFY(withoutKey.ok());
        QVERIFY(!withoutKey.config().cursor);
        QVERIFY2(withoutKey.cursorNote.contains(QLatin1String("no Cursor API key")), qPrintable(withoutKey.cursorNote));

        // Not paired: the key has no pairing to belong to, so none is found.
        const QUrl endpoint(QStringLiteral("https://cp.example.test"));
        const QString account = CursorKeyStore::account(endpoint, QStringLiteral("runner_1"));
        CredentialResult written
            = waitForCredential([&](auto done) { CursorKeyStore::write(*store, account, apiKey, done); });
        QVERIFY2(written.ok(), qPrintable(written.message));
        QVERIFY(!resolveWaiting(resolver, inputWith(), *store).config().cursor);

        RunnerSettings paired(file());
        paired.load();
        paired.endpoint = endpoint;
        paired.runnerId = QStringLiteral("runner_1");
        QVERIFY(paired.save());
        QCOMPARE(resolver.pairingAccount(), account);
        ResolvedConfig withKey = resolveWaiting(resolver, inputWith(), *store);
        QVERIFY2(withKey.ok(), qPrintable(messages(withKey)));
        QVERIFY(withKey.config().cursor);
        QCOMPARE(withKey.config().cursor->apiKey, apiKey);
        QVERIFY(!withKey.config().describe().contains(apiKey));

        // The environment owns the lane: the store is not asked, the answer comes at once.
        std::optional<CursorKeyLookup> lookup;
        resolver.lookUpCursorKey(inputWith({}, { { modelVariable, QStringLiteral("m") } }), *store,
            [&](const CursorKeyLookup &key) { lookup = key; });
        QVERIFY(lookup);
        QCOMPARE(int(lookup->outcome), int(CursorKeyLookup::Outcome::NotAsked));

        // A pairing code makes a new pairing: the stored lane (its key is the current pairing's) is not its lane.
        lookup.reset();
        const RunnerConfigInput pairing = inputWith({ { QStringLiteral("code"), QStringLiteral("CFU-7K3M-Q9XD-2HFA") },
            { QStringLiteral("endpoint"), QStringLiteral("https://other.example.test") } });
        resolver.lookUpCursorKey(pairing, *store, [&](const CursorKeyLookup &key) { lookup = key; });
        QVERIFY(lookup);
        QCOMPARE(int(lookup->outcome), int(CursorKeyLookup::Outcome::NotAsked));
        ResolvedConfig repairing = resolveWaiting(resolver, pairing, *store);
        QVERIFY2(repairing.ok(), qPrintable(messages(repairing)));
        QVERIFY(!repairing.config().cursor);
        QVERIFY(!resolver.resolve(pairing, CursorKeyLookup::found(apiKey)).config().cursor);
    }

    // Every error names the flag or variable to fix; one a stored value causes is marked as the settings
    // file's, and names the flag that value stands in for.
    void errorsNameTheField_data()
    {
        QTest::addColumn<QString>("flag");
        QTest::addColumn<QString>("flagValue");
        QTest::addColumn<QString>("variable");
        QTest::addColumn<QString>("variableValue");
        QTest::addColumn<QString>("storedKey");
        QTest::addColumn<QString>("storedValue");
        QTest::addColumn<QString>("field");
        QTest::addColumn<bool>("stored");

        QTest::newRow("--slots 0") << "slots"
                                   << "0"
                                   << ""
                                   << ""
                                   << ""
                                   << ""
                                   << "--slots" << false;
        QTest::newRow("--sandbox kvm") << "sandbox"
                                       << "kvm"
                                       << ""
                                       << ""
                                       << ""
                                       << ""
                                       << "--sandbox" << false;
        QTest::newRow("--credential-store vault") << "credential-store"
                                                  << "vault"
                                                  << ""
                                                  << ""
                                                  << ""
                                                  << ""
                                                  << "--credential-store" << false;
        QTest::newRow("CHECKFU_RUNNER_IDLE_TIMEOUT_MS=abc") << ""
                                                            << ""
                                                            << "CHECKFU_RUNNER_IDLE_TIMEOUT_MS"
                                                            << "abc"
                                                            << ""
                                                            << ""
                                                            << "CHECKFU_RUNNER_IDLE_TIMEOUT_MS" << false;
        QTest::newRow("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX=1") << ""
                                                               << ""
                                                               << "CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"
                                                               << "1"
                                                               << ""
                                                               << ""
                                                               << "CHECKFU_ENABLE_HOST_PROCESS_SANDBOX" << false;
        QTest::newRow("CHECKFU_API_URL=ftp://x") << ""
                                                 << ""
                                                 << "CHECKFU_API_URL"
                                                 << "ftp://x"
                                                 << ""
                                                 << ""
                                                 << "CHECKFU_API_URL" << false;
        QTest::newRow("stored sandbox kvm") << ""
                                            << ""
                                            << ""
                                            << ""
                                            << "sandbox"
                                            << "kvm"
                                            << "--sandbox" << true;
        QTest::newRow("stored read-only path missing") << ""
                                                       << ""
                                                       << ""
                                                       << ""
                                                       << "bubblewrap/read_only_paths"
                                                       << "/no/such/dir/for/checkfu"
                                                       << "--bubblewrap-read-only" << true;
    }

    void errorsNameTheField()
    {
        QFETCH(QString, flag);
        QFETCH(QString, flagValue);
        QFETCH(QString, variable);
        QFETCH(QString, variableValue);
        QFETCH(QString, storedKey);
        QFETCH(QString, storedValue);
        QFETCH(QString, field);
        QFETCH(bool, stored);

        QHash<QString, QString> flags;
        QHash<QString, QString> env;
        if (!flag.isEmpty())
            flags.insert(flag, flagValue);
        if (!variable.isEmpty())
            env.insert(variable, variableValue);
        if (!storedKey.isEmpty())
            storeValues({ { storedKey, storedValue } });

        const ResolvedConfig resolved = ConfigResolver(file()).resolve(inputWith(flags, env));
        QVERIFY(!resolved.ok());
        QCOMPARE(resolved.storedValueAtFault, stored);
        QCOMPARE(resolved.errors().size(), 1);
        QCOMPARE(resolved.errors().first().field, field);
        QVERIFY2(resolved.errors().first().message.contains(field), qPrintable(resolved.errors().first().message));
        QCOMPARE(
            std::holds_alternative<RunnerConfig>(ConfigResolver::resolveCommandLine(inputWith(flags, env))), stored);
    }

    void theCredentialStoreIsTheFlagsElseThePairings()
    {
        RunnerSettings settings(file());
        settings.credentialStore = QStringLiteral("file");
        QCOMPARE(ConfigResolver::credentialStoreName(inputWith(), settings), QStringLiteral("file"));
        QCOMPARE(ConfigResolver::credentialStoreName(
                     inputWith({ { QStringLiteral("credential-store"), QStringLiteral("keychain") } }), settings),
            QStringLiteral("keychain"));
    }

    // The table spells each name once, as the wire (§8) and the settings file know it.
    void theTableSpellsEachNameOnce()
    {
        const QStringList variables { QStringLiteral("CHECKFU_API_URL"), QStringLiteral("CHECKFU_PAIRING_CODE"),
            QStringLiteral("CHECKFU_RUNNER_TOKEN"), QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"),
            QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), QStringLiteral("CHECKFU_DOCKER_UNRESTRICTED_NETWORK"),
            profileVariable, digestVariable, modelVariable, apiKeyVariable,
            QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY") };
        QStringList names;
        QStringList secrets;
        for (const EnvVar var : ConfigKeys::allEnvVars()) {
            names << ConfigKeys::name(var);
            QVERIFY2(!ConfigKeys::description(var).isEmpty(), qPrintable(ConfigKeys::name(var)));
            QCOMPARE(QString::fromLatin1(ConfigKeys::latin1Name(var)), ConfigKeys::name(var));
            if (ConfigKeys::isSecret(var))
                secrets << ConfigKeys::name(var);
        }
        QCOMPARE(names, variables);
        QCOMPARE(secrets,
            QStringList(
                { QStringLiteral("CHECKFU_PAIRING_CODE"), QStringLiteral("CHECKFU_RUNNER_TOKEN"), apiKeyVariable }));
        QStringList cursor;
        for (const EnvVar var : ConfigKeys::cursorEnvVars())
            cursor << ConfigKeys::name(var);
        QCOMPARE(cursor, QStringList({ profileVariable, digestVariable, modelVariable, apiKeyVariable }));
        const QString help = ConfigKeys::environmentHelp();
        for (const QString &name : variables)
            QVERIFY2(help.contains(name), qPrintable(help));

        QSet<QString> keys;
        for (const SettingsKey key : ConfigKeys::allSettingsKeys()) {
            QVERIFY(!ConfigKeys::key(key).isEmpty());
            keys.insert(ConfigKeys::key(key));
        }
        QCOMPARE(keys.size(), ConfigKeys::allSettingsKeys().size());
        for (const QString &key : { QStringLiteral("endpoint"), QStringLiteral("sandbox"),
                 QStringLiteral("credential_store"), QStringLiteral("pairing/runner_id"),
                 QStringLiteral("runner/slots"), QStringLiteral("runner/idle_timeout_ms"),
                 QStringLiteral("cursor/profile_version"), QStringLiteral("bubblewrap/read_only_paths"),
                 QStringLiteral("runner/git_cache_mib"), QStringLiteral("power/keep_awake"),
                 QStringLiteral("power/drain_below_battery"), QStringLiteral("power/drain_on_metered"),
                 QStringLiteral("tray/log_level"), QStringLiteral("tray/notify_approval") })
            QVERIFY2(keys.contains(key), qPrintable(key));

        QStringList flags;
        for (const ConfigFlag f : ConfigKeys::allFlags()) {
            flags << ConfigKeys::name(f);
            QCOMPARE(ConfigKeys::option(f), QStringLiteral("--") + ConfigKeys::name(f));
        }
        QCOMPARE(flags,
            QStringList({ QStringLiteral("endpoint"), QStringLiteral("code"), QStringLiteral("label"),
                QStringLiteral("sandbox"), QStringLiteral("credential-store"), QStringLiteral("slots"),
                QStringLiteral("bubblewrap-read-only"), QStringLiteral("git-cache-mib"),
                QStringLiteral("snapshot-store-mib"), QStringLiteral("keep-awake"),
                QStringLiteral("drain-below-battery"), QStringLiteral("drain-on-metered") }));
    }

private:
    QString file() const { return m_dir.filePath(QStringLiteral("config/checkfu/runner.ini")); }
    QString path(const QString &name) const { return m_dir.filePath(QStringLiteral("paths/") + name); }

    RunnerConfigInput inputWith(const QHash<QString, QString> &flags = {}, const QHash<QString, QString> &env = {})
    {
        RunnerConfigInput input;
        input.env = QProcessEnvironment();
        input.flags = flags;
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            input.env.insert(it.key(), it.value());
        input.machineHostName = QStringLiteral("test-box");
        input.runnerStateDirs = { m_dir.filePath(QStringLiteral("state")) };
        return input;
    }

    void storeValues(const Values &values)
    {
        QDir().mkpath(QFileInfo(file()).absolutePath());
        QSettings ini(file(), QSettings::IniFormat);
        for (const auto &[key, value] : values)
            ini.setValue(key, value);
    }

    static QHash<QString, QString> cursorEnvironment()
    {
        return { { profileVariable, otherProfile }, { digestVariable, validDigest },
            { modelVariable, QStringLiteral("env-model") }, { apiKeyVariable, QStringLiteral("env-key") } };
    }

    void storeTuple()
    {
        storeValues({ { QStringLiteral("cursor/profile_version"), validProfile },
            { QStringLiteral("cursor/release_digest"), validDigest },
            { QStringLiteral("cursor/model"), QStringLiteral("stored-model") } });
    }

    static ResolvedConfig resolveWaiting(
        const ConfigResolver &resolver, const RunnerConfigInput &input, CredentialStore &store)
    {
        std::optional<ResolvedConfig> answer;
        resolver.resolve(input, store, [&](const ResolvedConfig &resolved) { answer = resolved; });
        if (!QTest::qWaitFor([&] { return answer.has_value(); }, 5000)) {
            ResolvedConfig noAnswer;
            noAnswer.result = QList<ConfigError> { { QStringLiteral("test"), QStringLiteral("no answer") } };
            return noAnswer;
        }
        return *answer;
    }

    static QString messages(const ResolvedConfig &resolved)
    {
        if (resolved.ok())
            return {};
        QStringList lines;
        for (const ConfigError &e : resolved.errors())
            lines << e.field + QStringLiteral(": ") + e.message;
        return lines.join(QLatin1Char('\n'));
    }

    static QString valueOf(const QString &setting, const RunnerConfig &config)
    {
        if (setting == QLatin1String("slots"))
            return QString::number(config.slotCount);
        if (setting == QLatin1String("sandbox"))
            return config.sandbox == SandboxChoice::NotGiven ? QStringLiteral("not given")
                                                             : RunnerConfigParser::sandboxFlagValue(config.sandbox);
        if (setting == QLatin1String("idle timeout"))
            return config.idleTimeoutMs ? QString::number(*config.idleTimeoutMs) : QStringLiteral("default");
        if (setting == QLatin1String("bubblewrap read-only"))
            return config.bubblewrapReadOnly.join(QLatin1Char(':'));
        if (setting == QLatin1String("endpoint"))
            return config.endpoint.isEmpty() ? QString() : config.endpoint.toString(QUrl::StripTrailingSlash);
        if (setting == QLatin1String("label"))
            return config.label;
        if (setting == QLatin1String("credential store"))
            return config.credentialStore.value_or(QStringLiteral("default"));
        if (setting == QLatin1String("pairing code"))
            return config.pairingCode.value_or(QStringLiteral("none"));
        if (setting == QLatin1String("keep awake"))
            return RunnerConfigParser::keepAwakeNames().value(int(config.keepAwake));
        if (setting == QLatin1String("drain below battery"))
            return QString::number(config.drainBelowBatteryPercent);
        if (setting == QLatin1String("drain on metered"))
            return config.drainOnMetered ? QStringLiteral("true") : QStringLiteral("false");
        return QStringLiteral("(unknown setting %1)").arg(setting);
    }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TstConfigResolver)
#include "tst_configresolver.moc"
