#include <runnercore/workspace/SnapshotDiff.h>

#include <runnercore/workspace/GitTool.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>
#include <unistd.h>

namespace runnercore {

namespace {

// How long git may stay silent (a patch going to a slow reader takes as long as the reader does).
constexpr int GitQuietMs = 10 * 60 * 1000;
constexpr qint64 ChunkBytes = 256 * 1024;

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(SnapshotDiff)
};

QString mib(qint64 bytes)
{
    return QString::number(bytes / (1024 * 1024));
}

// "a/<path>" or "/dev/null" for the side git compares with.
QString sidePath(char prefix, const QString &path, bool absent)
{
    return absent ? QStringLiteral("/dev/null") : QString(QLatin1Char(prefix)) + QLatin1Char('/') + path;
}

// "12" → 12, "-" → -1 (binary); nullopt for anything else.
std::optional<int> count(const QByteArray &field)
{
    if (field == "-")
        return -1;
    if (field.isEmpty() || field.size() > 9)
        return std::nullopt;
    int value = 0;
    for (const char c : field) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

} // namespace

// One operation's sides: a directory of its own below the diff's scratch (operations may run at
// once from several threads), with a/ and b/, removed with this object. Each content is written
// once; a repeated one (same bytes, same mode) is a hard link to where it was first written.
class SnapshotDiff::Scratch
{
public:
    enum class Written { Ok, Unreadable, Failed };

    Scratch(const QTemporaryDir &parent, const SnapshotStore &store)
        : m_dir(parent.filePath(QStringLiteral("op-XXXXXX"))), m_store(store)
    {
        m_ok = m_dir.isValid() && QDir().mkpath(m_dir.filePath(QStringLiteral("a")))
            && QDir().mkpath(m_dir.filePath(QStringLiteral("b")));
    }

    bool isValid() const { return m_ok; }
    QString path() const { return m_dir.path(); }

    // One side of an entry at <side>/<relative>: a file with its content and mode, or a symlink.
    Written write(char side, const QString &relative, const SnapshotEntry &entry, QString *error)
    {
        const QString path = m_dir.filePath(QString(QLatin1Char(side)) + QLatin1Char('/') + relative);
        const QByteArray native = QFile::encodeName(path);
        if (!QDir().mkpath(QFileInfo(path).absolutePath()))
            return failed(path, systemError(), error);
        const QByteArray key = char(entry.type) + QByteArray(entry.executable ? "x" : "-") + entry.hash;
        if (entry.type == SnapshotEntry::Type::File) {
            const auto first = m_written.constFind(key);
            if (first != m_written.cend())
                return ::link(first->constData(), native.constData()) == 0 ? Written::Ok
                                                                           : failed(path, systemError(), error);
        }
        const std::optional<QByteArray> content = m_store.blob(entry.hash, MaxFileBytes);
        if (!content)
            return Written::Unreadable;
        if (entry.type == SnapshotEntry::Type::Link)
            return ::symlink(content->constData(), native.constData()) == 0 ? Written::Ok
                                                                            : failed(path, systemError(), error);
        QFile out(path);
        if (!out.open(QIODevice::WriteOnly) || out.write(*content) != content->size() || !out.flush()
            || !out.setPermissions(
                entry.executable ? QFileDevice::Permissions(0x7500) : QFileDevice::Permissions(0x6600)))
            return failed(path, out.errorString(), error);
        m_written.insert(key, native);
        return Written::Ok;
    }

    void remove(char side, const QString &relative)
    {
        QFile::remove(m_dir.filePath(QString(QLatin1Char(side)) + QLatin1Char('/') + relative));
    }

private:
    static QString systemError() { return QString::fromLocal8Bit(std::strerror(errno)); }
    static Written failed(const QString &path, const QString &why, QString *error)
    {
        *error = Messages::tr("the diff's scratch copy %1 could not be written: %2").arg(path, why);
        return Written::Failed;
    }

