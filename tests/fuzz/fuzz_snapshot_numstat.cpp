// `git diff --numstat -z` output, whose paths a harness chose (a kept workspace's file names), through
// SnapshotDiff::parseNumstat: every record it returns has a path and counts that are both numbers or
// both "binary".
#include "FuzzSupport.h"
#include <runnercore/workspace/SnapshotDiff.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const std::optional<QList<SnapshotDiff::NumstatRecord>> records
        = SnapshotDiff::parseNumstat(FuzzSupport::bytes(data, size));
    if (records) {
        for (const SnapshotDiff::NumstatRecord &record : *records) {
            if (record.path.isEmpty() || (record.added < 0) != (record.removed < 0))
                __builtin_trap();
        }
    }
    return 0;
}
