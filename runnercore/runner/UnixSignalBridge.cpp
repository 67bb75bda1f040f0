#include <runnercore/runner/UnixSignalBridge.h>

#include <QSocketNotifier>

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace runnercore {

namespace {
// The write end must be reachable from the async-signal handler, which can take no context.
int g_signalFds[2] = { -1, -1 };

void handleSignal(int signalNumber)
{
    const char byte = static_cast<char>(signalNumber);
    const int saved = errno;
    [[maybe_unused]] const ssize_t n = ::write(g_signalFds[0], &byte, 1);
    errno = saved;
}
} // namespace

UnixSignalBridge::UnixSignalBridge(QObject *parent) : QObject(parent)
{
    if (g_signalFds[0] != -1 || ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalFds) != 0)
        return;
    ::fcntl(g_signalFds[0], F_SETFL, O_NONBLOCK);
    ::fcntl(g_signalFds[1], F_SETFL, O_NONBLOCK);
    m_notifier = std::make_unique<QSocketNotifier>(g_signalFds[1], QSocketNotifier::Read);
    connect(m_notifier.get(), &QSocketNotifier::activated, this, &UnixSignalBridge::onReadable);

    struct sigaction action = {};
    action.sa_handler = handleSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &action, nullptr);
    ::sigaction(SIGTERM, &action, nullptr);
    m_installed = true;
}

UnixSignalBridge::~UnixSignalBridge()
{
    if (!m_installed)
        return;
    ::signal(SIGINT, SIG_DFL);
    ::signal(SIGTERM, SIG_DFL);
    m_notifier.reset();
    ::close(g_signalFds[0]);
    ::close(g_signalFds[1]);
    g_signalFds[0] = g_signalFds[1] = -1;
}

void UnixSignalBridge::onReadable()
{
    char byte = 0;
    while (::read(g_signalFds[1], &byte, 1) == 1) {
        ++m_count;
        emit terminationRequested(static_cast<unsigned char>(byte), m_count);
    }
}

} // namespace runnercore
