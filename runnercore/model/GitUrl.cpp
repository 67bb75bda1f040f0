#include <runnercore/model/GitUrl.h>

#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>
#include <QStringList>
#include <QUrl>

namespace runnercore {

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(GitUrl)
};

constexpr qsizetype MaxUrlLength = 2048;

bool isControlOrSpace(QChar c)
{
    return c.unicode() <= 0x20 || (c.unicode() >= 0x7f && c.unicode() <= 0x9f) || c.isSpace();
}

// "scheme://authority" and the rest, as written; nullopt when there is no "://".
struct Parts
{
    QString scheme;
    QString authority;
    QString rest;
};

std::optional<Parts> split(const QString &url)
{
    const qsizetype separator = url.indexOf(QLatin1String("://"));
    if (separator <= 0)
        return std::nullopt;
    Parts parts;
    parts.scheme = url.left(separator);
    qsizetype end = separator + 3;
    while (end < url.size() && url.at(end) != QLatin1Char('/') && url.at(end) != QLatin1Char('?')
        && url.at(end) != QLatin1Char('#'))
        ++end;
    parts.authority = url.mid(separator + 3, end - separator - 3);
    parts.rest = url.mid(end);
    return parts;
}

QString hostOf(const QString &authority)
{
    if (authority.startsWith(QLatin1Char('['))) {
        const qsizetype close = authority.indexOf(QLatin1Char(']'));
        return close < 0 ? QString() : authority.left(close + 1);
    }
    const qsizetype colon = authority.indexOf(QLatin1Char(':'));
    return colon < 0 ? authority : authority.left(colon);
}

// The §6.8 rule; a transfer address (an LFS download) may carry a query, a repository URL not.
QString urlProblem(const QString &url, bool allowQuery)
{
    if (url.isEmpty())
        return Messages::tr("is empty (give the repository's https:// URL)");
    if (url.size() > MaxUrlLength)
        return Messages::tr("is longer than %1 characters").arg(MaxUrlLength);
    if (url.startsWith(QLatin1Char('-')))
        return Messages::tr("starts with '-', which git would read as an option");
    for (const QChar c : url) {
        if (isControlOrSpace(c) || c == QLatin1Char('\\'))
            return Messages::tr("contains a space, control character or backslash");
    }
    const std::optional<Parts> parts = split(url);
    if (!parts)
        return Messages::tr("is not an https:// URL (local paths, scp-like and ext:: addresses are refused)");
    if (parts->scheme != QLatin1String("https") && parts->scheme != QLatin1String("http"))
        return Messages::tr("uses the scheme '%1'; only https:// is allowed (http:// only for a loopback host)")
            .arg(parts->scheme.left(20));
    // Anywhere, not only in the authority: parsers disagree on where userinfo ends (fuzz_git_url).
    if (url.contains(QLatin1Char('@')))
        return Messages::tr("contains a user name or password (the part before '@'): give it as the mount's "
                            "credential instead");
    if (parts->rest.contains(QLatin1Char('#')) || (!allowQuery && parts->rest.contains(QLatin1Char('?'))))
        return Messages::tr("contains a query ('?') or fragment ('#')");
    const QString host = hostOf(parts->authority);
    if (host.isEmpty() || host == QLatin1String("[]"))
        return Messages::tr("has no host");
    if (parts->scheme == QLatin1String("http") && !EndpointPolicy::isLoopbackHost(host))
        return Messages::tr("uses plain http:// with the host '%1', which is not a loopback address; use https://")
            .arg(host.left(255));
    const QUrl parsed(url, QUrl::StrictMode);
    if (!parsed.isValid() || parsed.host().isEmpty() || !parsed.userInfo().isEmpty())
        return Messages::tr("is not a valid URL");
    return {};
}

} // namespace

QString GitUrl::problem(const QString &url)
{
    return urlProblem(url, false);
}

QString GitUrl::transferProblem(const QString &url)
{
    return urlProblem(url, true);
}

QString GitUrl::refProblem(const QString &ref)
{
    if (ref.isEmpty())
        return Messages::tr("is empty (give null or a full ref such as refs/heads/main)");
    if (ref.size() > 1024)
        return Messages::tr("is longer than 1024 characters");
    if (!ref.startsWith(QLatin1String("refs/")))
        return Messages::tr("is not a full ref (it must start with refs/, e.g. refs/heads/main)");
    for (const QChar c : ref) {
        if (isControlOrSpace(c) || QStringLiteral("~^:?*[\\").contains(c))
            return Messages::tr("contains a character a ref cannot hold (space, control, ~ ^ : ? * [ or \\)");
    }
    if (ref.contains(QLatin1String("..")) || ref.contains(QLatin1String("//")) || ref.contains(QLatin1String("@{"))
        || ref.endsWith(QLatin1Char('/')) || ref.endsWith(QLatin1String(".lock")) || ref.endsWith(QLatin1Char('.'))
        || ref.contains(QLatin1String("/.")) || ref.contains(QLatin1String("/-")))
        return Messages::tr("is not a well-formed ref name");
    return {};
}

QString GitUrl::resolveRelative(const QString &base, const QString &relative)
{
    if (!relative.startsWith(QLatin1String("./")) && !relative.startsWith(QLatin1String("../")))
        return {};
    // git resolves against the superproject's URL as if it were a directory.
    QStringList path = base.split(QLatin1Char('/'));
    const qsizetype authorityEnd = 3; // "https:", "", "host"
    if (path.size() < authorityEnd)
        return {};
    while (path.size() > authorityEnd && path.last().isEmpty())
        path.removeLast();
    for (const QString &segment : relative.split(QLatin1Char('/'))) {
        if (segment == QLatin1String("..")) {
            if (path.size() <= authorityEnd)
                return {}; // above the host: not a URL of that server any more
            path.removeLast();
        } else if (segment != QLatin1String(".") && !segment.isEmpty()) {
            path.append(segment);
        }
    }
    return path.join(QLatin1Char('/'));
}

QString GitUrl::shown(const QString &url)
{
    const std::optional<Parts> parts = split(url);
    if (!parts)
        return QStringLiteral("(not a URL)");
    QString authority = parts->authority;
    if (const qsizetype at = authority.lastIndexOf(QLatin1Char('@')); at >= 0)
        authority = authority.mid(at + 1);
    QString rest = parts->rest;
    rest.truncate(rest.indexOf(QLatin1Char('?')) >= 0 ? rest.indexOf(QLatin1Char('?')) : rest.size());
    rest.truncate(rest.indexOf(QLatin1Char('#')) >= 0 ? rest.indexOf(QLatin1Char('#')) : rest.size());
    return parts->scheme.left(20) + QLatin1String("://") + authority + rest;
}

QString GitUrl::origin(const QString &url)
{
    const std::optional<Parts> parts = split(url);
    if (!parts)
        return {};
    return parts->scheme.toLower() + QLatin1String("://") + parts->authority.toLower();
}

} // namespace runnercore
