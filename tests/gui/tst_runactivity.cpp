// The tray's activity view: the runs going on this machine (title, driver, tier, elapsed time,
// the Session's link, Cancel) and the last twenty that ended (outcome, reason, duration), the
// counts in the menu and the tooltip in plural forms, a timer only while the window shows, and
// titles from the control plane shown literally, never as markup.
#include "GuiTestSupport.h"
#include "RunActivity.h"
#include "RunActivityView.h"
#include "StatusWindow.h"
#include "TrayIcon.h"
#include "TrayMenu.h"
#include "TrayPresentation.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolButton>
#include <QTranslator>
#include <QTreeWidget>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {
const QDateTime Now(QDate(2025, 3, 14), QTime(14, 0, 0));

RunSummary running(int n, const QString &title, qint64 runningForMs)
{
    RunSummary r;
    r.runId = QStringLiteral("run_%1").arg(n);
    r.sessionId = QStringLiteral("sess_%1").arg(n);
    r.title = title;
    r.driver = QStringLiteral("acp");
    r.tier = QStringLiteral("bubblewrap");
    r.sessionLink = QStringLiteral("https://cp.example.test/sessions/sess_%1").arg(n);
    r.startedAt = Now.addMSecs(-runningForMs);
    return r;
}

RunSummary ended(int n, const QString &title, const QString &outcome, const QString &reason, qint64 tookMs)
{
    RunSummary r = running(n, title, tookMs + 1000);
    r.driver = QStringLiteral("oneshot");
    r.tier = QStringLiteral("host-process");
    r.outcome = outcome;
    r.reason = reason;
    r.endedAt = r.startedAt.addMSecs(tookMs);
    return r;
}

RunnerStatus withRuns(const QList<RunSummary> &runs, const QList<RunSummary> &endedRuns = {})
{
    RunnerStatus s = connectedStatus();
    for (auto it = endedRuns.crbegin(); it != endedRuns.crend(); ++it)
        s.activity.addEnded(*it); // endedRuns newest first
    s.activity.setRunning(runs);
    s.busySlots = int(runs.size());
    return s;
}

QWidget *rowOf(StatusWindow &window, const QString &runId)
{
    return window.findChild<QWidget *>(QStringLiteral("run:") + runId);
}

QString labelText(QWidget *row, const char *name)
{
    auto *label = row ? row->findChild<QLabel *>(QLatin1String(name)) : nullptr;
    return label ? label->text() : QStringLiteral("<no label %1>").arg(QLatin1String(name));
}

// A catalogue with plural forms for the run counts, as a translation gives them: it answers only
// when the caller passed the count (n >= 0), so a tr() without %n would stay English.
class PluralTranslator : public QTranslator
{
public:
    QString translate(const char *, const char *source, const char *, int n) const override
    {
        if (n < 0)
            return {};
        const QLatin1String text(source);
        if (text == QLatin1String("%n run(s) going"))
            return n == 1 ? QStringLiteral("%n Lauf läuft") : QStringLiteral("%n Läufe laufen");
        if (text == QLatin1String("Show activity — %n run(s) going…"))
            return n == 1 ? QStringLiteral("Aktivität — %n Lauf läuft…")
                          : QStringLiteral("Aktivität — %n Läufe laufen…");
        return {};
    }
    bool isEmpty() const override { return false; }
};
} // namespace

class TestRunActivity : public QObject
{
    Q_OBJECT

    QList<QUrl> m_opened;
    QStringList m_confirmAsked;
    bool m_confirmAnswer = false;
    QDateTime m_now = Now;
    QTemporaryDir m_logDir;

    TrayHooks hooks()
    {
        TrayHooks h;
        h.openUrl = [this](const QUrl &url) {
            m_opened.append(url);
            return true;
        };
        h.confirmQuit = [](int) { return false; };
        h.confirmCancelRun = [this](const QString &title) {
            m_confirmAsked.append(title);
            return m_confirmAnswer;
        };
        h.trayAvailable = [] { return false; };
        h.now = [this] { return m_now; };
        h.logDir = m_logDir.path() + QStringLiteral("/logs");
        return h;
    }

private slots:
    void init()
    {
        m_opened.clear();
        m_confirmAsked.clear();
        m_confirmAnswer = false;
        m_now = Now;
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }

