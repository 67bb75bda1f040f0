#pragma once

#include <QObject>
#include <QSet>
#include <QTimer>

#include <map>

class QSocketNotifier;
class HttpExchange;

// Keeps the HTTP connections to the control plane open between calls and drives libcurl's
// transfers on this thread's event loop. Unlike QNetworkAccessManager there is no helper thread
// and no thread hop per call: an idle Runner's heartbeats cost a fifth of the CPU
// (docs/performance.md, "The HTTP stack").
class HttpConnectionPool : public QObject
{
    Q_OBJECT
public:
    explicit HttpConnectionPool(QObject *parent = nullptr);
    ~HttpConnectionPool() override;

    // For HttpExchange: a libcurl handle (reused: setting one up anew costs more than a
    // heartbeat's own work), handing a prepared transfer to the pool, taking it back early.
    void *takeHandle();
    void returnHandle(void *easy);
    bool add(HttpExchange *exchange, void *easy);
    void remove(HttpExchange *exchange, void *easy);

private:
    struct Watch
    {
        QSocketNotifier *read = nullptr;
        QSocketNotifier *write = nullptr;
    };

    struct Callbacks; // libcurl's C callbacks, with its own types (HttpConnectionPool.cpp)
    friend struct Callbacks;

    void watch(qintptr fd, int what);
    void drive(qintptr fd, int events);
    void collectFinished();
    static void retire(QSocketNotifier *notifier);

    void *m_multi = nullptr;
    QTimer m_timer;
    std::map<qintptr, Watch> m_watches;
    QSet<HttpExchange *> m_exchanges;
    QList<void *> m_spareHandles;
};
