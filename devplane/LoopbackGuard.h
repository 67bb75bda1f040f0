#pragma once

#include <QByteArrayView>

namespace devplane {

// The DNS-rebinding guard of the dashboard and the admin routes. The devplane listens on
// 127.0.0.1 only, but a page on another site whose name is made to resolve to 127.0.0.1 can
// still reach it: its requests then name that site in Host (and Origin). Only requests that name
// this devplane itself, as 127.0.0.1:PORT or localhost:PORT, pass.
class LoopbackGuard
{
public:
    // Host: exactly 127.0.0.1:PORT or localhost:PORT (any case); the port may be left out only
    // when it is 80, as HTTP allows.
    static bool hostAllowed(QByteArrayView host, quint16 port);
    // Origin: absent (empty), or http://127.0.0.1:PORT / http://localhost:PORT.
    static bool originAllowed(QByteArrayView origin, quint16 port);
};

} // namespace devplane
