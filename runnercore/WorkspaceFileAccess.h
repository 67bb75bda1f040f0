#pragma once

#include <QString>

#include <optional>

// ACP's fs/read_text_file and fs/write_text_file, confined to one run's workspace. The agent
// names files by absolute paths as it sees them (agentRoot: the workspace itself on a host
// tier, the mount target in a container, §6.7); they are mapped to hostRoot, with "..",
// and symbolic links resolved and refused when they lead outside. Nothing is touched then.
class WorkspaceFileAccess
{
public:
    static constexpr qint64 MaxReadBytes = 16LL * 1024 * 1024;

    struct Result
    {
        bool ok = false;
        int code = 0; // JSON-RPC error code when !ok
        QString message; // for the agent; names the path and the rule
        QString content; // read: the text
    };

    WorkspaceFileAccess() = default;
    WorkspaceFileAccess(const QString &hostRoot, const QString &agentRoot);

    Result readText(const QString &path, std::optional<qint64> line, std::optional<qint64> limit) const;
    Result writeText(const QString &path, const QString &content) const;

    // The host path for an agent path, or an error result. Exposed for tests.
    std::optional<QString> resolve(const QString &agentPath, Result *refusal) const;

private:
    QString m_hostRoot; // canonical
    QString m_agentRoot; // clean, absolute
};
