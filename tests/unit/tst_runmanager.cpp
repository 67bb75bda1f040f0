// The runs a Runner holds (RunManager) with a fake host-process tier and a scripted control plane:
// slots (no claim beyond them; a settled run frees its slot), cancel and directives reaching the
// right run, waiting for owned runs before going idle, revocation, and recovery of spooled runs (§6.6).
#include "RunBench.h"

#include <runnercore/work/ClaimLoop.h>
#include <runnercore/work/ObservationPipeline.h>
#include <runnercore/work/ObservationSpool.h>
#include <runnercore/work/RunManager.h>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

using namespace runnercore;

namespace {
const QString Run1 = RunBench::runId(1);
const QString Run2 = RunBench::runId(2);

// Waits for the harness of runId to be up (started, prompt written).
FakeProcess *runningProcess(RunBench &bench, const QString &runId)
{
    FakeProcess *process = nullptr;
    const bool up = QTest::qWaitFor(
        [&] {
            process = bench.provider.process(runId);
            return process && process->isRunning() && process->stdinClosed();
        },
        5000);
    return up ? process : nullptr;
}

QString outcomeOf(const RunBench &bench, const QString &runId)
{
    return bench.plane.settlements.value(runId).value(QStringLiteral("outcome")).toString();
}

QString reasonOf(const RunBench &bench, const QString &runId)
{
    return bench.plane.settlements.value(runId).value(QStringLiteral("reason")).toString();
}

// The claim loop wired to the manager as the Runner wires it: it claims only while a slot is
// free, and again when a run ends.
struct Claiming
{
    ClaimLoop loop;
    Claiming(RunBench &bench, RunManager &runs) : loop(*bench.api, *bench.identity, bench.clock)
    {
        loop.setFreeSlots([&runs] { return runs.freeSlots(); });
        QObject::connect(&loop, &ClaimLoop::claimed, &runs, &RunManager::start);
        QObject::connect(&runs, &RunManager::runsChanged, &loop, &ClaimLoop::poke);
    }
    ~Claiming() { loop.setEnabled(false); }
};
} // namespace

