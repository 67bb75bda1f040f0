#include "ApplicationService.h"

#include "PairingLink.h"
#include "TrayApplication.h"
#include <runnercore/logging/Logging.h>

#include <QDBusConnectionInterface>
#include <QUrl>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

} // namespace

ApplicationService::ApplicationService(const QString &name, const QDBusConnection &bus, QObject *parent)
    : QObject(parent), m_name(name), m_bus(bus)
{ }

ApplicationService::~ApplicationService()
{
    if (!m_registered)
        return;
    m_bus.unregisterObject(objectPath(m_name));
    m_bus.unregisterService(m_name);
}

QString ApplicationService::objectPath(const QString &name)
{
    QString path = QLatin1Char('/') + name;
    path.replace(QLatin1Char('.'), QLatin1Char('/')).replace(QLatin1Char('-'), QLatin1Char('_'));
    return path;
}

void ApplicationService::deliverTo(TrayApplication &tray)
{
    connect(this, &ApplicationService::pairingLinkOpened, &tray,
        [&tray](const QString &link) { tray.handleArguments({ link }); });
    connect(this, &ApplicationService::activated, &tray, [&tray] { tray.handleArguments({}); });
}

bool ApplicationService::registerOnBus(QString *error)
{
    if (m_registered)
        return true;
    if (!m_bus.isConnected()) {
        *error = QStringLiteral("no session bus: %1").arg(m_bus.lastError().message());
        return false;
    }
    if (!m_bus.registerObject(objectPath(m_name), this, QDBusConnection::ExportScriptableSlots)) {
        *error = QStringLiteral("cannot export %1: %2").arg(objectPath(m_name), m_bus.lastError().message());
        return false;
    }
    // Not queued behind another owner: that one gets the links, and this process hands over through SingleInstance.
    const auto reply = m_bus.interface()->registerService(
        m_name, QDBusConnectionInterface::DontQueueService, QDBusConnectionInterface::DontAllowReplacement);
    if (!reply.isValid() || reply.value() != QDBusConnectionInterface::ServiceRegistered) {
        *error
            = QStringLiteral("the bus name %1 is taken (%2)")
                  .arg(m_name, reply.isValid() ? QStringLiteral("owned by another process") : reply.error().message());
        m_bus.unregisterObject(objectPath(m_name));
        return false;
    }
    m_registered = true;
    logger->debug("org.freedesktop.Application: {} on the session bus", m_name);
    return true;
}

void ApplicationService::Activate(const QVariantMap &)
{
    logger->info("org.freedesktop.Application.Activate");
    emit activated();
}

void ApplicationService::Open(const QStringList &uris, const QVariantMap &)
{
    QString link;
    for (const QString &uri : uris) {
        if (link.isEmpty() && PairingLink::isPairingLink(uri)) {
            link = uri;
            continue;
        }
        // Never the rest of it: a link may hold a code.
        logger->warn("org.freedesktop.Application.Open: ignored a URI that is not a checkfu://pair link (scheme '{}')",
            QUrl(uri).scheme().left(32));
    }
    if (link.isEmpty())
        return;
    logger->info("org.freedesktop.Application.Open: a checkfu://pair link");
    emit pairingLinkOpened(link);
}

void ApplicationService::ActivateAction(const QString &actionName, const QVariantList &, const QVariantMap &)
{
    logger->warn("org.freedesktop.Application.ActivateAction: ignored the unknown action '{}'", actionName.left(64));
}
