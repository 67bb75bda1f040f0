// checkfu-tray where no system tray exists (QT_QPA_PLATFORM=offscreen, like GNOME without the
// AppIndicator extension): its status window is all there is. Quitting must still end the
// process: Qt's quit() asks every window to close first, and the status window turns its own
// close into "Quit", so the tray used to drain, sign off and then keep running forever.
// --help and --version answer without any display. Driven as a process (links no tray code); needs
// no desktop. Runtime: about 10 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <csignal>
#include <sys/prctl.h>

namespace {
constexpr auto Label = "no-tray-e2e";
}

class TestTrayNoTray : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void helpAndVersionNeedNoDisplay();
    void sigtermDrainsSignsOffAndExits();
    void sigtermExitsWhenTheControlPlaneIsGone();

private:
    bool startTray(const QStringList &args, QString *error);
    bool waitReady(int timeoutMs);
    QString describeTray() const;

    std::shared_ptr<RunnerHome> m_home = std::make_shared<RunnerHome>();
    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<QProcess> m_tray;
};

void TestTrayNoTray::initTestCase()
{
    QVERIFY2(QFileInfo::exists(QStringLiteral(CHECKFU_TRAY_BIN)), CHECKFU_TRAY_BIN " is not built");
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

// help2man (the .deb's man pages) and a terminal over ssh ask without any display: no X, no
// Wayland, no platform plugin chosen.
void TestTrayNoTray::helpAndVersionNeedNoDisplay()
{
    QProcessEnvironment env = RunnerProcess(m_home).environment();
    for (const char *name : { "DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM" })
        env.remove(QString::fromLatin1(name));
    const auto run = [&](const QString &flag, QByteArray *output) {
        QProcess tray;
        tray.setProcessEnvironment(env);
        tray.start(QStringLiteral(CHECKFU_TRAY_BIN), { flag });
        QVERIFY2(tray.waitForFinished(30000), "checkfu-tray did not exit");
        *output = tray.readAllStandardOutput();
        QVERIFY2(tray.exitStatus() == QProcess::NormalExit && tray.exitCode() == 0,
            qPrintable(flag + QStringLiteral(" failed: ") + QString::fromLocal8Bit(tray.readAllStandardError())));
    };
    QByteArray output;
    run(QStringLiteral("--version"), &output);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(output, QByteArray("checkfu-tray " CHECKFU_VERSION "\n"));
    run(QStringLiteral("--help"), &output);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(output.contains("checkfu://pair") && output.contains("--endpoint"), output.constData());
}

bool TestTrayNoTray::startTray(const QStringList &args, QString *error)
{
    m_tray = std::make_unique<QProcess>();
    m_tray->setProcessChannelMode(QProcess::MergedChannels);
    m_tray->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    QProcessEnvironment env = RunnerProcess(m_home).environment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    m_tray->setProcessEnvironment(env);
    m_tray->setWorkingDirectory(m_home->homeDir());
    m_tray->setProgram(QStringLiteral(CHECKFU_TRAY_BIN));
    m_tray->setArguments(args);
    m_tray->start();
    if (!m_tray->waitForStarted(10000)) {
        *error = m_tray->errorString();
        return false;
    }
    return true;
}

bool TestTrayNoTray::waitReady(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired() && m_tray->state() == QProcess::Running) {
        for (const QJsonValue &p : m_devplane->presences()) {
            if (p.toObject().value(QStringLiteral("status")).toString() == QLatin1String("ready"))
                return true;
        }
        QTest::qWait(100);
    }
    return false;
}

QString TestTrayNoTray::describeTray() const
{
    return QStringLiteral("checkfu-tray (state %1, exit %2)\n--- output:\n%3\n--- log:\n%4")
        .arg(int(m_tray->state()))
        .arg(m_tray->exitCode())
        .arg(QString::fromLocal8Bit(m_tray->readAll()), m_home->logText().right(4000));
}

void TestTrayNoTray::sigtermDrainsSignsOffAndExits()
{
    const QString code = m_devplane->pair({ QStringLiteral("--label"), QLatin1String(Label) });
    QVERIFY(!code.isEmpty());
    QString error;
    QVERIFY2(startTray({ QStringLiteral("--endpoint"), m_devplane->url(), QStringLiteral("--code"), code,
                           QStringLiteral("--label"), QLatin1String(Label), QStringLiteral("--credential-store"),
                           QStringLiteral("file") },
                 &error),
        qPrintable(error));
    QVERIFY2(waitReady(30000), qPrintable(describeTray()));
    const QString runnerId = m_home->storedRunnerId();
    QVERIFY(!runnerId.isEmpty());

    QVERIFY(::kill(pid_t(m_tray->processId()), SIGTERM) == 0);
    QVERIFY2(m_tray->waitForFinished(20000), qPrintable(describeTray()));
    QVERIFY2(m_tray->exitStatus() == QProcess::NormalExit && m_tray->exitCode() == 0, qPrintable(describeTray()));
    QVERIFY2(m_devplane->runner(runnerId).value(QStringLiteral("signoffs")).toInt() >= 1, qPrintable(describeTray()));
    QVERIFY2(m_devplane->presence(runnerId).isEmpty(), "presence still listed after the tray exited");
}

void TestTrayNoTray::sigtermExitsWhenTheControlPlaneIsGone()
{
    // Paired by the test before: this start uses the stored pairing.
    QString error;
    QVERIFY2(startTray({ QStringLiteral("--credential-store"), QStringLiteral("file") }, &error), qPrintable(error));
    QVERIFY2(waitReady(30000), qPrintable(describeTray()));
    m_devplane->kill();
    QTest::qWait(500); // the Runner notices: its long polls fail

    QVERIFY(::kill(pid_t(m_tray->processId()), SIGTERM) == 0);
    // The sign-off cannot succeed; it is tried a bounded number of times (three 5 s attempts).
    QVERIFY2(m_tray->waitForFinished(30000), qPrintable(describeTray()));
    QVERIFY2(m_tray->exitStatus() == QProcess::NormalExit && m_tray->exitCode() == 0, qPrintable(describeTray()));
    QVERIFY2(m_home->logText().contains(QLatin1String("sign-off failed")), qPrintable(describeTray()));
}

CHECKFU_INTEGRATION_MAIN(TestTrayNoTray, 120000)
#include "tst_traynotray.moc"
