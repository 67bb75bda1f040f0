#pragma once

#include "Autostart.h"
#include "RunnerStatus.h"
#include <runnercore/model/ApprovalRequest.h>

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

// Shared by the tray's GUI tests (tests/gui), which run with QT_QPA_PLATFORM=offscreen.
namespace GuiTestSupport {

// Start at login that is off and touches nothing, for dialogs that only need one.
class NoAutostart : public Autostart
{
public:
    bool isEnabled() const override { return false; }
    bool setEnabled(bool, QString *) override { return true; }
    QString location() const override { return QStringLiteral("/tmp/checkfu-tray.desktop"); }
};

// The child of `parent` with this object name, or null (a missing widget fails the test, not a crash).
template <typename T> T *child(QObject *parent, const char *name)
{
    return parent ? parent->findChild<T *>(QLatin1String(name)) : nullptr;
}

// A pending approval as Runner::approvalRequested carries it.
inline runnercore::ApprovalRequest approval(const QString &id, const QString &title, const QString &link)
{
    runnercore::ApprovalRequest r;
    r.runId = QStringLiteral("run_") + id;
    r.sessionId = QStringLiteral("ses_") + id;
    r.approvalId = id;
    r.title = title;
    r.link = link;
    return r;
}

// A paired, connected Runner with every fact the tooltip names.
inline RunnerStatus connectedStatus()
{
    RunnerStatus s;
    s.state = runnercore::RunnerState::Ready;
    s.message = QStringLiteral("Connected to https://cp.example.test");
    s.endpoint = QUrl(QStringLiteral("https://cp.example.test"));
    s.machineLabel = QStringLiteral("build-box");
    s.runnerId = QStringLiteral("rnr_0123");
    s.totalSlots = 4;
    s.paired = true;
    s.sandboxPosture = QStringLiteral("host-process (no isolation, the machine's own network)");
    s.dashboardLink = QStringLiteral("https://cp.example.test/runners/rnr_0123");
    return s;
}

// Points HOME and the XDG directories into a temporary directory (0700 runtime dir) and the
// session bus at nothing, so no test reads or writes the real settings, logs or keychain.
// Call before QApplication exists.
inline void isolateHome()
{
    static QTemporaryDir root(QDir::tempPath() + QStringLiteral("/checkfu-tray-test-XXXXXX"));
    const QString base = root.path();
    for (const char *dir : { "home", "config", "data", "cache", "run" })
        QDir().mkpath(base + QLatin1Char('/') + QLatin1String(dir));
    QFile::setPermissions(base + QStringLiteral("/run"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    qputenv("HOME", (base + QStringLiteral("/home")).toUtf8());
    qputenv("XDG_CONFIG_HOME", (base + QStringLiteral("/config")).toUtf8());
    qputenv("XDG_DATA_HOME", (base + QStringLiteral("/data")).toUtf8());
    qputenv("XDG_CACHE_HOME", (base + QStringLiteral("/cache")).toUtf8());
    qputenv("XDG_RUNTIME_DIR", (base + QStringLiteral("/run")).toUtf8());
    qputenv("DBUS_SESSION_BUS_ADDRESS", QByteArray("unix:path=") + (base + QStringLiteral("/no-bus")).toUtf8());
    for (const QString &name : QProcessEnvironment::systemEnvironment().keys()) {
        if (name.startsWith(QLatin1String("CHECKFU_")) || name.startsWith(QLatin1String("CURSOR_")))
            qunsetenv(name.toLocal8Bit().constData());
    }
}

} // namespace GuiTestSupport

// main() for a tray GUI test: isolated HOME/XDG, a QApplication, Qt Test's per-function
// watchdog at two minutes unless QTEST_FUNCTION_TIMEOUT says otherwise.
#define CHECKFU_GUI_TEST_MAIN(TestObject)                                                                              \
    int main(int argc, char *argv[])                                                                                   \
    {                                                                                                                  \
        if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))                                                      \
            qputenv("QTEST_FUNCTION_TIMEOUT", "120000");                                                               \
        GuiTestSupport::isolateHome();                                                                                 \
        QApplication app(argc, argv);                                                                                  \
        app.setQuitOnLastWindowClosed(false);                                                                          \
        /* English as the programs speak it: its plurals come from a catalogue ("%n run(s)" -> "1 run"). */            \
        QTranslator englishPlurals;                                                                                    \
        if (englishPlurals.load(QStringLiteral(":/i18n/checkfu_en")))                                                  \
            QCoreApplication::installTranslator(&englishPlurals);                                                      \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }
