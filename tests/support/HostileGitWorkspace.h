#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>

// What a harness can plant in its workspace so that git, run later by the person in an export of it
// (Export files…, `snapshots export`), runs the harness's commands (issue 35, finding 6): the
// repository's `.git/config` names commands (core.fsmonitor, core.hooksPath, core.pager,
// core.editor, core.sshCommand, diff.external, a textconv, filter.*.clean/smudge/process,
// include.path and includeIf pulling in more filters, credential.helper, an alias with `!`), an
// executable hook in a nested repository's `.git/hooks`, and a nested `.git` file whose gitdir lies
// outside the workspace (a repository the harness made elsewhere, which a host-process harness can).
// Every planted command only touches a marker file; firedIn() runs, as the person would in a
// terminal, `git status`, `git diff`, `git log -p`, an alias of their own, `git commit -a`,
// `git fetch`, `git credential fill` and `git status` in the nested directories, and names the
// markers that appeared.
class HostileGitWorkspace
{
public:
    HostileGitWorkspace();

    bool isValid() const { return m_dir.isValid(); }
    // The oneshot harness's script (`/bin/sh -c`), run in its workspace.
    QString harnessScript() const;
    // Every marker some planted command would touch.
    static QStringList plantedMarkers();
    // The markers that exist now (sorted); clearMarkers() removes them all.
    QStringList markers() const;
    void clearMarkers() const;
    // Runs the person's git commands in `exportDir` (a pseudo-terminal, as a shell prompt has, so a
    // pager would run; a HOME with nothing but the person's name and an alias `lg`) and returns the
    // markers that appeared. *transcript: what the commands printed, for failure messages.
    QStringList firedIn(const QString &exportDir, QString *transcript = nullptr) const;

private:
    QString markerDir() const { return m_dir.filePath(QStringLiteral("markers")); }

    QTemporaryDir m_dir;
};
