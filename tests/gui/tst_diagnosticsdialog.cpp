// The diagnostics dialog (the `doctor` checks for a person: a row per check, its status in word,
// icon and colour, the hint when something is wrong, a busy state, "Run again", copying the text)
// and the unpair confirmation (what unpairing does and does not do, its busy state and outcome).
#include "DiagnosticsDialog.h"
#include "GuiTestSupport.h"
#include "UnpairDialog.h"

#include <QClipboard>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTextDocument>
#include <QTreeWidget>

using namespace runnercore;

namespace {
QList<Doctor::Check> someChecks()
{
    return {
        { QStringLiteral("endpoint"), Doctor::Status::Ok,
            QStringLiteral("https://cp.example.test answers, version 2026-08-27"),
            QStringLiteral("never shown for an OK check") },
        { QStringLiteral("clock"), Doctor::Status::Warn, QStringLiteral("42 s behind the server"),
            QStringLiteral("Turn on automatic time.") },
        { QStringLiteral("credential"), Doctor::Status::Fail, QStringLiteral("no credential stored"),
            QStringLiteral("Pair this machine again.") },
        { QStringLiteral("exchange"), Doctor::Status::Skip, QStringLiteral("no credential to exchange"), QString() },
    };
}
} // namespace

class TestDiagnosticsDialog : public QObject
{
    Q_OBJECT

private slots:
    void startsEmpty()
    {
        DiagnosticsDialog dialog;
        dialog.show();
        auto *summary = dialog.findChild<QLabel *>(QStringLiteral("summary"));
        auto *checks = dialog.findChild<QTreeWidget *>(QStringLiteral("checks"));
        auto *copy = dialog.findChild<QPushButton *>(QStringLiteral("copy"));
        auto *runAgain = dialog.findChild<QPushButton *>(QStringLiteral("runAgain"));
        auto *busy = dialog.findChild<QProgressBar *>(QStringLiteral("busy"));
        QVERIFY2(summary && checks && copy && runAgain && busy, "summary, checks, copy, runAgain or busy is gone");
        QCOMPARE(summary->text(), QStringLiteral("The checks have not run yet."));
        QCOMPARE(checks->topLevelItemCount(), 0);
        QVERIFY(!copy->isEnabled());
        QVERIFY(runAgain->isEnabled());
        QVERIFY(!busy->isVisible());
    }

    void showsEachCheck()
    {
        DiagnosticsDialog dialog;
        dialog.show();
        dialog.showChecks(someChecks());
        auto *list = dialog.findChild<QTreeWidget *>(QStringLiteral("checks"));
        auto *summary = dialog.findChild<QLabel *>(QStringLiteral("summary"));
        auto *copy = dialog.findChild<QPushButton *>(QStringLiteral("copy"));
        QVERIFY2(list && summary && copy, "checks, summary or copy is gone");
        QCOMPARE(list->topLevelItemCount(), 4);

        const QStringList words { QStringLiteral("OK"), QStringLiteral("Warning"), QStringLiteral("Failed"),
            QStringLiteral("Skipped") };
        QSet<QRgb> colours;
        for (int i = 0; i < 4; ++i) {
            QTreeWidgetItem *item = list->topLevelItem(i);
            QCOMPARE(item->text(0), words.at(i));
            QCOMPARE(item->text(1), someChecks().at(i).name);
            QVERIFY(item->text(2).startsWith(someChecks().at(i).detail));
            QVERIFY(!item->icon(0).isNull());
            colours.insert(item->foreground(0).color().rgb());
        }
        QCOMPARE(colours.size(), 4);
        // The hint only where something is wrong, as `checkfu-runner doctor` prints it.
        QCOMPARE(list->topLevelItem(0)->text(2), someChecks().at(0).detail);
        QCOMPARE(
            list->topLevelItem(1)->text(2), QStringLiteral("42 s behind the server\nHint: Turn on automatic time."));
        QCOMPARE(
            list->topLevelItem(2)->text(2), QStringLiteral("no credential stored\nHint: Pair this machine again."));
        QCOMPARE(list->topLevelItem(3)->text(2), QStringLiteral("no credential to exchange"));

        QCOMPARE(summary->text(), QStringLiteral("1 check failed, 1 warning, 1 skipped."));
        QVERIFY(copy->isEnabled());
    }

