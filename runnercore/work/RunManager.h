#pragma once

#include <runnercore/work/RunExecution.h>

#include <QHash>
#include <QObject>
#include <QStringList>

#include <algorithm>

namespace runnercore {

class ObservationPipeline;

// The runs this Runner owns: slots, cancel fan-out, and recovery of runs a previous process
// left in the spool (delivered, then settled failed/runner_restarted, §6.6).
class RunManager : public QObject
{
    Q_OBJECT
signals:
    void runsChanged(); // busy slots or the active run list changed
    void runUpdated(); // a run's summary moved (its materialisation phase), nothing else
    // A claimed run was admitted or refused (its tier known); it holds a slot until runEnded().
    void runStarted(const RunSummary &run);
    // A run left this Runner: settled (outcome, reason) or given up (empty outcome).
    void runEnded(const RunSummary &run);
    void idle(); // nothing left to run or settle
    // What every run held at flushObservations() is acknowledged by the server.
    void observationsDelivered();
    void approvalRequested(const QString &runId, const QString &sessionId, const QJsonObject &data);
    void approvalResolved(const QString &runId, const QString &approvalId, const QString &outcome);

public:
    RunManager(const RunEnvironment &env, int slotCount, QObject *parent = nullptr);
    ~RunManager() override;

    void start(const RunClaim &claim);
    // Runs left by a crashed or killed process: deliver and settle each.
    void recover();
    void cancel(const QString &runId, const QString &reason);
    // prompt, close, approval_decision for one run (§6.4).
    void directive(const QString &runId, const QJsonObject &directive);
    void cancelAll(const QString &reason);
    void abandonAll();
    void resumeAll(); // a new workload token arrived
    // Before the machine sleeps: every run sends what it holds now; observationsDelivered() follows
    // once the server acknowledged it (output that comes later is not waited for).
    void flushObservations();
    bool observationsFlushed() const;

    int slotCount() const { return m_slots; }
    int busy() const { return int(m_runs.size()); }
    int freeSlots() const { return std::max(0, m_slots - busy()); }
    QStringList activeRunIds() const { return m_runs.keys(); }
    // The runs held now, oldest first.
    QList<RunSummary> runs() const;
    bool isIdle() const { return m_runs.isEmpty() && m_recovering.isEmpty(); }

private:
    void onFinished(const QString &runId);
    void watchDelivery(ObservationPipeline *pipeline);
    QList<ObservationPipeline *> pipelines() const;

    RunEnvironment m_env;
    int m_slots;
    QHash<QString, RunExecution *> m_runs;
    QHash<QString, ObservationPipeline *> m_recovering;
    // flushObservations(): each pipeline's last seq then; only compared, never dereferenced.
    QHash<const ObservationPipeline *, qint64> m_flushMarks;
};

} // namespace runnercore
