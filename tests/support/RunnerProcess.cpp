#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTest>

#include <csignal>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <unistd.h>

namespace {
QString readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

QStringList filesUnder(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::System, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}
} // namespace

RunnerHome::RunnerHome() : m_root(QDir::tempPath() + QStringLiteral("/checkfu-runner-XXXXXX"))
{
    for (const QString &dir : { homeDir(), configHome(), dataHome(), cacheHome(), runtimeDir() })
        QDir().mkpath(dir);
    QFile::setPermissions(m_root.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QFile::setPermissions(runtimeDir(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

QString RunnerHome::makeRuntimeDir(const QString &name) const
{
    const QString dir = root() + QStringLiteral("/run-") + name;
    QDir().mkpath(dir);
    QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return dir;
}

QStringList RunnerHome::credentialFiles() const
{
    return filesUnder(credentialDir());
}

QString RunnerHome::storedFileCredential() const
{
    const QStringList files = credentialFiles();
    if (files.isEmpty())
        return {};
    return QJsonDocument::fromJson(readFile(files.first()).toUtf8())
        .object()
        .value(QStringLiteral("secret"))
        .toString();
}

QString RunnerHome::storedRunnerId() const
{
    if (!QFile::exists(settingsFile()))
        return {};
    QSettings s(settingsFile(), QSettings::IniFormat);
    return s.value(QStringLiteral("pairing/runner_id")).toString();
}

QStringList RunnerHome::runDirs() const
{
    return QDir(runsDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

QStringList RunnerHome::spoolEntries() const
{
    return QDir(spoolDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
}

QString RunnerHome::logText() const
{
    QString text;
    for (const QString &file : filesUnder(logDir()))
        text += readFile(file);
    return text;
}

QStringList RunnerHome::allFiles() const
{
    QStringList files;
    for (const QString &dir : { homeDir(), configHome(), dataHome(), cacheHome(), runtimeDir() })
        files += filesUnder(dir);
    return files;
}

RunnerProcess::RunnerProcess(std::shared_ptr<RunnerHome> home)
    : m_home(home ? std::move(home) : std::make_shared<RunnerHome>())
{ }

RunnerProcess::~RunnerProcess()
{
    kill();
}

QProcessEnvironment RunnerProcess::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &key : env.keys()) {
        if (key.startsWith(QLatin1String("CHECKFU_")) || key.startsWith(QLatin1String("CURSOR_")))
            env.remove(key);
    }
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("GNOME_KEYRING_CONTROL"));
    // Never the developer's keyring: a bus address that nothing listens on.
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
        QStringLiteral("unix:path=") + m_home->root() + QStringLiteral("/no-such-bus"));
    // Nor the machine's logind, UPower and NetworkManager: no sleep lock, battery or metered network
    // unless a test gives a bus of its own (PowerServicesMock).
    env.insert(QStringLiteral("DBUS_SYSTEM_BUS_ADDRESS"),
        QStringLiteral("unix:path=") + m_home->root() + QStringLiteral("/no-such-system-bus"));
    env.insert(QStringLiteral("HOME"), m_home->homeDir());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home->configHome());
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_home->dataHome());
    env.insert(QStringLiteral("XDG_CACHE_HOME"), m_home->cacheHome());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_home->runtimeDir());
    if (m_hasBase) {
        for (const QString &key : m_base.keys()) {
            if (key.startsWith(QLatin1String("DBUS_")) || key.startsWith(QLatin1String("GNOME_KEYRING")))
                env.insert(key, m_base.value(key));
        }
    }
    if (!m_runtimeOverride.isEmpty())
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtimeOverride);
    for (const QString &key : m_unset)
        env.remove(key);
    for (const QString &key : m_extra.keys())
        env.insert(key, m_extra.value(key));
    return env;
}

