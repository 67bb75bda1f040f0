// checkfu-run-reaper [--report-fd N] [--env-fd N] -- PROGRAM [ARG...]
// checkfu-run-reaper --nursery -- PROGRAM [ARG...]   (see runNursery)
//
// Stands between the Runner and a host-process harness, so that no process of the run outlives it
// (§6.7): a harness that leaves its process group or session (setsid, a double fork) is still our
// descendant, because we are a child subreaper and orphans of the tree are reparented to us.
//
// - Runs PROGRAM as our only child, in our process group, with the environment read from --env-fd
//   (NAME=VALUE entries, each ended by NUL; we ourselves are started with a fixed minimal one, so a
//   run's LD_PRELOAD never acts on us). stdin/stdout/stderr are the harness's, untouched.
// - SIGTERM, SIGINT: forwarded to every descendant, wherever its group or session.
// - SIGHUP (also our parent-death signal): SIGKILL to every descendant, until none is left.
// - When PROGRAM exits: the same, then we exit as it did (same code; killed by signal n: n again,
//   without a core dump).
// - --report-fd: lines for the Runner: "S <pid>" once PROGRAM runs, "E <errno>" if it could not be
//   executed (we then exit 127), "C <ms>" the CPU time of the whole tree, just before we exit.
// - Signals reach exactly the process we saw (a pidfd, checked against its start time), never a
//   later one that took its number. We are not dumpable; the harness carries the run's mark
//   (RunMarker), so should it kill us, the Runner knows what it adopts.
#include <runnercore/sandbox/ProcessTable.h>
#include <runnercore/sandbox/RunMarker.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <unordered_set>
#include <utility>
#include <vector>

namespace {
constexpr int UsageExit = 125;
constexpr int CannotExecExit = 127;
constexpr int ShellSignalBase = 128;
constexpr int KillAllSignal = SIGHUP;
constexpr int ForwardPasses = 3; // a process forked while we scan is caught by the next pass

int g_report = -1;

void report(char kind, long long value)
{
    if (g_report < 0)
        return;
    char line[48];
    const int n = std::snprintf(line, sizeof line, "%c %lld\n", kind, value);
    ssize_t written = 0;
    while (written < n) {
        const ssize_t w = ::write(g_report, line + written, size_t(n - written));
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return; // the Runner stopped listening: nothing to tell
        written += w;
    }
}

// Every process whose chain of parents leads to us, as /proc shows it now.
std::vector<runnercore::ProcessTable::Entry> descendants()
{
    return runnercore::ProcessTable::read().descendantsOf(::getpid());
}

struct Harness
{
    pid_t pid = -1;
    bool ended = false;
    int status = 0;
};

void noteExit(Harness &harness, pid_t pid, int status)
{
    if (pid == harness.pid && (WIFEXITED(status) || WIFSIGNALED(status))) {
        harness.ended = true;
        harness.status = status;
    }
}

void reapAvailable(Harness &harness)
{
    int status = 0;
    pid_t pid;
    while ((pid = ::waitpid(-1, &status, WNOHANG)) > 0)
        noteExit(harness, pid, status);
}

void forward(int signalNumber)
{
    std::unordered_set<pid_t> signalled;
    for (int pass = 0; pass < ForwardPasses; ++pass) {
        const size_t before = signalled.size();
        for (const auto &process : descendants()) {
            if (signalled.insert(process.pid).second)
                runnercore::ProcessTable::signalIfSame(process, signalNumber);
        }
        if (signalled.size() == before)
            break;
    }
}

// SIGKILL to every descendant, reaping as they go, until we have no child left. A descendant always
// has an ancestor among our children (its orphans come to us), so no child means no descendant.
void killEverything(Harness &harness)
{
    for (;;) {
        for (const auto &process : descendants())
            runnercore::ProcessTable::signalIfSame(process, SIGKILL);
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, 0);
        if (pid > 0)
            noteExit(harness, pid, status);
        else if (errno != EINTR)
            return; // ECHILD
    }
}

long long treeCpuMs()
{
    rusage self = {};
    rusage children = {};
    ::getrusage(RUSAGE_SELF, &self);
    ::getrusage(RUSAGE_CHILDREN, &children); // the harness and every orphan we reaped, with theirs
    const auto ms = [](const timeval &t) { return (long long)t.tv_sec * 1000 + t.tv_usec / 1000; };
    return ms(self.ru_utime) + ms(self.ru_stime) + ms(children.ru_utime) + ms(children.ru_stime);
}

[[noreturn]] void exitAs(int status)
{
    if (WIFEXITED(status))
        ::_exit(WEXITSTATUS(status));
    const int signalNumber = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    // The Runner sees what killed the harness, not a core file of ours.
    const rlimit noCore = { 0, 0 };
    ::setrlimit(RLIMIT_CORE, &noCore);
    ::signal(signalNumber, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, signalNumber);
    ::sigprocmask(SIG_UNBLOCK, &only, nullptr);
    ::kill(::getpid(), signalNumber);
    ::_exit(ShellSignalBase + signalNumber); // a signal whose default is not to terminate
}

bool readAll(int fd, std::string *out)
{
    char buffer[8192];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n == 0)
            return true;
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return false;
        out->append(buffer, size_t(n));
    }
}

int parseFd(const char *text)
{
    char *end = nullptr;
    const long fd = std::strtol(text, &end, 10);
    return (end && *end == '\0' && fd > 2 && fd < 1 << 20) ? int(fd) : -1;
}

int usage(const char *message)
{
    std::fprintf(stderr,
        "checkfu-run-reaper: %s\nusage: checkfu-run-reaper [--report-fd N] [--env-fd N] -- "
        "PROGRAM [ARG...]\n       checkfu-run-reaper --nursery -- PROGRAM [ARG...]\n",
        message);
    return UsageExit;
}
} // namespace