    void summaries_data()
    {
        QTest::addColumn<QList<Doctor::Status>>("statuses");
        QTest::addColumn<QString>("summary");
        using S = Doctor::Status;
        QTest::newRow("all ok") << QList<S> { S::Ok, S::Ok } << "All checks passed.";
        QTest::newRow("ok and skipped") << QList<S> { S::Ok, S::Skip, S::Skip } << "All checks passed, 2 skipped.";
        QTest::newRow("warnings") << QList<S> { S::Ok, S::Warn, S::Warn } << "2 warnings.";
        QTest::newRow("failures") << QList<S> { S::Fail, S::Fail, S::Fail } << "3 checks failed.";
        QTest::newRow("none") << QList<S> {} << "No checks ran.";
    }

    void summaries()
    {
        QFETCH(QList<Doctor::Status>, statuses);
        QFETCH(QString, summary);
        QList<Doctor::Check> checks;
        for (Doctor::Status status : statuses)
            checks.append({ QStringLiteral("c"), status, QStringLiteral("d"), {} });
        QCOMPARE(DiagnosticsDialog::summaryText(checks), summary);
    }

    void runAgainShowsTheBusyState()
    {
        DiagnosticsDialog dialog;
        dialog.show();
        dialog.showChecks(someChecks());
        auto *summary = dialog.findChild<QLabel *>(QStringLiteral("summary"));
        auto *checks = dialog.findChild<QTreeWidget *>(QStringLiteral("checks"));
        auto *copy = dialog.findChild<QPushButton *>(QStringLiteral("copy"));
        auto *runAgain = dialog.findChild<QPushButton *>(QStringLiteral("runAgain"));
        auto *busy = dialog.findChild<QProgressBar *>(QStringLiteral("busy"));
        QVERIFY2(summary && checks && copy && runAgain && busy, "summary, checks, copy, runAgain or busy is gone");
        QSignalSpy asked(&dialog, &DiagnosticsDialog::runRequested);
        runAgain->click();

        QCOMPARE(asked.count(), 1);
        QVERIFY(dialog.isRunning());
        QCOMPARE(summary->text(), QStringLiteral("Running the checks…"));
        QVERIFY(busy->isVisible());
        QVERIFY(!runAgain->isEnabled());
        QVERIFY(!copy->isEnabled());
        // The old rows stay, greyed, until the new ones arrive.
        QVERIFY(!checks->isEnabled());
        QCOMPARE(checks->topLevelItemCount(), 4);

        dialog.showChecks({ { QStringLiteral("endpoint"), Doctor::Status::Ok, QStringLiteral("fine"), {} } });
        QVERIFY(!dialog.isRunning());
        QVERIFY(!busy->isVisible());
        QVERIFY(runAgain->isEnabled());
        QVERIFY(checks->isEnabled());
        QCOMPARE(checks->topLevelItemCount(), 1);
        QCOMPARE(summary->text(), QStringLiteral("All checks passed."));
    }

    void copiesTheDoctorText()
    {
        DiagnosticsDialog dialog;
        dialog.show();
        dialog.showChecks(someChecks());
        auto *copy = dialog.findChild<QPushButton *>(QStringLiteral("copy"));
        auto *copied = dialog.findChild<QLabel *>(QStringLiteral("copied"));
        QVERIFY2(copy && copied, "copy or copied is gone");
        copy->click();
        const QString expected = QStringLiteral("Checkfu Runner %1 diagnostics\n"
                                                "ok   endpoint: https://cp.example.test answers, version 2026-08-27\n"
                                                "warn clock: 42 s behind the server\n"
                                                "     hint: Turn on automatic time.\n"
                                                "fail credential: no credential stored\n"
                                                "     hint: Pair this machine again.\n"
                                                "skip exchange: no credential to exchange\n")
                                     .arg(QStringLiteral(CHECKFU_VERSION));
        QCOMPARE(QApplication::clipboard()->text(), expected);
        QCOMPARE(copied->text(), QStringLiteral("Copied to the clipboard."));
    }

