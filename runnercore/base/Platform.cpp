#include <runnercore/base/Platform.h>

#include <QSysInfo>

namespace runnercore {

QString Platform::os()
{
    // Android and iOS share their kernel with Linux and macOS: only the build tells them apart.
#if defined(Q_OS_ANDROID)
    return QStringLiteral("android");
#elif defined(Q_OS_IOS)
    return QStringLiteral("ios");
#else
    static const QString os = osFromKernelType(QSysInfo::kernelType());
    return os;
#endif
}

QString Platform::osFromKernelType(const QString &kernelType)
{
    const QString kernel = kernelType.toLower();
    if (kernel == QLatin1String("winnt"))
        return QStringLiteral("windows");
    if (kernel == QLatin1String("sunos"))
        return QStringLiteral("solaris");
    return kernel; // "linux", "darwin", "freebsd", "netbsd", "openbsd", ... already match Go-style names
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
