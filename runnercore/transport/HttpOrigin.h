#pragma once

#include <QByteArray>
#include <QString>

class QUrl;

namespace runnercore {

// Where requests go (scheme, host, port), worked out once per endpoint rather than per request.
struct HttpOrigin
{
    bool tls = false;
    QString host; // as the URL spells it: for connecting and for TLS verification
    quint16 port = 0;
    QByteArray hostHeader; // the Host header's value
    QString key; // "https://host:443": what the pool keeps connections under

    static HttpOrigin of(const QUrl &url);
};

} // namespace runnercore
