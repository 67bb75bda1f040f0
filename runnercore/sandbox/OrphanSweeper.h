#pragma once

namespace runnercore {

// The backstop behind checkfu-run-reaper. A harness can kill its reaper (it runs as the same user);
// its orphans would then go to init and outlive the run. With the Runner a child subreaper they
// come back to the Runner instead, and sweep() ends them: every process the Runner adopted that
// carries a run's mark (RunMarker), and everything those started, killed through pidfds and reaped.
// Other children of the Runner (reapers of live runs, bwrap, docker, anything the tray started)
// carry no mark and are left alone.
class OrphanSweeper
{
public:
    // PR_SET_CHILD_SUBREAPER for this process; idempotent.
    static bool becomeSubreaper();
    // Kills and reaps marked orphans until none is left or timeoutMs passed; returns how many
    // processes it killed or reaped.
    static int sweep(int timeoutMs);
};

} // namespace runnercore
