#pragma once

#include <QDBusConnection>
#include <QObject>

// Suspend and resume of the machine, so the tray can check its connection at once on wake
// (Runner::checkConnectionNow) instead of waiting out timers that slept with it. On Linux:
// logind's PrepareForSleep(bool) on the system bus. Without a system bus or logind (containers,
// other platforms) it stays silent and emits nothing.
class SleepWatcher : public QObject
{
    Q_OBJECT
signals:
    void aboutToSleep();
    void resumed();

public:
    static inline const QString Service = QStringLiteral("org.freedesktop.login1");
    static inline const QString Path = QStringLiteral("/org/freedesktop/login1");
    static inline const QString Interface = QStringLiteral("org.freedesktop.login1.Manager");

    // The system bus.
    explicit SleepWatcher(QObject *parent = nullptr);
    // Another bus (tests: a private bus with a fake login1).
    explicit SleepWatcher(const QDBusConnection &bus, QObject *parent = nullptr);

    // Listening for logind's signal.
    bool isWatching() const { return m_watching; }

private slots:
    void onPrepareForSleep(bool sleeping);

private:
    QDBusConnection m_bus;
    bool m_watching = false;
};