    // A running run with its title, driver, tier, elapsed time and link; an ended one with its
    // outcome, reason and duration.
    void listsARunningAndAnEndedRun()
    {
        TrayIcon icon(hooks());
        icon.setStatus(withRuns({ running(1, QStringLiteral("Fix flaky test"), 125000) },
            { ended(2, QStringLiteral("Update the docs"), QStringLiteral("failed"), QStringLiteral("exit_nonzero"),
                65000) }));
        StatusWindow &window = *icon.statusWindow();

        QWidget *row = rowOf(window, QStringLiteral("run_1"));
        QVERIFY(row);
        QCOMPARE(labelText(row, "title"), QStringLiteral("Fix flaky test"));
        QCOMPARE(labelText(row, "driver"), QStringLiteral("Driver: acp"));
        QCOMPARE(labelText(row, "tier"), QStringLiteral("Tier: bubblewrap"));
        QCOMPARE(labelText(row, "elapsed"), QStringLiteral("Running for 2 min 05 s"));
        QVERIFY(!window.findChild<QLabel *>(QStringLiteral("noRuns"))->isVisibleTo(&window));
        auto *link = row->findChild<QToolButton *>(QStringLiteral("link"));
        QVERIFY(link && link->isEnabled());
        link->click();
        QCOMPARE(m_opened, QList<QUrl> { QUrl(QStringLiteral("https://cp.example.test/sessions/sess_1")) });

        auto *recent = window.findChild<QTreeWidget *>(QStringLiteral("recentRuns"));
        QVERIFY(recent && recent->isVisibleTo(&window));
        QCOMPARE(recent->topLevelItemCount(), 1);
        const QTreeWidgetItem *item = recent->topLevelItem(0);
        QCOMPARE(item->text(0), QStringLiteral("Update the docs"));
        QCOMPARE(item->text(1), QStringLiteral("Failed"));
        QCOMPARE(item->text(2), QStringLiteral("the harness exited with an error"));
        QCOMPARE(item->text(3), QStringLiteral("1 min 05 s"));

        // Settled: it leaves the running ones and heads the history.
        RunnerStatus later = withRuns({},
            { ended(1, QStringLiteral("Fix flaky test"), QStringLiteral("cancelled"), QStringLiteral("runner_stopped"),
                  3 * 3600 * 1000 + 7 * 60 * 1000),
                ended(2, QStringLiteral("Update the docs"), QStringLiteral("failed"), QStringLiteral("exit_nonzero"),
                    65000) });
        icon.setStatus(later);
        QTRY_VERIFY(!rowOf(window, QStringLiteral("run_1")));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("noRuns"))->isVisibleTo(&window));
        QCOMPARE(recent->topLevelItemCount(), 2);
        QCOMPARE(recent->topLevelItem(0)->text(0), QStringLiteral("Fix flaky test"));
        QCOMPARE(recent->topLevelItem(0)->text(1), QStringLiteral("Cancelled"));
        QCOMPARE(recent->topLevelItem(0)->text(2), QStringLiteral("cancelled on this machine"));
        QCOMPARE(recent->topLevelItem(0)->text(3), QStringLiteral("3 h 07 min"));
    }

    // A run without a link has a disabled link button, and a given-up run reads so.
    void missingLinkAndGivenUpRun()
    {
        TrayIcon icon(hooks());
        RunSummary run = running(1, QStringLiteral("No link"), 1000);
        run.sessionLink = QStringLiteral("javascript:alert(1)"); // not a web page: no link
        icon.setStatus(withRuns({ run }, { ended(2, QStringLiteral("Lost"), QString(), QString(), 4000) }));
        QWidget *row = rowOf(*icon.statusWindow(), QStringLiteral("run_1"));
        QVERIFY(row);
        QVERIFY(!row->findChild<QToolButton *>(QStringLiteral("link"))->isEnabled());
        auto *recent = icon.statusWindow()->findChild<QTreeWidget *>(QStringLiteral("recentRuns"));
        QCOMPARE(recent->topLevelItem(0)->text(1), QStringLiteral("Given up"));
        QCOMPARE(recent->topLevelItem(0)->text(2), QString());
        QCOMPARE(recent->topLevelItem(0)->text(3), QStringLiteral("4 s"));
    }

    // While its mounts are materialised a run shows what the fetch is doing and how far it is; the
    // repository and short commit stay once the harness runs (issue 22).
    void showsTheFetchPhaseAndTheRepository()
    {
        TrayIcon icon(hooks());
        RunSummary run = running(1, QStringLiteral("Fix the flaky test"), 3000);
        run.phase = QStringLiteral("https://git.example.com/org/repo.git · Receiving objects");
        run.phasePercent = 43;
        run.repository = QStringLiteral("https://git.example.com/org/repo.git @ 0123456789ab");
        icon.setStatus(withRuns({ run }));
        QWidget *row = rowOf(*icon.statusWindow(), QStringLiteral("run_1"));
        QVERIFY(row);
        QCOMPARE(labelText(row, "phase"),
            QStringLiteral("https://git.example.com/org/repo.git · Receiving objects… 43 %\n"
                           "Repository: https://git.example.com/org/repo.git @ 0123456789ab"));
        run.phase.clear();
        run.phasePercent = -1;
        icon.setStatus(withRuns({ run }));
        QCOMPARE(
            labelText(row, "phase"), QStringLiteral("Repository: https://git.example.com/org/repo.git @ 0123456789ab"));
        run.repository.clear();
        icon.setStatus(withRuns({ run }));
        QVERIFY(!row->findChild<QLabel *>(QStringLiteral("phase"))->isVisibleTo(icon.statusWindow()));
        // §6.10: a run that uses the platform's tools shows how many calls it made.
        run.platformToolCalls = 3;
        icon.setStatus(withRuns({ run }));
        QCOMPARE(labelText(row, "phase"), QStringLiteral("Platform tools: 3 calls"));
        QVERIFY(row->findChild<QLabel *>(QStringLiteral("phase"))->isVisibleTo(icon.statusWindow()));
    }

    // Cancel asks first, naming the run; only a yes cancels, and only the run whose button it was.
    void cancelAsksThenCancelsThatRun()
    {
        TrayIcon icon(hooks());
        QSignalSpy cancelled(&icon, &TrayIcon::cancelRunRequested);
        icon.setStatus(withRuns(
            { running(1, QStringLiteral("First run"), 5000), running(2, QStringLiteral("Second run"), 4000) }));
        auto *cancel
            = rowOf(*icon.statusWindow(), QStringLiteral("run_2"))->findChild<QToolButton *>(QStringLiteral("cancel"));
        QVERIFY(cancel);

        cancel->click();
        QCOMPARE(m_confirmAsked, QStringList { QStringLiteral("Second run") });
        QCOMPARE(cancelled.size(), 0);

        m_confirmAnswer = true;
        cancel->click();
        QCOMPARE(cancelled.size(), 1);
        QCOMPARE(cancelled.at(0).at(0).toString(), QStringLiteral("run_2"));
    }

    // An ended run whose workspace was kept offers Changes… for that workspace; one without, nothing (issue 23).
    void anEndedRunWithAKeptWorkspaceOffersItsChanges()
    {
        TrayIcon icon(hooks());
        QSignalSpy changes(&icon, &TrayIcon::changesRequested);
        RunSummary kept = ended(1, QStringLiteral("Fix the greeting"), QStringLiteral("succeeded"), QString(), 4000);
        kept.snapshotId = QStringLiteral("snap_0123456789abcdef0123456789abcdef");
        icon.setStatus(withRuns(
            {}, { kept, ended(2, QStringLiteral("Nothing kept"), QStringLiteral("succeeded"), QString(), 2000) }));
        auto *button = icon.statusWindow()->findChild<QToolButton *>(QStringLiteral("changes:run_1"));
        QVERIFY(button);
        QCOMPARE(button->text(), QStringLiteral("Changes…"));
        QVERIFY(!icon.statusWindow()->findChild<QToolButton *>(QStringLiteral("changes:run_2")));
        button->click();
        QCOMPARE(changes.size(), 1);
        QCOMPARE(changes.at(0).at(0).toString(), kept.snapshotId);
    }

    // Without a confirmer nothing is cancelled.
    void noConfirmerNoCancel()
    {
        TrayHooks h = hooks();
        h.confirmCancelRun = nullptr;
        TrayIcon icon(h);
        QSignalSpy cancelled(&icon, &TrayIcon::cancelRunRequested);
        icon.setStatus(withRuns({ running(1, QStringLiteral("Run"), 5000) }));
        rowOf(*icon.statusWindow(), QStringLiteral("run_1"))
            ->findChild<QToolButton *>(QStringLiteral("cancel"))
            ->click();
        QCOMPARE(cancelled.size(), 0);
    }

    // Twenty ended runs are kept, newest first; the oldest go.
    void keepsTheLastTwenty()
    {
        RunActivity activity;
        activity.setRunning({ running(25, QStringLiteral("Run 25"), 1000) });
        for (int n = 1; n <= 25; ++n)
            activity.addEnded(ended(n, QStringLiteral("Run %1").arg(n), QStringLiteral("succeeded"), QString(), 1000));
        QCOMPARE(activity.recent().size(), RunActivity::MaxRecent);
        QCOMPARE(RunActivity::MaxRecent, 20);
        QCOMPARE(activity.recent().first().runId, QStringLiteral("run_25"));
        QCOMPARE(activity.recent().last().runId, QStringLiteral("run_6"));
        QVERIFY(activity.running().isEmpty()); // run 25 ended
        activity.addEnded(ended(24, QStringLiteral("Run 24"), QStringLiteral("succeeded"), QString(), 1000));
        QCOMPARE(activity.recent().size(), 20); // reported twice: still one entry
        QCOMPARE(activity.recent().first().runId, QStringLiteral("run_24"));

        TrayIcon icon(hooks());
        RunnerStatus status = connectedStatus();
        status.activity = activity;
        icon.setStatus(status);
        auto *recent = icon.statusWindow()->findChild<QTreeWidget *>(QStringLiteral("recentRuns"));
        QCOMPARE(recent->topLevelItemCount(), 20);
        QCOMPARE(recent->topLevelItem(0)->text(0), QStringLiteral("Run 24"));
        QCOMPARE(recent->topLevelItem(19)->text(0), QStringLiteral("Run 6"));
    }

    // The menu and the tooltip say how many runs go, in English and in a translation's plural forms.
    void menuAndTooltipCountRuns()
    {
        TrayIcon icon(hooks());
        QSignalSpy shown(icon.menu(), &TrayMenu::activityRequested);
        QAction *activity = icon.menu()->activityAction();
        icon.setStatus(withRuns({}));
        QCOMPARE(activity->text(), QStringLiteral("Show activity…"));
        icon.setStatus(withRuns({ running(1, QStringLiteral("One"), 1000) }));
        QCOMPARE(activity->text(), QStringLiteral("Show activity — 1 run going…"));
        QCOMPARE(icon.menu()->statusAction()->text(), QStringLiteral("Running 1 run"));
        icon.setStatus(withRuns({ running(1, QStringLiteral("One"), 1000), running(2, QStringLiteral("Two"), 1000) }));
        QCOMPARE(activity->text(), QStringLiteral("Show activity — 2 runs going…"));
        QCOMPARE(icon.menu()->statusAction()->text(), QStringLiteral("Running 2 runs"));
        QVERIFY(icon.view().tooltip.startsWith(QStringLiteral("Checkfu Runner — Running 2 runs\n")));
        activity->trigger();
        QCOMPARE(shown.size(), 1);
        QVERIFY(icon.statusWindow()->isVisible());
        icon.statusWindow()->hide();

        // Offline the status line does not count them: a line of the tooltip does.
        RunnerStatus offline = withRuns({ running(1, QStringLiteral("One"), 1000) });
        offline.state = RunnerState::Offline;
        QVERIFY2(
            TrayPresentation::tooltip(offline, Now).split(QLatin1Char('\n')).contains(QStringLiteral("1 run going")),
            qPrintable(TrayPresentation::tooltip(offline, Now)));
        offline = withRuns({ running(1, QStringLiteral("One"), 1000), running(2, QStringLiteral("Two"), 1000) });
        offline.state = RunnerState::Offline;
        QVERIFY(
            TrayPresentation::tooltip(offline, Now).split(QLatin1Char('\n')).contains(QStringLiteral("2 runs going")));

        PluralTranslator plural;
        QVERIFY(QCoreApplication::installTranslator(&plural));
        QVERIFY(TrayPresentation::tooltip(offline, Now)
                    .split(QLatin1Char('\n'))
                    .contains(QStringLiteral("2 Läufe laufen")));
        offline.busySlots = 1;
        QVERIFY(
            TrayPresentation::tooltip(offline, Now).split(QLatin1Char('\n')).contains(QStringLiteral("1 Lauf läuft")));
        QCOMPARE(TrayPresentation::activityActionText(1), QStringLiteral("Aktivität — 1 Lauf läuft…"));
        QCOMPARE(TrayPresentation::activityActionText(3), QStringLiteral("Aktivität — 3 Läufe laufen…"));
        QCoreApplication::removeTranslator(&plural);
    }

    // The elapsed times tick only while the window shows and a run goes: a hidden tray runs no timer.
    void ticksOnlyWhileShown()
    {
        TrayIcon icon(hooks());
        StatusWindow &window = *icon.statusWindow();
        RunActivityView *view = window.activityView();
        icon.setStatus(withRuns({ running(1, QStringLiteral("Run"), 10000) }));
        QVERIFY(!window.isVisible());
        QVERIFY(!view->isTicking());
        QVERIFY(window.findChildren<QTimer *>().size() >= 1);
        for (const QTimer *timer : window.findChildren<QTimer *>())
            QVERIFY2(!timer->isActive(), qPrintable(timer->objectName()));

        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(view->isTicking());
        QWidget *row = rowOf(window, QStringLiteral("run_1"));
        QCOMPARE(labelText(row, "elapsed"), QStringLiteral("Running for 10 s"));
        m_now = Now.addSecs(50);
        QTRY_COMPARE(labelText(row, "elapsed"), QStringLiteral("Running for 1 min 00 s"));

        window.hide();
        QVERIFY(!view->isTicking());
        // Shown again, it catches up at once.
        m_now = Now.addSecs(70);
        window.show();
        QCOMPARE(labelText(row, "elapsed"), QStringLiteral("Running for 1 min 20 s"));
        QVERIFY(view->isTicking());

        // Shown, but nothing runs: nothing to tick.
        icon.setStatus(withRuns({}));
        QVERIFY(!view->isTicking());
        window.hide();
    }

    // A title is shown as the text it is: markup stays literal, control and direction-changing
    // characters go, a long title is elided.
    void titlesAreShownLiterally()
    {
        const QString hostile = QStringLiteral("<b>bold</b>\n\u202Eevil\a & <a href='https://x.test'>link</a>\u200B");
        const QString literal = QStringLiteral("<b>bold</b> evil & <a href='https://x.test'>link</a>");
        TrayIcon icon(hooks());
        icon.setStatus(withRuns({ running(1, hostile, 1000) },
            { ended(2, hostile, QStringLiteral("succeeded"), QString(), 1000),
                ended(3, QString(200, QLatin1Char('x')), QStringLiteral("succeeded"), QString(), 1000),
                ended(4, QStringLiteral("\t\r\n"), QStringLiteral("succeeded"), QString(), 1000) }));
        QWidget *row = rowOf(*icon.statusWindow(), QStringLiteral("run_1"));
        auto *title = row->findChild<QLabel *>(QStringLiteral("title"));
        QCOMPARE(title->textFormat(), Qt::PlainText);
        QCOMPARE(title->text(), literal);
        for (const char *name : { "driver", "tier", "elapsed" })
            QCOMPARE(row->findChild<QLabel *>(QLatin1String(name))->textFormat(), Qt::PlainText);
        auto *recent = icon.statusWindow()->findChild<QTreeWidget *>(QStringLiteral("recentRuns"));
        QCOMPARE(recent->topLevelItem(0)->text(0), literal);
        const QString longTitle = recent->topLevelItem(1)->text(0);
        QCOMPARE(longTitle.size(), 60);
        QVERIFY(longTitle.endsWith(QChar(0x2026)));
        QCOMPARE(recent->topLevelItem(2)->text(0), QStringLiteral("untitled run"));

        // The confirmation names it the same safe way.
        rowOf(*icon.statusWindow(), QStringLiteral("run_1"))
            ->findChild<QToolButton *>(QStringLiteral("cancel"))
            ->click();
        QCOMPARE(m_confirmAsked, QStringList { literal });
    }
};

CHECKFU_GUI_TEST_MAIN(TestRunActivity)
#include "tst_runactivity.moc"
