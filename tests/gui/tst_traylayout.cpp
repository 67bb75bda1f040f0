// Nothing a person reads is cut off, in English, German and Japanese: the wizard (every page), the
// Settings dialog and the status window (with runs going and ended) are shown at the size the tray
// opens them with, and every visible label and button must be at least as wide as its text
// (a word-wrapped label as tall as its text at that width). Where a table's column has to elide,
// the whole text is the cell's tooltip.
#include "AppLanguage.h"
#include "Autostart.h"
#include "GuiTestSupport.h"
#include "PairingWizard.h"
#include "SettingsDialog.h"
#include "StatusWindow.h"
#include "TrayMenu.h"
#include "TrayPresentation.h"
#include "TraySettings.h"
#include <runnercore/config/AppPaths.h>

#include <QAbstractButton>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTreeWidget>
#include <QWizardPage>

using namespace runnercore;
using namespace GuiTestSupport;

namespace {

QString nameOf(const QWidget *w)
{
    return w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className()) : w->objectName();
}

// Every visible label, button and table cell of `top` that does not show all of its text.
void collectCuts(const QString &where, QWidget *top, QWidget *widget, QStringList &cuts)
{
    if (widget != top && !widget->isVisibleTo(top))
        return;
    if (auto *label = qobject_cast<QLabel *>(widget); label && !label->text().isEmpty() && label->pixmap().isNull()) {
        const QRect room = label->contentsRect();
        if (label->wordWrap()) {
            if (label->heightForWidth(label->width()) > label->height())
                cuts << QStringLiteral("%1: label %2 \"%3\" needs %4 px of height, has %5")
                            .arg(where, nameOf(label), label->text())
                            .arg(label->heightForWidth(label->width()))
                            .arg(label->height());
        } else if (!Qt::mightBeRichText(label->text())) {
            // An accelerator's '&' is not drawn ("&&" is one '&').
            QString shown = label->text();
            shown.replace(QStringLiteral("&&"), QStringLiteral("\x01"));
            shown.remove(QLatin1Char('&')).replace(QLatin1Char('\x01'), QLatin1Char('&'));
            for (const QString &line : shown.split(QLatin1Char('\n'))) {
                const int needed = label->fontMetrics().horizontalAdvance(line);
                if (needed > room.width())
                    cuts << QStringLiteral("%1: label %2 \"%3\" needs %4 px, has %5")
                                .arg(where, nameOf(label), line)
                                .arg(needed)
                                .arg(room.width());
            }
        }
    } else if (auto *button = qobject_cast<QAbstractButton *>(widget); button && !button->text().isEmpty()) {
        if (button->width() < button->sizeHint().width())
            cuts << QStringLiteral("%1: button %2 \"%3\" needs %4 px, has %5")
                        .arg(where, nameOf(button), button->text())
                        .arg(button->sizeHint().width())
                        .arg(button->width());
    } else if (auto *tree = qobject_cast<QTreeWidget *>(widget)) {
        for (int i = 0; i < tree->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *item = tree->topLevelItem(i);
            for (int c = 0; c < tree->columnCount(); ++c) {
                // As the view lays the cell out: the delegate's size for it, the first column indented.
                const QModelIndex index = tree->model()->index(i, c);
                QStyleOptionViewItem option;
                option.initFrom(tree);
                const int needed = tree->itemDelegate()->sizeHint(option, index).width()
                    + (c == 0 && tree->rootIsDecorated() ? tree->indentation() : 0);
                const int room = tree->header()->sectionSize(c);
                if (needed > room && item->toolTip(c).isEmpty())
                    cuts << QStringLiteral("%1: table %2, column %3, \"%4\" is cut and has no tooltip")
                                .arg(where, nameOf(tree))
                                .arg(c)
                                .arg(item->text(c));
            }
        }
    }
    for (QObject *child : widget->children()) {
        if (auto *w = qobject_cast<QWidget *>(child); w && !w->isWindow())
            collectCuts(where, top, w, cuts);
    }
}

QStringList cutsOf(const QString &where, QWidget *top)
{
    QCoreApplication::processEvents(); // the layouts settle
    QStringList cuts;
    collectCuts(where, top, top, cuts);
    return cuts;
}

