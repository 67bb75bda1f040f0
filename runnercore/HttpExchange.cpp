#include "HttpExchange.h"

#include "HttpConnectionPool.h"

#include <QCoreApplication>

#include <curl/curl.h>

#include <cstring>

struct HttpExchange::Callbacks
{
    static size_t header(char *data, size_t size, size_t count, void *self)
    {
        auto *x = static_cast<HttpExchange *>(self);
        const size_t bytes = size * count;
        QByteArray line(data, qsizetype(bytes));
        while (line.endsWith('\n') || line.endsWith('\r'))
            line.chop(1);
        if (line.startsWith("HTTP/")) {
            x->m_responseHeaders.clear(); // a new response (after 100 Continue): only the last one counts
        } else if (const qsizetype colon = line.indexOf(':'); colon > 0) {
            const QByteArray name = line.left(colon).trimmed().toLower();
            const QByteArray value = line.mid(colon + 1).trimmed();
            if (name == "content-length") {
                bool ok = false;
                if (value.toLongLong(&ok) > x->m_request.maxResponseBytes && ok) {
                    x->m_tooLarge = true;
                    return 0; // aborts the transfer before its body
                }
            }
            x->m_responseHeaders.append({ name, value });
        }
        x->noteProgress(qint64(bytes));
        return bytes;
    }

    static size_t write(char *data, size_t size, size_t count, void *self)
    {
        auto *x = static_cast<HttpExchange *>(self);
        const size_t bytes = size * count;
        if (x->m_body.size() + qint64(bytes) > x->m_request.maxResponseBytes) {
            x->m_tooLarge = true;
            return 0; // any count but `bytes` ends the transfer
        }
        x->m_body.append(data, qsizetype(bytes));
        x->noteProgress(qint64(bytes));
        return bytes;
    }

    static int progress(void *self, curl_off_t, curl_off_t, curl_off_t, curl_off_t uploaded)
    {
        // Downloads are seen by header() and write(); here only the upload moves the clock on.
        auto *x = static_cast<HttpExchange *>(self);
        if (uploaded > x->m_uploaded) {
            x->noteProgress(qint64(uploaded - x->m_uploaded));
            x->m_uploaded = qint64(uploaded);
        }
        return 0;
    }
};

HttpExchange::HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent)
    : QObject(parent), m_pool(&pool), m_request(std::move(request))
{
    m_inactivity.setSingleShot(true);
    connect(&m_inactivity, &QTimer::timeout, this, [this] {
        if (m_pool && m_easy)
            m_pool->remove(this, m_easy);
        end(Outcome::TimedOut,
            QCoreApplication::translate("HttpExchange", "no answer within %1 s")
                .arg((m_request.inactivityTimeoutMs + 999) / 1000));
    });
}

HttpExchange::~HttpExchange()
{
    if (m_pool && m_easy)
        m_pool->remove(this, m_easy);
    release();
}

QByteArray HttpExchange::header(const QByteArray &name) const
{
    const QByteArray lower = name.toLower();
    for (const auto &[n, value] : m_responseHeaders) {
        if (n == lower)
            return value;
    }
    return {};
}

