#include <runnercore/workspace/LfsTransfer.h>

#include <runnercore/model/GitUrl.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QMetaEnum>
#include <QNetworkAccessManager>
#include <QNetworkProxy>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QUrl>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(LfsTransfer)
};

constexpr qint64 ReadBufferBytes = 4 * 1024 * 1024;
const QByteArray LfsMediaType = QByteArrayLiteral("application/vnd.git-lfs+json");

bool isRedirect(int status)
{
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

QString objectPath(const QString &objectsDir, const QString &oid)
{
    return QStringLiteral("%1/%2/%3/%4").arg(objectsDir, oid.left(2), oid.mid(2, 2), oid);
}

} // namespace

LfsTransfer::LfsTransfer(Request request, QObject *parent) : QObject(parent), m_request(std::move(request))
{
    for (const LfsObject &object : m_request.objects)
        m_totalBytes += object.size;
}

LfsTransfer::~LfsTransfer()
{
    m_done = true;
    if (m_reply) {
        m_reply->abort();
        m_reply->deleteLater();
    }
    if (m_file)
        m_file->remove();
    m_request.authorization.fill('\0');
}

void LfsTransfer::start()
{
    m_network = std::make_unique<QNetworkAccessManager>();
    m_network->setProxy(QNetworkProxy::NoProxy);
    m_network->setRedirectPolicy(QNetworkRequest::ManualRedirectPolicy);
    m_network->setTransferTimeout(InactivityTimeoutMs);
    if (!QDir().mkpath(m_request.objectsDir) || !QDir().mkpath(m_request.tempDir))
        return fail(Messages::tr("cannot create the LFS store in the work tree"));
    nextBatch();
}

void LfsTransfer::cancel()
{
    fail(Messages::tr("stopped while downloading LFS objects"));
}

void LfsTransfer::nextBatch()
{
    if (m_done)
        return;
    if (m_batchStart >= m_request.objects.size()) {
        m_done = true;
        m_request.authorization.fill('\0');
        emit finished(true);
        return;
    }
    const QList<LfsObject> batch = m_request.objects.mid(m_batchStart, LfsObjects::BatchSize);
    m_downloading = false;
    m_answer.clear();
    send("POST", m_request.endpoint, { { "Accept", LfsMediaType }, { "Content-Type", LfsMediaType } },
        LfsObjects::batchRequest(batch, m_request.ref), 0);
}

void LfsTransfer::batchAnswered(const QByteArray &answer)
{
    const QList<LfsObject> batch = m_request.objects.mid(m_batchStart, LfsObjects::BatchSize);
    QString error;
    const std::optional<QList<LfsDownload>> downloads = LfsObjects::parseBatchResponse(answer, batch, &error);
    if (!downloads)
        return fail(error);
    m_downloads = *downloads;
    m_downloadIndex = 0;
    nextDownload();
}

void LfsTransfer::nextDownload()
{
    if (m_done)
        return;
    if (m_downloadIndex >= m_downloads.size()) {
        m_batchStart += LfsObjects::BatchSize;
        return nextBatch();
    }
    const LfsDownload &download = m_downloads.at(m_downloadIndex);
    m_downloading = true;
    send("GET", download.href, download.headers, QByteArray(), 0);
}

void LfsTransfer::send(const QByteArray &method, const QString &url,
    const QList<std::pair<QByteArray, QByteArray>> &headers, const QByteArray &body, int redirects)
{
    // Every address a server names is held to the rule the mount's own URL is (§6.8).
    if (const QString problem = GitUrl::transferProblem(url); !problem.isEmpty())
        return fail(Messages::tr("the LFS address %1 is refused: it %2").arg(GitUrl::shown(url), problem));
    m_method = method;
    m_headers = headers;
    m_body = body;
    m_redirects = redirects;
    if (m_downloading) {
        const LfsDownload &download = m_downloads.at(m_downloadIndex);
        m_hash.reset();
        m_objectBytes = 0;
        m_file = std::make_unique<QFile>(m_request.tempDir + QStringLiteral("/checkfu-") + download.oid);
        if (!m_file->open(QIODevice::WriteOnly | QIODevice::Truncate))
            return fail(
                Messages::tr("cannot write LFS object %1: %2").arg(download.oid.left(12), m_file->errorString()));
    }
    QNetworkRequest request { QUrl(url, QUrl::StrictMode) };
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::AuthenticationReuseAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute, QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("checkfu-runner"));
    bool authorized = false;
    for (const auto &[name, value] : headers) {
        request.setRawHeader(name, value);
        authorized = authorized || name.compare("authorization", Qt::CaseInsensitive) == 0;
    }
    // The mount's credential only to its own origin; a storage host gets what the server gave it.
    if (!authorized && !m_request.authorization.isEmpty() && GitUrl::origin(url) == m_request.credentialOrigin)
        request.setRawHeader("Authorization", m_request.authorization);
    m_reply = method == "POST" ? m_network->post(request, body) : m_network->get(request);
    m_reply->setReadBufferSize(ReadBufferBytes);
    connect(m_reply, &QNetworkReply::readyRead, this, &LfsTransfer::onReadyRead);
    connect(m_reply, &QNetworkReply::finished, this, &LfsTransfer::onFinished);
}

