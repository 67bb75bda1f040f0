// The tray in another language has no English left: the wizard (every page, success and failure), the
// menu and status window in every state a test can reach, the tooltip, the notifications, the settings,
// diagnostics and unpair dialogs are built once in English and once with `--lang <code>`'s catalogues, and every
// visible text (titles, labels, buttons, actions, tooltips, placeholders, combo box items, headers) that reads the same
// in both is English unless it holds nothing but names (Checkfu Runner, Docker, URLs, numbers…). AppLanguage itself:
// what --lang accepts, and the error for what it does not.
#include "AppLanguage.h"
#include "Autostart.h"
#include "DiagnosticsDialog.h"
#include "GuiTestSupport.h"
#include "Notifier.h"
#include "PairingWizard.h"
#include "SettingsDialog.h"
#include "StatusWindow.h"
#include "TrayCommandLine.h"
#include "TrayMenu.h"
#include "TrayPresentation.h"
#include "TraySettings.h"
#include "UnpairDialog.h"
#include <runnercore/config/AppPaths.h>

#include <QAbstractButton>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTextDocumentFragment>
#include <QTreeWidget>
#include <QWizardPage>

#include <memory>

using namespace runnercore;
using namespace GuiTestSupport;

namespace {

class RecordingSink : public NotificationSink
{
public:
    QList<Notification> shown;
    quint32 notify(const Notification &notification) override
    {
        shown << notification;
        return quint32(shown.size());
    }
};

// What a person sees of one window, in the order the widgets are found (the same in every language).
class TextCollector
{
public:
    void add(const QString &where, const QString &text)
    {
        const QString plain = Qt::mightBeRichText(text) ? QTextDocumentFragment::fromHtml(text).toPlainText() : text;
        for (const QString &line : plain.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            m_texts << std::make_pair(where, line.trimmed());
    }

    void addWidget(const QString &where, QWidget *top)
    {
        add(where + QStringLiteral(" title"), top->windowTitle());
        addTree(where, top, top);
    }

    void addMenu(const QString &where, QMenu *menu)
    {
        add(where + QStringLiteral(" title"), menu->title());
        for (QAction *action : menu->actions()) {
            if (!action->isVisible() || action->isSeparator())
                continue;
            add(where + QStringLiteral(" action"), action->text());
            if (action->toolTip() != QString(action->text()).remove(QLatin1Char('&')))
                add(where + QStringLiteral(" action tooltip"), action->toolTip());
        }
    }

    QList<std::pair<QString, QString>> texts() const { return m_texts; }

private:
    void addTree(const QString &where, QWidget *top, QWidget *widget)
    {
        if (widget != top && !widget->isVisibleTo(top))
            return;
        add(where + QStringLiteral(" tooltip"), widget->toolTip());
        if (auto *label = qobject_cast<QLabel *>(widget))
            add(where + QStringLiteral(" label"), label->text());
        else if (auto *button = qobject_cast<QAbstractButton *>(widget))
            add(where + QStringLiteral(" button"), button->text());
        else if (auto *box = qobject_cast<QGroupBox *>(widget))
            add(where + QStringLiteral(" group"), box->title());
        else if (auto *edit = qobject_cast<QLineEdit *>(widget))
            add(where + QStringLiteral(" placeholder"), edit->placeholderText());
        else if (auto *spin = qobject_cast<QSpinBox *>(widget))
            add(where + QStringLiteral(" spin box"), spin->prefix() + spin->suffix() + spin->specialValueText());
        else if (auto *combo = qobject_cast<QComboBox *>(widget)) {
            for (int i = 0; i < combo->count(); ++i)
                add(where + QStringLiteral(" item"), combo->itemText(i));
        } else if (auto *tree = qobject_cast<QTreeWidget *>(widget)) {
            for (int c = 0; c < tree->columnCount(); ++c)
                add(where + QStringLiteral(" header"), tree->headerItem()->text(c));
            for (int i = 0; i < tree->topLevelItemCount(); ++i) {
                for (int c = 0; c < tree->columnCount(); ++c)
                    add(where + QStringLiteral(" row"), tree->topLevelItem(i)->text(c));
            }
        }
        if (auto *page = qobject_cast<QWizardPage *>(widget)) {
            add(where + QStringLiteral(" page title"), page->title());
            add(where + QStringLiteral(" page subtitle"), page->subTitle());
        }
        for (QObject *child : widget->children()) {
            if (auto *w = qobject_cast<QWidget *>(child); w && !w->isWindow())
                addTree(where, top, w);
        }
    }

    QList<std::pair<QString, QString>> m_texts;
};

// The states the menu and status window show; approvals and runs where they matter.
QList<std::pair<QString, RunnerStatus>> statuses(const QDateTime &now)
{
    QList<std::pair<QString, RunnerStatus>> list;
    const auto with = [&](const char *name, RunnerState state, int busy = 0) -> RunnerStatus & {
        RunnerStatus s = connectedStatus();
        s.state = state;
        s.busySlots = busy;
        s.draining = state == RunnerState::Draining;
        s.sandboxPosture = QStringLiteral("docker 27.1");
        s.message.clear();
        s.lastContact = now.addSecs(-30);
        list.append({ QLatin1String(name), s });
        return list.last().second;
    };
    RunnerStatus &notPaired = with("not paired", RunnerState::NotPaired);
    notPaired.paired = false;
    notPaired.runnerId.clear();
    notPaired.endpoint.clear();
    notPaired.lastContact = QDateTime();
    with("starting", RunnerState::Starting);
    with("connecting", RunnerState::Connecting);
    with("offline", RunnerState::Offline).nextRetry = now.addSecs(20);
    with("ready", RunnerState::Ready);
    with("running", RunnerState::Ready, 3);
    with("one run", RunnerState::Ready, 1);
    with("draining", RunnerState::Draining, 2);
    with("drained", RunnerState::Draining);
    with("stopping", RunnerState::Stopping, 1);
    with("stopped", RunnerState::Stopped);
    with("revoked", RunnerState::Revoked);
    with("fenced", RunnerState::Fenced);
    with("failed", RunnerState::Failed);
    RunnerStatus &approvals = with("approvals waiting", RunnerState::Ready, 2);
    approvals.approvals << approval(QStringLiteral("apr_1"), QString(), QString())
                        << approval(QStringLiteral("apr_2"), QString(), QStringLiteral("https://cp.example.test/a/2"));
    return list;
}

// Every window the tray can show, built now (so in the language installed now).
QList<std::pair<QString, QString>> trayTexts()
{
    TextCollector texts;
    const QDateTime now = QDateTime::currentDateTime();

    TrayHooks hooks;
    hooks.openUrl = [](const QUrl &) { return true; };
    TrayMenu menu(hooks);
    StatusWindow window(&menu);
    window.setNoTrayReason(QString());
    for (const auto &[name, status] : statuses(now)) {
        const TrayView view = TrayPresentation::present(status, now);
        menu.setStatus(status, view.statusLine);
        window.setStatus(status, view, now);
        texts.addMenu(QStringLiteral("menu, ") + name, &menu);
        texts.addWidget(QStringLiteral("status window, ") + name, &window);
        texts.add(QStringLiteral("tooltip, ") + name, view.tooltip);
    }

    // Notifications: an approval, back after an outage, a drain finished, revoked, fenced, pairing results.
    RecordingSink sink;
    QDateTime clock = now;
    Notifier notifier(
        &sink, [](const QUrl &) { return true; }, [&clock] { return clock; });
    const auto state = [](RunnerState s, int busy) {
        RunnerStatus status = connectedStatus();
        status.state = s;
        status.busySlots = busy;
        status.draining = s == RunnerState::Draining;
        // The Runner's sentence, as the core words it in the language installed.
        status.message
            = QCoreApplication::translate("runnercore::Runner", "Connected to %1").arg(status.endpoint.toString());
        return status;
    };
    notifier.setStatus(state(RunnerState::Ready, 0));
    notifier.approvalRequested(approval(QStringLiteral("apr_9"), QString(), QString()));
    notifier.setStatus(state(RunnerState::Offline, 0));
    clock = clock.addSecs(600);
    notifier.setStatus(state(RunnerState::Ready, 0));
    notifier.setStatus(state(RunnerState::Draining, 1));
    notifier.setStatus(state(RunnerState::Draining, 0));
    notifier.setStatus(state(RunnerState::Revoked, 0));
    notifier.setStatus(state(RunnerState::Fenced, 0));
    notifier.pairingFinished(true, QString());
    notifier.pairingFinished(false, QString());
    if (sink.shown.size() < 6)
        QTest::qFail(qPrintable(QStringLiteral("only %1 notifications").arg(sink.shown.size())), __FILE__, __LINE__);
    for (const Notification &n : std::as_const(sink.shown)) {
        texts.add(QStringLiteral("notification title"), n.title);
        texts.add(QStringLiteral("notification body"), n.body);
    }

    PairingWizard::Hooks wizardHooks;
    wizardHooks.defaultLabel = QStringLiteral("build-box");
    wizardHooks.detectDocker = [](PairingWizard::Hooks::Detected done) { done(true, QStringLiteral("Docker 27.1")); };
    wizardHooks.detectBubblewrap = [](PairingWizard::Hooks::Detected) {}; // still checking
    PairingWizard wizard(wizardHooks);
    wizard.show();
    const auto fill = [&wizard](const char *name, const QString &value) {
        if (auto *edit = wizard.findChild<QLineEdit *>(QLatin1String(name)))
            edit->setText(value);
        else
            QTest::qFail(qPrintable(QStringLiteral("no field %1").arg(QLatin1String(name))), __FILE__, __LINE__);
    };
    fill("endpointEdit", QStringLiteral("https://cp.example.test"));
    fill("codeEdit", QStringLiteral("CFU-7K3M-Q9XD-2HFA"));
    for (int page = PairingWizard::EndpointPageId; page < PairingWizard::ResultPageId; ++page) {
        texts.addWidget(QStringLiteral("wizard page %1").arg(page), &wizard);
        if (page == PairingWizard::SandboxPageId) {
            if (auto *docker = wizard.findChild<QAbstractButton *>(QStringLiteral("sandboxDocker")))
                docker->click();
            texts.addWidget(QStringLiteral("wizard page %1, chosen").arg(page), &wizard);
        }
        wizard.next();
        if (wizard.currentId() == page)
            QTest::qFail(qPrintable(QStringLiteral("the wizard stays on page %1").arg(page)), __FILE__, __LINE__);
    }
    texts.addWidget(QStringLiteral("wizard, redeeming"), &wizard);
    wizard.showResult(false, QStringLiteral("HTTP 503"));
    texts.addWidget(QStringLiteral("wizard, failed"), &wizard);
    wizard.showResult(true, QString());
    texts.addWidget(QStringLiteral("wizard, paired"), &wizard);

    TraySettings settings(AppPaths::settingsFile());
    NoAutostart autostart;
    SettingsDialog settingsDialog(settings, autostart);
    settingsDialog.show();
    texts.addWidget(QStringLiteral("settings"), &settingsDialog);

    DiagnosticsDialog diagnostics;
    diagnostics.show();
    texts.addWidget(QStringLiteral("diagnostics, not run"), &diagnostics);
    diagnostics.showChecks({ { QStringLiteral("endpoint"), Doctor::Status::Ok, QStringLiteral("200"), QString() },
        { QStringLiteral("clock"), Doctor::Status::Warn, QStringLiteral("5"), QStringLiteral("ntp") },
        { QStringLiteral("sandbox docker"), Doctor::Status::Fail, QStringLiteral("27.1"), QString() },
        { QStringLiteral("cursor lane"), Doctor::Status::Skip, QStringLiteral("—"), QString() } });
    texts.addWidget(QStringLiteral("diagnostics, checked"), &diagnostics);
    diagnostics.setRunning();
    texts.addWidget(QStringLiteral("diagnostics, running"), &diagnostics);

    UnpairDialog unpair(QStringLiteral("rnr_0123"), QUrl(QStringLiteral("https://cp.example.test")));
    unpair.show();
    texts.addWidget(QStringLiteral("unpair"), &unpair);
    unpair.showResult(false, QStringLiteral("EACCES"));
    texts.addWidget(QStringLiteral("unpair, failed"), &unpair);
    unpair.showResult(true, QString());
    texts.addWidget(QStringLiteral("unpair, done"), &unpair);
    return texts.texts();
}

// Nothing but names, codes, numbers and addresses: the same in every language.
bool onlyNames(QString text)
{
    // Addresses, paths, numbers, codes (CFU-XXXX, host-process), upper-case names (HTTP, ACP).
    static const QRegularExpression address(QStringLiteral("\\S+://\\S*|\\S+@\\S+|\\S*[0-9_./:-]\\S*|\\b[A-Z]{2,}\\b"));
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{2,}"));
    static const QStringList names { QStringLiteral("Checkfu"), QStringLiteral("Runner"), QStringLiteral("Docker"),
        QStringLiteral("docker"), QStringLiteral("bubblewrap"), QStringLiteral("Bubblewrap"), QStringLiteral("bwrap"),
        QStringLiteral("ACP"), QStringLiteral("Cursor"), QStringLiteral("API"), QStringLiteral("URL"),
        QStringLiteral("OK"), QStringLiteral("ntp"), QStringLiteral("box"), QStringLiteral("build"),
        // The same word in German.
        QStringLiteral("Sandbox"), QStringLiteral("Details"), QStringLiteral("Info"), QStringLiteral("optional") };
    text.remove(address);
    text.remove(QLatin1Char('&'));
    for (auto it = word.globalMatch(text); it.hasNext();) {
        if (!names.contains(it.next().captured()))
            return false;
    }
    return true;
}

} // namespace

class TestTrayLanguages : public QObject
{
    Q_OBJECT

private slots:
    void noEnglishLeft_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("de") << QStringLiteral("de");
        QTest::newRow("ja") << QStringLiteral("ja");
    }