// --nursery: PROGRAM and everything it leaves behind (a browser xdg-open started) stay our
// descendants until they end of their own accord; we kill nothing and exit when the last is gone.
// The tray opens links through this: being a subreaper itself (for the runs), it would otherwise
// adopt them and, having no way to tell them from its own QProcess children, never reap them.
[[noreturn]] void runNursery(char **program)
{
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
        ::_exit(UsageExit);
    const pid_t child = ::fork();
    if (child < 0)
        ::_exit(CannotExecExit);
    if (child == 0) {
        ::execvp(program[0], program);
        ::_exit(CannotExecExit);
    }
    int programStatus = 0;
    for (;;) {
        int status = 0;
        const pid_t pid = ::waitpid(-1, &status, 0);
        if (pid == child)
            programStatus = status;
        else if (pid < 0 && errno != EINTR)
            break; // ECHILD: nothing of it is left
    }
    ::_exit(WIFEXITED(programStatus) ? WEXITSTATUS(programStatus) : CannotExecExit);
}

int main(int argc, char **argv)
{
    int envFd = -1;
    int first = -1;
    bool nursery = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") {
            first = i + 1;
            break;
        }
        if (arg == "--nursery") {
            nursery = true;
            continue;
        }
        if ((arg == "--report-fd" || arg == "--env-fd") && i + 1 < argc) {
            const int fd = parseFd(argv[++i]);
            if (fd < 0)
                return usage("a descriptor must be a number above 2");
            (arg == "--report-fd" ? g_report : envFd) = fd;
            continue;
        }
        return usage("unknown option");
    }
    if (first < 0 || first >= argc)
        return usage("no program after --");
    if (nursery)
        runNursery(argv + first);
    // Neither descriptor is the harness's business.
    if (g_report >= 0)
        ::fcntl(g_report, F_SETFD, FD_CLOEXEC);

    // Signals are taken synchronously (sigwaitinfo) from here on; the harness gets a clean mask.
    sigset_t handled;
    sigemptyset(&handled);
    for (int s : { SIGCHLD, SIGTERM, SIGINT, KillAllSignal })
        sigaddset(&handled, s);
    sigset_t original;
    ::sigprocmask(SIG_BLOCK, &handled, &original);
    // Orphans of the run come to us; the Runner's death (its thread that started us) kills the tree.
    // Non-dumpable: the harness (same user) can neither ptrace us nor read or write our memory.
    if (::prctl(PR_SET_CHILD_SUBREAPER, 1) != 0 || ::prctl(PR_SET_PDEATHSIG, KillAllSignal) != 0
        || ::prctl(PR_SET_DUMPABLE, 0) != 0)
        return usage("prctl failed");

    std::vector<std::string> environment;
    if (envFd >= 0) {
        std::string block;
        if (::lseek(envFd, 0, SEEK_SET) < 0 && errno != ESPIPE)
            return usage("cannot read the environment");
        if (!readAll(envFd, &block))
            return usage("cannot read the environment");
        ::close(envFd);
        for (size_t start = 0; start < block.size();) {
            const size_t end = block.find('\0', start);
            environment.emplace_back(block.substr(start, end == std::string::npos ? std::string::npos : end - start));
            if (end == std::string::npos)
                break;
            start = end + 1;
        }
    }
    std::vector<char *> envp;
    for (std::string &entry : environment)
        envp.push_back(entry.data());
    envp.push_back(nullptr);

    int execStatus[2];
    if (::pipe2(execStatus, O_CLOEXEC) != 0)
        return usage("pipe failed");
    const pid_t self = ::getpid();
    Harness harness;
    harness.pid = ::fork();
    if (harness.pid < 0) {
        report('E', errno);
        return CannotExecExit;
    }
    if (harness.pid == 0) {
        ::close(execStatus[0]);
        // The harness dies with us (only a harness that kills us could make that happen early).
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != self)
            ::_exit(CannotExecExit);
        // The mark no process of the run can take off: should it kill us, the Runner (a subreaper
        // too) adopts its orphans and knows them by it (runnercore/sandbox/OrphanSweeper).
        runnercore::RunMarker::mark();
        ::sigprocmask(SIG_SETMASK, &original, nullptr);
        char **env = envFd >= 0 ? envp.data() : environ;
        if (std::strchr(argv[first], '/'))
            ::execve(argv[first], argv + first, env);
        else
            ::execvpe(argv[first], argv + first, env);
        const int error = errno;
        ssize_t ignored = ::write(execStatus[1], &error, sizeof error);
        (void)ignored;
        ::_exit(CannotExecExit);
    }
    ::close(execStatus[1]);
    int execError = 0;
    ssize_t n;
    do
        n = ::read(execStatus[0], &execError, sizeof execError);
    while (n < 0 && errno == EINTR);
    ::close(execStatus[0]);
    if (n == ssize_t(sizeof execError)) {
        killEverything(harness);
        report('E', execError);
        return CannotExecExit;
    }
    report('S', harness.pid);

    while (!harness.ended) {
        siginfo_t info = {};
        const int signalNumber = ::sigwaitinfo(&handled, &info);
        if (signalNumber == SIGCHLD) {
            reapAvailable(harness);
        } else if (signalNumber == SIGTERM || signalNumber == SIGINT) {
            forward(signalNumber);
        } else if (signalNumber == KillAllSignal) {
            killEverything(harness);
        }
    }
    // The run ends with its harness: whatever it left behind goes now.
    killEverything(harness);
    report('C', treeCpuMs());
    exitAs(harness.status);
}
