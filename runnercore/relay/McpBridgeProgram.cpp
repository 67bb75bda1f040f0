#include <runnercore/relay/McpBridgeProgram.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
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
    QStringList candidates { binaryDir + QLatin1Char('/') + QLatin1String(Name) };
#ifdef CHECKFU_RUN_REAPER_FROM_BINDIR
    candidates.append(binaryDir + QStringLiteral("/" CHECKFU_RUN_REAPER_FROM_BINDIR "/") + QLatin1String(Name));
#endif
#if defined(CHECKFU_MCP_BRIDGE_BUILD_PATH) && defined(CHECKFU_BUILD_DIR)
    // Only for a binary of this build tree (the tests): an installed Runner never falls back to it.
    const QString buildDir = QStringLiteral(CHECKFU_BUILD_DIR);
    if (binaryDir == buildDir || binaryDir.startsWith(buildDir + QLatin1Char('/')))
        candidates.append(QStringLiteral(CHECKFU_MCP_BRIDGE_BUILD_PATH));
#endif
    for (const QString &candidate : std::as_const(candidates)) {
        const QFileInfo info(QDir::cleanPath(candidate));
        if (info.isFile() && info.isExecutable())
            return info.absoluteFilePath();
    }
    return {};
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
