#include <runnercore/workspace/GitCheckout.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/model/GitUrl.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/GitProgress.h>
#include <runnercore/workspace/GitSubmodules.h>
#include <runnercore/workspace/LfsObjects.h>
#include <runnercore/workspace/LfsTransfer.h>
#include <runnercore/workspace/MirrorCache.h>

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QUrl>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

namespace runnercore {

namespace {

const HeldLogger logger("workspace");

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(GitCheckout)
};

constexpr qsizetype MaxKeptStderr = 4096;
constexpr qsizetype MaxStdout = 1024 * 1024;

// The Authorization header's value for a mount's credential.
QString authorizationValue(const GitCredential &credential)
{
    return credential.kind == GitCredential::Kind::HttpBearer ? QStringLiteral("Bearer ") + credential.secret
                                                              : QStringLiteral("Basic ")
            + QString::fromLatin1((credential.username + QLatin1Char(':') + credential.secret).toUtf8().toBase64());
}

// `base` with more configuration entries (GIT_CONFIG_COUNT goes on from where it was).
QProcessEnvironment withConfig(QProcessEnvironment env, const QList<std::pair<QString, QString>> &config)
{
    const int first = env.value(QStringLiteral("GIT_CONFIG_COUNT"), QStringLiteral("0")).toInt();
    for (qsizetype i = 0; i < config.size(); ++i) {
        env.insert(QStringLiteral("GIT_CONFIG_KEY_%1").arg(first + i), config.at(i).first);
        env.insert(QStringLiteral("GIT_CONFIG_VALUE_%1").arg(first + i), config.at(i).second);
    }
    env.insert(QStringLiteral("GIT_CONFIG_COUNT"), QString::number(first + config.size()));
    return env;
}

// What every git of a mount is configured with, by environment (GIT_CONFIG_COUNT): no file of
// the person's or the repository's can switch any of it back on.
QList<std::pair<QString, QString>> configuration()
{
    return {
        { QStringLiteral("core.hooksPath"), QStringLiteral("/dev/null") },
        { QStringLiteral("core.attributesFile"), QStringLiteral("/dev/null") },
        { QStringLiteral("core.fsmonitor"), QStringLiteral("false") },
        { QStringLiteral("core.askPass"), QString() },
        { QStringLiteral("credential.helper"), QString() },
        { QStringLiteral("transfer.fsckObjects"), QStringLiteral("true") },
        { QStringLiteral("fetch.fsckObjects"), QStringLiteral("true") },
        { QStringLiteral("fetch.recurseSubmodules"), QStringLiteral("false") },
        { QStringLiteral("submodule.recurse"), QStringLiteral("false") },
        { QStringLiteral("http.followRedirects"), QStringLiteral("false") },
        { QStringLiteral("protocol.allow"), QStringLiteral("never") },
        { QStringLiteral("protocol.file.allow"), QStringLiteral("never") },
        { QStringLiteral("gc.auto"), QStringLiteral("0") },
        { QStringLiteral("maintenance.auto"), QStringLiteral("false") },
        { QStringLiteral("advice.detachedHead"), QStringLiteral("false") },
        { QStringLiteral("init.defaultBranch"), QStringLiteral("main") },
    };
}

// The environment of the commands that talk to the mount's origin: `base` with the credential as
// an Authorization header scoped to that origin (a submodule elsewhere never gets it).
QProcessEnvironment withCredential(const QProcessEnvironment &base, const GitCheckout::Request &request)
{
    if (!request.source.credential)
        return base;
    return withConfig(base,
        { { QStringLiteral("http.") + GitUrl::origin(request.source.url) + QStringLiteral("/.extraHeader"),
            QStringLiteral("Authorization: ") + authorizationValue(*request.source.credential) } });
}

bool isHttpLoopback(const QString &url)
{
    return url.startsWith(QLatin1String("http://")) && EndpointPolicy::isLoopbackHost(QUrl(url).host());
}

} // namespace

