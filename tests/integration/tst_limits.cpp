// Execution limits through the real binaries (issue 3, acceptance 6; §6.7): idle timeout,
// deadline, cancel (also of a harness that ignores SIGTERM: SIGKILL after the 10 s grace) and a
// non-zero exit each end the run with the right outcome and reason, and no process of the run is
// left (nothing whose cwd or command line points into the run's folder, nothing in the harness's
// process group). One paired Runner serves all of them.
// Runtime: about 30-45 s (the SIGTERM-ignoring harness alone takes the 10 s grace).
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
// Milliseconds from the run.started to the run.exited event (the Runner's own timestamps); -1 if unknown.
qint64 startedToExitedMs(const QList<QJsonObject> &events)
{
    const QList<QJsonObject> started = eventsOfKind(events, QStringLiteral("run.started"));
    const QList<QJsonObject> exited = eventsOfKind(events, QStringLiteral("run.exited"));
    if (started.isEmpty() || exited.isEmpty())
        return -1;
    const QDateTime from = wireTime(started.first().value(QStringLiteral("at")).toString());
    const QDateTime to = wireTime(exited.first().value(QStringLiteral("at")).toString());
    return from.isValid() && to.isValid() ? from.msecsTo(to) : -1;
}
} // namespace

class TestLimits : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void idleTimeout();
    void deadline();
    void cancel();
    void cancelHarnessIgnoringSigterm();
    void exitNonzero();

private:
    struct Run
    {
        QString sessionId;
        QString runId;
        qint64 harnessPid = 0;
    };
    // Creates the session and waits for its run.started (harness pid).
    bool startRun(const QJsonObject &created, Run *run, QString *error);
    // Waits for the settlement and checks outcome/reason and that no process of the run remains.
    void expectEnd(
        const Run &run, int timeoutS, const QString &outcome, const QString &reason, QJsonObject *settlement = nullptr);

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_principal;
};

void TestLimits::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    const QString runnerId = pairAndWaitReady(*m_devplane, *m_runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
}

void TestLimits::cleanupTestCase()
{
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
}

bool TestLimits::startRun(const QJsonObject &created, Run *run, QString *error)
{
    run->sessionId = created.value(QStringLiteral("session_id")).toString();
    run->runId = created.value(QStringLiteral("run_id")).toString();
    if (run->sessionId.isEmpty() || run->runId.isEmpty())
        return false;
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(run->sessionId));
        const QList<QJsonObject> started = eventsOfKind(events, QStringLiteral("run.started"));
        if (!started.isEmpty()) {
            run->harnessPid
                = started.first().value(QStringLiteral("data")).toObject().value(QStringLiteral("pid")).toInteger();
            return true;
        }
        if (!eventsOfKind(events, QStringLiteral("run.refused")).isEmpty()) {
            *error = QStringLiteral("refused: ") + QString::fromUtf8(dumpEvents(events));
            return false;
        }
        QTest::qWait(50);
    }
    *error = QStringLiteral("no run.started within 20 s\n") + m_runner->describe();
    return false;
}

void TestLimits::expectEnd(
    const Run &run, int timeoutS, const QString &outcome, const QString &reason, QJsonObject *settlementOut)
{
    QString error;
    const QJsonObject settlement = m_devplane->waitSettled(run.sessionId, timeoutS, &error);
    QVERIFY2(!settlement.isEmpty(),
        qPrintable(QStringLiteral("not settled within %1 s: %2\n%3").arg(timeoutS).arg(error, m_runner->describe())));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(run.sessionId));
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == outcome, context.constData());
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == reason, context.constData());
    QVERIFY2(settlement.value(QStringLiteral("settled_by")).toString() != QLatin1String("server"), context.constData());
    const QString gap = seqProblem(events);
    QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.exited")).size() == 1, context.constData());
    QVERIFY2(run.harnessPid > 0, context.constData());

    // No process of the run remains (a short grace for the kernel to reap what was just killed).
    const QString runDir = m_runner->home()->runDir(run.runId);
    QList<ProcessInfo> left;
    QDeadlineTimer grace(2000);
    while (!(left = processesOfRun(runDir, run.harnessPid)).isEmpty() && !grace.hasExpired())
        QTest::qWait(50);
    QVERIFY2(left.isEmpty(), qPrintable(QStringLiteral("left behind:\n") + describeProcesses(left)));
    QVERIFY2(!processAlive(run.harnessPid), qPrintable(QString::number(run.harnessPid)));
    QTRY_VERIFY2_WITH_TIMEOUT(!QFileInfo::exists(runDir), qPrintable(runDir), 5000);
    QVERIFY2(m_runner->isRunning(), qPrintable(m_runner->describe()));
    if (settlementOut)
        *settlementOut = settlement;
}

