#include <runnercore/config/AppPaths.h>

#include <runnercore/config/PrivateDirectory.h>

#include <QDir>
#include <QStandardPaths>

#include <unistd.h>

namespace runnercore {

QString AppPaths::settingsFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/checkfu/runner.ini");
}

QString AppPaths::dataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/checkfu/runner");
}

QString AppPaths::cacheDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/checkfu/runner");
}

QString AppPaths::snapshotDir()
{
    return dataDir() + QStringLiteral("/snapshots");
}

QString AppPaths::logDir()
{
    return dataDir() + QStringLiteral("/logs");
}

QString AppPaths::credentialDir()
{
    return dataDir() + QStringLiteral("/credentials");
}

namespace {
// The session's XDG_RUNTIME_DIR, or empty (then the fallback is ours to create).
QString sessionRuntimeDir()
{
    const QString xdg = qEnvironmentVariable("XDG_RUNTIME_DIR");
    return QDir::isAbsolutePath(xdg) ? QDir::cleanPath(xdg) : QString();
}

// No XDG_RUNTIME_DIR (e.g. a plain ssh session): a per-user folder in the shared temp directory,
// which another user may have created first; ensureRuntimeDir() refuses it then.
QString fallbackRuntimeBase()
{
    return QDir::tempPath() + QStringLiteral("/checkfu-runtime-") + QString::number(::geteuid());
}
} // namespace

QString AppPaths::runtimeDir()
{
    const QString session = sessionRuntimeDir();
    return (session.isEmpty() ? fallbackRuntimeBase() : session) + QStringLiteral("/checkfu");
}

bool AppPaths::ensureRuntimeDir(QString *error)
{
    // The session's directory too: the XDG spec says 0700 and the user's, and a lock or socket is only
    // as private as every directory that can rename it.
    const QString session = sessionRuntimeDir();
    return PrivateDirectory::ensure(session.isEmpty() ? fallbackRuntimeBase() : session, error)
        && PrivateDirectory::ensure(runtimeDir(), error);
}

} // namespace runnercore
