#pragma once

// Plain C++ (no Qt): also compiled into checkfu-run-reaper.
#include <sys/types.h>

namespace runnercore {

// Tells the processes of a host-process run from every other process of the person's, in a way
// the run cannot undo: checkfu-run-reaper lowers the hard RLIMIT_RTTIME of the harness by one
// below the Runner's own (it only bounds real-time threads, and stays unlimited in practice), and
// everything the harness starts inherits it. Without privilege a process may lower a hard limit but
// never raise it, so no setsid, double fork or exec takes the mark off.
class RunMarker
{
public:
    // In the harness before execve: async-signal-safe. False when the limit cannot go lower.
    static bool mark();
    // Whether pid carries the mark (its hard limit is below this process's own).
    static bool isMarked(pid_t pid);
};

} // namespace runnercore
