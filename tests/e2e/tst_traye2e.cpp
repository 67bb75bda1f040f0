// checkfu-tray end to end on a real (virtual) desktop: Xvfb, a private session bus, openbox,
// xfce4-panel's system tray and the dunst notification server (scripts/lib/xsession.sh). The
// real checkfu-tray pairs with a real checkfu-devplane using a one-use code, its icon registers
// with the panel (StatusNotifierItem), an ACP Session whose agent asks for permission becomes a
// freedesktop notification (seen on the bus by dbus-monitor), the approval given through the
// devplane's CLI lets the run finish, and SIGTERM drains, signs off and exits 0.
// Runtime: about 30 s. Needs the packages scripts/setup installs (missing ones fail, not skip).
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusInterface>
#include <QDBusReply>
#include <QDBusVariant>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/prctl.h>

using namespace IntegrationSupport;

namespace {
const QString BusName = QStringLiteral("checkfu-e2e");
const QString Label = QStringLiteral("e2e-desktop");
const QString ToolTitle = QStringLiteral("Delete build/");

QString tail(const QString &text, int chars = 3000)
{
    return text.size() <= chars ? text : QStringLiteral("…") + text.right(chars);
}

QString readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

// One method call as dbus-monitor prints it: the header line and every argument below it.
struct MonitoredCall
{
    QString header;
    QString text;
    QStringList strings; // the `string "…"` arguments, in order (app, icon, summary, body, …)
};

// The Notify calls in dbus-monitor's (default, human) output.
QList<MonitoredCall> notifyCalls(const QString &monitorOutput)
{
    QList<MonitoredCall> calls;
    static const QRegularExpression block(
        QStringLiteral("^(method call|method return|signal|error) "), QRegularExpression::MultilineOption);
    QList<qsizetype> starts;
    for (auto it = block.globalMatch(monitorOutput); it.hasNext();)
        starts.append(it.next().capturedStart());
    starts.append(monitorOutput.size());
    static const QRegularExpression stringArg(QStringLiteral("^\\s*string \"(.*?)\"$"),
        QRegularExpression::MultilineOption | QRegularExpression::DotMatchesEverythingOption);
    for (int i = 0; i + 1 < starts.size(); ++i) {
        const QString text = monitorOutput.mid(starts[i], starts[i + 1] - starts[i]);
        const QString header = text.section(QLatin1Char('\n'), 0, 0);
        if (!header.startsWith(QLatin1String("method call")) || !header.contains(QLatin1String("member=Notify")))
            continue;
        MonitoredCall call { header, text, {} };
        for (auto it = stringArg.globalMatch(text); it.hasNext();)
            call.strings.append(it.next().captured(1));
        calls.append(call);
    }
    return calls;
}

QString describeCalls(const QList<MonitoredCall> &calls)
{
    QStringList lines;
    for (const MonitoredCall &c : calls)
        lines.append(QStringLiteral("  Notify(%1)").arg(c.strings.join(QStringLiteral(" | "))));
    return lines.isEmpty() ? QStringLiteral("  (no Notify call)") : lines.join(QLatin1Char('\n'));
}

// The StatusNotifierItem ToolTip property, (icon name, icon pixmaps a(iiay), title, text): title and text.
QString toolTipText(const QVariant &value)
{
    if (!value.canConvert<QDBusArgument>())
        return value.toString();
    const QDBusArgument arg = value.value<QDBusArgument>();
    QString iconName;
    QString title;
    QString text;
    arg.beginStructure();
    arg >> iconName;
    arg.beginArray();
    while (!arg.atEnd()) {
        int width = 0;
        int height = 0;
        QByteArray bytes;
        arg.beginStructure();
        arg >> width >> height >> bytes;
        arg.endStructure();
    }
    arg.endArray();
    arg >> title >> text;
    arg.endStructure();
    return title + QLatin1Char('\n') + text;
}

void dieWithParent(int signal)
{
    ::prctl(PR_SET_PDEATHSIG, signal);
}
} // namespace

class TestTrayE2e : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void trayPairsAndIsPresent();
    void iconIsInThePanel();
    void approvalBecomesDesktopNotification();
    void approvalFromTheCliLetsTheRunFinish();
    void sigtermDrainsSignsOffAndExitsZero();

