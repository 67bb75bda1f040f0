#include "PowerServicesMock.h"

#include <QDBusArgument>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusVariant>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTest>
#include <QUuid>

#include <algorithm>

namespace {

const QString MockInterface = QStringLiteral("org.freedesktop.DBus.Mock");
const QString PropertiesInterface = QStringLiteral("org.freedesktop.DBus.Properties");
const QString LogindService = QStringLiteral("org.freedesktop.login1");
const QString LogindPath = QStringLiteral("/org/freedesktop/login1");
const QString LogindInterface = QStringLiteral("org.freedesktop.login1.Manager");
const QString UPowerService = QStringLiteral("org.freedesktop.UPower");
const QString UPowerPath = QStringLiteral("/org/freedesktop/UPower");
const QString DisplayDevicePath = QStringLiteral("/org/freedesktop/UPower/devices/DisplayDevice");
const QString NetworkManagerService = QStringLiteral("org.freedesktop.NetworkManager");
const QString NetworkManagerPath = QStringLiteral("/org/freedesktop/NetworkManager");

void setError(QString *error, const QString &text)
{
    if (error)
        *error = text;
}

// Debian's interpreter first: dbusmock is a Debian package, and PATH may lead to another Python.
QString python()
{
    if (QFileInfo::exists(QStringLiteral("/usr/bin/python3")))
        return QStringLiteral("/usr/bin/python3");
    return QStandardPaths::findExecutable(QStringLiteral("python3"));
}

bool answered(const QDBusMessage &reply, QString *error)
{
    if (reply.type() == QDBusMessage::ReplyMessage)
        return true;
    setError(error, reply.errorName() + QStringLiteral(": ") + reply.errorMessage());
    return false;
}

} // namespace

PowerServicesMock::~PowerServicesMock()
{
    for (auto &process : m_templates) {
        process->kill();
        process->waitForFinished(5000);
    }
    if (!m_connectionName.isEmpty())
        QDBusConnection::disconnectFromBus(m_connectionName);
}

QDBusConnection PowerServicesMock::connection() const
{
    return QDBusConnection(m_connectionName);
}

bool PowerServicesMock::start(const QString &busAddress, QString *error)
{
    m_busAddress = busAddress;
    m_connectionName = QStringLiteral("power-mock-") + QUuid::createUuid().toString(QUuid::Id128);
    const QDBusConnection bus = QDBusConnection::connectToBus(busAddress, m_connectionName);
    if (!bus.isConnected()) {
        setError(error, QStringLiteral("cannot connect to the private bus: %1").arg(bus.lastError().message()));
        return false;
    }
    const QString interpreter = python();
    if (interpreter.isEmpty()) {
        setError(error, QStringLiteral("python3 is not installed"));
        return false;
    }
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The templates are system-bus services: this bus is their system bus.
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"), busAddress);
    for (const char *name : { "logind", "upower", "networkmanager" }) {
        auto process = std::make_unique<QProcess>();
        process->setProcessEnvironment(env);
        process->setProcessChannelMode(QProcess::MergedChannels);
        process->start(interpreter,
            { QStringLiteral("-m"), QStringLiteral("dbusmock"), QStringLiteral("--template"), QLatin1String(name) });
        if (!process->waitForStarted(10000)) {
            setError(error, QStringLiteral("python3 -m dbusmock did not start: %1").arg(process->errorString()));
            return false;
        }
        m_templates.push_back(std::move(process));
    }
    const QDeadlineTimer deadline(20000);
    for (const QString &service : { LogindService, UPowerService, NetworkManagerService }) {
        while (!bus.interface()->isServiceRegistered(service).value()) {
            const auto exited = std::find_if(
                m_templates.begin(), m_templates.end(), [](const auto &p) { return p->state() != QProcess::Running; });
            if (exited != m_templates.end() || deadline.hasExpired()) {
                QString output;
                for (const auto &p : m_templates)
                    output += QString::fromLocal8Bit(p->readAll());
                setError(error,
                    QStringLiteral("%1 did not appear on the bus (is python3-dbusmock installed? scripts/packages/"
                                   "test.txt has it): %2")
                        .arg(service, output));
                return false;
            }
            QTest::qWait(50);
        }
    }
    // NetworkManager's global Metered (that of the primary connection), which the template leaves out.
    QDBusMessage add = QDBusMessage::createMethodCall(
        NetworkManagerService, NetworkManagerPath, MockInterface, QStringLiteral("AddProperty"));
    add << QStringLiteral("org.freedesktop.NetworkManager") << QStringLiteral("Metered")
        << QVariant::fromValue(QDBusVariant(QVariant::fromValue(uint(2))));
    if (!answered(bus.call(add), error))
        return false;
    // A laptop's battery, present and full, on AC power.
    return setBattery(false, 100, error);
}

