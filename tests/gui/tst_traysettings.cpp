// The tray's settings store: its keys in the ini file the CLI shares, never clobbering the pairing,
// never holding the Cursor API key (which goes to the credential store); the stored values as
// input to the same parser the command line goes through; and start at login (XDG on Linux).
#include "Autostart.h"
#include "CredentialWait.h"
#include "GuiTestSupport.h"
#include "TraySettings.h"
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerSettings.h>

#include <QSettings>
#include <QTemporaryDir>

using namespace runnercore;

namespace {
const QString validProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString validDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));
const QString apiKey = QStringLiteral("crsr_key_7f3a9c1e5b2d");

CursorTuple validTuple()
{
    return CursorTuple { validProfile, validDigest, QStringLiteral("gpt-5") };
}

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QString autostartFile()
{
    return qEnvironmentVariable("XDG_CONFIG_HOME") + QStringLiteral("/autostart/checkfu-tray.desktop");
}
} // namespace

class TestTraySettings : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QFile::remove(AppPaths::settingsFile());
        QFile::remove(autostartFile());
    }

    void defaultsWithoutAFile()
    {
        TraySettings s(AppPaths::settingsFile());
        s.load();
        QCOMPARE(s.sandbox, QString());
        QVERIFY(!s.slotCount);
        QVERIFY(!s.idleTimeoutMs);
        QVERIFY(s.cursor.isEmpty());
        QCOMPARE(s.logLevel, spdlog::level::info);
        for (auto kind : { NotificationKind::Approval, NotificationKind::Revoked, NotificationKind::Clone,
                 NotificationKind::DrainFinished, NotificationKind::Reconnected, NotificationKind::RunsLostToSleep })
            QVERIFY(s.notifies(kind));
    }

    void savesItsKeysInTheSharedFile()
    {
        TraySettings s(AppPaths::settingsFile());
        s.sandbox = QStringLiteral("bubblewrap");
        s.slotCount = 4;
        s.idleTimeoutMs = 600000;
        s.cursor = validTuple();
        s.setNotifies(NotificationKind::Clone, false);
        s.setNotifies(NotificationKind::Reconnected, false);
        s.setNotifies(NotificationKind::RunsLostToSleep, false);
        s.logLevel = spdlog::level::debug;
        QString error;
        QVERIFY2(s.save(&error), qPrintable(error));

        QCOMPARE(s.fileName(), qEnvironmentVariable("XDG_CONFIG_HOME") + QStringLiteral("/checkfu/runner.ini"));
        QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
        QCOMPARE(ini.value(QStringLiteral("sandbox")).toString(), QStringLiteral("bubblewrap"));
        QCOMPARE(ini.value(QStringLiteral("runner/slots")).toString(), QStringLiteral("4"));
        QCOMPARE(ini.value(QStringLiteral("runner/idle_timeout_ms")).toString(), QStringLiteral("600000"));
        QCOMPARE(ini.value(QStringLiteral("cursor/profile_version")).toString(), validProfile);
        QCOMPARE(ini.value(QStringLiteral("cursor/release_digest")).toString(), validDigest);
        QCOMPARE(ini.value(QStringLiteral("cursor/model")).toString(), QStringLiteral("gpt-5"));
        QCOMPARE(ini.value(QStringLiteral("tray/notify_approval")).toBool(), true);
        QCOMPARE(ini.value(QStringLiteral("tray/notify_clone")).toBool(), false);
        QCOMPARE(ini.value(QStringLiteral("tray/notify_reconnected")).toBool(), false);
        QCOMPARE(ini.value(QStringLiteral("tray/notify_runs_lost_to_sleep")).toBool(), false);
        QCOMPARE(ini.value(QStringLiteral("tray/log_level")).toString(), QStringLiteral("debug"));

        TraySettings again(AppPaths::settingsFile());
        again.load();
        QCOMPARE(again.sandbox, s.sandbox);
        QCOMPARE(again.slotCount, s.slotCount);
        QCOMPARE(again.idleTimeoutMs, s.idleTimeoutMs);
        QCOMPARE(again.cursor, s.cursor);
        QVERIFY(!again.notifies(NotificationKind::Clone));
        QVERIFY(again.notifies(NotificationKind::DrainFinished));
        QCOMPARE(again.logLevel, spdlog::level::debug);
    }

    void sharesTheTierAndKeepsThePairing()
    {
        RunnerSettings runner(AppPaths::settingsFile());
        runner.endpoint = QUrl(QStringLiteral("https://cp.example.test"));
        runner.label = QStringLiteral("build-box");
        runner.sandbox = QStringLiteral("docker");
        runner.credentialStore = QStringLiteral("file");
        runner.runnerId = QStringLiteral("rnr_0123");
        runner.workspaceId = QStringLiteral("ws_1");
        QVERIFY(runner.save());

        TraySettings tray(AppPaths::settingsFile());
        tray.load();
        QCOMPARE(tray.sandbox, QStringLiteral("docker"));
        tray.sandbox = QStringLiteral("bubblewrap");
        tray.slotCount = 8;
        QVERIFY(tray.save());

        RunnerSettings reread(AppPaths::settingsFile());
        reread.load();
        QVERIFY(reread.isPaired());
        QCOMPARE(reread.endpoint, runner.endpoint);
        QCOMPARE(reread.runnerId, QStringLiteral("rnr_0123"));
        QCOMPARE(reread.workspaceId, QStringLiteral("ws_1"));
        QCOMPARE(reread.label, QStringLiteral("build-box"));
        QCOMPARE(reread.credentialStore, QStringLiteral("file"));
        QCOMPARE(reread.sandbox, QStringLiteral("bubblewrap"));

        // And the other way round: the Runner saving its pairing leaves the tray's keys alone.
        reread.clearPairing();
        QVERIFY(reread.save());
        TraySettings after(AppPaths::settingsFile());
        after.load();
        QCOMPARE(after.slotCount, std::optional<int>(8));
    }

    void unsetValuesRemoveTheirKeys()
    {
        TraySettings s(AppPaths::settingsFile());
        s.slotCount = 2;
        s.idleTimeoutMs = 1000;
        s.cursor = validTuple();
        QVERIFY(s.save());
        s.slotCount.reset();
        s.idleTimeoutMs.reset();
        s.cursor = {};
        QVERIFY(s.save());
        QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
        for (const char *key : { "runner/slots", "runner/idle_timeout_ms", "cursor/profile_version",
                 "cursor/release_digest", "cursor/model" })
            QVERIFY2(!ini.contains(QLatin1String(key)), key);
    }

    void badValuesLoadAsUnset_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::newRow("slots 0") << "runner/slots"
                                 << "0";
        QTest::newRow("slots 65") << "runner/slots"
                                  << "65";
        QTest::newRow("slots word") << "runner/slots"
                                    << "four";
        QTest::newRow("slots negative") << "runner/slots"
                                        << "-1";
        QTest::newRow("idle 0") << "runner/idle_timeout_ms"
                                << "0";
        QTest::newRow("idle too large") << "runner/idle_timeout_ms"
                                        << "2147483648";
        QTest::newRow("idle spaced") << "runner/idle_timeout_ms"
                                     << " 500";
        QTest::newRow("log level") << "tray/log_level"
                                   << "loud";
    }

    void badValuesLoadAsUnset()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        {
            QDir().mkpath(QFileInfo(AppPaths::settingsFile()).absolutePath());
            QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
            ini.setValue(key, value);
        }
        TraySettings s(AppPaths::settingsFile());
        s.load();
        QVERIFY(!s.slotCount);
        QVERIFY(!s.idleTimeoutMs);
        QCOMPARE(s.logLevel, spdlog::level::info);
    }

    void storedValuesFeedTheParser()
    {
        TraySettings s(AppPaths::settingsFile());
        s.sandbox = QStringLiteral("bubblewrap");
        s.slotCount = 4;
        s.idleTimeoutMs = 90000;
        s.cursor = validTuple();

        RunnerConfigInput input;
        input.env = QProcessEnvironment();
        s.applyTo(input, apiKey);
        const auto parsed = RunnerConfigParser::parse(input);
        QVERIFY(std::holds_alternative<RunnerConfig>(parsed));
        const auto &config = std::get<RunnerConfig>(parsed);
        QCOMPARE(config.sandbox, SandboxChoice::Bubblewrap);
        QVERIFY(config.bubblewrapEnabled);
        QCOMPARE(config.slotCount, 4);
        QCOMPARE(config.idleTimeoutMs, std::optional<int>(90000));
        QVERIFY(config.cursor);
        QCOMPARE(config.cursor->profileVersion, validProfile);
        QCOMPARE(config.cursor->model, QStringLiteral("gpt-5"));
        QCOMPARE(config.cursor->apiKey, apiKey);

        // Without the key the lane is left out entirely rather than half given.
        RunnerConfigInput noKey;
        noKey.env = QProcessEnvironment();
        s.applyTo(noKey);
        const auto withoutKey = RunnerConfigParser::parse(noKey);
        QVERIFY(std::holds_alternative<RunnerConfig>(withoutKey));
        QVERIFY(!std::get<RunnerConfig>(withoutKey).cursor);
    }

    void theCommandLineWins()
    {
        TraySettings s(AppPaths::settingsFile());
        s.sandbox = QStringLiteral("bubblewrap");
        s.slotCount = 4;
        s.idleTimeoutMs = 90000;
        s.cursor = validTuple();

        RunnerConfigInput input;
        input.env = QProcessEnvironment();
        input.flags.insert(QStringLiteral("sandbox"), QStringLiteral("none"));
        input.flags.insert(QStringLiteral("slots"), QStringLiteral("2"));
        input.env.insert(QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), QStringLiteral("5000"));
        // One Cursor variable in the environment: the environment owns the lane (all or none), so
        // the stored tuple does not fill the gaps and the parser names what is missing.
        input.env.insert(QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("other"));
        s.applyTo(input, apiKey);
        QCOMPARE(input.flags.value(QStringLiteral("sandbox")), QStringLiteral("none"));
        QCOMPARE(input.flags.value(QStringLiteral("slots")), QStringLiteral("2"));
        QCOMPARE(input.env.value(QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS")), QStringLiteral("5000"));
        QVERIFY(!input.env.contains(QStringLiteral("CURSOR_API_KEY")));
        const auto parsed = RunnerConfigParser::parse(input);
        QVERIFY(std::holds_alternative<QList<ConfigError>>(parsed));
        QVERIFY(std::get<QList<ConfigError>>(parsed).first().message.contains(QLatin1String("CURSOR_API_KEY")));
    }

    // The dialog's check and the parser's agree, so a tuple the dialog saves never stops a start.
    void cursorChecksAgreeWithTheParser_data()
    {
        QTest::addColumn<QString>("profile");
        QTest::addColumn<QString>("digest");
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("key");
        const QString model = QStringLiteral("gpt-5");
        QTest::newRow("complete") << validProfile << validDigest << model << apiKey;
        QTest::newRow("none") << QString() << QString() << QString() << QString();
        QTest::newRow("no key") << validProfile << validDigest << model << QString();
        QTest::newRow("no model") << validProfile << validDigest << QString() << apiKey;
        QTest::newRow("only key") << QString() << QString() << QString() << apiKey;
        QTest::newRow("profile upper case") << validProfile.toUpper() << validDigest << model << apiKey;
        QTest::newRow("profile without version")
            << validProfile.section(QLatin1Char('@'), 0, 0) << validDigest << model << apiKey;
        QTest::newRow("profile version 0")
            << validProfile.section(QLatin1Char('@'), 0, 0) + QStringLiteral("@0") << validDigest << model << apiKey;
        QTest::newRow("digest short") << validProfile << validDigest.chopped(1) << model << apiKey;
        QTest::newRow("digest sha512") << validProfile << QStringLiteral("sha512:") + QString(64, QLatin1Char('a'))
                                       << model << apiKey;
        QTest::newRow("trailing newline") << validProfile + QLatin1Char('\n') << validDigest << model << apiKey;
    }

    void cursorChecksAgreeWithTheParser()
    {
        QFETCH(QString, profile);
        QFETCH(QString, digest);
        QFETCH(QString, model);
        QFETCH(QString, key);
        const QStringList problems
            = TraySettings::cursorProblems(CursorTuple { profile, digest, model }, !key.isEmpty());

        RunnerConfigInput input;
        input.env = QProcessEnvironment();
        const std::pair<const char *, QString> variables[] = { { "CHECKFU_CURSOR_HARNESS_PROFILE_VERSION", profile },
            { "CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST", digest }, { "CHECKFU_CURSOR_MODEL", model },
            { "CURSOR_API_KEY", key } };
        for (const auto &[name, value] : variables) {
            if (!value.isEmpty())
                input.env.insert(QLatin1String(name), value);
        }
        const bool parserAccepts = std::holds_alternative<RunnerConfig>(RunnerConfigParser::parse(input));
        QCOMPARE(problems.isEmpty(), parserAccepts);
        for (const QString &problem : problems)
            QVERIFY2(!problem.contains(apiKey), "a problem must never show the key");
    }

    void aPartialTupleNamesOnlyWhatIsMissing()
    {
        const QStringList problems
            = TraySettings::cursorProblems(CursorTuple { validProfile, QString(), QStringLiteral("gpt-5") }, false);
        QCOMPARE(problems,
            QStringList { QStringLiteral("The Cursor lane needs all four fields or none; missing: release digest, API "
                                         "key.") });
    }

    void theCursorKeyGoesToTheStoreOnly()
    {
        QTemporaryDir dir;
        const auto store = CredentialStore::create(CredentialStore::Kind::File, dir.path() + QStringLiteral("/creds"));
        const QString account
            = CursorKeyStore::account(QUrl(QStringLiteral("https://cp.example.test")), QStringLiteral("runner_1"));
        CredentialResult result
            = waitForCredential([&](auto done) { CursorKeyStore::write(*store, account, apiKey, done); });
        QVERIFY2(result.ok(), qPrintable(result.message));

        TraySettings s(AppPaths::settingsFile());
        s.cursor = validTuple();
        QVERIFY(s.save());
        QVERIFY(!fileBytes(AppPaths::settingsFile()).contains(apiKey.toUtf8()));
        QVERIFY(fileBytes(AppPaths::settingsFile()).contains(validProfile.toUtf8()));

        result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, account, done); });
        QVERIFY(result.ok());
        QCOMPARE(result.secret, apiKey);
        // Under the pairing's account, where the Runner thread will look for it; not under the old fixed one.
        result = waitForCredential([&](auto done) { store->read(account, done); });
        QCOMPARE(result.secret, apiKey);
        result = waitForCredential([&](auto done) { store->read(QStringLiteral("cursor-api-key"), done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);

        // The dialog's "clear" (nullopt) removes it.
        result = waitForCredential([&](auto done) { CursorKeyStore::apply(*store, account, std::nullopt, done); });
        QVERIFY(result.ok());
        result = waitForCredential([&](auto done) { CursorKeyStore::read(*store, account, done); });
        QCOMPARE(result.status, CredentialResult::Status::NotFound);

        result = waitForCredential([&](auto done) { CursorKeyStore::apply(*store, account, QString(), done); });
        QCOMPARE(result.status, CredentialResult::Status::Refused);
    }

    void autostartWritesAndRemovesTheDesktopEntry()
    {
        const QString program = QStringLiteral("/opt/checkfu/bin/checkfu-tray");
        const auto autostart = Autostart::create(program);
        QCOMPARE(autostart->location(), autostartFile());
        QVERIFY(!autostart->isEnabled());

        QString error;
        QVERIFY2(autostart->setEnabled(true, &error), qPrintable(error));
        QVERIFY(autostart->isEnabled());
        const QStringList lines = QString::fromUtf8(fileBytes(autostartFile())).split(QLatin1Char('\n'));
        QCOMPARE(lines.first(), QStringLiteral("[Desktop Entry]"));
        QVERIFY(lines.contains(QStringLiteral("Type=Application")));
        QVERIFY(lines.contains(QStringLiteral("Name=Checkfu Runner")));
        QVERIFY(lines.contains(QStringLiteral("Exec=/opt/checkfu/bin/checkfu-tray")));
        QVERIFY(lines.contains(QStringLiteral("X-GNOME-Autostart-enabled=true")));
        for (const QString &line : lines) {
            // Nothing but the program: no token, key or environment.
            QVERIFY2(!line.contains(QLatin1String("KEY"), Qt::CaseInsensitive), qPrintable(line));
            QVERIFY2(!line.contains(QLatin1String("TOKEN"), Qt::CaseInsensitive), qPrintable(line));
        }

        QVERIFY(autostart->setEnabled(false, &error));
        QVERIFY(!QFile::exists(autostartFile()));
        QVERIFY(!autostart->isEnabled());
        QVERIFY2(autostart->setEnabled(false, &error), "disabling twice is fine");
    }

    void autostartQuotesTheExecLine_data()
    {
        QTest::addColumn<QString>("program");
        QTest::addColumn<QString>("exec");
        QTest::newRow("plain") << "/usr/bin/checkfu-tray"
                               << "/usr/bin/checkfu-tray";
        QTest::newRow("space") << "/opt/Checkfu Runner/checkfu-tray"
                               << "\"/opt/Checkfu Runner/checkfu-tray\"";
        QTest::newRow("percent") << "/opt/100%/checkfu-tray"
                                 << "/opt/100%%/checkfu-tray";
        // $ is reserved: quoted and escaped, then the backslash doubled by the string escape.
        QTest::newRow("dollar") << "/opt/a$b/checkfu-tray"
                                << "\"/opt/a\\\\$b/checkfu-tray\"";
        QTest::newRow("quote") << "/opt/a\"b/t"
                               << "\"/opt/a\\\\\"b/t\"";
        QTest::newRow("backslash") << "/opt/a\\b/t"
                                   << "\"/opt/a\\\\\\\\b/t\"";
    }

    void autostartQuotesTheExecLine()
    {
        QFETCH(QString, program);
        QFETCH(QString, exec);
        QCOMPARE(XdgAutostart::execArgument(program), exec);
        QVERIFY(XdgAutostart::desktopEntry(program).contains(QStringLiteral("\nExec=") + exec + QLatin1Char('\n')));
    }

    void autostartRefusesWhatItCannotStart()
    {
        QString error;
        QVERIFY(!Autostart::create(QStringLiteral("checkfu-tray"))->setEnabled(true, &error));
        QVERIFY2(error.contains(QLatin1String("absolute path")), qPrintable(error));
        QVERIFY(!XdgAutostart(QStringLiteral("/opt/a\nb")).setEnabled(true, &error));
        QVERIFY2(error.contains(QLatin1String("control character")), qPrintable(error));
        QVERIFY(!QFile::exists(autostartFile()));
    }

    void autostartHonoursADesktopSwitchingItOff_data()
    {
        QTest::addColumn<QString>("line");
        QTest::newRow("hidden") << "Hidden=true";
        QTest::newRow("gnome") << "X-GNOME-Autostart-enabled=false";
    }

    void autostartHonoursADesktopSwitchingItOff()
    {
        QFETCH(QString, line);
        QDir().mkpath(QFileInfo(autostartFile()).absolutePath());
        QFile file(autostartFile());
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("[Desktop Entry]\nType=Application\nExec=/usr/bin/checkfu-tray\n" + line.toUtf8() + "\n");
        file.close();
        QVERIFY(!Autostart::create(QStringLiteral("/usr/bin/checkfu-tray"))->isEnabled());
    }

    void autostartStartsThisProgramByDefault()
    {
        qunsetenv("APPIMAGE");
        const auto autostart = Autostart::create();
        QVERIFY(autostart->setEnabled(true));
        const QString exec = XdgAutostart::execArgument(QCoreApplication::applicationFilePath());
        QVERIFY(fileBytes(autostartFile()).contains(("\nExec=" + exec + "\n").toUtf8()));
        QVERIFY(autostart->setEnabled(false));
    }
};

CHECKFU_GUI_TEST_MAIN(TestTraySettings)
#include "tst_traysettings.moc"
