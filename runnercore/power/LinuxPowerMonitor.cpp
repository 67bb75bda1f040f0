#include <runnercore/power/LinuxPowerMonitor.h>

#include <runnercore/logging/Logging.h>

#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusServiceWatcher>
#include <QDBusVariant>

#include <cmath>

namespace runnercore {

namespace {

const HeldLogger logger("power");

const QString PropertiesInterface = QStringLiteral("org.freedesktop.DBus.Properties");
const QString UPowerInterface = QStringLiteral("org.freedesktop.UPower");
const QString NetworkManagerInterface = QStringLiteral("org.freedesktop.NetworkManager");

// NMMetered: 1 yes, 3 guessed yes (a phone's hotspot); 0 unknown, 2 no, 4 guessed no.
bool isMetered(uint value)
{
    return value == 1 || value == 3;
}

} // namespace

LinuxPowerMonitor::LinuxPowerMonitor(const QDBusConnection &bus, QObject *parent) : PowerMonitor(parent), m_bus(bus)
{
    if (!m_bus.isConnected()) {
        logger->debug("no system bus: power, network and sleep are not watched");
        return;
    }
    // No sender in the matches: naming a service would make QtDBus look its owner up with a
    // blocking call. The paths and interfaces are the services' own.
    if (!m_bus.connect(QString(), LogindPath, LogindInterface, QStringLiteral("PrepareForSleep"), this,
            SLOT(onPrepareForSleep(bool))))
        logger->debug("cannot watch logind's PrepareForSleep: {}", m_bus.lastError().message());
    for (const QString &path : { UPowerPath, UPowerDisplayDevicePath, NetworkManagerPath })
        watch(path);
    const QStringList services { LogindService, UPowerService, NetworkManagerService };
    auto *owners = new QDBusServiceWatcher(this);
    owners->setConnection(m_bus);
    owners->setWatchMode(QDBusServiceWatcher::WatchForOwnerChange);
    owners->setWatchedServices(services);
    connect(owners, &QDBusServiceWatcher::serviceOwnerChanged, this,
        [this](const QString &service, const QString &, const QString &owner) {
            m_owners.insert(service, owner);
            if (!owner.isEmpty())
                readAll(service); // a restarted UPower or NetworkManager says where things stand
        });
    for (const QString &service : services)
        learnOwner(service);
    readAll(UPowerService);
    readAll(NetworkManagerService);
}

void LinuxPowerMonitor::readAll(const QString &service)
{
    if (service == UPowerService) {
        readProperty(UPowerService, UPowerPath, UPowerInterface, QStringLiteral("OnBattery"));
        readProperty(UPowerService, UPowerDisplayDevicePath, UPowerDeviceInterface, QStringLiteral("Percentage"));
        readProperty(UPowerService, UPowerDisplayDevicePath, UPowerDeviceInterface, QStringLiteral("IsPresent"));
    } else if (service == NetworkManagerService) {
        readProperty(NetworkManagerService, NetworkManagerPath, NetworkManagerInterface, QStringLiteral("Metered"));
    }
}

void LinuxPowerMonitor::learnOwner(const QString &service)
{
    QDBusMessage ask = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.DBus"),
        QStringLiteral("/org/freedesktop/DBus"), QStringLiteral("org.freedesktop.DBus"),
        QStringLiteral("GetNameOwner"));
    ask << service;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(ask), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, service](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QString> reply = *w;
        // A NameOwnerChanged that came first is newer.
        if (!reply.isError() && !m_owners.contains(service))
            m_owners.insert(service, reply.value());
    });
}

bool LinuxPowerMonitor::fromOwner() const
{
    const QString path = message().path();
    QString service = UPowerService;
    if (path == LogindPath)
        service = LogindService;
    else if (path == NetworkManagerPath)
        service = NetworkManagerService;
    const QString owner = m_owners.value(service);
    if (!owner.isEmpty() && message().service() == owner)
        return true;
    logger->debug("ignoring a signal on {} from {}, which does not own {}", path, message().service(), service);
    return false;
}

LinuxPowerMonitor::~LinuxPowerMonitor() = default;

QString LinuxPowerMonitor::backendName() const
{
    return m_bus.isConnected() ? QStringLiteral("logind, UPower, NetworkManager") : QStringLiteral("none");
}

void LinuxPowerMonitor::watch(const QString &path)
{
    if (!m_bus.connect(QString(), path, PropertiesInterface, QStringLiteral("PropertiesChanged"), this,
            SLOT(onPropertiesChanged(QString, QVariantMap, QStringList))))
        logger->debug("cannot watch {}: {}", path, m_bus.lastError().message());
}

