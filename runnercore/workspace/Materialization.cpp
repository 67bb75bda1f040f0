#include <runnercore/workspace/Materialization.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/model/GitUrl.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/GitCheckout.h>
#include <runnercore/workspace/InlineMountWriter.h>
#include <runnercore/workspace/MirrorCache.h>
#include <runnercore/workspace/MountPlacement.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QThread>
#include <QTimer>

#include <fcntl.h>

namespace runnercore {

namespace {

const HeldLogger logger("workspace");

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(Materialization)
};

UniqueFd openDir(const QString &path)
{
    return UniqueFd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

QJsonObject mountEntry(
    const RunMount &mount, qint64 files, qint64 bytes, const QString &commit, qint64 ms, bool fromCache = false)
{
    return QJsonObject { { QStringLiteral("target"), mount.target }, { QStringLiteral("kind"), mount.kind },
        { QStringLiteral("files"), files }, { QStringLiteral("bytes"), bytes },
        { QStringLiteral("commit"), commit.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(commit) },
        { QStringLiteral("from_cache"), fromCache }, { QStringLiteral("ms"), ms } };
}

} // namespace

Materialization::Materialization(Setup setup, QObject *parent) : QObject(parent), m_setup(std::move(setup)) { }

Materialization::~Materialization()
{
    if (m_restore) {
        m_setup.snapshots->cancel();
        m_restore->wait();
        delete m_restore;
    }
}

void Materialization::start()
{
    const qsizetype first = MountPlacement::firstFetched(m_setup.spec);
    for (qsizetype i = 0; i < first; ++i) {
        const RunMount &mount = m_setup.spec.mounts.at(i);
        m_ready.append(mountEntry(mount, InlineMountWriter::fileCount(mount), InlineMountWriter::byteCount(mount),
            QString(), i == 0 ? m_setup.preparedMs : 0));
    }
    m_index = first;
    // Asynchronous even when nothing is fetched: finished() never comes from inside start().
    QTimer::singleShot(0, this, &Materialization::next);
}

void Materialization::next()
{
    if (m_done)
        return;
    if (m_index >= m_setup.spec.mounts.size()) {
        const UniqueFd workspace = openDir(m_setup.workspaceDir);
        const UniqueFd home = openDir(m_setup.homeDir);
        if (workspace.valid() && home.valid()
            && MountPlacement::firstFetched(m_setup.spec) < m_setup.spec.mounts.size())
            InlineMountWriter::protect(workspace.get(), home.get(), m_setup.spec);
        m_done = true;
        emit finished(true);
        return;
    }
    const qsizetype index = m_index;
    const RunMount &mount = m_setup.spec.mounts.at(index);
    m_mountTimer.start();
    if (mount.kind == QLatin1String("snapshot"))
        return restoreSnapshot(index);
    if (mount.kind != QLatin1String("git")) {
        const UniqueFd workspace = openDir(m_setup.workspaceDir);
        const UniqueFd home = openDir(m_setup.homeDir);
        QString error = Messages::tr("the run's directories are gone");
        if (!workspace.valid() || !home.valid()
            || !InlineMountWriter::write(workspace.get(), home.get(), m_setup.spec, mount, &error))
            return failMount(index, error);
        mountDone(index, InlineMountWriter::fileCount(mount), InlineMountWriter::byteCount(mount), QString(),
            m_mountTimer.elapsed());
        return;
    }
    const MountPlacement placement = MountPlacement::of(m_setup.spec, mount);
    const QString directory = placement.hostPath(m_setup.workspaceDir, m_setup.homeDir);
    if (QString error; !makeGitTarget(mount, placement, &error))
        return failMount(index, error);
    if (m_setup.gitProgram.isEmpty())
        return failMount(index, Messages::tr("git is not installed (apt install git)"));
    GitCheckout::Request request;
    request.gitProgram = m_setup.gitProgram;
    request.directory = directory;
    request.scratchHome = m_setup.scratchDir;
    request.source = *mount.git;
    request.diskLimitBytes = m_setup.spec.resources.diskMib * 1024 * 1024;
    if (!m_setup.cacheRoot.isEmpty()) {
        request.cacheRoot = m_setup.cacheRoot;
        request.cacheLimitBytes = m_setup.cacheLimitBytes;
        request.mirror = MirrorCache(m_setup.cacheRoot).pathFor(*mount.git); // keyed while the secret is here
    }
    m_git = std::make_unique<GitCheckout>(request);
    // Nothing of the credential stays here once git has it.
    m_setup.spec.mounts[index].git->credential.reset();
    const QString shown = GitUrl::shown(mount.git->url);
    connect(m_git.get(), &GitCheckout::progress, this, [this, shown](const QString &phase, int percent) {
        emit progress(QStringLiteral("%1 · %2").arg(shown, phase), percent);
    });
    connect(m_git.get(), &GitCheckout::finished, this, [this, index](bool ok) {
        if (!ok)
            return failMount(index, m_git->message());
        mountDone(
            index, m_git->fileCount(), m_git->byteCount(), m_git->commit(), m_mountTimer.elapsed(), m_git->fromCache());
    });
    logger->info("fetching {} at {} into {}", shown, mount.git->commit, mount.target);
    m_git->start();
}

// A git mount goes only into a directory the Runner makes for it here: its parents may exist (from
// an earlier mount or the restored snapshot; never through a symlink), the target itself must not,
// or, as the workspace root, be empty. git run in a directory that holds a .git of someone else's
// (a harness that kept its workspace, a file of an uploaded project) would read its config, hooks
// and attributes on the host, with the mount's credential in its environment; so such a target is
// refused rather than emptied: nothing the run brought is silently thrown away.
bool Materialization::makeGitTarget(const RunMount &mount, const MountPlacement &placement, QString *error) const
{
    const UniqueFd base
        = openDir(placement.base == MountPlacement::Base::Home ? m_setup.homeDir : m_setup.workspaceDir);
    if (!base.valid()) {
        *error = Messages::tr("the run's directories are gone");
        return false;
    }
    const qsizetype slash = placement.relative.lastIndexOf(QLatin1Char('/'));
    bool existed = false;
    QString detail;
    if (placement.relative.isEmpty()) {
        existed = !FileTree::isEmptyDir(base.get());
    } else {
        const UniqueFd parent
            = FileTree::makePrivateDirs(base.get(), placement.relative.left(std::max<qsizetype>(slash, 0)), &detail);
        if (parent.valid())
            FileTree::makeNewPrivateDir(
                parent.get(), QFile::encodeName(placement.relative.mid(slash + 1)), &detail, &existed);
        if (!existed && !detail.isEmpty()) {
            *error = Messages::tr("cannot create the git mount's target %1: %2").arg(mount.target, detail);
            return false;
        }
    }
    if (existed) {
        *error = Messages::tr("the git mount's target %1 already exists (an earlier mount or the restored snapshot "
                              "holds it); the Runner fetches a repository only into a directory it creates itself. "
                              "Choose a target that does not exist yet, or leave %1 out of the earlier mount.")
                     .arg(mount.target);
        return false;
    }
    return true;
}

void Materialization::restoreSnapshot(qsizetype index)
{
    const RunMount &mount = m_setup.spec.mounts.at(index);
    if (!m_setup.snapshots) {
        m_snapshotUnavailable = true;
        return failMount(index, Messages::tr("this Runner keeps no snapshots"));
    }
    struct Outcome
    {
        SnapshotStore::Restore result = SnapshotStore::Restore::Failed;
        QString message;
        qint64 files = 0;
        qint64 bytes = 0;
    };
    auto outcome = std::make_shared<Outcome>();
    const std::shared_ptr<const SnapshotStore> store = m_setup.snapshots;
    const QString workspaceDir = m_setup.workspaceDir;
    const QString id = mount.snapshotId;
    const QByteArray digest = mount.snapshotDigest.toLatin1();
    // Re-hashing every byte takes a while for a large workspace: not on the Runner's thread.
    m_restore = QThread::create([store, workspaceDir, id, digest, outcome] {
        const UniqueFd workspace = openDir(workspaceDir);
        if (!workspace.valid()) {
            outcome->message = Messages::tr("the run's directories are gone");
            return;
        }
        outcome->result = store->restore(id, digest, workspace.get(), &outcome->message);
        if (const std::optional<SnapshotStore::Info> info = store->find(id)) {
            outcome->files = info->files;
            outcome->bytes = info->bytes;
        }
    });
    connect(m_restore, &QThread::finished, this, [this, index, outcome] {
        delete std::exchange(m_restore, nullptr);
        if (outcome->result == SnapshotStore::Restore::Restored)
            return mountDone(index, outcome->files, outcome->bytes, QString(), m_mountTimer.elapsed());
        // Anything but an I/O failure here means the snapshot as asked is not on this machine.
        m_snapshotUnavailable = outcome->result != SnapshotStore::Restore::Failed;
        failMount(index, outcome->message);
    });
    logger->info("restoring snapshot {} into {}", mount.snapshotId, mount.target);
    m_restore->start();
}

void Materialization::mountDone(
    qsizetype index, qint64 files, qint64 bytes, const QString &commit, qint64 ms, bool fromCache)
{
    m_ready.append(mountEntry(m_setup.spec.mounts.at(index), files, bytes, commit, ms, fromCache));
    ++m_index;
    QTimer::singleShot(0, this, &Materialization::next);
}

void Materialization::failMount(qsizetype index, const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    const RunMount &mount = m_setup.spec.mounts.at(index);
    m_failed = QJsonObject { { QStringLiteral("target"), mount.target }, { QStringLiteral("kind"), mount.kind },
        { QStringLiteral("message"), message } };
    emit finished(false);
}

void Materialization::cancel()
{
    if (m_done)
        return;
    if (m_git) {
        m_git->cancel(); // finished(false) → failMount
        return;
    }
    if (m_restore) {
        m_setup.snapshots->cancel(); // the restore stops; its end → failMount
        return;
    }
    const qsizetype index = std::min(m_index, m_setup.spec.mounts.size() - 1);
    failMount(index, Messages::tr("stopped while materialising"));
}

QJsonObject Materialization::readyData() const
{
    return QJsonObject { { QStringLiteral("mounts"), m_ready } };
}

QJsonObject Materialization::failedData() const
{
    return m_failed;
}

QString Materialization::repositoryText() const
{
    for (const RunMount &mount : m_setup.spec.mounts) {
        if (mount.git)
            return QStringLiteral("%1 @ %2").arg(GitUrl::shown(mount.git->url), mount.git->commit.left(12));
    }
    return QString();
}

} // namespace runnercore
