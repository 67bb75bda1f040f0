// A preload library for the hostile-run tests (issue 13): a run spec that sets
// LD_PRELOAD=<this library> and CHECKFU_CANARY_LOG=<file> learns, from the file, every process that
// loaded it: one line with that process's executable. A sandbox launcher (bwrap, the docker CLI)
// in that list means the run's environment reached it before any sandbox existed.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {
__attribute__((constructor)) void reportLoad()
{
    const int saved = errno;
    const char *log = std::getenv("CHECKFU_CANARY_LOG");
    if (log && *log) {
        char line[4096];
        const ssize_t n = ::readlink("/proc/self/exe", line, sizeof line - 1);
        if (n > 0) {
            line[n] = '\n';
            const int fd = ::open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
            if (fd >= 0) {
                (void)!::write(fd, line, size_t(n) + 1);
                ::close(fd);
            }
        }
    }
    errno = saved;
}
} // namespace
