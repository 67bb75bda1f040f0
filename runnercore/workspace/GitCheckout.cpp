#include <runnercore/workspace/GitCheckout.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/model/GitUrl.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/workspace/GitProgress.h>
#include <runnercore/workspace/LfsObjects.h>
#include <runnercore/workspace/LfsTransfer.h>
#include <runnercore/workspace/MirrorCache.h>

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QUrl>

#include <csignal>
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
QList<std::pair<QString, QString>> configuration(const GitCheckout::Request &request)
{
    QList<std::pair<QString, QString>> config {
        { QStringLiteral("core.hooksPath"), QStringLiteral("/dev/null") },
        { QStringLiteral("core.fsmonitor"), QStringLiteral("false") },
        { QStringLiteral("core.askPass"), QString() },
        { QStringLiteral("credential.helper"), QString() },
        { QStringLiteral("transfer.fsckObjects"), QStringLiteral("true") },
        { QStringLiteral("fetch.fsckObjects"), QStringLiteral("true") },
        { QStringLiteral("fetch.recurseSubmodules"), QStringLiteral("false") },
        { QStringLiteral("submodule.recurse"), QStringLiteral("false") },
        { QStringLiteral("http.followRedirects"), QStringLiteral("false") },
        { QStringLiteral("protocol.allow"), QStringLiteral("never") },
        { QStringLiteral("gc.auto"), QStringLiteral("0") },
        { QStringLiteral("maintenance.auto"), QStringLiteral("false") },
        { QStringLiteral("advice.detachedHead"), QStringLiteral("false") },
        { QStringLiteral("init.defaultBranch"), QStringLiteral("main") },
    };
    if (request.source.credential) {
        const QString value = authorizationValue(*request.source.credential);
        // Scoped to the mount's origin: a submodule elsewhere never gets it.
        config.append({ QStringLiteral("http.") + GitUrl::origin(request.source.url) + QStringLiteral("/.extraHeader"),
            QStringLiteral("Authorization: ") + value });
    }
    return config;
}

bool isHttpLoopback(const QString &url)
{
    return url.startsWith(QLatin1String("http://")) && EndpointPolicy::isLoopbackHost(QUrl(url).host());
}

// A .gitmodules path that git takes as a path below the work tree, nothing else.
bool isSafeSubmodulePath(const QString &path)
{
    if (path.isEmpty() || path.startsWith(QLatin1Char('-')) || path.startsWith(QLatin1Char('/'))
        || path.contains(QLatin1Char('\\')) || path.size() > 1024)
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

} // namespace

GitCheckout::GitCheckout(Request request, QObject *parent)
    : QObject(parent), m_request(std::move(request)), m_environment(environment(m_request))
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
    // http only for a loopback mount; every submodule URL is checked before git sees it.
    env.insert(QStringLiteral("GIT_ALLOW_PROTOCOL"),
        isHttpLoopback(request.source.url) ? QStringLiteral("https:http") : QStringLiteral("https"));
    return withConfig(env, configuration(request));
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
    if (!m_request.mirror.isEmpty())
        return acquireMirror();
    initWorkTree([this] { fetchById(); });
}

