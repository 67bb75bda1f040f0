#pragma once

#include <runnercore/model/RunSpec.h>
#include <runnercore/workspace/MirrorCache.h>

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace runnercore {

class LfsTransfer;

// One git mount (§6.8) with the real git CLI: init, fetch exactly the commit (by id; the ref when
// the server refuses unadvertised objects), detached checkout, HEAD verified, submodules checked
// level by level. git never sees the person's setup: its environment is built from scratch (no
// system or global config, no credential helper, .netrc, SSH agent or prompt), hooks are off,
// only https (http to loopback) is allowed, redirects are not followed, objects are checked.
// Nor does it see anything a run or a repository left: every git runs with GIT_DIR and
// GIT_WORK_TREE naming a work tree and a git directory the Runner made itself (the mount's, or a
// submodule's that git made under the mount's .git/modules and that was found there, reached
// without a symlink), never one git discovered; no attributes but the repository's own. The
// credential reaches git only through the environment of the commands that talk to the origin
// (fetch, submodule update), as an Authorization header scoped to the mount's origin: never
// argv, never a file, never a local command.
class GitCheckout : public QObject
{
    Q_OBJECT
signals:
    // "Receiving objects", 43 (-1: no percent).
    void progress(const QString &phase, int percent);
    void finished(bool ok);

public:
    struct Request
    {
        QString gitProgram; // absolute path of git
        QString directory; // where the work tree goes: an empty directory the Runner just made
        QString scratchHome; // an empty private directory: git's HOME
        GitSource source;
        qint64 diskLimitBytes = 0; // disk_mib: 0 for none
        // Durable runs: the mirror to fetch into first and copy from (workspace/MirrorCache), with
        // its cache; empty for none (ZDR).
        QString mirror;
        QString cacheRoot;
        qint64 cacheLimitBytes = MirrorCache::DefaultLimitBytes;
        int lockTimeoutMs = 10 * 60 * 1000;
    };

    explicit GitCheckout(Request request, QObject *parent = nullptr);
    ~GitCheckout() override;

    void start();
    // Stops at once (the running git's whole process group is killed); finished(false) follows.
    void cancel();

    QString message() const { return m_message; } // why it failed, for workspace.failed (no secret)
    QString commit() const { return m_commit; }
    qint64 fileCount() const { return m_files; }
    qint64 byteCount() const { return m_bytes; }
    bool fromCache() const { return m_fromCache; } // the mirror had the commit: no network

    // What every git process of a mount runs with (public for tests: nothing of the Runner's), without
    // the credential.
    static QProcessEnvironment environment(const Request &request);
    // The same with what git-lfs's local commands need (its filters, its store pinned to the git
    // directory, `endpoint` as its URL whatever .lfsconfig says).
    static QProcessEnvironment lfsEnvironment(const QProcessEnvironment &base, const QString &endpoint);

private:
    // One work tree of the mount (its root, or a submodule's) and the git directory that goes with it.
    struct Tree
    {
        QString relative; // below the mount; empty for its root
        QString url; // where it comes from
        QString workTree; // absolute, without a symlink
        QString gitDir; // absolute: the mount's .git, or a directory under its .git/modules/
    };
    // Local commands never get the credential; only those that talk to the origin do.
    enum class Access { Local, Origin };

    // git with `arguments` (or `program`: the mirror copy's cp) in `workingDirectory` (the mount's
    // root when empty), with `environment`; done gets the exit code (-1: crashed or killed) and the
    // standard output.
    void run(const QStringList &arguments, std::function<void(int exitCode, const QByteArray &out)> done,
        const QProcessEnvironment &environment, const QString &workingDirectory = QString(),
        const QString &program = QString());
    // git for one tree: its work tree and git directory named, never discovered.
    void runIn(const Tree &tree, Access access, const QStringList &arguments,
        std::function<void(int exitCode, const QByteArray &out)> done);
    QProcessEnvironment treeEnvironment(const Tree &tree, Access access) const;
    bool makeGitDir();
    void initWorkTree(std::function<void()> next);
    void acquireMirror();
    void fillMirror(bool byRef);
    void copyFromMirror();
    void releaseMirror();
    void fetchById();
    void fetchByRef(bool deep);
    void verifyFetched(bool deep);
    void checkout();
    void verifyHead();
    void nextSubmoduleLevel();
    // A submodule's tree, once its superproject's `submodule update` made it: its directory
    // reached beneath the mount without a symlink, its git directory under the mount's
    // .git/modules/; nullopt with *error otherwise.
    std::optional<Tree> resolveSubmodule(const Tree &submodule, const QByteArray &gitDirOut, QString *error) const;
    void submoduleLevel(const Tree &tree);
    void fetchLfs();
    void checkoutLfs(const Tree &tree, const QProcessEnvironment &env);
    void measure();
    void fail(const QString &message);
    void onStderr();
    QString gitError() const;

    Request m_request;
    QProcessEnvironment m_environment; // no credential
    QProcessEnvironment m_originEnvironment; // with the credential, for the origin's commands only
    std::unique_ptr<QProcess> m_process;
    QByteArray m_pendingLine;
    QByteArray m_stderr; // the last lines git wrote that are not progress
    Tree m_root; // the mount's own work tree
    // Work trees whose submodules come next (a submodule's gitDir is found when its turn comes).
    QList<Tree> m_submoduleQueue;
    // Work trees whose LFS objects come next.
    QList<Tree> m_lfsTrees;
    std::unique_ptr<LfsTransfer> m_lfs;
    QByteArray m_authorization; // for LFS requests to the mount's origin; cleared when done
    QString m_message;
    QString m_commit;
    qint64 m_files = 0;
    qint64 m_bytes = 0;
    bool m_done = false;
    bool m_fromCache = false;
    bool m_fetchedMirror = false; // this run fetched into the mirror
    int m_lockFd = -1;
    QTimer m_lockPoll;
    QElapsedTimer m_lockWaited;
};

} // namespace runnercore
