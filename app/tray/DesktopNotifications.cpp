#include "DesktopNotifications.h"

#include "StateIcons.h"

#include <runnercore/logging/Logging.h>

#include <QDBusArgument>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QDBusServiceWatcher>
#include <QGuiApplication>
#include <QImage>
#include <QSystemTrayIcon>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

} // namespace

namespace {

// The spec's image-data hint, (iiibiiay): width, height, rowstride, has alpha, bits per
// sample, channels, RGBA bytes.
struct NotificationImage
{
    int width = 0;
    int height = 0;
    int rowStride = 0;
    bool hasAlpha = true;
    int bitsPerSample = 8;
    int channels = 4;
    QByteArray data;
};

QDBusArgument &operator<<(QDBusArgument &arg, const NotificationImage &image)
{
    arg.beginStructure();
    arg << image.width << image.height << image.rowStride << image.hasAlpha << image.bitsPerSample << image.channels
        << image.data;
    arg.endStructure();
    return arg;
}

const QDBusArgument &operator>>(const QDBusArgument &arg, NotificationImage &image)
{
    arg.beginStructure();
    arg >> image.width >> image.height >> image.rowStride >> image.hasAlpha >> image.bitsPerSample >> image.channels
        >> image.data;
    arg.endStructure();
    return arg;
}

} // namespace

Q_DECLARE_METATYPE(NotificationImage)

namespace {

uchar urgencyByte(Notification::Urgency urgency)
{
    switch (urgency) {
    case Notification::Urgency::Low:
        return 0;
    case Notification::Urgency::Normal:
        return 1;
    case Notification::Urgency::Critical:
        return 2;
    }
    return 1;
}

QString categoryOf(Notification::Event event)
{
    // Vendor categories ("x-vendor.class") as the spec allows; servers may group by them.
    switch (event) {
    case Notification::Event::ApprovalRequested:
        return QStringLiteral("x-checkfu.approval");
    case Notification::Event::Revoked:
    case Notification::Event::Fenced:
        return QStringLiteral("x-checkfu.credential");
    case Notification::Event::DrainFinished:
        return QStringLiteral("x-checkfu.drain");
    case Notification::Event::Reconnected:
        return QStringLiteral("x-checkfu.connection");
    case Notification::Event::RunsLostToSleep:
        return QStringLiteral("x-checkfu.sleep");
    case Notification::Event::Paired:
    case Notification::Event::PairingFailed:
        return QStringLiteral("x-checkfu.pairing");
    }
    return {};
}

std::optional<NotificationImage> imageOf(const Notification &notification)
{
    if (notification.iconName.isEmpty())
        return std::nullopt;
    const int size = FreedesktopNotifications::ImageSize;
    const QImage image
        = StateIcons::icon(notification.iconName).pixmap(size, size).toImage().convertToFormat(QImage::Format_RGBA8888);
    if (image.isNull())
        return std::nullopt;
    NotificationImage data;
    data.width = image.width();
    data.height = image.height();
    data.rowStride = int(image.bytesPerLine());
    data.data = QByteArray(reinterpret_cast<const char *>(image.constBits()), int(image.sizeInBytes()));
    return data;
}

} // namespace

FreedesktopNotifications::FreedesktopNotifications(const QDBusConnection &bus, QObject *parent)
    : NotificationSink(parent), m_bus(bus)
{
    qDBusRegisterMetaType<NotificationImage>();
    if (!m_bus.isConnected())
        return;
    // No sender in the match: naming the service would make QtDBus look its owner up with a
    // blocking call, and any owner of these signals is the notification server anyway.
    m_bus.connect(
        QString(), Path, Interface, QStringLiteral("ActionInvoked"), this, SLOT(onActionInvoked(uint, QString)));
    m_bus.connect(
        QString(), Path, Interface, QStringLiteral("NotificationClosed"), this, SLOT(onNotificationClosed(uint, uint)));

    const QDBusMessage call
        = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("GetCapabilities"));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, CallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QStringList> reply = *w;
        if (!reply.isError())
            m_capabilities = reply.value();
    });
}

