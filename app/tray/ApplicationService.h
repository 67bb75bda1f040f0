#pragma once

#include <QDBusConnection>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QVariantList>
#include <QVariantMap>

class TrayApplication;

// org.freedesktop.Application (the Desktop Entry spec's D-Bus activation) on the session bus, under the desktop
// file's id (DBusActivatable=true): a clicked checkfu://pair link reaches the tray through Open(), never through a
// command line every local account can read. Only checkfu://pair links are taken; anything else is ignored with a
// log line that names its scheme only. The desktop file has no actions, so ActivateAction is ignored too.
class ApplicationService : public QObject
{
    Q_OBJECT
    Q_CLASSINFO("D-Bus Interface", "org.freedesktop.Application")
signals:
    // Activate(): the person started the application (its menu entry) without a link.
    void activated();
    // Open() with a checkfu://pair link (the first one, when several are given).
    void pairingLinkOpened(const QString &link);

public:
    // The desktop file's id without ".desktop" (installers/, CHECKFU_APPSTREAM_ID): the bus name the service file
    // activates.
    static inline const QString DefaultName = QStringLiteral(CHECKFU_APPLICATION_ID);

    ApplicationService(const QString &name = DefaultName, const QDBusConnection &bus = QDBusConnection::sessionBus(),
        QObject *parent = nullptr);
    ~ApplicationService() override;

    // Exports the object at objectPath(name) and asks for the name; false (with *error) when there is no bus or
    // the name has another owner.
    bool registerOnBus(QString *error);
    bool isRegistered() const { return m_registered; }
    QString name() const { return m_name; }
    // "/com/example/checkfu/Runner" for "com.example.checkfu.Runner", as the spec derives it.
    static QString objectPath(const QString &name);
    // Open's link and Activate go to tray.handleArguments(), as a later launch's arguments would.
    void deliverTo(TrayApplication &tray);

public slots:
    Q_SCRIPTABLE void Activate(const QVariantMap &platformData);
    Q_SCRIPTABLE void Open(const QStringList &uris, const QVariantMap &platformData);
    Q_SCRIPTABLE void ActivateAction(
        const QString &actionName, const QVariantList &parameter, const QVariantMap &platformData);

private:
    QString m_name;
    QDBusConnection m_bus;
    bool m_registered = false;
};
