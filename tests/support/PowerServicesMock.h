#pragma once

#include <QDBusConnection>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

// logind, UPower and NetworkManager as python-dbusmock's templates (Debian's python3-dbusmock) on a
// private bus that stands in for the system bus: a Runner pointed at it (DBUS_SYSTEM_BUS_ADDRESS,
// or LinuxPowerMonitor on connection()) sees the battery, the network and sleep the test sets,
// and the test sees the inhibitor locks the Runner holds (logind's ListInhibitors).
// A missing python3-dbusmock is an error, not a skip: scripts/packages/test.txt installs it.
class PowerServicesMock
{
public:
    struct Inhibitor
    {
        QString what;
        QString who;
        QString why;
        QString mode; // "block" or "delay"
    };

    PowerServicesMock() = default;
    ~PowerServicesMock();
    PowerServicesMock(const PowerServicesMock &) = delete;
    PowerServicesMock &operator=(const PowerServicesMock &) = delete;

    // Starts the three templates on the bus at busAddress; true once all three names are owned
    // and NetworkManager has a Metered property (the template has none).
    bool start(const QString &busAddress, QString *error);
    QDBusConnection connection() const;

    bool setBattery(bool onBattery, int percent, QString *error = nullptr);
    // NMMetered: 1 yes, 2 no, 3 guessed yes, 4 guessed no.
    bool setMetered(uint metered, QString *error = nullptr);
    // PrepareForSleep(sleeping) from logind.
    bool prepareForSleep(bool sleeping, QString *error = nullptr);
    // The same signals from another local account: this test's own connection, which owns none of the names.
    bool spoofMetered(uint metered);
    bool spoofPrepareForSleep(bool sleeping);
    QList<Inhibitor> inhibitors(QString *error = nullptr) const;
    // The modes of the inhibitors held now, sorted ("block", "delay").
    QStringList inhibitorModes() const;

private:
    bool setProperty(const QString &service, const QString &path, const QString &interface, const QString &name,
        const QVariant &value, QString *error);

    QString m_busAddress;
    QString m_connectionName;
    std::vector<std::unique_ptr<QProcess>> m_templates;
};