void GitCheckout::initWorkTree(std::function<void()> next)
{
    run({ QStringLiteral("init"), QStringLiteral("--quiet"), QStringLiteral("--template="), QStringLiteral(".") },
        [this, next](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("git init failed: %1").arg(gitError()));
            run({ QStringLiteral("remote"), QStringLiteral("add"), QStringLiteral("origin"), QStringLiteral("--"),
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
            run({ QStringLiteral("init"), QStringLiteral("--bare"), QStringLiteral("--quiet"),
                    QStringLiteral("--template="), m_request.mirror },
                [this](int code, const QByteArray &) {
                    if (code != 0)
                        return fail(Messages::tr("cannot create the git cache: %1").arg(gitError()));
                    fillMirror(false);
                });
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
    run({ gitDir, QStringLiteral("cat-file"), QStringLiteral("-e"),
            m_request.source.commit + QStringLiteral("^{commit}") },
        [this, gitDir, keep, byRef](int present, const QByteArray &) {
            if (present == 0) {
                m_fromCache = !byRef && !m_fetchedMirror;
                // A ref keeps it: no gc of the mirror drops what a later run asks for by id.
                return run({ gitDir, QStringLiteral("update-ref"), keep, m_request.source.commit },
                    [this](int, const QByteArray &) { copyFromMirror(); });
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
            run(args, [this, gitDir](int code, const QByteArray &) {
                m_fetchedMirror = true;
                if (code == 0)
                    return fillMirror(false);
                if (!m_request.source.ref)
                    return fail(Messages::tr("cannot fetch commit %1 from %2: %3")
                                    .arg(m_request.source.commit, GitUrl::shown(m_request.source.url), gitError()));
                run({ gitDir, QStringLiteral("fetch"), QStringLiteral("--no-tags"), QStringLiteral("--progress"),
                        QStringLiteral("--"), m_request.source.url,
                        QStringLiteral("+%1:refs/checkfu/ref").arg(*m_request.source.ref) },
                    [this](int refCode, const QByteArray &) {
                        if (refCode != 0)
                            return fail(
                                Messages::tr("cannot fetch %1 from %2: %3")
                                    .arg(*m_request.source.ref, GitUrl::shown(m_request.source.url), gitError()));
                        fillMirror(true);
                    });
            });
        });
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
        args << sources << (m_request.directory + QStringLiteral("/.git/objects/"));
        if (QFileInfo::exists(m_request.mirror + QStringLiteral("/shallow")))
            QFile::copy(
                m_request.mirror + QStringLiteral("/shallow"), m_request.directory + QStringLiteral("/.git/shallow"));
        run(
            args,
            [this](int code, const QByteArray &) {
                releaseMirror();
                if (code != 0)
                    return fail(Messages::tr("cannot copy commit %1 from the git cache: %2")
                                    .arg(m_request.source.commit, gitError()));
                verifyFetched(true);
            },
            QStringLiteral("/bin/cp"));
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
    run(args, [this](int code, const QByteArray &) {
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
    else if (deep && QFileInfo::exists(m_request.directory + QStringLiteral("/.git/shallow")))
        args << QStringLiteral("--unshallow");
    args << QStringLiteral("origin") << QStringLiteral("+%1:refs/checkfu/ref").arg(*m_request.source.ref);
    run(args, [this, deep](int code, const QByteArray &) {
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
    run({ QStringLiteral("cat-file"), QStringLiteral("-e"), m_request.source.commit + QStringLiteral("^{commit}") },
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
    run({ QStringLiteral("checkout"), QStringLiteral("--quiet"), QStringLiteral("--progress"),
            QStringLiteral("--detach"), m_request.source.commit, QStringLiteral("--") },
        [this](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("cannot check out %1: %2").arg(m_request.source.commit, gitError()));
            verifyHead();
        });
}

void GitCheckout::verifyHead()
{
    run({ QStringLiteral("rev-parse"), QStringLiteral("--verify"), QStringLiteral("HEAD") },
        [this](int code, const QByteArray &out) {
            const QString head = QString::fromLatin1(out).trimmed();
            if (code != 0 || head != m_request.source.commit)
                return fail(
                    Messages::tr("HEAD is %1 after checkout, not %2").arg(head.left(64), m_request.source.commit));
            m_commit = head;
            m_lfsTrees.append({ QString(), m_request.source.url });
            if (m_request.source.submodules)
                m_submoduleQueue.append({ QString(), m_request.source.url });
            nextSubmoduleLevel();
        });
}

// One work tree at a time: its .gitmodules checked (URL and path rules of §6.8), its submodules
// initialised and updated (not recursively: each level is checked before git reads it).
void GitCheckout::nextSubmoduleLevel()
{
    if (m_submoduleQueue.isEmpty())
        return fetchLfs();
    // Named copies, not a structured binding: clang (the fuzz build) cannot capture bindings.
    const std::pair<QString, QString> level = m_submoduleQueue.takeFirst();
    const QString relative = level.first;
    const QString base = level.second;
    const QString dir = relative.isEmpty() ? m_request.directory : m_request.directory + QLatin1Char('/') + relative;
    if (!QFileInfo(dir + QStringLiteral("/.gitmodules")).isFile())
        return nextSubmoduleLevel();
    run({ QStringLiteral("-C"), dir, QStringLiteral("config"), QStringLiteral("--file"), QStringLiteral(".gitmodules"),
            QStringLiteral("--null"), QStringLiteral("--list") },
        [this, dir, relative, base](int code, const QByteArray &out) {
            if (code != 0)
                return fail(Messages::tr("cannot read .gitmodules in %1: %2").arg(relative, gitError()));
            // submodule.<name>.path and .url, paired by name.
            QMap<QString, std::pair<QString, QString>> modules;
            for (const QByteArray &entry : out.split('\0')) {
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
                if (field == QLatin1String("path"))
                    modules[name].first = value;
                else if (field == QLatin1String("url"))
                    modules[name].second = value;
                else if (field == QLatin1String("update") && value.startsWith(QLatin1Char('!')))
                    return fail(Messages::tr("a submodule in .gitmodules asks to run a command on update"));
            }
            QList<std::pair<QString, QString>> next;
            for (auto it = modules.cbegin(); it != modules.cend(); ++it) {
                const auto &[path, rawUrl] = it.value();
                if (!isSafeSubmodulePath(path))
                    return fail(Messages::tr("the submodule path '%1' in .gitmodules is refused (option-like, absolute "
                                             "or leaving the work tree)")
                                    .arg(path.left(200)));
                const bool isRelative
                    = rawUrl.startsWith(QLatin1String("./")) || rawUrl.startsWith(QLatin1String("../"));
                const QString url = isRelative ? GitUrl::resolveRelative(base, rawUrl) : rawUrl;
                const QString problem = url.isEmpty() ? Messages::tr("leaves its server") : GitUrl::problem(url);
                if (!problem.isEmpty())
                    return fail(Messages::tr("the URL of submodule %1 (%2) %3")
                                    .arg(path.left(200), GitUrl::shown(rawUrl), problem));
                next.append({ relative.isEmpty() ? path : relative + QLatin1Char('/') + path, url });
            }
            emit progress(Messages::tr("Fetching submodules"), -1);
            run({ QStringLiteral("-C"), dir, QStringLiteral("submodule"), QStringLiteral("update"),
                    QStringLiteral("--init"), QStringLiteral("--progress"), QStringLiteral("--") },
                [this, next](int updateCode, const QByteArray &) {
                    if (updateCode != 0)
                        return fail(Messages::tr("cannot fetch the submodules: %1").arg(gitError()));
                    m_submoduleQueue.append(next);
                    m_lfsTrees.append(next);
                    nextSubmoduleLevel();
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
    const std::pair<QString, QString> tree = m_lfsTrees.takeFirst();
    const QString relative = tree.first;
    const QString dir = relative.isEmpty() ? m_request.directory : m_request.directory + QLatin1Char('/') + relative;
    const QString endpoint = LfsObjects::batchEndpoint(tree.second);
    // Without the credential: git-lfs needs none for its local half, and cannot leak what it lacks
    // (its error logs in .git/lfs/logs list the environment).
    Request anonymous = m_request;
    anonymous.source.credential.reset();
    const QProcessEnvironment env = lfsEnvironment(environment(anonymous), endpoint);
    const std::optional<QString> ref = relative.isEmpty() ? m_request.source.ref : std::nullopt;
    run(
        { QStringLiteral("-C"), dir, QStringLiteral("lfs"), QStringLiteral("ls-files"), QStringLiteral("--json") },
        [this, dir, endpoint, env, ref](int code, const QByteArray &out) {
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
            run(
                { QStringLiteral("-C"), dir, QStringLiteral("rev-parse"), QStringLiteral("--absolute-git-dir") },
                [this, dir, endpoint, env, ref, missing](int revCode, const QByteArray &gitDirOut) {
                    const QString gitDir = QString::fromUtf8(gitDirOut).trimmed();
                    if (revCode != 0 || !gitDir.startsWith(QLatin1Char('/')))
                        return fail(Messages::tr("cannot find the git directory of %1: %2").arg(dir, gitError()));
                    LfsTransfer::Request request { endpoint, gitDir + QStringLiteral("/lfs/objects"),
                        gitDir + QStringLiteral("/lfs/tmp"), missing, GitUrl::origin(m_request.source.url),
                        m_authorization, ref };
                    m_lfs = std::make_unique<LfsTransfer>(request);
                    connect(m_lfs.get(), &LfsTransfer::progress, this, [this](qint64 done, qint64 total) {
                        emit progress(
                            Messages::tr("Downloading LFS objects"), total > 0 ? int(done * 100 / total) : -1);
                    });
                    connect(m_lfs.get(), &LfsTransfer::finished, this, [this, dir, env](bool ok) {
                        if (!ok)
                            return fail(m_lfs->message());
                        checkoutLfs(dir, env);
                    });
                    emit progress(Messages::tr("Downloading LFS objects"), 0);
                    m_lfs->start();
                },
                QString(), env);
        },
        QString(), env);
}

void GitCheckout::checkoutLfs(const QString &dir, const QProcessEnvironment &env)
{
    run(
        { QStringLiteral("-C"), dir, QStringLiteral("lfs"), QStringLiteral("checkout") },
        [this, dir, env](int code, const QByteArray &) {
            if (code != 0)
                return fail(Messages::tr("git lfs checkout failed: %1").arg(gitError()));
            run(
                { QStringLiteral("-C"), dir, QStringLiteral("lfs"), QStringLiteral("ls-files"),
                    QStringLiteral("--json") },
                [this, dir, env](int listCode, const QByteArray &out) {
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
                        { QStringLiteral("-C"), dir, QStringLiteral("lfs"), QStringLiteral("install"),
                            QStringLiteral("--local"), QStringLiteral("--skip-repo") },
                        [this](int installCode, const QByteArray &) {
                            if (installCode != 0)
                                return fail(Messages::tr("git lfs install failed: %1").arg(gitError()));
                            fetchLfs();
                        },
                        QString(), env);
                },
                QString(), env);
        },
        QString(), env);
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

void GitCheckout::run(const QStringList &arguments, std::function<void(int, const QByteArray &)> done,
    const QString &program, const QProcessEnvironment &environment)
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
    m_process->setWorkingDirectory(m_request.directory);
    m_process->setProcessEnvironment(environment.isEmpty() ? m_environment : environment);
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
