#pragma once

#include <runnercore/transport/HttpOrigin.h>

#include <QHash>
#include <QList>
#include <QObject>

class QAbstractSocket;

namespace runnercore {

// Keeps the HTTP/1.1 connections to the control plane open between calls, on this thread:
// an idle Runner's heartbeats reuse one connection and cost one wake-up each. Qt's
// QNetworkAccessManager hands every request to a helper thread and back (about three times the
// CPU per request), and libcurl adds some 6 MiB of shared libraries to an idle Runner
// (docs/performance.md, "The HTTP stack").
class HttpConnectionPool : public QObject
{
    Q_OBJECT
public:
    explicit HttpConnectionPool(QObject *parent = nullptr);
    ~HttpConnectionPool() override;

    // A kept-alive connection to the URL's origin that is still open, or nullptr.
    QAbstractSocket *takeIdle(const QString &origin);
    // Keeps a connection whose last answer ended cleanly; the server may still close it.
    void putIdle(const QString &origin, QAbstractSocket *socket);
    // Closes a connection and frees it from the event loop, never at once: it may be inside one
    // of its own signals (an answer's handler sends, aborts and retires calls while the socket
    // that carried the answer is still emitting readyRead). Disconnect it from receivers first.
    static void discard(QAbstractSocket *socket);

private:
    void drop(QAbstractSocket *socket);

    QHash<QString, QList<QAbstractSocket *>> m_idle;
};

} // namespace runnercore