GitCheckout::GitCheckout(Request request, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_environment(environment(m_request))
    , m_originEnvironment(withCredential(m_environment, m_request))
{
    // LFS requests carry it too, until the objects are in (then it is forgotten).
    if (m_request.source.lfs && m_request.source.credential)
        m_authorization = authorizationValue(*m_request.source.credential).toUtf8();
}

GitCheckout::~GitCheckout()
{
    m_authorization.fill('\0');
    if (m_lockFd >= 0)
        ::close(m_lockFd);
    if (m_process && m_process->state() != QProcess::NotRunning) {
        ::kill(-pid_t(m_process->processId()), SIGKILL);
        m_process->waitForFinished(2000);
    }
}

QProcessEnvironment GitCheckout::environment(const Request &request)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), request.scratchHome);
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), request.scratchHome);
    env.insert(QStringLiteral("LANG"), QStringLiteral("C"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    env.insert(QStringLiteral("GIT_SSH_COMMAND"), QStringLiteral("/bin/false"));
    env.insert(QStringLiteral("GIT_PROTOCOL_FROM_USER"), QStringLiteral("0"));
    env.insert(QStringLiteral("GIT_LFS_SKIP_SMUDGE"), QStringLiteral("1"));
    // No attributes of the system's (nor, by core.attributesFile, the person's), no template files
    // (the submodules' git directories too), and no repository discovered above the mount.
    env.insert(QStringLiteral("GIT_ATTR_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_TEMPLATE_DIR"), QString());
    env.insert(QStringLiteral("GIT_CEILING_DIRECTORIES"), QFileInfo(request.directory).absolutePath());
    // http only for a loopback mount; every submodule URL is checked before git sees it.
    env.insert(QStringLiteral("GIT_ALLOW_PROTOCOL"),
        isHttpLoopback(request.source.url) ? QStringLiteral("https:http") : QStringLiteral("https"));
    return withConfig(env, configuration());
}

QProcessEnvironment GitCheckout::treeEnvironment(const Tree &tree, Access access) const
{
    QProcessEnvironment env = access == Access::Origin ? m_originEnvironment : m_environment;
    env.insert(QStringLiteral("GIT_DIR"), tree.gitDir);
    env.insert(QStringLiteral("GIT_WORK_TREE"), tree.workTree);
    return env;
}

// git-lfs for the local half of LFS only (listing, checkout, its filters in .git/config): it never
// downloads here (LfsTransfer does), and nothing a repository's .lfsconfig says can move its store
// or its endpoint.
QProcessEnvironment GitCheckout::lfsEnvironment(const QProcessEnvironment &base, const QString &endpoint)
{
    return withConfig(base,
        { { QStringLiteral("filter.lfs.smudge"), QStringLiteral("git-lfs smudge --skip -- %f") },
            { QStringLiteral("filter.lfs.process"), QStringLiteral("git-lfs filter-process --skip") },
            { QStringLiteral("filter.lfs.clean"), QStringLiteral("git-lfs clean -- %f") },
            { QStringLiteral("filter.lfs.required"), QStringLiteral("true") },
            { QStringLiteral("lfs.storage"), QStringLiteral("lfs") },
            { QStringLiteral("lfs.url"), endpoint.chopped(QStringLiteral("/objects/batch").size()) },
            { QStringLiteral("lfs.fetchinclude"), QString() }, { QStringLiteral("lfs.fetchexclude"), QString() } });
}

void GitCheckout::start()
{
    if (m_request.source.credential)
        m_request.source.credential->secret.clear(); // the environment holds it now; nothing else does
    if (!QFileInfo(m_request.gitProgram).isExecutable()) {
        fail(Messages::tr("git is not installed (apt install git)"));
        return;
    }
    if (!makeGitDir())
        return;
    if (!m_request.mirror.isEmpty())
        return acquireMirror();
    initWorkTree([this] { fetchById(); });
}

// The mount's .git, made here before any git runs, in the directory Materialization just made:
// it must not exist yet, so every git that follows reads only what the Runner and git put there.
bool GitCheckout::makeGitDir()
{
    const UniqueFd mount(
        ::open(QFile::encodeName(m_request.directory).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    QString error;
    if (!mount.valid())
        error = FileTree::systemError(errno);
    const QString workTree = QFileInfo(m_request.directory).canonicalFilePath();
    if (!mount.valid() || workTree.isEmpty() || !FileTree::makeNewPrivateDir(mount.get(), ".git", &error).valid()) {
        fail(Messages::tr("cannot make the git directory of the mount: %1").arg(error));
        return false;
    }
    m_root = Tree { QString(), m_request.source.url, workTree, workTree + QStringLiteral("/.git") };
    return true;
}

void GitCheckout::initWorkTree(std::function<void()> next)
{
    runIn(m_root, Access::Local, { QStringLiteral("init"), QStringLiteral("--quiet"), QStringLiteral("--template=") },
        [this, next](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("git init failed: %1").arg(gitError()));
            runIn(m_root, Access::Local,
                { QStringLiteral("remote"), QStringLiteral("add"), QStringLiteral("origin"), QStringLiteral("--"),
                    m_request.source.url },
                [this, next](int remoteCode, const QByteArray &) {
                    if (remoteCode != 0)
                        return fail(Messages::tr("git remote add failed: %1").arg(gitError()));
                    next();
                });
        });
}

// One run at a time per mirror, polled off the event loop's back: a lock left by a killed Runner
// is gone with its process (flock), one held by a live run is waited for, up to lockTimeoutMs.
void GitCheckout::acquireMirror()
{
    const MirrorCache cache(m_request.cacheRoot);
    QString error;
    if (!cache.prepare(m_request.mirror, m_request.source.url, &error))
        return fail(error);
    m_lockFd = cache.openLock(m_request.mirror, &error);
    if (m_lockFd < 0)
        return fail(error);
    m_lockWaited.start();
    const auto attempt = [this] {
        if (m_done)
            return m_lockPoll.stop();
        if (MirrorCache::tryLock(m_lockFd)) {
            m_lockPoll.stop();
            const bool exists = QFileInfo::exists(m_request.mirror + QStringLiteral("/HEAD"));
            if (exists)
                return fillMirror(false);
            run(
                { QStringLiteral("init"), QStringLiteral("--bare"), QStringLiteral("--quiet"),
                    QStringLiteral("--template="), m_request.mirror },
                [this](int code, const QByteArray &) {
                    if (code != 0)
                        return fail(Messages::tr("cannot create the git cache: %1").arg(gitError()));
                    fillMirror(false);
                },
                m_environment);
            return;
        }
        if (m_lockWaited.elapsed() > m_request.lockTimeoutMs) {
            m_lockPoll.stop();
            fail(Messages::tr("another run holds the git cache of this repository for more than %1 s")
                     .arg(m_request.lockTimeoutMs / 1000));
        } else if (!m_lockPoll.isActive()) {
            emit progress(Messages::tr("Waiting for another run's fetch of this repository"), -1);
        }
    };
    m_lockPoll.setInterval(100);
    connect(&m_lockPoll, &QTimer::timeout, this, attempt);
    m_lockPoll.start();
    attempt();
}

// The commit into the mirror, unless it is there already (then nothing goes over the network).
void GitCheckout::fillMirror(bool byRef)
{
    const QString gitDir = QStringLiteral("--git-dir=") + m_request.mirror;
    const QString keep = QStringLiteral("refs/checkfu/%1").arg(m_request.source.commit);
    run(
        { gitDir, QStringLiteral("cat-file"), QStringLiteral("-e"),
            m_request.source.commit + QStringLiteral("^{commit}") },
        [this, gitDir, keep, byRef](int present, const QByteArray &) {
            if (present == 0) {
                m_fromCache = !byRef && !m_fetchedMirror;
                // A ref keeps it: no gc of the mirror drops what a later run asks for by id.
                return run(
                    { gitDir, QStringLiteral("update-ref"), keep, m_request.source.commit },
                    [this](int, const QByteArray &) { copyFromMirror(); }, m_environment);
            }
            if (byRef)
                return fail(Messages::tr("commit %1 is not in %2")
                                .arg(m_request.source.commit, GitUrl::shown(m_request.source.url)));
            emit progress(Messages::tr("Fetching %1").arg(GitUrl::shown(m_request.source.url)), -1);
            QStringList args { gitDir, QStringLiteral("fetch"), QStringLiteral("--no-tags"),
                QStringLiteral("--progress") };
            if (m_request.source.depth)
                args << QStringLiteral("--depth=%1").arg(*m_request.source.depth);
            args << QStringLiteral("--") << m_request.source.url
                 << QStringLiteral("+%1:%2").arg(m_request.source.commit, keep);
            run(
                args,
                [this, gitDir](int code, const QByteArray &) {
                    m_fetchedMirror = true;
                    if (code == 0)
                        return fillMirror(false);
                    if (!m_request.source.ref)
                        return fail(Messages::tr("cannot fetch commit %1 from %2: %3")
                                        .arg(m_request.source.commit, GitUrl::shown(m_request.source.url), gitError()));
                    run(
                        { gitDir, QStringLiteral("fetch"), QStringLiteral("--no-tags"), QStringLiteral("--progress"),
                            QStringLiteral("--"), m_request.source.url,
                            QStringLiteral("+%1:refs/checkfu/ref").arg(*m_request.source.ref) },
                        [this](int refCode, const QByteArray &) {
                            if (refCode != 0)
                                return fail(
                                    Messages::tr("cannot fetch %1 from %2: %3")
                                        .arg(*m_request.source.ref, GitUrl::shown(m_request.source.url), gitError()));
                            fillMirror(true);
                        },
                        m_originEnvironment);
                },
                m_originEnvironment);
        },
        m_environment);
}

// Objects copied, never shared (no alternates, no hard links): a later gc or eviction of the
// mirror cannot break this work tree. Packs are copied as files (cp, reflinks where the file system
// has them): far cheaper than packing them again through a local fetch. Everything in the mirror was
// fetched with this run's own credential (the key), and was checked (fsckObjects) when it came.
void GitCheckout::copyFromMirror()
{
    initWorkTree([this] {
        emit progress(Messages::tr("Copying %1 from the git cache").arg(GitUrl::shown(m_request.source.url)), -1);
        const QString objects = m_request.mirror + QStringLiteral("/objects");
        QStringList sources;
        for (const QFileInfo &entry : QDir(objects).entryInfoList(QDir::Dirs | QDir::Files | QDir::NoDotAndDotDot)) {
            if (!entry.isSymLink() && entry.fileName() != QLatin1String("info"))
                sources.append(entry.filePath());
        }
        if (sources.isEmpty())
            return fail(Messages::tr("the git cache of %1 is empty").arg(GitUrl::shown(m_request.source.url)));
        QStringList args { QStringLiteral("-R"), QStringLiteral("--reflink=auto"), QStringLiteral("--") };
        args << sources << (m_root.gitDir + QStringLiteral("/objects/"));
        if (QFileInfo::exists(m_request.mirror + QStringLiteral("/shallow")))
            QFile::copy(m_request.mirror + QStringLiteral("/shallow"), m_root.gitDir + QStringLiteral("/shallow"));
        run(
            args,
            [this](int code, const QByteArray &) {
                releaseMirror();
                if (code != 0)
                    return fail(Messages::tr("cannot copy commit %1 from the git cache: %2")
                                    .arg(m_request.source.commit, gitError()));
                verifyFetched(true);
            },
            m_environment, QString(), QStringLiteral("/bin/cp"));
    });
}

void GitCheckout::releaseMirror()
{
    if (m_lockFd < 0)
        return;
    ::close(m_lockFd); // releases the flock
    m_lockFd = -1;
    MirrorCache(m_request.cacheRoot, m_request.cacheLimitBytes).evict(m_request.mirror);
}

void GitCheckout::fetchById()
{
    emit progress(Messages::tr("Fetching %1").arg(GitUrl::shown(m_request.source.url)), -1);
    QStringList args { QStringLiteral("fetch"), QStringLiteral("--no-tags"), QStringLiteral("--progress") };
    if (m_request.source.depth)
        args << QStringLiteral("--depth=%1").arg(*m_request.source.depth);
    args << QStringLiteral("origin") << m_request.source.commit;
    runIn(m_root, Access::Origin, args, [this](int code, const QByteArray &) {
        if (code == 0)
            return verifyFetched(true);
        if (!m_request.source.ref)
            return fail(Messages::tr("cannot fetch commit %1 from %2: %3")
                            .arg(m_request.source.commit, GitUrl::shown(m_request.source.url), gitError()));
        logger->info("{}: the server did not give commit {} by id; fetching {}", GitUrl::shown(m_request.source.url),
            m_request.source.commit, *m_request.source.ref);
        fetchByRef(false);
    });
}

void GitCheckout::fetchByRef(bool deep)
{
    QStringList args { QStringLiteral("fetch"), QStringLiteral("--no-tags"), QStringLiteral("--progress") };
    if (m_request.source.depth && !deep)
        args << QStringLiteral("--depth=%1").arg(*m_request.source.depth);
    else if (deep && QFileInfo::exists(m_root.gitDir + QStringLiteral("/shallow")))
        args << QStringLiteral("--unshallow");
    args << QStringLiteral("origin") << QStringLiteral("+%1:refs/checkfu/ref").arg(*m_request.source.ref);
    runIn(m_root, Access::Origin, args, [this, deep](int code, const QByteArray &) {
        if (code != 0)
            return fail(Messages::tr("cannot fetch %1 from %2: %3")
                            .arg(*m_request.source.ref, GitUrl::shown(m_request.source.url), gitError()));
        // A depth that cut the commit off: once more, whole.
        if (!deep && m_request.source.depth)
            return verifyFetched(false);
        verifyFetched(true);
    });
}

void GitCheckout::verifyFetched(bool final)
{
    runIn(m_root, Access::Local,
        { QStringLiteral("cat-file"), QStringLiteral("-e"), m_request.source.commit + QStringLiteral("^{commit}") },
        [this, final](int code, const QByteArray &) {
            if (code == 0)
                return checkout();
            if (!final && m_request.source.ref)
                return fetchByRef(true);
            fail(Messages::tr("commit %1 is not in %2")
                     .arg(m_request.source.commit, GitUrl::shown(m_request.source.url)));
        });
}

void GitCheckout::checkout()
{
    emit progress(Messages::tr("Checking out %1").arg(m_request.source.commit.left(12)), -1);
    runIn(m_root, Access::Local,
        { QStringLiteral("checkout"), QStringLiteral("--quiet"), QStringLiteral("--progress"),
            QStringLiteral("--detach"), m_request.source.commit, QStringLiteral("--") },
        [this](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("cannot check out %1: %2").arg(m_request.source.commit, gitError()));
            verifyHead();
        });
}

void GitCheckout::verifyHead()
{
    runIn(m_root, Access::Local, { QStringLiteral("rev-parse"), QStringLiteral("--verify"), QStringLiteral("HEAD") },
        [this](int code, const QByteArray &out) {
            const QString head = QString::fromLatin1(out).trimmed();
            if (code != 0 || head != m_request.source.commit)
                return fail(
                    Messages::tr("HEAD is %1 after checkout, not %2").arg(head.left(64), m_request.source.commit));
            m_commit = head;
            m_lfsTrees.append(m_root);
            if (m_request.source.submodules)
                m_submoduleQueue.append(m_root);
            nextSubmoduleLevel();
        });
}

// One work tree at a time: its submodules are the gitlinks of its index that .gitmodules names,
// each checked (URL and path rules of §6.8) and initialised and updated (not recursively: each
// level is checked before git reads it). A submodule's own turn starts by finding its tree.
void GitCheckout::nextSubmoduleLevel()
{
    if (m_submoduleQueue.isEmpty())
        return fetchLfs();
    const Tree next = m_submoduleQueue.takeFirst();
    if (!next.gitDir.isEmpty())
        return submoduleLevel(next);
    QString error;
    const UniqueFd mount(
        ::open(QFile::encodeName(m_root.workTree).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (!mount.valid() || !FileTree::openDirBeneath(mount.get(), next.relative, &error).valid())
        return fail(
            Messages::tr("the submodule %1 cannot be reached inside the work tree: %2").arg(next.relative, error));
    // Where git put its git directory, asked in its own directory only: never a repository above it.
    QProcessEnvironment env = m_environment;
    env.insert(QStringLiteral("GIT_CEILING_DIRECTORIES"), QFileInfo(next.workTree).absolutePath());
    run(
        { QStringLiteral("rev-parse"), QStringLiteral("--absolute-git-dir") },
        [this, next](int code, const QByteArray &out) {
            if (code != 0)
                return fail(Messages::tr("cannot find the git directory of the submodule %1: %2")
                                .arg(next.relative, gitError()));
            QString problem;
            const std::optional<Tree> tree = resolveSubmodule(next, out, &problem);
            if (!tree)
                return fail(problem);
            m_lfsTrees.append(*tree);
            submoduleLevel(*tree);
        },
        env, next.workTree);
}

std::optional<GitCheckout::Tree> GitCheckout::resolveSubmodule(
    const Tree &submodule, const QByteArray &gitDirOut, QString *error) const
{
    const QString modules = QFileInfo(m_root.gitDir + QStringLiteral("/modules")).canonicalFilePath();
    const QString gitDir = QFileInfo(QString::fromUtf8(gitDirOut).trimmed()).canonicalFilePath();
    if (modules.isEmpty() || !gitDir.startsWith(modules + QLatin1Char('/'))) {
        *error = Messages::tr("the git directory of the submodule %1 is not under the mount's .git/modules")
                     .arg(submodule.relative);
        return std::nullopt;
    }
    Tree tree = submodule;
    tree.gitDir = gitDir;
    return tree;
}

void GitCheckout::submoduleLevel(const Tree &tree)
{
    runIn(tree, Access::Local, { QStringLiteral("ls-files"), QStringLiteral("--stage"), QStringLiteral("-z") },
        [this, tree](int code, const QByteArray &out) {
            if (code != 0)
                return fail(Messages::tr("cannot list the files of %1: %2")
                                .arg(tree.relative.isEmpty() ? GitUrl::shown(tree.url) : tree.relative, gitError()));
            const GitSubmodules::Index index = GitSubmodules::parseIndex(out);
            if (!index.hasGitmodules)
                return nextSubmoduleLevel();
            runIn(tree, Access::Local,
                { QStringLiteral("config"), QStringLiteral("--file"), QStringLiteral(".gitmodules"),
                    QStringLiteral("--null"), QStringLiteral("--list") },
                [this, tree, index](int configCode, const QByteArray &list) {
                    if (configCode != 0)
                        return fail(Messages::tr("cannot read .gitmodules in %1: %2").arg(tree.relative, gitError()));
                    QString error;
                    const auto selected = GitSubmodules::select(list, index, tree.url, &error);
                    if (!selected)
                        return fail(error);
                    if (selected->isEmpty())
                        return nextSubmoduleLevel();
                    QList<Tree> children;
                    for (const GitSubmodules::Submodule &submodule : *selected) {
                        const QString relative = tree.relative.isEmpty()
                            ? submodule.path
                            : tree.relative + QLatin1Char('/') + submodule.path;
                        children.append(
                            Tree { relative, submodule.url, m_root.workTree + QLatin1Char('/') + relative, QString() });
                    }
                    emit progress(Messages::tr("Fetching submodules"), -1);
                    runIn(tree, Access::Origin,
                        { QStringLiteral("submodule"), QStringLiteral("update"), QStringLiteral("--init"),
                            QStringLiteral("--progress"), QStringLiteral("--") },
                        [this, children](int updateCode, const QByteArray &) {
                            if (updateCode != 0)
                                return fail(Messages::tr("cannot fetch the submodules: %1").arg(gitError()));
                            m_submoduleQueue.append(children);
                            nextSubmoduleLevel();
                        });
                });
        });
}

// LFS objects (§6.8 lfs: true), one work tree at a time (the mount's, then each submodule's, with
// its own URL): git-lfs lists the pointers, LfsTransfer downloads what is missing into the tree's
// store, git-lfs checks them out; then every pointer must be content, else the mount fails.
void GitCheckout::fetchLfs()
{
    if (!m_request.source.lfs || m_lfsTrees.isEmpty()) {
        m_authorization.fill('\0');
        m_authorization.clear();
        return measure();
    }
    const Tree tree = m_lfsTrees.takeFirst();
    const QString endpoint = LfsObjects::batchEndpoint(tree.url);
    // Without the credential: git-lfs needs none for its local half, and cannot leak what it lacks
    // (its error logs in .git/lfs/logs list the environment).
    const QProcessEnvironment env = lfsEnvironment(treeEnvironment(tree, Access::Local), endpoint);
    const std::optional<QString> ref = tree.relative.isEmpty() ? m_request.source.ref : std::nullopt;
    run(
        { QStringLiteral("lfs"), QStringLiteral("ls-files"), QStringLiteral("--json") },
        [this, tree, endpoint, env, ref](int code, const QByteArray &out) {
            if (code != 0)
                return fail(Messages::tr("git lfs ls-files failed: %1").arg(gitError()));
            QString error;
            const std::optional<QList<LfsObject>> listed = LfsObjects::parseListing(out, &error);
            if (!listed)
                return fail(error);
            QList<LfsObject> missing;
            qint64 bytes = 0;
            for (const LfsObject &object : *listed) {
                bytes += object.size;
                if (!object.present)
                    missing.append(object);
            }
            if (missing.isEmpty())
                return fetchLfs();
            // Each object is in the store and in the work tree.
            if (m_request.diskLimitBytes > 0 && bytes > m_request.diskLimitBytes / 2)
                return fail(Messages::tr("the LFS objects take %1 MiB (twice: store and work tree), more than the "
                                         "run's disk_mib (%2 MiB)")
                                .arg(bytes * 2 / (1024 * 1024))
                                .arg(m_request.diskLimitBytes / (1024 * 1024)));
            LfsTransfer::Request request { endpoint, tree.gitDir + QStringLiteral("/lfs/objects"),
                tree.gitDir + QStringLiteral("/lfs/tmp"), missing, GitUrl::origin(m_request.source.url),
                m_authorization, ref };
            m_lfs = std::make_unique<LfsTransfer>(request);
            connect(m_lfs.get(), &LfsTransfer::progress, this, [this](qint64 done, qint64 total) {
                emit progress(Messages::tr("Downloading LFS objects"), total > 0 ? int(done * 100 / total) : -1);
            });
            connect(m_lfs.get(), &LfsTransfer::finished, this, [this, tree, env](bool ok) {
                if (!ok)
                    return fail(m_lfs->message());
                checkoutLfs(tree, env);
            });
            emit progress(Messages::tr("Downloading LFS objects"), 0);
            m_lfs->start();
        },
        env, tree.workTree);
}

void GitCheckout::checkoutLfs(const Tree &tree, const QProcessEnvironment &env)
{
    run(
        { QStringLiteral("lfs"), QStringLiteral("checkout") },
        [this, tree, env](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("git lfs checkout failed: %1").arg(gitError()));
            run(
                { QStringLiteral("lfs"), QStringLiteral("ls-files"), QStringLiteral("--json") },
                [this, tree, env](int listCode, const QByteArray &out) {
                    QString error;
                    const std::optional<QList<LfsObject>> listed = LfsObjects::parseListing(out, &error);
                    if (listCode != 0 || !listed)
                        return fail(
                            Messages::tr("git lfs ls-files failed: %1").arg(error.isEmpty() ? gitError() : error));
                    const auto absent = std::count_if(
                        listed->cbegin(), listed->cend(), [](const LfsObject &object) { return !object.present; });
                    if (absent > 0)
                        return fail(
                            Messages::tr("%n LFS object(s) are still pointers after checkout", nullptr, int(absent)));
                    // Its filters into the work tree's own config, so that git there sees the files
                    // unchanged (git-lfs's usual clone; no hooks).
                    run(
                        { QStringLiteral("lfs"), QStringLiteral("install"), QStringLiteral("--local"),
                            QStringLiteral("--skip-repo") },
                        [this](int installCode, const QByteArray &) {
                            if (installCode != 0)
                                return fail(Messages::tr("git lfs install failed: %1").arg(gitError()));
                            fetchLfs();
                        },
                        env, tree.workTree);
                },
                env, tree.workTree);
        },
        env, tree.workTree);
}

void GitCheckout::measure()
{
    qint64 total = 0;
    QDirIterator it(m_request.directory, QDir::Files | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
        QDirIterator::Subdirectories);
    const QString gitDir = m_request.directory + QStringLiteral("/.git/");
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (info.isSymLink() || !info.isFile())
            continue;
        total += info.size();
        if (info.filePath().startsWith(gitDir) || info.fileName() == QLatin1String(".git"))
            continue;
        ++m_files;
        m_bytes += info.size();
    }
    if (m_request.diskLimitBytes > 0 && total > m_request.diskLimitBytes)
        return fail(Messages::tr("the repository takes %1 MiB, more than the run's disk_mib (%2 MiB)")
                        .arg(total / (1024 * 1024))
                        .arg(m_request.diskLimitBytes / (1024 * 1024)));
    m_done = true;
    emit finished(true);
}

void GitCheckout::cancel()
{
    if (m_done)
        return;
    if (m_process && m_process->state() != QProcess::NotRunning)
        ::kill(-pid_t(m_process->processId()), SIGKILL);
    fail(Messages::tr("stopped while fetching"));
}

void GitCheckout::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    m_authorization.fill('\0');
    m_authorization.clear();
    if (m_lfs) {
        // Possibly from inside its own finished(): it goes once that returned.
        disconnect(m_lfs.get(), nullptr, this, nullptr);
        m_lfs->cancel();
        m_lfs.release()->deleteLater();
    }
    releaseMirror();
    m_message = message;
    if (m_process && m_process->state() != QProcess::NotRunning)
        ::kill(-pid_t(m_process->processId()), SIGKILL);
    emit finished(false);
}