class TestRunManager : public QObject
{
    Q_OBJECT

private slots:
    // One slot, two runs waiting on the server: the second is not claimed while the first runs.
    void aClaimBeyondTheFreeSlotsIsNotTaken()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.plane.claims = { RunBench::claimBody(1), RunBench::claimBody(2) };
        RunManager runs(bench.env(), 1);
        Claiming claiming(bench, runs);
        claiming.loop.setEnabled(true);
        QVERIFY(runningProcess(bench, Run1));
        QCOMPARE(runs.busy(), 1);
        QCOMPARE(runs.freeSlots(), 0);
        QTest::qWait(500); // time for a claim that should not be made
        QCOMPARE(bench.plane.claimRequests, 1);
        QCOMPARE(bench.plane.claims.size(), 1); // run 2 still waits on the server
        QCOMPARE(runs.activeRunIds(), QStringList { Run1 });
        QCOMPARE(bench.provider.launched.size(), 1);
    }

    // Two slots hold two runs at once, each reported as active.
    void everySlotTakesARun()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.plane.claims = { RunBench::claimBody(1), RunBench::claimBody(2) };
        RunManager runs(bench.env(), 2);
        Claiming claiming(bench, runs);
        claiming.loop.setEnabled(true);
        QVERIFY(runningProcess(bench, Run1));
        QVERIFY(runningProcess(bench, Run2));
        QCOMPARE(runs.busy(), 2);
        QCOMPARE(runs.freeSlots(), 0);
        QStringList active = runs.activeRunIds();
        active.sort();
        QCOMPARE(active, QStringList({ Run1, Run2 }));
    }

    // A run holds its slot until it is settled (its observations acknowledged); then the slot is
    // free and the next waiting run is claimed into it.
    void aSettledRunFreesItsSlot()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.clock.setRandom(0.1); // retries of the failed batches come after 100 ms, 200 ms, ...
        bench.plane.claims = { RunBench::claimBody(1), RunBench::claimBody(2) };
        RunManager runs(bench.env(), 1);
        QSignalSpy changed(&runs, &RunManager::runsChanged);
        Claiming claiming(bench, runs);
        claiming.loop.setEnabled(true);
        FakeProcess *first = runningProcess(bench, Run1);
        QVERIFY(first);
        bench.plane.observationsDown = true;
        first->exit(0);
        QTest::qWait(400); // the harness is gone, but the run is not settled yet
        QCOMPARE(runs.busy(), 1);
        QCOMPARE(bench.plane.claimRequests, 1);
        bench.plane.observationsDown = false;
        QVERIFY(runningProcess(bench, Run2));
        QCOMPARE(outcomeOf(bench, Run1), QStringLiteral("succeeded"));
        QCOMPARE(runs.activeRunIds(), QStringList { Run2 });
        QCOMPARE(bench.plane.claimRequests, 2);
        QVERIFY(changed.size() >= 3); // run 1 in, run 1 out, run 2 in
    }

    // The same claim delivered twice (a replayed answer) runs once.
    void aRunClaimedTwiceRunsOnce()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(1));
        QVERIFY(runningProcess(bench, Run1));
        QCOMPARE(runs.busy(), 1);
        QCOMPARE(bench.provider.launched.size(), 1);
    }

    // A cancel directive for one run ends that run only; one for a run this Runner does not hold changes nothing.
    void aCancelReachesOnlyItsRun()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(2));
        FakeProcess *first = runningProcess(bench, Run1);
        FakeProcess *second = runningProcess(bench, Run2);
        QVERIFY(first && second);
        runs.cancel(RunBench::runId(3), QStringLiteral("cancel_requested"));
        runs.cancel(Run2, QStringLiteral("cancel_requested"));
        QTRY_COMPARE_WITH_TIMEOUT(bench.plane.settleOrder, QStringList { Run2 }, 5000);
        QCOMPARE(outcomeOf(bench, Run2), QStringLiteral("cancelled"));
        QCOMPARE(reasonOf(bench, Run2), QStringLiteral("cancel_requested"));
        QCOMPARE(first->terminations(), 0);
        QVERIFY(first->isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(runs.activeRunIds(), QStringList { Run1 }, 5000);
    }

    // A control directive (§6.4) goes to the run it names: a oneshot harness takes no prompt, so
    // that run, and only that one, reports it as not applicable.
    void aDirectiveReachesOnlyItsRun()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        QSignalSpy idle(&runs, &RunManager::idle);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(2));
        FakeProcess *first = runningProcess(bench, Run1);
        FakeProcess *second = runningProcess(bench, Run2);
        QVERIFY(first && second);
        runs.directive(Run2,
            { { QStringLiteral("type"), QStringLiteral("prompt") }, { QStringLiteral("run_id"), Run2 },
                { QStringLiteral("turn_id"), QStringLiteral("turn_1") }, { QStringLiteral("prompt"), QJsonArray {} } });
        runs.directive(RunBench::runId(3), { { QStringLiteral("type"), QStringLiteral("close") } });
        first->exit(0);
        second->exit(0);
        QVERIFY(idle.wait(5000));
        QVERIFY(!bench.plane.kindsOf(Run1).contains(QStringLiteral("run.warning")));
        const QList<QJsonObject> events = bench.plane.events.value(Run2);
        const auto warning = std::find_if(events.begin(), events.end(), [](const QJsonObject &e) {
            return e.value(QStringLiteral("kind")).toString() == QLatin1String("run.warning");
        });
        QVERIFY(warning != events.end());
        QCOMPARE(warning->value(QStringLiteral("data")).toObject().value(QStringLiteral("kind")).toString(),
            QStringLiteral("directive_not_applicable"));
    }

    // Draining: the manager is idle only once every owned run is settled, and says so once.
    void idleOnlyOnceEveryRunIsSettled()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        QVERIFY(runs.isIdle());
        QSignalSpy idle(&runs, &RunManager::idle);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(2));
        FakeProcess *first = runningProcess(bench, Run1);
        FakeProcess *second = runningProcess(bench, Run2);
        QVERIFY(first && second);
        QVERIFY(!runs.isIdle());
        first->exit(0);
        QTRY_COMPARE_WITH_TIMEOUT(bench.plane.settleOrder, QStringList { Run1 }, 5000);
        QTRY_COMPARE_WITH_TIMEOUT(runs.busy(), 1, 5000);
        QCOMPARE(idle.size(), 0);
        QVERIFY(!runs.isIdle());
        second->exit(0);
        QVERIFY(idle.wait(5000));
        QVERIFY(runs.isIdle());
        QCOMPARE(runs.busy(), 0);
        QCOMPARE(runs.freeSlots(), 2);
        QTest::qWait(100);
        QCOMPARE(idle.size(), 1);
    }

    // A local stop cancels every run (runner_stopped); the manager is idle once all are settled.
    void stoppingCancelsEveryRun()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        QSignalSpy idle(&runs, &RunManager::idle);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(2));
        QVERIFY(runningProcess(bench, Run1));
        QVERIFY(runningProcess(bench, Run2));
        runs.cancelAll(QStringLiteral("runner_stopped"));
        QVERIFY(idle.wait(5000));
        for (const QString &run : { Run1, Run2 }) {
            QCOMPARE(outcomeOf(bench, run), QStringLiteral("cancelled"));
            QCOMPARE(reasonOf(bench, run), QStringLiteral("runner_stopped"));
        }
    }

    // Revocation: every run is killed at once and nothing is settled (writes are fenced anyway).
    void abandoningKillsEveryRunWithoutSettling()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        QSignalSpy idle(&runs, &RunManager::idle);
        runs.start(RunBench::claim(1));
        runs.start(RunBench::claim(2));
        FakeProcess *first = runningProcess(bench, Run1);
        FakeProcess *second = runningProcess(bench, Run2);
        QVERIFY(first && second);
        runs.abandonAll();
        QCOMPARE(first->kills(), 1);
        QCOMPARE(second->kills(), 1);
        QVERIFY(idle.wait(5000));
        QVERIFY(runs.isIdle());
        QTest::qWait(300);
        QVERIFY(bench.plane.settlements.isEmpty());
    }

    // What the tray's activity view is told: a taken run with its title, driver and tier, and when
    // it ends its outcome, reason and duration; a refused run has no tier. Never its content.
    void runsAreReportedWithTheirMetadataWhenTakenAndWhenTheyEnd()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        RunManager runs(bench.env(), 2);
        QSignalSpy started(&runs, &RunManager::runStarted);
        QSignalSpy ended(&runs, &RunManager::runEnded);
        const QDateTime takenAt = bench.clock.now();
        runs.start(RunBench::claim(1));
        QCOMPARE(started.size(), 1);
        const auto taken = started.at(0).at(0).value<RunSummary>();
        QCOMPARE(taken.runId, Run1);
        QCOMPARE(taken.sessionId, QStringLiteral("sess_%1").arg(1, 32, 10, QLatin1Char('0')));
        QCOMPARE(taken.title, QStringLiteral("Fix flaky test"));
        QCOMPARE(taken.driver, QStringLiteral("oneshot"));
        QCOMPARE(taken.tier, QStringLiteral("host-process"));
        QCOMPARE(taken.startedAt, takenAt);
        QVERIFY(!taken.hasEnded());
        QCOMPARE(runs.runs().size(), 1);
        QCOMPARE(runs.runs().first().title, QStringLiteral("Fix flaky test"));

        FakeProcess *process = runningProcess(bench, Run1);
        QVERIFY(process);
        bench.clock.advance(65000);
        process->exit(3);
        QVERIFY(ended.wait(5000));
        const auto settled = ended.at(0).at(0).value<RunSummary>();
        QCOMPARE(settled.runId, Run1);
        QCOMPARE(settled.title, QStringLiteral("Fix flaky test"));
        QCOMPARE(settled.outcome, QStringLiteral("failed"));
        QCOMPARE(settled.reason, QStringLiteral("exit_nonzero"));
        QCOMPARE(settled.durationMs(), 65000);
        QVERIFY(runs.runs().isEmpty());

        // No tier can take it: refused, and it never ran in a tier.
        bench.providerEnabled = false;
        QJsonObject spec = RunBench::runSpec();
        spec.insert(QStringLiteral("title"), QString(2 * RunSummary::MaxTitleChars, QLatin1Char('x')));
        runs.start(RunBench::claim(2, spec));
        QCOMPARE(started.size(), 2);
        QCOMPARE(started.at(1).at(0).value<RunSummary>().title.size(), RunSummary::MaxTitleChars);
        QVERIFY(ended.wait(5000));
        const auto refused = ended.at(1).at(0).value<RunSummary>();
        QCOMPARE(refused.outcome, QStringLiteral("refused"));
        QCOMPARE(refused.reason, QStringLiteral("tier_unavailable"));
        QCOMPARE(refused.tier, QString());
        QCOMPARE(refused.driver, QStringLiteral("oneshot"));
    }

    // §6.6: a run an earlier process left in the spool has its sandbox removed first, then its
    // unacknowledged events delivered, then is settled failed/runner_restarted.
    void aSpooledRunIsDeliveredThenSettledRunnerRestarted()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        {
            // The earlier process: three events spooled while the plane was down, then it died.
            bench.plane.observationsDown = true;
            auto spool = std::make_unique<ObservationSpool>(bench.spool.path(), Run1);
            ObservationSpool::Meta meta;
            meta.runId = Run1;
            meta.claimId = RunBench::claimId(1);
            meta.durable = true;
            QString error;
            QVERIFY2(spool->create(meta, &error), qPrintable(error));
            ObservationPipeline before(*bench.api, *bench.identity, bench.clock, bench.masker, std::move(spool));
            before.start();
            for (int i = 1; i <= 3; ++i)
                before.append(QStringLiteral("output.stdout"), { { QStringLiteral("text"), QString::number(i) } });
        }
        bench.plane.observationsDown = false;
        QCOMPARE(ObservationSpool::runsIn(bench.spool.path()), QStringList { Run1 });

        RunEnvironment env = bench.env();
        QStringList tornDown;
        int settledAtTeardown = -1;
        env.teardownLeftovers = [&](const QString &runId) {
            tornDown << runId;
            settledAtTeardown = int(bench.plane.settleOrder.size());
        };
        RunManager runs(env, 1);
        QSignalSpy idle(&runs, &RunManager::idle);
        runs.recover();
        QVERIFY(!runs.isIdle());
        QVERIFY(idle.wait(5000));
        QCOMPARE(tornDown, QStringList { Run1 });
        QCOMPARE(settledAtTeardown, 0);
        QCOMPARE(bench.plane.kindsOf(Run1).size(), 3);
        QCOMPARE(outcomeOf(bench, Run1), QStringLiteral("failed"));
        QCOMPARE(reasonOf(bench, Run1), QStringLiteral("runner_restarted"));
        QCOMPARE(bench.plane.settlements.value(Run1).value(QStringLiteral("final_seq")).toInteger(), 3);
        QCOMPARE(ObservationSpool::runsIn(bench.spool.path()), QStringList());
        QCOMPARE(bench.provider.launched.size(), 0); // a native process is never claimed to have resumed
    }

    // A spool that cannot be read is removed, not settled with made-up counters.
    void anUnreadableSpoolIsRemoved()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        const QString dir = bench.spool.path() + QLatin1Char('/') + Run1;
        QVERIFY(QDir().mkpath(dir));
        QFile meta(dir + QStringLiteral("/meta.json"));
        QVERIFY(meta.open(QIODevice::WriteOnly));
        meta.write("{ not json");
        meta.close();
        RunManager runs(bench.env(), 1);
        runs.recover();
        QVERIFY(runs.isIdle());
        QVERIFY(!QDir(dir).exists());
        QTest::qWait(300);
        QVERIFY(bench.plane.settlements.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRunManager)
#include "tst_runmanager.moc"
