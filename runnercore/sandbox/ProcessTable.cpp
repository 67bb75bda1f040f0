#include <runnercore/sandbox/ProcessTable.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <string>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_set>

namespace runnercore {

namespace {

int pidfdOpen(pid_t pid)
{
#ifdef SYS_pidfd_open
    return int(::syscall(SYS_pidfd_open, pid, 0));
#else
    errno = ENOSYS;
    return -1;
#endif
}

int pidfdSendSignal(int pidfd, int signalNumber)
{
#ifdef SYS_pidfd_send_signal
    return int(::syscall(SYS_pidfd_send_signal, pidfd, signalNumber, nullptr, 0));
#else
    errno = ENOSYS;
    return -1;
#endif
}

} // namespace

bool ProcessTable::parseStat(std::string_view text, Entry *entry)
{
    // "pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime
    // stime cutime cstime priority nice num_threads itrealvalue starttime ..."
    const size_t open = text.find('(');
    const size_t close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open || open == 0)
        return false;
    const auto number = [](std::string_view digits, unsigned long long *out) {
        if (digits.empty() || digits.size() > 20)
            return false;
        unsigned long long value = 0;
        for (char c : digits) {
            if (c < '0' || c > '9')
                return false;
            const unsigned long long next = value * 10 + unsigned(c - '0');
            if (next < value)
                return false;
            value = next;
        }
        *out = value;
        return true;
    };
    std::string_view head = text.substr(0, open);
    while (!head.empty() && head.back() == ' ')
        head.remove_suffix(1);
    unsigned long long pid = 0;
    if (!number(head, &pid) || pid == 0 || pid > 0x3fffffff)
        return false;
    // Fields after the command name, split on single spaces: [0] state, [1] ppid, ..., [19] starttime.
    std::string_view rest = text.substr(close + 1);
    std::string_view fields[20];
    for (std::string_view &field : fields) {
        if (rest.empty() || rest.front() != ' ')
            return false;
        rest.remove_prefix(1);
        const size_t end = rest.find_first_of(" \n");
        field = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    }
    unsigned long long ppid = 0;
    unsigned long long start = 0;
    // The state is one letter (R, S, D, Z, T, t, X, I …); anything else is not a line the kernel wrote.
    const char state = fields[0].empty() ? '\0' : fields[0].front();
    if (fields[0].size() != 1 || !((state >= 'A' && state <= 'Z') || (state >= 'a' && state <= 'z'))
        || !number(fields[1], &ppid) || ppid > 0x3fffffff || !number(fields[19], &start))
        return false;
    entry->pid = pid_t(pid);
    entry->ppid = pid_t(ppid);
    entry->state = state;
    entry->startTime = start;
    return true;
}

size_t ProcessTable::readProcFile(pid_t pid, const char *name, char *buffer, size_t size)
{
    if (size == 0)
        return 0;
    char path[48];
    std::snprintf(path, sizeof path, "/proc/%d/%s", int(pid), name);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    size_t used = 0;
    while (used < size - 1) {
        const ssize_t n = ::read(fd, buffer + used, size - 1 - used);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        used += size_t(n);
    }
    ::close(fd);
    buffer[used] = '\0';
    return used;
}

bool ProcessTable::readOne(pid_t pid, Entry *entry)
{
    char buffer[1024];
    const size_t n = readProcFile(pid, "stat", buffer, sizeof buffer);
    return n > 0 && parseStat(std::string_view(buffer, n), entry) && entry->pid == pid;
}

ProcessTable ProcessTable::read()
{
    ProcessTable table;
    DIR *proc = ::opendir("/proc");
    if (!proc)
        return table;
    while (const dirent *item = ::readdir(proc)) {
        char *end = nullptr;
        const long pid = std::strtol(item->d_name, &end, 10);
        if (pid <= 0 || !end || *end != '\0')
            continue;
        Entry entry;
        if (readOne(pid_t(pid), &entry))
            table.m_entries.push_back(entry);
    }
    ::closedir(proc);
    return table;
}

std::vector<ProcessTable::Entry> ProcessTable::descendantsOf(pid_t root) const
{
    std::unordered_set<pid_t> tree { root };
    std::vector<Entry> found;
    for (bool grew = true; grew;) {
        grew = false;
        for (const Entry &entry : m_entries) {
            if (tree.count(entry.ppid) && !tree.count(entry.pid)) {
                tree.insert(entry.pid);
                found.push_back(entry);
                grew = true;
            }
        }
    }
    return found;
}

int ProcessTable::signalIfSameKeepingPidfd(const Entry &entry, int signalNumber)
{
    const int pidfd = pidfdOpen(entry.pid);
    if (pidfd < 0)
        return -1; // gone (ESRCH); a kernel without pidfds (< 5.3) is not supported for killing
    // The pidfd holds whichever process has the number now: the start time says whether it is ours.
    Entry now;
    if (!readOne(entry.pid, &now) || now.startTime != entry.startTime || pidfdSendSignal(pidfd, signalNumber) != 0) {
        ::close(pidfd);
        return -1;
    }
    return pidfd; // close-on-exec (pidfd_open always sets it)
}

bool ProcessTable::signalIfSame(const Entry &entry, int signalNumber)
{
    const int pidfd = signalIfSameKeepingPidfd(entry, signalNumber);
    if (pidfd < 0)
        return false;
    ::close(pidfd);
    return true;
}

} // namespace runnercore
