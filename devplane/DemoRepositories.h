#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QHttpServerRequest;
class QHttpServerResponder;

namespace devplane {

// The devplane's demo repositories (§6.8 git mounts without an account): bare repositories it
// builds with the git CLI when it starts, with fixed authors and dates so their commit ids are
// the same on every machine, served read-only over git's smart HTTP (`git http-backend` as a
// CGI) under /git/. Every fetch needs HTTP Basic with a password minted for one Session; the
// passwords live in memory only (a restarted devplane mints new ones).
class DemoRepositories : public QObject
{
    Q_OBJECT

public:
    struct Commit
    {
        QString id;
        QString subject;
    };
    struct Repository
    {
        QString name; // "demo.git"
        QList<Commit> commits; // oldest first
    };
    struct Credential
    {
        QString username;
        QString secret;
    };
    // Called once an answer was written: its status and, for the request log, the error code.
    using Answered = std::function<void(int status, const QString &code)>;

    static constexpr const char *pathPrefix = "/git/";
    static constexpr const char *demoName = "demo.git";
    static constexpr const char *username = "checkfu";

    explicit DemoRepositories(QObject *parent = nullptr);
    ~DemoRepositories() override;

    // Builds the repositories under `directory` (created owner-only; rebuilt if it holds other
    // ones). false + *error when git is missing or fails: the devplane then serves none.
    bool create(const QString &directory, QString *error);
    bool available() const { return !m_repositories.isEmpty(); }
    void setBaseUrl(const QString &baseUrl) { m_baseUrl = baseUrl; }
    QString url(const QString &name) const;
    const QList<Repository> &repositories() const { return m_repositories; }
    // The commit a demo Session checks out: the one before the tip, so that "exactly this
    // commit" is visible (a fetch of the branch would give another).
    QString demoCommit() const;
    // For GET /v1/_dev/repos: [{name, url, commits: [{id, subject}], demo_commit}].
    QJsonArray describe() const;
    // A fresh Basic credential for one Session.
    Credential mint();

    static bool handles(const QString &path);
    // GET <repo>/info/refs?service=git-upload-pack and POST <repo>/git-upload-pack; everything
    // else (pushes among it) is refused. Answers asynchronously, then calls `answered`.
    void serve(const QHttpServerRequest &request, QHttpServerResponder &&responder, const Answered &answered);

private:
    struct Backend;

    bool authorized(const QHttpServerRequest &request) const;
    bool runGit(const QStringList &arguments, const QString &directory, QString *error) const;

    QString m_root;
    QString m_baseUrl;
    QList<Repository> m_repositories;
    QHash<QString, qint64> m_secrets; // digest → when minted (ms since epoch)
    QList<Backend *> m_backends;
};

} // namespace devplane
