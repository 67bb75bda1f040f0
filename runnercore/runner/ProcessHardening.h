#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace runnercore {

// What the Runner does to its own process before it holds a secret: on Linux it becomes
// non-dumpable (no core file, no ptrace or /proc/<pid>/{mem,environ} for other processes of the
// same user without CAP_SYS_PTRACE), and the secrets it reads from its environment are wiped
// from the environment block the kernel keeps (/proc/<pid>/environ), not only unset. Both front
// ends call this first thing in main().
class ProcessHardening
{
public:
    // The variables ConfigKeys marks secret (the Workspace Runner key, the Cursor API key).
    static QList<QByteArray> secretVariables();

    // prctl(PR_SET_DUMPABLE, 0) on Linux; elsewhere a no-op that returns true. *error on failure.
    static bool disableDumps(QString *error = nullptr);
    // PR_GET_DUMPABLE on Linux (true elsewhere).
    static bool isDumpable();

    // Unsets every variable in `names` and overwrites (with NULs) each "NAME=value" entry of the
    // initial environment block, so neither getenv() nor /proc/self/environ shows it any more.
    // Outside Linux only unsets. Returns the number of entries wiped from the initial block.
    static int scrubEnvironment(const QList<QByteArray> &names);
};

} // namespace runnercore
