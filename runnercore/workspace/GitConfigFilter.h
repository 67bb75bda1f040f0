#pragma once

#include <QByteArray>
#include <QList>

namespace runnercore {

// A repository configuration a harness wrote (`.git/config`), rewritten for an export so that git,
// run there by the person, runs nothing the harness chose. Git runs commands a config names
// (core.fsmonitor, core.pager, core.editor, core.sshCommand, diff.external, textconv and merge
// drivers, filter.*, credential.helper, aliases with `!`, …), reads more config from where it
// says (include.path, includeIf) and runs hooks from where it says (core.hooksPath); the list
// grows with every git release. So this is an allow-list: only keys that never run anything and
// never point git elsewhere are kept; everything else is left out and named in droppedKeys.
//
// The input is parsed as git parses it (sections, subsections, quoting, escapes, continuation
// lines, comments); the output is written from scratch, one key per line, every value in double
// quotes, so what git reads from it is exactly what was kept. A file git could not read itself
// (a syntax error) keeps nothing. Pure over bytes; fuzzed (fuzz_git_config).
class GitConfigFilter
{
public:
    struct Result
    {
        QByteArray text;
        // "section.key" or "section.subsection.key" of every key left out (once each, in file order).
        QList<QByteArray> droppedKeys;
        bool unreadable = false; // not git's syntax: nothing kept
    };

    static Result filter(const QByteArray &config);
    // Whether section.subsection.key (section and key lower case) is on the allow-list.
    static bool isKept(const QByteArray &section, bool hasSubsection, const QByteArray &key);
};

} // namespace runnercore
