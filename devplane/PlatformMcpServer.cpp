#include "PlatformMcpServer.h"

namespace devplane {

namespace {

const QString mcpV1 = QStringLiteral("platform-mcp-v1");
const QString controlV2 = QStringLiteral("platform-control-mcp-v2");

// JSON-RPC 2.0 and MCP error codes.
constexpr int methodNotFound = -32601;
constexpr int invalidParams = -32602;
constexpr int invalidRequest = -32600;

QJsonObject response(const QJsonValue &id, const QJsonObject &result)
{
    return { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), id },
        { QStringLiteral("result"), result } };
}

QJsonObject errorResponse(const QJsonValue &id, int code, const QString &message)
{
    return { { QStringLiteral("jsonrpc"), QStringLiteral("2.0") }, { QStringLiteral("id"), id },
        { QStringLiteral("error"),
            QJsonObject { { QStringLiteral("code"), code }, { QStringLiteral("message"), message } } } };
}

QJsonObject textResult(const QString &text)
{
    return { { QStringLiteral("content"),
                 QJsonArray { QJsonObject {
                     { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), text } } } },
        { QStringLiteral("isError"), false } };
}

QJsonObject stringProperty(const QString &description)
{
    return { { QStringLiteral("type"), QStringLiteral("string") }, { QStringLiteral("description"), description } };
}

QJsonObject schema(const QJsonObject &properties, const QStringList &required)
{
    return { { QStringLiteral("type"), QStringLiteral("object") }, { QStringLiteral("properties"), properties },
        { QStringLiteral("required"), QJsonArray::fromStringList(required) },
        { QStringLiteral("additionalProperties"), false } };
}

QJsonObject tool(const QString &name, const QString &description, const QJsonObject &inputSchema)
{
    return { { QStringLiteral("name"), name }, { QStringLiteral("description"), description },
        { QStringLiteral("inputSchema"), inputSchema } };
}

QJsonObject echoTool()
{
    return tool(QStringLiteral("echo"), QStringLiteral("Answers with the text it was given."),
        schema({ { QStringLiteral("text"), stringProperty(QStringLiteral("the text to echo")) } },
            { QStringLiteral("text") }));
}

QJsonObject noteTool()
{
    return tool(QStringLiteral("session_note"),
        QStringLiteral("Adds a note to this Session's event log, for the people watching it."),
        schema({ { QStringLiteral("text"), stringProperty(QStringLiteral("the note (at most 4096 characters)")) } },
            { QStringLiteral("text") }));
}

QJsonObject sessionIdTool()
{
    return tool(QStringLiteral("session_id"), QStringLiteral("Answers with the id of the Session this run belongs to."),
        schema({}, {}));
}

QJsonObject slowEchoTool()
{
    return tool(QStringLiteral("slow_echo"),
        QStringLiteral("Answers with the text after ms milliseconds (a slow tool: beyond the plane's answer window "
                       "the answer comes later, through the Runner's control channel)."),
        schema(
            { { QStringLiteral("text"), stringProperty(QStringLiteral("the text to echo")) },
                { QStringLiteral("ms"),
                    QJsonObject { { QStringLiteral("type"), QStringLiteral("integer") },
                        { QStringLiteral("minimum"), 0 }, { QStringLiteral("maximum"), PlatformMcpServer::maxSlowMs },
                        { QStringLiteral("description"), QStringLiteral("the delay in milliseconds") } } } },
            { QStringLiteral("text"), QStringLiteral("ms") }));
}

// A string argument, or the reason it is not one.
std::optional<QString> textArgument(const QJsonObject &arguments, const QString &name, int maxChars, QString *why)
{
    const QJsonValue value = arguments.value(name);
    if (!value.isString()) {
        *why = QStringLiteral("arguments.%1 must be a string").arg(name);
        return std::nullopt;
    }
    if (value.toString().size() > maxChars) {
        *why = QStringLiteral("arguments.%1 is limited to %2 characters").arg(name).arg(maxChars);
        return std::nullopt;
    }
    return value.toString();
}

} // namespace

PlatformMcpServer::PlatformMcpServer(NoteSink notes) : m_notes(std::move(notes)) { }

QStringList PlatformMcpServer::protocols()
{
    return { mcpV1, controlV2 };
}

QStringList PlatformMcpServer::knownVersions()
{
    // Those of the MCP TypeScript SDK the tests pin (tests/peers/mcp), newest first.
    return { QStringLiteral("2025-11-25"), QStringLiteral("2025-06-18"), QStringLiteral("2025-03-26"),
        QStringLiteral("2024-11-05"), QStringLiteral("2024-10-07") };
}

QJsonArray PlatformMcpServer::tools(const QString &protocol)
{
    if (protocol == controlV2) {
        return { sessionIdTool(), noteTool() };
    }
    if (protocol == mcpV1) {
        return { echoTool(), noteTool(), sessionIdTool(), slowEchoTool() };
    }
    return {};
}

QString PlatformMcpServer::shapeProblem(const QJsonValue &message)
{
    if (!message.isObject()) {
        return QStringLiteral("must be a JSON-RPC 2.0 object");
    }
    const QJsonObject object = message.toObject();
    if (object.value(QStringLiteral("jsonrpc")) != QLatin1String("2.0")) {
        return QStringLiteral("must have \"jsonrpc\": \"2.0\"");
    }
    const QJsonValue id = object.value(QStringLiteral("id"));
    if (!id.isUndefined() && !id.isString() && !id.isDouble() && !id.isNull()) {
        return QStringLiteral("has an id that is neither a string nor a number");
    }
    const QJsonValue method = object.value(QStringLiteral("method"));
    if (!method.isUndefined() && !method.isString()) {
        return QStringLiteral("has a method that is not a string");
    }
    if (method.isUndefined() && !object.contains(QStringLiteral("result"))
        && !object.contains(QStringLiteral("error"))) {
        return QStringLiteral("is neither a request, a notification nor a response");
    }
    return {};
}

