#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

// git for tests and benchmarks (issue 22): repositories built with the real git CLI, served over
// git's smart HTTP by tests/peers/gitserver/gitserver.py (git http-backend, HTTP Basic, 127.0.0.1).

// git with nothing of the machine's or the person's setup, fixed author and dates.
QProcessEnvironment cleanGitEnvironment(const QString &home);

// A work tree that becomes a bare repository under a server's root.
class RepoBuilder
{
public:
    explicit RepoBuilder(const QString &scratch);
    QString dir() const { return m_dir; }
    QByteArray git(const QStringList &args); // stdout, trimmed
    void write(const QString &path, const QByteArray &content);
    QString commit(const QString &message); // the new commit's id
    // A submodule entry (gitlink) with whatever .gitmodules says, as an attacker would write it.
    void addGitlink(const QString &path, const QString &url, const QString &sha);
    void publish(const QString &root, const QString &name); // a bare clone at root/name

private:
    QString m_dir;
    QProcessEnvironment m_env;
    QStringList m_gitlinks; // update-index --cacheinfo entries, kept by every commit
};

class GitHttpServer
{
public:
    static inline const QString User = QStringLiteral("checkfu");
    ~GitHttpServer();
    // The password (and a bearer token it also accepts) go through the environment, never the
    // server's argv.
    bool start(
        const QString &root, const QString &password, const QStringList &extra = {}, const QString &bearer = QString());
    QString url(const QString &name) const;

private:
    QProcess m_process;
    int m_port = 0;
};

// A git mount of `url` at `commit` (§6.8) at the workspace root, with the server's HTTP Basic
// credential; no submodules, no LFS.
QJsonObject gitMount(
    const QString &url, const QString &commit, const QString &password, const QJsonValue &ref = QJsonValue());

// A GitHttpServer's --request-log as objects (method, path, query, whether an Authorization came).
QList<QJsonObject> gitRequestLog(const QString &path);
// A request of the LFS API (the batch or a download), not of git's own protocol.
bool isLfsRequest(const QJsonObject &request);
