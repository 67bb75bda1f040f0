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

namespace runnercore {

class LfsTransfer;

// One git mount (§6.8) with the real git CLI: init, fetch exactly the commit (by id; the ref when
// the server refuses unadvertised objects), detached checkout, HEAD verified, submodules checked
// level by level. git never sees the person's setup: its environment is built from scratch (no
// system or global config, no credential helper, .netrc, SSH agent or prompt), hooks are off,
// only https (http to loopback) is allowed, redirects are not followed, objects are checked. The
// credential reaches git only through its environment, as an Authorization header scoped to the
// mount's origin: never argv, never a file.
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
        QString directory; // where the work tree goes (exists)
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

    // What every git process of a mount runs with (public for tests: nothing of the Runner's).
    static QProcessEnvironment environment(const Request &request);
    // The same with what git-lfs's local commands need (its filters, its store pinned to the git
    // directory, `endpoint` as its URL whatever .lfsconfig says).
    static QProcessEnvironment lfsEnvironment(const QProcessEnvironment &base, const QString &endpoint);

private:
    // git with `arguments` (or `program`: the mirror copy's cp), in the work tree, with the
    // environment above; done gets the exit code (-1: crashed or killed) and the standard output.
    void run(const QStringList &arguments, std::function<void(int exitCode, const QByteArray &out)> done,
        const QString &program = QString(), const QProcessEnvironment &environment = QProcessEnvironment());
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
    void fetchLfs();
    void checkoutLfs(const QString &dir, const QProcessEnvironment &env);
    void measure();
    void fail(const QString &message);
    void onStderr();
    QString gitError() const;

    Request m_request;
    QProcessEnvironment m_environment;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_pendingLine;
    QByteArray m_stderr; // the last lines git wrote that are not progress
    // Work trees whose .gitmodules come next (relative to the mount) and the URL they came from.
    QList<std::pair<QString, QString>> m_submoduleQueue;
    // Work trees whose LFS objects come next (relative to the mount) and their URLs.
    QList<std::pair<QString, QString>> m_lfsTrees;
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