void TestLimits::idleTimeout()
{
    Run run;
    QString error;
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(startRun(m_devplane->createSession(QStringLiteral("sleep"),
                          { QStringLiteral("seconds=60"), QStringLiteral("idle_timeout_ms=1500") }, {}, &error),
                 &run, &error),
        qPrintable(error));
    expectEnd(run, 20, QStringLiteral("failed"), QStringLiteral("idle_timeout"));
    if (QTest::currentTestFailed())
        return;
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(run.sessionId));
    const qint64 silentMs = startedToExitedMs(events);
    qInfo("idle timeout of 1.5 s: settled %lld ms after creation; run.started → run.exited %lld ms", timer.elapsed(),
        silentMs);
    QVERIFY2(timer.elapsed() < 15000, "a 1.5 s idle timeout took more than 15 s");
    // The harness was silent from its start: the timeout may not end it before 1.5 s of silence.
    // (2 ms for the millisecond truncation of the two timestamps.)
    QVERIFY2(silentMs >= 1498,
        qPrintable(QStringLiteral("ended after %1 ms of silence: %2")
                       .arg(silentMs)
                       .arg(QString::fromUtf8(dumpEvents(events)))));
}

void TestLimits::deadline()
{
    QJsonObject spec = oneshotRunSpec(m_principal,
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("while :; do sleep 0.2; echo tick; done") });
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
            QStringLiteral("max_duration_seconds") },
        2);
    Run run;
    QString error;
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(startRun(m_devplane->createSessionFromSpec(spec, {}, &error), &run, &error), qPrintable(error));
    QJsonObject settlement;
    expectEnd(run, 20, QStringLiteral("failed"), QStringLiteral("deadline_exceeded"), &settlement);
    if (QTest::currentTestFailed())
        return;
    qInfo("deadline of 2 s (busy harness): settled %lld ms after creation; usage %s", timer.elapsed(),
        dumpJson(settlement.value(QStringLiteral("usage"))).constData());
    QVERIFY2(timer.elapsed() >= 2000, "settled before the 2 s deadline");
    QVERIFY2(timer.elapsed() < 15000, "a 2 s deadline took more than 15 s");
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(run.sessionId));
    // max_duration_seconds is a wall-clock deadline (§6.7): the run may not be ended before it.
    // usage.wall_ms counts from before the launch, run.started → run.exited from the launch.
    const qint64 wallMs
        = settlement.value(QStringLiteral("usage")).toObject().value(QStringLiteral("wall_ms")).toInteger(-1);
    const qint64 ranMs = startedToExitedMs(events);
    qInfo("deadline: usage.wall_ms %lld, run.started → run.exited %lld ms", wallMs, ranMs);
    QVERIFY2(wallMs >= 2000,
        qPrintable(QStringLiteral("usage.wall_ms is %1 for a run ended at its 2 s deadline: the deadline fired early")
                       .arg(wallMs)));
    QVERIFY2(ranMs >= 1998, // 2 ms for the millisecond truncation of the two timestamps
        qPrintable(QStringLiteral("run.started → run.exited is %1 ms for a 2 s deadline: it fired early").arg(ranMs)));
    QVERIFY2(QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout"))).contains(QLatin1String("tick")),
        dumpEvents(events).constData());
}

