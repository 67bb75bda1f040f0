#include "HttpConnectionPool.h"

#include "HttpExchange.h"

#include <QPointer>
#include <QSocketNotifier>

#include <curl/curl.h>

#include <mutex>

struct HttpConnectionPool::Callbacks
{
    static int socket(CURL *, curl_socket_t fd, int what, void *pool, void *)
    {
        static_cast<HttpConnectionPool *>(pool)->watch(qintptr(fd), what);
        return 0;
    }

    static int timer(CURLM *, long timeoutMs, void *pool)
    {
        auto *self = static_cast<HttpConnectionPool *>(pool);
        if (timeoutMs < 0)
            self->m_timer.stop();
        else
            self->m_timer.start(int(std::min<long>(timeoutMs, 24L * 3600 * 1000)));
        return 0;
    }
};

HttpConnectionPool::HttpConnectionPool(QObject *parent) : QObject(parent)
{
    // Process-wide library set-up; thread-safe in the libcurl we build on (7.84 and later).
    static std::once_flag initialised;
    std::call_once(initialised, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });

    m_multi = curl_multi_init();
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETFUNCTION, &Callbacks::socket);
    curl_multi_setopt(m_multi, CURLMOPT_SOCKETDATA, this);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERFUNCTION, &Callbacks::timer);
    curl_multi_setopt(m_multi, CURLMOPT_TIMERDATA, this);
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] { drive(qintptr(CURL_SOCKET_TIMEOUT), 0); });
}

HttpConnectionPool::~HttpConnectionPool()
{
    const auto exchanges = m_exchanges;
    for (HttpExchange *exchange : exchanges)
        exchange->detach();
    curl_multi_cleanup(m_multi);
    for (void *easy : std::as_const(m_spareHandles))
        curl_easy_cleanup(easy);
    for (auto &[fd, w] : m_watches) {
        delete w.read;
        delete w.write;
    }
}

void *HttpConnectionPool::takeHandle()
{
    return m_spareHandles.isEmpty() ? curl_easy_init() : m_spareHandles.takeLast();
}

void HttpConnectionPool::returnHandle(void *easy)
{
    // A few spares cover the Runner's concurrent calls (polls, heartbeat, observations).
    if (m_spareHandles.size() >= 8) {
        curl_easy_cleanup(easy);
        return;
    }
    curl_easy_reset(easy);
    m_spareHandles.append(easy);
}

bool HttpConnectionPool::add(HttpExchange *exchange, void *easy)
{
    if (curl_multi_add_handle(m_multi, easy) != CURLM_OK)
        return false;
    m_exchanges.insert(exchange);
    return true;
}

void HttpConnectionPool::remove(HttpExchange *exchange, void *easy)
{
    if (m_exchanges.remove(exchange))
        curl_multi_remove_handle(m_multi, easy);
}

void HttpConnectionPool::retire(QSocketNotifier *notifier)
{
    // It may be the notifier whose activation we are handling: delete it later.
    if (notifier) {
        notifier->setEnabled(false);
        notifier->deleteLater();
    }
}

void HttpConnectionPool::watch(qintptr fd, int what)
{
    if (what == CURL_POLL_REMOVE) {
        const auto it = m_watches.find(fd);
        if (it != m_watches.end()) {
            retire(it->second.read);
            retire(it->second.write);
            m_watches.erase(it);
        }
        return;
    }
    Watch &w = m_watches[fd];
    const auto want = [this, fd](QSocketNotifier *&notifier, QSocketNotifier::Type type, bool on, int event) {
        if (on && !notifier) {
            notifier = new QSocketNotifier(fd, type, this);
            connect(notifier, &QSocketNotifier::activated, this, [this, fd, event] { drive(fd, event); });
        } else if (notifier && notifier->isEnabled() != on) {
            notifier->setEnabled(on);
        }
    };
    want(w.read, QSocketNotifier::Read, what & CURL_POLL_IN, CURL_CSELECT_IN);
    want(w.write, QSocketNotifier::Write, what & CURL_POLL_OUT, CURL_CSELECT_OUT);
}

void HttpConnectionPool::drive(qintptr fd, int events)
{
    int running = 0;
    curl_multi_socket_action(m_multi, curl_socket_t(fd), events, &running);
    collectFinished();
}

void HttpConnectionPool::collectFinished()
{
    // A finished() handler may start, abort or delete calls, or even this pool.
    const QPointer<HttpConnectionPool> alive(this);
    int left = 0;
    while (CURLMsg *message = curl_multi_info_read(m_multi, &left)) {
        if (message->msg != CURLMSG_DONE)
            continue;
        CURL *easy = message->easy_handle;
        const CURLcode code = message->data.result;
        HttpExchange *exchange = nullptr;
        curl_easy_getinfo(easy, CURLINFO_PRIVATE, &exchange);
        curl_multi_remove_handle(m_multi, easy);
        if (!exchange || !m_exchanges.remove(exchange))
            continue;
        exchange->complete(code);
        if (!alive)
            return;
    }
}
