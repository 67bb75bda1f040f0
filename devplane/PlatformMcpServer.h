#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <functional>
#include <optional>

namespace devplane {

// The platform's MCP servers a Run's harness reaches through its Runner (§6.10): one per
// protocol and connection, answering the JSON-RPC 2.0 messages the Runner relays. It keeps no
// state per connection (initialize is answered but not required first), so a connection id only
// scopes JSON-RPC ids, which the Runner routes. Tools per protocol:
// - platform-mcp-v1: echo {text}, session_note {text}, session_id {}, slow_echo {text, ms};
// - platform-control-mcp-v2: session_id {}, session_note {text} (the control side: who am I, tell
//   the people watching).
// Never logs what a message says.
class PlatformMcpServer
{
public:
    // The Session a message is answered for.
    struct Context
    {
        QString sessionId;
        QString protocol;
    };
    // An answer due later (slow_echo): the caller decides whether it fits the call's window.
    struct Delayed
    {
        int delayMs = 0;
        QJsonObject message;
    };
    struct Result
    {
        QJsonArray answers; // in the order of the requests
        QList<Delayed> delayed;
    };
    // session_note's effect; false when the note could not be kept (the tool then answers an error).
    using NoteSink = std::function<bool(const Context &, const QString &text)>;

    explicit PlatformMcpServer(NoteSink notes);

    // The protocols served, for the enrollment and for checking a relayed call.
    static QStringList protocols();
    // tools/list's entries of a protocol.
    static QJsonArray tools(const QString &protocol);
    // Why a relayed message is no JSON-RPC 2.0 object (an empty string when it is one).
    static QString shapeProblem(const QJsonValue &message);

    Result handle(const Context &context, const QJsonArray &messages) const;

    // The MCP protocol versions initialize accepts as asked; any other gets the newest.
    static QStringList knownVersions();
    static constexpr int maxNoteChars = 4096;
    static constexpr int maxEchoChars = 65536;
    static constexpr int maxSlowMs = 600000;

private:
    // The answer to one request; nullopt for a message that gets none (a notification, a response).
    std::optional<QJsonObject> answer(const Context &context, const QJsonObject &message, Result &result) const;
    std::optional<QJsonObject> callTool(
        const Context &context, const QJsonValue &id, const QJsonObject &params, Result &result) const;

    NoteSink m_notes;
};

} // namespace devplane
