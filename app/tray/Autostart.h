#pragma once

#include <QString>

#include <memory>

// "Start at login": one interface, one backend per platform (as KeePassXC's OSUtils): an XDG
// autostart entry on Linux and other Unix desktops, a LaunchAgent on macOS, the HKCU Run key on
// Windows. Each writes only the program's path, never a secret. Calls are quick local file or
// registry writes.
class Autostart
{
public:
    virtual ~Autostart() = default;

    virtual bool isEnabled() const = 0;
    // On failure returns false and says why in *error, for a person.
    virtual bool setEnabled(bool enabled, QString *error = nullptr) = 0;
    // What is written: a file path, or the registry value's key. For tooltips and tests.
    virtual QString location() const = 0;

    // This platform's backend for `program` (an absolute path; empty: this executable).
    static std::unique_ptr<Autostart> create(const QString &program = {});
};

#if !defined(Q_OS_WIN) && !defined(Q_OS_MACOS)
// $XDG_CONFIG_HOME/autostart/checkfu-tray.desktop (freedesktop.org Desktop Application Autostart).
class XdgAutostart : public Autostart
{
public:
    explicit XdgAutostart(const QString &program);

    bool isEnabled() const override;
    bool setEnabled(bool enabled, QString *error = nullptr) override;
    QString location() const override;

    // The entry's text; empty when the path cannot be written into an Exec line (a newline in it).
    static QString desktopEntry(const QString &program);
    // The path quoted for an Exec key (Desktop Entry Specification, "The Exec key").
    static QString execArgument(const QString &program);

private:
    QString m_program;
};
#endif
