// The tray speaks the person's language: the German catalogue built from translations/ is
// embedded, and with it installed the menu and the status line read in German.
#include "AppLanguage.h"
#include "GuiTestSupport.h"
#include "TrayMenu.h"
#include "TrayPresentation.h"

#include <QTranslator>

using namespace runnercore;

using namespace GuiTestSupport;

class TestTrayTranslation : public QObject
{
    Q_OBJECT

private slots:
    void germanMenuAndStatus()
    {
        QTranslator german;
        QVERIFY2(german.load(QLocale(QLocale::German, QLocale::Germany), QStringLiteral("checkfu"), QStringLiteral("_"),
                     QStringLiteral(":/i18n")),
            "the German catalogue is not embedded at :/i18n/checkfu_de.qm");
        QVERIFY(QCoreApplication::installTranslator(&german));
        TrayHooks hooks;
        hooks.openUrl = [](const QUrl &) { return true; };
        TrayMenu menu(hooks);
        RunnerStatus status = connectedStatus();
        menu.setStatus(status, TrayPresentation::statusLine(status, QDateTime::currentDateTime()));
        QCOMPARE(menu.settingsAction()->text(), QStringLiteral("Einstellungen…"));
        QCOMPARE(menu.quitAction()->text(), QStringLiteral("Checkfu Runner beenden"));
        QCOMPARE(menu.statusAction()->text(), QStringLiteral("Bereit — wartet auf Arbeit"));
        QCoreApplication::removeTranslator(&german);

        // Without it, English: the source texts.
        TrayMenu english(hooks);
        QCOMPARE(english.settingsAction()->text(), QStringLiteral("Settings…"));
    }

    // English counts from one source: "%n run(s)" reads "1 run" and "2 runs" through the English
    // plural catalogue (lupdate -pluralonly), which --lang en and an English system install.
    void englishPluralsFromTheCatalogue()
    {
        QTranslator built;
        QVERIFY2(
            built.load(QStringLiteral(":/i18n/checkfu_en")), "the English catalogue is not at :/i18n/checkfu_en.qm");
        AppLanguage language;
        QVERIFY(language.install(QStringLiteral("en")));
        QCOMPARE(language.language(), QStringLiteral("en"));
        QCOMPARE(TrayPresentation::runsText(1), QStringLiteral("1 run"));
        QCOMPARE(TrayPresentation::runsText(2), QStringLiteral("2 runs"));
        QCOMPARE(TrayPresentation::activityActionText(1), QStringLiteral("Show activity — 1 run going…"));
        QCOMPARE(QCoreApplication::translate(
                     "runnercore::Runner", "Stopping: finishing %n owned run(s), then signing off", nullptr, 3),
            QStringLiteral("Stopping: finishing 3 owned runs, then signing off"));
        // English is offered once, though it has a catalogue of its own.
        QCOMPARE(AppLanguage::available().count(QStringLiteral("en")), 1);
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayTranslation)
#include "tst_traytranslation.moc"
