// /proc/PID/stat as ProcessTable::parseStat reads it (the reaper and the Runner's orphan sweep):
// the command name in it is whatever a harness called itself, ')' and spaces included. Any bytes
// are parsed or refused without UB; and whatever the name, a line the kernel could write gives
// back exactly its pid, parent and start time.
#include "FuzzSupport.h"
#include <runnercore/sandbox/ProcessTable.h>

#include <string>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const std::string text(reinterpret_cast<const char *>(data), size);
    ProcessTable::Entry entry;
    if (ProcessTable::parseStat(text, &entry))
        FuzzSupport::require(entry.pid > 0 && entry.state != 0, "a parsed line without a pid or state");

    // The input as a command name (the kernel keeps at most 15 bytes, never a NUL).
    std::string comm = text.substr(0, 15);
    for (char &c : comm)
        c = c == '\0' ? '?' : c;
    const std::string line = "4242 (" + comm
        + ") S 77 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654321 1000 200 18446744073709551615\n";
    ProcessTable::Entry kernel;
    FuzzSupport::require(ProcessTable::parseStat(line, &kernel), "a line the kernel could write was refused");
    FuzzSupport::require(
        kernel.pid == 4242 && kernel.ppid == 77 && kernel.startTime == 987654321ULL && kernel.state == 'S',
        "a command name changed what the line says");
    return 0;
}
