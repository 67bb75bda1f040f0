#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>

namespace runnercore {

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(EndpointPolicy)
};

bool isAsciiDigit(QChar c)
{
    return c >= QLatin1Char('0') && c <= QLatin1Char('9');
}

bool isAllDigits(QStringView text)
{
    if (text.isEmpty()) {
        return false;
    }
    for (QChar c : text) {
        if (!isAsciiDigit(c)) {
            return false;
        }
    }
    return true;
}

// Exactly four decimal octets without leading zeros: resolvers read "0177" as octal and "127.1" as
// 127.0.0.1, so only the one unambiguous spelling counts as a literal.
bool isLoopbackIpv4(QStringView host)
{
    const auto parts = host.split(QLatin1Char('.'));
    if (parts.size() != 4) {
        return false;
    }
    for (const auto &part : parts) {
        if (!isAllDigits(part) || part.size() > 3 || (part.size() > 1 && part.front() == QLatin1Char('0'))) {
            return false;
        }
        if (part.toInt() > 255) {
            return false;
        }
    }
    return parts.front() == QLatin1String("127");
}

// The pieces of "scheme://authority/path?query#fragment" exactly as written.
struct RawUrl
{
    QString scheme;
    QString authority;
    QString rest; // path, query and fragment
};

std::optional<RawUrl> splitUrl(const QString &text)
{
    const auto separator = text.indexOf(QLatin1String("://"));
    if (separator <= 0) {
        return std::nullopt;
    }
    RawUrl url;
    url.scheme = text.left(separator).toLower();
    const auto authorityStart = separator + 3;
    auto authorityEnd = text.size();
    for (auto i = authorityStart; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (c == QLatin1Char('/') || c == QLatin1Char('?') || c == QLatin1Char('#')) {
            authorityEnd = i;
            break;
        }
    }
    url.authority = text.mid(authorityStart, authorityEnd - authorityStart);
    url.rest = text.mid(authorityEnd);
    return url;
}

} // namespace

std::optional<QString> EndpointPolicy::check(const QString &rawText, const QString &fieldName)
{
    const QString text = rawText.trimmed();
    const QString example = QStringLiteral("https://checkfu.example.com");

    if (text.isEmpty()) {
        return Messages::tr("%1 is empty. Give the control plane URL, e.g. %2.").arg(fieldName, example);
    }
    for (QChar c : text) {
        if (c.isSpace() || c.category() == QChar::Other_Control || c == QLatin1Char('\\')) {
            return Messages::tr("%1 contains a space, control character or backslash. Give a plain URL such as %2.")
                .arg(fieldName, example);
        }
    }

    const auto url = splitUrl(text);
    if (!url) {
        return Messages::tr("%1 is not a URL. Give the control plane URL with its scheme, e.g. %2.")
            .arg(fieldName, example);
    }
    if (url->scheme != QLatin1String("https") && url->scheme != QLatin1String("http")) {
        return Messages::tr("%1 uses the scheme '%2'; only https:// is supported (http:// only for a loopback host). "
                            "Give a URL such as %3.")
            .arg(fieldName, url->scheme.left(20), example);
    }
    if (url->authority.contains(QLatin1Char('@'))) {
        // Never echo this part: it is where a password would be.
        return Messages::tr("%1 contains a user name or password (the part before '@'). Remove it: the Runner "
                            "authenticates with its own credential.")
            .arg(fieldName);
    }
    if (url->rest.contains(QLatin1Char('?')) || url->rest.contains(QLatin1Char('#'))) {
        return Messages::tr("%1 contains a query ('?') or fragment ('#'). Give only the scheme, host, port and path, "
                            "e.g. %2.")
            .arg(fieldName, example);
    }

    // Split host and port as written; IPv6 literals are bracketed.
    QString host;
    QString port;
    bool hasPort = false;
    const QString &authority = url->authority;
    if (authority.startsWith(QLatin1Char('['))) {
        const auto close = authority.indexOf(QLatin1Char(']'));
        if (close < 0) {
            return Messages::tr("%1 has an IPv6 address without its closing ']'. Write it as e.g. http://[::1]:8080.")
                .arg(fieldName);
        }
        host = authority.mid(1, close - 1);
        const QString after = authority.mid(close + 1);
        if (!after.isEmpty()) {
            if (!after.startsWith(QLatin1Char(':'))) {
                return Messages::tr("%1 has text after the IPv6 address. Write it as e.g. http://[::1]:8080.")
                    .arg(fieldName);
            }
            hasPort = true;
            port = after.mid(1);
        }
    } else {
        const auto colon = authority.indexOf(QLatin1Char(':'));
        host = colon < 0 ? authority : authority.left(colon);
        if (colon >= 0) {
            hasPort = true;
            port = authority.mid(colon + 1);
        }
    }
    if (host.isEmpty()) {
        return Messages::tr("%1 has no host. Give the control plane URL, e.g. %2.").arg(fieldName, example);
    }
    if (hasPort && (!isAllDigits(port) || port.size() > 5 || port.toInt() < 1 || port.toInt() > 65535)) {
        return Messages::tr("%1 has an invalid port. Use a number from 1 to 65535, or leave the port out.")
            .arg(fieldName);
    }

    if (url->scheme == QLatin1String("http") && !isLoopbackHost(host)) {
        return Messages::tr(
            "%1 uses plain http:// with the host '%2', which is not a loopback address. Use https://, or "
            "http:// only with 127.0.0.1 (any 127.x.x.x), [::1] or localhost.")
            .arg(fieldName, host.left(255));
    }

    // Whatever passed the literal checks must also be a URL Qt can use as is.
    const QUrl parsed(text, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.host().isEmpty()) {
        return Messages::tr("%1 is not a valid URL. Check the host name and path, e.g. %2.").arg(fieldName, example);
    }
    return std::nullopt;
}

bool EndpointPolicy::isLoopbackHost(const QString &rawHost)
{
    QString host = rawHost;
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']'))) {
        host = host.mid(1, host.size() - 2);
    }
    // Only the canonical "::1": zone ids, v4-mapped forms and long spellings are refused rather than interpreted.
    if (host == QLatin1String("::1")) {
        return true;
    }
    // ASCII only on purpose: Unicode case folding would accept look-alikes such as "localhoſt" (long s).
    bool ascii = true;
    for (QChar c : host) {
        ascii = ascii && c.unicode() < 0x80;
    }
    if (ascii && host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) == 0) {
        return true;
    }
    return isLoopbackIpv4(host);
}

QUrl EndpointPolicy::normalized(const QString &text)
{
    QUrl url(text.trimmed(), QUrl::StrictMode);
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/'))) {
        path.chop(1);
    }
    url.setPath(path);
    return url;
}

} // namespace runnercore
