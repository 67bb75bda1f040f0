// §6.7 through the real binaries: "the process tree of a run is every process it started, including
// one that left its process group or session: none outlives settlement". The harness leaves a sleeper
// the way a daemon does (double fork, setsid, cd /, no inherited descriptors); whether the run ends
// by itself or is cancelled, the sleeper is gone once the run has settled. Host-process tier.
// Runtime: a few seconds.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
// Prints "escaped <pid>" once its sleeper runs, then does `then`.
QString daemonizingHarness(const QString &then)
{
    return QStringLiteral("(setsid sh -c 'cd /; sleep 3600 </dev/null >/dev/null 2>&1 & echo $! > \"$0\"' "
                          "\"$PWD/escaped.pid\" </dev/null >/dev/null 2>&1 &); "
                          "while [ ! -s escaped.pid ]; do sleep 0.05; done; echo \"escaped $(cat escaped.pid)\"; %1")
        .arg(then);
}

// Live processes whose command line is `sleep <marker>`.
QList<qint64> sleepersOf(const QString &marker)
{
    QList<qint64> found;
    const QByteArray wanted = "sleep " + marker.toUtf8();
    for (const ProcessInfo &p : processes()) {
        if (p.cmdline.trimmed() == wanted)
            found.append(p.pid);
    }
    return found;
}
} // namespace

class TestProcessTree : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void harnessExits();
    void runCancelled();
    void harnessKillsItsReaper();
    void harnessKeepsDoubleForkingAfterKillingItsReaper();

private:
    // Starts the harness, waits for its sleeper's pid (0 on failure, with *error set).
    qint64 startAndFindSleeper(const QString &then, QString *sessionId, QString *error);
    void expectGoneAfterSettlement(const QString &sessionId, qint64 sleeper, const QString &outcome);

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_principal;
    QList<qint64> m_leftovers; // SIGKILLed at the end if a failing check left them running
};

void TestProcessTree::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    const QString runnerId = pairAndWaitReady(*m_devplane, *m_runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
}

void TestProcessTree::cleanupTestCase()
{
    for (qint64 pid : std::as_const(m_leftovers)) {
        if (processAlive(pid))
            ::kill(pid_t(pid), SIGKILL);
    }
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
}

qint64 TestProcessTree::startAndFindSleeper(const QString &then, QString *sessionId, QString *error)
{
    const QJsonObject spec
        = oneshotRunSpec(m_principal, { QStringLiteral("/bin/sh"), QStringLiteral("-c"), daemonizingHarness(then) });
    const QJsonObject created = m_devplane->createSessionFromSpec(spec, {}, error);
    *sessionId = created.value(QStringLiteral("session_id")).toString();
    if (sessionId->isEmpty())
        return 0;
    static const QRegularExpression escaped(QStringLiteral("escaped (\\d+)"));
    QDeadlineTimer deadline(20000);
    while (!deadline.hasExpired()) {
        const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(*sessionId));
        const QRegularExpressionMatch match
            = escaped.match(QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout"))));
        if (match.hasMatch()) {
            m_leftovers.append(match.captured(1).toLongLong());
            return match.captured(1).toLongLong();
        }
        QTest::qWait(50);
    }
    *error = QStringLiteral("no sleeper within 20 s: %1\n%2")
                 .arg(QString::fromUtf8(dumpEvents(eventList(m_devplane->sessionEvents(*sessionId)))),
                     m_runner->describe());
    return 0;
}

void TestProcessTree::expectGoneAfterSettlement(const QString &sessionId, qint64 sleeper, const QString &outcome)
{
    QString error;
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + m_runner->describe()));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), outcome);
    // Settled means the tree is gone already: no grace to wait for.
    QVERIFY2(!processAlive(sleeper),
        qPrintable(
            QStringLiteral("the harness's sleeper %1 (its own session, cwd /) outlived the settled run").arg(sleeper)));
    QVERIFY2(m_runner->isRunning(), qPrintable(m_runner->describe()));
}

void TestProcessTree::harnessExits()
{
    QString sessionId;
    QString error;
    const qint64 sleeper = startAndFindSleeper(QStringLiteral("exit 0"), &sessionId, &error);
    QVERIFY2(sleeper > 0, qPrintable(error));
    expectGoneAfterSettlement(sessionId, sleeper, QStringLiteral("succeeded"));
}

void TestProcessTree::runCancelled()
{
    QString sessionId;
    QString error;
    const qint64 sleeper = startAndFindSleeper(QStringLiteral("sleep 60"), &sessionId, &error);
    QVERIFY2(sleeper > 0, qPrintable(error));
    QVERIFY2(processAlive(sleeper), "the sleeper did not start");
    QVERIFY2(m_devplane->cancelSession(sessionId, &error), qPrintable(error));
    expectGoneAfterSettlement(sessionId, sleeper, QStringLiteral("cancelled"));
}

void TestProcessTree::harnessKillsItsReaper()
{
    // Issue 21: the harness ends checkfu-run-reaper, its parent (same user, so it may). Its orphans
    // go to the Runner, a subreaper too, which knows them by the run's mark and ends them.
    QString sessionId;
    QString error;
    const qint64 sleeper = startAndFindSleeper(QStringLiteral("kill -KILL $PPID; sleep 60"), &sessionId, &error);
    QVERIFY2(sleeper > 0, qPrintable(error));
    expectGoneAfterSettlement(sessionId, sleeper, QStringLiteral("failed"));
    QVERIFY2(
        m_runner->logText().contains(QLatin1String("checkfu-run-reaper was killed")), qPrintable(m_runner->describe()));
}

void TestProcessTree::harnessKeepsDoubleForkingAfterKillingItsReaper()
{
    // A forker in a session of its own goes on double-forking sleepers before, while and after the
    // reaper is killed: not one of them, nor the forker, is alive once the run has settled.
    const QString marker = QStringLiteral("4%1").arg(QRandomGenerator::global()->bounded(100000, 999999));
    const QString forker = QStringLiteral("setsid sh -c 'i=0; while [ $i -lt 400 ]; do "
                                          "(setsid sleep %1 </dev/null >/dev/null 2>&1 &); i=$((i+1)); sleep 0.01; "
                                          "done' </dev/null >/dev/null 2>&1 & sleep 0.5; kill -KILL $PPID; sleep 60")
                               .arg(marker);
    QString sessionId;
    QString error;
    const qint64 sleeper = startAndFindSleeper(forker, &sessionId, &error);
    QVERIFY2(sleeper > 0, qPrintable(error));
    expectGoneAfterSettlement(sessionId, sleeper, QStringLiteral("failed"));
    const QList<qint64> outlived = sleepersOf(marker);
    m_leftovers += outlived;
    QVERIFY2(outlived.isEmpty(), qPrintable(QStringLiteral("%1 sleepers outlived the run").arg(outlived.size())));
    // Nothing was in flight either: a second later there is still none.
    QTest::qWait(1000);
    const QList<qint64> appeared = sleepersOf(marker);
    m_leftovers += appeared;
    QVERIFY2(appeared.isEmpty(), qPrintable(QStringLiteral("%1 sleepers appeared after the run").arg(appeared.size())));
}

CHECKFU_INTEGRATION_MAIN(TestProcessTree, 120000)
#include "tst_processtree.moc"
