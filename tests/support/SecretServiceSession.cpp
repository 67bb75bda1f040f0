#include "SecretServiceSession.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QThread>
#include <QUuid>

namespace {

constexpr int kStartTimeoutMs = 15000;

void setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
}

void stopProcess(std::unique_ptr<QProcess> &process)
{
    if (!process)
        return;
    if (process->state() != QProcess::NotRunning) {
        process->terminate();
        if (!process->waitForFinished(3000)) {
            process->kill();
            process->waitForFinished(3000);
        }
    }
    process.reset();
}

} // namespace

SecretServiceSession::SecretServiceSession() : m_root(QDir::tempPath() + QStringLiteral("/checkfu-secrets-XXXXXX")) { }

SecretServiceSession::~SecretServiceSession()
{
    stop();
}

bool SecretServiceSession::findProgram(const QString &name, QString *path, QString *error)
{
    *path = QStandardPaths::findExecutable(name);
    if (path->isEmpty()) {
        setError(error,
            QStringLiteral("%1 is not installed (not in PATH); run scripts/setup, which installs dbus, "
                           "gnome-keyring and libsecret-tools")
                .arg(name));
        return false;
    }
    return true;
}

bool SecretServiceSession::start(QString *error)
{
    return startBus(error) && startKeyring(error);
}

bool SecretServiceSession::startBus(QString *error)
{
    if (m_bus)
        return true;
    QString program;
    if (!findProgram(QStringLiteral("dbus-daemon"), &program, error))
        return false;
    if (!m_root.isValid()) {
        setError(error, QStringLiteral("cannot create a temporary directory: %1").arg(m_root.errorString()));
        return false;
    }
    const QString root = m_root.path();
    for (const char *sub : { "home", "data", "config", "cache", "run" }) {
        if (!QDir().mkpath(root + QLatin1Char('/') + QLatin1String(sub))) {
            setError(error, QStringLiteral("cannot create %1/%2").arg(root, QLatin1String(sub)));
            return false;
        }
    }
    QFile::setPermissions(root + QStringLiteral("/run"), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);

    // A session bus without <servicedir>: no activation, so the system's
    // org.freedesktop.secrets.service cannot start a second, locked keyring behind our back.
    const QString config = root + QStringLiteral("/bus.conf");
    QFile configFile(config);
    if (!configFile.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        setError(error, QStringLiteral("cannot write %1: %2").arg(config, configFile.errorString()));
        return false;
    }
    configFile.write(
        QStringLiteral("<!DOCTYPE busconfig PUBLIC \"-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN\"\n"
                       " \"http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd\">\n"
                       "<busconfig>\n"
                       "  <type>session</type>\n"
                       "  <listen>unix:dir=%1/run</listen>\n"
                       "  <auth>EXTERNAL</auth>\n%2"
                       "  <policy context=\"default\">\n"
                       "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                       "    <allow eavesdrop=\"true\"/>\n"
                       "    <allow own=\"*\"/>\n"
                       "  </policy>\n"
                       "</busconfig>\n")
            .arg(root.toHtmlEscaped(),
                m_serviceDir.isEmpty()
                    ? QString()
                    : QStringLiteral("  <servicedir>%1</servicedir>\n").arg(m_serviceDir.toHtmlEscaped()))
            .toUtf8());
    configFile.close();

    m_bus = std::make_unique<QProcess>();
    m_bus->setProgram(program);
    m_bus->setArguments(
        { QStringLiteral("--config-file=") + config, QStringLiteral("--nofork"), QStringLiteral("--print-address=1") });
    m_bus->setProcessChannelMode(QProcess::SeparateChannels);
    m_bus->start();
    if (!m_bus->waitForStarted(kStartTimeoutMs)) {
        setError(error, QStringLiteral("dbus-daemon did not start: %1").arg(m_bus->errorString()));
        stopProcess(m_bus);
        return false;
    }
    const QDeadlineTimer deadline(kStartTimeoutMs);
    while (!m_bus->canReadLine() && !deadline.hasExpired() && m_bus->state() == QProcess::Running)
        m_bus->waitForReadyRead(int(qMax<qint64>(1, deadline.remainingTime())));
    m_busAddress = QString::fromUtf8(m_bus->readLine()).trimmed();
    if (m_busAddress.isEmpty()) {
        setError(error,
            QStringLiteral("dbus-daemon printed no address: %1")
                .arg(QString::fromLocal8Bit(m_bus->readAllStandardError())));
        stopProcess(m_bus);
        return false;
    }
    return true;
}

