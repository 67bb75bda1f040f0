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

QJsonArray McpBridgeProgram::serverEntries(const QList<PlaneMcp> &entries, const QString &command,
    const QString &socketPath, qint64 runnerPid, bool withProtocol)
{
    QJsonArray servers;
    for (const PlaneMcp &entry : entries) {
        QJsonArray args { socketPath, entry.name };
        if (runnerPid > 0)
            args.append(QString::number(runnerPid));
        QJsonObject server { { QStringLiteral("name"), entry.name }, { QStringLiteral("command"), command },
            { QStringLiteral("args"), args }, { QStringLiteral("env"), QJsonArray() } };
        if (withProtocol)
            server.insert(QStringLiteral("protocol"), entry.protocol);
        servers.append(server);
    }
    return servers;
}

} // namespace runnercore
