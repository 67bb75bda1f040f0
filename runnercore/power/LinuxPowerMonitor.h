#pragma once

#include <runnercore/power/PowerMonitor.h>

#include <QDBusConnection>
#include <QDBusContext>
#include <QDBusUnixFileDescriptor>
#include <QHash>
#include <QVariantMap>

#include <functional>

namespace runnercore {

// The Linux backend, over the system bus: logind (PrepareForSleep, Inhibit), UPower (OnBattery and
// the display device's Percentage) and NetworkManager (Metered: the primary connection's). Every
// call is asynchronous; a service that is missing leaves its part at the default (on AC, not
// metered, no lock), logged once at debug level.
//
// Any local account may send a signal on the system bus with these paths: a signal counts only
// when its sender owns the service's name (GetNameOwner, then NameOwnerChanged), so another user
// can neither pause the Runner nor make it drop its delay lock early.
class LinuxPowerMonitor : public PowerMonitor, protected QDBusContext
{
    Q_OBJECT
public:
    static inline const QString LogindService = QStringLiteral("org.freedesktop.login1");
    static inline const QString LogindPath = QStringLiteral("/org/freedesktop/login1");
    static inline const QString LogindInterface = QStringLiteral("org.freedesktop.login1.Manager");
    static inline const QString UPowerService = QStringLiteral("org.freedesktop.UPower");
    static inline const QString UPowerPath = QStringLiteral("/org/freedesktop/UPower");
    static inline const QString UPowerDisplayDevicePath
        = QStringLiteral("/org/freedesktop/UPower/devices/DisplayDevice");
    static inline const QString UPowerDeviceInterface = QStringLiteral("org.freedesktop.UPower.Device");
    static inline const QString NetworkManagerService = QStringLiteral("org.freedesktop.NetworkManager");
    static inline const QString NetworkManagerPath = QStringLiteral("/org/freedesktop/NetworkManager");

    // bus: the system bus (tests: a private bus with python-dbusmock's templates).
    explicit LinuxPowerMonitor(const QDBusConnection &bus, QObject *parent = nullptr);
    ~LinuxPowerMonitor() override;

    PowerState state() const override { return m_state; }
    void holdSleepLocks(SleepLocks locks) override;
    SleepLocks sleepLocks() const override { return m_wanted; }
    QString backendName() const override;

private slots:
    void onPrepareForSleep(bool sleeping);
    void onPropertiesChanged(const QString &interface, const QVariantMap &changed, const QStringList &invalidated);

private:
    enum class LockKind { Delay, Block };
    struct Lock
    {
        QDBusUnixFileDescriptor fd; // closing it releases the lock
        quint64 request = 0; // the Inhibit call answered last counts only if it is this one
    };
    Lock &lock(LockKind kind) { return kind == LockKind::Delay ? m_delay : m_block; }
    void setLock(LockKind kind, bool wanted);
    void readProperty(const QString &service, const QString &path, const QString &interface, const QString &name);
    void readAll(const QString &service);
    void learnOwner(const QString &service);
    // The signal being delivered comes from the owner of the service behind its path.
    bool fromOwner() const;
    void apply(const QString &interface, const QVariantMap &values);
    void watch(const QString &path);

    QDBusConnection m_bus;
    PowerState m_state;
    SleepLocks m_wanted;
    Lock m_delay;
    Lock m_block;
    quint64 m_requests = 0;
    QHash<QString, QString> m_owners; // well-known name -> its owner's unique name
};

} // namespace runnercore
