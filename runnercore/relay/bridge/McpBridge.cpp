// checkfu-mcp-bridge SOCKET NAME [RUNNER_PID]
//
// The MCP server a harness starts for a platform protocol (§6.10): MCP's stdio framing (one JSON-RPC
// message per line) on stdin/stdout, the run's relay socket (a unix socket of that run alone) on the
// other side. It connects, says which of the run's plane_mcp entries it serves in one hello line
// ("checkfu-mcp-bridge 1 NAME\n"), then copies bytes both ways unchanged: the Runner frames and
// checks every message. It holds no credential (none in argv or environment, none on the socket)
// and exits when either side closes.
//
// RUNNER_PID (host-process, where every run is the same user and could put a socket of its own
// in another run's directory): the process that must be listening on SOCKET (SO_PEERCRED), else
// the bridge exits before anything is written.
//
// A SOCKET path longer than a sockaddr_un holds is reached through its directory
// (/proc/self/fd/N/NAME), so the run's directory may be anywhere.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace {
constexpr int UsageExit = 2;
constexpr int ConnectExit = 3;
constexpr size_t ChunkBytes = 64 * 1024;

bool writeAll(int fd, const char *data, size_t n)
{
    while (n > 0) {
        const ssize_t w = ::write(fd, data, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        data += w;
        n -= size_t(w);
    }
    return true;
}

bool validName(const char *name)
{
    const size_t n = std::strlen(name);
    if (n == 0 || n > 32)
        return false;
    for (size_t i = 0; i < n; ++i) {
        const char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (i > 0 && (c == '_' || c == '-'))))
            return false;
    }
    return true;
}

int connectTo(const std::string &path)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    sockaddr_un address {};
    address.sun_family = AF_UNIX;
    std::string target = path;
    int dirFd = -1;
    if (target.size() >= sizeof address.sun_path) {
        // Too long for sun_path: through the directory, which the kernel resolves for us.
        const size_t slash = path.rfind('/');
        if (slash == std::string::npos)
            return -1;
        dirFd = ::open(path.substr(0, slash).c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        if (dirFd < 0)
            return -1;
        target = "/proc/self/fd/" + std::to_string(dirFd) + path.substr(slash);
        if (target.size() >= sizeof address.sun_path) {
            ::close(dirFd);
            return -1;
        }
    }
    std::memcpy(address.sun_path, target.c_str(), target.size() + 1);
    int rc;
    do
        rc = ::connect(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address);
    while (rc < 0 && errno == EINTR);
    if (dirFd >= 0)
        ::close(dirFd);
    if (rc < 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

// Copies what from has to to; false when from ended or to is gone.
bool pump(int from, int to, char *buffer)
{
    ssize_t n;
    do
        n = ::read(from, buffer, ChunkBytes);
    while (n < 0 && errno == EINTR);
    if (n <= 0)
        return false;
    return writeAll(to, buffer, size_t(n));
}
} // namespace

int main(int argc, char **argv)
{
    char *end = nullptr;
    const long runnerPid = argc == 4 ? std::strtol(argv[3], &end, 10) : 0;
    if (argc < 3 || argc > 4 || !validName(argv[2]) || (argc == 4 && (*end != '\0' || runnerPid <= 0))) {
        std::fprintf(stderr, "usage: checkfu-mcp-bridge SOCKET NAME [RUNNER_PID]\n");
        return UsageExit;
    }
    // A closed peer is a return value, not a signal.
    ::signal(SIGPIPE, SIG_IGN);
    const int sock = connectTo(argv[1]);
    if (sock < 0) {
        std::fprintf(
            stderr, "checkfu-mcp-bridge: cannot reach the run's relay at %s: %s\n", argv[1], std::strerror(errno));
        return ConnectExit;
    }
    if (runnerPid > 0) {
        ucred credentials {};
        socklen_t size = sizeof credentials;
        if (::getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0 || credentials.pid != runnerPid) {
            std::fprintf(stderr, "checkfu-mcp-bridge: %s is not the Runner's relay; nothing was sent\n", argv[1]);
            return ConnectExit;
        }
    }
    const std::string hello = std::string("checkfu-mcp-bridge 1 ") + argv[2] + "\n";
    if (!writeAll(sock, hello.data(), hello.size()))
        return ConnectExit;
    static char buffer[ChunkBytes];
    pollfd fds[2] = { { STDIN_FILENO, POLLIN, 0 }, { sock, POLLIN, 0 } };
    for (;;) {
        if (::poll(fds, 2, -1) < 0) {
            if (errno == EINTR)
                continue;
            return 1;
        }
        // Data first: a peer that wrote its last line and closed still has it delivered.
        if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) && !pump(STDIN_FILENO, sock, buffer))
            return 0;
        if ((fds[1].revents & (POLLIN | POLLHUP | POLLERR)) && !pump(sock, STDOUT_FILENO, buffer))
            return 0;
    }
}
