#include <runnercore/sandbox/OrphanSweeper.h>

#include <runnercore/sandbox/ProcessTable.h>
#include <runnercore/sandbox/RunMarker.h>

#include <chrono>
#include <csignal>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace runnercore {

namespace {
constexpr int PassPauseMs = 5; // SIGKILL takes effect within a scheduler tick or two
} // namespace

bool OrphanSweeper::becomeSubreaper()
{
    return ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
}

int OrphanSweeper::sweep(int timeoutMs)
{
    const pid_t self = ::getpid();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    int handled = 0;
    for (;;) {
        const ProcessTable table = ProcessTable::read();
        bool any = false;
        for (const ProcessTable::Entry &entry : table.entries()) {
            if (entry.ppid != self || !RunMarker::isMarked(entry.pid))
                continue;
            any = true;
            // A marked child of ours is never one we started ourselves, so reaping it steals no
            // one's exit status. Its number stays reserved until we reap it: no reuse race here.
            if (entry.state != 'Z') {
                ProcessTable::signalIfSame(entry, SIGKILL);
                // What it started, before it is reparented to us one by one.
                for (const ProcessTable::Entry &descendant : table.descendantsOf(entry.pid))
                    ProcessTable::signalIfSame(descendant, SIGKILL);
            }
            int status = 0;
            if (::waitpid(entry.pid, &status, WNOHANG) == entry.pid)
                ++handled;
        }
        if (!any || std::chrono::steady_clock::now() >= deadline)
            return handled;
        ::poll(nullptr, 0, PassPauseMs);
    }
}

} // namespace runnercore
