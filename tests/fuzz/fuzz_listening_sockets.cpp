// /proc/net/tcp and tcp6 as read from procfs: ListeningSockets::parse over the raw bytes.
#include "FuzzSupport.h"
#include <runnercore/transport/ListeningSockets.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QByteArray table = FuzzSupport::bytes(data, size);
    const QList<ListeningSockets::Socket> sockets = ListeningSockets::parse(table);
    // One LISTEN socket per line at most.
    FuzzSupport::require(sockets.size() <= table.count('\n') + 1, "more sockets than lines");
    // Splitting at a line break never changes what is found.
    const qsizetype cut = table.indexOf('\n');
    if (cut >= 0) {
        const QList<ListeningSockets::Socket> split
            = ListeningSockets::parse(table.first(cut + 1)) + ListeningSockets::parse(table.sliced(cut + 1));
        FuzzSupport::require(split == sockets, "splitting the table at a line break changes the result");
    }
    return 0;
}
