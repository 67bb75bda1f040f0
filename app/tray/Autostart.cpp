#include "Autostart.h"

#include <runnercore/config/ConfigKeys.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(Autostart)
};

QString defaultProgram()
{
    // An AppImage runs from a mount that changes every start; $APPIMAGE is the file to start.
    const QString appImage = qEnvironmentVariable("APPIMAGE");
    return appImage.isEmpty() ? QCoreApplication::applicationFilePath() : appImage;
}

bool refuseRelative(const QString &program, QString *error)
{
    if (QFileInfo(program).isAbsolute())
        return false;
    if (error)
        *error = Messages::tr("Cannot start %1 at login: it is not an absolute path.").arg(program);
    return true;
}

#ifndef Q_OS_WIN
bool writeFile(const QString &path, const QByteArray &content, QString *error)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(content) == content.size() && file.commit())
        return true;
    if (error)
        *error = Messages::tr("Cannot write %1: %2").arg(path, file.errorString());
    return false;
}

bool removeFile(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.exists() || file.remove())
        return true;
    if (error)
        *error = Messages::tr("Cannot remove %1: %2").arg(path, file.errorString());
    return false;
}
#endif

#if defined(Q_OS_MACOS)
// ~/Library/LaunchAgents/<label>.plist: launchd starts it at the next login (RunAtLoad).
class LaunchAgentAutostart : public Autostart
{
public:
    explicit LaunchAgentAutostart(const QString &program) : m_program(program) { }

    bool isEnabled() const override { return QFileInfo::exists(location()); }

    bool setEnabled(bool enabled, QString *error) override
    {
        if (!enabled)
            return removeFile(location(), error);
        if (refuseRelative(m_program, error))
            return false;
        const QString plist = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                             "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" "
                                             "\"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
                                             "<plist version=\"1.0\">\n<dict>\n"
                                             "  <key>Label</key><string>%1</string>\n"
                                             "  <key>ProgramArguments</key><array><string>%2</string></array>\n"
                                             "  <key>RunAtLoad</key><true/>\n"
                                             "</dict>\n</plist>\n")
                                  .arg(label(), m_program.toHtmlEscaped());
        return writeFile(location(), plist.toUtf8(), error);
    }

    QString location() const override
    {
        return QDir::homePath() + QStringLiteral("/Library/LaunchAgents/") + label() + QStringLiteral(".plist");
    }

private:
    static QString label() { return QStringLiteral("com.checkfu.tray"); }
    QString m_program;
};
#elif defined(Q_OS_WIN)
// HKCU\...\Run: one value, the quoted program path.
class RegistryRunAutostart : public Autostart
{
public:
    explicit RegistryRunAutostart(const QString &program) : m_program(program) { }

    bool isEnabled() const override { return runKey().contains(valueName()); }

    bool setEnabled(bool enabled, QString *error) override
    {
        if (enabled && refuseRelative(m_program, error))
            return false;
        QSettings key = runKey();
        if (enabled)
            key.setValue(valueName(), QLatin1Char('"') + QDir::toNativeSeparators(m_program) + QLatin1Char('"'));
        else
            key.remove(valueName());
        key.sync();
        if (key.status() == QSettings::NoError)
            return true;
        if (error)
            *error = Messages::tr("Cannot change %1.").arg(location());
        return false;
    }

    QString location() const override { return runKeyPath() + QLatin1Char('\\') + valueName(); }

private:
    static QString runKeyPath()
    {
        return QStringLiteral("HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run");
    }
    static QString valueName() { return runnercore::ConfigKeys::key(runnercore::SettingsKey::WindowsAutostartValue); }
    static QSettings runKey() { return QSettings(runKeyPath(), QSettings::NativeFormat); }
    QString m_program;
};
#endif

} // namespace

std::unique_ptr<Autostart> Autostart::create(const QString &program)
{
    const QString path = program.isEmpty() ? defaultProgram() : program;
#if defined(Q_OS_MACOS)
    return std::make_unique<LaunchAgentAutostart>(path);
#elif defined(Q_OS_WIN)
    return std::make_unique<RegistryRunAutostart>(path);
#else
    return std::make_unique<XdgAutostart>(path);
#endif
}

#if !defined(Q_OS_WIN) && !defined(Q_OS_MACOS)

XdgAutostart::XdgAutostart(const QString &program) : m_program(program) { }

QString XdgAutostart::location() const
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericConfigLocation)
        + QStringLiteral("/autostart/checkfu-tray.desktop");
}

bool XdgAutostart::isEnabled() const
{
    QFile file(location());
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return false;
    // A desktop may keep the file and switch it off with Hidden=true or X-GNOME-Autostart-enabled=false.
    bool inEntry = false;
    bool hasExec = false;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(QLatin1Char('['))) {
            inEntry = line == QLatin1String("[Desktop Entry]");
            continue;
        }
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (!inEntry || equals < 0)
            continue;
        const QString key = line.left(equals).trimmed();
        const QString value = line.mid(equals + 1).trimmed();
        if (key == QLatin1String("Hidden") && value == QLatin1String("true"))
            return false;
        if (key == QLatin1String("X-GNOME-Autostart-enabled") && value == QLatin1String("false"))
            return false;
        if (key == QLatin1String("Exec") && !value.isEmpty())
            hasExec = true;
    }
    return hasExec;
}

bool XdgAutostart::setEnabled(bool enabled, QString *error)
{
    if (!enabled)
        return removeFile(location(), error);
    if (refuseRelative(m_program, error))
        return false;
    const QString entry = desktopEntry(m_program);
    if (entry.isEmpty()) {
        if (error)
            *error = Messages::tr("Cannot start %1 at login: its path contains a control character.").arg(m_program);
        return false;
    }
    return writeFile(location(), entry.toUtf8(), error);
}

QString XdgAutostart::execArgument(const QString &program)
{
    for (QChar c : program) {
        if (c.category() == QChar::Other_Control)
            return {};
    }
    static const QString reserved = QStringLiteral(" \t\n\"'\\><~|&;$*?#()`=");
    QString arg = program;
    arg.replace(QLatin1Char('%'), QStringLiteral("%%"));
    bool quote = false;
    for (QChar c : arg)
        quote = quote || reserved.contains(c);
    if (quote) {
        QString quoted;
        for (QChar c : arg) {
            if (c == QLatin1Char('"') || c == QLatin1Char('`') || c == QLatin1Char('$') || c == QLatin1Char('\\'))
                quoted += QLatin1Char('\\');
            quoted += c;
        }
        arg = QLatin1Char('"') + quoted + QLatin1Char('"');
    }
    // The string-value escape applies before the quoting rule when read, so it is added last.
    arg.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    return arg;
}

QString XdgAutostart::desktopEntry(const QString &program)
{
    const QString exec = execArgument(program);
    if (exec.isEmpty())
        return {};
    return QStringLiteral("[Desktop Entry]\n"
                          "Type=Application\n"
                          "Name=%1\n"
                          "Comment=%2\n"
                          "Exec=%3\n"
                          "Terminal=false\n"
                          "X-GNOME-Autostart-enabled=true\n")
        .arg(Messages::tr("Checkfu Runner"), Messages::tr("Runs Checkfu coding-agent sessions on this machine"), exec);
}

#endif
