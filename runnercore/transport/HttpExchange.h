#pragma once

#include <runnercore/transport/HttpOrigin.h>
#include <runnercore/transport/HttpResponseParser.h>

#include <QBasicTimer>
#include <QByteArray>
#include <QDeadlineTimer>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>

class QAbstractSocket;
class QUrl;

namespace runnercore {

class HttpConnectionPool;

// One HTTP/1.1 request and its response over a connection from an HttpConnectionPool (TLS with
// the system's CAs for https). It follows no redirects, uses no proxy, and ends on its own when
// nothing moves for the inactivity timeout, when the whole exchange outlasts its deadline (a
// server trickling a byte at a time) or the response grows past the size limit, so none of
// these can hold or flood the Runner. The response is read by HttpResponseParser; a malformed
// one closes its connection. A kept-alive connection the server closed before answering is
// retried once on a new one (writes carry their Idempotency-Key).
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
        TimedOut, // nothing moved for the inactivity timeout, or the deadline passed
        TooLarge, // the response announced or grew past maxResponseBytes
        Aborted,
        Refused, // nothing sent: a header or the target would have broken the request's framing
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
        // The whole exchange, from start() to the response's last byte; 0: the inactivity
        // timeout plus TransferAllowanceMs.
        int deadlineMs = 0;
        qint64 maxResponseBytes = 8 * 1024 * 1024;
        QByteArray refusedHeader; // the first header addHeader() refused; start() then sends nothing

        void setUrl(const QUrl &url); // origin and target from a whole URL
        // A name that is not a token, or a value holding CR, LF, NUL or another control
        // character, is refused (it could start a header or a request of its own).
        void addHeader(const QByteArray &name, const QByteArray &value);
        int effectiveDeadlineMs() const;
    };

    // How long a response may take to arrive once it is expected: 8 MiB at about 70 KB/s.
    static constexpr int TransferAllowanceMs = 120000;

    static bool isValidHeader(QByteArrayView name, QByteArrayView value);

    HttpExchange(HttpConnectionPool &pool, Request request, QObject *parent = nullptr);
    ~HttpExchange() override;

    void start();
    void abort();

    Outcome outcome() const { return m_outcome; }
    int status() const { return m_parser.status(); }
    // The final response's header (name in any case), or empty.
    QByteArray header(QByteArrayView name) const { return m_parser.header(name); }
    const QByteArray &body() const { return m_parser.body(); }
    QString errorString() const { return m_error; }

private:
    void send(bool fresh);
    void attach(QAbstractSocket *socket);
    void onReadyRead();
    void onSocketError();
    bool takeInput(const QByteArray &data); // false: the response ended (completed or failed)
    void completed(bool leftover);
    void fail(const QString &error);
    void end(Outcome outcome, const QString &error);
    void closeSocket();
    void noteProgress();
    void timerEvent(QTimerEvent *event) override; // the inactivity timer and the deadline

    QPointer<HttpConnectionPool> m_pool;
    Request m_request;
    QByteArray m_wire; // the serialised request, kept for one retry on a stale connection
    QAbstractSocket *m_socket = nullptr;
    bool m_reused = false;
    bool m_gotBytes = false;
    bool m_flushing = false;
    QBasicTimer m_inactivity; // not a QTimer: one fewer object per request
    QDeadlineTimer m_quietUntil; // moved on by every byte; the timer checks it when it fires
    QDeadlineTimer m_deadline; // the whole exchange: no byte moves it
    Outcome m_outcome = Outcome::Pending;
    HttpResponseParser m_parser;
    QString m_error;
    QStringList m_tlsErrors;
};

} // namespace runnercore
