#pragma once

#include <runnercore/sandbox/SandboxProvider.h>

#include <QPointer>
#include <QProcess>
#include <QTimer>

namespace runnercore {

class DockerCommand;

// One run's container: `docker create` (bounded; the environment, Cursor key included, goes in
// through an env file that is deleted as soon as create returns), then `docker start -a -i`, whose
// stdio is the harness's, so the oneshot and ACP drivers work as on a host tier. Terminate is
// `docker kill --signal TERM`, then `docker kill` after the grace; the container itself is
// removed by the provider at teardown.
class DockerProcess : public SandboxedProcess
{
    Q_OBJECT
public:
    struct Plan
    {
        QString program = QStringLiteral("docker");
        QString containerName;
        QStringList createArgs; // everything after `docker create`, including --env-file
        QString envFile; // deleted once create has read it
        QString launchError; // set: start() only reports it
        int createTimeoutMs = 120000;
    };

    explicit DockerProcess(Plan plan, QObject *parent = nullptr);
    ~DockerProcess() override;

    void start() override;
    void writeStdin(const QByteArray &data) override;
    void closeStdin() override;
    void terminate(int graceMs) override;
    void kill() override;
    bool isRunning() const override;
    qint64 cpuMs() const override { return m_cpuMs; }
    qint64 pid() const override;

private:
    void removeEnvFile();
    void attach();
    void sampleCpu();
    void dockerKill(const QString &signal);

    Plan m_plan;
    QProcess m_attach;
    QPointer<DockerCommand> m_create;
    QString m_containerId;
    QByteArray m_pendingStdin;
    bool m_stdinClosed = false;
    bool m_creating = false;
    bool m_killed = false;
    QTimer m_killTimer;
    QTimer m_cpuTimer;
    qint64 m_cpuMs = -1;
};

} // namespace runnercore