QString GitCheckout::gitError() const
{
    QString text = QString::fromUtf8(m_stderr).trimmed();
    text.replace(QLatin1Char('\n'), QLatin1String(" / "));
    return text.isEmpty() ? Messages::tr("git gave no reason") : text.right(600);
}

void GitCheckout::onStderr()
{
    const QByteArray chunk = m_process->readAllStandardError();
    for (const QByteArray &line : GitProgress::splitLines(m_pendingLine, chunk)) {
        if (const auto parsed = GitProgress::parseLine(line)) {
            emit progress(parsed->phase, parsed->percent);
            if (m_request.diskLimitBytes > 0 && parsed->bytes > m_request.diskLimitBytes)
                return fail(Messages::tr("the repository is larger than the run's disk_mib (%1 MiB)")
                                .arg(m_request.diskLimitBytes / (1024 * 1024)));
            continue;
        }
        m_stderr += line + '\n';
        if (m_stderr.size() > MaxKeptStderr)
            m_stderr = m_stderr.right(MaxKeptStderr);
    }
}

void GitCheckout::runIn(const Tree &tree, Access access, const QStringList &arguments,
    std::function<void(int exitCode, const QByteArray &out)> done)
{
    run(arguments, std::move(done), treeEnvironment(tree, access), tree.workTree);
}

