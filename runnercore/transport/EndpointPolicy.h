#pragma once

#include <QString>
#include <QUrl>

#include <optional>

namespace runnercore {

// Which control-plane URLs a Runner may talk to (wire §1): https, or plain http only to a host that is
// literally a loopback address. Checked on the text as typed, not on QUrl's view of it, because QUrl
// rewrites hosts ("127.1" and "0x7f.0.0.1" both become "127.0.0.1") and the rule is about the literal.
class EndpointPolicy
{
public:
    // An error message naming fieldName (e.g. "--endpoint" or "CHECKFU_API_URL") and the fix, or nullopt
    // when the URL is acceptable. Leading and trailing white space is ignored.
    static std::optional<QString> check(const QString &text, const QString &fieldName);

    // True for a dotted-quad IPv4 literal in 127.0.0.0/8 (no short, octal or hex forms), "::1" (with or
    // without brackets) and the name "localhost" in any ASCII case. Nothing else: not "localhost.", not
    // "foo.localhost", not "0.0.0.0", not "::ffff:127.0.0.1".
    static bool isLoopbackHost(const QString &host);

    // The URL to use once check() passed: trailing slashes of the path removed, so callers can append
    // "/v1/..." without doubling the slash.
    static QUrl normalized(const QString &text);
};

} // namespace runnercore
