#pragma once

#include "PairingRequest.h"
#include "RunnerStatus.h"
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/runner/Doctor.h>

#include <QObject>
#include <QThread>

#include <optional>

namespace runnercore {
class Clock;
}
class RunnerHost;

// The GUI's only way to the Runner core, which runs on a thread of its own (RunnerHost there).
// Calls go over as queued signals and come back as RunnerStatus snapshots, so a busy core never
// blocks the GUI and no widget ever touches a core object.
class RunnerController : public QObject
{
    Q_OBJECT
signals:
    // Every change, delivered on the GUI thread.
    void statusChanged(const RunnerStatus &status);
    // Also part of statusChanged; these are for whoever decides about notifications.
    void approvalRequested(const runnercore::ApprovalRequest &request);
    void warning(const QString &message);
    // The Runner finished (stopped, failed, revoked, …); start() makes a new one.
    void finished(runnercore::RunnerExit exit);
    // A pairing (wizard or --code) was redeemed, or refused with the server's words.
    void pairingFinished(bool ok, const QString &message);
    void unpairFinished(bool ok, const QString &message);
    void diagnosticsFinished(const QList<runnercore::Doctor::Check> &checks);
    void cursorKeyStored(bool ok, const QString &message);
    void cursorKeyPresence(bool stored);

    // To the host (queued); private so only this class can send them.
    void startRequested(QPrivateSignal);
    void stopRequested(QPrivateSignal);
    void stopNowRequested(QPrivateSignal);
    void drainingRequested(bool draining, QPrivateSignal);
    void cancelRunRequested(const QString &runId, QPrivateSignal);
    void pairRequested(const PairingRequest &request, QPrivateSignal);
    void unpairRequested(QPrivateSignal);
    void diagnosticsRequested(QPrivateSignal);
    void connectionCheckRequested(QPrivateSignal);
    void cursorKeyRequested(const std::optional<QString> &key, QPrivateSignal);
    void cursorKeyCheckRequested(QPrivateSignal);

public:
    // commandLine: the tray's flags and environment (what they leave open comes from the shared
    // settings at each start). clock: nullptr for the system clock; else it must outlive the controller.
    explicit RunnerController(const runnercore::RunnerConfigInput &commandLine,
        const runnercore::Clock *clock = nullptr, QObject *parent = nullptr);
    // Destroys the core on its thread, then ends the thread. Does not sign off: stop() first for that.
    ~RunnerController() override;

    // The latest snapshot received.
    RunnerStatus status() const { return m_status; }
    // The core thread and the object living on it (for tests: connect to it, never call it).
    QThread *coreThread() { return &m_thread; }
    RunnerHost *host() const { return m_host; }

public slots:
    void start();
    // Drain, then sign off; finished() when done.
    void stop();
    // Cancel owned runs and sign off without waiting.
    void stopNow();
    // Cancels one run on this machine (a person's Cancel): it settles cancelled/runner_stopped.
    void cancelRun(const QString &runId);
    void setDraining(bool draining);
    // Signs off a running Runner, then redeems the code; pairingFinished() tells how it went.
    void pair(const PairingRequest &request);
    // Signs off a running Runner, then forgets the pairing; unpairFinished() tells how it went.
    void unpair();
    void runDiagnostics();
    // After wake: retry or re-check the identity now instead of at the next timer.
    void checkConnectionNow();
    // Stores (nullopt: removes) the Cursor API key in the credential store, on the core thread.
    void setCursorKey(const std::optional<QString> &key);
    // Whether a Cursor API key is stored; answered by cursorKeyPresence().
    void checkCursorKey();

private:
    QThread m_thread;
    RunnerHost *m_host;
    RunnerStatus m_status;
};
