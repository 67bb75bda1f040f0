#include <runnercore/work/RunManager.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/work/ObservationPipeline.h>
#include <runnercore/work/ObservationSpool.h>

namespace runnercore {

namespace {

const HeldLogger logger("runs");

} // namespace

RunManager::RunManager(const RunEnvironment &env, int slotCount, QObject *parent)
    : QObject(parent), m_env(env), m_slots(slotCount)
{ }

RunManager::~RunManager()
{
    qDeleteAll(m_runs);
    qDeleteAll(m_recovering);
}

void RunManager::start(const RunClaim &claim)
{
    if (m_runs.contains(claim.runId)) {
        logger->warn("run {} claimed twice; ignoring the second claim", claim.runId);
        return;
    }
    auto *run = new RunExecution(claim, m_env, this);
    m_runs.insert(claim.runId, run);
    connect(run, &RunExecution::finished, this, &RunManager::onFinished);
    // A materialising run's phase is part of what the activity view shows.
    connect(run, &RunExecution::summaryChanged, this, &RunManager::runUpdated);
    connect(run, &RunExecution::approvalRequested, this, &RunManager::approvalRequested);
    connect(run, &RunExecution::approvalResolved, this, &RunManager::approvalResolved);
    watchDelivery(&run->pipeline());
    emit runsChanged();
    run->start();
    // A refusal settles later, never inside start(): the run is still held here.
    if (m_runs.value(claim.runId) == run)
        emit runStarted(run->summary());
}

QList<RunSummary> RunManager::runs() const
{
    QList<RunSummary> list;
    list.reserve(m_runs.size());
    for (const RunExecution *run : m_runs)
        list.append(run->summary());
    std::sort(list.begin(), list.end(), [](const RunSummary &a, const RunSummary &b) {
        return a.startedAt != b.startedAt ? a.startedAt < b.startedAt : a.runId < b.runId;
    });
    return list;
}

void RunManager::recover()
{
    const QStringList leftovers = ObservationSpool::runsIn(m_env.spoolRoot);
    for (const QString &runId : leftovers) {
        if (m_runs.contains(runId) || m_recovering.contains(runId))
            continue;
        auto spool = std::make_unique<ObservationSpool>(m_env.spoolRoot, runId);
        QString error;
        if (!spool->load(&error)) {
            logger->error("cannot recover run {}: {}; removing its spool", runId, error);
            spool->remove();
            continue;
        }
        logger->info("run {} was left by an earlier process: delivering {} spooled events, then "
                     "settling it failed/runner_restarted",
            runId, spool->unacknowledged().size());
        // The old process's sandbox goes first, before anything is settled (§6.6, ZDR above all).
        if (m_env.teardownLeftovers)
            m_env.teardownLeftovers(runId);
        auto *pipeline
            = new ObservationPipeline(*m_env.api, *m_env.identity, *m_env.clock, *m_env.masker, std::move(spool), this);
        m_recovering.insert(runId, pipeline);
        watchDelivery(pipeline);
        auto done = [this, runId] {
            if (ObservationPipeline *p = m_recovering.take(runId))
                p->deleteLater();
            if (isIdle())
                emit idle();
        };
        connect(pipeline, &ObservationPipeline::settled, this, done);
        connect(pipeline, &ObservationPipeline::leaseLost, this, done);
        pipeline->settleRecovered();
    }
}

void RunManager::cancel(const QString &runId, const QString &reason)
{
    if (RunExecution *run = m_runs.value(runId))
        run->cancel(reason);
    else
        logger->info("cancel for run {}, which this Runner does not hold", runId);
}

void RunManager::directive(const QString &runId, const QJsonObject &directive)
{
    if (RunExecution *run = m_runs.value(runId))
        run->directive(directive);
    else
        logger->info("directive '{}' for run {}, which this Runner does not hold; ignored",
            directive.value(QLatin1String("type")).toString(), runId);
}

void RunManager::cancelAll(const QString &reason)
{
    for (RunExecution *run : std::as_const(m_runs))
        run->cancel(reason);
}

void RunManager::abandonAll()
{
    const auto runs = m_runs.values();
    for (RunExecution *run : runs)
        run->abandon();
    for (ObservationPipeline *p : std::as_const(m_recovering))
        p->abandon();
}

void RunManager::resumeAll()
{
    for (RunExecution *run : std::as_const(m_runs))
        run->resume();
    for (ObservationPipeline *p : std::as_const(m_recovering))
        p->resume();
}

QList<ObservationPipeline *> RunManager::pipelines() const
{
    QList<ObservationPipeline *> all = m_recovering.values();
    for (RunExecution *run : m_runs)
        all.append(&run->pipeline());
    return all;
}

void RunManager::watchDelivery(ObservationPipeline *pipeline)
{
    connect(pipeline, &ObservationPipeline::acknowledged, this, [this] {
        if (!m_flushMarks.isEmpty() && observationsFlushed()) {
            m_flushMarks.clear();
            emit observationsDelivered();
        }
    });
}

void RunManager::flushObservations()
{
    m_flushMarks.clear();
    for (ObservationPipeline *pipeline : pipelines()) {
        if (pipeline->ackedThrough() < pipeline->lastSeq())
            m_flushMarks.insert(pipeline, pipeline->lastSeq());
        pipeline->flushNow();
    }
}

bool RunManager::observationsFlushed() const
{
    const QList<ObservationPipeline *> all = pipelines();
    for (auto mark = m_flushMarks.begin(); mark != m_flushMarks.end(); ++mark) {
        // A run that ended since was settled, which needs everything acknowledged.
        const auto found = std::find(all.begin(), all.end(), mark.key());
        if (found != all.end() && (*found)->ackedThrough() < mark.value())
            return false;
    }
    return true;
}

void RunManager::onFinished(const QString &runId)
{
    if (RunExecution *run = m_runs.take(runId)) {
        emit runEnded(run->summary());
        run->deleteLater();
    }
    emit runsChanged();
    if (!m_flushMarks.isEmpty() && observationsFlushed()) {
        m_flushMarks.clear();
        emit observationsDelivered();
    }
    if (isIdle())
        emit idle();
}

} // namespace runnercore