    QTemporaryDir m_dir;
    const SnapshotStore &m_store;
    bool m_ok = false;
    QHash<QByteArray, QByteArray> m_written; // type, mode and hash → where first written
};

SnapshotDiff::~SnapshotDiff() = default;

std::optional<QList<SnapshotDiff::NumstatRecord>> SnapshotDiff::parseNumstat(const QByteArray &bytes)
{
    QList<NumstatRecord> records;
    qsizetype pos = 0;
    const auto until = [&](char end) -> std::optional<QByteArray> {
        const qsizetype at = bytes.indexOf(end, pos);
        if (at < 0)
            return std::nullopt;
        QByteArray field = bytes.mid(pos, at - pos);
        pos = at + 1;
        return field;
    };
    while (pos < bytes.size()) {
        const std::optional<QByteArray> added = until('\t');
        const std::optional<QByteArray> removed = added ? until('\t') : std::nullopt;
        if (!removed || pos >= bytes.size())
            return std::nullopt;
        NumstatRecord record;
        const std::optional<int> a = count(*added);
        const std::optional<int> r = count(*removed);
        if (!a || !r || ((*a < 0) != (*r < 0)))
            return std::nullopt;
        record.added = *a;
        record.removed = *r;
        std::optional<QByteArray> path;
        if (bytes.at(pos) == '\0') { // two names: "\0<old>\0<new>\0"
            ++pos;
            const std::optional<QByteArray> before = until('\0');
            const std::optional<QByteArray> after = before ? until('\0') : std::nullopt;
            if (after)
                path = *after == "/dev/null" ? before : after;
        } else {
            path = until('\0');
        }
        if (!path || path->isEmpty())
            return std::nullopt;
        record.path = *path;
        records.append(record);
    }
    return records;
}

std::unique_ptr<SnapshotDiff> SnapshotDiff::open(const SnapshotStore &store, const QString &id, QString *error)
{
    std::unique_ptr<SnapshotDiff> diff(new SnapshotDiff);
    diff->m_git = GitTool::program();
    const std::optional<SnapshotManifest> after = store.manifest(id);
    if (!after) {
        *error = Messages::tr("this machine holds no readable snapshot %1").arg(id.left(80));
        return nullptr;
    }
    if (diff->m_git.isEmpty()) {
        *error = Messages::tr("showing changes needs git (apt install git)");
        return nullptr;
    }
    if (!diff->m_scratch.isValid() || !QDir().mkpath(diff->m_scratch.filePath(QStringLiteral("home")))) {
        *error = Messages::tr("no scratch directory for the diff: %1").arg(diff->m_scratch.errorString());
        return nullptr;
    }
    diff->m_store = std::make_unique<SnapshotStore>(store.root(), diff->m_clock, store.limits());
    const SnapshotManifest before = store.baseline(id).value_or(SnapshotManifest());
    const SnapshotManifest::ChangedPaths paths = SnapshotManifest::changedPaths(before, *after);
    const auto add = [&](const QList<QByteArray> &group, File::Status status) {
        for (const QByteArray &path : group) {
            File file;
            file.path = QString::fromUtf8(path);
            file.status = status;
            Sides sides;
            if (const SnapshotEntry *old = before.find(path))
                sides.before = *old;
            if (const SnapshotEntry *now = after->find(path))
                sides.after = *now;
            diff->m_files.append(file);
            diff->m_sides.append(sides);
        }
    };
    add(paths.added, File::Status::Added);
    add(paths.modified, File::Status::Modified);
    add(paths.deleted, File::Status::Deleted);
    QList<qsizetype> order(diff->m_files.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](qsizetype x, qsizetype y) {
        return diff->m_files.at(x).path.toUtf8() < diff->m_files.at(y).path.toUtf8();
    });
    QList<File> files;
    QList<Sides> sides;
    for (const qsizetype i : std::as_const(order)) {
        files.append(diff->m_files.at(i));
        sides.append(diff->m_sides.at(i));
    }
    diff->m_files = files;
    diff->m_sides = sides;
    diff->chooseShown();
    if (!diff->countLines(error))
        return nullptr;
    return diff;
}

