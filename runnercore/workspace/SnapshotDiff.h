#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <memory>
#include <optional>

namespace runnercore {

class SnapshotStore;

// What the agent changed in a kept workspace (§6.9), against the tree as it was materialised, as
// git shows it: the changed files with their added and removed lines, and a patch that `git apply`
// turns the materialised tree into the snapshot with (binary files, modes and symlinks included).
//
// open() writes both sides of every changed file into a private scratch directory; git (from the
// system's directories, with no configuration of the person's or the repository's: no diff driver
// or textconv a harness could name runs) compares them there. Blocking: call it off the GUI thread.
class SnapshotDiff
{
public:
    // A side bigger than this is listed, never diffed (it would not be read as a change anyway).
    static constexpr qint64 MaxFileBytes = 16 * 1024 * 1024;

    struct File
    {
        enum class Status : char { Added = 'A', Modified = 'M', Deleted = 'D' };
        QString path; // relative to the workspace root
        Status status = Status::Modified;
        int added = 0; // lines
        int removed = 0;
        bool binary = false;
        bool tooLarge = false; // over MaxFileBytes: no counts, not in the patch
    };

    // One record of `git diff --numstat -z` as it reads: counts (-1: binary) and the path.
    struct NumstatRecord
    {
        int added = -1;
        int removed = -1;
        QByteArray path; // as git names it, "a/…", "b/…" (the scratch sides) or "/dev/null"
    };

    ~SnapshotDiff();

    // nullptr with *error when the snapshot is unknown, unreadable or git is missing.
    static std::unique_ptr<SnapshotDiff> open(const SnapshotStore &store, const QString &id, QString *error);

    const QList<File> &files() const { return m_files; }
    // One file's change as a unified diff (a binary file as git's one line), for people to read.
    QByteArray filePatch(const QString &path, QString *error) const;
    // Every change that can be shown; binary: with git's binary patches, so `git apply` reproduces them.
    std::optional<QByteArray> patch(bool binary, QString *error) const;
    // The same as patch(true), straight into `target` (the content is never held in memory).
    bool writePatch(const QString &target, QString *error) const;

    // `git diff --numstat -z` output: pure over bytes (the paths are the harness's), fuzzed.
    static std::optional<QList<NumstatRecord>> parseNumstat(const QByteArray &bytes);

private:
    SnapshotDiff() = default;
    std::optional<QByteArray> git(const QStringList &arguments, const QString &outputFile, QString *error) const;
    QString side(char prefix, const File &file) const;

    QTemporaryDir m_scratch;
    QString m_git;
    QList<File> m_files;
};

} // namespace runnercore
