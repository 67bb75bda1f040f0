// The whole tray against a real checkfu-devplane (offscreen, isolated HOME/XDG, file credential
// store): a checkfu://pair link opens the wizard prefilled, a spent code shows the server's
// sentence and leads back to the code page, a fresh code pairs; then an ACP run asks for
// permission and the tray shows exactly one notification, whose activation opens that approval's
// page (opener injected); the approval given, the run completes and the menu entry goes away; a
// run shows in the status window and its Cancel ends it.
// Runtime: about 15 s.
#include "DesktopNotifications.h"
#include "DevPlaneProcess.h"
#include "GuiTestSupport.h"
#include "IntegrationSupport.h"
#include "Notifier.h"
#include "RunnerController.h"
#include "RunnerProcess.h"
#include "StatusWindow.h"
#include "TrayApplication.h"
#include "TrayIcon.h"
#include "TrayMenu.h"
#include "WorkspaceChangesDialog.h"
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/identity/PairingRedemption.h>

#include <QAbstractButton>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QToolButton>
#include <QTreeWidget>

using namespace runnercore;

using namespace GuiTestSupport;
using namespace IntegrationSupport;

namespace {
// Records what the tray asks the desktop to show; tests activate entries as a click would.
class RecordingSink : public NotificationSink
{
public:
    quint32 notify(const Notification &notification) override
    {
        shown.append(notification);
        return quint32(shown.size());
    }
    void click(quint32 id) { emit activated(id, DefaultAction); }
    QList<Notification> shown;
};
} // namespace

class TestTrayFlows : public QObject
{
    Q_OBJECT

    DevPlaneProcess m_devplane;
    std::unique_ptr<RunnerController> m_controller;
    std::unique_ptr<TrayIcon> m_icon;
    std::unique_ptr<TrayApplication> m_tray;
    RecordingSink *m_sink = nullptr; // owned by m_tray
    QList<QUrl> m_opened;
    QStringList m_cancelAsked;

    int redemptions() const
    {
        int count = 0;
        for (const QJsonValue &r : m_devplane.requests())
            count
                += r.toObject().value(QStringLiteral("path")).toString() == QLatin1String("/v1/runner-pairings/redeem");
        return count;
    }

