#include "LoopbackGuard.h"

#include <QByteArray>

namespace devplane {

bool LoopbackGuard::hostAllowed(QByteArrayView host, quint16 port)
{
    const QByteArray name = host.toByteArray().toLower();
    const QByteArray suffix = ':' + QByteArray::number(port);
    for (const QByteArray &loopback : { QByteArrayLiteral("127.0.0.1"), QByteArrayLiteral("localhost") }) {
        if (name == loopback + suffix || (port == 80 && name == loopback)) {
            return true;
        }
    }
    return false;
}

bool LoopbackGuard::originAllowed(QByteArrayView origin, quint16 port)
{
    if (origin.isEmpty()) {
        return true; // same-origin GETs and non-browser clients send none
    }
    const QByteArray text = origin.toByteArray();
    return text.startsWith("http://") && hostAllowed(QByteArrayView(text).sliced(7), port);
}

} // namespace devplane
