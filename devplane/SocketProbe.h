#pragma once

class QTcpSocket;

namespace devplane {

// Whether the client of a parked long-poll is still there. QTcpSocket learns of a close only
// when the event loop next reads the socket; the probe asks the kernel directly, so a Run is
// never handed to a poll whose Runner already aborted it (§6.1: a draining Runner aborts its
// claim first).
class SocketProbe
{
public:
    static bool isOpen(const QTcpSocket *socket);
};

} // namespace devplane
