#pragma once

#include <QByteArray>
#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QPair>
#include <QTimer>
#include <QUrl>

class HttpConnectionPool;

// One HTTP request and its response, sent through an HttpConnectionPool. It follows no
// redirects, uses no proxy, and ends on its own when nothing moves for the inactivity timeout
// or the response grows past the size limit, so neither can hold or flood the Runner.
class HttpExchange : public QObject
{
    Q_OBJECT
signals:
    // Exactly once: on completion, failure, timeout or abort() (then before abort() returns).
    void finished();

public:
    enum class Outcome {
        Pending,
        Completed, // a whole response arrived; status() is its HTTP status
        Failed, // connection, TLS or framing failure; errorString() says which
        TimedOut, // nothing moved for the inactivity timeout
        TooLarge, // the response announced or grew past maxResponseBytes
        Aborted,
    };

    struct Request
    {
        QByteArray method = "GET";
        QUrl url;
        QList<QPair<QByteArray, QByteArray>> headers;
        QByteArray body;
        bool sendBody = false; // writes send a body even when empty (Content-Length: 0)
        int inactivityTimeoutMs = 30000;
        qint64 maxResponseBytes = 8 * 1024 * 1024;
    };

    HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent = nullptr);
    ~HttpExchange() override;

    void start();
    void abort();

    Outcome outcome() const { return m_outcome; }
    int status() const { return m_status; }
    // The final response's header (name in any case), or empty.
    QByteArray header(const QByteArray &name) const;
    const QByteArray &body() const { return m_body; }
    QString errorString() const { return m_error; }

private:
    friend class HttpConnectionPool;
    struct Callbacks; // libcurl's C callbacks (HttpExchange.cpp)
    friend struct Callbacks;

    void complete(int curlCode);
    void detach(); // the pool is going away
    void end(Outcome outcome, const QString &error);
    void release();
    void noteProgress(qint64 bytes);
    void onInactivityTimer();
    QString describe(int curlCode) const;

    HttpConnectionPool *m_pool;
    Request m_request;
    void *m_easy = nullptr;
    void *m_headerList = nullptr;
    QTimer m_inactivity;
    QDeadlineTimer m_quietUntil; // moved on by every byte; the timer checks it when it fires
    qint64 m_uploaded = 0;
    Outcome m_outcome = Outcome::Pending;
    int m_status = 0;
    QList<QPair<QByteArray, QByteArray>> m_responseHeaders; // lower-case names
    QByteArray m_body;
    QString m_error;
    bool m_tooLarge = false;
    char m_errorBuffer[256] = {};
};
