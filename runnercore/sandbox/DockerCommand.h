#pragma once

#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

#include <functional>

namespace runnercore {

// One `docker …` CLI call, asynchronous and bounded: the CLI is used (not the Engine API) so that
// contexts, DOCKER_HOST, rootless and Docker Desktop work exactly as the person set them up.
// Deletes itself after reporting.
class DockerCommand : public QObject
{
    Q_OBJECT
public:
    struct Result
    {
        bool ran = false; // the CLI started and exited (not a timeout, not missing)
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
        QString failure; // why it did not run: not installed, timed out, crashed
        bool ok() const { return ran && exitCode == 0; }
        // A one-line reason for messages: the failure, or the CLI's last stderr line.
        QString describe() const;
    };
    using Handler = std::function<void(const Result &)>;

    // `program` is "docker" unless tests point elsewhere. The handler runs once, on the event loop.
    static DockerCommand *run(
        const QString &program, const QStringList &args, int timeoutMs, Handler handler, QObject *parent = nullptr);
    // Fire and forget for cleanup that must happen even if we are going away.
    static void runDetached(const QString &program, const QStringList &args);
    // The environment of every `docker` CLI process the Runner starts (§6.2): a fixed set taken from
    // the Runner's own environment (the person's trusted setup: PATH, HOME, DOCKER_HOST,
    // DOCKER_CONTEXT, DOCKER_CONFIG, DOCKER_CERT_PATH, DOCKER_TLS_VERIFY), nothing else. A run's
    // variables never reach the CLI (they go into the container through an env file), nor do the
    // Runner's own secrets or loader variables (LD_PRELOAD …).
    static QProcessEnvironment cliEnvironment();

    // Destroyed early (its parent went away): the CLI is killed and reaped, the handler never runs.
    ~DockerCommand() override;

private:
    DockerCommand(const QString &program, const QStringList &args, int timeoutMs, Handler handler, QObject *parent);
    void finish(Result result);

    QProcess m_process;
    QTimer m_timeout;
    Handler m_handler;
    bool m_done = false;
};

} // namespace runnercore
