#include <runnercore/base/HelperProgram.h>

#include <QDir>
#include <QFileInfo>
#include <QStringList>

namespace runnercore {

QString HelperProgram::find(const QString &binaryDir, const char *name, const QString &buildPath)
{
    QStringList candidates { binaryDir + QLatin1Char('/') + QLatin1String(name) };
#ifdef CHECKFU_RUN_REAPER_FROM_BINDIR
    candidates.append(binaryDir + QStringLiteral("/" CHECKFU_RUN_REAPER_FROM_BINDIR "/") + QLatin1String(name));
#endif
#ifdef CHECKFU_BUILD_DIR
    // Only for a binary of this build tree (the tests): an installed Runner never falls back to it.
    const QString buildDir = QStringLiteral(CHECKFU_BUILD_DIR);
    if (!buildPath.isEmpty() && (binaryDir == buildDir || binaryDir.startsWith(buildDir + QLatin1Char('/'))))
        candidates.append(buildPath);
#else
    Q_UNUSED(buildPath);
#endif
    for (const QString &candidate : std::as_const(candidates)) {
        const QFileInfo info(QDir::cleanPath(candidate));
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
}

} // namespace runnercore
