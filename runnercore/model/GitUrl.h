#pragma once

#include <QString>

namespace runnercore {

// The rule for every URL a git mount may reach (§6.8): the mount's own, each submodule's and each
// redirect's. https://, or http:// only to a literal loopback host (§1); no userinfo, query or
// fragment, nothing option-like, no other scheme (ssh, git, file, ext::, a local path).
class GitUrl
{
public:
    // Empty when `url` is allowed, else why not (a sentence without the URL's userinfo).
    static QString problem(const QString &url);
    // The same rule for an address a server hands out for a transfer (an LFS download's href): a
    // query is allowed there (signed storage URLs carry one), userinfo and fragments are not.
    static QString transferProblem(const QString &url);
    // A ref that git and a command line take as a name, never as an option or a pattern.
    static QString refProblem(const QString &ref);
    // A submodule's URL as .gitmodules gives it, resolved against its superproject's URL the way
    // git does (./ and ../ relative to it); empty when it is not a relative URL.
    static QString resolveRelative(const QString &base, const QString &relative);
    // The URL for people: scheme, host, port and path only (what a message may show).
    static QString shown(const QString &url);
    // scheme://host[:port] as written: credentials are only sent to this origin.
    static QString origin(const QString &url);
};

} // namespace runnercore
