#pragma once

#include <runnercore/base/UniqueFd.h>
#include <runnercore/workspace/SnapshotManifest.h>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <functional>
#include <optional>

namespace runnercore {

class SnapshotStore;

// A kept workspace exported into a folder of the person's (`snapshots export`, the tray's Export
// files…). The snapshot is the agent's tree byte for byte, and a run restored from it gets exactly
// that; an export is for a person, who will `cd` there and run git (a shell prompt runs
// `git status` by itself), so it leaves out or rewrites what makes git run commands the agent
// chose (docs/snapshots.md, "Exports"):
//   - in every git directory (a directory named .git, or one holding HEAD and refs, commondir or
//     objects, as git recognises one): `config` and `config.worktree` rewritten by GitConfigFilter
//     (an allow-list); `hooks/`, and `rebase-merge/`, `rebase-apply/`, `sequencer/` (their todo
//     lists' `exec` lines run on --continue), left out; every symlink in it left out (git follows
//     them, to a config or hooks anywhere);
//   - a symlink named .git left out; a .git file, or a `commondir` file, left out unless its path
//     leads, through directories of the export alone, to one of its git directories.
// Names compare case-insensitively (.GIT is .git on a case-insensitive file system).
class SnapshotExport
{
public:
    enum class Action { Write, LeaveOut, RewriteGitConfig };
    enum class Reason { Hooks, PendingCommands, LinkInGitDirectory, GitLink, PointsOutside, TooLargeToRewrite };

    struct LeftOut
    {
        QByteArray path;
        Reason reason;
    };

    // What the export does with each entry of a manifest.
    class Plan
    {
    public:
        Action action(const QByteArray &path) const;
        // The entries left out (not those below a left-out directory), in manifest order.
        const QList<LeftOut> &leftOut() const { return m_leftOut; }

    private:
        friend class SnapshotExport;
        void leaveOut(const SnapshotEntry &entry, Reason reason);
        bool isLeftOut(const QByteArray &path) const;

        QHash<QByteArray, Action> m_actions;
        QSet<QByteArray> m_leftOutPaths;
        QList<LeftOut> m_leftOut;
    };

    // A content of the manifest (a .git or commondir file), or nullopt when unreadable.
    using ContentReader = std::function<std::optional<QByteArray>(const SnapshotEntry &)>;
    // Pure but for `read`.
    static Plan plan(const SnapshotManifest &manifest, const ContentReader &read);

    // What an export did, for people.
    struct Report
    {
        QList<LeftOut> leftOut;
        QList<QByteArray> rewritten; // git configurations
        QList<QByteArray> droppedKeys; // the keys they held that were left out (once each)
        // Tells where the files came from and what was neutralised: a few lines.
        QString describe() const;
    };

    struct Outcome
    {
        enum class Status { Exported, TargetRefused, Failed };
        Status status = Status::Failed;
        QString message; // why not, when not exported
        Report report;
    };
    // Exports snapshot `id` into `directory` (openTarget), every byte checked against the manifest.
    static Outcome run(const SnapshotStore &store, const QString &id, const QString &directory);

    // The folder an export writes into, opened without following a symlink: created (and each
    // missing folder above it) with mode 0700; an existing one must be empty, a directory the
    // exporting user owns (the effective uid) and that no other user can write to, else another
    // user could change the files while or after they are written. Invalid with *message naming
    // the folder and the fix.
    static UniqueFd openTarget(const QString &directory, QString *message);
};

} // namespace runnercore