// Which files the diff shows: those whose content the store has and whose sides are within
// MaxFileBytes, the smallest first while all of them together stay within MaxDiffBytes. A harness
// that adds large or repeated content pushes out its own large files, never the small edits.
void SnapshotDiff::chooseShown()
{
    QList<qsizetype> candidates;
    for (qsizetype i = 0; i < m_files.size(); ++i) {
        Sides &sides = m_sides[i];
        for (const std::optional<SnapshotEntry> *side : { &sides.before, &sides.after }) {
            if (!*side)
                continue;
            const std::optional<qint64> size = m_store->blobSize((*side)->hash);
            if (!size) {
                m_files[i].leftOut = File::LeftOut::Unreadable;
                break;
            }
            if (*size > MaxFileBytes)
                m_files[i].leftOut = File::LeftOut::OverFileBound;
            sides.bytes += *size;
        }
        if (m_files.at(i).leftOut == File::LeftOut::No)
            candidates.append(i);
    }
    std::stable_sort(candidates.begin(), candidates.end(),
        [&](qsizetype x, qsizetype y) { return m_sides.at(x).bytes < m_sides.at(y).bytes; });
    qint64 total = 0;
    for (const qsizetype i : std::as_const(candidates)) {
        if (m_sides.at(i).bytes > MaxDiffBytes - total) {
            m_files[i].leftOut = File::LeftOut::OverDiffBound;
            continue;
        }
        total += m_sides.at(i).bytes;
    }
}

// The added and removed lines of every file shown, from one `git diff --numstat` over each
// distinct pair of contents (200 copies of one added file are one comparison), written under
// numbered names (no path a harness chose reaches git's command line or its output here).
bool SnapshotDiff::countLines(QString *error)
{
    QHash<QByteArray, qsizetype> pairOf;
    QList<QList<qsizetype>> pairs; // the files of each pair
    for (qsizetype i = 0; i < m_files.size(); ++i) {
        if (m_files.at(i).leftOut != File::LeftOut::No)
            continue;
        const Sides &sides = m_sides.at(i);
        const auto keyOf
            = [](const std::optional<SnapshotEntry> &e) { return e ? char(e->type) + e->hash : QByteArray("-"); };
        const QByteArray key = keyOf(sides.before) + '|' + keyOf(sides.after);
        const auto found = pairOf.constFind(key);
        if (found != pairOf.cend()) {
            pairs[*found].append(i);
            continue;
        }
        pairOf.insert(key, pairs.size());
        pairs.append(QList<qsizetype> { i });
    }
    if (pairs.isEmpty())
        return true;
    Scratch scratch(m_scratch, *m_store);
    if (!scratch.isValid()) {
        *error = Messages::tr("no scratch directory for the diff: %1").arg(m_scratch.path());
        return false;
    }
    for (qsizetype p = 0; p < pairs.size(); ++p) {
        const Sides &sides = m_sides.at(pairs.at(p).first());
        const QString name = QString::number(p);
        Scratch::Written written = Scratch::Written::Ok;
        if (sides.before)
            written = scratch.write('a', name, *sides.before, error);
        if (written == Scratch::Written::Ok && sides.after)
            written = scratch.write('b', name, *sides.after, error);
        if (written == Scratch::Written::Failed)
            return false;
        if (written == Scratch::Written::Unreadable) { // damaged since it was sized: neither side
            scratch.remove('a', name);
            scratch.remove('b', name);
            for (const qsizetype i : pairs.at(p))
                m_files[i].leftOut = File::LeftOut::Unreadable;
        }
    }
    const std::optional<QByteArray> numstat = gitOutput(scratch.path(),
        { QStringLiteral("--numstat"), QStringLiteral("-z"), QStringLiteral("a"), QStringLiteral("b") }, error);
    const std::optional<QList<NumstatRecord>> records = numstat ? parseNumstat(*numstat) : std::nullopt;
    if (!records) {
        if (numstat)
            *error = Messages::tr("git's list of changes could not be read");
        return false;
    }
    // A pair whose type changed (a file became a link) is two records: its counts add up.
    for (const NumstatRecord &record : *records) {
        bool ok = false;
        const qsizetype p = record.path.mid(2).toLongLong(&ok);
        if (!ok || p < 0 || p >= pairs.size())
            continue;
        for (const qsizetype i : pairs.at(p)) {
            File &file = m_files[i];
            if (record.added < 0) {
                file.binary = true;
            } else {
                file.added += record.added;
                file.removed += record.removed;
            }
        }
    }
    return true;
}

