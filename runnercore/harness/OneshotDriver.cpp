#include <runnercore/harness/OneshotDriver.h>

#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QJsonDocument>
#include <QJsonObject>

namespace runnercore {

OneshotDriver::OneshotDriver(QObject *parent) : HarnessDriver(parent)
{
    m_stdout.kind = QStringLiteral("output.stdout");
    m_stdout.name = QStringLiteral("stdout");
    m_stderr.kind = QStringLiteral("output.stderr");
    m_stderr.name = QStringLiteral("stderr");
}

RunSpec OneshotDriver::withMcpServers(RunSpec spec, const QJsonArray &servers)
{
    spec.env.insert(
        QLatin1String(McpServersVariable), QString::fromUtf8(QJsonDocument(servers).toJson(QJsonDocument::Compact)));
    return spec;
}

QString OneshotDriver::id() const
{
    return QStringLiteral("checkfu:oneshot-v1@1");
}

void OneshotDriver::start(SandboxedProcess *process, const RunSpec &spec, const HarnessContext &)
{
    if (m_started || !process)
        return;
    m_started = true;
    m_process = process;
    m_prompt = spec.promptText().toUtf8();
    for (Stream *stream : { &m_stdout, &m_stderr }) {
        stream->masker = std::make_unique<StreamMasker>(m_masker, [this, stream](const QByteArray &masked) {
            if (!m_finished)
                relay(*stream, stream->chunker.append(masked));
        });
    }
    connect(process, &SandboxedProcess::started, this, &OneshotDriver::onStarted);
    connect(process, &SandboxedProcess::startFailed, this, [this](const QString &message) { finish(-1, 0, message); });
    connect(process, &SandboxedProcess::stdoutData, this, [this](const QByteArray &data) { onOutput(m_stdout, data); });
    connect(process, &SandboxedProcess::stderrData, this, [this](const QByteArray &data) { onOutput(m_stderr, data); });
    connect(process, &SandboxedProcess::exited, this, &OneshotDriver::onExited);
    process->start();
}

int OneshotDriver::interrupt(const QString &)
{
    // Nothing to say to a oneshot harness: the supervisor terminates its process tree (§6.7),
    // and the output it writes meanwhile is still relayed until it exits.
    emit idleWatch(false);
    return 0;
}

void OneshotDriver::onStarted()
{
    if (!m_process)
        return;
    emit idleWatch(true); // the whole process is one turn
    if (!m_prompt.isEmpty())
        m_process->writeStdin(m_prompt);
    m_process->closeStdin(); // end of file after the prompt (§6.2)
    m_prompt.clear();
}

void OneshotDriver::onOutput(Stream &stream, const QByteArray &data)
{
    if (m_finished || data.isEmpty())
        return;
    emit activity();
    stream.masker->write(data);
}

void OneshotDriver::relay(Stream &stream, const QStringList &pieces)
{
    for (const QString &piece : pieces)
        emit event(stream.kind, QJsonObject { { QStringLiteral("text"), piece } });
    if (!stream.warned && stream.chunker.replacements() > 0) {
        // Once per stream: a binary-spewing harness must not double its event count with warnings.
        stream.warned = true;
        emit event(QStringLiteral("run.warning"),
            QJsonObject {
                { QStringLiteral("message"),
                    tr("the harness wrote invalid UTF-8 to %1; it was replaced with U+FFFD").arg(stream.name) },
                { QStringLiteral("kind"), QStringLiteral("invalid_utf8") },
                { QStringLiteral("stream"), stream.name } });
    }
}

void OneshotDriver::onExited(int exitCode, int signalNumber)
{
    if (m_finished)
        return;
    for (Stream *stream : { &m_stdout, &m_stderr }) {
        stream->masker->finish();
        relay(*stream, stream->chunker.flush());
    }
    finish(exitCode, signalNumber, QString());
}

void OneshotDriver::finish(int exitCode, int signalNumber, const QString &launchError)
{
    if (m_finished)
        return;
    m_finished = true;
    emit finished(exitCode, signalNumber, launchError); // last: a listener may delete us
}

} // namespace runnercore
