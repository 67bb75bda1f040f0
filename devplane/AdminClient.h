#pragma once

#include <QCommandLineOption>
#include <QDeadlineTimer>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QUrl>

class QCommandLineParser;

namespace devplane {

// The admin subcommands (pair, key, presences, revoke, drain, resume, runner, requests, session
// create/wait/events/cancel/prompt/close/approve/approvals/wait-approval): HTTP calls to a
// running devplane with its admin key, in a local event loop.
class AdminClient
{
public:
    // Runs `command` with its own arguments (argv after the subcommand); returns the exit code.
    // The devplane is found by --url/--admin-key, else --info-file, else CHECKFU_DEVPLANE_URL
    // and CHECKFU_DEVPLANE_ADMIN_KEY.
    int run(const QString &command, const QStringList &arguments);

private:
    struct Response
    {
        int status = 0;
        QJsonObject body;
        QString failure; // "code: message" or a transport error; empty on success
    };

    // body == nullptr: no body. Writes carry a fresh Idempotency-Key.
    Response call(const QByteArray &method, const QString &pathAndQuery, const QJsonObject *body);
    static int fail(const QString &message);
    // The options `session` reads, declared with the others in run().
    struct SessionOptions
    {
        QCommandLineOption preset;
        QCommandLineOption spec;
        QCommandLineOption owner;
        QCommandLineOption workspace;
        QCommandLineOption pool;
        QCommandLineOption param;
        QCommandLineOption timeout;
        QCommandLineOption option;
        QCommandLineOption cancel;
    };
    int runSession(const QCommandLineParser &parser, const SessionOptions &options, const QStringList &positional);
    int createSession(const QCommandLineParser &parser, const SessionOptions &options);
    int waitForSettlement(const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options);
    int waitForApproval(const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options);
    int approve(const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options,
        const QStringList &positional);
    // --timeout as a deadline (Forever when not given); false after printing the error.
    static bool timeoutDeadline(const QCommandLineParser &parser, const SessionOptions &options, QDeadlineTimer *out);
    bool resolveEndpoint(const QString &url, const QString &adminKey, const QString &infoFile, QString *error);

    QUrl m_baseUrl;
    QString m_adminKey;
    QNetworkAccessManager m_network;
};

} // namespace devplane
