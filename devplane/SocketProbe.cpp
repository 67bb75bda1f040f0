#include "SocketProbe.h"

#include <QTcpSocket>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <sys/socket.h>
#endif

namespace devplane {

bool SocketProbe::isOpen(const QTcpSocket *socket)
{
    if (!socket || socket->state() != QAbstractSocket::ConnectedState) {
        return false;
    }
#ifdef Q_OS_UNIX
    const qintptr fd = socket->socketDescriptor();
    if (fd < 0) {
        return false;
    }
    // A peeked read of 0 bytes is the peer's FIN; an error other than "nothing yet" is a reset.
    char byte = 0;
    const ssize_t n = ::recv(static_cast<int>(fd), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) {
        return false;
    }
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
        return false;
    }
#endif
    return true;
}

} // namespace devplane
