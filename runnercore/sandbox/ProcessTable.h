#pragma once

// Plain C++ (no Qt): also compiled into checkfu-run-reaper.
#include <cstddef>
#include <string_view>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace runnercore {

// The processes /proc shows at one moment, and signals that reach exactly the process that was
// seen: a pid number may be reused once its process is gone, so each entry carries the start time
// that tells one process from a later one with the same number.
class ProcessTable
{
public:
    struct Entry
    {
        pid_t pid = 0;
        pid_t ppid = 0;
        unsigned long long startTime = 0; // clock ticks after boot (/proc/PID/stat field 22)
        char state = 0; // 'Z' for a zombie
    };

    // Every process /proc lists now (those that vanish while it is read are skipped).
    static ProcessTable read();
    // One process; false when it is gone (or /proc cannot be read).
    static bool readOne(pid_t pid, Entry *entry);
    // Reads /proc/PID/<name> into buffer (NUL-terminated, at most size - 1 bytes); 0 when it cannot.
    static size_t readProcFile(pid_t pid, const char *name, char *buffer, size_t size);
    // Parses the text of /proc/PID/stat. Pure: the command name may hold anything, ')' included.
    static bool parseStat(std::string_view text, Entry *entry);

    const std::vector<Entry> &entries() const & { return m_entries; }
    // Of a temporary (`for (auto &e : ProcessTable::read().entries())`): a copy that lives as long as the loop.
    std::vector<Entry> entries() && { return std::move(m_entries); }
    // Every process whose chain of parents leads to root (root itself not included), parents
    // before their children.
    std::vector<Entry> descendantsOf(pid_t root) const;

    // Sends signalNumber to entry's process through a pidfd, once its start time shows it is still
    // the one that was seen. False when it is gone (or another process now has its number).
    static bool signalIfSame(const Entry &entry, int signalNumber);
    // The same, keeping the pidfd (close-on-exec) for a later waitForExit(); -1 when not sent.
    static int signalIfSameKeepingPidfd(const Entry &entry, int signalNumber);

private:
    std::vector<Entry> m_entries;
};

} // namespace runnercore
