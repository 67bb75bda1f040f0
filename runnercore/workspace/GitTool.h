#pragma once

#include <QString>

namespace runnercore {

// The git CLI the Runner fetches with: looked up in the system's directories only, never through
// the person's PATH (a shim there would see every credential).
class GitTool
{
public:
    static QString program(); // absolute path, empty when git is not installed
    static bool hasLfs(); // git-lfs next to it
    // "git version 2.39.5" (blocking, a few ms: for doctor, never on the GUI thread's hot path).
    static QString version(const QString &program);
};

} // namespace runnercore