bool SecretServiceSession::startKeyring(QString *error)
{
    if (m_keyring)
        return true;
    if (!m_bus && !startBus(error))
        return false;
    QString program;
    QString secretToolPath;
    if (!findProgram(QStringLiteral("gnome-keyring-daemon"), &program, error)
        || !findProgram(QStringLiteral("secret-tool"), &secretToolPath, error))
        return false;

    m_keyring = std::make_unique<QProcess>();
    m_keyring->setProgram(program);
    // --foreground keeps the daemon our child, so stop() can end it by its own process.
    m_keyring->setArguments({ QStringLiteral("--foreground"), QStringLiteral("--unlock"),
        QStringLiteral("--components=secrets"), QStringLiteral("--replace") });
    m_keyring->setProcessEnvironment(environment());
    m_keyring->start();
    if (!m_keyring->waitForStarted(kStartTimeoutMs)) {
        setError(error, QStringLiteral("gnome-keyring-daemon did not start: %1").arg(m_keyring->errorString()));
        stopProcess(m_keyring);
        return false;
    }
    // --unlock reads the login keyring password up to end of input and creates the keyring with it.
    m_keyring->write(QUuid::createUuid().toByteArray(QUuid::Id128));
    m_keyring->closeWriteChannel();

    const QDeadlineTimer deadline(kStartTimeoutMs);
    QByteArray announced;
    while (!announced.contains("GNOME_KEYRING_CONTROL=") && !deadline.hasExpired()
        && m_keyring->state() == QProcess::Running) {
        m_keyring->waitForReadyRead(100);
        announced += m_keyring->readAllStandardOutput();
    }
    for (const QByteArray &line : announced.split('\n')) {
        if (line.startsWith("GNOME_KEYRING_CONTROL="))
            m_keyringControl = QString::fromLocal8Bit(line.mid(int(qstrlen("GNOME_KEYRING_CONTROL="))));
    }

    // Ready means usable: an item can be stored in and read back from the unlocked login keyring.
    const QStringList probe { QStringLiteral("checkfu-session-probe"), QStringLiteral("ready") };
    while (!deadline.hasExpired()) {
        if (m_keyring->state() != QProcess::Running) {
            setError(error,
                QStringLiteral("gnome-keyring-daemon exited (code %1): %2")
                    .arg(m_keyring->exitCode())
                    .arg(QString::fromLocal8Bit(m_keyring->readAllStandardError())));
            stopProcess(m_keyring);
            return false;
        }
        QByteArray value;
        if (secretTool(QStringList { QStringLiteral("store"), QStringLiteral("--label=checkfu session probe") } + probe,
                nullptr, "ok")
                == 0
            && secretTool(QStringList { QStringLiteral("lookup") } + probe, &value) == 0 && value == "ok") {
            secretTool(QStringList { QStringLiteral("clear") } + probe);
            return true;
        }
        QThread::msleep(100);
    }
    setError(error,
        QStringLiteral("the keyring did not become usable in %1 ms (secret-tool store/lookup failed); "
                       "daemon output: %2")
            .arg(kStartTimeoutMs)
            .arg(QString::fromLocal8Bit(m_keyring->readAllStandardError())));
    stopProcess(m_keyring);
    return false;
}

void SecretServiceSession::stop()
{
    stopProcess(m_keyring);
    stopProcess(m_bus);
    m_keyringControl.clear();
    m_busAddress.clear();
}

QProcessEnvironment SecretServiceSession::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString root = m_root.path();
    env.insert(QStringLiteral("HOME"), root + QStringLiteral("/home"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), root + QStringLiteral("/data"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), root + QStringLiteral("/config"));
    env.insert(QStringLiteral("XDG_CACHE_HOME"), root + QStringLiteral("/cache"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), root + QStringLiteral("/run"));
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_busAddress);
    if (!m_keyringControl.isEmpty())
        env.insert(QStringLiteral("GNOME_KEYRING_CONTROL"), m_keyringControl);
    // Keep any desktop's own keyring, and X11 bus autolaunch, out of the picture.
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    return env;
}

void SecretServiceSession::exportToCurrentProcess() const
{
    qputenv("DBUS_SESSION_BUS_ADDRESS", m_busAddress.toLocal8Bit());
    if (!m_keyringControl.isEmpty())
        qputenv("GNOME_KEYRING_CONTROL", m_keyringControl.toLocal8Bit());
}

bool SecretServiceSession::runTool(const QString &program, const QStringList &args, const QByteArray &input,
    int *exitCode, QByteArray *output, QString *error) const
{
    QProcess process;
    process.setProcessEnvironment(environment());
    process.start(program, args);
    if (!process.waitForStarted(kStartTimeoutMs)) {
        setError(error, QStringLiteral("%1 did not start: %2").arg(program, process.errorString()));
        return false;
    }
    process.write(input);
    process.closeWriteChannel();
    if (!process.waitForFinished(kStartTimeoutMs)) {
        process.kill();
        process.waitForFinished();
        setError(error, QStringLiteral("%1 did not finish").arg(program));
        return false;
    }
    if (output)
        *output = process.readAllStandardOutput();
    *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    if (*exitCode != 0)
        setError(error,
            QStringLiteral("%1 %2 exited with %3: %4")
                .arg(program, args.join(QLatin1Char(' ')))
                .arg(*exitCode)
                .arg(QString::fromLocal8Bit(process.readAllStandardError())));
    return true;
}

int SecretServiceSession::secretTool(const QStringList &args, QByteArray *output, const QByteArray &input) const
{
    int exitCode = -1;
    if (!runTool(QStringLiteral("secret-tool"), args, input, &exitCode, output, nullptr))
        return -1;
    return exitCode;
}

bool SecretServiceSession::lockKeyring(QString *error) const
{
    int exitCode = -1;
    const QStringList args { QStringLiteral("--session"), QStringLiteral("--print-reply"),
        QStringLiteral("--dest=org.freedesktop.secrets"), QStringLiteral("/org/freedesktop/secrets"),
        QStringLiteral("org.freedesktop.Secret.Service.Lock"),
        QStringLiteral("array:objpath:/org/freedesktop/secrets/collection/login") };
    return runTool(QStringLiteral("dbus-send"), args, {}, &exitCode, nullptr, error) && exitCode == 0;
}
