// Sleep and wake from logind: a fake org.freedesktop.login1 on a private bus (a dbus-daemon of
// our own) sends PrepareForSleep(true) and (false); the watcher says aboutToSleep, then resumed.
// Without a bus it watches nothing and prints nothing.
#include "BusRoundTrip.h"
#include "GuiTestSupport.h"
#include "SecretServiceSession.h"
#include "SleepWatcher.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QRegularExpression>
#include <QSignalSpy>

using namespace runnercore;

namespace {

// Enough of logind for the signal: the name and the manager object.
class FakeLogin1 : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.login1.Manager")
signals:
    void PrepareForSleep(bool start);
};

} // namespace

class TestSleepWatcher : public QObject
{
    Q_OBJECT

private:
    SecretServiceSession m_session; // only its bus

private slots:
    void initTestCase()
    {
        QString error;
        QVERIFY2(m_session.startBus(&error), qPrintable(error));
    }

    void sleepThenWake()
    {
        QDBusConnection logindBus = QDBusConnection::connectToBus(m_session.busAddress(), QStringLiteral("login1"));
        QVERIFY(logindBus.isConnected());
        FakeLogin1 logind;
        QVERIFY(logindBus.registerObject(SleepWatcher::Path, &logind, QDBusConnection::ExportAllSignals));
        QVERIFY(logindBus.registerService(SleepWatcher::Service));

        const QDBusConnection trayBus = QDBusConnection::connectToBus(m_session.busAddress(), QStringLiteral("tray"));
        SleepWatcher watcher(trayBus);
        QVERIFY(watcher.isWatching());
        QSignalSpy sleeping(&watcher, &SleepWatcher::aboutToSleep);
        QSignalSpy resumed(&watcher, &SleepWatcher::resumed);
        // The match rule reaches the bus before any signal is sent.
        QVERIFY2(BusRoundTrip::roundTrip(trayBus, BusRoundTrip::busDaemon), "the bus did not answer");

        emit logind.PrepareForSleep(true);
        QTRY_COMPARE(sleeping.size(), 1);
        QCOMPARE(resumed.size(), 0);
        emit logind.PrepareForSleep(false);
        QTRY_COMPARE(resumed.size(), 1);
        QCOMPARE(sleeping.size(), 1);

        // Another interface's signal of the same name is not logind's.
        QDBusMessage other = QDBusMessage::createSignal(
            SleepWatcher::Path, QStringLiteral("org.example.NotLogind"), QStringLiteral("PrepareForSleep"));
        other << false;
        QVERIFY(logindBus.send(other));
        // logind's next signal comes after it: once that one is in, the other was ignored.
        emit logind.PrepareForSleep(true);
        QTRY_COMPARE(sleeping.size(), 2);
        QCOMPARE(resumed.size(), 1);
    }

    void withoutABusNothingHappensQuietly()
    {
        QTest::failOnWarning(QRegularExpression(QStringLiteral(".*")));
        SleepWatcher watcher(QDBusConnection(QStringLiteral("never-connected")));
        QVERIFY(!watcher.isWatching());
        // The default constructor, where the test machine may well have no system bus either.
        SleepWatcher system;
        Q_UNUSED(system)
    }
};

CHECKFU_GUI_TEST_MAIN(TestSleepWatcher)
#include "tst_sleepwatcher.moc"
