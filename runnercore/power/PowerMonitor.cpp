#include <runnercore/power/PowerMonitor.h>

#ifdef Q_OS_LINUX
#include <runnercore/power/LinuxPowerMonitor.h>
#endif

namespace runnercore {

std::unique_ptr<PowerMonitor> PowerMonitor::createForPlatform(QObject *parent)
{
#ifdef Q_OS_LINUX
    return std::make_unique<LinuxPowerMonitor>(QDBusConnection::systemBus(), parent);
#else
    return std::make_unique<NullPowerMonitor>(parent);
#endif
}

} // namespace runnercore
