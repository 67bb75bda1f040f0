// The notification backends against a fake org.freedesktop.Notifications registered on a private
// session bus (a dbus-daemon of our own, as the keychain tests start one): what Notify carries
// (app name, summary, escaped body, the Open action, hints), that a click on the notification
// (ActionInvoked) opens the approval's link, that a decided approval is taken back, and that
// without the service the tray icon's message is used and its click works the same.
#include "BusRoundTrip.h"
#include "DesktopNotifications.h"
#include "GuiTestSupport.h"
#include "SecretServiceSession.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QSignalSpy>
#include <QSystemTrayIcon>
#include <QTest>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {

// What a desktop's notification server does, minus the drawing.
class FakeNotificationServer : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Notifications")
signals:
    void NotificationClosed(uint id, uint reason);
    void ActionInvoked(uint id, const QString &actionKey);

public:
    struct Call
    {
        QString appName;
        uint replacesId = 0;
        QString appIcon;
        QString summary;
        QString body;
        QStringList actions;
        QVariantMap hints;
        int expireTimeout = 0;
        uint id = 0;
    };
    QList<Call> calls;
    QList<uint> closedByClient;

public slots:
    uint Notify(const QString &appName, uint replacesId, const QString &appIcon, const QString &summary,
        const QString &body, const QStringList &actions, const QVariantMap &hints, int expireTimeout)
    {
        const uint id = 7000 + uint(calls.size());
        calls.append({ appName, replacesId, appIcon, summary, body, actions, hints, expireTimeout, id });
        return id;
    }
    void CloseNotification(uint id)
    {
        closedByClient.append(id);
        emit NotificationClosed(id, 3); // closed by a call
    }
    QStringList GetCapabilities()
    {
        return { QStringLiteral("actions"), QStringLiteral("body"), QStringLiteral("body-markup") };
    }
    QString GetServerInformation(QString &vendor, QString &version, QString &specVersion)
    {
        vendor = QStringLiteral("checkfu tests");
        version = QStringLiteral("1");
        specVersion = QStringLiteral("1.2");
        return QStringLiteral("fake");
    }
};

// A call the fake server answers, for BusRoundTrip.
const BusRoundTrip::Peer notificationServer { FreedesktopNotifications::Service, FreedesktopNotifications::Path,
    FreedesktopNotifications::Interface, QStringLiteral("GetCapabilities") };

Notification approvalNotification()
{
    Notification n;
    n.event = Notification::Event::ApprovalRequested;
    n.title = QStringLiteral("Approval needed in session ses_1");
    n.body = QStringLiteral("Run <cat a & b>");
    n.link = QUrl(QStringLiteral("https://cp.example.test/sessions/ses_1/approvals/apr_1"));
    n.timeoutMs = 0;
    n.iconName = QStringLiteral("tray-attention");
    return n;
}

struct ShownMessage
{
    QString title;
    QString body;
    int timeoutMs = 0;
};

} // namespace

class TestDesktopNotifications : public QObject
{
    Q_OBJECT

private:
    SecretServiceSession m_session; // only its bus
    int m_connections = 0;
    QStringList m_connectionNames;

    QDBusConnection openBus(const QString &role)
    {
        const QString name = QStringLiteral("%1-%2").arg(role).arg(++m_connections);
        m_connectionNames.append(name);
        return QDBusConnection::connectToBus(m_session.busAddress(), name);
    }