QVariantList FreedesktopNotifications::notifyArguments(const Notification &notification) const
{
    // Servers that speak markup (most do; the answer may not be in yet) would read a tool call
    // title like "cat <file>" as a tag.
    const bool markup = m_capabilities.isEmpty() || m_capabilities.contains(QLatin1String("body-markup"));
    const QString body = markup ? notification.body.toHtmlEscaped() : notification.body;
    QStringList actions;
    if (!notification.link.isEmpty()) {
        // "default" is a click on the notification itself; "open" a button where servers show one.
        actions << DefaultAction << tr("Open") << OpenAction << tr("Open");
    }
    QVariantMap hints;
    hints.insert(QStringLiteral("urgency"), QVariant::fromValue(urgencyByte(notification.urgency)));
    hints.insert(QStringLiteral("category"), categoryOf(notification.event));
    if (!QGuiApplication::desktopFileName().isEmpty())
        hints.insert(QStringLiteral("desktop-entry"), QGuiApplication::desktopFileName());
    if (const auto image = imageOf(notification))
        hints.insert(QStringLiteral("image-data"), QVariant::fromValue(*image));
    // app_icon empty: the image-data hint carries the picture, since our icons live in resources
    // no server can read.
    return { AppName, quint32(0), QString(), notification.title, body, actions, hints, qint32(notification.timeoutMs) };
}

quint32 FreedesktopNotifications::notify(const Notification &notification)
{
    const quint32 id = m_nextId++;
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("Notify"));
    call.setArguments(notifyArguments(notification));
    auto *watcher = new QDBusPendingCallWatcher(m_bus.asyncCall(call, CallTimeoutMs), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this, id, notification](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<uint> reply = *w;
        if (reply.isError()) {
            logger->info("the desktop's notification service did not show a notification: {}", reply.error().message());
            m_withdrawnEarly.remove(id);
            const QDBusError::ErrorType type = reply.error().type();
            emit failed(id, notification, type == QDBusError::ServiceUnknown || type == QDBusError::Disconnected);
            return;
        }
        const quint32 serverId = reply.value();
        if (m_withdrawnEarly.remove(id)) {
            closeOnServer(serverId);
            return;
        }
        m_localByServer.insert(serverId, id);
        m_serverByLocal.insert(id, serverId);
    });
    return id;
}

void FreedesktopNotifications::withdraw(quint32 id)
{
    if (!m_serverByLocal.contains(id)) {
        if (id > 0 && id < m_nextId)
            m_withdrawnEarly.insert(id); // the Notify answer is not in yet
        return;
    }
    const quint32 serverId = m_serverByLocal.take(id);
    m_localByServer.remove(serverId);
    closeOnServer(serverId);
}

void FreedesktopNotifications::closeOnServer(quint32 serverId)
{
    QDBusMessage call = QDBusMessage::createMethodCall(Service, Path, Interface, QStringLiteral("CloseNotification"));
    call.setArguments({ serverId });
    // Fire and forget: a notification the person already dismissed is an error nobody needs.
    m_bus.asyncCall(call, CallTimeoutMs);
}

void FreedesktopNotifications::onActionInvoked(uint serverId, const QString &actionKey)
{
    if (const quint32 id = m_localByServer.value(serverId))
        emit activated(id, actionKey);
}

void FreedesktopNotifications::onNotificationClosed(uint serverId, uint reason)
{
    Q_UNUSED(reason)
    const quint32 id = m_localByServer.take(serverId);
    if (!id)
        return;
    m_serverByLocal.remove(id);
    emit closed(id);
}

TrayMessageNotifications::TrayMessageNotifications(QSystemTrayIcon *tray, ShowMessage show, QObject *parent)
    : NotificationSink(parent), m_tray(tray), m_show(std::move(show))
{
    if (!m_show) {
        m_show = [this](const QString &title, const QString &body, const QIcon &icon, int timeoutMs) {
            if (m_tray)
                m_tray->showMessage(title, body, icon, timeoutMs);
        };
    }
    if (m_tray) {
        connect(m_tray, &QSystemTrayIcon::messageClicked, this, [this] {
            if (m_lastId)
                emit activated(m_lastId, DefaultAction);
        });
    }
}

quint32 TrayMessageNotifications::notify(const Notification &notification)
{
    if (!m_tray)
        return 0;
    const int timeoutMs = notification.timeoutMs < 0 ? DefaultTimeoutMs
        : notification.timeoutMs == 0                ? LongTimeoutMs
                                                     : notification.timeoutMs;
    const QIcon icon = notification.iconName.isEmpty() ? QIcon() : StateIcons::icon(notification.iconName);
    // The balloon replaces the previous one, which can no longer be clicked.
    if (m_lastId)
        emit closed(m_lastId);
    m_lastId = m_nextId++;
    m_show(notification.title, notification.body, icon, timeoutMs);
    return m_lastId;
}

