// The stored Runner preferences both front ends apply (RunnerPreferences): what the command line
// and the environment leave open comes from the settings file (flag > variable > stored value >
// default), the Cursor lane all or none, unusable stored values ignored with the reason logged
// (never the value), and the Cursor API key only ever in the credential store (CursorKeyStore).
#include "CredentialWait.h"
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

namespace {
const QString validProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString validDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('b'));
const QString apiKey = QStringLiteral("crsr_key_canary_41d7e09b");

const QString profileVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION");
const QString digestVariable = QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST");
const QString modelVariable = QStringLiteral("CHECKFU_CURSOR_MODEL");
const QString apiKeyVariable = QStringLiteral("CURSOR_API_KEY");
const QString idleVariable = QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS");

CursorTuple validTuple()
{
    return CursorTuple { validProfile, validDigest, QStringLiteral("gpt-5") };
}

// What a front end hands the parser before the preferences: nothing but `flags` and `env`.
RunnerConfigInput inputWith(const QHash<QString, QString> &flags = {}, const QHash<QString, QString> &env = {})
{
    RunnerConfigInput input;
    input.env = QProcessEnvironment();
    input.flags = flags;
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        input.env.insert(it.key(), it.value());
    input.machineHostName = QStringLiteral("test-box");
    return input;
}

RunnerConfig parsed(const RunnerConfigInput &input)
{
    auto result = RunnerConfigParser::parse(input);
    if (auto *errors = std::get_if<QList<ConfigError>>(&result)) {
        QStringList messages;
        for (const ConfigError &e : *errors)
            messages << e.message;
        qWarning("parser refused: %s", qPrintable(messages.join(QLatin1Char('\n'))));
        return {};
    }
    return std::get<RunnerConfig>(result);
}
} // namespace

