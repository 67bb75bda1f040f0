#pragma once

#include <runnercore/config/RunnerConfig.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/work/ObservationPipeline.h>
#include <runnercore/work/RunSummary.h>
#include <runnercore/workspace/Materialization.h>
#include <runnercore/workspace/MemoryChanges.h>

#include <QElapsedTimer>
#include <QJsonObject>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

namespace runnercore {

class ApiClient;
class Clock;
class HarnessDriver;
class McpRelay;
class SandboxProvider;
class SandboxedProcess;
class SecretMasker;
class WorkloadIdentity;

// What every run needs from the Runner, passed by reference so runs never reach for globals.
struct RunEnvironment
{
    ApiClient *api = nullptr;
    WorkloadIdentity *identity = nullptr;
    const Clock *clock = nullptr;
    SecretMasker *masker = nullptr;
    std::function<SandboxProvider *(const QString &providerId)> provider;
    std::function<QJsonObject()> ceiling; // from the last identity grant
    std::function<QJsonObject()> realisable; // our advertisement now
    std::optional<CursorLane> cursor;
    std::optional<int> defaultIdleTimeoutMs; // CHECKFU_RUNNER_IDLE_TIMEOUT_MS
    QString spoolRoot;
    QString gitCacheRoot; // the git mirrors of durable runs (workspace/MirrorCache); empty: none
    qint64 gitCacheLimitBytes = MirrorCache::DefaultLimitBytes; // evicted down to this, oldest first
    std::function<bool()> gitLfsInstalled; // lfs: true mounts need it; unset: workspace/GitTool asks
    QString snapshotRoot; // workspaces kept on this machine (§6.9, workspace/SnapshotStore); empty: none
    SnapshotStore::Limits snapshotLimits;
    // Removes whatever a run left on disk (workspace, home, tmp); used for runs of a dead process.
    std::function<void(const QString &runId)> teardownLeftovers;
    int terminateGraceMs = 10000; // §6.7: SIGTERM, then SIGKILL after 10 s
};

// One claimed run from admission to settlement: admission (§6.2), sandbox and harness, the
// deadline and idle timeout (§6.7), cancel, the observation pipeline and settlement (§6.6).
class RunExecution : public QObject
{
    Q_OBJECT
signals:
    void finished(const QString &runId); // settled, or given up (lease lost)
    // A harness asks a person to decide (§6.5); data as in the approval.requested event.
    void approvalRequested(const QString &runId, const QString &sessionId, const QJsonObject &data);
    void approvalResolved(const QString &runId, const QString &approvalId, const QString &outcome);
    // The summary's phase moved (materialising: which repository, how far).
    void summaryChanged(const QString &runId);

public:
    RunExecution(const RunClaim &claim, const RunEnvironment &env, QObject *parent = nullptr);
    ~RunExecution() override;

    void start();
    // reason: cancel_requested (directive) or runner_stopped (local stop); settles cancelled.
    void cancel(const QString &reason);
    // Revocation: kill at once and drop everything (writes are fenced anyway).
    void abandon();
    void resume() { m_pipeline->resume(); }
    ObservationPipeline &pipeline() const { return *m_pipeline; }
    // prompt, close, approval_decision (§6.4) for this run's harness.
    void directive(const QJsonObject &directive);

    QString runId() const { return m_claim.runId; }
    bool isHarnessRunning() const;
    // Title and metadata for people (the tray's activity view); the outcome once it is decided.
    RunSummary summary() const { return m_summary; }

private:
    void refuse(const QString &reason, const QString &message);
    void launch(const RunSpec &spec, SandboxProvider *provider);
    void materialise(const RunSpec &spec, qint64 preparedMs);
    void onMaterialised(bool ok);
    void startHarness(const RunSpec &spec);
    // §6.10: why this run's plane_mcp cannot be given to its harness here; empty when it can.
    QString planeMcpProblem(const RunSpec &spec, SandboxProvider *provider) const;
    // Opens the run's relay socket; false with *error when it cannot.
    bool startRelay(const RunSpec &spec, const QString &socketPath, QString *error);
    // Whether pid is a process of this run's harness tree (the relay's peer check).
    bool isRunProcess(qint64 pid) const;
    void reportMemoryChanges();
    // §6.9: the snapshot mount that cannot be restored as asked, or empty.
    QString snapshotProblem(const RunSpec &spec) const;
    bool keepsWorkspace(const RunSpec &spec) const;
    // Records the materialised tree when the workspace is kept, then starts the harness.
    void beforeHarness(const RunSpec &spec);
    void takeSnapshot(ObservationPipeline::Settlement settlement);
    void reportSnapshot(const SnapshotStore::Result &result);
    void warnSnapshot(const QString &kind, const QString &message, const QStringList &paths = {});
    void finishSettlement(ObservationPipeline::Settlement settlement);
    // Runs `work` on a thread of its own (reading or writing a whole workspace), then `done` here.
    void runOffThread(std::function<void()> work, std::function<void()> done);
    void forgetSecrets();
    void endWith(const QString &reason);
    void terminateHarness();
    void onHarnessFinished(int exitCode, int signalNumber, const QString &launchError);
    void settleAndTeardown(ObservationPipeline::Settlement settlement);
    void noteEnd(const QString &outcome, const QString &reason);
    QDateTime now() const;

    RunClaim m_claim;
    RunEnvironment m_env;
    RunSummary m_summary;
    ObservationPipeline *m_pipeline = nullptr;
    SandboxProvider *m_provider = nullptr;
    std::unique_ptr<SandboxedProcess> m_process;
    Materialization *m_materialization = nullptr; // while mounts are fetched
    QList<std::pair<RunMount, MemoryChanges::Snapshot>> m_memory; // writable memory mounts, as materialised
    QStringList m_runSecrets; // the mounts' credentials, masked until the run ends
    std::shared_ptr<SnapshotStore> m_snapshots; // this run's handle on the store (its own cancel)
    std::optional<SnapshotManifest> m_materialised; // the tree before the harness, when it is kept
    QThread *m_worker = nullptr; // a snapshot being recorded or taken
    bool m_harnessStarted = false;
    bool m_snapshotDisabled = false; // the materialised tree could not be recorded: nothing is kept
    bool m_abandoned = false;
    HarnessDriver *m_driver = nullptr;
    McpRelay *m_relay = nullptr; // runs with plane_mcp, from the harness's start to settlement
    QTimer m_deadline;
    QTimer m_idle;
    QTimer m_windDown; // between an ACP cancel and terminating the tree
    QElapsedTimer m_wall;
    QString m_endReason; // set when the Runner ends the run (cancel, timeouts)
    bool m_finishing = false;
    bool m_done = false;
};

} // namespace runnercore
