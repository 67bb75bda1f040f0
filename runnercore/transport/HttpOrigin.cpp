#include <runnercore/transport/HttpOrigin.h>

#include <QUrl>

namespace runnercore {

HttpOrigin HttpOrigin::of(const QUrl &url)
{
    HttpOrigin origin;
    origin.tls = url.scheme() == QLatin1String("https");
    const int defaultPort = origin.tls ? 443 : 80;
    origin.host = url.host();
    origin.port = quint16(url.port(defaultPort));
    origin.hostHeader = QUrl::toAce(origin.host);
    if (origin.hostHeader.contains(':'))
        origin.hostHeader = '[' + origin.hostHeader + ']';
    if (origin.port != defaultPort)
        origin.hostHeader += ':' + QByteArray::number(origin.port);
    origin.key
        = url.scheme() + QLatin1String("://") + origin.host.toLower() + QLatin1Char(':') + QString::number(origin.port);
    return origin;
}

} // namespace runnercore
