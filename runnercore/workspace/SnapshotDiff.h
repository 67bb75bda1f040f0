#pragma once

#include <runnercore/base/Clock.h>
#include <runnercore/workspace/SnapshotManifest.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QTemporaryDir>

#include <functional>
#include <memory>
#include <optional>

namespace runnercore {

class SnapshotStore;

// What the agent changed in a kept workspace (§6.9), against the tree as it was materialised, as
// git shows it: the changed files with their added and removed lines, and a patch that `git apply`
// turns the materialised tree into the snapshot with (binary files, modes and symlinks included).
//
// The store holds each content once; a diff would write it out once per file that has it (one
// file and 199 hard links are 200 files to a diff), so a diff is bounded by what it writes:
// - at most MaxDiffBytes of content in all, both sides of every file counted where they appear
//   (as the patch repeats them), the smaller files first, so that the edits people read are never
//   the ones pushed out; the files past it are listed, left out, and say why;
// - sides are written only while git compares them, into a private scratch directory, each content
//   once (repeats are hard links), and removed right after: nothing stays while the list is shown;
// - the patch goes to its reader as git writes it, never held whole.
// git (from the system's directories, with no configuration of the person's or the repository's:
// no diff driver or textconv a harness could name runs) compares the sides. Blocking: call it off
// the GUI thread.
class SnapshotDiff
{
public:
    // A side bigger than this is listed, never diffed (it would not be read as a change anyway).
    static constexpr qint64 MaxFileBytes = 16 * 1024 * 1024;
    // All the content one diff writes out, both sides of every file it shows.
    static constexpr qint64 MaxDiffBytes = 256 * 1024 * 1024;

    struct File
    {
        enum class Status : char { Added = 'A', Modified = 'M', Deleted = 'D' };
        // Why a file is listed without counts and left out of the patch.
        enum class LeftOut : char {
            No,
            OverFileBound, // a side over MaxFileBytes
            OverDiffBound, // past MaxDiffBytes with the smaller files before it
            Unreadable, // its stored content is missing or damaged
        };
        QString path; // relative to the workspace root
        Status status = Status::Modified;
        int added = 0; // lines
        int removed = 0;
        bool binary = false;
        LeftOut leftOut = LeftOut::No;
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
    qsizetype leftOutCount() const;
    // Why a file is left out, in a person's words ("over 16 MiB", …); empty for LeftOut::No.
    static QString whyLeftOut(File::LeftOut reason);
    // One sentence for the files left out (how many, and the reasons there are); empty when none is.
    QString leftOutSummary() const;

    // One file's change as a unified diff (a binary file as git's one line), for people to read.
    QByteArray filePatch(const QString &path, QString *error) const;
    // Every file not left out as one patch, handed to `sink` piece by piece as git writes it (the
    // patch is never held whole); binary: with git's binary patches, so `git apply` reproduces
    // them. False with *error when git, a stored content or the sink failed.
    bool streamPatch(bool binary, const std::function<bool(const char *, qint64)> &sink, QString *error) const;
    // The same with binary patches, into the file `target`.
    bool writePatch(const QString &target, QString *error) const;

    // `git diff --numstat -z` output: pure over bytes (the paths are the harness's), fuzzed.
    static std::optional<QList<NumstatRecord>> parseNumstat(const QByteArray &bytes);

private:
    struct Sides
    {
        std::optional<SnapshotEntry> before;
        std::optional<SnapshotEntry> after;
        qint64 bytes = 0; // of both, as stored
    };
    class Scratch;

    SnapshotDiff() = default;
    void chooseShown();
    bool countLines(QString *error);
    // Writes the sides of m_files[i] for each i in `which` into `scratch` under their paths.
    bool writeSides(Scratch &scratch, const QList<qsizetype> &which, QString *error) const;
    // git diff (with `arguments`) in `workDir`; its output handed to `sink`.
    bool git(const QString &workDir, const QStringList &arguments,
        const std::function<bool(const char *, qint64)> &sink, QString *error) const;
    std::optional<QByteArray> gitOutput(const QString &workDir, const QStringList &arguments, QString *error) const;

    // Declared before m_store: the store reads the time through it.
    SystemClock m_clock;
    std::unique_ptr<SnapshotStore> m_store; // the content is read while the diff is shown, not at open()
    QTemporaryDir m_scratch;
    QString m_git;
    QList<File> m_files;
    QList<Sides> m_sides; // m_files' entries, by index
};

} // namespace runnercore
