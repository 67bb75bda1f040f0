#pragma once

#include <QtGlobal>

#include <utility>

namespace runnercore {

// Owns one file descriptor: closed on every exit path.
class UniqueFd
{
public:
    explicit UniqueFd(int fd = -1) : m_fd(fd) { }
    ~UniqueFd() { reset(); }
    UniqueFd(UniqueFd &&other) noexcept : m_fd(std::exchange(other.m_fd, -1)) { }
    UniqueFd &operator=(UniqueFd &&other) noexcept
    {
        reset(std::exchange(other.m_fd, -1));
        return *this;
    }
    UniqueFd(const UniqueFd &) = delete;
    UniqueFd &operator=(const UniqueFd &) = delete;

    int get() const { return m_fd; }
    bool valid() const { return m_fd >= 0; }
    int release() { return std::exchange(m_fd, -1); }
    void reset(int fd = -1);

    // write(2) until all of data is written (EINTR retried, at most 1 MiB a call); false with
    // errno set (EIO where write wrote nothing).
    static bool writeAll(int fd, const char *data, qint64 size);

private:
    int m_fd;
};

} // namespace runnercore
