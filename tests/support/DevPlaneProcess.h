#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

// A `checkfu-devplane serve` child in its own temporary directory, for process-level tests.
// Owns the process: the destructor kills it, so a failing test never leaves one behind.
class DevPlaneProcess
{
public:
    explicit DevPlaneProcess(const QStringList &extraServeArgs = {});
    ~DevPlaneProcess();
    DevPlaneProcess(const DevPlaneProcess &) = delete;
    DevPlaneProcess &operator=(const DevPlaneProcess &) = delete;

    // Starts serve (--port 0 the first time) and waits until the info file names the URL.
    bool start(QString *error = nullptr, int timeoutMs = 15000);
    // Without --state (memory only): for benchmarks that must measure the Runner, not the
    // devplane's state file. Call before start().
    void setPersistent(bool persistent) { m_persistent = persistent; }
    // Starts again on the same port with the same --state file (after kill()/terminate()).
    bool restart(QString *error = nullptr, int timeoutMs = 15000);
    void kill(); // SIGKILL, waits for the exit
    bool terminate(int timeoutMs = 10000); // SIGTERM, waits; false if it had to be killed
    bool isRunning() const;
    qint64 pid() const; // 0 when not running
    bool sendSignal(int signal) const; // e.g. SIGSTOP/SIGCONT to freeze it without closing its sockets

    QString url() const { return m_url; }
    int port() const;
    QString adminKey() const { return m_adminKey; }
    QString dir() const { return m_dir.path(); }
    QString infoFile() const { return m_dir.filePath(QStringLiteral("devplane.json")); }
    QString requestLogPath() const { return m_dir.filePath(QStringLiteral("requests.jsonl")); }
    QString statePath() const { return m_dir.filePath(QStringLiteral("state.json")); }
    QString output() const; // serve's stdout + stderr so far

    struct AdminResult
    {
        int exitCode = -1;
        QByteArray out;
        QByteArray err;
    };
    // Runs `checkfu-devplane <args> --info-file F`.
    AdminResult runAdmin(const QStringList &args, int timeoutMs = 15000) const;
    // The admin command's stdout as a JSON object (empty on failure; a JSON array goes into "data").
    QJsonObject admin(const QStringList &args) const;
    // The admin command's stdout trimmed (the code for `pair`, the secret for `key`, `ok` …); empty on failure.
    QString adminText(const QStringList &args) const;

    QString pair(const QStringList &extra = {}) const
    {
        return adminText(QStringList { QStringLiteral("pair") } + extra);
    }
    QJsonArray presences() const;
    QJsonObject presence(const QString &runnerId) const; // empty when not listed
    QJsonArray requests() const;
    QJsonObject runner(const QString &runnerId) const;
    QJsonObject identities() const; // GET /v1/_dev/identities
    // Request log file records (one JSON object per line), read from disk.
    QList<QJsonObject> requestLog() const;

    // --- Sessions (issue 3): `checkfu-devplane session …` -------------------------------------
    // These run the admin command while processing events (QTest::qWait), so a RunnerProcess
    // keeps reading its child's output meanwhile.
    //
    // The dev principal (GET /v1/_dev/identities): the default of `pair` and `session create`.
    QString defaultPrincipal() const;
    // `session create --preset NAME [--param K=V]… extra` → {session_id, run_id}; empty on failure
    // (*error then has the command's output).
    QJsonObject createSession(const QString &preset, const QStringList &params = {}, const QStringList &extra = {},
        QString *error = nullptr) const;
    // `session create --spec FILE extra` with `runSpec` written to a file in dir().
    QJsonObject createSessionFromSpec(
        const QJsonObject &runSpec, const QStringList &extra = {}, QString *error = nullptr) const;
    // `session wait ID --timeout S` → the settlement JSON; empty when it timed out or failed.
    QJsonObject waitSettled(const QString &sessionId, int timeoutSeconds, QString *error = nullptr) const;
    // `session events ID` → {events, settlement, status, runner_id, …}; empty on failure.
    QJsonObject sessionEvents(const QString &sessionId, QString *error = nullptr) const;
    // `session cancel ID`; true when it exited 0.
    bool cancelSession(const QString &sessionId, QString *error = nullptr) const;
    // `session ARGS…` (approve, prompt, close, …); true when it exited 0, else *error says why.
    bool sessionCommand(const QStringList &args, QString *error = nullptr) const;
    // Like runAdmin, but waiting with an event loop (QTest::qWait) instead of blocking.
    AdminResult runAdminPumping(const QStringList &args, int timeoutMs = 15000) const;

private:
    bool launch(const QStringList &portArgs, QString *error, int timeoutMs);

    QTemporaryDir m_dir;
    QStringList m_extraArgs;
    bool m_persistent = true;
    std::unique_ptr<QProcess> m_process;
    QString m_url;
    QString m_adminKey;
    QByteArray m_previousOutput;
};
