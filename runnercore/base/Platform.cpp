#include <runnercore/base/Platform.h>

#include <QSysInfo>

namespace runnercore {

QString Platform::os()
{
#if defined(Q_OS_MACOS)
    return QStringLiteral("darwin");
#elif defined(Q_OS_WIN)
    return QStringLiteral("windows");
#else
    return QStringLiteral("linux");
#endif
}

QString Platform::architecture()
{
    const QString arch = QSysInfo::currentCpuArchitecture();
    if (arch == QLatin1String("x86_64"))
        return QStringLiteral("amd64");
    if (arch == QLatin1String("i386"))
        return QStringLiteral("386");
    return arch; // "arm64", "arm", "riscv64", ... already match Go-style names
}

QJsonObject Platform::toJson()
{
    return QJsonObject { { QStringLiteral("os"), os() }, { QStringLiteral("architecture"), architecture() } };
}

QString Platform::runnerVersion()
{
    return QStringLiteral(CHECKFU_VERSION);
}

QByteArray Platform::userAgent()
{
    // A constant of the build and the machine, sent with every request: asked of the system once.
    static const QByteArray agent
        = QStringLiteral("checkfu-runner/%1 (%2; %3)").arg(runnerVersion(), os(), architecture()).toUtf8();
    return agent;
}

} // namespace runnercore
