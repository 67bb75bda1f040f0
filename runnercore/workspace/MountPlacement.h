#pragma once

#include <runnercore/model/RunSpec.h>

#include <QString>

namespace runnercore {

// Where a mount's target lands (§6.8): the workspace root is the run's workspace directory, a
// target beneath it a directory below that, "~/..." a directory below the run's private home.
// Targets are already checked by RunSpec's parser; this only maps them.
struct MountPlacement
{
    enum class Base { Workspace, Home };
    Base base = Base::Workspace;
    QString relative; // below the base; empty for the workspace root itself

    static MountPlacement of(const RunSpec &spec, const RunMount &mount);
    // The directory on the host, given the run's workspace and home directories.
    QString hostPath(const QString &workspaceDir, const QString &homeDir) const;
    // Mounts that come before the first git or snapshot mount: written with the run's directories (prepare);
    // the rest, in order, once the Runner fetched (Materialization).
    static qsizetype firstFetched(const RunSpec &spec);
    // The workspace root as the harness sees it in a sandbox of its own (§6.8): the first mount's
    // target, /workspace without mounts.
    static QString rootTarget(const RunSpec &spec);
};

} // namespace runnercore