    void noEnglishLeft()
    {
        QFETCH(QString, language);
        const QList<std::pair<QString, QString>> english = trayTexts();
        QVERIFY(english.size() > 300);
        AppLanguage installed;
        QString error;
        QVERIFY2(installed.install(language, &error), qPrintable(error));
        QCOMPARE(installed.language(), language);
        const QList<std::pair<QString, QString>> translated = trayTexts();
        QCOMPARE(translated.size(), english.size());
        QStringList untranslated;
        for (qsizetype i = 0; i < english.size(); ++i) {
            QCOMPARE(translated.at(i).first, english.at(i).first);
            const QString &text = translated.at(i).second;
            if (text == english.at(i).second && !onlyNames(text))
                untranslated << QStringLiteral("%1: \"%2\"").arg(translated.at(i).first, text);
        }
        untranslated.removeDuplicates();
        QVERIFY2(untranslated.isEmpty(),
            qPrintable(QStringLiteral("English in --lang %1:\n  %2")
                           .arg(language, untranslated.join(QStringLiteral("\n  ")))));
    }

    void everyLanguageIsOffered()
    {
        QVERIFY(AppLanguage::available().startsWith(QStringLiteral("en")));
        QVERIFY(AppLanguage::available().contains(QStringLiteral("de")));
        AppLanguage english;
        QVERIFY(english.install(QStringLiteral("en")));
        QCOMPARE(english.language(), QStringLiteral("en"));
        QCOMPARE(QCoreApplication::translate("TrayMenu", "Settings…"), QStringLiteral("Settings…"));
        AppLanguage german;
        QVERIFY(german.install(QStringLiteral("de")));
        QCOMPARE(QCoreApplication::translate("TrayMenu", "Settings…"), QStringLiteral("Einstellungen…"));
    }