void LfsTransfer::onReadyRead()
{
    if (m_done || !m_reply)
        return;
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status != 200) {
        m_reply->readAll(); // a redirect's or an error's body: not kept
        return;
    }
    const QByteArray data = m_reply->readAll();
    if (!m_downloading) {
        m_answer += data;
        if (m_answer.size() > MaxBatchAnswerBytes)
            fail(Messages::tr("the LFS server's batch answer is larger than %1 MiB")
                     .arg(MaxBatchAnswerBytes / (1024 * 1024)));
        return;
    }
    const LfsDownload &download = m_downloads.at(m_downloadIndex);
    m_objectBytes += data.size();
    if (m_objectBytes > download.size)
        return fail(Messages::tr("the LFS server sends more than the %1 bytes of object %2")
                        .arg(download.size)
                        .arg(download.oid.left(12)));
    m_hash.addData(data);
    if (m_file->write(data) != data.size())
        return fail(Messages::tr("cannot write LFS object %1: %2").arg(download.oid.left(12), m_file->errorString()));
    m_doneBytes += data.size();
    emit progress(m_doneBytes, m_totalBytes);
}

void LfsTransfer::onFinished()
{
    QNetworkReply *reply = m_reply;
    if (!reply)
        return;
    m_reply = nullptr;
    reply->deleteLater();
    if (m_done)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status == 200 && reply->bytesAvailable() > 0) {
        m_reply = reply; // what came with the end
        onReadyRead();
        m_reply = nullptr;
        if (m_done)
            return;
    }
    const QString shown = GitUrl::shown(reply->url().toString());
    if (isRedirect(status)) {
        const QUrl location = reply->url().resolved(QUrl(QString::fromUtf8(reply->rawHeader("Location"))));
        if (m_redirects >= MaxRedirects)
            return fail(Messages::tr("%1 redirects more than %2 times").arg(shown).arg(MaxRedirects));
        if (m_method == "POST" && status != 307 && status != 308)
            return fail(Messages::tr("the LFS server redirects its batch API (HTTP %1)").arg(status));
        const QString next = location.toString(QUrl::FullyEncoded);
        // Headers the server gave for one origin never go to another.
        const auto headers = GitUrl::origin(next) == GitUrl::origin(reply->url().toString(QUrl::FullyEncoded))
            ? m_headers
            : QList<std::pair<QByteArray, QByteArray>>();
        return send(m_method, next, headers, m_body, m_redirects + 1);
    }
    if (status == 0) {
        // Qt's own text names the whole URL, query and all: the error's name is enough.
        const char *name = QMetaEnum::fromType<QNetworkReply::NetworkError>().valueToKey(reply->error());
        return fail(Messages::tr("cannot reach %1 (%2)").arg(shown, QString::fromLatin1(name ? name : "?")));
    }
    if (status == 401 || status == 403)
        return fail(Messages::tr("%1 refused the mount's credential (HTTP %2)").arg(shown).arg(status));
    if (status != 200)
        return fail(Messages::tr("%1 answered HTTP %2").arg(shown).arg(status));
    if (reply->error() != QNetworkReply::NoError) {
        const char *name = QMetaEnum::fromType<QNetworkReply::NetworkError>().valueToKey(reply->error());
        return fail(
            Messages::tr("the transfer from %1 broke off (%2)").arg(shown, QString::fromLatin1(name ? name : "?")));
    }
    if (!m_downloading)
        return batchAnswered(m_answer);
    downloadDone();
}

void LfsTransfer::downloadDone()
{
    const LfsDownload &download = m_downloads.at(m_downloadIndex);
    const QString digest = QString::fromLatin1(m_hash.result().toHex());
    if (m_objectBytes != download.size || digest != download.oid)
        return fail(
            Messages::tr("LFS object %1 as downloaded does not match its oid and size").arg(download.oid.left(12)));
    if (!m_file->flush())
        return fail(Messages::tr("cannot write LFS object %1: %2").arg(download.oid.left(12), m_file->errorString()));
    m_file->close();
    const QString target = objectPath(m_request.objectsDir, download.oid);
    QDir().mkpath(QFileInfo(target).path());
    QFile::remove(target);
    if (!m_file->rename(target))
        return fail(Messages::tr("cannot store LFS object %1: %2").arg(download.oid.left(12), m_file->errorString()));
    m_file.reset();
    ++m_downloadIndex;
    nextDownload();
}

void LfsTransfer::fail(const QString &message)
{
    if (m_done)
        return;
    m_done = true;
    m_message = message;
    m_request.authorization.fill('\0');
    if (m_reply) {
        QNetworkReply *reply = m_reply;
        m_reply = nullptr;
        reply->abort();
        reply->deleteLater();
    }
    if (m_file) {
        m_file->remove();
        m_file.reset();
    }
    emit finished(false);
}

} // namespace runnercore
