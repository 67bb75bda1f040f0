// A git mount's URL and a .gitmodules URL come from the run spec and the repository, both
// untrusted (§6.8). Any text: an accepted URL is https://, or http:// to a literal loopback host,
// with no userinfo, option-like start or control character; a relative submodule URL resolved
// against an accepted one never leaves its host.
#include "FuzzSupport.h"
#include <runnercore/model/GitUrl.h>
#include <runnercore/transport/EndpointPolicy.h>

#include <QUrl>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    if (GitUrl::problem(text).isEmpty()) {
        const QUrl url(text);
        FuzzSupport::require(text.startsWith(QLatin1String("https://")) || text.startsWith(QLatin1String("http://")),
            "an accepted URL of another scheme");
        FuzzSupport::require(url.userInfo().isEmpty() && !text.contains(QLatin1Char('@')), "accepted userinfo");
        if (text.startsWith(QLatin1String("http://")))
            FuzzSupport::require(EndpointPolicy::isLoopbackHost(url.host()) || url.host() == QLatin1String("localhost"),
                "plain http to a host that is not loopback");
    }
    const QString base = QStringLiteral("https://git.example.com/org/repo.git");
    const QString resolved = GitUrl::resolveRelative(base, text);
    if (!resolved.isEmpty())
        FuzzSupport::require(resolved.startsWith(QLatin1String("https://git.example.com")), "left the host");
    (void)GitUrl::shown(text);
    return 0;
}
