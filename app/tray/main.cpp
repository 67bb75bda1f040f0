#include "AppPaths.h"
#include "Logging.h"
#include "Platform.h"
#include "RunnerController.h"
#include "TrayApplication.h"
#include "TrayCommandLine.h"
#include "TrayIcon.h"

#include <QApplication>
#include <QMessageBox>
#include <QTimer>

#include <cstdio>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Checkfu"));
    QApplication::setApplicationName(QStringLiteral("checkfu-tray"));
    QApplication::setApplicationDisplayName(QApplication::translate("main", "Checkfu Runner"));
    QApplication::setApplicationVersion(Platform::runnerVersion());
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/tray-ready.svg")));
    // The tray icon, not a window, keeps the tray running; quitting goes through TrayApplication.
    QApplication::setQuitOnLastWindowClosed(false);

    TrayCommandLine commandLine = TrayCommandLine::parse(app.arguments(), QProcessEnvironment::systemEnvironment());
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
    // Secrets stay in the parsed configuration only; children never inherit them from us.
    qunsetenv("CHECKFU_RUNNER_TOKEN");
    qunsetenv("CURSOR_API_KEY");

    Logging::Options logOptions;
    logOptions.logDir = AppPaths::logDir();
    logOptions.console = false;
    logOptions.level = commandLine.logLevel;
    Logging::init(logOptions);

    RunnerController controller(commandLine.config);
    TrayIcon icon;
    TrayApplication tray(controller, icon);
    QObject::connect(&tray, &TrayApplication::quitNow, &app, &QApplication::quit, Qt::QueuedConnection);
    icon.show();
    QTimer::singleShot(0, &controller, &RunnerController::start);
    const int code = app.exec();
    Logging::flush();
    return code;
}
