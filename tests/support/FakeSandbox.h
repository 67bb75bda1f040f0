#pragma once

#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QList>
#include <QPointer>
#include <QStringList>
#include <QTimer>

#include <functional>

// A harness process that runs nothing: the test writes its output and decides when it exits. It
// starts and ends asynchronously, as a real process does; terminate() ends it by SIGTERM.
class FakeProcess : public runnercore::SandboxedProcess
{
public:
    static constexpr int Pid = 4242;
    static constexpr qint64 CpuMs = 42;
    static constexpr int Sigterm = 15;

    FakeProcess(const QString &runId, QObject *parent) : runnercore::SandboxedProcess(parent), m_runId(runId) { }

    void start() override
    {
        QTimer::singleShot(0, this, [this] {
            if (!m_startError.isEmpty()) {
                emit startFailed(m_startError);
                return;
            }
            m_running = true;
            emit started();
        });
    }
    void writeStdin(const QByteArray &data) override { m_stdin += data; }
    void closeStdin() override { m_stdinClosed = true; }
    void terminate(int graceMs) override
    {
        m_terminateGraceMs = graceMs;
        ++m_terminations;
        if (m_running && m_exitsOnTerminate)
            QTimer::singleShot(0, this, [this] { exit(-1, Sigterm); });
    }
    void kill() override
    {
        ++m_kills;
        m_running = false;
    }
    bool isRunning() const override { return m_running; }
    qint64 cpuMs() const override { return CpuMs; }
    qint64 pid() const override { return Pid; }

    // What the harness does.
    void writeStdout(const QByteArray &data) { emit stdoutData(data); }
    void writeStderr(const QByteArray &data) { emit stderrData(data); }
    void exit(int exitCode, int signalNumber = 0)
    {
        if (!m_running)
            return;
        m_running = false;
        emit exited(exitCode, signalNumber);
    }

    void setStartError(const QString &message) { m_startError = message; }
    void setExitsOnTerminate(bool exits) { m_exitsOnTerminate = exits; }

    QString runId() const { return m_runId; }
    QByteArray stdinData() const { return m_stdin; }
    bool stdinClosed() const { return m_stdinClosed; }
    int terminations() const { return m_terminations; }
    int terminateGraceMs() const { return m_terminateGraceMs; }
    int kills() const { return m_kills; }

private:
    QString m_runId;
    QString m_startError;
    QByteArray m_stdin;
    bool m_stdinClosed = false;
    bool m_running = false;
    bool m_exitsOnTerminate = true;
    int m_terminations = 0;
    int m_terminateGraceMs = -1;
    int m_kills = 0;
};

// A host-process tier that launches FakeProcesses and records what the run asked of it.
class FakeProvider : public runnercore::SandboxProvider
{
public:
    static constexpr const char *Oneshot = "checkfu:oneshot-v1@1";

    QString id() const override { return QStringLiteral("host-process"); }
    QJsonObject capabilities(const QStringList &drivers) const override
    {
        return runnercore::CapabilityAdvertisement::hostProcessProvider(drivers);
    }
    // The §5 advertisement of a machine with only this tier (what RunEnvironment::realisable gives).
    QJsonObject advertisement() const
    {
        return runnercore::CapabilityAdvertisement::build(QStringLiteral("rpool_0123456789abcdef0123456789abcdef"),
            QJsonArray { capabilities({ QLatin1String(Oneshot) }) });
    }

    bool prepare(const QString &runId, const runnercore::RunSpec &, QString *error) override
    {
        prepared << runId;
        if (!prepareError.isEmpty() && error)
            *error = prepareError;
        return prepareError.isEmpty();
    }
    QString workspacePath(const QString &runId) const override { return QStringLiteral("/nonexistent/") + runId; }
    std::unique_ptr<runnercore::SandboxedProcess> launch(
        const QString &runId, const runnercore::RunSpec &, QObject *parent) override
    {
        auto process = std::make_unique<FakeProcess>(runId, parent);
        process->setStartError(startError);
        process->setExitsOnTerminate(exitsOnTerminate);
        launched << process.get();
        return process;
    }
    QString refusal(const QString &, const runnercore::RunSpec &) const override { return refusalText; }
    void teardown(const QString &runId) override
    {
        tornDown << runId;
        if (onTeardown)
            onTeardown(runId);
    }

    // The process of a run, while it exists.
    FakeProcess *process(const QString &runId) const
    {
        for (const QPointer<FakeProcess> &p : launched)
            if (p && p->runId() == runId)
                return p;
        return nullptr;
    }

    QString prepareError; // prepare() fails with this
    QString startError; // the process fails to start with this
    QString refusalText; // refusal() says this
    bool exitsOnTerminate = true;
    std::function<void(const QString &runId)> onTeardown;
    QStringList prepared;
    QStringList tornDown;
    QList<QPointer<FakeProcess>> launched;
};
