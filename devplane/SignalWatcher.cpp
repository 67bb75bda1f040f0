#include "SignalWatcher.h"

#include <QSocketNotifier>

#ifdef Q_OS_LINUX
#include <csignal>
#include <sys/signalfd.h>
#include <unistd.h>

namespace {
sigset_t terminationSignals()
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    return set;
}
} // namespace
#endif

namespace devplane {

void SignalWatcher::blockTerminationSignals()
{
#ifdef Q_OS_LINUX
    const sigset_t set = terminationSignals();
    pthread_sigmask(SIG_BLOCK, &set, nullptr);
#endif
}

SignalWatcher::SignalWatcher(QObject *parent) : QObject(parent)
{
#ifdef Q_OS_LINUX
    const sigset_t set = terminationSignals();
    m_fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
    if (m_fd < 0) {
        return;
    }
    m_notifier = new QSocketNotifier(m_fd, QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, [this]() {
        signalfd_siginfo info {};
        if (read(m_fd, &info, sizeof info) == static_cast<ssize_t>(sizeof info)) {
            Q_EMIT terminationRequested(static_cast<int>(info.ssi_signo));
        }
    });
#endif
}

SignalWatcher::~SignalWatcher()
{
#ifdef Q_OS_LINUX
    if (m_fd >= 0) {
        close(m_fd);
    }
#endif
}

} // namespace devplane
