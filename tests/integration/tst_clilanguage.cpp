// checkfu-runner speaks the language --lang names, or the system's: the messages a person reads on the
// common paths (no command, an unpaired machine, a bad flag value, --help, unpair) are German with
// `--lang de` and with a German system locale; an unknown --lang is refused naming the flag and the
// languages there are; machine output (the state names of the status lines) stays as documented.
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QTest>

using namespace IntegrationSupport;

class TestCliLanguage : public QObject
{
    Q_OBJECT

private slots:
    void germanWithTheFlag_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("german");
        QTest::addColumn<QString>("english");
        QTest::newRow("no command") << QStringList { QStringLiteral("--lang"), QStringLiteral("de") } << 2
                                    << QStringLiteral("checkfu-runner: Geben Sie einen Befehl an (start, doctor, "
                                                      "unpair, cache, snapshots); siehe --help")
                                    << QStringLiteral("name a command");
        QTest::newRow("not paired") << QStringList { QStringLiteral("start"), QStringLiteral("--lang=de"),
            QStringLiteral("--endpoint"), QStringLiteral("http://127.0.0.1:9"), QStringLiteral("--credential-store"),
            QStringLiteral("file") } << 6
                                    << QStringLiteral("Dieser Rechner ist noch nicht gekoppelt.")
                                    << QStringLiteral("not paired yet");
        QTest::newRow("bad sandbox") << QStringList { QStringLiteral("--lang"), QStringLiteral("de"),
            QStringLiteral("start"), QStringLiteral("--sandbox"), QStringLiteral("bogus") }
                                     << 2
                                     << QStringLiteral("checkfu-runner: --sandbox: unbekannte Sandbox-Stufe 'bogus'.")
                                     << QStringLiteral("unknown sandbox tier");
        QTest::newRow("help") << QStringList { QStringLiteral("--help"), QStringLiteral("--lang"),
            QStringLiteral("de") }
                              << 0 << QStringLiteral("Exit-Codes:") << QStringLiteral("Exit codes:");
        QTest::newRow("unpair") << QStringList { QStringLiteral("unpair"), QStringLiteral("--lang"),
            QStringLiteral("de") }
                                << 0
                                << QStringLiteral("Dieser Rechner ist nicht gekoppelt; es gibt nichts zu vergessen.")
                                << QStringLiteral("nothing to forget");
        QTest::newRow("snapshots") << QStringList { QStringLiteral("snapshots"), QStringLiteral("show"),
            QStringLiteral("snap_0123456789abcdef0123456789abcdef"), QStringLiteral("--lang"), QStringLiteral("de") }
                                   << 1
                                   << QStringLiteral("dieser Rechner hat keinen Snapshot "
                                                     "'snap_0123456789abcdef0123456789abcdef' (siehe snapshots list)")
                                   << QStringLiteral("holds no snapshot");
    }

    void germanWithTheFlag()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, german);
        QFETCH(QString, english);
        RunnerProcess runner;
        runner.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        runner.setEnv(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
        QCOMPARE(runner.run(args, 20000), exitCode);
        const QString output = runner.stdoutText() + runner.stderrText();
        QVERIFY2(output.contains(german), qPrintable(runner.describe()));
        QVERIFY2(!output.contains(english), qPrintable(runner.describe()));
    }

    void theSystemLanguageElseEnglish()
    {
        RunnerProcess runner;
        runner.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("de_DE:de"));
        runner.setEnv(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
        QCOMPARE(runner.run({ QStringLiteral("bogus") }, 20000), 2);
        QVERIFY2(runner.stderrText().contains(QStringLiteral("checkfu-runner: unbekannter Befehl 'bogus'; verwenden "
                                                             "Sie start, doctor, unpair, cache oder snapshots")),
            qPrintable(runner.describe()));
        // --lang wins over the system's language.
        RunnerProcess english;
        english.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("de_DE:de"));
        english.setEnv(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
        QCOMPARE(english.run({ QStringLiteral("--lang"), QStringLiteral("en"), QStringLiteral("bogus") }, 20000), 2);
        QVERIFY2(
            english.stderrText().contains(QStringLiteral("unknown command 'bogus'")), qPrintable(english.describe()));
        // A system language without a catalogue: English.
        RunnerProcess other;
        other.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("pt_BR:pt"));
        other.setEnv(QStringLiteral("LANG"), QStringLiteral("pt_BR.UTF-8"));
        QCOMPARE(other.run({ QStringLiteral("bogus") }, 20000), 2);
        QVERIFY2(other.stderrText().contains(QStringLiteral("unknown command 'bogus'")), qPrintable(other.describe()));
    }

    void anUnknownLanguageIsRefused()
    {
        RunnerProcess runner;
        QCOMPARE(runner.run({ QStringLiteral("--lang"), QStringLiteral("xx"), QStringLiteral("start") }, 20000), 2);
        const QString error = runner.stderrText();
        QVERIFY2(error.contains(QStringLiteral("--lang")), qPrintable(runner.describe()));
        QVERIFY2(error.contains(QStringLiteral("'xx'")), qPrintable(runner.describe()));
        QVERIFY2(error.contains(QStringLiteral("en, de, ja")), qPrintable(runner.describe()));
    }
};

QTEST_GUILESS_MAIN(TestCliLanguage)
#include "tst_clilanguage.moc"
