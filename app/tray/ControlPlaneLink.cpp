#include "ControlPlaneLink.h"

#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>

using namespace runnercore;

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(ControlPlaneLink)
};

// Far above any real link; a longer one is not worth showing or opening.
constexpr qsizetype MaxLinkLength = 8192;

QString asciiHost(const QUrl &url)
{
    QString host = url.host(QUrl::FullyEncoded).toLower();
    if (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    return host;
}

} // namespace

QString ControlPlaneLink::decorate(const QString &text) const
{
    if (wasRefused())
        return Messages::tr("%1 — not opened: %2").arg(text, refusal);
    if (!foreignHost.isEmpty())
        return Messages::tr("%1 (on %2)").arg(text, foreignHost);
    return text;
}

ControlPlaneLink ControlPlaneLink::check(const QString &text, const QUrl &endpoint)
{
    ControlPlaneLink link;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return link;
    if (trimmed.size() > MaxLinkLength) {
        link.refusal = Messages::tr("the control plane's link is too long");
        return link;
    }
    const QUrl url(trimmed, QUrl::StrictMode);
    const QString scheme = url.scheme().toLower();
    if (!url.isValid() || scheme.isEmpty()) {
        link.refusal = Messages::tr("the control plane's link is not a valid address");
        return link;
    }
    const QString host = asciiHost(url);
    if (scheme == QLatin1String("http") && !EndpointPolicy::isLoopbackHost(url.host())) {
        link.refusal = Messages::tr("it is a plain http:// link to %1; only https:// (or http:// to this machine) is "
                                    "opened")
                           .arg(host);
        return link;
    }
    if (scheme != QLatin1String("https") && scheme != QLatin1String("http")) {
        // The scheme is the server's text: shown only as far as it is a scheme at all.
        link.refusal = Messages::tr("it is a %1: link; only https:// (or http:// to this machine) is opened")
                           .arg(scheme.left(20));
        return link;
    }
    if (host.isEmpty() || !url.userInfo().isEmpty()) {
        link.refusal = Messages::tr("the control plane's link names no host, or carries a user name");
        return link;
    }
    link.url = url;
    if (!endpoint.isEmpty() && host != asciiHost(endpoint))
        link.foreignHost = host;
    return link;
}
