#pragma once

#include <sys/resource.h>

namespace runnercore {

// The Runner's limit on open descriptors (RLIMIT_NOFILE). Every call to the control plane in
// flight, every run's pipes, sockets and relay connections hold some, and the soft limit a session
// hands out (1,024) is that low only for programs that use select(), which the Runner does not (Qt
// polls). So both front ends raise it to the hard limit first thing: a Runner busy with many runs
// no longer fails to launch one for "Too many open files" (issue 35). The processes it starts for
// a run get the soft limit it inherited back (HostProcess), as they would have had it without it.
class DescriptorLimit
{
public:
    // Raises the soft limit to the hard one, once; returns the soft limit now (0 when unknown).
    static rlim_t raiseToHard();
    // The soft limit this process started with: before raiseToHard(), or now if it never raised it.
    static rlim_t inheritedSoft();
};

} // namespace runnercore
