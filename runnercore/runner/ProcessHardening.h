#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace runnercore {

// What the Runner does to its own process before it holds a secret: on Linux it becomes
// non-dumpable (no core file, no ptrace or /proc/<pid>/{mem,environ} for other processes of the
// same user without CAP_SYS_PTRACE), and the secrets it reads from its environment are wiped
// from the environment block the kernel keeps (/proc/<pid>/environ), not only unset. Both front
// ends call this first thing in main().
class ProcessHardening
{
public:
    // The variables ConfigKeys marks secret (the Workspace Runner key, the Cursor API key).
    static QList<QByteArray> secretVariables();

    // prctl(PR_SET_DUMPABLE, 0) on Linux; elsewhere a no-op that returns true. *error on failure.
    static bool disableDumps(QString *error = nullptr);
    // PR_GET_DUMPABLE on Linux (true elsewhere).
    static bool isDumpable();

    // Unsets every variable in `names` and overwrites (with NULs) each "NAME=value" entry of the
    // initial environment block, so neither getenv() nor /proc/self/environ shows it any more.
    // Outside Linux only unsets. Returns the number of entries wiped from the initial block.
    static int scrubEnvironment(const QList<QByteArray> &names);

    // The command line as /proc/<pid>/cmdline should show it: every argument that carries a pairing code (the
    // value of --code, a CFU-… code anywhere, a checkfu: link) replaced by HiddenArgument; `--code -` stays.
    static QList<QByteArray> redactedArguments(const QList<QByteArray> &arguments);
    // Rewrites argv's strings in place (the memory the kernel reads /proc/<pid>/cmdline from, which every local
    // account may read) with redactedArguments(), the rest filled with NULs. Returns how many arguments were
    // hidden. Call it on a copy's behalf (ArgumentCopy): argv itself no longer says what was given.
    static int hideSecretArguments(int argc, char **argv);

    static inline const QByteArray HiddenArgument = QByteArrayLiteral("(hidden)");
};

// A private copy of main()'s argv, taken before ProcessHardening::hideSecretArguments() overwrites the original:
// what QCoreApplication and the command-line parsers are given. Lives as long as main().
class ArgumentCopy
{
public:
    ArgumentCopy(int argc, char **argv);
    ArgumentCopy(const ArgumentCopy &) = delete;
    ArgumentCopy &operator=(const ArgumentCopy &) = delete;

    // For QCoreApplication(int &argc, char **argv), which keeps both.
    int &argc() { return m_argc; }
    char **argv() { return m_pointers.data(); }

private:
    std::vector<QByteArray> m_strings;
    std::vector<char *> m_pointers;
    int m_argc = 0;
};

} // namespace runnercore
