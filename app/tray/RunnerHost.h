#pragma once

#include "RunnerConfig.h"
#include "RunnerStatus.h"

#include <QObject>

#include <memory>

class Clock;
class CredentialStore;
class Runner;
class RunnerSettings;

// Owns the Runner core on the Runner thread: settings, credential store, clock and the Runner
// itself are created here, on first use, so every one of them lives on this thread. It turns the
// Runner's signals into RunnerStatus snapshots. Only RunnerController talks to it, by queued calls.
class RunnerHost : public QObject
{
    Q_OBJECT
signals:
    void statusChanged(const RunnerStatus &status);
    void approvalRequested(const ApprovalRequest &request);
    void warning(const QString &message);
    void finished(RunnerExit exit);
    // A new Runner was made (on this thread); for tests that check where the core lives.
    void coreCreated(Runner *runner);

public:
    // clock: nullptr for the system clock; otherwise it must outlive the host and be safe to read
    // from the Runner thread.
    explicit RunnerHost(const RunnerConfig &config, const Clock *clock = nullptr, QObject *parent = nullptr);
    ~RunnerHost() override;

    RunnerStatus status() const;

public slots:
    // Reads the shared settings and publishes the first snapshot (the thread's first event).
    void initialize();
    // Starts a Runner unless one is active; a finished one is replaced by a fresh one.
    void start();
    void stop();
    void stopNow();
    void setDraining(bool draining);
    // Destroys the core; the last call before the thread ends.
    void shutdown();

private:
    void onStateChanged(RunnerState state);
    void onFinished(RunnerExit exit);
    void publish();

    RunnerConfig m_config;
    const Clock *m_clock;
    std::unique_ptr<Clock> m_ownClock;
    std::unique_ptr<RunnerSettings> m_settings;
    std::unique_ptr<CredentialStore> m_store;
    std::unique_ptr<Runner> m_runner;
    bool m_runnerFinished = false;
    QList<ApprovalRequest> m_approvals;
    QString m_lastWarning;
    QDateTime m_lastContact;
    RunnerState m_lastState = RunnerState::Idle;
};
