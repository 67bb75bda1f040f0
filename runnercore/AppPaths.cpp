#include "AppPaths.h"

#include <QDir>
#include <QStandardPaths>

#include <unistd.h>

QString AppPaths::settingsFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation) + QStringLiteral("/checkfu/runner.ini");
}

QString AppPaths::dataDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/checkfu/runner");
}

QString AppPaths::logDir()
{
    return dataDir() + QStringLiteral("/logs");
}

QString AppPaths::credentialDir()
{
    return dataDir() + QStringLiteral("/credentials");
}

QString AppPaths::runtimeDir()
{
    QString base = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    if (base.isEmpty()) {
        // No XDG_RUNTIME_DIR (e.g. a plain ssh session): a per-user temp folder still scopes the lock to this user.
        base = QDir::tempPath() + QStringLiteral("/checkfu-runtime-") + QString::number(::getuid());
    }
    return base + QStringLiteral("/checkfu");
}
