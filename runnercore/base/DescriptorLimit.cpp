#include <runnercore/base/DescriptorLimit.h>

#include <optional>

namespace runnercore {

namespace {
std::optional<rlim_t> inherited; // set by the first raiseToHard(), on the main thread before any other
} // namespace

rlim_t DescriptorLimit::raiseToHard()
{
    rlimit limit {};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0)
        return 0;
    if (!inherited)
        inherited = limit.rlim_cur;
    if (limit.rlim_cur == limit.rlim_max)
        return limit.rlim_cur;
    const rlim_t before = limit.rlim_cur;
    limit.rlim_cur = limit.rlim_max;
    // Refused where the hard limit is more than the kernel takes (RLIM_INFINITY on macOS): as it was.
    return ::setrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_max : before;
}

rlim_t DescriptorLimit::inheritedSoft()
{
    if (inherited)
        return *inherited;
    rlimit limit {};
    return ::getrlimit(RLIMIT_NOFILE, &limit) == 0 ? limit.rlim_cur : RLIM_INFINITY;
}

} // namespace runnercore
