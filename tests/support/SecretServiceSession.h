#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// A private session D-Bus plus an unlocked gnome-keyring (the Secret Service) in a temporary
// HOME, so keychain tests never touch the developer's keyring and work in a container as root
// without systemd or X11. Child processes (checkfu-runner in integration tests) join the same
// keyring through environment().
//
// The bus has no activatable services (unless setServiceDir() names some), so nothing but the keyring started
// here can answer.
// Missing binaries are an error, not a skip: scripts/setup installs dbus and gnome-keyring.
class SecretServiceSession
{
public:
    SecretServiceSession();
    ~SecretServiceSession();
    SecretServiceSession(const SecretServiceSession &) = delete;
    SecretServiceSession &operator=(const SecretServiceSession &) = delete;

    // A directory of D-Bus .service files the bus may activate (before startBus(); by default none).
    void setServiceDir(const QString &dir) { m_serviceDir = dir; }
    // startBus() then startKeyring(); true once secret-tool can store and look up an item.
    bool start(QString *error);
    // Only the session bus: a bus with no Secret Service on it.
    bool startBus(QString *error);
    // gnome-keyring-daemon --unlock on the running bus, login keyring created and unlocked.
    bool startKeyring(QString *error);
    // Stops the keyring and the bus (also done by the destructor).
    void stop();

    QString busAddress() const { return m_busAddress; }
    // The system environment with HOME, XDG_* and DBUS_SESSION_BUS_ADDRESS pointing at this session.
    QProcessEnvironment environment() const;
    // Points this process's own D-Bus clients (QtKeychain/libsecret) at the session. Call it
    // before the first keychain use: libsecret keeps the first bus it connected to.
    void exportToCurrentProcess() const;

    // Runs secret-tool with args in this session; returns its exit code (-1 when it did not run).
    int secretTool(const QStringList &args, QByteArray *output = nullptr, const QByteArray &input = {}) const;
    // Locks the login keyring, as a screen lock or a keyring timeout would.
    bool lockKeyring(QString *error) const;

private:
    bool runTool(const QString &program, const QStringList &args, const QByteArray &input, int *exitCode,
        QByteArray *output, QString *error) const;
    static bool findProgram(const QString &name, QString *path, QString *error);

    QTemporaryDir m_root;
    QString m_busAddress;
    QString m_serviceDir;
    QString m_keyringControl;
    std::unique_ptr<QProcess> m_bus;
    std::unique_ptr<QProcess> m_keyring;
};
