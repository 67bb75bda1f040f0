#pragma once

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace runnercore {

// Which submodules of one work tree the Runner fetches (§6.8), from what git printed about it:
// `git ls-files -s -z` (the index) and `git config --file .gitmodules --null --list`. Both hold
// paths, names and URLs a repository chose; pure functions, fuzzed (tests/fuzz/fuzz_git_submodules).
// A submodule is a gitlink (mode 160000) that .gitmodules names: an entry whose path is anything
// else (a symlink out of the workspace, a plain directory) is not one, as for git itself, and is
// never fetched or looked into.
struct GitSubmodules
{
    struct Index
    {
        QSet<QString> gitlinks; // paths of the entries of mode 160000
        bool hasGitmodules = false; // .gitmodules is a regular file at the top of the index
    };
    struct Submodule
    {
        QString path; // relative to its superproject's work tree, checked (isSafePath)
        QString url; // resolved against the superproject's URL, checked (GitUrl::problem)
    };

    static Index parseIndex(const QByteArray &lsFilesStageZ);
    // The gitlinks .gitmodules names, each with its URL (a relative one resolved against `base`),
    // by name; nullopt with *error (for workspace.failed) when any entry asks for a command on
    // update, or a gitlink's path or URL is refused.
    static std::optional<QList<Submodule>> select(
        const QByteArray &configList, const Index &index, const QString &base, QString *error);
    // A path that git takes as a path below the work tree, nothing else.
    static bool isSafePath(const QString &path);
};

} // namespace runnercore