void HttpExchange::start()
{
    if (m_easy || m_outcome != Outcome::Pending)
        return;
    CURL *easy = m_pool->takeHandle();
    m_easy = easy;
    curl_easy_setopt(easy, CURLOPT_PRIVATE, this);
    curl_easy_setopt(easy, CURLOPT_URL, m_request.url.toEncoded().constData());
    curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    // The endpoint is dialled directly, as before with Qt: proxy variables in the environment
    // would otherwise route the bearer token through whatever they name.
    curl_easy_setopt(easy, CURLOPT_PROXY, "");
    curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L); // ApiCall decides, per origin
    curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
    curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, m_errorBuffer);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, &Callbacks::header);
    curl_easy_setopt(easy, CURLOPT_HEADERDATA, this);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, &Callbacks::write);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, this);
    curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, &Callbacks::progress);
    curl_easy_setopt(easy, CURLOPT_XFERINFODATA, this);
    curl_easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);

    bool hasContentType = false;
    curl_slist *headers = nullptr;
    for (const auto &[name, value] : m_request.headers) {
        hasContentType = hasContentType || name.compare("Content-Type", Qt::CaseInsensitive) == 0;
        headers = curl_slist_append(headers, QByteArray(name + ": " + value).constData());
    }
    // No "Expect: 100-continue" round trip before larger bodies.
    headers = curl_slist_append(headers, "Expect:");
    if (m_request.method == "GET" && !m_request.sendBody) {
        curl_easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    } else {
        if (m_request.method != "POST")
            curl_easy_setopt(easy, CURLOPT_CUSTOMREQUEST, m_request.method.constData());
        curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(m_request.body.size()));
        curl_easy_setopt(easy, CURLOPT_POSTFIELDS, m_request.body.constData());
        if (!hasContentType) // not libcurl's form encoding
            headers = curl_slist_append(headers, "Content-Type:");
    }
    m_headerList = headers;
    curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);

    if (!m_pool->add(this, easy)) {
        QTimer::singleShot(0, this, [this] {
            end(Outcome::Failed,
                QCoreApplication::translate("HttpExchange", "the HTTP client could not start the request"));
        });
        return;
    }
    m_quietUntil.setRemainingTime(m_request.inactivityTimeoutMs);
    m_inactivity.start(m_request.inactivityTimeoutMs);
}

void HttpExchange::abort()
{
    if (m_outcome != Outcome::Pending)
        return;
    if (m_pool && m_easy)
        m_pool->remove(this, m_easy);
    end(Outcome::Aborted, QCoreApplication::translate("HttpExchange", "aborted"));
}

void HttpExchange::noteProgress(qint64 bytes)
{
    if (bytes > 0)
        m_quietUntil.setRemainingTime(m_request.inactivityTimeoutMs);
}

void HttpExchange::complete(int curlCode)
{
    long status = 0;
    curl_easy_getinfo(static_cast<CURL *>(m_easy), CURLINFO_RESPONSE_CODE, &status);
    m_status = int(status);
    if (m_tooLarge)
        end(Outcome::TooLarge,
            QCoreApplication::translate("HttpExchange", "the response is larger than %1 bytes")
                .arg(m_request.maxResponseBytes));
    else if (curlCode != CURLE_OK)
        end(Outcome::Failed, describe(curlCode));
    else
        end(Outcome::Completed, {});
}

void HttpExchange::detach()
{
    // The pool has removed nothing yet; it is about to clean up the whole multi handle.
    if (m_easy)
        m_pool->remove(this, m_easy);
    m_pool = nullptr;
    if (m_outcome == Outcome::Pending)
        end(Outcome::Aborted, QCoreApplication::translate("HttpExchange", "aborted"));
}

void HttpExchange::end(Outcome outcome, const QString &error)
{
    if (m_outcome != Outcome::Pending)
        return;
    m_outcome = outcome;
    m_error = error;
    m_inactivity.stop();
    release();
    emit finished(); // the handler may delete this object: nothing after this line
}

void HttpExchange::release()
{
    if (m_easy) {
        if (m_pool)
            m_pool->returnHandle(m_easy);
        else
            curl_easy_cleanup(static_cast<CURL *>(m_easy));
    }
    m_easy = nullptr;
    if (m_headerList)
        curl_slist_free_all(static_cast<curl_slist *>(m_headerList));
    m_headerList = nullptr;
}

QString HttpExchange::describe(int curlCode) const
{
    const auto code = CURLcode(curlCode);
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
        return QCoreApplication::translate("HttpExchange", "host %1 not found").arg(m_request.url.host());
    case CURLE_COULDNT_CONNECT: {
        long osError = 0;
        if (m_easy)
            curl_easy_getinfo(static_cast<CURL *>(m_easy), CURLINFO_OS_ERRNO, &osError);
        if (osError != 0)
            return QString::fromLocal8Bit(std::strerror(int(osError)));
        break;
    }
    case CURLE_GOT_NOTHING:
        return QCoreApplication::translate("HttpExchange", "the server closed the connection without answering");
    case CURLE_PARTIAL_FILE:
        return QCoreApplication::translate("HttpExchange", "the connection closed in the middle of the response");
    default:
        break;
    }
    return m_errorBuffer[0] ? QString::fromUtf8(m_errorBuffer) : QString::fromUtf8(curl_easy_strerror(code));
}
