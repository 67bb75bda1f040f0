#pragma once

#include "HttpOrigin.h"

#include <QBasicTimer>
#include <QByteArray>
#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QPair>
#include <QPointer>
#include <QStringList>

class HttpConnectionPool;
class QAbstractSocket;
class QUrl;

// One HTTP/1.1 request and its response over a connection from an HttpConnectionPool (TLS with
// the system's CAs for https). It follows no redirects, uses no proxy, and ends on its own when
// nothing moves for the inactivity timeout or the response grows past the size limit, so
// neither can hold or flood the Runner. A kept-alive connection the server closed before
// answering is retried once on a new one (writes carry their Idempotency-Key).
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
        HttpOrigin origin;
        QByteArray target; // path and query, percent-encoded: "/v1/runner/claims"
        QByteArray headers; // "Name: value\r\n" lines; Host and Content-Length are added
        QByteArray body;
        bool sendBody = false; // writes send a body even when empty (Content-Length: 0)
        int inactivityTimeoutMs = 30000;
        qint64 maxResponseBytes = 8 * 1024 * 1024;

        void setUrl(const QUrl &url); // origin and target from a whole URL
        void addHeader(const QByteArray &name, const QByteArray &value);
    };

    HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent = nullptr);
    ~HttpExchange() override;

    void start();
    void abort();

    Outcome outcome() const { return m_outcome; }
    int status() const { return m_status; }
    // The final response's header (name in any case), or empty.
    QByteArray header(QByteArrayView name) const;
    const QByteArray &body() const { return m_body; }
    QString errorString() const { return m_error; }

private:
    enum class Stage { StatusLine, Headers, Body, ChunkSize, ChunkData, ChunkEnd, Trailers, UntilClose };

    void send(bool fresh);
    void attach(QAbstractSocket *socket);
    void onReadyRead();
    void onSocketError();
    void takeInput(const QByteArray &data);
    bool parse(); // false: stop reading (ended or failed)
    bool parseHead(QByteArrayView line); // a status or header line
    bool startBody();
    bool takeBody(qint64 bytes);
    void completed();
    void fail(const QString &error);
    void end(Outcome outcome, const QString &error);
    void closeSocket();
    void noteProgress();
    void timerEvent(QTimerEvent *event) override; // the inactivity timer

    QPointer<HttpConnectionPool> m_pool;
    Request m_request;
    QByteArray m_wire; // the serialised request, kept for one retry on a stale connection
    QAbstractSocket *m_socket = nullptr;
    bool m_reused = false;
    bool m_gotBytes = false;
    bool m_flushing = false;
    QBasicTimer m_inactivity; // not a QTimer: one fewer object per request
    QDeadlineTimer m_quietUntil; // moved on by every byte; the timer checks it when it fires
    Outcome m_outcome = Outcome::Pending;
    Stage m_stage = Stage::StatusLine;
    QByteArray m_in;
    qsizetype m_inPos = 0; // parsed up to here
    qint64 m_remaining = 0; // body or chunk bytes still to come
    qsizetype m_headBytes = 0; // status, header and trailer lines so far
    bool m_keepAlive = true;
    int m_status = 0;
    QList<QPair<QByteArray, QByteArray>> m_responseHeaders; // lower-case names
    QByteArray m_body;
    QString m_error;
    QStringList m_tlsErrors;
};