qsizetype SnapshotDiff::leftOutCount() const
{
    return std::count_if(
        m_files.cbegin(), m_files.cend(), [](const File &f) { return f.leftOut != File::LeftOut::No; });
}

QString SnapshotDiff::whyLeftOut(File::LeftOut reason)
{
    switch (reason) {
    case File::LeftOut::No:
        break;
    case File::LeftOut::OverFileBound:
        return Messages::tr("over %1 MiB").arg(mib(MaxFileBytes));
    case File::LeftOut::OverDiffBound:
        return Messages::tr("past the %1 MiB one diff shows (the smaller files come first)").arg(mib(MaxDiffBytes));
    case File::LeftOut::Unreadable:
        return Messages::tr("its stored content is missing or damaged");
    }
    return {};
}

QString SnapshotDiff::leftOutSummary() const
{
    const qsizetype count = leftOutCount();
    if (count == 0)
        return {};
    return Messages::tr("%n file(s) are left out of this diff and its patch: a side over %1 MiB, past the %2 MiB one "
                        "diff shows (the smaller files first), or unreadable.",
        nullptr, int(count))
        .arg(mib(MaxFileBytes), mib(MaxDiffBytes));
}

bool SnapshotDiff::writeSides(Scratch &scratch, const QList<qsizetype> &which, QString *error) const
{
    if (!scratch.isValid()) {
        *error = Messages::tr("no scratch directory for the diff: %1").arg(m_scratch.path());
        return false;
    }
    for (const qsizetype i : which) {
        const Sides &sides = m_sides.at(i);
        for (const auto &[prefix, side] : { std::pair { 'a', &sides.before }, std::pair { 'b', &sides.after } }) {
            if (!*side)
                continue;
            switch (scratch.write(prefix, m_files.at(i).path, **side, error)) {
            case Scratch::Written::Ok:
                break;
            case Scratch::Written::Unreadable:
                *error = Messages::tr("%1: its stored content is missing or damaged").arg(m_files.at(i).path);
                return false;
            case Scratch::Written::Failed:
                return false;
            }
        }
    }
    return true;
}

QByteArray SnapshotDiff::filePatch(const QString &path, QString *error) const
{
    for (qsizetype i = 0; i < m_files.size(); ++i) {
        const File &file = m_files.at(i);
        if (file.path != path)
            continue;
        if (file.leftOut != File::LeftOut::No) {
            *error = Messages::tr("%1 is left out of the diff: %2").arg(path, whyLeftOut(file.leftOut));
            return {};
        }
        Scratch scratch(m_scratch, *m_store);
        if (!writeSides(scratch, { i }, error))
            return {};
        return gitOutput(scratch.path(),
            { QStringLiteral("--"), sidePath('a', path, file.status == File::Status::Added),
                sidePath('b', path, file.status == File::Status::Deleted) },
            error)
            .value_or(QByteArray());
    }
    *error = Messages::tr("%1 did not change").arg(path);
    return {};
}

