// What git prints about a work tree's submodules, whose paths, names and URLs a repository chose
// (`git ls-files --stage -z`, then `git config --file .gitmodules --null --list`), through
// GitSubmodules: the input is the index listing, a "\0\0\0" separator, then the .gitmodules listing.
// Every submodule selected is a gitlink of that index, with a path below the work tree and a URL
// that passes §6.8's rule; a refusal always says why.
#include "FuzzSupport.h"
#include <runnercore/model/GitUrl.h>
#include <runnercore/workspace/GitSubmodules.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QByteArray input = FuzzSupport::bytes(data, size);
    const qsizetype separator = input.indexOf(QByteArrayView("\0\0\0", 3));
    const QByteArray lsFiles = separator < 0 ? input : input.left(separator);
    const QByteArray config = separator < 0 ? QByteArray() : input.mid(separator + 3);
    const GitSubmodules::Index index = GitSubmodules::parseIndex(lsFiles);
    QString error;
    const auto selected
        = GitSubmodules::select(config, index, QStringLiteral("https://git.example.com/org/super.git"), &error);
    if (!selected) {
        FuzzSupport::require(!error.isEmpty(), "a refusal without a reason");
        return 0;
    }
    for (const GitSubmodules::Submodule &submodule : *selected) {
        FuzzSupport::require(index.gitlinks.contains(submodule.path), "a submodule that is not a gitlink");
        FuzzSupport::require(GitSubmodules::isSafePath(submodule.path), "a submodule path leaving the work tree");
        FuzzSupport::require(GitUrl::problem(submodule.url).isEmpty(), "a submodule URL the rule refuses");
    }
    return 0;
}
