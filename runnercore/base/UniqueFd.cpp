#include <runnercore/base/UniqueFd.h>

#include <algorithm>
#include <cerrno>

#include <unistd.h>

namespace runnercore {

void UniqueFd::reset(int fd)
{
    if (m_fd >= 0 && m_fd != fd)
        ::close(m_fd);
    m_fd = fd;
}

bool UniqueFd::writeAll(int fd, const char *data, qint64 size)
{
    constexpr qint64 MaxWrite = 1024 * 1024;
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size_t(std::min(size, MaxWrite)));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        data += n;
        size -= n;
    }
    return true;
}

} // namespace runnercore
