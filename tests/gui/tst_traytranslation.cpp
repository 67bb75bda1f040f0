// The tray speaks the person's language: the German catalogue built from translations/ is
// embedded, and with it installed the menu and the status line read in German.
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
};

CHECKFU_GUI_TEST_MAIN(TestTrayTranslation)
#include "tst_traytranslation.moc"
