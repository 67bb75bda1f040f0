#include <runnercore/workspace/GitTool.h>

#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

namespace runnercore {

namespace {
const QStringList SystemDirs { QStringLiteral("/usr/bin"), QStringLiteral("/bin"), QStringLiteral("/usr/local/bin") };
}

QString GitTool::program()
{
    return QStandardPaths::findExecutable(QStringLiteral("git"), SystemDirs);
}

bool GitTool::hasLfs()
{
    return !QStandardPaths::findExecutable(QStringLiteral("git-lfs"), SystemDirs).isEmpty();
}

QString GitTool::version(const QString &program)
{
    if (program.isEmpty())
        return QString();
    QProcess git;
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    git.setProcessEnvironment(env);
    git.start(program, { QStringLiteral("--version") });
    if (!git.waitForFinished(5000) || git.exitCode() != 0)
        return QString();
    return QString::fromUtf8(git.readAllStandardOutput()).trimmed().left(100);
}

} // namespace runnercore
