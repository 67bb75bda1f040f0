#pragma once

#include <runnercore/model/RunSpec.h>

#include <QJsonArray>
#include <QString>

namespace runnercore {

// checkfu-mcp-bridge (runnercore/relay/bridge): where it is, and the MCP server entries that name it
// for a run's plane_mcp (§6.10).
class McpBridgeProgram
{
public:
    static constexpr const char *Name = "checkfu-mcp-bridge";
    // The protocols this Runner relays when the bridge is present (§5's plane_protocols).
    static QStringList protocols();

    // Next to this binary, else in ../libexec/checkfu-runner from it (installed, beside
    // checkfu-run-reaper), else, for a binary of the build tree, where the build put it; empty if none.
    static QString path();
    static QString path(const QString &binaryDir);

    // One ACP stdio server entry per plane_mcp entry: { name, command, args: [socket, name (, runner
    // pid)], env: [] }; runnerPid > 0: the bridge checks the socket's listener is that process.
    // withProtocol adds "protocol" (CHECKFU_MCP_SERVERS of a oneshot run).
    static QJsonArray serverEntries(const QList<PlaneMcp> &entries, const QString &command, const QString &socketPath,
        qint64 runnerPid, bool withProtocol);
};

} // namespace runnercore
