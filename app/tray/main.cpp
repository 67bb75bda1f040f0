#include "AppLanguage.h"
#include "ApplicationService.h"
#include "RunnerController.h"
#include "SingleInstance.h"
#include "StateIcons.h"
#include "TrayApplication.h"
#include "TrayCommandLine.h"
#include "TrayIcon.h"
#include "TraySettings.h"
#include <runnercore/base/DescriptorLimit.h>
#include <runnercore/base/Platform.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/runner/ProcessHardening.h>
#include <runnercore/runner/UnixSignalBridge.h>

#include <QApplication>
#include <QEventLoop>
#include <QMessageBox>
#include <QProcessEnvironment>
#include <QTimer>

#include <cstdio>

using namespace runnercore;

namespace {
const HeldLogger logger("tray");

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

// Started by the bus for a call to org.freedesktop.Application: the bus holds that call until the name is ours,
// so it comes at once. Its link (empty for Activate) is this launch's, as if it had been given as an argument.
constexpr int FirstCallTimeoutMs = 10000;

QString firstCallLink(ApplicationService &service)
{
    QString link;
    QEventLoop loop;
    QObject::connect(&service, &ApplicationService::activated, &loop, &QEventLoop::quit);
    QObject::connect(&service, &ApplicationService::pairingLinkOpened, &loop, [&](const QString &opened) {
        link = opened;
        loop.quit();
    });
    QTimer::singleShot(FirstCallTimeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return link;
}
} // namespace

int main(int argc, char *argv[])
{
    // First: a pairing code or checkfu:// link on the command line is readable by every local account in
    // /proc/<pid>/cmdline. The parsers read the copy; argv itself keeps only what is not secret.
    ArgumentCopy arguments(argc, argv);
    ProcessHardening::hideSecretArguments(argc, argv);
    // Before any secret is read: no core file, no same-user ptrace or /proc/<pid>/environ reads.
    ProcessHardening::disableDumps();
    // The secrets are read from this copy only; the environment, and its original bytes in
    // /proc/<pid>/environ, forget them before anything else runs (children never inherit them).
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    ProcessHardening::scrubEnvironment(ProcessHardening::secretVariables());
    // Every call in flight, run and relay connection holds descriptors: not 1,024 at most (issue 35).
    DescriptorLimit::raiseToHard();

    if (TrayCommandLine::asksForHelpOrVersion(argumentList(arguments.argc(), arguments.argv())))
        return answerHelpOrVersion(arguments.argc(), arguments.argv(), environment);

    QApplication app(arguments.argc(), arguments.argv());
    nameApplication();
    // The person's language (or --lang's) where translations/ has it; English otherwise. A later launch that
    // hands its arguments over does not change the running tray's language.
    AppLanguage language;
    QString languageError;
    const bool languageKnown = language.install(AppLanguage::requested(app.arguments()), &languageError);
    QApplication::setApplicationDisplayName(QApplication::translate("main", "Checkfu Runner"));
    QApplication::setWindowIcon(StateIcons::icon(QStringLiteral("tray-ready")));
    // The tray icon, not a window, keeps the tray running; quitting goes through TrayApplication.
    QApplication::setQuitOnLastWindowClosed(false);

    TrayCommandLine commandLine
        = TrayCommandLine::parse(app.arguments(), environment, &RunnerConfigInput::readStandardInputLine);
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
    // Before the bus's first call, so that what it is told (an ignored URI) is in the log too.
    TraySettings preferences(AppPaths::settingsFile());
    preferences.load();
    Logging::Options logOptions;
    logOptions.logDir = AppPaths::logDir();
    logOptions.console = false;
    logOptions.level = commandLine.logLevelGiven ? commandLine.logLevel : preferences.logLevel;
    Logging::init(logOptions);
    // Clicked links come through org.freedesktop.Application.Open (the desktop file is DBusActivatable). Started by
    // the bus, the service is up first, to take the call it was started for.
    ApplicationService service;
    QString serviceError;
    if (commandLine.dbusActivated) {
        if (service.registerOnBus(&serviceError))
            commandLine.pairingLink = firstCallLink(service);
        else
            std::fprintf(stderr, "checkfu-tray: %s\n", qPrintable(serviceError));
    }
    // One tray per session: a later launch (a link on a desktop without D-Bus activation, or a service started while
    // a tray runs without the bus name) hands over through the owner-only socket and exits.
    SingleInstance instance;
    const QString calledLink = commandLine.dbusActivated ? commandLine.pairingLink : QString(); // else in argv
    switch (instance.claim(commandLine.handOverArguments(app.arguments().mid(1), calledLink))) {
    case SingleInstance::Role::Secondary:
        return 0;
    case SingleInstance::Role::Failed:
        std::fprintf(stderr, "checkfu-tray: %s\n", qPrintable(instance.errorString()));
        break; // still useful on its own; the Runner's instance lock prevents a second Runner
    case SingleInstance::Role::Primary:
        break;
    }

    if (commandLine.dbusActivated)
        logger->info("started by the session bus for org.freedesktop.Application.{}",
            commandLine.pairingLink.isEmpty() ? "Activate" : "Open with a checkfu://pair link");

    RunnerController controller(commandLine.input);
    TrayIcon icon;
    icon.show(); // first: notifications fall back to its messages
    TrayApplication tray(controller, icon);
    // exit(), not quit(): Qt 6's quit() first asks every window to close, and without a system tray
    // the status window answers a close with "Quit" (ignoring it), which cancelled the quit.
    QObject::connect(
        &tray, &TrayApplication::quitNow, &app, [] { QCoreApplication::exit(0); }, Qt::QueuedConnection);
    QObject::connect(&instance, &SingleInstance::argumentsReceived, &tray, &TrayApplication::handleArguments);
    if (!service.isRegistered() && !service.registerOnBus(&serviceError))
        logger->info("clicked checkfu:// links reach this tray through its command line only: {}", serviceError);
    service.deliverTo(tray);
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
    else if (commandLine.changesOf)
        tray.openChanges(*commandLine.changesOf);
    else if (!pairing.isPaired() && !commandLine.config.pairingCode)
        tray.openPairingWizard(); // first run: nothing to start without a pairing
    const int code = app.exec();
    Logging::flush();
    return code;
}
