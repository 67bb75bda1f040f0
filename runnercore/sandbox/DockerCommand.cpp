#include <runnercore/sandbox/DockerCommand.h>

#include <QCoreApplication>

namespace runnercore {

QString DockerCommand::Result::describe() const
{
    if (!failure.isEmpty())
        return failure;
    const QList<QByteArray> lines = err.trimmed().split('\n');
    const QString last = QString::fromUtf8(lines.isEmpty() ? QByteArray() : lines.last()).trimmed();
    return last.isEmpty() ? QCoreApplication::translate("DockerCommand", "docker exited with code %1").arg(exitCode)
                          : last;
}

DockerCommand *DockerCommand::run(
    const QString &program, const QStringList &args, int timeoutMs, Handler handler, QObject *parent)
{
    return new DockerCommand(program, args, timeoutMs, std::move(handler), parent);
}

void DockerCommand::runDetached(const QString &program, const QStringList &args)
{
    QProcess process;
    process.setProgram(program);
    process.setArguments(args);
    process.setProcessEnvironment(cliEnvironment());
    process.setStandardInputFile(QProcess::nullDevice());
    process.startDetached();
}

QProcessEnvironment DockerCommand::cliEnvironment()
{
    static const char *const Kept[]
        = { "HOME", "DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG", "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY" };
    const QProcessEnvironment own = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment env;
    // The CLI finds its plugins and credential helpers on PATH.
    const QString path = own.value(QStringLiteral("PATH"));
    env.insert(QStringLiteral("PATH"), path.isEmpty() ? QStringLiteral("/usr/local/bin:/usr/bin:/bin") : path);
    for (const char *name : Kept) {
        const QString key = QString::fromLatin1(name);
        if (own.contains(key))
            env.insert(key, own.value(key));
    }
    return env;
}

DockerCommand::DockerCommand(
    const QString &program, const QStringList &args, int timeoutMs, Handler handler, QObject *parent)
    : QObject(parent), m_handler(std::move(handler))
{
    m_process.setProgram(program);
    m_process.setArguments(args);
    m_process.setStandardInputFile(QProcess::nullDevice());
    m_process.setProcessEnvironment(cliEnvironment());
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this, timeoutMs] {
        Result r;
        r.failure
            = QCoreApplication::translate("DockerCommand", "docker did not answer within %1 s").arg(timeoutMs / 1000.0);
        finish(r); // first: the kill below reports a crash we must not take for the answer
        m_process.kill();
        m_process.waitForFinished(200); // reap it, so nothing outlives us as a zombie
    });
    connect(&m_process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return; // crashes and timeouts are reported through finished / the timer
        Result r;
        r.failure = QCoreApplication::translate("DockerCommand", "the docker command is not installed (%1)")
                        .arg(m_process.errorString());
        finish(r);
    });
    connect(&m_process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        Result r;
        r.out = m_process.readAllStandardOutput();
        r.err = m_process.readAllStandardError();
        if (status == QProcess::CrashExit) {
            r.failure = QCoreApplication::translate("DockerCommand", "the docker command crashed");
        } else {
            r.ran = true;
            r.exitCode = exitCode;
        }
        finish(r);
    });
    m_timeout.start(timeoutMs);
    m_process.start();
}

DockerCommand::~DockerCommand()
{
    // QProcess's own destructor would wait for the CLI and report its exit to our lambdas, after
    // the handler and timer they use were already destroyed.
    m_process.disconnect(this);
    if (m_process.state() != QProcess::NotRunning) {
        m_process.kill();
        m_process.waitForFinished(2000);
    }
}

void DockerCommand::finish(Result result)
{
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    if (m_handler)
        m_handler(result);
    deleteLater();
}

} // namespace runnercore