void LinuxPowerMonitor::readProperty(
    const QString &service, const QString &path, const QString &interface, const QString &name)
{
    QDBusMessage get = QDBusMessage::createMethodCall(service, path, PropertiesInterface, QStringLiteral("Get"));
    get << interface << name;
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(get), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, interface, name](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QDBusVariant> reply = *w;
        if (reply.isError()) {
            logger->debug("{}.{}: {}", interface, name, reply.error().message());
            return;
        }
        apply(interface, { { name, reply.value().variant() } });
    });
}

void LinuxPowerMonitor::onPropertiesChanged(
    const QString &interface, const QVariantMap &changed, const QStringList &invalidated)
{
    Q_UNUSED(invalidated);
    if (fromOwner())
        apply(interface, changed);
}

void LinuxPowerMonitor::apply(const QString &interface, const QVariantMap &values)
{
    PowerState next = m_state;
    if (interface == UPowerInterface && values.contains(QStringLiteral("OnBattery"))) {
        next.onBattery = values.value(QStringLiteral("OnBattery")).toBool();
    } else if (interface == UPowerDeviceInterface) {
        // The display device stands for all batteries; without one present its percentage means nothing.
        if (values.contains(QStringLiteral("IsPresent")) && !values.value(QStringLiteral("IsPresent")).toBool())
            next.batteryPercent = -1;
        if (values.contains(QStringLiteral("Percentage"))) {
            const double percent = values.value(QStringLiteral("Percentage")).toDouble();
            if (std::isfinite(percent) && percent > 0 && percent <= 100)
                next.batteryPercent = int(std::lround(percent));
        }
    } else if (interface == NetworkManagerInterface && values.contains(QStringLiteral("Metered"))) {
        next.metered = isMetered(values.value(QStringLiteral("Metered")).toUInt());
    }
    if (next == m_state)
        return;
    m_state = next;
    logger->info("power: {}{}, network {}", m_state.onBattery ? "on battery" : "on AC power",
        m_state.batteryPercent >= 0 ? QStringLiteral(" (%1 %)").arg(m_state.batteryPercent).toStdString() : "",
        m_state.metered ? "metered" : "not metered");
    emit stateChanged(m_state);
}

void LinuxPowerMonitor::onPrepareForSleep(bool sleeping)
{
    if (!fromOwner())
        return;
    logger->info(sleeping ? "the machine is going to sleep" : "the machine woke up");
    if (sleeping) {
        emit aboutToSleep();
    } else {
        // logind dropped nothing, but a delay lock released before sleep is wanted again now.
        emit resumed();
    }
}

void LinuxPowerMonitor::holdSleepLocks(SleepLocks locks)
{
    if (locks == m_wanted)
        return;
    const SleepLocks before = m_wanted;
    m_wanted = locks;
    if (locks.delay != before.delay)
        setLock(LockKind::Delay, locks.delay);
    if (locks.block != before.block)
        setLock(LockKind::Block, locks.block);
}

void LinuxPowerMonitor::setLock(LockKind kind, bool wanted)
{
    Lock &held = lock(kind);
    const quint64 request = ++m_requests;
    held.request = request;
    const char *mode = kind == LockKind::Delay ? "delay" : "block";
    if (!wanted) {
        held.fd = QDBusUnixFileDescriptor(); // closes our copy: logind drops the lock
        logger->info("sleep {} lock released", mode);
        return;
    }
    if (!m_bus.isConnected())
        return;
    QDBusMessage inhibit
        = QDBusMessage::createMethodCall(LogindService, LogindPath, LogindInterface, QStringLiteral("Inhibit"));
    inhibit << QStringLiteral("sleep") << QStringLiteral("Checkfu Runner")
            << (kind == LockKind::Delay ? QStringLiteral("Saving run output before sleep")
                                        : QStringLiteral("Agent runs are active"))
            << QString::fromLatin1(mode);
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(inhibit), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, kind, request, mode](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QDBusUnixFileDescriptor> reply = *w;
        Lock &answered = lock(kind);
        if (reply.isError()) {
            logger->warn("cannot take logind's sleep {} lock: {}", mode, reply.error().message());
            return;
        }
        // Asked again since (released, or taken anew): this answer's lock is dropped with the reply.
        if (answered.request != request)
            return;
        answered.fd = reply.value();
        logger->info("sleep {} lock taken", mode);
    });
}

} // namespace runnercore
