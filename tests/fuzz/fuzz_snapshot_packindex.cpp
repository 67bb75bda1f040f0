// A snapshot store pack's index (packs/<name>.idx), which a harness running as this user on the
// host-process tier could rewrite, through SnapshotPacks::parseIndex: every entry it returns lies
// inside the pack and is no bigger than a packed content may be.
#include "FuzzSupport.h"
#include <runnercore/workspace/SnapshotPacks.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QByteArray bytes = FuzzSupport::bytes(data, size);
    const qint64 packBytes = size % 100000;
    const std::optional<QList<SnapshotPacks::Entry>> entries = SnapshotPacks::parseIndex(bytes, packBytes);
    if (entries) {
        for (const SnapshotPacks::Entry &e : *entries) {
            if (e.hash.size() != 64 || e.offset < 0 || e.size < 0 || e.size > SnapshotPacks::MaxPackedBytes
                || e.offset + e.size > packBytes)
                __builtin_trap();
        }
        if (SnapshotPacks::parseIndex(SnapshotPacks::indexText(*entries), packBytes)->size() != entries->size())
            __builtin_trap();
    }
    return 0;
}