RunSummary endedRun(int n, const QString &outcome, const QString &reason, const QDateTime &now)
{
    RunSummary run;
    run.runId = QStringLiteral("run_%1").arg(n);
    run.sessionId = QStringLiteral("ses_%1").arg(n);
    run.title = QStringLiteral("Fix the flaky integration test in the payment service");
    run.driver = QStringLiteral("checkfu:acp-v1@1");
    run.tier = QStringLiteral("host-process");
    run.startedAt = now.addSecs(-600);
    run.endedAt = now.addSecs(-60);
    run.outcome = outcome;
    run.reason = reason;
    return run;
}

} // namespace

class TestTrayLayout : public QObject
{
    Q_OBJECT

private slots:
    void nothingIsCutOff_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("ja") << QStringLiteral("ja");
    }

    void nothingIsCutOff()
    {
        QFETCH(QString, language);
        AppLanguage installed;
        QString error;
        QVERIFY2(installed.install(language, &error), qPrintable(error));
        QStringList cuts;

        PairingWizard::Hooks wizardHooks;
        wizardHooks.defaultLabel = QStringLiteral("build-box");
        wizardHooks.detectDocker
            = [](PairingWizard::Hooks::Detected done) { done(true, QStringLiteral("Docker 27.1")); };
        wizardHooks.detectBubblewrap = [](PairingWizard::Hooks::Detected done) { done(true, QString()); };
        PairingWizard wizard(wizardHooks);
        wizard.show();
        QVERIFY(QTest::qWaitForWindowExposed(&wizard));
        wizard.findChild<QLineEdit *>(QStringLiteral("endpointEdit"))
            ->setText(QStringLiteral("https://cp.example.test"));
        wizard.findChild<QLineEdit *>(QStringLiteral("codeEdit"))->setText(QStringLiteral("CFU-7K3M-Q9XD-2HFA"));
        // QWizard's own subtitle label is kept apart: see the end.
        QStringList subtitleCuts;
        for (int page = PairingWizard::EndpointPageId; page < PairingWizard::ResultPageId; ++page) {
            const QString subtitle = wizard.currentPage()->subTitle();
            for (const QString &cut : cutsOf(QStringLiteral("wizard page %1").arg(page), &wizard))
                (cut.contains(QLatin1Char('"') + subtitle + QLatin1Char('"')) ? subtitleCuts : cuts) << cut;
            wizard.next();
        }
        wizard.showResult(true, QString());
        cuts << cutsOf(QStringLiteral("wizard, paired"), &wizard);

        TraySettings settings(AppPaths::settingsFile());
        NoAutostart autostart;
        SettingsDialog settingsDialog(settings, autostart);
        settingsDialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&settingsDialog));
        cuts << cutsOf(QStringLiteral("settings"), &settingsDialog);

        TrayHooks hooks;
        hooks.openUrl = [](const QUrl &) { return true; };
        TrayMenu menu(hooks);
        StatusWindow window(&menu);
        window.setNoTrayReason(QString());
        const QDateTime now = QDateTime::currentDateTime();
        RunnerStatus status = connectedStatus();
        status.sandboxPosture = QStringLiteral("docker 27.1; host-process (no isolation, the machine's own network)");
        status.activity.addEnded(endedRun(1, QStringLiteral("failed"), QStringLiteral("materialization_failed"), now));
        status.activity.addEnded(endedRun(2, QStringLiteral("cancelled"), QStringLiteral("runner_stopped"), now));
        status.activity.addEnded(endedRun(3, QStringLiteral("succeeded"), QString(), now));
        for (const DrainReasons reasons :
            { DrainReasons(), DrainReasons(DrainReason::Battery | DrainReason::Metered) }) {
            status.state = reasons ? RunnerState::Draining : RunnerState::Ready;
            status.draining = bool(reasons);
            status.drainReasons = reasons;
            status.power.onBattery = true;
            status.power.batteryPercent = 18;
            const TrayView view = TrayPresentation::present(status, now);
            menu.setStatus(status, view.statusLine);
            window.setStatus(status, view, now);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            cuts << cutsOf(QStringLiteral("status window, %1").arg(view.statusLine), &window);
        }
        cuts.removeDuplicates();
        QVERIFY2(cuts.isEmpty(),
            qPrintable(QStringLiteral("cut off in %1:\n  %2").arg(language, cuts.join(QStringLiteral("\n  ")))));
        QVERIFY2(subtitleCuts.isEmpty(),
            qPrintable(QStringLiteral("wizard subtitle cut off in %1:\n  %2")
                           .arg(language, subtitleCuts.join(QStringLiteral("\n  ")))));
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayLayout)
#include "tst_traylayout.moc"
