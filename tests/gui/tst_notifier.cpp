// The notification policy (Notifier) with a recording sink and a hand-moved clock: one
// notification per approval however often it is reported, a click opens its link, revocation,
// clone fencing, a finished drain and a long outage are told once, a blip or a reconnection
// right after wake is not, each kind can be switched off, and no secret ever reaches the text.
#include "GuiTestSupport.h"
#include "Notifier.h"
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

#include <QJsonObject>
#include <QTest>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {

class RecordingSink : public NotificationSink
{
public:
    QList<Notification> shown;
    QList<quint32> withdrawn;
    quint32 nextId = 100;

    quint32 notify(const Notification &notification) override
    {
        shown.append(notification);
        return nextId++;
    }
    void withdraw(quint32 id) override { withdrawn.append(id); }
    void click(quint32 id, const QString &key = DefaultAction) { emit activated(id, key); }
    QList<Notification> ofEvent(Notification::Event event) const
    {
        QList<Notification> out;
        for (const Notification &n : shown) {
            if (n.event == event)
                out.append(n);
        }
        return out;
    }
};

ApprovalRequest toolApproval(const QString &id, const QString &title)
{
    return approval(id, title, QStringLiteral("https://cp.example.test/sessions/ses_%1/approvals/%1").arg(id));
}

RunnerStatus withState(RunnerStatus s, RunnerState state, const QString &message = {})
{
    s.state = state;
    s.message = message;
    return s;
}

} // namespace

class TestNotifier : public QObject
{
    Q_OBJECT

private:
    RecordingSink *m_sink = nullptr;
    Notifier *m_notifier = nullptr;
    QList<QUrl> m_opened;
    QDateTime m_now;

private slots:
    void init()
    {
        m_sink = new RecordingSink;
        m_opened.clear();
        m_now = QDateTime(QDate(2026, 3, 2), QTime(9, 0), Qt::UTC);
        m_notifier = new Notifier(
            m_sink,
            [this](const QUrl &url) {
                m_opened.append(url);
                return true;
            },
            [this] { return m_now; });
    }

    void cleanup()
    {
        delete m_notifier;
        delete m_sink;
    }

    void oneNotificationPerApproval()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        const ApprovalRequest a = toolApproval(QStringLiteral("apr_1"), QStringLiteral("Run `make test`"));
        m_notifier->setStatus(s);
        // The controller's signal, then every later snapshot lists it too.
        m_notifier->approvalRequested(a);
        s.approvals = { a };
        for (int i = 0; i < 3; ++i)
            m_notifier->setStatus(s);
        m_notifier->approvalRequested(a);
        QCOMPARE(m_sink->shown.size(), 1);
        const Notification n = m_sink->shown.first();
        QCOMPARE(n.event, Notification::Event::ApprovalRequested);
        QVERIFY2(n.body.contains(QStringLiteral("ses_apr_1")), qPrintable(n.body));
        QVERIFY2(n.title.contains(QStringLiteral("Run `make test`")), qPrintable(n.title));
        QCOMPARE(n.link, QUrl(a.link));

