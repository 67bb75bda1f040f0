#include <runnercore/workspace/SnapshotExport.h>

#include <runnercore/base/QuotedPath.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(SnapshotExport)
};

// More names than this in one line of the report are counted, not listed.
constexpr qsizetype MaxListed = 8;

QByteArray nameOf(const QByteArray &path)
{
    return path.mid(path.lastIndexOf('/') + 1);
}

QByteArray parentOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash < 0 ? QByteArray() : path.left(slash);
}

// The path a .git file ("gitdir: <path>") or a commondir file ("<path>") names, as git reads it.
std::optional<QByteArray> pointedPath(QByteArray content, bool gitFile)
{
    while (content.endsWith('\n') || content.endsWith('\r'))
        content.chop(1);
    if (gitFile) {
        if (!content.startsWith("gitdir: "))
            return std::nullopt;
        content = content.mid(8);
    }
    if (content.isEmpty())
        return std::nullopt;
    return content;
}

QString listed(const QStringList &items)
{
    if (items.size() <= MaxListed)
        return items.join(QLatin1String(", "));
    return Messages::tr("%1 and %n more", nullptr, int(items.size() - MaxListed))
        .arg(items.first(MaxListed).join(QLatin1String(", ")));
}

QString reasonText(SnapshotExport::Reason reason)
{
    switch (reason) {
    case SnapshotExport::Reason::Hooks:
        return Messages::tr("hooks");
    case SnapshotExport::Reason::PendingCommands:
        return Messages::tr("commands of an unfinished rebase");
    case SnapshotExport::Reason::LinkInGitDirectory:
        return Messages::tr("a link in a git directory");
    case SnapshotExport::Reason::GitLink:
        return Messages::tr("a link named .git");
    case SnapshotExport::Reason::PointsOutside:
        return Messages::tr("points outside the export");
    case SnapshotExport::Reason::TooLargeToRewrite:
        return Messages::tr("a git configuration too large to rewrite");
    }
    return {};
}

QString modeText(mode_t mode)
{
    return QStringLiteral("0%1").arg(uint(mode & 07777), 3, 8, QLatin1Char('0'));
}

} // namespace

SnapshotExport::Action SnapshotExport::Plan::action(const QByteArray &path) const
{
    return isLeftOut(path) ? Action::LeaveOut : m_actions.value(path, Action::Write);
}

bool SnapshotExport::Plan::isLeftOut(const QByteArray &path) const
{
    for (QByteArray p = path; !p.isEmpty(); p = parentOf(p)) {
        if (m_leftOutPaths.contains(p))
            return true;
    }
    return false;
}

void SnapshotExport::Plan::leaveOut(const SnapshotEntry &entry, Reason reason)
{
    m_leftOutPaths.insert(entry.path);
    m_leftOut.append({ entry.path, reason });
}

SnapshotExport::Plan SnapshotExport::plan(const SnapshotManifest &manifest, const ContentReader &read)
{
    Plan plan;
    // The directories and the names each holds, lower case: on a case-insensitive file system
    // .GIT and Head are what git looks for.
    QSet<QByteArray> dirs { QByteArray() };
    QHash<QByteArray, QSet<QByteArray>> names;
    for (const SnapshotEntry &e : manifest.entries()) {
        if (e.type == SnapshotEntry::Type::Dir)
            dirs.insert(e.path);
        names[parentOf(e.path)].insert(nameOf(e.path).toLower());
    }
    // Git directories as git's is_git_directory() sees them (HEAD, and refs and objects or a
    // commondir), and every .git: more than git would take, never less.
    QSet<QByteArray> gitDirs;
    for (const QByteArray &dir : std::as_const(dirs)) {
        const QSet<QByteArray> held = names.value(dir);
        if ((!dir.isEmpty() && nameOf(dir).toLower() == ".git")
            || (held.contains("head")
                && (held.contains("refs") || held.contains("commondir") || held.contains("objects"))))
            gitDirs.insert(dir);
    }
    const auto gitDirOf = [&](const QByteArray &path) -> std::optional<QByteArray> {
        for (QByteArray p = parentOf(path);; p = parentOf(p)) {
            if (gitDirs.contains(p))
                return p;
            if (p.isEmpty())
                return std::nullopt;
        }
    };

    QList<const SnapshotEntry *> pointers; // .git and commondir files, followed once the rest is decided
    for (const SnapshotEntry &e : manifest.entries()) {
        if (plan.isLeftOut(e.path))
            continue;
        const QByteArray name = nameOf(e.path).toLower();
        const std::optional<QByteArray> gitDir = gitDirOf(e.path);
        if (e.type == SnapshotEntry::Type::Link) {
            if (name == ".git")
                plan.leaveOut(e, Reason::GitLink);
            else if (gitDir)
                plan.leaveOut(e, Reason::LinkInGitDirectory);
            continue;
        }
        if (e.type == SnapshotEntry::Type::File && name == ".git") {
            pointers.append(&e);
            continue;
        }
        if (!gitDir || parentOf(e.path) != *gitDir)
            continue;
        if (name == "hooks")
            plan.leaveOut(e, Reason::Hooks);
        else if (name == "rebase-merge" || name == "rebase-apply" || name == "sequencer")
            plan.leaveOut(e, Reason::PendingCommands);
        else if (e.type == SnapshotEntry::Type::File && (name == "config" || name == "config.worktree"))
            plan.m_actions.insert(e.path, Action::RewriteGitConfig);
        else if (e.type == SnapshotEntry::Type::File && name == "commondir")
            pointers.append(&e);
    }

    // Where a pointer leads, through directories of the export alone (none a link, none left
    // out, so `..` means what it says): only to a git directory whose config is rewritten.
    const auto resolve = [&](const QByteArray &base, const QByteArray &target) -> std::optional<QByteArray> {
        if (target.startsWith('/'))
            return std::nullopt;
        QList<QByteArray> stack = base.isEmpty() ? QList<QByteArray>() : base.split('/');
        for (const QByteArray &part : target.split('/')) {
            if (part.isEmpty() || part == ".")
                continue;
            if (part == "..") {
                if (stack.isEmpty())
                    return std::nullopt;
                stack.removeLast();
                continue;
            }
            stack.append(part);
            const QByteArray path = stack.join('/');
            if (!dirs.contains(path) || plan.isLeftOut(path))
                return std::nullopt;
        }
        return stack.join('/');
    };
    for (const SnapshotEntry *e : std::as_const(pointers)) {
        const bool gitFile = nameOf(e->path).toLower() == ".git";
        const std::optional<QByteArray> content = read(*e);
        const std::optional<QByteArray> target = content ? pointedPath(*content, gitFile) : std::nullopt;
        const std::optional<QByteArray> resolved = target ? resolve(parentOf(e->path), *target) : std::nullopt;
        if (!resolved || !gitDirs.contains(*resolved))
            plan.leaveOut(*e, Reason::PointsOutside);
    }
    std::sort(plan.m_leftOut.begin(), plan.m_leftOut.end(),
        [](const LeftOut &a, const LeftOut &b) { return a.path < b.path; });
    return plan;
}

