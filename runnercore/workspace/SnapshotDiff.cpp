#include <runnercore/workspace/SnapshotDiff.h>

#include <runnercore/workspace/GitTool.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QProcess>

#include <unistd.h>

namespace runnercore {

namespace {

constexpr int GitTimeoutMs = 10 * 60 * 1000;

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(SnapshotDiff)
};

// One side of a changed entry below root: a file with its content and mode, or a symlink.
// False when its content is missing, damaged or over the bound.
bool writeSide(const SnapshotStore &store, const QString &root, const SnapshotEntry &entry)
{
    const QString path = root + QLatin1Char('/') + QString::fromUtf8(entry.path);
    QDir().mkpath(QFileInfo(path).absolutePath());
    const std::optional<QByteArray> content = store.blob(entry.hash, SnapshotDiff::MaxFileBytes);
    if (!content)
        return false;
    if (entry.type == SnapshotEntry::Type::Link)
        return ::symlink(content->constData(), QFile::encodeName(path).constData()) == 0;
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(*content) != content->size())
        return false;
    return out.setPermissions(entry.executable ? QFileDevice::Permissions(0x7500) : QFileDevice::Permissions(0x6600));
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
    if (!diff->m_scratch.isValid()) {
        *error = Messages::tr("no scratch directory for the diff: %1").arg(diff->m_scratch.errorString());
        return nullptr;
    }
    const QString a = diff->m_scratch.filePath(QStringLiteral("a"));
    const QString b = diff->m_scratch.filePath(QStringLiteral("b"));
    QDir().mkpath(a);
    QDir().mkpath(b);
    QDir().mkpath(diff->m_scratch.filePath(QStringLiteral("home")));
    const SnapshotManifest before = store.baseline(id).value_or(SnapshotManifest());
    const SnapshotManifest::ChangedPaths paths = SnapshotManifest::changedPaths(before, *after);
    const auto add = [&](const QList<QByteArray> &group, File::Status status) {
        for (const QByteArray &path : group) {
            File file;
            file.path = QString::fromUtf8(path);
            file.status = status;
            const SnapshotEntry *old = before.find(path);
            const SnapshotEntry *now = after->find(path);
            file.tooLarge = (old && !writeSide(store, a, *old)) || (now && !writeSide(store, b, *now));
            if (file.tooLarge) { // neither side, so git does not show half of it
                QFile::remove(a + QLatin1Char('/') + file.path);
                QFile::remove(b + QLatin1Char('/') + file.path);
            }
            diff->m_files.append(file);
        }
    };
    add(paths.added, File::Status::Added);
    add(paths.modified, File::Status::Modified);
    add(paths.deleted, File::Status::Deleted);
    std::sort(diff->m_files.begin(), diff->m_files.end(),
        [](const File &x, const File &y) { return x.path.toUtf8() < y.path.toUtf8(); });

    const std::optional<QByteArray> numstat = diff->git(
        { QStringLiteral("--numstat"), QStringLiteral("-z"), QStringLiteral("a"), QStringLiteral("b") }, {}, error);
    const std::optional<QList<NumstatRecord>> records = numstat ? parseNumstat(*numstat) : std::nullopt;
    if (!records) {
        if (numstat)
            *error = Messages::tr("git's list of changes could not be read");
        return nullptr;
    }
    // A path that changed its type (a file became a link) is two records: its counts add up.
    QHash<QString, qsizetype> index;
    for (qsizetype i = 0; i < diff->m_files.size(); ++i)
        index.insert(diff->m_files.at(i).path, i);
    QHash<QString, bool> counted;
    for (const NumstatRecord &record : *records) {
        const QString path = QString::fromUtf8(record.path.mid(2)); // "a/…" or "b/…"
        const auto found = index.constFind(path);
        if (found == index.cend())
            continue;
        File &file = diff->m_files[*found];
        if (!counted.value(path)) {
            file.added = file.removed = 0;
            counted.insert(path, true);
        }
        if (record.added < 0) {
            file.binary = true;
        } else {
            file.added += record.added;
            file.removed += record.removed;
        }
    }
    return diff;
}

QString SnapshotDiff::side(char prefix, const File &file) const
{
    const bool absent = (prefix == 'a' && file.status == File::Status::Added)
        || (prefix == 'b' && file.status == File::Status::Deleted);
    return absent ? QStringLiteral("/dev/null") : QString(QLatin1Char(prefix)) + QLatin1Char('/') + file.path;
}

QByteArray SnapshotDiff::filePatch(const QString &path, QString *error) const
{
    for (const File &file : m_files) {
        if (file.path != path)
            continue;
        if (file.tooLarge) {
            *error = Messages::tr("%1 is over 16 MiB or unreadable: not shown").arg(path);
            return {};
        }
        return git({ QStringLiteral("--"), side('a', file), side('b', file) }, {}, error).value_or(QByteArray());
    }
    *error = Messages::tr("%1 did not change").arg(path);
    return {};
}

std::optional<QByteArray> SnapshotDiff::patch(bool binary, QString *error) const
{
    QStringList arguments { QStringLiteral("a"), QStringLiteral("b") };
    if (binary)
        arguments.prepend(QStringLiteral("--binary"));
    return git(arguments, {}, error);
}

bool SnapshotDiff::writePatch(const QString &target, QString *error) const
{
    return git({ QStringLiteral("--binary"), QStringLiteral("a"), QStringLiteral("b") }, target, error).has_value();
}

std::optional<QByteArray> SnapshotDiff::git(
    const QStringList &arguments, const QString &outputFile, QString *error) const
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
    process.setWorkingDirectory(m_scratch.path());
    if (!outputFile.isEmpty())
        process.setStandardOutputFile(outputFile, QIODevice::Truncate);
    process.start(m_git,
        QStringList { QStringLiteral("diff"), QStringLiteral("--no-index"), QStringLiteral("--no-prefix"),
            QStringLiteral("--no-color"), QStringLiteral("--no-ext-diff"), QStringLiteral("--no-textconv"),
            QStringLiteral("--no-renames") }
            + arguments);
    if (!process.waitForFinished(GitTimeoutMs) || process.exitStatus() != QProcess::NormalExit
        || process.exitCode() > 1) { // 1: there are differences
        process.kill();
        process.waitForFinished();
        *error = Messages::tr("git diff failed: %1")
                     .arg(QString::fromUtf8(process.readAllStandardError().left(500)).trimmed());
        return std::nullopt;
    }
    return process.readAllStandardOutput();
}

} // namespace runnercore
