// The Runner SIGKILLed mid-run (issue 3, acceptance 3): a long `stream` run is going when
// checkfu-runner gets SIGKILL; within 2 s its harness (the pid of run.started, and its whole
// process group) is gone. Just before the kill the devplane is frozen (SIGSTOP) for 2 s, so the
// Runner's spool holds events the devplane never got. Started again on the same machine without a
// code, the Runner delivers what its spool held (the devplane ends with seq 1..n, no gap, clearly
// more events than it had at the kill, and the streamed lines are a gapless prefix of "line 1",
// "line 2", …), then settles the run failed/runner_restarted; afterwards its spool folder is empty
// and the dead run's folder (runs/<run_id>: workspace, home, tmp) is gone too.
// Runtime: about 20-25 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

class TestRunCrash : public QObject
{
    Q_OBJECT

private slots:
    void harnessDiesWithRunnerAndSpoolIsDeliveredOnRestart();
};

void TestRunCrash::harnessDiesWithRunnerAndSpoolIsDeliveredOnRestart()
{
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    auto home = std::make_shared<RunnerHome>();
    auto runner = std::make_unique<RunnerProcess>(home);
    const QString runnerId = pairAndWaitReady(dp, *runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));

    // About 60 s of output: it must still be running when the Runner dies.
    const QJsonObject created = dp.createSession(
        QStringLiteral("stream"), { QStringLiteral("lines=600"), QStringLiteral("interval=0.1") }, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    const QString runId = created.value(QStringLiteral("run_id")).toString();
    QVERIFY2(!sessionId.isEmpty() && !runId.isEmpty(), qPrintable(error));

    // Running and streaming: at least ~2 s of lines acknowledged.
    QList<QJsonObject> before;
    QTRY_VERIFY2_WITH_TIMEOUT(
        eventsOfKind(before = eventList(dp.sessionEvents(sessionId)), QStringLiteral("output.stdout")).size() >= 5,
        qPrintable(runner->describe()), 20000);
    QTest::qWait(1500);
    before = eventList(dp.sessionEvents(sessionId));
    const QList<QJsonObject> started = eventsOfKind(before, QStringLiteral("run.started"));
    QVERIFY2(started.size() == 1, dumpEvents(before).constData());
    const qint64 harnessPid
        = started.first().value(QStringLiteral("data")).toObject().value(QStringLiteral("pid")).toInteger();
    QVERIFY2(harnessPid > 0, dumpEvents(started).constData());
    QVERIFY2(processAlive(harnessPid), "the harness is not running before the Runner is killed");
    QVERIFY2(QFileInfo::exists(home->runDir(runId)), qPrintable(home->runDir(runId)));
    QVERIFY2(home->spoolEntries().contains(runId), qPrintable(home->spoolEntries().join(u' ')));

    // Freeze the devplane (SIGSTOP keeps its sockets open, so requests hang instead of failing)
    // while the harness streams on: what the Runner makes meanwhile is in its spool only.
    QVERIFY(dp.sendSignal(SIGSTOP));
    QTest::qWait(2000);
    QVERIFY(runner->sendSignal(SIGKILL));
    QElapsedTimer sinceKill;
    sinceKill.start();
    QCOMPARE(runner->waitForExit(5000), -2);
    // The harness and everything in its process group is gone within 2 s of the SIGKILL.
    while (sinceKill.elapsed() < 2000 && !processesOfRun(QString(), harnessPid).isEmpty())
        QTest::qWait(20);
    const QList<ProcessInfo> left = processesOfRun(home->runDir(runId), harnessPid);
    QVERIFY2(left.isEmpty(),
        qPrintable(QStringLiteral("%1 ms after the Runner's SIGKILL these still run:\n%2")
                       .arg(sinceKill.elapsed())
                       .arg(describeProcesses(left))));
    qInfo("harness group gone %lld ms after the Runner's SIGKILL", sinceKill.elapsed());
    QVERIFY(dp.sendSignal(SIGCONT));
    QTest::qWait(500); // a batch that was in flight when it froze is answered (to a dead Runner) now
    const qint64 ackedAtKill = eventList(dp.sessionEvents(sessionId)).size();
    QVERIFY2(home->spoolEntries().contains(runId), qPrintable(home->spoolEntries().join(u' ')));

    // Same machine, no code: the stored pairing is used; the spooled run is delivered and settled.
    runner = std::make_unique<RunnerProcess>(home);
    QVERIFY(runner->start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url() }));
    QVERIFY2(runner->waitForState(QStringLiteral("ready"), 20000), qPrintable(runner->describe()));

    const QJsonObject settlement = dp.waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner->describe()));
    const QList<QJsonObject> events = eventList(dp.sessionEvents(sessionId));
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events, 4000);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("failed"), context.constData());
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == QLatin1String("runner_restarted"),
        context.constData());
    const QString gap = seqProblem(events);
    QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
    QVERIFY2(settlement.value(QStringLiteral("final_seq")).toInteger() == events.size(), context.constData());
    qInfo("%lld events on the devplane when the Runner died, %lld after its restart (the rest came from the spool)",
        ackedAtKill, qint64(events.size()));
    // About 20 lines were printed while the devplane was frozen: they can only have come from the spool.
    QVERIFY2(events.size() >= ackedAtKill + 5, context.constData());
    QCOMPARE(eventsOfKind(events, QStringLiteral("run.started")).size(), 1);

    // The lines are a gapless prefix of 1, 2, 3, … (the last one may be cut where the harness died).
    const QString text = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QStringList lines = text.split(QLatin1Char('\n'));
    lines.removeLast(); // the empty string after the final newline, or a partial last line
    QVERIFY2(lines.size() >= 5, qPrintable(text.right(500)));
    // The preset prints "line N <date +%s%N>".
    static const QRegularExpression lineShape(QStringLiteral("^line (\\d+)( \\d+)?$"));
    for (int i = 0; i < lines.size(); ++i)
        QVERIFY2(lineShape.match(lines.at(i).trimmed()).captured(1) == QString::number(i + 1),
            qPrintable(QStringLiteral("stdout line %1 is '%2'").arg(i + 1).arg(lines.at(i))));

    // Delivered and settled: the spool is empty.
    QTRY_VERIFY2_WITH_TIMEOUT(home->spoolEntries().isEmpty(), qPrintable(home->spoolEntries().join(u' ')), 5000);
    // And the dead run's folder (workspace/, home/, tmp/) went with its settlement, as every run's does.
    QTRY_VERIFY2_WITH_TIMEOUT(!QFileInfo::exists(home->runDir(runId)),
        qPrintable(QStringLiteral("the folder of run %1, settled failed/runner_restarted, is still there: %2 (%3)")
                       .arg(runId, home->runDir(runId),
                           QDir(home->runDir(runId)).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).join(u' '))),
        5000);

    QVERIFY(runner->sendSignal(SIGTERM));
    const int exitCode = runner->waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner->describe())));
}

CHECKFU_INTEGRATION_MAIN(TestRunCrash, 180000)
#include "tst_runcrash.moc"