QString SnapshotExport::Report::describe() const
{
    QStringList lines { Messages::tr("The files came from the agent: look through them before you run anything there "
                                     "(a build, a script, an editor's settings for the folder).") };
    if (rewritten.isEmpty() && leftOut.isEmpty())
        return lines.join(QLatin1Char('\n'));
    lines << Messages::tr("So that git run there runs nothing the agent chose:");
    if (!rewritten.isEmpty()) {
        QStringList paths;
        for (const QByteArray &path : rewritten)
            paths << QuotedPath::quote(path);
        lines << Messages::tr("- rewritten, keeping only settings that never run a command: %1").arg(listed(paths));
        if (!droppedKeys.isEmpty()) {
            QStringList keys;
            for (const QByteArray &key : droppedKeys)
                keys << QuotedPath::quote(key);
            lines << Messages::tr("  (left out of them: %1)").arg(listed(keys));
        }
    }
    if (!leftOut.isEmpty()) {
        QStringList items;
        for (const LeftOut &item : leftOut)
            items << QStringLiteral("%1 (%2)").arg(QuotedPath::quote(item.path), reasonText(item.reason));
        lines << Messages::tr("- left out: %1").arg(listed(items));
    }
    return lines.join(QLatin1Char('\n'));
}

UniqueFd SnapshotExport::openTarget(const QString &directory, QString *message)
{
    const QString path = QDir::cleanPath(QDir(directory).absolutePath());
    // Each missing folder made owner-only, mkdir first and then look: a look before it would race
    // with whoever creates the name meanwhile. An existing one is checked below, never changed.
    const QStringList parts = path.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    QString prefix;
    for (const QString &part : parts) {
        prefix += QLatin1Char('/') + part;
        if (::mkdir(QFile::encodeName(prefix).constData(), 0700) != 0 && errno != EEXIST) {
            *message = Messages::tr("%1 cannot be created: %2").arg(prefix, FileTree::systemError(errno));
            return UniqueFd();
        }
    }
    UniqueFd fd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!fd.valid()) {
        const int openError = errno;
        struct stat st = {};
        if (::lstat(QFile::encodeName(path).constData(), &st) == 0 && S_ISLNK(st.st_mode))
            *message = Messages::tr("%1 is a symbolic link; choose the folder it points to, or another").arg(directory);
        else if (openError == ENOTDIR)
            *message = Messages::tr("%1 exists and is not an empty directory").arg(directory);
        else
            *message = Messages::tr("%1 cannot be opened: %2").arg(directory, FileTree::systemError(openError));
        return UniqueFd();
    }
    // Everything from here on is about the folder opened, whatever happens to its name.
    struct stat st = {};
    if (::fstat(fd.get(), &st) != 0) {
        *message = Messages::tr("%1 cannot be opened: %2").arg(directory, FileTree::systemError(errno));
        return UniqueFd();
    }
    if (st.st_uid != ::geteuid()) {
        *message
            = Messages::tr("%1 belongs to another user (uid %2, not %3), who could change the files while or after "
                           "they are exported. Choose a folder of your own.")
                  .arg(directory)
                  .arg(uint(st.st_uid))
                  .arg(uint(::geteuid()));
        return UniqueFd();
    }
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        *message = Messages::tr("%1 can be written by other users (mode %2), who could change the files while or after "
                                "they are exported. Choose another folder, or make it yours alone: chmod go-w %1")
                       .arg(directory, modeText(st.st_mode));
        return UniqueFd();
    }
    if (!FileTree::isEmptyDir(fd.get())) {
        *message = Messages::tr("%1 exists and is not an empty directory").arg(directory);
        return UniqueFd();
    }
    return fd;
}

SnapshotExport::Outcome SnapshotExport::run(const SnapshotStore &store, const QString &id, const QString &directory)
{
    Outcome outcome;
    if (store.check(id, QByteArray(), &outcome.message) != SnapshotStore::Restore::Restored)
        return outcome; // before a folder is made for it
    const UniqueFd target = openTarget(directory, &outcome.message);
    if (!target.valid()) {
        outcome.status = Outcome::Status::TargetRefused;
        return outcome;
    }
    if (store.exportTo(id, target.get(), &outcome.report, &outcome.message) == SnapshotStore::Restore::Restored)
        outcome.status = Outcome::Status::Exported;
    return outcome;
}

} // namespace runnercore
