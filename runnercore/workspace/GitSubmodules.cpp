#include <runnercore/workspace/GitSubmodules.h>

#include <runnercore/model/GitUrl.h>

#include <QCoreApplication>
#include <QMap>

namespace runnercore {

namespace {

// GitCheckout's context: these are the messages of its workspace.failed.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(GitCheckout)
};

constexpr qsizetype MaxPath = 1024;

} // namespace

GitSubmodules::Index GitSubmodules::parseIndex(const QByteArray &lsFilesStageZ)
{
    // "<mode> <object> <stage>\t<path>\0" per entry.
    Index index;
    for (const QByteArray &entry : lsFilesStageZ.split('\0')) {
        const qsizetype tab = entry.indexOf('\t');
        if (tab < 0)
            continue;
        const QByteArray mode = entry.left(entry.indexOf(' '));
        const QString path = QString::fromUtf8(entry.mid(tab + 1));
        if (mode == "160000")
            index.gitlinks.insert(path);
        else if (path == QLatin1String(".gitmodules"))
            index.hasGitmodules = mode == "100644" || mode == "100755";
    }
    return index;
}

std::optional<QList<GitSubmodules::Submodule>> GitSubmodules::select(
    const QByteArray &configList, const Index &index, const QString &base, QString *error)
{
    // submodule.<name>.path and .url, paired by name.
    QMap<QString, std::pair<QString, QString>> modules;
    for (const QByteArray &entry : configList.split('\0')) {
        const qsizetype newline = entry.indexOf('\n');
        if (newline < 0)
            continue;
        const QString key = QString::fromUtf8(entry.left(newline));
        const QString value = QString::fromUtf8(entry.mid(newline + 1));
        const qsizetype dot = key.lastIndexOf(QLatin1Char('.'));
        if (!key.startsWith(QLatin1String("submodule.")) || dot <= 10)
            continue;
        const QString name = key.mid(10, dot - 10);
        const QString field = key.mid(dot + 1);
        if (field == QLatin1String("path")) {
            modules[name].first = value;
        } else if (field == QLatin1String("url")) {
            modules[name].second = value;
        } else if (field == QLatin1String("update") && value.startsWith(QLatin1Char('!'))) {
            *error = Messages::tr("a submodule in .gitmodules asks to run a command on update");
            return std::nullopt;
        }
    }
    QList<Submodule> selected;
    for (auto it = modules.cbegin(); it != modules.cend(); ++it) {
        const auto &[path, rawUrl] = it.value();
        if (!index.gitlinks.contains(path))
            continue;
        if (!isSafePath(path)) {
            *error = Messages::tr("the submodule path '%1' in .gitmodules is refused (option-like, absolute "
                                  "or leaving the work tree)")
                         .arg(path.left(200));
            return std::nullopt;
        }
        const bool isRelative = rawUrl.startsWith(QLatin1String("./")) || rawUrl.startsWith(QLatin1String("../"));
        const QString url = isRelative ? GitUrl::resolveRelative(base, rawUrl) : rawUrl;
        const QString problem = url.isEmpty() ? Messages::tr("leaves its server") : GitUrl::problem(url);
        if (!problem.isEmpty()) {
            *error
                = Messages::tr("the URL of submodule %1 (%2) %3").arg(path.left(200), GitUrl::shown(rawUrl), problem);
            return std::nullopt;
        }
        selected.append({ path, url });
    }
    return selected;
}

bool GitSubmodules::isSafePath(const QString &path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char('-')) || path.startsWith(QLatin1Char('/'))
        || path.contains(QLatin1Char('\\')) || path.size() > MaxPath)
        return false;
    for (const QChar c : path) {
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return false;
    }
    for (const QString &segment : path.split(QLatin1Char('/'))) {
        if (segment.isEmpty() || segment == QLatin1String(".") || segment == QLatin1String("..")
            || segment.startsWith(QLatin1Char('-')) || segment.compare(QLatin1String(".git"), Qt::CaseInsensitive) == 0)
            return false;
    }
    return true;
}

} // namespace runnercore
