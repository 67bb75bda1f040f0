// An endpoint URL as typed (--endpoint, CHECKFU_API_URL, the tray's field; wire §1, §8):
// EndpointPolicy::check and, for an accepted one, the URL the Runner then connects to.
#include "FuzzSupport.h"
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/transport/HttpOrigin.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QString text = QString::fromUtf8(FuzzSupport::bytes(data, size));
    (void)EndpointPolicy::isLoopbackHost(text);
    if (const auto problem = EndpointPolicy::check(text, QStringLiteral("--endpoint"))) {
        FuzzSupport::require(!problem->isEmpty(), "a refusal without a message");
        return 0;
    }
    // Accepted: what Qt makes of the text must still be https, or plain http to a loopback host
    // (ApiClient connects to QUrl's host, not to the literal the policy checked).
    const QUrl url = EndpointPolicy::normalized(text);
    FuzzSupport::require(url.isValid() && !url.host().isEmpty(), "an accepted URL Qt cannot use");
    FuzzSupport::require(url.scheme() == QLatin1String("https")
            || (url.scheme() == QLatin1String("http") && EndpointPolicy::isLoopbackHost(url.host())),
        "plain http accepted to a host that is not loopback");
    FuzzSupport::require(url.userInfo().isEmpty() && !url.hasQuery() && !url.hasFragment(),
        "an accepted URL with user info, a query or a fragment");
    const HttpOrigin origin = HttpOrigin::of(url);
    FuzzSupport::require(!origin.host.isEmpty() && origin.port != 0, "an origin without host or port");
    return 0;
}
