#pragma once

#include <runnercore/harness/HarnessDriver.h>
#include <runnercore/logging/StreamMasker.h>
#include <runnercore/model/OutputChunker.h>

#include <QPointer>

#include <memory>

namespace runnercore {

// checkfu:oneshot-v1@1: the prompt's text on stdin, then end of file (§6.2); stdout and stderr become
// output.stdout/output.stderr events of at most 64 KiB of UTF-8 each (§6.3); the run ends when the
// process exits (§6.4).
class OneshotDriver : public HarnessDriver
{
public:
    // §6.10: a oneshot harness finds its platform MCP servers in this variable (a JSON array of
    // { name, command, args, env, protocol }).
    static constexpr const char *McpServersVariable = "CHECKFU_MCP_SERVERS";
    // spec with the variable set in its launch environment (replacing one the spec set itself).
    static RunSpec withMcpServers(RunSpec spec, const QJsonArray &servers);

    Q_OBJECT
public:
    explicit OneshotDriver(QObject *parent = nullptr);

    QString id() const override;
    void start(SandboxedProcess *process, const RunSpec &spec, const HarnessContext &context) override;
    int interrupt(const QString &reason) override;

private:
    struct Stream
    {
        QString kind; // "output.stdout" | "output.stderr"
        QString name; // "stdout" | "stderr"
        std::unique_ptr<StreamMasker> masker; // before the chunker: raw bytes, any read boundaries
        OutputChunker chunker;
        bool warned = false;
    };

    void onStarted();
    void onOutput(Stream &stream, const QByteArray &data);
    void relay(Stream &stream, const QStringList &pieces);
    void onExited(int exitCode, int signalNumber);
    void finish(int exitCode, int signalNumber, const QString &launchError);

    QPointer<SandboxedProcess> m_process;
    QByteArray m_prompt;
    Stream m_stdout;
    Stream m_stderr;
    bool m_started = false;
    bool m_finished = false;
};

} // namespace runnercore