        // A second approval arriving only in a snapshot is told once, too.
        const ApprovalRequest b = toolApproval(QStringLiteral("apr_2"), QStringLiteral("Write src/main.cpp"));
        s.approvals = { a, b };
        m_notifier->setStatus(s);
        m_notifier->setStatus(s);
        m_notifier->approvalRequested(b);
        QCOMPARE(m_sink->shown.size(), 2);
        QVERIFY(m_sink->shown.last().title.contains(QStringLiteral("Write src/main.cpp")));
    }

    void clickOpensTheApprovalsLink()
    {
        const ApprovalRequest a = toolApproval(QStringLiteral("apr_1"), QStringLiteral("first"));
        const ApprovalRequest b = toolApproval(QStringLiteral("apr_2"), QStringLiteral("second"));
        m_notifier->approvalRequested(a);
        m_notifier->approvalRequested(b);
        QCOMPARE(m_sink->shown.size(), 2);
        const quint32 first = 100;
        const quint32 second = 101;

        m_sink->click(second);
        QCOMPARE(m_opened, QList<QUrl> { QUrl(b.link) });
        m_sink->click(first, NotificationSink::OpenAction);
        QCOMPARE(m_opened, (QList<QUrl> { QUrl(b.link), QUrl(a.link) }));
        // Other actions, unknown ids and closed notifications open nothing.
        m_sink->click(first, QStringLiteral("dismiss"));
        m_sink->click(999);
        emit m_sink->closed(first);
        m_sink->click(first);
        QCOMPARE(m_opened.size(), 2);
    }

    void approvalWithoutItsOwnLinkOpensTheDashboard()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        m_notifier->setStatus(s);
        m_notifier->approvalRequested(approval(QStringLiteral("apr_1"), QStringLiteral("t"), QString()));
        QCOMPARE(m_sink->shown.size(), 1);
        QCOMPARE(m_sink->shown.first().link, QUrl(s.dashboardLink));
        m_sink->click(100);
        QCOMPARE(m_opened, QList<QUrl> { QUrl(s.dashboardLink) });
    }

    // A dashboard link of another scheme is never opened: the notification says so, and a click opens nothing.
    void aFileDashboardLinkIsNotOpened()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        s.dashboardLink = QStringLiteral("file:///home/someone/.ssh/id_ed25519");
        m_notifier->setStatus(s);
        m_notifier->approvalRequested(approval(QStringLiteral("apr_1"), QStringLiteral("t"), QString()));
        QCOMPARE(m_sink->shown.size(), 1);
        const Notification shown = m_sink->shown.first();
        QCOMPARE(shown.link, QUrl());
        QVERIFY2(shown.body.contains(QLatin1String("The control plane's link was not opened: it is a file: link")),
            qPrintable(shown.body));
        m_sink->click(100);
        m_sink->click(100, NotificationSink::OpenAction);
        QCOMPARE(m_opened, QList<QUrl>());

        // The pairing result's link is the dashboard's too: not opened either.
        m_notifier->pairingFinished(true, QStringLiteral("paired"));
        QCOMPARE(m_sink->shown.last().link, QUrl());
    }

    // Where the approval's page is on another host than the endpoint, the notification names that host.
    void anotherHostIsNamed()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        m_notifier->setStatus(s);
        m_notifier->approvalRequested(approval(
            QStringLiteral("apr_1"), QStringLiteral("t"), QStringLiteral("https://decide.example.org/a/apr_1")));
        QVERIFY2(m_sink->shown.first().body.contains(QLatin1String("dashboard on decide.example.org")),
            qPrintable(m_sink->shown.first().body));
        m_sink->click(100);
        QCOMPARE(m_opened, QList<QUrl> { QUrl(QStringLiteral("https://decide.example.org/a/apr_1")) });
    }

    // {session_id} and {approval_id} are percent-encoded: an id with "/", "?" or "#" stays one path segment.
    void substitutedIdsAreEncoded()
    {
        const QJsonObject data { { QStringLiteral("approval_id"), QStringLiteral("apr_1#x") },
            { QStringLiteral("title"), QStringLiteral("t") } };
        const ApprovalRequest request
            = ApprovalRequest::from(QStringLiteral("run_1"), QStringLiteral("ses/../admin?x=1#y"), data,
                QStringLiteral("https://cp.example.test/sessions/{session_id}/approvals/{approval_id}"));
        QCOMPARE(request.link,
            QStringLiteral("https://cp.example.test/sessions/ses%2F..%2Fadmin%3Fx%3D1%23y/approvals/apr_1%23x"));
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        m_notifier->setStatus(s);
        m_notifier->approvalRequested(request);
        m_sink->click(100);
        QCOMPARE(m_opened.size(), 1);
        QCOMPARE(m_opened.first().host(), QStringLiteral("cp.example.test"));
        QCOMPARE(m_opened.first().query(), QString());
        QCOMPARE(m_opened.first().fragment(), QString());
        QCOMPARE(m_opened.first().path(QUrl::FullyEncoded),
            QStringLiteral("/sessions/ses%2F..%2Fadmin%3Fx%3D1%23y/approvals/apr_1%23x"));
    }

    void decidedApprovalIsWithdrawn()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        const ApprovalRequest a = toolApproval(QStringLiteral("apr_1"), QStringLiteral("t"));
        m_notifier->approvalRequested(a);
        // Not listed yet (the snapshot was taken before): nothing to withdraw.
        m_notifier->setStatus(s);
        QVERIFY(m_sink->withdrawn.isEmpty());
        s.approvals = { a };
        m_notifier->setStatus(s);
        QVERIFY(m_sink->withdrawn.isEmpty());
        s.approvals.clear();
        m_notifier->setStatus(s);
        QCOMPARE(m_sink->withdrawn, QList<quint32> { 100 });
        QCOMPARE(m_sink->shown.size(), 1);
    }

    void revokedAndFencedAreToldOnce()
    {
        RunnerStatus s = connectedStatus();
        m_notifier->setStatus(s);
        const QString why = QStringLiteral("This machine was disconnected from Checkfu by an administrator.");
        m_notifier->setStatus(withState(s, RunnerState::Revoked, why));
        m_notifier->setStatus(withState(s, RunnerState::Revoked, why));
        QCOMPARE(m_sink->shown.size(), 1);
        const Notification revoked = m_sink->shown.first();
        QCOMPARE(revoked.event, Notification::Event::Revoked);
        QCOMPARE(revoked.body, why);
        QCOMPARE(revoked.urgency, Notification::Urgency::Critical);

        m_notifier->setStatus(withState(s, RunnerState::Fenced, QStringLiteral("Two Runner processes used it.")));
        QCOMPARE(m_sink->ofEvent(Notification::Event::Fenced).size(), 1);
        QVERIFY(m_sink->shown.last().title.contains(QStringLiteral("copy")));
    }

    void finishedDrainIsToldOnce()
    {
        RunnerStatus s = connectedStatus();
        s.busySlots = 2;
        m_notifier->setStatus(s);
        // Runs ending while not draining are ordinary.
        s.busySlots = 0;
        m_notifier->setStatus(s);
        QVERIFY(m_sink->shown.isEmpty());

        s.busySlots = 2;
        m_notifier->setStatus(s);
        s.draining = true;
        s.state = RunnerState::Draining;
        m_notifier->setStatus(s);
        s.busySlots = 1;
        m_notifier->setStatus(s);
        QVERIFY(m_sink->shown.isEmpty());
        s.busySlots = 0;
        m_notifier->setStatus(s);
        m_notifier->setStatus(s);
        QCOMPARE(m_sink->ofEvent(Notification::Event::DrainFinished).size(), 1);
        QVERIFY(m_sink->shown.last().body.contains(QStringLiteral("no new work")));

        // Quitting with a run in flight drains first: told when it is done and signing off.
        s.draining = false;
        s.busySlots = 1;
        m_notifier->setStatus(withState(s, RunnerState::Stopping));
        s.busySlots = 0;
        m_notifier->setStatus(withState(s, RunnerState::Stopped));
        QCOMPARE(m_sink->ofEvent(Notification::Event::DrainFinished).size(), 2);
        QVERIFY(m_sink->shown.last().body.contains(QStringLiteral("signed off")));
    }

    void longOutageIsToldBlipIsNot()
    {
        const RunnerStatus ready = connectedStatus();
        const RunnerStatus offline = withState(ready, RunnerState::Offline, QStringLiteral("Retrying in 4 s."));
        m_notifier->setStatus(ready);

        // A 90 s blip.
        m_notifier->setStatus(offline);
        m_now = m_now.addSecs(90);
        m_notifier->setStatus(offline);
        m_notifier->setStatus(ready);
        QVERIFY(m_sink->shown.isEmpty());

        // Three minutes, coming back through Connecting.
        m_now = m_now.addSecs(600);
        m_notifier->setStatus(offline);
        m_now = m_now.addSecs(150);
        m_notifier->setStatus(withState(ready, RunnerState::Connecting));
        m_now = m_now.addSecs(30);
        m_notifier->setStatus(ready);
        m_notifier->setStatus(ready);
        QCOMPARE(m_sink->shown.size(), 1);
        const Notification n = m_sink->shown.first();
        QCOMPARE(n.event, Notification::Event::Reconnected);
        QVERIFY2(n.body.contains(QStringLiteral("3 minutes")), qPrintable(n.body));
        QVERIFY2(n.body.contains(QStringLiteral("cp.example.test")), qPrintable(n.body));

        // A Runner that stopped while offline has no outage to report when started again.
        m_notifier->setStatus(offline);
        m_now = m_now.addSecs(600);
        m_notifier->setStatus(withState(ready, RunnerState::Stopped));
        m_notifier->setStatus(withState(ready, RunnerState::Starting));
        m_notifier->setStatus(ready);
        QCOMPARE(m_sink->shown.size(), 1);
    }

    void reconnectingAfterWakeIsNotNews()
    {
        const RunnerStatus ready = connectedStatus();
        const RunnerStatus offline = withState(ready, RunnerState::Offline);
        m_notifier->setStatus(ready);
        // The network went as the lid closed; the machine slept for hours.
        m_notifier->setStatus(offline);
        m_now = m_now.addSecs(8 * 3600);
        m_notifier->systemResumed();
        m_now = m_now.addSecs(20);
        m_notifier->setStatus(ready);
        QVERIFY(m_sink->shown.isEmpty());

        // Long after the wake, a real outage is told again, measured from the wake at the most.
        m_now = m_now.addSecs(600);
        m_notifier->setStatus(offline);
        m_now = m_now.addSecs(4 * 60);
        m_notifier->systemResumed(); // a short nap in the middle
        m_now = m_now.addSecs(3 * 60);
        m_notifier->setStatus(ready);
        QCOMPARE(m_sink->shown.size(), 1);
        QVERIFY2(
            m_sink->shown.first().body.contains(QStringLiteral("3 minutes")), qPrintable(m_sink->shown.first().body));
    }

    // The core counts the runs a sleep cost as their leases turn out lost: one notification per
    // wake, replaced when the count grows; a wake that cost nothing is not news.
    void runsLostToSleepAreTold()
    {
        RunnerStatus s = connectedStatus();
        s.dashboardLink = QStringLiteral("https://cp.example.test/dashboard");
        m_notifier->setStatus(s);
        s.wokeAt = m_now;
        s.sleptMs = (2 * 60 + 7) * 60 * 1000;
        m_notifier->setStatus(s); // woke, nothing lost (yet)
        QVERIFY(m_sink->shown.isEmpty());

        s.runsLostToSleep = 1;
        m_notifier->setStatus(s);
        m_notifier->setStatus(s); // the same snapshot again
        QCOMPARE(m_sink->shown.size(), 1);
        const Notification first = m_sink->shown.first();
        QCOMPARE(first.event, Notification::Event::RunsLostToSleep);
        QCOMPARE(first.title, QStringLiteral("The computer slept for 2 h 07 min; 1 run was lost."));
        QVERIFY2(first.body.contains(QStringLiteral("Keep awake while runs are active")), qPrintable(first.body));
        QCOMPARE(first.link, QUrl(s.dashboardLink));

        s.runsLostToSleep = 2;
        m_notifier->setStatus(s);
        QCOMPARE(m_sink->shown.size(), 2);
        QCOMPARE(m_sink->shown.last().title, QStringLiteral("The computer slept for 2 h 07 min; 2 runs were lost."));
        QCOMPARE(m_sink->withdrawn, QList<quint32> { 100 }); // the one that said 1

        // The next wake is news of its own, and leaves the last one shown.
        m_now = m_now.addSecs(3600);
        s.wokeAt = m_now;
        s.sleptMs = 20 * 60 * 1000;
        s.runsLostToSleep = 1;
        m_notifier->setStatus(s);
        QCOMPARE(m_sink->shown.size(), 3);
        QCOMPARE(m_sink->shown.last().title, QStringLiteral("The computer slept for 20 min 00 s; 1 run was lost."));
        QCOMPARE(m_sink->withdrawn.size(), 1);
    }

    void kindsSwitchedOffStayQuiet()
    {
        for (NotificationKind kind : { NotificationKind::Approval, NotificationKind::Revoked, NotificationKind::Clone,
                 NotificationKind::DrainFinished, NotificationKind::Reconnected, NotificationKind::RunsLostToSleep })
            m_notifier->setEnabled(kind, false);
        RunnerStatus s = connectedStatus();
        s.busySlots = 1;
        s.draining = true;
        s.state = RunnerState::Draining;
        m_notifier->setStatus(s);
        const ApprovalRequest a = toolApproval(QStringLiteral("apr_1"), QStringLiteral("t"));
        m_notifier->approvalRequested(a);
        s.busySlots = 0;
        m_notifier->setStatus(s);
        m_notifier->setStatus(withState(s, RunnerState::Offline));
        m_now = m_now.addSecs(600);
        m_notifier->setStatus(s);
        RunnerStatus woke = s;
        woke.wokeAt = m_now;
        woke.sleptMs = 3600 * 1000;
        woke.runsLostToSleep = 1;
        m_notifier->setStatus(woke);
        m_notifier->setStatus(withState(s, RunnerState::Revoked));
        m_notifier->setStatus(withState(s, RunnerState::Fenced));
        QVERIFY(m_sink->shown.isEmpty());

        // Turned on again: the approval seen meanwhile is not replayed, a new one is told.
        m_notifier->setEnabled(NotificationKind::Approval, true);
        QVERIFY(m_notifier->isEnabled(NotificationKind::Approval));
        QVERIFY(!m_notifier->isEnabled(NotificationKind::Revoked));
        m_notifier->approvalRequested(a);
        QVERIFY(m_sink->shown.isEmpty());
        m_notifier->approvalRequested(toolApproval(QStringLiteral("apr_2"), QStringLiteral("t2")));
        QCOMPARE(m_sink->shown.size(), 1);
    }

    void pairingResult()
    {
        m_notifier->pairingFinished(true, QString());
        m_notifier->pairingFinished(false, QStringLiteral("This pairing code has expired. Ask for a new one."));
        QCOMPARE(m_sink->shown.size(), 2);
        QCOMPARE(m_sink->shown.at(0).event, Notification::Event::Paired);
        QVERIFY(!m_sink->shown.at(0).body.isEmpty());
        QCOMPARE(m_sink->shown.at(1).event, Notification::Event::PairingFailed);
        QCOMPARE(m_sink->shown.at(1).body, QStringLiteral("This pairing code has expired. Ask for a new one."));
        QCOMPARE(m_sink->shown.at(1).urgency, Notification::Urgency::Critical);
    }

    void noSecretInAnyNotification()
    {
        const QString token = QStringLiteral("cfw_live_0123456789abcdef");
        const QString held = QStringLiteral("s3cr3t-held-by-the-runner");
        Logging::masker().addSecret(held);
        m_notifier->pairingFinished(false, QStringLiteral("Code CFU-ABCD-EFGH-JKMN was refused"));
        m_notifier->setStatus(
            withState(connectedStatus(), RunnerState::Revoked, QStringLiteral("token %1").arg(token)));
        m_notifier->approvalRequested(toolApproval(QStringLiteral("apr_1"), QStringLiteral("echo %1").arg(held)));
        Logging::masker().removeSecret(held);
        QCOMPARE(m_sink->shown.size(), 3);
        for (const Notification &n : std::as_const(m_sink->shown)) {
            const QString text = n.title + QLatin1Char('\n') + n.body;
            QVERIFY2(!text.contains(QStringLiteral("EFGH-JKMN")), qPrintable(text));
            QVERIFY2(!text.contains(token), qPrintable(text));
            QVERIFY2(!text.contains(held), qPrintable(text));
        }
    }
};

CHECKFU_GUI_TEST_MAIN(TestNotifier)
#include "tst_notifier.moc"