bool RunnerProcess::start(const QStringList &args, QString *error)
{
    kill();
    m_stdout.clear();
    m_stderr.clear();
    m_parsed = 0;
    m_states.clear();
    m_stateLines.clear();
    m_process = std::make_unique<QProcess>();
    // Dies with the test process even when the test aborts (watchdog, crash): nothing is left behind.
    const std::optional<rlimit> descriptors = m_descriptorLimit;
    m_process->setChildProcessModifier([descriptors] {
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (descriptors && ::setrlimit(RLIMIT_NOFILE, &*descriptors) != 0)
            ::_exit(127);
    });
    m_process->setProgram(QStringLiteral(CHECKFU_RUNNER_BIN));
    m_process->setArguments(args);
    m_process->setProcessEnvironment(environment());
    m_process->setWorkingDirectory(m_home->homeDir());
    QObject::connect(m_process.get(), &QProcess::readyReadStandardOutput, m_process.get(), [this] { pump(); });
    QObject::connect(m_process.get(), &QProcess::readyReadStandardError, m_process.get(), [this] { pump(); });
    m_process->start();
    if (!m_process->waitForStarted(10000)) {
        if (error)
            *error = m_process->errorString();
        return false;
    }
    if (m_stdin) {
        m_process->write(*m_stdin);
        m_process->closeWriteChannel();
    }
    return true;
}

int RunnerProcess::run(const QStringList &args, int timeoutMs)
{
    if (!start(args))
        return -1;
    const int code = waitForExit(timeoutMs);
    if (code == -1)
        kill();
    return code;
}

bool RunnerProcess::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

qint64 RunnerProcess::pid() const
{
    return m_process ? m_process->processId() : 0;
}

bool RunnerProcess::sendSignal(int signal) const
{
    const qint64 p = pid();
    return p > 0 && ::kill(pid_t(p), signal) == 0;
}

void RunnerProcess::pump()
{
    if (!m_process)
        return;
    m_stdout += m_process->readAllStandardOutput();
    m_stderr += m_process->readAllStandardError();
    parseLines();
}

void RunnerProcess::parseLines()
{
    while (true) {
        const qsizetype nl = m_stdout.indexOf('\n', m_parsed);
        if (nl < 0)
            return;
        const QString line = QString::fromUtf8(m_stdout.mid(m_parsed, nl - m_parsed)).trimmed();
        m_parsed = int(nl + 1);
        static const QString prefix = QStringLiteral("checkfu-runner: ");
        if (!line.startsWith(prefix))
            continue;
        const QString rest = line.mid(prefix.size());
        const qsizetype dash = rest.indexOf(QLatin1String(" - "));
        m_states.append(dash < 0 ? rest.trimmed() : rest.left(dash).trimmed());
        m_stateLines.append(rest);
    }
}

QStringList RunnerProcess::states() const
{
    return m_states;
}

bool RunnerProcess::waitForState(const QString &state, int timeoutMs, int since)
{
    QDeadlineTimer deadline(timeoutMs);
    while (true) {
        pump();
        for (int i = qMax(0, since); i < m_states.size(); ++i) {
            if (m_states.at(i) == state)
                return true;
        }
        if (deadline.hasExpired() || !isRunning())
            break;
        QTest::qWait(20);
    }
    pump();
    for (int i = qMax(0, since); i < m_states.size(); ++i) {
        if (m_states.at(i) == state)
            return true;
    }
    return false;
}

int RunnerProcess::waitForExit(int timeoutMs)
{
    if (!m_process)
        return -1;
    QDeadlineTimer deadline(timeoutMs);
    while (m_process->state() != QProcess::NotRunning && !deadline.hasExpired()) {
        QTest::qWait(20);
        pump();
    }
    if (m_process->state() != QProcess::NotRunning)
        return -1;
    m_process->waitForFinished(1000);
    pump();
    if (m_process->exitStatus() != QProcess::NormalExit)
        return -2;
    return m_process->exitCode();
}

bool RunnerProcess::crashed() const
{
    return m_process && m_process->state() == QProcess::NotRunning && m_process->exitStatus() != QProcess::NormalExit;
}

qint64 RunnerProcess::rssKiB() const
{
    if (!isRunning())
        return -1;
    QFile f(QStringLiteral("/proc/%1/status").arg(pid()));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmRSS:")) {
            bool ok = false;
            const qint64 kib = line.mid(6).trimmed().split(' ').value(0).toLongLong(&ok);
            return ok ? kib : -1;
        }
    }
    return -1;
}

void RunnerProcess::kill()
{
    if (!isRunning())
        return;
    sendSignal(SIGCONT);
    m_process->kill();
    m_process->waitForFinished(10000);
    pump();
}

QString RunnerProcess::describe() const
{
    return QStringLiteral("--- stdout ---\n%1\n--- stderr ---\n%2\n--- log (tail) ---\n%3")
        .arg(stdoutText(), stderrText(), logText().right(6000));
}
