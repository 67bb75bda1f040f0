#include "AppLanguage.h"
#include "RunnerController.h"
#include "SingleInstance.h"
#include "SleepWatcher.h"
#include "TrayApplication.h"
#include "TrayCommandLine.h"
#include "TrayIcon.h"
#include "TraySettings.h"
#include <runnercore/base/Platform.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/runner/ProcessHardening.h>
#include <runnercore/runner/UnixSignalBridge.h>

#include <QApplication>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QTimer>

#include <cstdio>

using namespace runnercore;

namespace {
void nameApplication()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Checkfu"));
    QCoreApplication::setApplicationName(QStringLiteral("checkfu-tray"));
    QCoreApplication::setApplicationVersion(Platform::runnerVersion());
}

// --help and --version print and exit without a QApplication, which needs a display.
int answerHelpOrVersion(int argc, char *argv[], const QProcessEnvironment &environment)
{
    QCoreApplication app(argc, argv);
    nameApplication();
    AppLanguage language;
    QString languageError;
    const bool languageKnown = language.install(AppLanguage::requested(app.arguments()), &languageError);
    TrayCommandLine commandLine = TrayCommandLine::parse(app.arguments(), environment);
    if (!languageKnown)
        commandLine.errors.prepend(languageError);
    if (!commandLine.errors.isEmpty()) {
        std::fprintf(stderr, "checkfu-tray: %s\n", qPrintable(commandLine.errors.join(QLatin1Char('\n'))));
        return int(RunnerExit::Usage);
    }
    std::fputs(qPrintable(commandLine.output), stdout);
    return 0;
}

QStringList argumentList(int argc, char *argv[])
{
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    return arguments;
}
} // namespace

int main(int argc, char *argv[])
{
    // Before any secret is read: no core file, no same-user ptrace or /proc/<pid>/environ reads.
    ProcessHardening::disableDumps();
    // The secrets are read from this copy only; the environment, and its original bytes in
    // /proc/<pid>/environ, forget them before anything else runs (children never inherit them).
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    ProcessHardening::scrubEnvironment(ProcessHardening::secretVariables());

    if (TrayCommandLine::asksForHelpOrVersion(argumentList(argc, argv)))
        return answerHelpOrVersion(argc, argv, environment);

    QApplication app(argc, argv);
    nameApplication();
    // The person's language (or --lang's) where translations/ has it; English otherwise. A later launch that
    // hands its arguments over does not change the running tray's language.
    AppLanguage language;
    QString languageError;
    const bool languageKnown = language.install(AppLanguage::requested(app.arguments()), &languageError);
    QApplication::setApplicationDisplayName(QApplication::translate("main", "Checkfu Runner"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tray-ready.svg")));
    // The tray icon, not a window, keeps the tray running; quitting goes through TrayApplication.
    QApplication::setQuitOnLastWindowClosed(false);

    TrayCommandLine commandLine = TrayCommandLine::parse(app.arguments(), environment);
    if (!languageKnown)
        commandLine.errors.prepend(languageError);
    if (commandLine.exitNow) {
        std::fputs(qPrintable(commandLine.output), stdout);
        return 0;
    }
    if (!commandLine.errors.isEmpty()) {
        const QString text = commandLine.errors.join(QLatin1Char('\n'));
        std::fprintf(stderr, "checkfu-tray: %s\n", qPrintable(text));
        QMessageBox::critical(nullptr, QApplication::translate("main", "Checkfu Runner"), text);
        return int(RunnerExit::Usage);
    }
    // One tray per session: a later launch (a clicked checkfu:// link, say) hands over and exits.
    SingleInstance instance;
    switch (instance.claim(app.arguments().mid(1))) {
    case SingleInstance::Role::Secondary:
        return 0;
    case SingleInstance::Role::Failed:
        std::fprintf(stderr, "checkfu-tray: %s\n", qPrintable(instance.errorString()));
        break; // still useful on its own; the Runner's instance lock prevents a second Runner
    case SingleInstance::Role::Primary:
        break;
    }

    TraySettings preferences(AppPaths::settingsFile());
    preferences.load();
    Logging::Options logOptions;
    logOptions.logDir = AppPaths::logDir();
    logOptions.console = false;
    logOptions.level = commandLine.logLevelGiven ? commandLine.logLevel : preferences.logLevel;
    Logging::init(logOptions);

    RunnerController controller(commandLine.input);
    TrayIcon icon;
    icon.show(); // first: notifications fall back to its messages
    TrayApplication tray(controller, icon);
    // exit(), not quit(): Qt 6's quit() first asks every window to close, and without a system tray
    // the status window answers a close with "Quit" (ignoring it), which cancelled the quit.
    QObject::connect(
        &tray, &TrayApplication::quitNow, &app, [] { QCoreApplication::exit(0); }, Qt::QueuedConnection);
    QObject::connect(&instance, &SingleInstance::argumentsReceived, &tray, &TrayApplication::handleArguments);
    SleepWatcher sleep;
    QObject::connect(&sleep, &SleepWatcher::resumed, &tray, &TrayApplication::systemResumed);
    // SIGTERM (logout, systemd, kill): drain and sign off like Quit; a second one cancels the runs.
    UnixSignalBridge unixSignals;
    QObject::connect(&unixSignals, &UnixSignalBridge::terminationRequested, &tray, [&](int, int count) {
        if (count == 1)
            tray.quit();
        else if (count == 2)
            controller.stopNow();
        else
            app.exit(int(RunnerExit::Interrupted));
    });

    QTimer::singleShot(0, &controller, &RunnerController::start);
    RunnerSettings pairing(AppPaths::settingsFile());
    pairing.load();
    if (!commandLine.pairingLink.isEmpty())
        tray.handleArguments({ commandLine.pairingLink });
    else if (!pairing.isPaired() && !commandLine.config.pairingCode)
        tray.openPairingWizard(); // first run: nothing to start without a pairing
    const int code = app.exec();
    Logging::flush();
    return code;
}