DesktopNotifications::DesktopNotifications(
    const QDBusConnection &bus, std::unique_ptr<NotificationSink> fallback, QObject *parent)
    : NotificationSink(parent), m_bus(bus), m_fallback(std::move(fallback))
{
    if (m_fallback) {
        connect(m_fallback.get(), &NotificationSink::activated, this, [this](quint32 inner, const QString &key) {
            if (const quint32 id = m_idByFallback.value(inner))
                emit activated(id, key);
        });
        connect(m_fallback.get(), &NotificationSink::closed, this, [this](quint32 inner) {
            if (const quint32 id = m_idByFallback.take(inner)) {
                m_inner.remove(id);
                emit closed(id);
            }
        });
    }
    if (!m_bus.isConnected()) {
        logger->info("no session bus: notifications go to the tray icon");
        return;
    }
    m_freedesktop = std::make_unique<FreedesktopNotifications>(m_bus);
    connect(m_freedesktop.get(), &NotificationSink::activated, this, [this](quint32 inner, const QString &key) {
        if (const quint32 id = m_idByFreedesktop.value(inner))
            emit activated(id, key);
    });
    connect(m_freedesktop.get(), &NotificationSink::closed, this, [this](quint32 inner) {
        if (const quint32 id = m_idByFreedesktop.take(inner)) {
            m_inner.remove(id);
            emit closed(id);
        }
    });
    connect(m_freedesktop.get(), &FreedesktopNotifications::failed, this, &DesktopNotifications::onFreedesktopFailed);
    // Notification daemons restart, and some (dunst, xfce4-notifyd) only start on the first call.
    m_watcher = new QDBusServiceWatcher(FreedesktopNotifications::Service, m_bus,
        QDBusServiceWatcher::WatchForRegistration | QDBusServiceWatcher::WatchForUnregistration, this);
    connect(m_watcher, &QDBusServiceWatcher::serviceRegistered, this, [this] { m_serviceMissing = false; });
}

DesktopNotifications::~DesktopNotifications() = default;

std::unique_ptr<DesktopNotifications> DesktopNotifications::create(QSystemTrayIcon *tray, QObject *parent)
{
    std::unique_ptr<NotificationSink> fallback;
    if (tray)
        fallback = std::make_unique<TrayMessageNotifications>(tray);
    return std::make_unique<DesktopNotifications>(QDBusConnection::sessionBus(), std::move(fallback), parent);
}

DesktopNotifications::Backend DesktopNotifications::backend() const
{
    if (m_freedesktop && !m_serviceMissing)
        return Backend::Freedesktop;
    return m_fallback ? Backend::TrayMessage : Backend::None;
}

quint32 DesktopNotifications::notify(const Notification &notification)
{
    switch (backend()) {
    case Backend::Freedesktop: {
        const quint32 id = m_nextId++;
        const quint32 inner = m_freedesktop->notify(notification);
        m_idByFreedesktop.insert(inner, id);
        m_inner.insert(id, { m_freedesktop.get(), inner });
        return id;
    }
    case Backend::TrayMessage:
        return showByFallback(m_nextId++, notification);
    case Backend::None:
        break;
    }
    logger->info("no way to show a notification here: {}", notification.title);
    return 0;
}

quint32 DesktopNotifications::showByFallback(quint32 id, const Notification &notification)
{
    const quint32 inner = m_fallback ? m_fallback->notify(notification) : 0;
    if (!inner)
        return 0;
    m_idByFallback.insert(inner, id);
    m_inner.insert(id, { m_fallback.get(), inner });
    return id;
}

void DesktopNotifications::onFreedesktopFailed(quint32 innerId, const Notification &notification, bool serviceAbsent)
{
    const quint32 id = m_idByFreedesktop.take(innerId);
    m_inner.remove(id);
    // Until the service registers, do not send each notification to a name nobody owns first.
    if (serviceAbsent)
        m_serviceMissing = true;
    if (id && !showByFallback(id, notification))
        emit closed(id);
}

void DesktopNotifications::withdraw(quint32 id)
{
    const auto inner = m_inner.take(id);
    if (!inner.first)
        return;
    if (inner.first == m_freedesktop.get())
        m_idByFreedesktop.remove(inner.second);
    else
        m_idByFallback.remove(inner.second);
    inner.first->withdraw(inner.second);
}
