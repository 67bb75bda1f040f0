// A control plane outage in the middle of a run (issue 3, acceptance 2): the `stream` preset
// prints "line 1 <ns>" … "line 200 <ns>" over about 20 s; after about 5 s the devplane is SIGKILLed, kept
// down for 5 s and restarted on the same port with the same --state. The run settles succeeded
// and the devplane holds every line exactly once, in order, with contiguous seqs.
// Runtime: about 25-40 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

class TestRunOutage : public QObject
{
    Q_OBJECT

private slots:
    void streamSurvivesDevplaneRestart();
};

void TestRunOutage::streamSurvivesDevplaneRestart()
{
    constexpr int lines = 200;
    DevPlaneProcess dp; // always started with --state
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));

    const QJsonObject created = dp.createSession(QStringLiteral("stream"),
        { QStringLiteral("lines=%1").arg(lines), QStringLiteral("interval=0.1") }, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));

    // Wait for the run to be going (some lines acknowledged), then let it stream to about 5 s.
    QElapsedTimer sinceCreate;
    sinceCreate.start();
    QTRY_VERIFY2_WITH_TIMEOUT(
        !eventsOfKind(eventList(dp.sessionEvents(sessionId)), QStringLiteral("output.stdout")).isEmpty(),
        qPrintable(runner.describe()), 15000);
    while (sinceCreate.elapsed() < 5000)
        QTest::qWait(100);
    const qint64 ackedBefore = eventList(dp.sessionEvents(sessionId)).size();

    dp.kill();
    QElapsedTimer down;
    down.start();
    while (down.elapsed() < 5000) {
        QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
        QTest::qWait(100);
    }
    QVERIFY2(dp.restart(&error), qPrintable(error));
    qInfo("devplane down for %lld ms; %lld events acknowledged before the kill", down.elapsed(), ackedBefore);

    const QJsonObject settlement = dp.waitSettled(sessionId, 90, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    const QJsonObject answer = dp.sessionEvents(sessionId, &error);
    QVERIFY2(!answer.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = eventList(answer);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events, 4000);
    qInfo("run settled %lld ms after creation with %lld events", sinceCreate.elapsed(), qint64(events.size()));

    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    const QString gap = seqProblem(events);
    QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
    QVERIFY2(settlement.value(QStringLiteral("final_seq")).toInteger() == events.size(), context.constData());
    QVERIFY2(ackedBefore < events.size(), "the outage did not fall inside the run: it had settled already");
    QCOMPARE(eventsOfKind(events, QStringLiteral("run.started")).size(), 1);
    QCOMPARE(eventsOfKind(events, QStringLiteral("run.exited")).size(), 1);

    // Every line exactly once, in order.
    const QString text = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    // The preset prints "line N <date +%s%N>".
    static const QRegularExpression lineShape(QStringLiteral("^line (\\d+)( \\d+)?$"));
    QList<int> numbers;
    for (const QString &line : text.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch m = lineShape.match(line.trimmed());
        QVERIFY2(m.hasMatch(), qPrintable(QStringLiteral("unexpected stdout line: %1").arg(line)));
        numbers.append(m.captured(1).toInt());
    }
    QList<int> expected;
    for (int i = 1; i <= lines; ++i)
        expected.append(i);
    if (numbers != expected) {
        QStringList problems;
        for (int i = 0, previous = 0; i < numbers.size() && problems.size() < 20; previous = numbers.at(i), ++i) {
            if (numbers.at(i) != previous + 1)
                problems << QStringLiteral("line %1 follows line %2").arg(numbers.at(i)).arg(previous);
        }
        QFAIL(qPrintable(QStringLiteral("%1 lines arrived instead of 1..%2: %3")
                             .arg(numbers.size())
                             .arg(lines)
                             .arg(problems.join(QLatin1String("; ")))));
    }

    QTRY_VERIFY2_WITH_TIMEOUT(
        runner.home()->spoolEntries().isEmpty(), qPrintable(runner.home()->spoolEntries().join(u' ')), 5000);
    QVERIFY(runner.sendSignal(SIGTERM));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
}

CHECKFU_INTEGRATION_MAIN(TestRunOutage, 240000)
#include "tst_runoutage.moc"