private:
    bool startDesktop(QString *error);
    bool startMonitor(QString *error);
    QString trayLog() const;
    QString describeTray() const;
    QString monitorOutput() const { return readFile(m_dir.filePath(QStringLiteral("notify-monitor.txt"))); }
    QDBusConnection bus() const { return QDBusConnection(BusName); }

    QTemporaryDir m_dir { QDir::tempPath() + QStringLiteral("/checkfu-e2e-XXXXXX") };
    QProcessEnvironment m_env; // the desktop's: DISPLAY, DBUS_SESSION_BUS_ADDRESS, HOME, XDG_*
    std::unique_ptr<QProcess> m_desktop;
    std::unique_ptr<QProcess> m_monitor;
    std::unique_ptr<QProcess> m_tray;
    std::unique_ptr<DevPlaneProcess> m_devplane;
    QString m_runnerId;
    QString m_sessionId;
    QString m_approvalId;
    QString m_approvalTitle;
};

void TestTrayE2e::initTestCase()
{
    QVERIFY2(m_dir.isValid(), qPrintable(m_dir.errorString()));
    for (const char *tool : { "Xvfb", "xfce4-panel", "dunst", "openbox", "dbus-daemon", "dbus-monitor", "dbus-send",
             "gnome-keyring-daemon", "secret-tool", "xprop", "convert", "display", "import", "node" })
        QVERIFY2(!QStandardPaths::findExecutable(QLatin1String(tool)).isEmpty(),
            qPrintable(QStringLiteral("%1 is not on PATH; scripts/setup installs it").arg(QLatin1String(tool))));
    QVERIFY2(QFileInfo::exists(QStringLiteral(CHECKFU_TRAY_BIN)), CHECKFU_TRAY_BIN " is not built");
    QVERIFY2(
        QFileInfo::exists(QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/node_modules/@agentclientprotocol/sdk")),
        "the ACP SDK is not installed; run scripts/setup (npm ci --prefix tests/peers/acp)");

    QString error;
    QVERIFY2(startDesktop(&error), qPrintable(error));
    QVERIFY2(startMonitor(&error), qPrintable(error));

    m_devplane = std::make_unique<DevPlaneProcess>();
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    const QString code = m_devplane->pair({ QStringLiteral("--label"), Label });
    QVERIFY(!code.isEmpty());

    m_tray = std::make_unique<QProcess>();
    m_tray->setProcessChannelMode(QProcess::MergedChannels);
    m_tray->setStandardOutputFile(m_dir.filePath(QStringLiteral("tray.out")));
    m_tray->setChildProcessModifier([] { dieWithParent(SIGKILL); });
    QProcessEnvironment env = m_env;
    for (const QString &name : env.keys())
        if (name.startsWith(QLatin1String("CHECKFU_")) || name.startsWith(QLatin1String("CURSOR_")))
            env.remove(name);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    m_tray->setProcessEnvironment(env);
    m_tray->setProgram(QStringLiteral(CHECKFU_TRAY_BIN));
    m_tray->setArguments({ QStringLiteral("--endpoint"), m_devplane->url(), QStringLiteral("--code"), code,
        QStringLiteral("--label"), Label, QStringLiteral("--sandbox"), QStringLiteral("host-process") });
    m_tray->start();
    QVERIFY2(m_tray->waitForStarted(10000), qPrintable(m_tray->errorString()));
}

bool TestTrayE2e::startDesktop(QString *error)
{
    const QString dir = m_dir.filePath(QStringLiteral("desktop"));
    m_desktop = std::make_unique<QProcess>();
    m_desktop->setProcessChannelMode(QProcess::MergedChannels);
    m_desktop->setStandardOutputFile(m_dir.filePath(QStringLiteral("desktop.out")));
    // SIGTERM, not SIGKILL: the script's trap then ends Xvfb, the bus, the panel and dunst.
    m_desktop->setChildProcessModifier([] { dieWithParent(SIGTERM); });
    m_desktop->setProgram(QStringLiteral("bash"));
    m_desktop->setArguments(
        { QStringLiteral(CHECKFU_SOURCE_DIR "/scripts/lib/xsession.sh"), QStringLiteral("serve"), dir });
    m_desktop->start();
    if (!m_desktop->waitForStarted(10000)) {
        *error = QStringLiteral("bash did not start: %1").arg(m_desktop->errorString());
        return false;
    }
    QDeadlineTimer deadline(60000);
    const QString envFile = dir + QStringLiteral("/session.env");
    while (!QFileInfo::exists(envFile)) {
        if (m_desktop->state() == QProcess::NotRunning || deadline.hasExpired()) {
            *error = QStringLiteral("the desktop did not come up (scripts/lib/xsession.sh serve):\n%1")
                         .arg(tail(readFile(m_dir.filePath(QStringLiteral("desktop.out")))));
            return false;
        }
        QTest::qWait(100);
    }
    m_env = QProcessEnvironment::systemEnvironment();
    for (const QString &line : readFile(envFile).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
        m_env.insert(line.section(QLatin1Char('='), 0, 0), line.section(QLatin1Char('='), 1));
    qInfo("desktop on %s", qPrintable(m_env.value(QStringLiteral("DISPLAY"))));
    const QDBusConnection connection
        = QDBusConnection::connectToBus(m_env.value(QStringLiteral("DBUS_SESSION_BUS_ADDRESS")), BusName);
    if (!connection.isConnected()) {
        *error = QStringLiteral("cannot connect to the desktop's bus: %1").arg(connection.lastError().message());
        return false;
    }
    return true;
}

bool TestTrayE2e::startMonitor(QString *error)
{
    const QString out = m_dir.filePath(QStringLiteral("notify-monitor.txt"));
    m_monitor = std::make_unique<QProcess>();
    m_monitor->setProcessEnvironment(m_env);
    m_monitor->setStandardOutputFile(out);
    m_monitor->setStandardErrorFile(m_dir.filePath(QStringLiteral("notify-monitor.err")));
    m_monitor->setChildProcessModifier([] { dieWithParent(SIGKILL); });
    m_monitor->start(QStringLiteral("dbus-monitor"),
        { QStringLiteral("--session"), QStringLiteral("interface='org.freedesktop.Notifications',member='Notify'") });
    if (!m_monitor->waitForStarted(10000)) {
        *error = QStringLiteral("dbus-monitor did not start: %1").arg(m_monitor->errorString());
        return false;
    }
    // Once it is a monitor, the bus tells it it lost its unique name: from then on it sees every call.
    QDeadlineTimer deadline(10000);
    while (!readFile(out).contains(QLatin1String("member=NameLost"))) {
        if (deadline.hasExpired() || m_monitor->state() == QProcess::NotRunning) {
            *error = QStringLiteral("dbus-monitor did not become a monitor: %1 %2")
                         .arg(readFile(out), readFile(m_dir.filePath(QStringLiteral("notify-monitor.err"))));
            return false;
        }
        QTest::qWait(50);
    }
    return true;
}

void TestTrayE2e::cleanupTestCase()
{
    if (m_tray && m_tray->state() != QProcess::NotRunning) {
        m_tray->kill();
        m_tray->waitForFinished(5000);
    }
    if (m_monitor && m_monitor->state() != QProcess::NotRunning) {
        m_monitor->kill();
        m_monitor->waitForFinished(5000);
    }
    m_devplane.reset();
    QDBusConnection::disconnectFromBus(BusName);
    if (m_desktop && m_desktop->state() != QProcess::NotRunning) {
        m_desktop->closeWriteChannel(); // serve ends when its stdin closes
        if (!m_desktop->waitForFinished(15000)) {
            m_desktop->terminate();
            if (!m_desktop->waitForFinished(10000))
                m_desktop->kill();
        }
    }
}

QString TestTrayE2e::trayLog() const
{
    return readFile(
        m_env.value(QStringLiteral("XDG_DATA_HOME")) + QStringLiteral("/checkfu/runner/logs/checkfu-runner.log"));
}

QString TestTrayE2e::describeTray() const
{
    QString state = QStringLiteral("not started");
    if (m_tray)
        state = m_tray->state() != QProcess::NotRunning   ? QStringLiteral("running")
            : m_tray->exitStatus() == QProcess::CrashExit ? QStringLiteral("killed by a signal")
                                                          : QStringLiteral("exited %1").arg(m_tray->exitCode());
    return QStringLiteral("checkfu-tray %1\n--- output:\n%2\n--- log:\n%3")
        .arg(state, tail(readFile(m_dir.filePath(QStringLiteral("tray.out"))), 2000), tail(trayLog()));
}

void TestTrayE2e::trayPairsAndIsPresent()
{
    QVERIFY(m_tray);
    QDeadlineTimer deadline(30000);
    QJsonObject presence;
    while (!deadline.hasExpired() && m_tray->state() != QProcess::NotRunning) {
        for (const QJsonValue &v : m_devplane->presences()) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("owner")).toObject().value(QStringLiteral("machine_label")).toString() == Label)
                presence = p;
        }
        if (presence.value(QStringLiteral("status")).toString() == QLatin1String("ready"))
            break;
        QTest::qWait(200);
    }
    QVERIFY2(presence.value(QStringLiteral("status")).toString() == QLatin1String("ready"),
        qPrintable(QStringLiteral("no ready presence labelled %1: %2\n%3")
                       .arg(Label, QString::fromUtf8(dumpJson(presence)), describeTray())));
    m_runnerId = presence.value(QStringLiteral("runner_id")).toString();
    QVERIFY(!m_runnerId.isEmpty());
    qInfo("tray paired as %s", qPrintable(m_runnerId));

    // The credential went where a desktop keeps secrets: the session's (unlocked) Secret Service.
    QProcess secretTool;
    secretTool.setProcessEnvironment(m_env);
    secretTool.start(QStringLiteral("secret-tool"),
        { QStringLiteral("search"), QStringLiteral("--all"), QStringLiteral("server"),
            QStringLiteral("checkfu-runner") });
    QVERIFY(secretTool.waitForFinished(10000));
    const QString found = QString::fromUtf8(secretTool.readAllStandardOutput() + secretTool.readAllStandardError());
    QVERIFY2(found.contains(QLatin1String("checkfu-runner")),
        qPrintable(QStringLiteral("no checkfu-runner item in the keyring: %1").arg(found)));
}

