// A stored snapshot record's manifest (§6.9), which a damaged disk or another local process may
// have changed: any bytes parse or are refused without UB; a parsed manifest prints back to exactly
// its input (so its digest is the input's) and every path is relative, normalised and lies below a
// directory listed before it, so a restore can never write outside its target.
#include "FuzzSupport.h"
#include <runnercore/workspace/SnapshotManifest.h>

#include <QSet>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray text(reinterpret_cast<const char *>(data), qsizetype(size));
    QString error;
    const std::optional<SnapshotManifest> manifest = SnapshotManifest::parse(text, &error);
    if (!manifest) {
        FuzzSupport::require(!error.isEmpty(), "a refusal without a reason");
        return 0;
    }
    FuzzSupport::require(manifest->text() == text, "a manifest that does not print back to its input");
    FuzzSupport::require(manifest->digest() == SnapshotManifest::digestOf(text), "a digest of other bytes");
    QSet<QByteArray> directories;
    for (const SnapshotEntry &e : manifest->entries()) {
        FuzzSupport::require(SnapshotManifest::isListablePath(e.path), "an unlistable path");
        FuzzSupport::require(!e.path.startsWith('/') && !e.path.contains("//"), "a path that is not relative");
        for (const QByteArray &part : e.path.split('/'))
            FuzzSupport::require(part != "." && part != "..", "a path that climbs");
        const qsizetype slash = e.path.lastIndexOf('/');
        FuzzSupport::require(slash < 0 || directories.contains(e.path.left(slash)), "a parent not listed before");
        if (e.type == SnapshotEntry::Type::Dir)
            directories.insert(e.path);
        else
            FuzzSupport::require(e.hash.size() == 64, "a file or link without its hash");
    }
    return 0;
}
