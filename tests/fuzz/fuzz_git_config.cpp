// A repository's `.git/config` as a harness wrote it, through GitConfigFilter (what an export keeps):
// the output is a fixed point (filtered again it is the same and drops nothing), holds no control
// character but line breaks and tabs, and every line is the header comment, a section or a key the
// allow-list keeps.
#include "FuzzSupport.h"
#include <runnercore/workspace/GitConfigFilter.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const GitConfigFilter::Result result = GitConfigFilter::filter(FuzzSupport::bytes(data, size));
    const GitConfigFilter::Result again = GitConfigFilter::filter(result.text);
    if (again.text != result.text || !again.droppedKeys.isEmpty() || again.unreadable)
        __builtin_trap();
    QByteArray section;
    bool hasSubsection = false;
    for (const QByteArray &line : result.text.split('\n')) {
        for (const char c : line) {
            if ((uchar(c) < 0x20 && c != '\t') || uchar(c) == 0x7f)
                __builtin_trap();
        }
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith('[')) {
            const qsizetype space = line.indexOf(' ');
            section = line.mid(1, (space < 0 ? line.size() - 1 : space) - 1);
            hasSubsection = space >= 0;
            continue;
        }
        if (!line.startsWith('\t'))
            __builtin_trap();
        const qsizetype end = line.indexOf(' ');
        if (!GitConfigFilter::isKept(section, hasSubsection, line.mid(1, end < 0 ? -1 : end - 1)))
            __builtin_trap();
    }
    return 0;
}
