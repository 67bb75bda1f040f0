#include <runnercore/sandbox/RunMarker.h>

#include <runnercore/sandbox/ProcessTable.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/resource.h>

namespace runnercore {

namespace {

// The hard limit of "Max realtime timeout" in the text of /proc/PID/limits (RLIM_INFINITY for
// "unlimited"); false when the line is missing or malformed.
bool hardRealtimeTimeout(const char *text, rlim_t *hard)
{
    const char *line = std::strstr(text, "\nMax realtime timeout");
    if (!line)
        return false;
    const char *p = line + std::strlen("\nMax realtime timeout");
    const auto skipSpaces = [&p] {
        while (*p == ' ')
            ++p;
    };
    skipSpaces();
    while (*p && *p != ' ' && *p != '\n') // the soft limit
        ++p;
    skipSpaces();
    if (std::strncmp(p, "unlimited", 9) == 0) {
        *hard = RLIM_INFINITY;
        return true;
    }
    char *end = nullptr;
    errno = 0;
    const unsigned long long value = std::strtoull(p, &end, 10);
    if (end == p || errno != 0 || (*end != ' ' && *end != '\n'))
        return false;
    *hard = rlim_t(value);
    return true;
}

} // namespace

bool RunMarker::mark()
{
    rlimit limit = {};
    if (::getrlimit(RLIMIT_RTTIME, &limit) != 0 || limit.rlim_max == 0)
        return false;
    limit.rlim_max -= 1; // RLIM_INFINITY - 1 is still more than any run lives
    if (limit.rlim_cur > limit.rlim_max)
        limit.rlim_cur = limit.rlim_max;
    return ::setrlimit(RLIMIT_RTTIME, &limit) == 0;
}

bool RunMarker::isMarked(pid_t pid)
{
    rlimit own = {};
    if (::getrlimit(RLIMIT_RTTIME, &own) != 0)
        return false;
    // /proc/PID/limits, not prlimit(): readable whatever the process's credentials (prlimit needs
    // them all to match ours, so a setgid program the harness ran would go unrecognised).
    char text[4096];
    if (ProcessTable::readProcFile(pid, "limits", text, sizeof text) == 0)
        return false;
    rlim_t hard = 0;
    return hardRealtimeTimeout(text, &hard) && hard < own.rlim_max;
}

} // namespace runnercore
