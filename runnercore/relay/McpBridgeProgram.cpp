#include <runnercore/relay/McpBridgeProgram.h>

#include <runnercore/base/HelperProgram.h>

#include <QCoreApplication>
#include <QJsonObject>

namespace runnercore {

QStringList McpBridgeProgram::protocols()
{
    return { QStringLiteral("platform-mcp-v1"), QStringLiteral("platform-control-mcp-v2") };
}

QString McpBridgeProgram::path()
{
    return path(QCoreApplication::applicationDirPath());
}

QString McpBridgeProgram::path(const QString &binaryDir)
{
#ifdef CHECKFU_MCP_BRIDGE_BUILD_PATH
    return HelperProgram::find(binaryDir, Name, QStringLiteral(CHECKFU_MCP_BRIDGE_BUILD_PATH));
#else
    return HelperProgram::find(binaryDir, Name, QString());
#endif
}

QJsonArray McpBridgeProgram::serverEntries(
    const QList<PlaneMcp> &entries, const QString &command, const QString &socketPath, bool withProtocol)
{
    QJsonArray servers;
    for (const PlaneMcp &entry : entries) {
        QJsonObject server { { QStringLiteral("name"), entry.name }, { QStringLiteral("command"), command },
            { QStringLiteral("args"), QJsonArray { socketPath, entry.name } },
            { QStringLiteral("env"), QJsonArray() } };
        if (withProtocol)
            server.insert(QStringLiteral("protocol"), entry.protocol);
        servers.append(server);
    }
    return servers;
}

} // namespace runnercore
