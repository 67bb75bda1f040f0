#pragma once

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <optional>

#include <sys/resource.h>

// One simulated machine for checkfu-runner: its own HOME, XDG_CONFIG_HOME, XDG_DATA_HOME,
// XDG_CACHE_HOME and XDG_RUNTIME_DIR (0700) under a temporary directory. Share one between two
// RunnerProcess objects to run two Runners "on the same machine".
class RunnerHome
{
public:
    RunnerHome();
    QString root() const { return m_root.path(); }
    QString homeDir() const { return root() + QStringLiteral("/home"); }
    QString configHome() const { return root() + QStringLiteral("/config"); }
    QString dataHome() const { return root() + QStringLiteral("/data"); }
    QString cacheHome() const { return root() + QStringLiteral("/cache"); }
    QString runtimeDir() const { return root() + QStringLiteral("/run"); }
    // A further 0700 runtime directory (another "login session"): bypasses the instance lock.
    QString makeRuntimeDir(const QString &name) const;

    QString settingsFile() const { return configHome() + QStringLiteral("/checkfu/runner.ini"); }
    QString runnerDataDir() const { return dataHome() + QStringLiteral("/checkfu/runner"); }
    QString logDir() const { return runnerDataDir() + QStringLiteral("/logs"); }
    // Issue 3: runs/<run_id>/{workspace,home,tmp} while a run lives; spool/<run_id>/ until it settled.
    QString runsDir() const { return runnerDataDir() + QStringLiteral("/runs"); }
    QString runDir(const QString &runId) const { return runsDir() + QLatin1Char('/') + runId; }
    QString spoolDir() const { return runnerDataDir() + QStringLiteral("/spool"); }
    // Names of the entries (files or directories) directly under runsDir() / spoolDir().
    QStringList runDirs() const;
    QStringList spoolEntries() const;
    QString credentialDir() const { return runnerDataDir() + QStringLiteral("/credentials"); }
    // Every regular file under the credential directory.
    QStringList credentialFiles() const;
    // The `secret` of the first credential file ({"version":1,"secret":…}); empty when none.
    QString storedFileCredential() const;
    // pairing/runner_id from runner.ini (empty when absent).
    QString storedRunnerId() const;
    // The concatenated text of every log file.
    QString logText() const;
    // Every regular file under XDG_DATA_HOME, XDG_CONFIG_HOME, XDG_CACHE_HOME, HOME and the runtime dir.
    QStringList allFiles() const;

private:
    QTemporaryDir m_root;
};

// A checkfu-runner child process with an isolated environment. The destructor kills it (after a
// SIGCONT, in case the test stopped it), so a failing test leaves nothing running.
class RunnerProcess
{
public:
    explicit RunnerProcess(std::shared_ptr<RunnerHome> home = {});
    ~RunnerProcess();
    RunnerProcess(const RunnerProcess &) = delete;
    RunnerProcess &operator=(const RunnerProcess &) = delete;

    std::shared_ptr<RunnerHome> home() const { return m_home; }

    // Environment: starts from the system environment minus every CHECKFU_*/CURSOR_* variable,
    // DISPLAY and the desktop bus (DBUS_SESSION_BUS_ADDRESS points to a dead socket unless set),
    // then HOME/XDG_* of the home, then setBaseEnvironment's keys, then setEnv.
    void setBaseEnvironment(const QProcessEnvironment &env)
    {
        m_base = env;
        m_hasBase = true;
    }
    void setEnv(const QString &name, const QString &value) { m_extra.insert(name, value); }
    void unsetEnv(const QString &name) { m_unset.append(name); }
    void setRuntimeDir(const QString &dir) { m_runtimeOverride = dir; }
    // What the next start() writes to the child's standard input before closing it (`--code -`); without it
    // standard input stays an open, empty pipe.
    void setStandardInput(const QByteArray &bytes) { m_stdin = bytes; }
    // The RLIMIT_NOFILE it starts with (as `prlimit --nofile=SOFT:HARD checkfu-runner …` would give it).
    void setDescriptorLimit(quint64 soft, quint64 hard) { m_descriptorLimit = rlimit { rlim_t(soft), rlim_t(hard) }; }
    QProcessEnvironment environment() const;

    // Starts `checkfu-runner <args>` (args[0] is the command: start, doctor, unpair).
    bool start(const QStringList &args, QString *error = nullptr);
    // Runs `checkfu-runner <args>` to completion; returns its exit code (-1 timeout, -2 crash).
    int run(const QStringList &args, int timeoutMs = 30000);

    bool isRunning() const;
    qint64 pid() const;
    bool sendSignal(int signal) const;
    // Exit code once it exited within timeoutMs; -1 still running, -2 crashed (killed by a signal).
    int waitForExit(int timeoutMs);
    // Whether the process exited by a signal (a crash, or our kill()).
    bool crashed() const;
    // VmRSS of the running process in KiB (/proc/<pid>/status); -1 when unknown.
    qint64 rssKiB() const;
    void kill();

    // Waits for a status line "checkfu-runner: <state>" at or after status line index `since`.
    bool waitForState(const QString &state, int timeoutMs, int since = 0);
    // Status lines so far: {state, message}.
    QStringList states() const;
    QStringList stateLines() const { return m_stateLines; }
    int stateCount() const { return int(m_states.size()); }
    QString lastState() const { return m_states.isEmpty() ? QString() : m_states.last(); }

    QString stdoutText() const { return QString::fromUtf8(m_stdout); }
    QString stderrText() const { return QString::fromUtf8(m_stderr); }
    QByteArray stdoutBytes() const { return m_stdout; }
    QByteArray stderrBytes() const { return m_stderr; }
    QString logText() const { return m_home->logText(); }
    // stdout, stderr and the logs: for failure messages.
    QString describe() const;

    // Reads whatever the child wrote (called from waits; call it after processEvents if needed).
    void pump();

private:
    void parseLines();

    std::shared_ptr<RunnerHome> m_home;
    QProcessEnvironment m_base;
    bool m_hasBase = false;
    QProcessEnvironment m_extra;
    QStringList m_unset;
    QString m_runtimeOverride;
    std::optional<QByteArray> m_stdin;
    std::optional<rlimit> m_descriptorLimit;
    std::unique_ptr<QProcess> m_process;
    QByteArray m_stdout;
    QByteArray m_stderr;
    int m_parsed = 0;
    QStringList m_states;
    QStringList m_stateLines;
};