    // A fake server owning the service name on its own connection; false when it could not.
    bool serve(FakeNotificationServer &server, QDBusConnection &bus)
    {
        return bus.isConnected()
            && bus.registerObject(FreedesktopNotifications::Path, &server,
                QDBusConnection::ExportAllSlots | QDBusConnection::ExportAllSignals)
            && bus.registerService(FreedesktopNotifications::Service);
    }

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_session.startBus(&error), qPrintable(error));
    }

    // Each test's connections leave the bus with it: the service name is free again.
    void cleanup()
    {
        for (const QString &name : std::as_const(m_connectionNames))
            QDBusConnection::disconnectFromBus(name);
        m_connectionNames.clear();
    }

    void notifyCarriesWhatThePersonSees()
    {
        FakeNotificationServer server;
        QDBusConnection serverBus = openBus(QStringLiteral("server"));
        QVERIFY(serve(server, serverBus));
        DesktopNotifications sink(openBus(QStringLiteral("client")), nullptr);
        QCOMPARE(sink.backend(), DesktopNotifications::Backend::Freedesktop);

        QVERIFY(sink.notify(approvalNotification()) != 0);
        QTRY_COMPARE(server.calls.size(), 1);
        const FakeNotificationServer::Call call = server.calls.first();
        QCOMPARE(call.appName, QStringLiteral("Checkfu Runner"));
        QCOMPARE(call.replacesId, 0u);
        QCOMPARE(call.summary, QStringLiteral("Approval needed in session ses_1"));
        // The server speaks markup: a tool call's "<" and "&" must stay text.
        QCOMPARE(call.body, QStringLiteral("Run &lt;cat a &amp; b&gt;"));
        QCOMPARE(call.actions,
            (QStringList {
                QStringLiteral("default"), QStringLiteral("Open"), QStringLiteral("open"), QStringLiteral("Open") }));
        QCOMPARE(call.expireTimeout, 0);
        QCOMPARE(call.hints.value(QStringLiteral("urgency")).value<uchar>(), uchar(1));
        QCOMPARE(call.hints.value(QStringLiteral("category")).toString(), QStringLiteral("x-checkfu.approval"));
        QVERIFY2(call.hints.contains(QStringLiteral("image-data")), "the icon travels as image-data");

        // Nothing to open: no action to offer.
        Notification plain;
        plain.event = Notification::Event::Revoked;
        plain.title = QStringLiteral("This machine was disconnected from Checkfu");
        plain.body = QStringLiteral("Pair it again.");
        plain.urgency = Notification::Urgency::Critical;
        sink.notify(plain);
        QTRY_COMPARE(server.calls.size(), 2);
        QVERIFY(server.calls.last().actions.isEmpty());
        QCOMPARE(server.calls.last().hints.value(QStringLiteral("urgency")).value<uchar>(), uchar(2));
        QCOMPARE(server.calls.last().expireTimeout, -1);
    }

    void clickingTheNotificationOpensTheApproval()
    {
        FakeNotificationServer server;
        QDBusConnection serverBus = openBus(QStringLiteral("server"));
        QVERIFY(serve(server, serverBus));
        DesktopNotifications sink(openBus(QStringLiteral("client")), nullptr);
        QList<QUrl> opened;
        Notifier notifier(
            &sink,
            [&opened](const QUrl &url) {
                opened.append(url);
                return true;
            },
            [] { return QDateTime::currentDateTimeUtc(); });
        QSignalSpy activated(&sink, &NotificationSink::activated);

        const ApprovalRequest request = approval(QStringLiteral("apr_9"), QStringLiteral("Edit README.md"),
            QStringLiteral("https://cp.example.test/sessions/ses_apr_9/approvals/apr_9"));
        notifier.approvalRequested(request);
        QTRY_COMPARE(server.calls.size(), 1);
        QVERIFY(server.calls.first().body.contains(QStringLiteral("ses_apr_9")));
        QVERIFY(server.calls.first().summary.contains(QStringLiteral("Edit README.md")));

        emit server.ActionInvoked(server.calls.first().id, QStringLiteral("default"));
        QTRY_COMPARE(opened, QList<QUrl> { QUrl(request.link) });
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.first().at(1).toString(), QStringLiteral("default"));

        // Another application's notification id is not ours. The server's next signal comes after
        // it: once that one opened the approval again, the other one had opened nothing.
        emit server.ActionInvoked(4242, QStringLiteral("default"));
        emit server.ActionInvoked(server.calls.first().id, QStringLiteral("open"));
        QTRY_COMPARE(activated.size(), 2);
        QCOMPARE(activated.last().at(1).toString(), QStringLiteral("open"));
        QCOMPARE(opened, (QList<QUrl> { QUrl(request.link), QUrl(request.link) }));
    }

    void withdrawAndCloseFollowTheServer()
    {
        FakeNotificationServer server;
        QDBusConnection serverBus = openBus(QStringLiteral("server"));
        QVERIFY(serve(server, serverBus));
        const QDBusConnection clientBus = openBus(QStringLiteral("client"));
        DesktopNotifications sink(clientBus, nullptr);
        QSignalSpy closed(&sink, &NotificationSink::closed);

        const quint32 first = sink.notify(approvalNotification());
        const quint32 second = sink.notify(approvalNotification());
        QTRY_COMPARE(server.calls.size(), 2);
        // The Notify answers, which name the server's ids, are in before the answer to a later call.
        QVERIFY2(BusRoundTrip::roundTrip(clientBus, notificationServer), "the server did not answer");
        sink.withdraw(first);
        QTRY_COMPARE(server.closedByClient, QList<uint> { server.calls.at(0).id });

        // Withdrawn before the server even answered which id it gave.
        const quint32 third = sink.notify(approvalNotification());
        sink.withdraw(third);
        QTRY_COMPARE(server.calls.size(), 3);
        QTRY_COMPARE(server.closedByClient, (QList<uint> { server.calls.at(0).id, server.calls.at(2).id }));

        // The person dismissed the second one. The server said NotificationClosed for the two
        // withdrawn ones before: once this one is in, those had said nothing to the caller of
        // withdraw(), who knows.
        emit server.NotificationClosed(server.calls.at(1).id, 2);
        QTRY_VERIFY(!closed.isEmpty());
        QCOMPARE(closed.size(), 1);
        QCOMPARE(closed.last().at(0).value<quint32>(), second);
    }

    void withoutTheServiceTheTrayIconShowsIt()
    {
        QSystemTrayIcon tray;
        QList<ShownMessage> shown;
        auto fallback = std::make_unique<TrayMessageNotifications>(
            &tray, [&shown](const QString &title, const QString &body, const QIcon &, int timeoutMs) {
                shown.append({ title, body, timeoutMs });
            });
        DesktopNotifications sink(openBus(QStringLiteral("client")), std::move(fallback));
        QSignalSpy activated(&sink, &NotificationSink::activated);

        // Nobody owns the name: the bus refuses the call and the icon shows it instead.
        const quint32 id = sink.notify(approvalNotification());
        QVERIFY(id != 0);
        QTRY_COMPARE(shown.size(), 1);
        QCOMPARE(shown.first().title, QStringLiteral("Approval needed in session ses_1"));
        QCOMPARE(shown.first().body, QStringLiteral("Run <cat a & b>")); // balloons are plain text
        QCOMPARE(sink.backend(), DesktopNotifications::Backend::TrayMessage);
        emit tray.messageClicked();
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.first().at(0).value<quint32>(), id);
        QCOMPARE(activated.first().at(1).toString(), QStringLiteral("default"));

        // Now straight to the icon, and a click means the last message.
        const quint32 next = sink.notify(approvalNotification());
        QCOMPARE(shown.size(), 2);
        emit tray.messageClicked();
        QCOMPARE(activated.last().at(0).value<quint32>(), next);

        // A notification service starts: it is used from then on.
        FakeNotificationServer server;
        QDBusConnection serverBus = openBus(QStringLiteral("server"));
        QVERIFY(serve(server, serverBus));
        QTRY_COMPARE(sink.backend(), DesktopNotifications::Backend::Freedesktop);
        sink.notify(approvalNotification());
        QTRY_COMPARE(server.calls.size(), 1);
        QCOMPARE(shown.size(), 2);
    }

    void withoutASessionBusTheTrayIconShowsIt()
    {
        QSystemTrayIcon tray;
        QList<ShownMessage> shown;
        auto fallback = std::make_unique<TrayMessageNotifications>(
            &tray, [&shown](const QString &title, const QString &body, const QIcon &, int timeoutMs) {
                shown.append({ title, body, timeoutMs });
            });
        DesktopNotifications sink(QDBusConnection(QStringLiteral("never-connected")), std::move(fallback));
        QCOMPARE(sink.backend(), DesktopNotifications::Backend::TrayMessage);
        QVERIFY(sink.notify(approvalNotification()) != 0);
        QCOMPARE(shown.size(), 1);
        // "Until dismissed" becomes a long balloon rather than the platform's default.
        QCOMPARE(shown.first().timeoutMs, TrayMessageNotifications::LongTimeoutMs);

        DesktopNotifications nowhere(QDBusConnection(QStringLiteral("never-connected")), nullptr);
        QCOMPARE(nowhere.backend(), DesktopNotifications::Backend::None);
        QCOMPARE(nowhere.notify(approvalNotification()), 0u);
    }
};

CHECKFU_GUI_TEST_MAIN(TestDesktopNotifications)
#include "tst_desktopnotifications.moc"
