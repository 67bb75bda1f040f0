// git's --progress output, which a git server shapes ("remote: ..." lines are the server's own
// text): any bytes split into bounded lines and parse or are refused without UB, and a parsed line
// never claims more than 100 % or a negative size.
#include "FuzzSupport.h"
#include <runnercore/workspace/GitProgress.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QByteArray pending;
    const QByteArrayView chunk(reinterpret_cast<const char *>(data), qsizetype(size));
    for (const QByteArray &line : GitProgress::splitLines(pending, chunk)) {
        FuzzSupport::require(line.size() <= 4097 && !line.contains('\r') && !line.contains('\n'), "a line too long");
        if (const auto parsed = GitProgress::parseLine(line)) {
            FuzzSupport::require(parsed->percent >= -1 && parsed->percent <= 100, "a percent out of range");
            FuzzSupport::require(parsed->bytes >= -1, "a negative size");
            FuzzSupport::require(!parsed->phase.isEmpty(), "a progress line without a phase");
        }
    }
    FuzzSupport::require(pending.size() <= 4097, "an unbounded pending line");
    return 0;
}
