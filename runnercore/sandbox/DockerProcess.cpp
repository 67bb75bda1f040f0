#include <runnercore/sandbox/DockerProcess.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/sandbox/DockerCommand.h>

#include <QCoreApplication>
#include <QFile>

#include <csignal>
#include <sys/prctl.h>

namespace runnercore {

namespace {
// Where a container's CPU time shows up, for cgroup v1 and v2 with the cgroupfs or systemd driver.
qint64 readCgroupCpuMs(const QString &id)
{
    const QStringList v1 { QStringLiteral("/sys/fs/cgroup/cpuacct/docker/%1/cpuacct.usage"),
        QStringLiteral("/sys/fs/cgroup/cpu,cpuacct/docker/%1/cpuacct.usage"),
        QStringLiteral("/sys/fs/cgroup/cpuacct/system.slice/docker-%1.scope/cpuacct.usage") };
    for (const QString &pattern : v1) {
        QFile f(pattern.arg(id));
        if (f.open(QIODevice::ReadOnly))
            return f.readAll().trimmed().toLongLong() / 1000000; // ns
    }
    const QStringList v2 { QStringLiteral("/sys/fs/cgroup/system.slice/docker-%1.scope/cpu.stat"),
        QStringLiteral("/sys/fs/cgroup/docker/%1/cpu.stat") };
    for (const QString &pattern : v2) {
        QFile f(pattern.arg(id));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("usage_usec "))
                return line.mid(11).trimmed().toLongLong() / 1000;
    }
    return -1;
}
} // namespace

DockerProcess::DockerProcess(Plan plan, QObject *parent) : SandboxedProcess(parent), m_plan(std::move(plan))
{
    m_attach.setProgram(m_plan.program);
    m_attach.setProcessEnvironment(DockerCommand::cliEnvironment());
    m_attach.setProcessChannelMode(QProcess::SeparateChannels);
    // The attaching CLI dies with the Runner; the container does not, and the startup sweep removes it.
    m_attach.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    connect(&m_attach, &QProcess::started, this, &DockerProcess::started);
    connect(&m_attach, &QProcess::readyReadStandardOutput, this, [this] {
        const QByteArray data = m_attach.readAllStandardOutput();
        if (!data.isEmpty())
            emit stdoutData(data);
    });
    connect(&m_attach, &QProcess::readyReadStandardError, this, [this] {
        const QByteArray data = m_attach.readAllStandardError();
        if (!data.isEmpty())
            emit stderrData(data);
    });
    connect(&m_attach, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            emit startFailed(tr("cannot run docker: %1").arg(m_attach.errorString()));
    });
    connect(&m_attach, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        m_killTimer.stop();
        m_cpuTimer.stop();
        const QByteArray out = m_attach.readAllStandardOutput();
        if (!out.isEmpty())
            emit stdoutData(out);
        const QByteArray err = m_attach.readAllStandardError();
        if (!err.isEmpty())
            emit stderrData(err);
        // `docker start -a` exits with the container's exit code.
        if (status == QProcess::CrashExit)
            emit exited(-1, SIGKILL);
        else
            emit exited(exitCode, 0);
    });
    m_killTimer.setSingleShot(true);
    connect(&m_killTimer, &QTimer::timeout, this, [this] { dockerKill(QStringLiteral("KILL")); });
    connect(&m_cpuTimer, &QTimer::timeout, this, &DockerProcess::sampleCpu);
}

DockerProcess::~DockerProcess()
{
    removeEnvFile();
    if (isRunning())
        kill();
    // Reap the attach client now: QProcess's destructor would report its exit to our lambdas,
    // whose members are gone by then.
    m_attach.disconnect(this);
    if (m_attach.state() != QProcess::NotRunning) {
        m_attach.kill();
        m_attach.waitForFinished(2000);
    }
}

void DockerProcess::start()
{
    if (!m_plan.launchError.isEmpty()) {
        removeEnvFile();
        const QString error = m_plan.launchError;
        QMetaObject::invokeMethod(
            this, [this, error] { emit startFailed(error); }, Qt::QueuedConnection);
        return;
    }
    m_creating = true;
    m_create = DockerCommand::run(
        m_plan.program, QStringList { QStringLiteral("create") } + m_plan.createArgs, m_plan.createTimeoutMs,
        [this](const DockerCommand::Result &r) {
            m_creating = false;
            // The key must not wait on disk a moment longer than docker needed to read it.
            removeEnvFile();
            if (m_killed)
                return;
            if (!r.ok()) {
                emit startFailed(tr("docker create failed: %1").arg(r.describe()));
                return;
            }
            m_containerId = QString::fromUtf8(r.out).trimmed();
            attach();
        },
        this);
}

void DockerProcess::attach()
{
    m_attach.setArguments(
        { QStringLiteral("start"), QStringLiteral("--attach"), QStringLiteral("--interactive"), m_containerId });
    m_attach.start();
    if (!m_pendingStdin.isEmpty())
        m_attach.write(std::exchange(m_pendingStdin, {}));
    if (m_stdinClosed)
        m_attach.closeWriteChannel();
    m_cpuTimer.start(1000);
}

void DockerProcess::writeStdin(const QByteArray &data)
{
    if (m_stdinClosed)
        return;
    if (m_attach.state() == QProcess::NotRunning)
        m_pendingStdin += data; // create is still running
    else
        m_attach.write(data);
}

void DockerProcess::closeStdin()
{
    m_stdinClosed = true;
    if (m_attach.state() != QProcess::NotRunning)
        m_attach.closeWriteChannel();
}

void DockerProcess::terminate(int graceMs)
{
    if (!isRunning())
        return;
    if (m_creating) {
        kill();
        return;
    }
    dockerKill(QStringLiteral("TERM"));
    if (!m_killTimer.isActive() || m_killTimer.remainingTime() > graceMs)
        m_killTimer.start(graceMs);
}

void DockerProcess::kill()
{
    m_killed = true;
    removeEnvFile();
    if (m_create) {
        // The container may appear after all: the provider's teardown removes it by name.
        m_create->deleteLater();
        m_creating = false;
        QMetaObject::invokeMethod(
            this, [this] { emit exited(-1, SIGKILL); }, Qt::QueuedConnection);
    }
    if (!m_containerId.isEmpty())
        DockerCommand::runDetached(m_plan.program, { QStringLiteral("kill"), m_containerId });
    if (m_attach.state() != QProcess::NotRunning)
        m_attach.kill();
}

void DockerProcess::dockerKill(const QString &signal)
{
    if (m_containerId.isEmpty())
        return;
    sampleCpu();
    DockerCommand::run(
        m_plan.program, { QStringLiteral("kill"), QStringLiteral("--signal"), signal, m_containerId }, 15000,
        [](const DockerCommand::Result &) {}, this);
}

bool DockerProcess::isRunning() const
{
    return m_creating || m_attach.state() != QProcess::NotRunning;
}

qint64 DockerProcess::pid() const
{
    return m_attach.processId();
}

void DockerProcess::sampleCpu()
{
    if (m_containerId.isEmpty())
        return;
    const qint64 ms = readCgroupCpuMs(m_containerId);
    if (ms >= 0)
        m_cpuMs = ms;
}

void DockerProcess::removeEnvFile()
{
    if (!m_plan.envFile.isEmpty()) {
        QFile::remove(m_plan.envFile);
        m_plan.envFile.clear();
    }
}

} // namespace runnercore