void TestTrayE2e::iconIsInThePanel()
{
    QVERIFY(m_tray && m_tray->state() == QProcess::Running);
    // The panel's systray plugin is the StatusNotifierWatcher (and the host): an item registered
    // there, owned by the tray's process, is an icon in the panel.
    QDBusInterface watcher(QStringLiteral("org.kde.StatusNotifierWatcher"), QStringLiteral("/StatusNotifierWatcher"),
        QStringLiteral("org.freedesktop.DBus.Properties"), bus());
    QString item;
    QStringList items;
    QDeadlineTimer deadline(15000);
    while (item.isEmpty() && !deadline.hasExpired()) {
        const QDBusReply<QDBusVariant> reply = watcher.call(QStringLiteral("Get"),
            QStringLiteral("org.kde.StatusNotifierWatcher"), QStringLiteral("RegisteredStatusNotifierItems"));
        items = reply.isValid() ? reply.value().variant().toStringList() : QStringList();
        for (const QString &candidate : items) {
            const QString service = candidate.section(QLatin1Char('/'), 0, 0);
            const QDBusReply<uint> pid = bus().interface()->servicePid(service);
            if (pid.isValid() && qint64(pid.value()) == m_tray->processId())
                item = candidate;
        }
        if (item.isEmpty())
            QTest::qWait(200);
    }
    QVERIFY2(!item.isEmpty(),
        qPrintable(QStringLiteral("no StatusNotifierItem of pid %1 registered with the panel (items: %2)\n%3")
                       .arg(m_tray->processId())
                       .arg(items.join(u' '), describeTray())));
    const QDBusReply<QDBusVariant> host = watcher.call(QStringLiteral("Get"),
        QStringLiteral("org.kde.StatusNotifierWatcher"), QStringLiteral("IsStatusNotifierHostRegistered"));
    QVERIFY2(host.isValid() && host.value().variant().toBool(), "the panel registered no StatusNotifierHost");

    const QString service = item.section(QLatin1Char('/'), 0, 0);
    const QString path = QLatin1Char('/') + item.section(QLatin1Char('/'), 1);
    QDBusInterface properties(service, path, QStringLiteral("org.freedesktop.DBus.Properties"), bus());
    auto property = [&](const QString &name) {
        const QDBusReply<QDBusVariant> reply
            = properties.call(QStringLiteral("Get"), QStringLiteral("org.kde.StatusNotifierItem"), name);
        return reply.isValid() ? reply.value().variant() : QVariant();
    };
    QCOMPARE(property(QStringLiteral("Status")).toString(), QStringLiteral("Active"));
    QVERIFY2(
        !property(QStringLiteral("IconPixmap")).isNull() || !property(QStringLiteral("IconName")).toString().isEmpty(),
        "the item has no icon");
    // Qt names the item after the application (checkfu-tray); the tooltip carries the status.
    const QString tooltip = toolTipText(property(QStringLiteral("ToolTip")));
    QVERIFY2(tooltip.contains(QStringLiteral("Machine: %1").arg(Label)), qPrintable(tooltip));

    // And drawn: the tray is the panel's last plugin, so with one item the icon fills the panel's
    // top-right square. The empty panel there is one flat colour; the icon brings dozens.
    const int panel = m_env.value(QStringLiteral("XSESSION_PANEL")).toInt();
    const int width = m_env.value(QStringLiteral("XSESSION_WIDTH")).toInt();
    QVERIFY(panel > 0 && width > panel);
    int colours = 0;
    QDeadlineTimer drawn(10000);
    while (colours < 10 && !drawn.hasExpired()) {
        QProcess grab;
        grab.setProcessEnvironment(m_env);
        grab.start(QStringLiteral("import"),
            { QStringLiteral("-window"), QStringLiteral("root"), QStringLiteral("-crop"),
                QStringLiteral("%1x%1+%2+0").arg(panel).arg(width - panel), QStringLiteral("txt:-") });
        QVERIFY(grab.waitForFinished(15000));
        QSet<QString> seen;
        static const QRegularExpression colour(QStringLiteral("#[0-9A-Fa-f]{6}"));
        for (const QString &line : QString::fromUtf8(grab.readAllStandardOutput()).split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch m = colour.match(line);
            if (m.hasMatch())
                seen.insert(m.captured());
        }
        colours = int(seen.size());
        if (colours < 10)
            QTest::qWait(250);
    }
    QVERIFY2(colours >= 10,
        qPrintable(QStringLiteral("the panel's tray corner shows %1 colours: no icon drawn there").arg(colours)));
    qInfo("icon registered with the panel as %s (Id %s, Title %s), tooltip: %s", qPrintable(item),
        qPrintable(property(QStringLiteral("Id")).toString()), qPrintable(property(QStringLiteral("Title")).toString()),
        qPrintable(QString(tooltip).replace(QLatin1Char('\n'), QLatin1String(" / "))));
}