    void anUnknownLanguageIsRefusedByName()
    {
        AppLanguage language;
        QString error;
        QVERIFY(!language.install(QStringLiteral("klingon"), &error));
        QVERIFY2(error.contains(QStringLiteral("--lang")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("klingon")), qPrintable(error));
        QVERIFY2(error.contains(AppLanguage::available().join(QStringLiteral(", "))), qPrintable(error));
    }

    // A later `checkfu-tray --lang ja checkfu://…` hands its arguments to the running tray, which parses them
    // again: --lang is accepted there and changes nothing (main() alone installs the language).
    void aHandedOverLanguageIsAcceptedAndIgnored()
    {
        AppLanguage german;
        QVERIFY(german.install(QStringLiteral("de")));
        const QString link = QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=https://cp.example.test");
        const TrayCommandLine forwarded = TrayCommandLine::parse(
            { QStringLiteral("checkfu-tray"), QStringLiteral("--lang"), QStringLiteral("ja"), link }, {});
        QVERIFY2(forwarded.errors.isEmpty(), qPrintable(forwarded.errors.join(QLatin1Char('\n'))));
        QCOMPARE(forwarded.pairingLink, link);
        QCOMPARE(german.language(), QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("TrayMenu", "Settings…"), QStringLiteral("Einstellungen…"));
    }

    void readsTheFlagInBothSpellings()
    {
        const QString program = QStringLiteral("checkfu-runner");
        QCOMPARE(AppLanguage::requested(
                     { program, QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("start") }),
            std::optional<QString>(QStringLiteral("de")));
        QCOMPARE(AppLanguage::requested({ program, QStringLiteral("start"), QStringLiteral("--lang=ja") }),
            std::optional<QString>(QStringLiteral("ja")));
        QCOMPARE(AppLanguage::requested({ program, QStringLiteral("--"), QStringLiteral("--lang=ja") }), std::nullopt);
        QCOMPARE(AppLanguage::withoutLanguage({ program, QStringLiteral("--lang"), QStringLiteral("de"),
                     QStringLiteral("start"), QStringLiteral("--lang=de") }),
            QStringList({ program, QStringLiteral("start") }));
        // A flag without its value stays for the parser to refuse.
        QCOMPARE(AppLanguage::withoutLanguage({ program, QStringLiteral("--lang") }),
            QStringList({ program, QStringLiteral("--lang") }));
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayLanguages)
#include "tst_traylanguages.moc"
