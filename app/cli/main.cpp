#include "RunnerCli.h"

#include <runnercore/base/DescriptorLimit.h>
#include <runnercore/base/Platform.h>
#include <runnercore/runner/ProcessHardening.h>

#include <QProcessEnvironment>

using namespace runnercore;

int main(int argc, char *argv[])
{
    // First: a pairing code on the command line is readable by every local account in /proc/<pid>/cmdline.
    // The parsers read the copy; argv itself keeps only what is not secret.
    ArgumentCopy arguments(argc, argv);
    ProcessHardening::hideSecretArguments(argc, argv);
    // Before any secret is read: no core file, no same-user ptrace or /proc/<pid>/environ reads.
    ProcessHardening::disableDumps();
    // The secrets are read from this copy only; the environment, and its original bytes in
    // /proc/<pid>/environ, forget them before anything else runs.
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    ProcessHardening::scrubEnvironment(ProcessHardening::secretVariables());
    // Every call in flight, run and relay connection holds descriptors: not 1,024 at most (issue 35).
    DescriptorLimit::raiseToHard();

    QCoreApplication app(arguments.argc(), arguments.argv());
    QCoreApplication::setOrganizationName(QStringLiteral("Checkfu"));
    QCoreApplication::setApplicationName(QStringLiteral("checkfu-runner"));
    QCoreApplication::setApplicationVersion(Platform::runnerVersion());
    RunnerCli cli(app, environment);
    return cli.run();
}
