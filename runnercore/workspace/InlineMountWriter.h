#pragma once

#include <runnercore/model/RunSpec.h>

#include <QString>

namespace runnercore {

// Writes the mounts whose content the run spec carries (uploaded_project, memory, skills) into a
// run's directories (§6.8): below the mount's target, never following a symlink, never outside
// it, each file new (O_EXCL) with mode 0755 if executable, else 0644.
class InlineMountWriter
{
public:
    // workspaceFd and homeFd: the run's workspace and home directories.
    static bool write(int workspaceFd, int homeFd, const RunSpec &spec, const RunMount &mount, QString *error);
    // After every mount is written: read-only mounts (skills, memory not writable) get modes the
    // harness cannot write through (0555 directories, 0444/0555 files). Advisory on a host tier.
    static void protect(int workspaceFd, int homeFd, const RunSpec &spec);
    // Regular files and their bytes as the spec gives them (workspace.ready's counts).
    static qint64 fileCount(const RunMount &mount);
    static qint64 byteCount(const RunMount &mount);
};

} // namespace runnercore
