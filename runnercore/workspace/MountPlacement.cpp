#include <runnercore/workspace/MountPlacement.h>

#include <QDir>

namespace runnercore {

MountPlacement MountPlacement::of(const RunSpec &spec, const RunMount &mount)
{
    MountPlacement placement;
    if (mount.isInHome()) {
        placement.base = Base::Home;
        placement.relative = mount.target.mid(2);
        return placement;
    }
    const QString root = spec.mounts.isEmpty() ? mount.target : spec.mounts.first().target;
    if (mount.target.startsWith(root + QLatin1Char('/')))
        placement.relative = mount.target.mid(root.size() + 1);
    return placement;
}

QString MountPlacement::hostPath(const QString &workspaceDir, const QString &homeDir) const
{
    const QString &dir = base == Base::Home ? homeDir : workspaceDir;
    return relative.isEmpty() ? dir : dir + QLatin1Char('/') + relative;
}

qsizetype MountPlacement::firstFetched(const RunSpec &spec)
{
    for (qsizetype i = 0; i < spec.mounts.size(); ++i) {
        if (spec.mounts.at(i).kind == QLatin1String("git") || spec.mounts.at(i).kind == QLatin1String("snapshot"))
            return i;
    }
    return spec.mounts.size();
}

QString MountPlacement::rootTarget(const RunSpec &spec)
{
    return spec.mounts.isEmpty() || spec.mounts.first().target.isEmpty() ? QStringLiteral("/workspace")
                                                                         : QDir::cleanPath(spec.mounts.first().target);
}

} // namespace runnercore
