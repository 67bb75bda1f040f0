#pragma once

#include <runnercore/harness/HarnessDriver.h>
#include <runnercore/harness/WorkspaceFileAccess.h>
#include <runnercore/logging/StreamMasker.h>
#include <runnercore/model/OutputChunker.h>

#include <QJsonArray>
#include <QJsonValue>
#include <QPointer>
#include <QSet>
#include <QTimer>

#include <deque>
#include <map>
#include <memory>
#include <optional>

namespace runnercore {

class JsonRpcConnection;
struct JsonRpcError;

// checkfu:acp-v1@1: the Runner as an ACP client (protocol version 1) of an agent on stdio.
// initialize → session/new (cwd = the workspace) → session/prompt for the run's prompt, then one
// turn per `prompt` directive until `close` (§6.4). session/update → acp.update events; permission
// requests → approvals decided on the control channel (§6.5); fs/* confined to the workspace;
// cancel, idle timeout and close as in §6.7. Everything the agent sends is untrusted: junk lines
// become warnings, unknown requests get -32601, and nothing it sends can crash the Runner.
// Where the session stands is one State, changed only through transition(), which refuses a move
// the table does not allow (see runnercore/README.md for the states).
class AcpDriver : public HarnessDriver
{
    Q_OBJECT
public:
    enum class State {
        NotStarted, // start() not called yet
        Handshake, // the agent starts; initialize, session/new (the first turn has begun, §6.7)
        InTurn, // session/prompt sent; its answer ends the turn
        AwaitingApproval, // in a turn, with a permission request waiting for a person (§6.5)
        Cancelling, // session/cancel sent; the turn ends with the prompt's answer
        Idle, // the session is open between turns: waiting for a prompt or close directive
        Closing, // close: stdin closed, the agent has CloseGraceMs to exit (→ succeeded)
        Stopping, // the run ends (interrupt, protocol error); waiting for the agent to exit
        Ended, // the agent exited or never started; finished() is reported
    };
    Q_ENUM(State)

signals:
    // Every move of state(); a listener must not delete the driver (finished() is the one for that).
    void stateChanged(runnercore::AcpDriver::State state);

public:
    static constexpr int ProtocolVersion = 1;
    static constexpr int CancelGraceMs = 5000; // §6.7: wait for the prompt's `cancelled`
    static constexpr int CloseGraceMs = 10000; // §6.7: wait for the agent to exit after stdin closes
    static constexpr int MaxJunkWarnings = 100;
    // Permission requests waiting for a person's decision, per run; a further one is answered
    // `cancelled` at once (a harness cannot queue up an unbounded pile of approvals).
    static constexpr int MaxPendingApprovals = 32;
    static constexpr int MaxApprovalLimitWarnings = 10; // then one last warning, then silence

    explicit AcpDriver(QObject *parent = nullptr);
    ~AcpDriver() override;

    QString id() const override;
    void start(SandboxedProcess *process, const RunSpec &spec, const HarnessContext &context) override;
    int interrupt(const QString &reason) override;
    void directive(const QJsonObject &directive) override;
    std::optional<HarnessVerdict> verdict() const override;

    State state() const { return m_state; }
    static const char *stateName(State state); // for logs: "in_turn"

    void setMaxLineBytes(qint64 bytes) { m_maxLineBytes = bytes; } // tests
    void setCloseGraceMs(int ms) { m_closeGraceMs = ms; } // tests

private:
    struct Turn
    {
        QString turnId;
        QJsonArray prompt;
    };
    struct PendingApproval
    {
        QString approvalId;
        QJsonValue requestId;
        QSet<QString> optionIds;
    };

    void onStarted();
    void onExited(int exitCode, int signalNumber);
    void onStartFailed(const QString &message);
    // The one place m_state changes: false (and logged) when the table forbids the move.
    bool transition(State to);
    static bool allowed(State from, State to);
    // InTurn ⇄ AwaitingApproval as permission requests come and go.
    void settleTurnState();

    void onRequest(const QJsonValue &id, const QString &method, const QJsonObject &params);
    void onNotification(const QString &method, const QJsonObject &params);
    void onInvalidLine(qint64 size, const QString &why, const QString &preview);
    void onStderr(const QByteArray &data);
    // agent_message_chunk and the other *_chunk updates: their text is one stream per kind (§6.7).
    bool relayTextChunk(const QJsonObject &params);
    void finishTextChunks();

    void initialize();
    void newSession();
    void beginTurn(const Turn &turn);
    void sendPrompt();
    void endTurn(const QString &stopReason);
    void afterTurn();
    void cancelTurn();
    void closeSession();
    void closeStdin();
    void protocolError(const QString &kind, const QString &message);

    void requestPermission(const QJsonValue &id, const QJsonObject &params);
    void decide(const QJsonObject &directive);
    void resolveApproval(const QString &approvalId, const QString &outcome, const QString &optionId);
    void cancelPendingApprovals();
    void updateIdleWatch();

    void warn(const QString &kind, const QString &message);
    bool sessionMatches(const QJsonObject &params) const;
    static QString stopReasonFor(const QString &interruptReason);

    QPointer<SandboxedProcess> m_process;
    JsonRpcConnection *m_rpc = nullptr;
    WorkspaceFileAccess m_files;
    HarnessContext m_context;
    OutputChunker m_stderr;
    std::unique_ptr<StreamMasker> m_stderrMasker;
    // The text of one *_chunk kind as a stream. An update whose text may end with the start of a
    // secret waits (at most StreamMasker::HoldMs); without a secret every update goes out as it came.
    struct TextChunkStream
    {
        struct Waiting
        {
            QJsonObject params;
            qsizetype bytes; // of its text not yet passed on by the masker
        };
        std::unique_ptr<StreamMasker> masker;
        std::deque<Waiting> waiting;
        qsizetype waitingBytes = 0;
        QByteArray out; // what the masker passed on for them
        quint64 masksSeen = 0;
        bool exact = true; // out holds the waiting texts unchanged: each update can go out as it came
    };
    void deliverTextChunks(TextChunkStream &stream);
    std::map<QString, TextChunkStream> m_textChunks; // by sessionUpdate
    bool m_deliveringText = false;
    bool m_zdr = false;
    qint64 m_maxLineBytes = 0;
    int m_closeGraceMs = CloseGraceMs;

    State m_state = State::NotStarted;
    State m_endedIn = State::NotStarted; // the state the agent exited in (Closing → succeeded)
    QString m_sessionId;
    std::optional<Turn> m_turn; // the turn in progress (the handshake belongs to the first)
    // Directives waiting for the turn in progress to end: prompts in order, then close.
    std::deque<Turn> m_queue;
    bool m_closeRequested = false;
    // Permission requests waiting for a decision: in a turn (AwaitingApproval) or, sent out of
    // turn, while Idle.
    QList<PendingApproval> m_approvals;
    bool m_idleRunning = false; // what idleWatch() last said

    QString m_interruptReason; // why the Runner ends the run; empty until it does
    QString m_protocolError; // harness_protocol_error
    QTimer m_closeTimer;
    int m_junkLines = 0;
    int m_approvalsOverLimit = 0;
    bool m_stdinClosed = false;
};

} // namespace runnercore
