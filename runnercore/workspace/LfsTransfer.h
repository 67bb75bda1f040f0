#pragma once

#include <runnercore/workspace/LfsObjects.h>

#include <QByteArray>
#include <QCryptographicHash>
#include <QFile>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class QNetworkAccessManager;
class QNetworkReply;

namespace runnercore {

// The network half of a git mount's LFS objects (§6.8): the batch API, then each object into the
// work tree's LFS store, checked against its oid and size. git-lfs does everything local (listing,
// checkout); this does every request itself because git-lfs follows any address a server hands it,
// while here each one (the batch endpoint, every href, every redirect) must pass §6.8's URL rule.
// The credential goes only to `credentialOrigin`, never to a storage host elsewhere; cookies are
// neither kept nor sent, no proxy is used.
class LfsTransfer : public QObject
{
    Q_OBJECT
signals:
    void progress(qint64 doneBytes, qint64 totalBytes);
    void finished(bool ok);

public:
    struct Request
    {
        QString endpoint; // the batch endpoint (LfsObjects::batchEndpoint)
        QString objectsDir; // <git dir>/lfs/objects: objects land at <aa>/<bb>/<oid>
        QString tempDir; // <git dir>/lfs/tmp
        QList<LfsObject> objects; // the ones to download
        QString credentialOrigin; // scheme://host[:port] of the mount's URL
        QByteArray authorization; // "Basic …" / "Bearer …"; empty: none
        std::optional<QString> ref;
    };

    static constexpr int MaxRedirects = 5;
    static constexpr int InactivityTimeoutMs = 60000;
    static constexpr qint64 MaxBatchAnswerBytes = 16 * 1024 * 1024;

    explicit LfsTransfer(Request request, QObject *parent = nullptr);
    ~LfsTransfer() override;

    void start();
    void cancel(); // finished(false) follows at once

    QString message() const { return m_message; } // why it failed (no secret, no query string)
    qint64 receivedBytes() const { return m_doneBytes; }

private:
    void nextBatch();
    void nextDownload();
    // One request to `url`: redirects followed (each checked) up to MaxRedirects.
    void send(const QByteArray &method, const QString &url, const QList<std::pair<QByteArray, QByteArray>> &headers,
        const QByteArray &body, int redirects);
    void onReadyRead();
    void onFinished();
    void batchAnswered(const QByteArray &answer);
    void downloadDone();
    void fail(const QString &message);

    Request m_request;
    std::unique_ptr<QNetworkAccessManager> m_network;
    QNetworkReply *m_reply = nullptr;
    qsizetype m_batchStart = 0;
    QList<LfsDownload> m_downloads;
    qsizetype m_downloadIndex = 0;
    // The request under way, kept for a redirect.
    QByteArray m_method;
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    QByteArray m_body;
    int m_redirects = 0;
    bool m_downloading = false;
    QByteArray m_answer; // a batch answer as it arrives
    std::unique_ptr<QFile> m_file; // an object as it arrives
    QCryptographicHash m_hash { QCryptographicHash::Sha256 };
    qint64 m_objectBytes = 0;
    qint64 m_doneBytes = 0;
    qint64 m_totalBytes = 0;
    QString m_message;
    bool m_done = false;
};

} // namespace runnercore
