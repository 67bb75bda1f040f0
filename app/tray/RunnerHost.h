#pragma once

#include "PairingRequest.h"
#include "RunnerStatus.h"
#include <runnercore/config/ConfigResolver.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/runner/Doctor.h>

#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <variant>

namespace runnercore {
class Clock;
class CredentialStore;
class PowerMonitor;
class Runner;
class RunnerSettings;
} // namespace runnercore

// Owns the Runner core on the Runner thread: settings, credential store, clock and the Runner
// itself are created here, on first use, so every one of them lives on this thread. It turns the
// Runner's signals into RunnerStatus snapshots. Only RunnerController talks to it, by queued calls.
class RunnerHost : public QObject
{
    Q_OBJECT
signals:
    void statusChanged(const RunnerStatus &status);
    void approvalRequested(const runnercore::ApprovalRequest &request);
    void warning(const QString &message);
    void finished(runnercore::RunnerExit exit);
    // A pairing code was redeemed (ok) or refused (message says why, in the server's words).
    void pairingFinished(bool ok, const QString &message);
    void unpairFinished(bool ok, const QString &message);
    void diagnosticsFinished(const QList<runnercore::Doctor::Check> &checks);
    // setCursorKey() done; message says why not when !ok.
    void cursorKeyStored(bool ok, const QString &message);
    // checkCursorKey()'s answer: whether the credential store holds a Cursor API key.
    void cursorKeyPresence(bool stored);
    // A new Runner was made (on this thread); for tests that check where the core lives.
    void coreCreated(runnercore::Runner *runner);

public:
    // commandLine: the tray's flags and environment; what they leave open comes from the shared
    // settings. clock: nullptr for the system clock; otherwise it must outlive the host and be
    // safe to read from the Runner thread.
    explicit RunnerHost(const runnercore::RunnerConfigInput &commandLine, const runnercore::Clock *clock = nullptr,
        QObject *parent = nullptr);
    ~RunnerHost() override;

    RunnerStatus status() const;

public slots:
    // Reads the shared settings and publishes the first snapshot (the thread's first event).
    void initialize();
    // Starts a Runner unless one is active; a finished one is replaced by a fresh one.
    void start();
    void stop();
    void stopNow();
    // A person cancels one run (settled cancelled/runner_stopped); nothing when it is not held.
    void cancelRun(const QString &runId);
    void setDraining(bool draining);
    // Signs off a running Runner first, then redeems the code with a new one.
    void pair(const PairingRequest &request);
    // Signs off a running Runner first, then forgets the credential and the pairing.
    void unpair();
    // The `checkfu-runner doctor` checks, with the configuration the next start would use.
    void runDiagnostics();
    // After wake or a network change: retry or re-check the identity now.
    void checkConnectionNow();
    // Stores (or with nullopt removes) the Cursor API key; used from the next start on.
    void setCursorKey(const std::optional<QString> &key);
    void checkCursorKey();
    // Destroys the core; the last call before the thread ends.
    void shutdown();

private:
    enum class AfterFinish { Nothing, Pair, Unpair };

    void launch();
    void readCursorKeyThen(std::function<void()> then);
    void onStateChanged(runnercore::RunnerState state);
    void onFinished(runnercore::RunnerExit exit);
    void publish();
    void reloadSettings();
    runnercore::CredentialStore &store();
    // The command line (and a pairing request), with what it leaves open filled from the shared settings.
    runnercore::ResolvedConfig effectiveConfig() const;
    void failBeforeStart(const QString &message, runnercore::RunnerExit exit);
    void replaceRunnerThenPair();
    // Once a pairing is made: its Cursor lane (m_pairingLane, or none) becomes the stored one.
    void storePairingLane();
    QString pairedText() const;
    void doUnpair();

    runnercore::RunnerConfigInput m_commandLine;
    std::optional<PairingRequest> m_pairing; // being redeemed, or waiting for the old Runner to end
    // The Cursor lane of the pairing being made (entered, or kept from the current one); a secret in memory only.
    std::optional<runnercore::CursorLane> m_pairingLane;
    int m_pairingRound = 0;
    bool m_pairingInFlight = false;
    AfterFinish m_afterFinish = AfterFinish::Nothing;
    const runnercore::Clock *m_clock;
    std::unique_ptr<runnercore::Clock> m_ownClock;
    std::unique_ptr<runnercore::RunnerSettings> m_settings;
    std::unique_ptr<runnercore::CredentialStore> m_store;
    QString m_storeName;
    std::unique_ptr<runnercore::PowerMonitor> m_power; // the platform's, made on this thread once
    std::unique_ptr<runnercore::Runner> m_runner;
    std::unique_ptr<runnercore::Doctor> m_doctor;
    bool m_runnerFinished = false;
    QList<runnercore::ApprovalRequest> m_approvals;
    RunActivity m_activity; // the ended runs, for the tray's lifetime (across Runners)
    QString m_lastWarning;
    QString m_failure; // why no Runner could be made (configuration), shown as Failed
    int m_slotCount = 1;
    runnercore::CursorKeyLookup m_cursorKey; // the key is a secret: only ever handed to the resolver
    bool m_readingKey = false;
    QDateTime m_lastContact; // signed off
    QDateTime m_connectedSince; // invalid while not connected
    QDateTime m_wokeAt;
    qint64 m_sleptMs = 0;
    int m_runsLostToSleep = 0;
};