    // What the tray's (file) credential store holds for a pairing's Cursor key.
    static CredentialResult readCursorKey(const QUrl &endpoint, const QString &runnerId)
    {
        const auto store = CredentialStore::create(CredentialStore::Kind::File, AppPaths::credentialDir());
        std::optional<CredentialResult> result;
        store->read(CursorKeyStore::account(endpoint, runnerId), [&](const CredentialResult &r) { result = r; });
        if (!QTest::qWaitFor([&] { return result.has_value(); }, 5000))
            return CredentialResult { CredentialResult::Status::Error, {}, QStringLiteral("the store did not answer") };
        return *result;
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_devplane.start(&error), qPrintable(error));
        RunnerConfigInput input;
        input.flags = { { QStringLiteral("credential-store"), QStringLiteral("file") } };
        input.machineHostName = QStringLiteral("flow-box");
        m_controller = std::make_unique<RunnerController>(input);
        TrayHooks hooks;
        hooks.openUrl = [this](const QUrl &url) {
            m_opened.append(url);
            return true;
        };
        hooks.confirmQuit = [](int) { return true; };
        hooks.confirmCancelRun = [this](const QString &title) {
            m_cancelAsked.append(title);
            return true;
        };
        hooks.trayAvailable = [] { return true; };
        hooks.now = [] { return QDateTime::currentDateTime(); };
        hooks.logDir = QDir::tempPath();
        hooks.notificationSink = [this](QSystemTrayIcon *) {
            auto sink = std::make_unique<RecordingSink>();
            m_sink = sink.get();
            return sink;
        };
        m_icon = std::make_unique<TrayIcon>(hooks);
        m_icon->show();
        m_tray = std::make_unique<TrayApplication>(*m_controller, *m_icon);
        PairingWizard::Hooks wizardHooks;
        wizardHooks.defaultLabel = QStringLiteral("flow-box");
        wizardHooks.detectDocker = [](PairingWizard::Hooks::Detected done) { done(false, QStringLiteral("none")); };
        wizardHooks.detectBubblewrap = [](PairingWizard::Hooks::Detected done) { done(false, QStringLiteral("none")); };
        m_tray->setWizardHooks(wizardHooks);
        QVERIFY(m_sink);
        m_controller->start();
        // Nothing stored: the Runner says so and the menu offers pairing.
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::NotPaired, 10000);
        QVERIFY(m_icon->menu()->pairAction()->isVisible());
        QVERIFY(!m_icon->menu()->unpairAction()->isVisible());
    }

    void pairingLinkSpentCodeThenFreshCode()
    {
        // A well-formed code the devplane never issued: the server's own sentence, then "New Code…".
        const QString link = QStringLiteral("checkfu://pair?code=CFU-2222-3333-4444&endpoint=%1")
                                 .arg(QString::fromLatin1(QUrl::toPercentEncoding(m_devplane.url())));
        m_tray->handleArguments({ link });
        PairingWizard *wizard = m_tray->pairingWizard();
        QVERIFY(wizard);
        QTRY_VERIFY(wizard->isVisible());
        auto *label = child<QLineEdit>(wizard, "labelEdit");
        auto *hostProcess = child<QRadioButton>(wizard, "sandboxHostProcess");
        auto *result = child<QLabel>(wizard, "resultMessage");
        auto *codeEdit = child<QLineEdit>(wizard, "codeEdit");
        QVERIFY2(label && hostProcess && result && codeEdit,
            "the wizard has no labelEdit, sandboxHostProcess, resultMessage or codeEdit");
        QCOMPARE(wizard->currentId(), int(PairingWizard::MachinePageId));
        QCOMPARE(label->text(), QStringLiteral("flow-box"));
        wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::SandboxPageId));
        hostProcess->click();
        while (wizard->currentId() != PairingWizard::ResultPageId && wizard->button(QWizard::NextButton)->isEnabled())
            wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::ResultPageId));

        ApiError notFound;
        notFound.code = QStringLiteral("pairing_not_found");
        const QString expected = PairingRedemption::messageFor(notFound);
        QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(expected), 15000);
        QAbstractButton *retry = wizard->button(QWizard::CustomButton1);
        QVERIFY(retry->isVisible());
        QVERIFY(retry->text().contains(QStringLiteral("New Code")));
        QVERIFY(m_sink->shown.isEmpty()); // the wizard answers its person; no notification on top
        retry->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::CodePageId));

        const QString code = m_devplane.pair();
        QVERIFY(!code.isEmpty());
        codeEdit->setText(code);
        while (wizard->currentId() != PairingWizard::ResultPageId && wizard->button(QWizard::NextButton)->isEnabled())
            wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::ResultPageId));
        QTRY_VERIFY_WITH_TIMEOUT(wizard->button(QWizard::FinishButton)->isEnabled(), 15000);
        QVERIFY(!result->text().contains(code));

        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::Ready, 15000);
        QCOMPARE(m_controller->status().machineLabel, QStringLiteral("flow-box"));
        QVERIFY(m_icon->view().tooltip.contains(QStringLiteral("flow-box")));
        QVERIFY(m_icon->menu()->unpairAction()->isVisible());
        QVERIFY(!m_icon->menu()->pairAction()->isVisible());
        const QJsonArray presences = m_devplane.presences();
        QCOMPARE(presences.size(), 1);
        wizard->button(QWizard::FinishButton)->click();
        QTRY_VERIFY(!m_tray->pairingWizard());
    }

    void approvalNotifiedOnceAndOpensItsPage()
    {
        const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
        QVERIFY2(!node.isEmpty(), "node is not on PATH; run scripts/setup");
        QJsonObject spec = oneshotRunSpec(m_devplane.defaultPrincipal(),
            { node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") }, {},
            QStringLiteral("ask Delete the build folder; say after"));
        spec = withPath(
            spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
        QString error;
        const QString sessionId
            = m_devplane.createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));

        QTRY_COMPARE_WITH_TIMEOUT(m_sink->shown.size(), 1, 20000);
        const Notification shown = m_sink->shown.first();
        QCOMPARE(shown.event, Notification::Event::ApprovalRequested);
        QVERIFY2(
            shown.title.contains(sessionId) || shown.body.contains(sessionId), qPrintable(shown.title + shown.body));
        QVERIFY2(shown.body.contains(QStringLiteral("Delete the build folder"))
                || shown.title.contains(QStringLiteral("Delete the build folder")),
            qPrintable(shown.title + shown.body));
        // The notification and the snapshot that lists the approval are two signals from the core
        // thread: the snapshot may come a moment later.
        QTRY_COMPARE(m_controller->status().approvals.size(), 1);
        const QList<ApprovalRequest> pending = m_controller->status().approvals;
        const QUrl expected(
            m_devplane.url() + QStringLiteral("/sessions/%1/approvals/%2").arg(sessionId, pending.first().approvalId));
        QCOMPARE(shown.link, expected);
        // The menu lists it too, and more snapshots (heartbeats, runs) never notify it again.
        QCOMPARE(m_icon->menu()->approvalActions().size(), 1);
        QCOMPARE(m_icon->view().visual, TrayVisual::Attention);
        QSignalSpy snapshots(m_controller.get(), &RunnerController::statusChanged);
        m_controller->setDraining(false); // the core publishes a snapshot for it
        QVERIFY(snapshots.wait(10000));
        QCOMPARE(m_sink->shown.size(), 1);

        m_sink->click(1);
        QCOMPARE(m_opened, QList<QUrl> { expected });

        QVERIFY2(m_devplane.sessionCommand({ QStringLiteral("approve"), sessionId, pending.first().approvalId,
                                               QStringLiteral("--option"), QStringLiteral("allow_once") },
                     &error),
            qPrintable(error));
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->status().approvals.isEmpty(), 15000);
        QTRY_VERIFY(m_icon->menu()->approvalActions().isEmpty());
        QVERIFY2(m_devplane.sessionCommand({ QStringLiteral("close"), sessionId }, &error), qPrintable(error));
        const QJsonObject settled = m_devplane.waitSettled(sessionId, 30, &error);
        QCOMPARE(settled.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        QCOMPARE(m_sink->shown.size(), 1);
    }

    // A run of the tray's Runner shows in the status window with its title, driver, tier and the
    // Session's link, and in the menu's count; Cancel there (confirmed) ends that run as a local
    // cancel, and it moves to the recently ended ones with its outcome and reason.
    void aRunShowsInTheActivityViewAndIsCancelledThere()
    {
        QString error;
        const QString sessionId
            = m_devplane.createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=60") }, {}, &error)
                  .value(QStringLiteral("session_id"))
                  .toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        StatusWindow *window = m_icon->statusWindow();
        const auto runRow = [window]() -> QWidget * {
            for (QWidget *w : window->findChildren<QWidget *>())
                if (w->objectName().startsWith(QLatin1String("run:")) && w->isVisibleTo(window))
                    return w;
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(runRow(), 15000);
        QWidget *row = runRow();
        QCOMPARE(child<QLabel>(row, "title")->text(), QStringLiteral("devplane preset sleep"));
        QCOMPARE(child<QLabel>(row, "driver")->text(), QStringLiteral("Driver: oneshot"));
        // The row comes with the snapshot of the claim; the tier with the next one, once the run started.
        QTRY_COMPARE(child<QLabel>(row, "tier")->text(), QStringLiteral("Tier: host-process"));
        QVERIFY(child<QLabel>(row, "elapsed")->text().startsWith(QStringLiteral("Running for ")));
        QCOMPARE(m_icon->menu()->activityAction()->text(), QStringLiteral("Show activity — 1 run going…"));
        m_opened.clear();
        child<QToolButton>(row, "link")->click();
        QCOMPARE(m_opened, QList<QUrl> { QUrl(m_devplane.url() + QStringLiteral("/sessions/") + sessionId) });

        child<QToolButton>(row, "cancel")->click();
        QCOMPARE(m_cancelAsked, QStringList { QStringLiteral("devplane preset sleep") });
        const QJsonObject settled = m_devplane.waitSettled(sessionId, 30, &error);
        QVERIFY2(!settled.isEmpty(), qPrintable(error));
        QCOMPARE(settled.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settled.value(QStringLiteral("reason")).toString(), QStringLiteral("runner_stopped"));
        auto *recent = child<QTreeWidget>(window, "recentRuns");
        QVERIFY(recent);
        QTRY_VERIFY_WITH_TIMEOUT(recent->topLevelItemCount() >= 1
                && recent->topLevelItem(0)->text(0) == QStringLiteral("devplane preset sleep"),
            10000);
        QCOMPARE(recent->topLevelItem(0)->text(1), QStringLiteral("Cancelled"));
        QCOMPARE(recent->topLevelItem(0)->text(2), QStringLiteral("cancelled on this machine"));
        QTRY_VERIFY(!runRow());
        QCOMPARE(m_icon->menu()->activityAction()->text(), QStringLiteral("Show activity…"));
        QCOMPARE(m_controller->status().state, RunnerState::Ready);
    }

    // A run that keeps its workspace (§6.9) ends with Changes… in the activity view: the tray opens what
    // it changed; `checkfu-tray --changes ID` handed over by a later launch opens the same (issue 23).
    void anEndedRunsChangesOpenFromTheActivityView()
    {
        QJsonObject spec = IntegrationSupport::oneshotRunSpec(m_devplane.defaultPrincipal(),
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("printf 'two\\n' > notes.txt") });
        spec = IntegrationSupport::withPath(spec, { QStringLiteral("mounts") },
            QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("target"), QStringLiteral("/workspace") },
                { QStringLiteral("files"),
                    QJsonArray { QJsonObject { { QStringLiteral("path"), QStringLiteral("notes.txt") },
                        { QStringLiteral("content_base64"), QStringLiteral("b25lCg==") } } } } } }); // "one\n"
        spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
        spec.insert(QStringLiteral("title"), QStringLiteral("Edit the notes"));
        QString error;
        const QString sessionId
            = m_devplane.createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        QVERIFY2(!m_devplane.waitSettled(sessionId, 30, &error).isEmpty(), qPrintable(error));
        StatusWindow *window = m_icon->statusWindow();
        const auto changesButton = [window]() -> QToolButton * {
            for (QToolButton *b : window->findChildren<QToolButton *>())
                if (b->objectName().startsWith(QLatin1String("changes:")))
                    return b;
            return nullptr;
        };
        QTRY_VERIFY_WITH_TIMEOUT(changesButton(), 10000);
        changesButton()->click();
        WorkspaceChangesDialog *dialog = m_tray->changesDialog();
        QVERIFY(dialog);
        auto *files = child<QTreeWidget>(dialog, "files");
        QTRY_COMPARE_WITH_TIMEOUT(files->topLevelItemCount(), 1, 10000);
        QCOMPARE(files->topLevelItem(0)->text(0), QStringLiteral("notes.txt"));
        QCOMPARE(files->topLevelItem(0)->text(2), QStringLiteral("+1 −1"));
        const QString id = dialog->currentSnapshot();
        QVERIFY(id.startsWith(QStringLiteral("snap_")));
        dialog->close(); // deletes itself
        QTRY_VERIFY(!m_tray->changesDialog());

        m_tray->handleArguments({ QStringLiteral("--changes"), id });
        QVERIFY(m_tray->changesDialog());
        QTRY_COMPARE_WITH_TIMEOUT(m_tray->changesDialog()->currentSnapshot(), id, 10000);
        m_tray->changesDialog()->close();
    }

    // The CLI shares the pairing but not the credential while the tray's Runner holds it.
    void cliUnpairRefusedWhileTheTrayRuns()
    {
        RunnerProcess cli;
        for (const char *name : { "HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR" })
            cli.setEnv(QLatin1String(name), qEnvironmentVariable(name));
        QCOMPARE(cli.run({ QStringLiteral("unpair") }), int(RunnerExit::AlreadyRunning));
        QVERIFY(m_controller->status().paired);
    }

    // A link handed to the paired tray: the wizard says what it replaces and redeems nothing until Replace the
    // Current Pairing is clicked (the devplane sees no redemption before); then the result page shows the owner
    // and workspace the control plane returned. The Cursor key of the old pairing goes with it unless the person
    // keeps it on the Cursor page: first not kept (gone, tuple cleared), then kept (under the new pairing).
    void aLinkOnThePairedMachineReplacesItOnlyAfterTheClick_data()
    {
        QTest::addColumn<bool>("keep");
        QTest::newRow("key not kept") << false;
        QTest::newRow("key kept") << true;
    }

    void aLinkOnThePairedMachineReplacesItOnlyAfterTheClick()
    {
        QFETCH(bool, keep);
        // Re-pairing drains the current Runner first: whatever an earlier test left running is cancelled here, so
        // the wait below measures the pairing, not a leftover run.
        const RunnerStatus leftover = m_controller->status();
        for (const RunSummary &run : leftover.activity.running())
            m_controller->cancelRun(run.runId);
        QTRY_VERIFY_WITH_TIMEOUT(m_controller->status().activity.running().isEmpty(), 15000);
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::Ready, 15000);
        const RunnerStatus before = m_controller->status();
        const QUrl endpoint(m_devplane.url());
        const QString oldRunner = before.runnerId;
        const QString cursorKey = QStringLiteral("cursor-key-of-%1").arg(oldRunner);
        // The current pairing's Cursor lane: the tuple in the settings, the key stored for this pairing.
        {
            RunnerPreferences preferences(AppPaths::settingsFile());
            preferences.load();
            preferences.cursor = { QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3"),
                QStringLiteral("sha256:") + QString(64, u'b'), QStringLiteral("flow-model") };
            QVERIFY(preferences.save());
            QSignalSpy stored(m_controller.get(), &RunnerController::cursorKeyStored);
            m_controller->setCursorKey(cursorKey);
            QVERIFY(stored.wait(5000));
            QVERIFY2(stored.first().at(0).toBool(), qPrintable(stored.first().at(1).toString()));
        }
        QCOMPARE(readCursorKey(endpoint, oldRunner).secret, cursorKey);

        const QString code = m_devplane.pair();
        QVERIFY(!code.isEmpty());
        const int redeemedBefore = redemptions();
        m_tray->handleArguments({ QStringLiteral("checkfu://pair?code=%1&endpoint=%2")
                                      .arg(code, QString::fromLatin1(QUrl::toPercentEncoding(m_devplane.url()))) });
        PairingWizard *wizard = m_tray->pairingWizard();
        QVERIFY(wizard);
        QCOMPARE(wizard->currentId(), int(PairingWizard::MachinePageId));
        auto *notice = child<QLabel>(wizard, "linkNotice");
        QVERIFY(notice);
        QVERIFY2(
            notice->text().contains(QStringLiteral("works for %1").arg(m_devplane.url())), qPrintable(notice->text()));
        wizard->button(QWizard::NextButton)->click();
        child<QRadioButton>(wizard, "sandboxHostProcess")->click();
        wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::CursorPageId));
        // The stored tuple is shown once the store has answered that the key is there.
        auto *storedText = child<QLabel>(wizard, "storedCursor");
        QTRY_VERIFY(
            storedText && storedText->isVisibleTo(wizard) && storedText->text().contains(QLatin1String("flow-model")));
        if (keep)
            child<QAbstractButton>(wizard, "keepCursor")->click();
        wizard->button(QWizard::NextButton)->click();
        QCOMPARE(wizard->currentId(), int(PairingWizard::ResultPageId));

        auto *result = child<QLabel>(wizard, "resultMessage");
        QVERIFY2(result->text().contains(QStringLiteral("This machine works for %1 (workspace ").arg(m_devplane.url())),
            qPrintable(result->text()));
        auto *replace = child<QAbstractButton>(wizard, "replacePairing");
        QVERIFY(replace && replace->isVisible());
        QTest::keyClick(wizard, Qt::Key_Return);
        // Nothing was redeemed, and the Runner still works for its pairing: it is Ready with the old runner id.
        QCOMPARE(redemptions(), redeemedBefore);
        QCOMPARE(m_controller->status().runnerId, oldRunner);
        QCOMPARE(m_controller->status().state, RunnerState::Ready);

        replace->click();
        QTRY_VERIFY_WITH_TIMEOUT(wizard->button(QWizard::FinishButton)->isEnabled(), 20000);
        QCOMPARE(redemptions(), redeemedBefore + 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_controller->status().state, RunnerState::Ready, 15000);
        const QString newRunner = m_controller->status().runnerId;
        QVERIFY(newRunner != oldRunner);
        // The owner and workspace the redemption answered (§2.1).
        QVERIFY2(result->text().contains(QStringLiteral("Owner: %1").arg(m_devplane.defaultPrincipal())),
            qPrintable(result->text()));
        QVERIFY2(result->text().contains(QStringLiteral("Workspace: ws_")), qPrintable(result->text()));
        QVERIFY2(result->text().contains(newRunner), qPrintable(result->text()));

        // The old pairing's key is gone either way; kept, it is the new pairing's now, with its tuple.
        QTRY_COMPARE(readCursorKey(endpoint, oldRunner).status, CredentialResult::Status::NotFound);
        RunnerPreferences after(AppPaths::settingsFile());
        after.load();
        if (keep) {
            QTRY_COMPARE(readCursorKey(endpoint, newRunner).secret, cursorKey);
            QCOMPARE(after.cursor.model, QStringLiteral("flow-model"));
        } else {
            QCOMPARE(readCursorKey(endpoint, newRunner).status, CredentialResult::Status::NotFound);
            QVERIFY(after.cursor.isEmpty());
        }
        wizard->button(QWizard::FinishButton)->click();
        QTRY_VERIFY(!m_tray->pairingWizard());
    }

    // Unpair… from the menu: the Runner signs off, the credential and the pairing are forgotten,
    // and the menu offers pairing again.
    void unpairFromTheMenu()
    {
        QVERIFY(m_icon->menu()->unpairAction()->isVisible());
        m_icon->menu()->unpairAction()->trigger();
        UnpairDialog *dialog = m_tray->unpairDialog();
        QVERIFY(dialog);
        const QString runnerId = m_controller->status().runnerId;
        auto *explanation = child<QLabel>(dialog, "explanation");
        auto *unpair = child<QAbstractButton>(dialog, "unpair");
        auto *result = child<QLabel>(dialog, "result");
        QVERIFY2(explanation && unpair && result, "the unpair dialog has no explanation, unpair or result");
        QVERIFY(explanation->text().contains(runnerId));
        unpair->click();
        QTRY_VERIFY_WITH_TIMEOUT(result->text().contains(runnerId), 15000);
        QVERIFY(!m_controller->status().paired);
        QCOMPARE(m_controller->status().state, RunnerState::Stopped);
        QVERIFY(m_icon->menu()->pairAction()->isVisible());
        QVERIFY(!m_icon->menu()->unpairAction()->isVisible());
        QVERIFY(QDir(AppPaths::credentialDir()).entryList(QDir::Files).isEmpty());
        // Signed off: the devplane lists no presence for it any more.
        QTRY_VERIFY_WITH_TIMEOUT(m_devplane.presences().isEmpty()
                || m_devplane.presences().first().toObject().value(QStringLiteral("status")).toString()
                    == QStringLiteral("offline"),
            10000);
        dialog->close();
    }

    void cleanupTestCase()
    {
        if (m_controller && m_controller->status().isActive()) {
            QSignalSpy finished(m_controller.get(), &RunnerController::finished);
            m_controller->stop();
            QVERIFY(finished.wait(15000));
        }
        m_tray.reset();
        m_icon.reset();
        m_controller.reset();
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayFlows)
#include "tst_trayflows.moc"
