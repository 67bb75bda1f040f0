// One run from claim to settlement (§6.2, §6.3, §6.6, §6.7) with a fake host-process tier and a
// scripted control plane: refusals, launch failures, the exit status, the deadline and idle
// timeout, cancellation (local and from the server), a lost lease, and the run's observations in order.
#include "RunBench.h"

#include <runnercore/work/RunExecution.h>

#include <QDir>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace runnercore;

namespace {
const QString Run = RunBench::runId(1);

QJsonObject dataOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("data")).toObject();
}

QJsonObject withRequirement(QJsonObject spec, const QString &field, const QJsonValue &value)
{
    QJsonObject environment = spec.value(QStringLiteral("environment")).toObject();
    QJsonObject requirements = environment.value(QStringLiteral("requirements")).toObject();
    requirements.insert(field, value);
    environment.insert(QStringLiteral("requirements"), requirements);
    spec.insert(QStringLiteral("environment"), environment);
    return spec;
}

QJsonObject withResource(const QJsonObject &spec, const QString &field, qint64 value)
{
    QJsonObject resources = spec.value(QStringLiteral("environment"))
                                .toObject()
                                .value(QStringLiteral("requirements"))
                                .toObject()
                                .value(QStringLiteral("resources"))
                                .toObject();
    resources.insert(field, value);
    return withRequirement(spec, QStringLiteral("resources"), resources);
}

// One run on the bench: started, its process (once launched), and its end.
struct Started
{
    std::unique_ptr<RunExecution> run;
    std::unique_ptr<QSignalSpy> finished;
};

Started startRun(RunBench &bench, const RunClaim &claim)
{
    Started s;
    s.run = std::make_unique<RunExecution>(claim, bench.env());
    s.finished = std::make_unique<QSignalSpy>(s.run.get(), &RunExecution::finished);
    s.run->start();
    return s;
}

// Waits for the harness of run to be up (started, prompt written).
FakeProcess *runningProcess(RunBench &bench, const QString &runId = Run)
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
} // namespace

class TestRunExecution : public QObject
{
    Q_OBJECT

private slots:
    // The harness's output reaches the server as events in the order it was written, between
    // run.started and run.exited, with consecutive seqs; the settlement names the last one.
    void observationsFlowInOrderThenTheRunSettles()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        Started s = startRun(bench, RunBench::claim(1));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        QCOMPARE(process->stdinData(), QByteArray("Fix the test.")); // the prompt on stdin, then EOF (§6.2)
        QVERIFY(s.run->isHarnessRunning());
        process->writeStdout("first line\n");
        QTest::qWait(50);
        process->writeStderr("a warning\n");
        QTest::qWait(50);
        process->writeStdout("second line\n");
        QTest::qWait(50);
        process->exit(0);
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(s.finished->first().first().toString(), Run);