PlatformMcpServer::Result PlatformMcpServer::handle(const Context &context, const QJsonArray &messages) const
{
    Result result;
    for (const QJsonValue &message : messages) {
        if (const std::optional<QJsonObject> reply = answer(context, message.toObject(), result)) {
            result.answers.append(*reply);
        }
    }
    return result;
}

std::optional<QJsonObject> PlatformMcpServer::answer(
    const Context &context, const QJsonObject &message, Result &result) const
{
    const QJsonValue method = message.value(QStringLiteral("method"));
    // Responses (this server sends no request) and notifications (notifications/initialized,
    // notifications/cancelled, …) get no answer.
    if (!method.isString() || !message.contains(QStringLiteral("id"))) {
        return std::nullopt;
    }
    const QJsonValue id = message.value(QStringLiteral("id"));
    if (id.isNull()) {
        return errorResponse(id, invalidRequest, QStringLiteral("a request's id must be a string or a number"));
    }
    const QString name = method.toString();
    const QJsonValue params = message.value(QStringLiteral("params"));
    if (!params.isUndefined() && !params.isObject()) {
        return errorResponse(id, invalidParams, QStringLiteral("params must be an object"));
    }
    if (name == QLatin1String("initialize")) {
        const QString asked = params.toObject().value(QStringLiteral("protocolVersion")).toString();
        return response(id,
            { { QStringLiteral("protocolVersion"),
                  knownVersions().contains(asked) ? asked : knownVersions().constFirst() },
                { QStringLiteral("capabilities"), QJsonObject { { QStringLiteral("tools"), QJsonObject {} } } },
                { QStringLiteral("serverInfo"),
                    QJsonObject { { QStringLiteral("name"), QStringLiteral("checkfu-devplane ") + context.protocol },
                        { QStringLiteral("version"), QStringLiteral("1.0.0") } } } });
    }
    if (name == QLatin1String("ping")) {
        return response(id, {});
    }
    if (name == QLatin1String("tools/list")) {
        return response(id, { { QStringLiteral("tools"), tools(context.protocol) } });
    }
    if (name == QLatin1String("tools/call")) {
        return callTool(context, id, params.toObject(), result);
    }
    return errorResponse(id, methodNotFound, QStringLiteral("method not found: %1").arg(name.left(200)));
}

std::optional<QJsonObject> PlatformMcpServer::callTool(
    const Context &context, const QJsonValue &id, const QJsonObject &params, Result &result) const
{
    const QString name = params.value(QStringLiteral("name")).toString();
    bool served = false;
    for (const QJsonValue &entry : tools(context.protocol)) {
        served = served || entry.toObject().value(QStringLiteral("name")) == name;
    }
    if (!served) {
        return errorResponse(id, invalidParams,
            QStringLiteral("unknown tool: %1 (%2 serves %3)").arg(name.left(200), context.protocol, [&context]() {
                QStringList names;
                for (const QJsonValue &entry : tools(context.protocol)) {
                    names.append(entry.toObject().value(QStringLiteral("name")).toString());
                }
                return names.join(QStringLiteral(", "));
            }()));
    }
    const QJsonValue argumentsValue = params.value(QStringLiteral("arguments"));
    if (!argumentsValue.isUndefined() && !argumentsValue.isObject()) {
        return errorResponse(id, invalidParams, QStringLiteral("arguments must be an object"));
    }
    const QJsonObject arguments = argumentsValue.toObject();
    QString why;
    if (name == QLatin1String("session_id")) {
        return response(id, textResult(context.sessionId));
    }
    if (name == QLatin1String("echo")) {
        const std::optional<QString> text = textArgument(arguments, QStringLiteral("text"), maxEchoChars, &why);
        return text ? response(id, textResult(*text)) : errorResponse(id, invalidParams, why);
    }
    if (name == QLatin1String("session_note")) {
        const std::optional<QString> text = textArgument(arguments, QStringLiteral("text"), maxNoteChars, &why);
        if (!text) {
            return errorResponse(id, invalidParams, why);
        }
        if (!m_notes(context, *text)) {
            return response(id,
                { { QStringLiteral("content"),
                      QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                          { QStringLiteral("text"), QStringLiteral("the Session keeps no more notes") } } } },
                    { QStringLiteral("isError"), true } });
        }
        return response(id, textResult(QStringLiteral("noted")));
    }
    // slow_echo
    const std::optional<QString> text = textArgument(arguments, QStringLiteral("text"), maxEchoChars, &why);
    if (!text) {
        return errorResponse(id, invalidParams, why);
    }
    const QJsonValue ms = arguments.value(QStringLiteral("ms"));
    const double delay = ms.toDouble(-1);
    if (!ms.isDouble() || delay < 0 || delay > maxSlowMs || delay != static_cast<int>(delay)) {
        return errorResponse(id, invalidParams, QStringLiteral("arguments.ms must be an integer 0-%1").arg(maxSlowMs));
    }
    result.delayed.append({ static_cast<int>(delay), response(id, textResult(*text)) });
    return std::nullopt; // answered when it is due
}

} // namespace devplane
