#include <runnercore/workspace/InlineMountWriter.h>

#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/MountPlacement.h>

#include <QCoreApplication>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(InlineMountWriter)
};

constexpr int FileMode = 0644;
constexpr int ExecutableMode = 0755;

int baseFd(const MountPlacement &placement, int workspaceFd, int homeFd)
{
    return placement.base == MountPlacement::Base::Home ? homeFd : workspaceFd;
}

bool writeFiles(int dirFd, const QString &prefix, const QList<RunFile> &files, const RunMount &mount, QString *error)
{
    for (const RunFile &file : files) {
        QString detail;
        const QString path = prefix.isEmpty() ? file.path : prefix + QLatin1Char('/') + file.path;
        if (!FileTree::writeNewFile(dirFd, path, file.content, file.executable ? ExecutableMode : FileMode, &detail)) {
            *error = Messages::tr("%1 mount at %2: %3").arg(mount.kind, mount.target, detail);
            return false;
        }
    }
    return true;
}

} // namespace

bool InlineMountWriter::write(int workspaceFd, int homeFd, const RunSpec &spec, const RunMount &mount, QString *error)
{
    const MountPlacement placement = MountPlacement::of(spec, mount);
    QString detail;
    const UniqueFd target
        = FileTree::makePrivateDirs(baseFd(placement, workspaceFd, homeFd), placement.relative, &detail);
    if (!target.valid()) {
        *error = Messages::tr("%1 mount at %2: %3").arg(mount.kind, mount.target, detail);
        return false;
    }
    if (!writeFiles(target.get(), QString(), mount.files, mount, error))
        return false;
    for (const RunSkill &skill : mount.skills) {
        if (!writeFiles(target.get(), skill.name, skill.files, mount, error))
            return false;
    }
    return true;
}

void InlineMountWriter::protect(int workspaceFd, int homeFd, const RunSpec &spec)
{
    for (const RunMount &mount : spec.mounts) {
        if (!mount.isReadOnly())
            continue;
        const MountPlacement placement = MountPlacement::of(spec, mount);
        QString ignored;
        const UniqueFd target
            = FileTree::makePrivateDirs(baseFd(placement, workspaceFd, homeFd), placement.relative, &ignored);
        if (target.valid())
            FileTree::setModes(target.get(), 0555, 0444, 0555);
    }
}

qint64 InlineMountWriter::fileCount(const RunMount &mount)
{
    qint64 count = mount.files.size();
    for (const RunSkill &skill : mount.skills)
        count += skill.files.size();
    return count;
}

qint64 InlineMountWriter::byteCount(const RunMount &mount)
{
    qint64 bytes = 0;
    for (const RunFile &file : mount.files)
        bytes += file.content.size();
    for (const RunSkill &skill : mount.skills) {
        for (const RunFile &file : skill.files)
            bytes += file.content.size();
    }
    return bytes;
}

} // namespace runnercore