    void unpairExplainsWhatItDoes()
    {
        UnpairDialog dialog(QStringLiteral("rnr_0123"), QUrl(QStringLiteral("https://cp.example.test/")));
        dialog.show();
        QLabel *explanation = dialog.findChild<QLabel *>(QStringLiteral("explanation"));
        auto *unpair = dialog.findChild<QPushButton *>(QStringLiteral("unpair"));
        auto *result = dialog.findChild<QLabel *>(QStringLiteral("result"));
        QVERIFY2(explanation && unpair && result, "explanation, unpair or result is gone");
        QTextDocument doc;
        doc.setHtml(explanation->text());
        const QString text = doc.toPlainText().simplified();
        QVERIFY2(text.contains(QLatin1String("stops the runner")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("forget runner rnr_0123 at https://cp.example.test:")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("its credential are removed from this machine")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("a runner cannot deregister itself")), qPrintable(text));
        QVERIFY2(text.contains(QLatin1String("until an administrator revokes it")), qPrintable(text));
        QCOMPARE(unpair->text(), QStringLiteral("Unpair"));
        QVERIFY(!unpair->isDefault());
        QVERIFY(!result->isVisible());
    }

    void unpairCancelDoesNothing()
    {
        UnpairDialog dialog(QStringLiteral("rnr_0123"), QUrl(QStringLiteral("https://cp.example.test")));
        dialog.show();
        QSignalSpy asked(&dialog, &UnpairDialog::unpairRequested);
        auto *cancel = dialog.findChild<QPushButton *>(QStringLiteral("cancel"));
        QVERIFY2(cancel, "cancel is gone");
        cancel->click();
        QCOMPARE(asked.count(), 0);
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
    }

    void unpairFailureAllowsAnotherTry()
    {
        UnpairDialog dialog(QStringLiteral("rnr_0123"), QUrl(QStringLiteral("https://cp.example.test")));
        dialog.show();
        QSignalSpy asked(&dialog, &UnpairDialog::unpairRequested);
        auto *unpair = dialog.findChild<QPushButton *>(QStringLiteral("unpair"));
        auto *cancel = dialog.findChild<QPushButton *>(QStringLiteral("cancel"));
        auto *result = dialog.findChild<QLabel *>(QStringLiteral("result"));
        QVERIFY2(unpair && cancel && result, "unpair, cancel or result is gone");
        unpair->click();
        QCOMPARE(asked.count(), 1);
        QVERIFY(dialog.isBusy());
        QVERIFY(!unpair->isEnabled());
        QVERIFY(!cancel->isEnabled());
        QCOMPARE(result->text(), QStringLiteral("Stopping the runner and forgetting the pairing…"));

        dialog.showResult(false, QStringLiteral("The keychain is locked; unlock it and try again."));
        QVERIFY(!dialog.isBusy());
        QCOMPARE(result->text(), QStringLiteral("The keychain is locked; unlock it and try again."));
        QVERIFY(unpair->isEnabled());
        QCOMPARE(unpair->text(), QStringLiteral("Try again"));
        QVERIFY(cancel->isEnabled());
        unpair->click();
        QCOMPARE(asked.count(), 2);
    }

    void unpairSuccessLeavesOnlyClose()
    {
        UnpairDialog dialog(QStringLiteral("rnr_0123"), QUrl(QStringLiteral("https://cp.example.test")));
        dialog.show();
        auto *unpair = dialog.findChild<QPushButton *>(QStringLiteral("unpair"));
        auto *cancel = dialog.findChild<QPushButton *>(QStringLiteral("cancel"));
        auto *result = dialog.findChild<QLabel *>(QStringLiteral("result"));
        QVERIFY2(unpair && cancel && result, "unpair, cancel or result is gone");
        unpair->click();
        dialog.showResult(true, QStringLiteral("Forgot runner rnr_0123 (credential removed from the Secret Service)."));
        QCOMPARE(
            result->text(), QStringLiteral("Forgot runner rnr_0123 (credential removed from the Secret Service)."));
        QVERIFY(!unpair->isVisible());
        QCOMPARE(cancel->text(), QStringLiteral("Close"));
        QVERIFY(cancel->isEnabled());
        // An empty message still says what happened.
        dialog.showResult(true, QString());
        QCOMPARE(result->text(), QStringLiteral("This machine is no longer paired."));
    }
};

CHECKFU_GUI_TEST_MAIN(TestDiagnosticsDialog)
#include "tst_diagnosticsdialog.moc"