class TestRunnerPreferences : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        Logging::init({ m_dir.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
    }

    void init()
    {
        QFile::remove(file());
        m_logOffset = QFileInfo(Logging::currentLogFile()).size();
    }

    void defaultsWithoutAFile()
    {
        RunnerPreferences p(file());
        p.load();
        QCOMPARE(p.sandbox, QString());
        QVERIFY(!p.slotCount);
        QVERIFY(!p.idleTimeoutMs);
        QVERIFY(p.cursor.isEmpty());

        // Nothing stored, nothing given: the parser's defaults.
        RunnerConfigInput input = inputWith();
        p.applyTo(input, apiKey);
        QVERIFY(input.flags.isEmpty());
        QVERIFY(input.env.isEmpty());
        const RunnerConfig config = parsed(input);
        QCOMPARE(config.slotCount, 1);
        QCOMPARE(config.sandbox, SandboxChoice::NotGiven);
        QVERIFY(!config.idleTimeoutMs);
        QVERIFY(!config.cursor);
    }

    void storedValuesFillWhatIsLeftOpen()
    {
        store({ { "sandbox", "bubblewrap" }, { "runner/slots", "3" }, { "runner/idle_timeout_ms", "90000" },
            { "runner/git_cache_mib", "2048" }, { "runner/snapshot_store_mib", "64" }, { "power/keep_awake", "always" },
            { "power/drain_below_battery", "25" }, { "power/drain_on_metered", "true" } });
        RunnerPreferences p(file());
        p.load();
        QCOMPARE(p.slotCount, std::optional<int>(3));
        QCOMPARE(p.gitCacheMib, std::optional<int>(2048));

        RunnerConfigInput input = inputWith();
        p.applyTo(input);
        const RunnerConfig config = parsed(input);
        QCOMPARE(config.slotCount, 3);
        QCOMPARE(config.gitCacheMib, qint64(2048));
        QCOMPARE(config.snapshotStoreMib, qint64(64));
        QCOMPARE(config.keepAwake, KeepAwake::Always);
        QCOMPARE(config.drainBelowBatteryPercent, 25);
        QVERIFY(config.drainOnMetered);
        // A flag wins over the stored size.
        RunnerConfigInput flagged = inputWith();
        flagged.flags.insert(QStringLiteral("git-cache-mib"), QStringLiteral("0"));
        p.applyTo(flagged);
        QCOMPARE(parsed(flagged).gitCacheMib, qint64(0));
        QCOMPARE(config.sandbox, SandboxChoice::Bubblewrap);
        QVERIFY(config.bubblewrapEnabled);
        QCOMPARE(config.idleTimeoutMs, std::optional<int>(90000));
    }

    // The bubblewrap read-only paths: stored, applied under the flag and the variable, saved back.
    void bubblewrapReadOnlyPaths()
    {
        const QString stored = m_dir.filePath(QStringLiteral("stored-tools"));
        const QString fromEnv = m_dir.filePath(QStringLiteral("env-tools"));
        QVERIFY(QDir().mkpath(stored) && QDir().mkpath(fromEnv));
        store({ { "bubblewrap/read_only_paths", stored } });
        RunnerPreferences p(file());
        p.load();
        QCOMPARE(p.bubblewrapReadOnly, stored);
        RunnerConfigInput input = inputWith();
        p.applyTo(input);
        QCOMPARE(parsed(input).bubblewrapReadOnly, QStringList { stored });
        // The variable (or the flag) takes its place.
        input = inputWith();
        input.env.insert(QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"), fromEnv);
        p.applyTo(input);
        QCOMPARE(parsed(input).bubblewrapReadOnly, QStringList { fromEnv });
        input = inputWith();
        input.flags.insert(QStringLiteral("bubblewrap-read-only"), fromEnv);
        p.applyTo(input);
        QCOMPARE(parsed(input).bubblewrapReadOnly, QStringList { fromEnv });

        p.bubblewrapReadOnly = fromEnv + QLatin1Char(':') + stored;
        QVERIFY(p.save());
        RunnerPreferences reloaded(file());
        reloaded.load();
        QCOMPARE(reloaded.bubblewrapReadOnly, fromEnv + QLatin1Char(':') + stored);
        reloaded.bubblewrapReadOnly.clear();
        QVERIFY(reloaded.save());
        QVERIFY(!QSettings(file(), QSettings::IniFormat).contains(QStringLiteral("bubblewrap/read_only_paths")));
    }

    // flag > environment variable > stored value > default, value by value.
    void precedence_data()
    {
        QTest::addColumn<QString>("storedSlots");
        QTest::addColumn<QString>("slotsFlag");
        QTest::addColumn<int>("slotCount");
        QTest::addColumn<QString>("storedIdle");
        QTest::addColumn<QString>("idleGiven"); // CHECKFU_RUNNER_IDLE_TIMEOUT_MS
        QTest::addColumn<int>("idle"); // 0: not set
        QTest::addColumn<QString>("storedSandbox");
        QTest::addColumn<QString>("sandboxFlag");
        QTest::addColumn<int>("sandbox");

        const int notGiven = int(SandboxChoice::NotGiven);
        QTest::newRow("defaults") << ""
                                  << "" << 1 << ""
                                  << "" << 0 << ""
                                  << "" << notGiven;
        QTest::newRow("stored") << "3"
                                << "" << 3 << "4000"
                                << "" << 4000 << "none"
                                << "" << int(SandboxChoice::None);
        QTest::newRow("given over stored") << "3"
                                           << "2" << 2 << "4000"
                                           << "5000" << 5000 << "none"
                                           << "host-process" << int(SandboxChoice::HostProcess);
        QTest::newRow("given, nothing stored") << ""
                                               << "5" << 5 << ""
                                               << "6000" << 6000 << ""
                                               << "docker" << int(SandboxChoice::Docker);
    }

    void precedence()
    {
        QFETCH(QString, storedSlots);
        QFETCH(QString, slotsFlag);
        QFETCH(int, slotCount);
        QFETCH(QString, storedIdle);
        QFETCH(QString, idleGiven);
        QFETCH(int, idle);
        QFETCH(QString, storedSandbox);
        QFETCH(QString, sandboxFlag);
        QFETCH(int, sandbox);
        {
            QDir().mkpath(QFileInfo(file()).absolutePath());
            QSettings ini(file(), QSettings::IniFormat);
            if (!storedSlots.isEmpty())
                ini.setValue(QStringLiteral("runner/slots"), storedSlots);
            if (!storedIdle.isEmpty())
                ini.setValue(QStringLiteral("runner/idle_timeout_ms"), storedIdle);
            if (!storedSandbox.isEmpty())
                ini.setValue(QStringLiteral("sandbox"), storedSandbox);
        }
        QHash<QString, QString> flags;
        if (!slotsFlag.isEmpty())
            flags.insert(QStringLiteral("slots"), slotsFlag);
        if (!sandboxFlag.isEmpty())
            flags.insert(QStringLiteral("sandbox"), sandboxFlag);
        QHash<QString, QString> env;
        if (!idleGiven.isEmpty())
            env.insert(idleVariable, idleGiven);
        RunnerConfigInput input = inputWith(flags, env);

        RunnerPreferences p(file());
        p.load();
        p.applyTo(input);
        const RunnerConfig config = parsed(input);
        QCOMPARE(config.slotCount, slotCount);
        QCOMPARE(config.idleTimeoutMs.value_or(0), idle);
        QCOMPARE(int(config.sandbox), sandbox);
    }

    void aStoredCompleteTupleWithItsKeyIsTheLane()
    {
        RunnerPreferences p(file());
        p.cursor = validTuple();
        QVERIFY(p.save());
        RunnerPreferences loaded(file());
        loaded.load();
        QCOMPARE(loaded.cursor, validTuple());
        QVERIFY(loaded.cursorUsable());
        QVERIFY(loaded.wantsCursorKey(QProcessEnvironment()));

        RunnerConfigInput input = inputWith();
        loaded.applyTo(input, apiKey);
        const RunnerConfig config = parsed(input);
        QVERIFY(config.cursor);
        QCOMPARE(config.cursor->profileVersion, validProfile);
        QCOMPARE(config.cursor->releaseDigest, validDigest);
        QCOMPARE(config.cursor->model, QStringLiteral("gpt-5"));
        QCOMPARE(config.cursor->apiKey, apiKey);
    }

    // No key (none stored, or an empty one): no lane at all, never half of one.
    void withoutAKeyThereIsNoLane()
    {
        RunnerPreferences p(file());
        p.cursor = validTuple();
        for (const std::optional<QString> &key : { std::optional<QString>(), std::optional<QString>(QString()) }) {
            RunnerConfigInput input = inputWith();
            p.applyTo(input, key);
            for (const QString &name : { profileVariable, digestVariable, modelVariable, apiKeyVariable })
                QVERIFY2(!input.env.contains(name), qPrintable(name));
            QVERIFY(!parsed(input).cursor);
        }
        QVERIFY(!p.cursorLane(QString()));
    }

    // One Cursor variable in the environment: the environment owns the lane. The stored tuple fills
    // no gap, the key is not even wanted, and the parser names what the environment lacks.
    void oneCursorVariableMeansTheEnvironmentOwnsTheLane_data()
    {
        QTest::addColumn<QString>("variable");
        for (const QString &name : { profileVariable, digestVariable, modelVariable, apiKeyVariable })
            QTest::newRow(qPrintable(name)) << name;
    }

    void oneCursorVariableMeansTheEnvironmentOwnsTheLane()
    {
        QFETCH(QString, variable);
        RunnerPreferences p(file());
        p.cursor = validTuple();
        RunnerConfigInput input = inputWith({}, { { variable, variable == apiKeyVariable ? apiKey : validProfile } });
        QVERIFY(RunnerPreferences::environmentOwnsCursor(input.env));
        QVERIFY(!p.wantsCursorKey(input.env));
        const QProcessEnvironment before = input.env;
        p.applyTo(input, QStringLiteral("stored-key-never-used"));
        QCOMPARE(input.env, before);
        const auto result = RunnerConfigParser::parse(input);
        QVERIFY(std::holds_alternative<QList<ConfigError>>(result));
    }

    void allFourCursorVariablesWinOverTheStoredTuple()
    {
        RunnerPreferences p(file());
        p.cursor = validTuple();
        const QString envProfile = QStringLiteral("hprof_ffffffffffffffffffffffffffffffff@9");
        RunnerConfigInput input = inputWith({},
            { { profileVariable, envProfile }, { digestVariable, validDigest },
                { modelVariable, QStringLiteral("env") }, { apiKeyVariable, QStringLiteral("env-key-0123") } });
        p.applyTo(input, apiKey);
        const RunnerConfig config = parsed(input);
        QVERIFY(config.cursor);
        QCOMPARE(config.cursor->profileVersion, envProfile);
        QCOMPARE(config.cursor->model, QStringLiteral("env"));
        QCOMPARE(config.cursor->apiKey, QStringLiteral("env-key-0123"));
    }

    void badStoredValuesAreNotSetAndLogged_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("reason");
        const QString slotsReason = QStringLiteral("ignoring runner/slots in the settings file: not a whole number "
                                                   "from 1 to 64");
        const QString idleReason = QStringLiteral("ignoring runner/idle_timeout_ms in the settings file: not a whole "
                                                  "number from 1 to 2147483647");
        QTest::newRow("slots 0") << "runner/slots"
                                 << "0" << slotsReason;
        QTest::newRow("slots 65") << "runner/slots"
                                  << "65" << slotsReason;
        QTest::newRow("slots word") << "runner/slots"
                                    << "slots-canary-x7" << slotsReason;
        QTest::newRow("slots negative") << "runner/slots"
                                        << "-2" << slotsReason;
        QTest::newRow("slots fraction") << "runner/slots"
                                        << "2.5" << slotsReason;
        QTest::newRow("idle 0") << "runner/idle_timeout_ms"
                                << "0" << idleReason;
        QTest::newRow("idle too large") << "runner/idle_timeout_ms"
                                        << "2147483648" << idleReason;
        QTest::newRow("idle spaced") << "runner/idle_timeout_ms"
                                     << " 500" << idleReason;
        QTest::newRow("idle canary") << "runner/idle_timeout_ms"
                                     << "idle-canary-q4" << idleReason;
        const QString cacheReason = QStringLiteral("ignoring runner/git_cache_mib in the settings file: not a whole "
                                                   "number from 0 to 1048576");
        QTest::newRow("git cache too large") << "runner/git_cache_mib"
                                             << "1048577" << cacheReason;
        QTest::newRow("git cache canary") << "runner/git_cache_mib"
                                          << "cache-canary-z1" << cacheReason;
        QTest::newRow("keep awake canary") << "power/keep_awake"
                                           << "awake-canary-k2"
                                           << QStringLiteral("ignoring power/keep_awake in the settings file: not one "
                                                             "of always, ac, never");
        QTest::newRow("battery too large") << "power/drain_below_battery"
                                           << "101"
                                           << QStringLiteral("ignoring power/drain_below_battery in the settings "
                                                             "file: not a whole number from 0 to 100");
        QTest::newRow("metered canary")
            << "power/drain_on_metered"
            << "metered-canary-m3"
            << QStringLiteral("ignoring power/drain_on_metered in the settings file: not true or false");
    }

    void badStoredValuesAreNotSetAndLogged()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, reason);
        store({ { key, value } });
        RunnerPreferences p(file());
        p.load(); // never throws, never asserts
        QVERIFY(!p.slotCount);
        QVERIFY(!p.idleTimeoutMs);
        QVERIFY(!p.gitCacheMib);

        // Not set: the parser's default, as if the key were absent.
        RunnerConfigInput input = inputWith();
        p.applyTo(input);
        QVERIFY(!input.flags.contains(QStringLiteral("slots")));
        QVERIFY(!input.env.contains(idleVariable));
        const RunnerConfig config = parsed(input);
        QCOMPARE(config.slotCount, 1);
        QVERIFY(!config.idleTimeoutMs);
        QCOMPARE(config.gitCacheMib, RunnerConfig::DefaultGitCacheMib);
        QCOMPARE(config.keepAwake, KeepAwake::OnAcPower);
        QCOMPARE(config.drainBelowBatteryPercent, 0);
        QVERIFY(!config.drainOnMetered);

        const QString log = newLog();
        QVERIFY2(log.contains(reason), qPrintable(log));
        QVERIFY2(!log.contains(QLatin1String("canary")), "a stored value reached the log");
    }

    void anUnusableStoredTupleIsLeftOutAndLogged_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("digest");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no model") << validProfile << validDigest << ""
                                  << "missing: model.";
        QTest::newRow("only a model") << ""
                                      << ""
                                      << "gpt-5"
                                      << "missing: profile version, release digest.";
        QTest::newRow("profile shape") << "hprof-canary-9w@1" << validDigest << "gpt-5"
                                       << "The profile version must look like";
        QTest::newRow("digest shape") << validProfile << "md5:canary"
                                      << "gpt-5"
                                      << "The release digest must look like";
    }

    void anUnusableStoredTupleIsLeftOutAndLogged()
    {
        QFETCH(QString, profile);
        QFETCH(QString, digest);
        QFETCH(QString, model);
        QFETCH(QString, reason);
        RunnerPreferences writer(file());
        writer.cursor = CursorTuple { profile, digest, model };
        QVERIFY(writer.save());

        RunnerPreferences p(file());
        p.load();
        QCOMPARE(p.cursor, writer.cursor); // kept as read, for the settings dialog to show
        QVERIFY(!p.cursorUsable());
        QVERIFY(!p.wantsCursorKey(QProcessEnvironment()));
        QVERIFY(!p.cursorLane(apiKey));
        RunnerConfigInput input = inputWith();
        p.applyTo(input, apiKey);
        QVERIFY(!input.env.contains(apiKeyVariable));
        QVERIFY(!parsed(input).cursor); // and the start goes ahead without the lane

        const QString log = newLog();
        QVERIFY2(log.contains(QLatin1String("ignoring the Cursor tuple in the settings file")), qPrintable(log));
        QVERIFY2(log.contains(reason), qPrintable(log));
        QVERIFY2(!log.contains(QLatin1String("canary")), "a stored value reached the log");
    }

    // Its keys only: the pairing RunnerSettings wrote survives, and the key is never in the file.
    void savingKeepsThePairingAndNeverHoldsTheKey()
    {
        RunnerSettings pairing(file());
        pairing.endpoint = QUrl(QStringLiteral("https://cp.example.test"));
        pairing.runnerId = QStringLiteral("rnr_0123");
        pairing.credentialStore = QStringLiteral("file");
        QVERIFY(pairing.save());

        RunnerPreferences p(file());
        p.load();
        p.slotCount = 7;
        p.gitCacheMib = 0;
        p.cursor = validTuple();
        QString error;
        QVERIFY2(p.save(&error), qPrintable(error));

        RunnerSettings reread(file());
        reread.load();
        QVERIFY(reread.isPaired());
        QCOMPARE(reread.credentialStore, QStringLiteral("file"));
        QFile f(file());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        QVERIFY(bytes.contains("slots=7"));
        QVERIFY(bytes.contains("git_cache_mib=0"));
        QVERIFY(!bytes.contains(apiKey.toUtf8()));

        p.slotCount.reset();
        p.gitCacheMib.reset();
        p.cursor = {};
        QVERIFY(p.save());
        QSettings ini(file(), QSettings::IniFormat);
        QVERIFY(!ini.contains(QStringLiteral("runner/slots")));
        QVERIFY(!ini.contains(QStringLiteral("runner/git_cache_mib")));
        QVERIFY(!ini.contains(QStringLiteral("cursor/model")));
        QCOMPARE(ini.value(QStringLiteral("pairing/runner_id")).toString(), QStringLiteral("rnr_0123"));
    }

    void theCursorKeyLivesInTheCredentialStore()
    {
        QTemporaryDir creds;
        const auto store = CredentialStore::create(CredentialStore::Kind::File, creds.path());
        // Under an account of the pairing (endpoint and runner id), never under the fixed one of earlier versions.
        const QString account
            = CursorKeyStore::account(QUrl(QStringLiteral("https://cp.example.test/")), QStringLiteral("runner_1"));
        QCOMPARE(account, QStringLiteral("cursor-api-key|https://cp.example.test:443|runner_1"));
        QCOMPARE(CursorKeyStore::account(QUrl(QStringLiteral("https://cp.example.test")), QStringLiteral("runner_2"))
                == account,
            false);
        QCOMPARE(CursorKeyStore::account(QUrl(), QStringLiteral("runner_1")), QString());
        CredentialResult result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, account, done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);
        result = waitForCredential([&](auto done) { CursorKeyStore::write(*store, account, apiKey, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));
        result = waitForCredential([&](auto done) { store->read(account, done); });
        QCOMPARE(result.secret, apiKey);
        result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, account, done); });
        QCOMPARE(result.secret, apiKey);
        // Another pairing does not find it.
        result = waitForCredential([&](auto done) {
            CursorKeyStore::read(*store,
                CursorKeyStore::account(QUrl(QStringLiteral("https://other.example.test")), QStringLiteral("runner_1")),
                done);
        });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);

        // Held, so masked in every log line.
        Logging::get("config")->info("key {}", apiKey);
        QVERIFY(!newLog().contains(apiKey));

        // A key under the fixed account of earlier versions is never read, and forgetting removes it too.
        result = waitForCredential(
            [&](auto done) { store->write(CursorKeyStore::legacyAccount(), QStringLiteral("old-key"), done); });
        QVERIFY(result.ok());
        result = waitForCredential([&](auto done) { CursorKeyStore::apply(*store, account, std::nullopt, done); });
        QVERIFY(result.ok());
        result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, account, done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);
        result = waitForCredential([&](auto done) { store->read(CursorKeyStore::legacyAccount(), done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);
        result = waitForCredential([&](auto done) { CursorKeyStore::write(*store, account, QString(), done); });
        QCOMPARE(result.status, CredentialResult::Status::Refused);
        // Not paired: nothing for a key to belong to.
        result = waitForCredential([&](auto done) { CursorKeyStore::write(*store, QString(), apiKey, done); });
        QCOMPARE(result.status, CredentialResult::Status::Refused);
        QVERIFY2(result.message.contains(QLatin1String("not paired")), qPrintable(result.message));
        result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, QString(), done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);
    }

private:
    QString file() const { return m_dir.filePath(QStringLiteral("config/checkfu/runner.ini")); }

    void store(const QList<std::pair<QString, QString>> &values)
    {
        QDir().mkpath(QFileInfo(file()).absolutePath());
        QSettings ini(file(), QSettings::IniFormat);
        for (const auto &[key, value] : values)
            ini.setValue(key, value);
    }

    // The log written since init().
    QString newLog() const
    {
        Logging::flush();
        QFile f(Logging::currentLogFile());
        if (!f.open(QIODevice::ReadOnly))
            return {};
        f.seek(m_logOffset);
        return QString::fromUtf8(f.readAll());
    }

    QTemporaryDir m_dir;
    qint64 m_logOffset = 0;
};

QTEST_GUILESS_MAIN(TestRunnerPreferences)
#include "tst_runnerpreferences.moc"