void TestLimits::cancel()
{
    Run run;
    QString error;
    QVERIFY2(startRun(m_devplane->createSession(QStringLiteral("sleep"), { QStringLiteral("seconds=60") }, {}, &error),
                 &run, &error),
        qPrintable(error));
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(m_devplane->cancelSession(run.sessionId, &error), qPrintable(error));
    expectEnd(run, 20, QStringLiteral("cancelled"), QStringLiteral("cancel_requested"));
    if (QTest::currentTestFailed())
        return;
    qInfo("cancel: settled %lld ms after `session cancel`", timer.elapsed());
    QVERIFY2(timer.elapsed() < 9000, "a harness that obeys SIGTERM took the whole SIGKILL grace");
}

void TestLimits::cancelHarnessIgnoringSigterm()
{
    // The ignored SIGTERM is inherited by `sleep` too: only SIGKILL ends this tree.
    const QJsonObject spec = oneshotRunSpec(m_principal,
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("trap '' TERM; echo armed; sleep 60; echo woke") });
    Run run;
    QString error;
    QVERIFY2(startRun(m_devplane->createSessionFromSpec(spec, {}, &error), &run, &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(QString::fromUtf8(outputBytes(eventList(m_devplane->sessionEvents(run.sessionId)),
                                                   QStringLiteral("output.stdout")))
                                 .contains(QLatin1String("armed")),
        10000);
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(m_devplane->cancelSession(run.sessionId, &error), qPrintable(error));
    expectEnd(run, 15, QStringLiteral("cancelled"), QStringLiteral("cancel_requested"));
    if (QTest::currentTestFailed())
        return;
    qInfo("cancel of a SIGTERM-ignoring harness: settled %lld ms after `session cancel`", timer.elapsed());
    QVERIFY2(timer.elapsed() < 15000, "not ended within 15 s of the cancel");
    // §6.7: SIGTERM, then SIGKILL after 10 s. SIGTERM cannot come before the cancel, so a harness
    // that ignores it cannot end less than 10 s after `session cancel`.
    QVERIFY2(timer.elapsed() >= 10000,
        qPrintable(QStringLiteral("SIGKILL came %1 ms after `session cancel`: the 10 s grace was cut short")
                       .arg(timer.elapsed())));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(run.sessionId));
    QVERIFY2(!QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout"))).contains(QLatin1String("woke")),
        dumpEvents(events).constData());
    const QJsonObject exited
        = eventsOfKind(events, QStringLiteral("run.exited")).value(0).value(QStringLiteral("data")).toObject();
    QVERIFY2(exited.value(QStringLiteral("signal")).toInt() == SIGKILL, dumpJson(exited).constData());
}

void TestLimits::exitNonzero()
{
    Run run;
    QString error;
    QVERIFY2(startRun(m_devplane->createSession(QStringLiteral("exit"), { QStringLiteral("code=3") }, {}, &error), &run,
                 &error),
        qPrintable(error));
    QJsonObject settlement;
    expectEnd(run, 20, QStringLiteral("failed"), QStringLiteral("exit_nonzero"), &settlement);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(settlement.value(QStringLiteral("exit_code")).toInteger(-1), qint64(3));
    const QJsonObject exited
        = eventsOfKind(eventList(m_devplane->sessionEvents(run.sessionId)), QStringLiteral("run.exited"))
              .value(0)
              .value(QStringLiteral("data"))
              .toObject();
    QCOMPARE(exited.value(QStringLiteral("exit_code")).toInt(-1), 3);
    QVERIFY(exited.value(QStringLiteral("signal")).isNull());
}

CHECKFU_INTEGRATION_MAIN(TestLimits, 120000)
#include "tst_limits.moc"
