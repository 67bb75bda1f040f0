#pragma once

#include <QString>

namespace runnercore {

// Where one of the Runner's helper programs is (checkfu-run-reaper, checkfu-mcp-bridge): next to
// the binary in binaryDir, else in ../libexec/checkfu-runner from it (where `install` and the .deb
// put them, out of PATH), else, only for a binary of this build tree, at buildPath.
class HelperProgram
{
public:
    // The absolute path of an executable file; empty if none exists.
    static QString find(const QString &binaryDir, const char *name, const QString &buildPath);
};

} // namespace runnercore
