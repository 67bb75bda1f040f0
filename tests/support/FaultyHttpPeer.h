#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QUrl>

#include <functional>
#include <memory>

// A small HTTP/1.1 peer on loopback for unit tests: answers each request with the next scripted
// response (or a handler's), so tests can feed a client garbage, huge bodies, redirects and
// errors that a well-behaved control plane never sends. Records every request it received.
class FaultyHttpPeer : public QObject
{
    Q_OBJECT
public:
    struct Response
    {
        int status = 200;
        QByteArray body;
        QList<QPair<QByteArray, QByteArray>> headers; // Content-Length is added unless chunked
        bool chunked = false;
        bool dropConnection = false; // close without answering
        int delayMs = 0;
        int truncateBodyAt = -1; // send only this many body bytes (Content-Length still whole), then close
        QByteArray raw; // when set: sent verbatim instead of a composed answer, then the connection closes
        bool closeAfterRaw = true; // false: a raw answer leaves the connection open (keep-alive peers)
        int trickleMs = 0; // > 0: the answer goes out one byte per interval, as a slow-loris server's would
    };
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
        QJsonObject json() const;
    };

    explicit FaultyHttpPeer(QObject *parent = nullptr);
    bool listen();
    QUrl url() const;
    quint16 port() const;

    void enqueue(const Response &response);
    void enqueueJson(int status, const QJsonObject &body, const QList<QPair<QByteArray, QByteArray>> &headers = {});
    void enqueueError(int status, const QString &type, const QString &code, const QString &message = {});
    // Used when the queue is empty.
    void setHandler(std::function<Response(const Request &)> handler);

    // Keep connections open between answers (HTTP/1.1 keep-alive) instead of closing each.
    void setKeepAlive(bool keepAlive) { m_keepAlive = keepAlive; }
    int connectionCount() const { return m_connections; }
    // Connections accepted and not yet closed, now and at most since the last resetPeak().
    int openConnections() const { return m_openNow; }
    int peakOpenConnections() const { return m_peakOpen; }
    void resetPeak() { m_peakOpen = m_openNow; }
    // Resets (TCP RST) every open connection at once, as a crashed server or a middlebox would.
    void resetConnections();

    const QList<Request> &requests() const { return m_requests; }
    void clearRequests() { m_requests.clear(); }

    static QByteArray httpDate(const QDateTime &time);
    // A JSON answer (Content-Type set), sent after delayMs.
    static Response jsonAnswer(int status, const QJsonObject &body, int delayMs = 0);
    // The protocol's error envelope (§1), the code doubling as its message.
    static Response errorAnswer(int status, const QString &type, const QString &code);

private:
    void onNewConnection();
    void parse(QTcpSocket *socket, const std::shared_ptr<QByteArray> &buffer);
    void answer(QTcpSocket *socket, const Request &request);

    QTcpServer m_server;
    QList<Response> m_queue;
    std::function<Response(const Request &)> m_handler;
    QList<Request> m_requests;
    bool m_keepAlive = false;
    int m_connections = 0;
    int m_openNow = 0;
    int m_peakOpen = 0;
    QList<QPointer<QTcpSocket>> m_open;
};
