#pragma once

#include "Notifier.h"

#include <QDBusConnection>
#include <QHash>
#include <QIcon>
#include <QPointer>
#include <QSet>
#include <QVariantList>

#include <functional>
#include <memory>
#include <utility>

class QDBusServiceWatcher;
class QSystemTrayIcon;

// The desktop's notification service, org.freedesktop.Notifications, over D-Bus (GNOME, KDE,
// XFCE, dunst, mako, …). Every call is asynchronous, so a slow or missing service never blocks
// the GUI; a refused or unanswered Notify is reported by failed() for a fallback to take over.
class FreedesktopNotifications : public NotificationSink
{
    Q_OBJECT
signals:
    // The service did not show it: serviceAbsent when nothing owns (or can be started for) the
    // name, otherwise it refused or did not answer within CallTimeoutMs.
    void failed(quint32 id, const Notification &notification, bool serviceAbsent);

public:
    static inline const QString Service = QStringLiteral("org.freedesktop.Notifications");
    static inline const QString Path = QStringLiteral("/org/freedesktop/Notifications");
    static inline const QString Interface = QStringLiteral("org.freedesktop.Notifications");
    static inline const QString AppName = QStringLiteral("Checkfu Runner");
    static constexpr int CallTimeoutMs = 5000;
    static constexpr int ImageSize = 64; // pixels of the image-data hint

    explicit FreedesktopNotifications(const QDBusConnection &bus, QObject *parent = nullptr);

    quint32 notify(const Notification &notification) override;
    void withdraw(quint32 id) override;

    // The eight arguments of Notify for a notification (also what the tests compare).
    QVariantList notifyArguments(const Notification &notification) const;

private slots:
    void onActionInvoked(uint serverId, const QString &actionKey);
    void onNotificationClosed(uint serverId, uint reason);

private:
    void closeOnServer(quint32 serverId);

    QDBusConnection m_bus;
    QStringList m_capabilities; // what GetCapabilities answered; empty until it has
    quint32 m_nextId = 1;
    QHash<quint32, quint32> m_localByServer;
    QHash<quint32, quint32> m_serverByLocal;
    QSet<quint32> m_withdrawnEarly; // withdrawn before the server said which id it gave
};

// QSystemTrayIcon::showMessage, where no notification service runs. The icon knows only its last
// message, so a click activates the one shown last.
class TrayMessageNotifications : public NotificationSink
{
    Q_OBJECT
public:
    // How it shows a message; tests record instead of drawing.
    using ShowMessage
        = std::function<void(const QString &title, const QString &body, const QIcon &icon, int timeoutMs)>;

    static constexpr int DefaultTimeoutMs = 10000;
    static constexpr int LongTimeoutMs = 60000; // for "until dismissed", which balloons cannot do

    // tray must outlive this sink; its messageClicked() is the activation.
    explicit TrayMessageNotifications(QSystemTrayIcon *tray, ShowMessage show = {}, QObject *parent = nullptr);

    quint32 notify(const Notification &notification) override;

private:
    QPointer<QSystemTrayIcon> m_tray;
    ShowMessage m_show;
    quint32 m_nextId = 1;
    quint32 m_lastId = 0;
};

// The sink the tray uses: the freedesktop service unless it is missing from the session bus, the
// tray icon's messages otherwise; the choice follows the service as it comes and goes, and one
// notification the service fails to show is shown by the fallback instead. Ids stay this sink's.
class DesktopNotifications : public NotificationSink
{
    Q_OBJECT
public:
    enum class Backend { Freedesktop, TrayMessage, None };

    // fallback: usually a TrayMessageNotifications; may be null.
    DesktopNotifications(
        const QDBusConnection &bus, std::unique_ptr<NotificationSink> fallback, QObject *parent = nullptr);
    ~DesktopNotifications() override;

    // The session bus's service, falling back to tray's messages (tray may be null).
    static std::unique_ptr<DesktopNotifications> create(QSystemTrayIcon *tray, QObject *parent = nullptr);

    quint32 notify(const Notification &notification) override;
    void withdraw(quint32 id) override;

    // Where the next notification goes.
    Backend backend() const;
    FreedesktopNotifications *freedesktop() const { return m_freedesktop.get(); }

private:
    quint32 showByFallback(quint32 id, const Notification &notification);
    void onFreedesktopFailed(quint32 innerId, const Notification &notification, bool serviceAbsent);

    QDBusConnection m_bus;
    std::unique_ptr<FreedesktopNotifications> m_freedesktop;
    std::unique_ptr<NotificationSink> m_fallback;
    QDBusServiceWatcher *m_watcher = nullptr;
    bool m_serviceMissing = false; // nothing served a Notify; cleared when the service registers
    quint32 m_nextId = 1;
    QHash<quint32, quint32> m_idByFreedesktop; // inner id → ours
    QHash<quint32, quint32> m_idByFallback;
    QHash<quint32, std::pair<NotificationSink *, quint32>> m_inner; // ours → backend, inner id
};