void TestTrayE2e::approvalBecomesDesktopNotification()
{
    QVERIFY(m_tray && m_tray->state() == QProcess::Running);
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    const QString agent = QString::fromUtf8(
        QJsonDocument(QJsonArray { node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") })
            .toJson(QJsonDocument::Compact));
    QString error;
    const QJsonObject created = m_devplane->createSession(QStringLiteral("acp"),
        { QStringLiteral("agent=") + agent,
            QStringLiteral("prompt=say I will clean the build directory.; tool List build/; ask %1; say Done.")
                .arg(ToolTitle) },
        {}, &error);
    m_sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!m_sessionId.isEmpty(), qPrintable(error));

    const DevPlaneProcess::AdminResult waited
        = m_devplane->runAdminPumping({ QStringLiteral("session"), QStringLiteral("wait-approval"), m_sessionId,
                                          QStringLiteral("--timeout"), QStringLiteral("60") },
            70000);
    const QJsonObject approval = QJsonDocument::fromJson(waited.out).object();
    m_approvalId = approval.value(QStringLiteral("approval_id")).toString();
    m_approvalTitle = approval.value(QStringLiteral("title")).toString();
    QVERIFY2(!m_approvalId.isEmpty(),
        qPrintable(QStringLiteral("no approval: exit %1 %2 %3\n%4")
                       .arg(waited.exitCode)
                       .arg(QString::fromUtf8(waited.out), QString::fromUtf8(waited.err), describeTray())));
    QVERIFY2(m_approvalTitle.contains(ToolTitle), qPrintable(m_approvalTitle));

    // The tray's Notify call names the tool call and the Session (Notifier: summary "Approval
    // needed: <tool call title>", the session id in the body), in summary or body.
    auto matches = [&](const MonitoredCall &call) {
        const QString all = call.strings.join(QLatin1Char('\n'));
        return all.contains(m_sessionId) && all.contains(ToolTitle);
    };
    QList<MonitoredCall> calls;
    bool found = false;
    QDeadlineTimer deadline(15000);
    while (!found && !deadline.hasExpired()) {
        calls = notifyCalls(monitorOutput());
        found = std::any_of(calls.cbegin(), calls.cend(), matches);
        if (!found)
            QTest::qWait(100);
    }
    qInfo("Notify calls seen:\n%s", qPrintable(describeCalls(calls)));
    QVERIFY2(found,
        qPrintable(QStringLiteral("no Notify naming session %1 and \"%2\" within 15 s of the approval:\n%3")
                       .arg(m_sessionId, ToolTitle, describeCalls(calls))));
    // And the notification server took it: the call went to the owner of org.freedesktop.Notifications.
    const QDBusReply<QString> owner = bus().interface()->serviceOwner(QStringLiteral("org.freedesktop.Notifications"));
    QVERIFY(owner.isValid());
    const auto call = std::find_if(calls.cbegin(), calls.cend(), matches);
    QVERIFY2(call->header.contains(QStringLiteral("destination=%1 ").arg(owner.value()))
            || call->header.contains(QLatin1String("destination=org.freedesktop.Notifications ")),
        qPrintable(call->header));
}

void TestTrayE2e::approvalFromTheCliLetsTheRunFinish()
{
    if (m_sessionId.isEmpty() || m_approvalId.isEmpty())
        QFAIL("no pending approval: approvalBecomesDesktopNotification failed before one was requested");
    QVERIFY(m_tray && m_tray->state() == QProcess::Running);
    QString error;
    QVERIFY2(m_devplane->sessionCommand({ QStringLiteral("approve"), m_sessionId, m_approvalId,
                                            QStringLiteral("--option"), QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    // The turn ends once the agent ran its tool call; closing the Session then settles it.
    QDeadlineTimer deadline(30000);
    QList<QJsonObject> events;
    while (!deadline.hasExpired()) {
        events = eventList(m_devplane->sessionEvents(m_sessionId, &error));
        if (!eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty())
            break;
        QTest::qWait(200);
    }
    QVERIFY2(!eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty(), dumpEvents(events).constData());
    const QJsonObject resolved = eventsOfKind(events, QStringLiteral("approval.resolved")).value(0);
    QCOMPARE(resolved.value(QStringLiteral("data")).toObject().value(QStringLiteral("option_id")).toString(),
        QStringLiteral("allow_once"));
    QVERIFY2(m_devplane->sessionCommand({ QStringLiteral("close"), m_sessionId }, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(m_sessionId, 30, &error);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QTest::qWait(500);
    QVERIFY2(m_tray->state() == QProcess::Running, qPrintable(describeTray()));
}

void TestTrayE2e::sigtermDrainsSignsOffAndExitsZero()
{
    QVERIFY(m_tray && m_tray->state() == QProcess::Running);
    QVERIFY(::kill(pid_t(m_tray->processId()), SIGTERM) == 0);
    const bool exited = m_tray->waitForFinished(30000);
    QVERIFY2(exited, qPrintable(describeTray()));
    QVERIFY2(m_tray->exitStatus() == QProcess::NormalExit && m_tray->exitCode() == 0, qPrintable(describeTray()));
    // Signed off: the devplane counted the sign-off and no longer lists the presence.
    QVERIFY2(m_devplane->runner(m_runnerId).value(QStringLiteral("signoffs")).toInt() >= 1,
        qPrintable(QString::fromUtf8(dumpJson(m_devplane->runner(m_runnerId)))));
    QVERIFY2(m_devplane->presence(m_runnerId).isEmpty(), "presence still listed after the tray exited");
}

CHECKFU_INTEGRATION_MAIN(TestTrayE2e, 180000)
#include "tst_traye2e.moc"
