#include "RunnerCli.h"

#include "Platform.h"

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("Checkfu"));
    QCoreApplication::setApplicationName(QStringLiteral("checkfu-runner"));
    QCoreApplication::setApplicationVersion(Platform::runnerVersion());
    RunnerCli cli(app);
    return cli.run();
}