bool SnapshotDiff::streamPatch(bool binary, const std::function<bool(const char *, qint64)> &sink, QString *error) const
{
    QList<qsizetype> shown;
    for (qsizetype i = 0; i < m_files.size(); ++i) {
        if (m_files.at(i).leftOut == File::LeftOut::No)
            shown.append(i);
    }
    Scratch scratch(m_scratch, *m_store);
    if (!writeSides(scratch, shown, error))
        return false;
    QStringList arguments { QStringLiteral("a"), QStringLiteral("b") };
    if (binary)
        arguments.prepend(QStringLiteral("--binary"));
    return git(scratch.path(), arguments, sink, error);
}

bool SnapshotDiff::writePatch(const QString &target, QString *error) const
{
    QFile out(target);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = Messages::tr("%1 cannot be written: %2").arg(target, out.errorString());
        return false;
    }
    bool written = true;
    const bool ok = streamPatch(
        true, [&](const char *data, qint64 size) { return (written = out.write(data, size) == size); }, error);
    if (ok && (!written || !out.flush())) {
        *error = Messages::tr("%1 cannot be written: %2").arg(target, out.errorString());
        return false;
    }
    return ok;
}

std::optional<QByteArray> SnapshotDiff::gitOutput(
    const QString &workDir, const QStringList &arguments, QString *error) const
{
    QByteArray output;
    if (!git(
            workDir, arguments, [&](const char *data, qint64 size) { return (output.append(data, size), true); },
            error))
        return std::nullopt;
    return output;
}

bool SnapshotDiff::git(const QString &workDir, const QStringList &arguments,
    const std::function<bool(const char *, qint64)> &sink, QString *error) const
{
    QProcessEnvironment env;
    const QString home = m_scratch.filePath(QStringLiteral("home"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), home);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home);
    env.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    env.insert(QStringLiteral("GIT_ATTR_NOSYSTEM"), QStringLiteral("1"));
    // No repository around the scratch directory is ever found.
    env.insert(QStringLiteral("GIT_CEILING_DIRECTORIES"), QFileInfo(m_scratch.path()).absolutePath());
    QProcess process;
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(workDir);
    process.start(m_git,
        QStringList { QStringLiteral("diff"), QStringLiteral("--no-index"), QStringLiteral("--no-prefix"),
            QStringLiteral("--no-color"), QStringLiteral("--no-ext-diff"), QStringLiteral("--no-textconv"),
            QStringLiteral("--no-renames") }
            + arguments);
    if (!process.waitForStarted(GitQuietMs)) {
        *error = Messages::tr("git diff could not be started: %1").arg(process.errorString());
        return false;
    }
    // Read as git writes, a piece at a time: the pipe holds git back while the sink takes its time,
    // so nothing piles up here.
    bool sunk = true;
    for (;;) {
        if (process.bytesAvailable() > 0) {
            const QByteArray piece = process.read(ChunkBytes);
            if (!(sunk = sink(piece.constData(), piece.size())))
                break;
            continue;
        }
        if (process.state() == QProcess::NotRunning
            || (!process.waitForReadyRead(GitQuietMs) && process.state() != QProcess::NotRunning))
            break; // finished, or silent for too long
    }
    if (!sunk || process.state() != QProcess::NotRunning) {
        process.kill();
        process.waitForFinished();
        *error = sunk ? Messages::tr("git diff said nothing for %1 minutes").arg(GitQuietMs / 60000)
                      : Messages::tr("the patch could not be handed on (its reader went away)");
        return false;
    }
    if (process.exitStatus() != QProcess::NormalExit || process.exitCode() > 1) { // 1: there are differences
        *error = Messages::tr("git diff failed: %1")
                     .arg(QString::fromUtf8(process.readAllStandardError().left(500)).trimmed());
        return false;
    }
    return true;
}

} // namespace runnercore
