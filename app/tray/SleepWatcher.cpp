#include "SleepWatcher.h"

#include <runnercore/logging/Logging.h>

#include <QDBusError>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

} // namespace

namespace {

QDBusConnection systemBusIfAny()
{
#ifdef Q_OS_LINUX
    return QDBusConnection::systemBus();
#else
    // Nothing to listen to here: a connection that was never opened.
    return QDBusConnection(QStringLiteral("checkfu-no-system-bus"));
#endif
}

} // namespace

SleepWatcher::SleepWatcher(QObject *parent) : SleepWatcher(systemBusIfAny(), parent) { }

SleepWatcher::SleepWatcher(const QDBusConnection &bus, QObject *parent) : QObject(parent), m_bus(bus)
{
    if (!m_bus.isConnected()) {
        logger->debug("no system bus: sleep and wake are not watched");
        return;
    }
    // No sender in the match: naming login1 would make QtDBus look its owner up with a blocking
    // call; the path and interface are logind's alone. Where logind is missing nothing arrives.
    m_watching = m_bus.connect(
        QString(), Path, Interface, QStringLiteral("PrepareForSleep"), this, SLOT(onPrepareForSleep(bool)));
    if (!m_watching)
        logger->debug("cannot watch logind's PrepareForSleep: {}", m_bus.lastError().message());
}

void SleepWatcher::onPrepareForSleep(bool sleeping)
{
    logger->info(sleeping ? "the machine is going to sleep" : "the machine woke up");
    if (sleeping)
        emit aboutToSleep();
    else
        emit resumed();
}