void GitCheckout::run(const QStringList &arguments, std::function<void(int, const QByteArray &)> done,
    const QProcessEnvironment &environment, const QString &workingDirectory, const QString &program)
{
    if (m_done)
        return;
    m_stderr.clear();
    m_pendingLine.clear();
    // Called from the last process's finished(): it goes once that returned.
    if (m_process)
        m_process.release()->deleteLater();
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(program.isEmpty() ? m_request.gitProgram : program);
    m_process->setArguments(arguments);
    m_process->setWorkingDirectory(workingDirectory.isEmpty() ? m_request.directory : workingDirectory);
    m_process->setProcessEnvironment(environment);
    m_process->setStandardInputFile(QProcess::nullDevice());
    const rlim_t fileLimit = m_request.diskLimitBytes > 0 ? rlim_t(m_request.diskLimitBytes) : RLIM_INFINITY;
    // Its own process group, so that a cancel also ends git-remote-https and index-pack.
    m_process->setChildProcessModifier([fileLimit] {
        ::setpgid(0, 0);
        if (fileLimit != RLIM_INFINITY) {
            const struct rlimit limit = { fileLimit, fileLimit };
            ::setrlimit(RLIMIT_FSIZE, &limit);
        }
    });
    QProcess *process = m_process.get();
    connect(process, &QProcess::readyReadStandardError, this, &GitCheckout::onStderr);
    auto out = std::make_shared<QByteArray>();
    connect(process, &QProcess::readyReadStandardOutput, this, [process, out] {
        const QByteArray data = process->readAllStandardOutput();
        if (out->size() < MaxStdout)
            out->append(data.left(MaxStdout - out->size()));
    });
    connect(process, &QProcess::finished, this, [this, process, out, done](int exitCode, QProcess::ExitStatus status) {
        out->append(process->readAllStandardOutput().left(MaxStdout));
        onStderr();
        if (m_done)
            return;
        done(status == QProcess::NormalExit ? exitCode : -1, *out);
    });
    connect(process, &QProcess::errorOccurred, this, [this](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart)
            fail(Messages::tr("cannot start git: %1").arg(m_process->errorString()));
    });
    logger->debug("git {}", arguments.join(QLatin1Char(' ')));
    m_process->start();
}

} // namespace runnercore
