// Issue 21, point 1: a pairing code never on a command line another local account can read. A second account
// (CmdlineSpy: a throwaway user polling every /proc/<pid>/cmdline, as the attacker did) watches while
// `checkfu-runner start --code -` pairs with the code on standard input, and while the session bus starts the real
// checkfu-tray (its D-Bus service file, DBusActivatable) for org.freedesktop.Application.Open with a checkfu://pair
// link: it never sees the code. With `--code CFU-…` on the command line it may see it in the first moments, never
// after the first second. Root only (useradd). Runtime: about 15 s.
#include "CmdlineSpy.h"
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"
#include "SecretServiceSession.h"

#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusPendingCall>
#include <QDBusReply>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>
#include <QTest>
#include <QUrl>

#include <csignal>
#include <unistd.h>

using namespace IntegrationSupport;

namespace {
const QString BusName = QStringLiteral("com.example.checkfu.Runner");
const QString ObjectPath = QStringLiteral("/com/example/checkfu/Runner");

QByteArray cmdlineOf(qint64 pid)
{
    QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString describeSightings(const QList<CmdlineSpy::Sighting> &sightings, double since)
{
    QStringList lines { QStringLiteral("%1 sightings, the first:").arg(sightings.size()) };
    for (const auto &s : sightings.mid(0, 5))
        lines << QStringLiteral("+%1 s pid %2: %3")
                     .arg(s.at - since, 0, 'f', 3)
                     .arg(s.pid)
                     .arg(QString::fromLatin1(s.cmdline));
    return lines.join(QLatin1Char('\n'));
}
} // namespace

class TestCodesOffCmdline : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void standardInputCodeIsNeverSeen();
    void commandLineCodeIsGoneWithinASecond();
    void dbusActivatedTrayTakesTheLinkThroughOpen();

private:
    CmdlineSpy m_spy;
    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestCodesOffCmdline::initTestCase()
{
    if (::geteuid() != 0)
        QSKIP("needs root to make a second local account (the CI runs the tests as root)");
    QString error;
    QVERIFY2(m_spy.start(&error), qPrintable(error));
    m_devplane = std::make_unique<DevPlaneProcess>();
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestCodesOffCmdline::cleanupTestCase()
{
    m_devplane.reset();
    m_spy.stop(); // removes the account
}

void TestCodesOffCmdline::standardInputCodeIsNeverSeen()
{
    const QString code = m_devplane->pair();
    QVERIFY(!code.isEmpty());
    RunnerProcess runner;
    runner.setStandardInput(code.toLatin1() + '\n');
    QVERIFY(runner.start(fileStoreStart(*m_devplane) + QStringList { QStringLiteral("--code"), QStringLiteral("-") }));
    QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
    QVERIFY(!runner.home()->storedRunnerId().isEmpty());
    // Some passes over /proc after it paired, and the spy did read the Runner's command line.
    const int passes = m_spy.passes();
    QTRY_VERIFY(m_spy.passes() >= passes + 40);
    QVERIFY2(m_spy.hasRead(runner.pid()), "the other account never read the Runner's command line");
    const auto seen = m_spy.sightingsOf(code.toLatin1());
    QVERIFY2(seen.isEmpty(), qPrintable(describeSightings(seen, 0)));
    QVERIFY(!cmdlineOf(runner.pid()).contains(code.toLatin1()));
}

void TestCodesOffCmdline::commandLineCodeIsGoneWithinASecond()
{
    const QString code = m_devplane->pair();
    QVERIFY(!code.isEmpty());
    RunnerProcess runner;
    const double started = CmdlineSpy::now();
    QVERIFY(runner.start(fileStoreStart(*m_devplane, code)));
    QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
    // Watched for well over a second (and at least 40 more passes over /proc) while the Runner runs.
    const int passes = m_spy.passes();
    QTRY_VERIFY(m_spy.passes() >= passes + 40 && CmdlineSpy::now() > started + 1.5);
    QVERIFY(runner.isRunning());
    QVERIFY2(m_spy.hasRead(runner.pid()), "the other account never read the Runner's command line");
    QList<CmdlineSpy::Sighting> late;
    for (const auto &s : m_spy.sightingsOf(code.toLatin1())) {
        if (s.at > started + 1.0)
            late.append(s);
    }
    QVERIFY2(late.isEmpty(), qPrintable(describeSightings(late, started)));
    const QByteArray now = cmdlineOf(runner.pid());
    QVERIFY2(!now.contains(code.toLatin1()) && now.contains("--code"), now.constData());
}

// The bus starts checkfu-tray --dbus-activated from a service file (as the package installs it) for the Open call;
// the tray takes the link from the call, opens its wizard with it, and its command line never holds it. A URI that
// is not a checkfu://pair link is ignored.
void TestCodesOffCmdline::dbusActivatedTrayTakesTheLinkThroughOpen()
{
    RunnerHome home;
    const QString services = home.root() + QStringLiteral("/dbus-services");
    QVERIFY(QDir().mkpath(services));
    QStringList env { QStringLiteral("HOME=") + home.homeDir(), QStringLiteral("XDG_CONFIG_HOME=") + home.configHome(),
        QStringLiteral("XDG_DATA_HOME=") + home.dataHome(), QStringLiteral("XDG_CACHE_HOME=") + home.cacheHome(),
        QStringLiteral("XDG_RUNTIME_DIR=") + home.runtimeDir(), QStringLiteral("QT_QPA_PLATFORM=offscreen") };
    QFile service(services + QLatin1Char('/') + BusName + QStringLiteral(".service"));
    QVERIFY(service.open(QIODevice::WriteOnly));
    service.write(QStringLiteral("[D-BUS Service]\nName=%1\nExec=/usr/bin/env -u DISPLAY -u WAYLAND_DISPLAY %2 %3 "
                                 "--dbus-activated\n")
                      .arg(BusName, env.join(QLatin1Char(' ')), QStringLiteral(CHECKFU_TRAY_BIN))
                      .toUtf8());
    service.close();
    SecretServiceSession session;
    session.setServiceDir(services);
    QString error;
    QVERIFY2(session.startBus(&error), qPrintable(error));
    QDBusConnection bus = QDBusConnection::connectToBus(session.busAddress(), QStringLiteral("codesoffcmdline"));
    QVERIFY2(bus.isConnected(), qPrintable(bus.lastError().message()));

    const QString code = m_devplane->pair();
    QVERIFY(!code.isEmpty());
    const QString link = QStringLiteral("checkfu://pair?code=%1&endpoint=%2")
                             .arg(code, QString::fromLatin1(QUrl::toPercentEncoding(m_devplane->url())));
    QDBusMessage open = QDBusMessage::createMethodCall(
        BusName, ObjectPath, QStringLiteral("org.freedesktop.Application"), QStringLiteral("Open"));
    open << QStringList { QStringLiteral("https://example.com/not-a-pairing-link"), link } << QVariantMap();
    const QDBusMessage reply = bus.call(open, QDBus::Block, 30000);
    QVERIFY2(reply.type() == QDBusMessage::ReplyMessage, qPrintable(reply.errorMessage()));

    const QDBusReply<uint> owner = bus.interface()->servicePid(BusName);
    QVERIFY2(owner.isValid(), qPrintable(owner.error().message()));
    const qint64 tray = owner.value();
    const auto stopTray = qScopeGuard([tray] {
        if (processAlive(tray))
            ::kill(pid_t(tray), SIGKILL);
    });
    QVERIFY2(QFileInfo(QStringLiteral("/proc/%1/exe").arg(tray)).canonicalFilePath()
            == QFileInfo(QStringLiteral(CHECKFU_TRAY_BIN)).canonicalFilePath(),
        "the bus name is not owned by the checkfu-tray the service file starts");
    // The tray says what it got (never the code), and its wizard is up with the link's endpoint.
    QTRY_VERIFY2_WITH_TIMEOUT(
        home.logText().contains(QStringLiteral("Open with a checkfu://pair link")), qPrintable(home.logText()), 20000);
    QVERIFY2(
        home.logText().contains(QStringLiteral("ignored a URI that is not a checkfu://pair link (scheme 'https')")),
        qPrintable(home.logText()));
    QVERIFY2(!home.logText().contains(code), "the code is in the tray's log");
    const QByteArray cmdline = cmdlineOf(tray);
    QVERIFY2(cmdline.contains("--dbus-activated") && !cmdline.contains("checkfu:"), cmdline.constData());

    const int passes = m_spy.passes();
    QTRY_VERIFY(m_spy.passes() >= passes + 40);
    QVERIFY2(m_spy.hasRead(tray), "the other account never read the tray's command line");
    const auto seen = m_spy.sightingsOf(code.toLatin1());
    QVERIFY2(seen.isEmpty(), qPrintable(describeSightings(seen, 0)));

    // The running tray owns the name: the next link reaches it through Open directly, no process is started.
    const QString next = m_devplane->pair();
    QVERIFY(!next.isEmpty());
    open.setArguments({ QStringList { QStringLiteral("checkfu://pair?code=") + next }, QVariantMap() });
    const QDBusMessage second = bus.call(open, QDBus::Block, 30000);
    QVERIFY2(second.type() == QDBusMessage::ReplyMessage, qPrintable(second.errorMessage()));
    QCOMPARE(qint64(bus.interface()->servicePid(BusName).value()), tray);
    QTRY_VERIFY2_WITH_TIMEOUT(
        home.logText().contains(QStringLiteral("org.freedesktop.Application.Open: a checkfu://pair link")),
        qPrintable(home.logText()), 20000);
    QVERIFY(!home.logText().contains(next));
    QVERIFY(!cmdlineOf(tray).contains(next.toLatin1()));

    QVERIFY(::kill(pid_t(tray), SIGTERM) == 0);
    QTRY_VERIFY_WITH_TIMEOUT(!processAlive(tray), 20000);
}

CHECKFU_INTEGRATION_MAIN(TestCodesOffCmdline, 120000)
#include "tst_codesoffcmdline.moc"