        const QList<QJsonObject> events = bench.plane.events.value(Run);
        QCOMPARE(bench.plane.kindsOf(Run),
            QStringList({ QStringLiteral("run.started"), QStringLiteral("output.stdout"),
                QStringLiteral("output.stderr"), QStringLiteral("output.stdout"), QStringLiteral("run.exited") }));
        for (int i = 0; i < events.size(); ++i)
            QCOMPARE(events[i].value(QStringLiteral("seq")).toInteger(), i + 1);
        const QJsonObject started = dataOf(events[0]);
        QCOMPARE(started.value(QStringLiteral("provider")).toString(), QStringLiteral("host-process"));
        QCOMPARE(started.value(QStringLiteral("driver")).toString(), QLatin1String(FakeProvider::Oneshot));
        QCOMPARE(started.value(QStringLiteral("pid")).toInteger(), FakeProcess::Pid);
        QCOMPARE(dataOf(events[1]).value(QStringLiteral("text")).toString(), QStringLiteral("first line\n"));
        QCOMPARE(dataOf(events[2]).value(QStringLiteral("text")).toString(), QStringLiteral("a warning\n"));
        QCOMPARE(dataOf(events[3]).value(QStringLiteral("text")).toString(), QStringLiteral("second line\n"));

        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("claim_id")).toString(), RunBench::claimId(1));
        QCOMPARE(settlement.value(QStringLiteral("final_seq")).toInteger(), 5);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
        QVERIFY(settlement.value(QStringLiteral("reason")).isNull());
        QCOMPARE(settlement.value(QStringLiteral("exit_code")).toInt(-1), 0);
        QCOMPARE(settlement.value(QStringLiteral("usage")).toObject().value(QStringLiteral("cpu_ms")).toInteger(),
            FakeProcess::CpuMs);
        QCOMPARE(bench.provider.tornDown, QStringList { Run });
    }

    // Settlement after the harness exits on its own (§6.6): its exit status decides the outcome.
    void theExitStatusDecidesTheSettlement_data()
    {
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<int>("signalNumber");
        QTest::addColumn<QString>("outcome");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QJsonValue>("settledExitCode");
        QTest::newRow("exit 0") << 0 << 0 << QStringLiteral("succeeded") << QString() << QJsonValue(0);
        QTest::newRow("exit 3") << 3 << 0 << QStringLiteral("failed") << QStringLiteral("exit_nonzero")
                                << QJsonValue(3);
        QTest::newRow("killed by a signal nobody sent")
            << -1 << 9 << QStringLiteral("failed") << QStringLiteral("exit_signal") << QJsonValue(QJsonValue::Null);
    }

    void theExitStatusDecidesTheSettlement()
    {
        QFETCH(int, exitCode);
        QFETCH(int, signalNumber);
        QFETCH(QString, outcome);
        QFETCH(QString, reason);
        QFETCH(QJsonValue, settledExitCode);
        RunBench bench;
        QVERIFY(bench.setUp());
        Started s = startRun(bench, RunBench::claim(1));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        process->exit(exitCode, signalNumber);
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(process ? process->terminations() : -1, 0);

        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), outcome);
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), reason);
        QCOMPARE(settlement.value(QStringLiteral("exit_code")), settledExitCode);
        const QJsonObject exited = dataOf(bench.plane.events.value(Run).last());
        QCOMPARE(bench.plane.kindsOf(Run).last(), QStringLiteral("run.exited"));
        QCOMPARE(exited.value(QStringLiteral("exit_code")),
            signalNumber ? QJsonValue(QJsonValue::Null) : QJsonValue(exitCode));
        QCOMPARE(exited.value(QStringLiteral("signal")),
            signalNumber ? QJsonValue(signalNumber) : QJsonValue(QJsonValue::Null));
    }

    // Admission (§6.2): a run this machine cannot realise exactly is refused with the reason,
    // before anything is prepared or launched, and settled refused with that reason.
    void aRunThatCannotBeAdmittedIsRefusedWithItsReason_data()
    {
        QTest::addColumn<QJsonObject>("spec");
        QTest::addColumn<QString>("reason");
        const QJsonObject spec = RunBench::runSpec();
        QTest::newRow("container tier") << withRequirement(spec, QStringLiteral("tier"), QStringLiteral("container"))
                                        << QStringLiteral("tier_unavailable");
        QTest::newRow("network none") << withRequirement(spec, QStringLiteral("network"), QStringLiteral("none"))
                                      << QStringLiteral("network_boundary_unavailable");
        QTest::newRow("longer than the maximum") << withResource(spec, QStringLiteral("max_duration_seconds"), 86401)
                                                 << QStringLiteral("resources_outside_ceiling");
        QJsonObject noTitle = spec;
        noTitle.remove(QStringLiteral("title"));
        QTest::newRow("invalid run spec") << noTitle << QStringLiteral("invalid_run_spec");
    }

    void aRunThatCannotBeAdmittedIsRefusedWithItsReason()
    {
        QFETCH(QJsonObject, spec);
        QFETCH(QString, reason);
        RunBench bench;
        QVERIFY(bench.setUp());
        Started s = startRun(bench, RunBench::claim(1, spec));
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(bench.provider.prepared, QStringList());
        QCOMPARE(bench.provider.launched.size(), 0);
        QCOMPARE(bench.plane.kindsOf(Run), QStringList { QStringLiteral("run.refused") });
        const QJsonObject refused = dataOf(bench.plane.events.value(Run).first());
        QCOMPARE(refused.value(QStringLiteral("reason")).toString(), reason);
        QVERIFY(!refused.value(QStringLiteral("message")).toString().isEmpty());
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), reason);
        QCOMPARE(settlement.value(QStringLiteral("final_seq")).toInteger(), 1);
    }

    // The provider the admission picked is not enabled here (a tier switched off): tier_unavailable.
    void aDisabledProviderRefusesTierUnavailable()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.providerEnabled = false;
        Started s = startRun(bench, RunBench::claim(1));
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(bench.provider.launched.size(), 0);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("tier_unavailable"));
        QVERIFY(dataOf(bench.plane.events.value(Run).first())
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QLatin1String("host-process")));
    }

    // lfs: true without git-lfs (§6.8): refused mount_unsupported, saying what to install, before
    // anything is fetched or launched (never a checkout that holds only the pointers).
    void anLfsMountWithoutGitLfsIsRefused()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        const QJsonObject mount { { QStringLiteral("kind"), QStringLiteral("git") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("url"), QStringLiteral("https://git.example.com/org/repo.git") },
            { QStringLiteral("commit"), QStringLiteral("0123456789abcdef0123456789abcdef01234567") },
            { QStringLiteral("lfs"), true } };
        QJsonObject spec = RunBench::runSpec();
        spec.insert(QStringLiteral("mounts"), QJsonArray { mount });
        RunEnvironment env = bench.env();
        env.gitLfsInstalled = [] { return false; };
        RunExecution run(RunBench::claim(1, spec), env);
        QSignalSpy finished(&run, &RunExecution::finished);
        run.start();
        QVERIFY(finished.wait(5000));
        QCOMPARE(bench.provider.launched.size(), 0);
        QVERIFY(bench.provider.prepared.isEmpty());
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("mount_unsupported"));
        QVERIFY(dataOf(bench.plane.events.value(Run).first())
                    .value(QStringLiteral("message"))
                    .toString()
                    .contains(QLatin1String("apt install git-lfs")));
    }

    // A guarded tier that cannot show the harness says why: refused, its workspace torn down, nothing launched.
    void aTierThatCannotShowTheHarnessRefusesAndTearsDown()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.provider.refusalText = QStringLiteral("the harness is not visible in the sandbox");
        Started s = startRun(bench, RunBench::claim(1));
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(bench.provider.prepared, QStringList { Run });
        QCOMPARE(bench.provider.launched.size(), 0);
        QCOMPARE(bench.provider.tornDown, QStringList { Run });
        const QJsonObject refused = dataOf(bench.plane.events.value(Run).first());
        QCOMPARE(refused.value(QStringLiteral("message")).toString(), bench.provider.refusalText);
        QCOMPARE(bench.plane.settlements.value(Run).value(QStringLiteral("reason")).toString(),
            QStringLiteral("tier_unavailable"));
    }

    // A workspace that cannot be made, or a harness that cannot start: failed/launch_failed, said why.
    void aHarnessThatCannotLaunchSettlesLaunchFailed_data()
    {
        QTest::addColumn<bool>("atPrepare");
        QTest::newRow("workspace") << true;
        QTest::newRow("process") << false;
    }

    void aHarnessThatCannotLaunchSettlesLaunchFailed()
    {
        QFETCH(bool, atPrepare);
        RunBench bench;
        QVERIFY(bench.setUp());
        const QString why = QStringLiteral("no space left on the test device");
        (atPrepare ? bench.provider.prepareError : bench.provider.startError) = why;
        Started s = startRun(bench, RunBench::claim(1));
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(bench.provider.launched.size(), atPrepare ? 0 : 1);
        const QList<QJsonObject> events = bench.plane.events.value(Run);
        QVERIFY(!events.isEmpty());
        QCOMPARE(events.last().value(QStringLiteral("kind")).toString(), QStringLiteral("run.warning"));
        QCOMPARE(dataOf(events.last()).value(QStringLiteral("kind")).toString(), QStringLiteral("launch_failed"));
        QCOMPARE(dataOf(events.last()).value(QStringLiteral("message")).toString(), why);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("launch_failed"));
        QCOMPARE(bench.provider.tornDown, QStringList { Run });
    }

    // §6.7: at max_duration_seconds the Runner terminates the harness (SIGTERM, SIGKILL after the
    // grace) and settles failed/deadline_exceeded.
    void aRunPastItsDeadlineIsTerminatedAndSettlesDeadlineExceeded()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        Started s = startRun(bench, RunBench::claim(1, RunBench::runSpec(1)));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        QVERIFY(s.finished->wait(10000));
        QCOMPARE(process ? process->terminations() : -1, 1);
        QCOMPARE(process ? process->terminateGraceMs() : -1, RunEnvironment().terminateGraceMs);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("deadline_exceeded"));
        QVERIFY(settlement.value(QStringLiteral("exit_code")).isNull());
        QCOMPARE(
            dataOf(bench.plane.events.value(Run).last()).value(QStringLiteral("signal")).toInt(), FakeProcess::Sigterm);
    }

    // §6.7: a harness silent for longer than idle_timeout_ms inside its turn is ended: failed/idle_timeout.
    void aSilentHarnessIsEndedByTheIdleTimeout()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        Started s = startRun(bench, RunBench::claim(1, RunBench::runSpec(3600, 100)));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(process ? process->terminations() : -1, 1);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("idle_timeout"));
    }

    // A cancel (a control directive, or a local stop) terminates the harness with the grace and
    // settles cancelled with the reason.
    void aCancelledRunIsTerminatedAndSettlesCancelled_data()
    {
        QTest::addColumn<QString>("reason");
        QTest::newRow("directive") << QStringLiteral("cancel_requested");
        QTest::newRow("local stop") << QStringLiteral("runner_stopped");
    }

    void aCancelledRunIsTerminatedAndSettlesCancelled()
    {
        QFETCH(QString, reason);
        RunBench bench;
        QVERIFY(bench.setUp());
        RunEnvironment env = bench.env();
        env.terminateGraceMs = 1234;
        RunExecution run(RunBench::claim(1), env);
        QSignalSpy finished(&run, &RunExecution::finished);
        run.start();
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        run.cancel(reason);
        QVERIFY(finished.wait(5000));
        QCOMPARE(process ? process->terminations() : -1, 1);
        QCOMPARE(process ? process->terminateGraceMs() : -1, 1234);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), reason);
        QCOMPARE(bench.plane.kindsOf(Run).last(), QStringLiteral("run.exited"));
    }

    // Cancelled while its harness is still being started (a person's Cancel right after the
    // claim): the launcher dies of the termination, and the run ends cancelled, not launch_failed.
    void aRunCancelledWhileStartingSettlesCancelled()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.provider.startError = QStringLiteral("checkfu-run-reaper was killed by signal 15");
        Started s = startRun(bench, RunBench::claim(1));
        s.run->cancel(QStringLiteral("runner_stopped"));
        QVERIFY(s.finished->wait(5000));
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("runner_stopped"));
        QVERIFY(!bench.plane.kindsOf(Run).contains(QStringLiteral("run.warning")));
        QVERIFY(!bench.plane.kindsOf(Run).contains(QStringLiteral("run.exited")));
        QCOMPARE(s.run->summary().outcome, QStringLiteral("cancelled"));
    }

    // A harness that ignores SIGTERM: the run is not settled while it still runs (the reaper's
    // SIGKILL after the grace ends it; the process is the one to say so).
    void aCancelledRunSettlesOnlyOnceTheHarnessIsGone()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.provider.exitsOnTerminate = false;
        Started s = startRun(bench, RunBench::claim(1));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        s.run->cancel(QStringLiteral("cancel_requested"));
        QTRY_COMPARE_WITH_TIMEOUT(process->terminations(), 1, 5000);
        QVERIFY(!s.finished->wait(500));
        QVERIFY(!bench.plane.settlements.contains(Run));
        process->exit(-1, 9);
        QVERIFY(s.finished->wait(5000));
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("cancel_requested"));
    }

    // The server asks for a cancel in an observation answer (§6.3 cancel_requested): the run ends so.
    void aCancelFromTheServerEndsTheRun()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.plane.cancelRequested.insert(Run);
        Started s = startRun(bench, RunBench::claim(1));
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(bench.provider.launched.size(), 1);
        FakeProcess *process = bench.provider.process(Run);
        QCOMPARE(process ? process->terminations() : -1, 1);
        const QJsonObject settlement = bench.plane.settlements.value(Run);
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("cancel_requested"));
    }

    // lease_lost (§6.3): the harness is killed at once, its workspace removed, and nothing is settled.
    void aLostLeaseKillsTheRunWithoutSettling()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        bench.plane.leaseLost.insert(Run);
        Started s = startRun(bench, RunBench::claim(1));
        QVERIFY(s.finished->wait(5000));
        FakeProcess *process = bench.provider.process(Run);
        QVERIFY(process);
        QCOMPARE(process ? process->kills() : -1, 1);
        QVERIFY(!s.run->isHarnessRunning());
        QCOMPARE(bench.provider.tornDown, QStringList { Run });
        QVERIFY(bench.plane.settlements.isEmpty());
        QVERIFY(!QDir(bench.spool.path() + QLatin1Char('/') + Run).exists()); // nothing kept for it
    }

    // §6.6: the workspace is gone before the settle request is sent (required for ZDR).
    void theWorkspaceIsTornDownBeforeSettling()
    {
        RunBench bench;
        QVERIFY(bench.setUp());
        int settledAtTeardown = -1;
        bench.provider.onTeardown = [&](const QString &) { settledAtTeardown = int(bench.plane.settleOrder.size()); };
        Started s = startRun(bench, RunBench::claim(1));
        FakeProcess *process = runningProcess(bench);
        QVERIFY(process);
        process->exit(0);
        QVERIFY(s.finished->wait(5000));
        QCOMPARE(settledAtTeardown, 0);
        QCOMPARE(bench.plane.settleOrder, QStringList { Run });
    }
};

QTEST_GUILESS_MAIN(TestRunExecution)
#include "tst_runexecution.moc"