bool PowerServicesMock::setProperty(const QString &service, const QString &path, const QString &interface,
    const QString &name, const QVariant &value, QString *error)
{
    QDBusMessage set = QDBusMessage::createMethodCall(service, path, PropertiesInterface, QStringLiteral("Set"));
    set << interface << name << QVariant::fromValue(QDBusVariant(value));
    return answered(connection().call(set), error);
}

bool PowerServicesMock::setBattery(bool onBattery, int percent, QString *error)
{
    // The display device first, so that a Runner that reads OnBattery finds the percentage set.
    return setProperty(UPowerService, DisplayDevicePath, QStringLiteral("org.freedesktop.UPower.Device"),
               QStringLiteral("IsPresent"), true, error)
        && setProperty(UPowerService, DisplayDevicePath, QStringLiteral("org.freedesktop.UPower.Device"),
            QStringLiteral("Percentage"), double(percent), error)
        && setProperty(UPowerService, UPowerPath, QStringLiteral("org.freedesktop.UPower"), QStringLiteral("OnBattery"),
            onBattery, error);
}

bool PowerServicesMock::setMetered(uint metered, QString *error)
{
    return setProperty(NetworkManagerService, NetworkManagerPath, QStringLiteral("org.freedesktop.NetworkManager"),
        QStringLiteral("Metered"), QVariant::fromValue(metered), error);
}

bool PowerServicesMock::prepareForSleep(bool sleeping, QString *error)
{
    QDBusMessage emitSignal
        = QDBusMessage::createMethodCall(LogindService, LogindPath, MockInterface, QStringLiteral("EmitSignal"));
    emitSignal << LogindInterface << QStringLiteral("PrepareForSleep") << QStringLiteral("b")
               << QVariant::fromValue(QVariantList { QVariant::fromValue(QDBusVariant(sleeping)) });
    return answered(connection().call(emitSignal), error);
}

bool PowerServicesMock::spoofMetered(uint metered)
{
    QDBusMessage changed
        = QDBusMessage::createSignal(NetworkManagerPath, PropertiesInterface, QStringLiteral("PropertiesChanged"));
    changed << QStringLiteral("org.freedesktop.NetworkManager")
            << QVariantMap { { QStringLiteral("Metered"), QVariant::fromValue(metered) } } << QStringList();
    return connection().send(changed);
}

bool PowerServicesMock::spoofPrepareForSleep(bool sleeping)
{
    QDBusMessage prepare = QDBusMessage::createSignal(LogindPath, LogindInterface, QStringLiteral("PrepareForSleep"));
    prepare << sleeping;
    return connection().send(prepare);
}

QList<PowerServicesMock::Inhibitor> PowerServicesMock::inhibitors(QString *error) const
{
    const QDBusMessage reply = connection().call(
        QDBusMessage::createMethodCall(LogindService, LogindPath, LogindInterface, QStringLiteral("ListInhibitors")));
    QList<Inhibitor> list;
    if (!answered(reply, error) || reply.arguments().isEmpty())
        return list;
    const QDBusArgument array = reply.arguments().first().value<QDBusArgument>();
    array.beginArray();
    while (!array.atEnd()) {
        Inhibitor inhibitor;
        uint uid = 0;
        uint pid = 0;
        array.beginStructure();
        array >> inhibitor.what >> inhibitor.who >> inhibitor.why >> inhibitor.mode >> uid >> pid;
        array.endStructure();
        list.append(inhibitor);
    }
    array.endArray();
    return list;
}

QStringList PowerServicesMock::inhibitorModes() const
{
    QStringList modes;
    for (const Inhibitor &inhibitor : inhibitors())
        modes << inhibitor.what + QLatin1Char(':') + inhibitor.mode;
    modes.sort();
    return modes;
}
