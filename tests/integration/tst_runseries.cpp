// 200 oneshot runs in a row through the real binaries (issue 3, acceptance 1): every byte a
// harness writes to stdout and stderr reaches the devplane exactly once and in order, and the
// Runner's memory does not grow over the series.
//
// Each harness generates its bytes deterministically from the run number (several lines per
// stream, multi-byte UTF-8, on odd runs a stdout without a final newline, on every 20th run a
// line of ~75 KB mixing multi-byte characters, so the 64 KiB split falls inside a character),
// writes them to files in its workspace, `cat`s them to stdout and stderr, and then prints, LAST
// on stderr, one marked line with the sha256 of what it wrote to each stream. The test hashes
// the devplane's output.stdout / output.stderr texts (in seq order, minus the marked line) and
// compares. Also: seq is exactly 1..n, final_seq == n, every run succeeded.
// RSS of checkfu-runner is sampled after run 20 and after run 200 (growth must stay < 16 MiB).
// Runtime: about 1-3 minutes (sessions are created one after another).
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {

constexpr int runCount = 200;
constexpr int rssFirstSample = 20;
constexpr qint64 maxRssGrowthKiB = 16 * 1024;
const QByteArray digestMarker = "CHECKFU-DIGEST ";

// $1 is the run number. Everything the harness writes is valid UTF-8 (invalid bytes would be
// replaced on the way, by design, and then the digests could not match).
const char *const harnessScript = R"SH(set -e
n="$1"
{
  printf 'run %s: stdout line 1\n' "$n"
  printf 'run %s: héllo wörld ✓ 日本語 🎉 ünïcödé\n' "$n"
  i=0
  while [ $i -lt $((n % 7 + 3)) ]; do printf 'run %s: ascii line %s %s\n' "$n" "$i" "$(printf '%0*d' $((i * 13 + n % 50)) 0)"; i=$((i + 1)); done
  if [ $((n % 20)) -eq 0 ]; then
    i=0
    while [ $i -lt 5000 ]; do printf 'αβγ✓-%04d ' "$i"; i=$((i + 1)); done
    printf '\n'
  fi
  printf '\ttabs and "quotes" and \\backslashes\\ and a CR\r here\n'
  if [ $((n % 2)) -eq 1 ]; then printf 'run %s: last stdout, no newline' "$n"; else printf 'run %s: last stdout\n' "$n"; fi
} > out.bin
{
  printf 'run %s: stderr line 1\n' "$n"
  printf 'run %s: ошибка — エラー — ⚠ — 🔥\n' "$n"
  i=0
  while [ $i -lt $((n % 5 + 2)) ]; do printf 'run %s: stderr %s\n' "$n" "$i"; i=$((i + 1)); done
  if [ $((n % 20)) -eq 10 ]; then
    i=0
    while [ $i -lt 5000 ]; do printf 'ßç€𝄞-%04d ' "$i"; i=$((i + 1)); done
    printf '\n'
  fi
  printf 'run %s: last stderr\n' "$n"
} > err.bin
cat out.bin
cat err.bin >&2
printf 'CHECKFU-DIGEST stdout=%s stderr=%s\n' "$(sha256sum < out.bin | cut -d' ' -f1)" "$(sha256sum < err.bin | cut -d' ' -f1)" >&2
)SH";

QByteArray sha256Hex(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

} // namespace

class TestRunSeries : public QObject
{
    Q_OBJECT

private slots:
    void twoHundredOneshotRunsArriveExactlyOnce();
};

void TestRunSeries::twoHundredOneshotRunsArriveExactlyOnce()
{
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    const QString principal = dp.defaultPrincipal();
    QVERIFY(principal.startsWith(QLatin1String("prin_")));

    qint64 rssAfterFirst = -1;
    qint64 rssAfterLast = -1;
    qint64 maxEventText = 0;
    int bigStdoutRuns = 0;
    QElapsedTimer total;
    total.start();
    for (int n = 1; n <= runCount; ++n) {
        const QJsonObject spec = oneshotRunSpec(principal,
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QString::fromUtf8(harnessScript), QStringLiteral("sh"),
                QString::number(n) });
        const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
        const QString sessionId = created.value(QStringLiteral("session_id")).toString();
        QVERIFY2(!sessionId.isEmpty(), qPrintable(QStringLiteral("run %1: %2").arg(n).arg(error)));

        const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
        QVERIFY2(!settlement.isEmpty(),
            qPrintable(QStringLiteral("run %1 (%2) did not settle within 30 s: %3\n%4")
                           .arg(n)
                           .arg(sessionId, error, runner.describe())));
        const QJsonObject answer = dp.sessionEvents(sessionId, &error);
        QVERIFY2(!answer.isEmpty(), qPrintable(error));
        const QList<QJsonObject> events = eventList(answer);
        const QByteArray context
            = QStringLiteral("run %1 (%2): settlement %3\nevents %4")
                  .arg(n)
                  .arg(sessionId, QString::fromUtf8(dumpJson(settlement)), QString::fromUtf8(dumpEvents(events, 3000)))
                  .toUtf8();

        QVERIFY2(
            settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
        QVERIFY2(settlement.value(QStringLiteral("exit_code")).toInteger(-1) == 0, context.constData());
        const QString gap = seqProblem(events);
        QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
        QVERIFY2(settlement.value(QStringLiteral("final_seq")).toInteger() == events.size(), context.constData());
        QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).size() == 1, context.constData());
        QVERIFY2(events.first().value(QStringLiteral("kind")).toString() == QLatin1String("run.started"),
            context.constData());
        const QList<QJsonObject> exited = eventsOfKind(events, QStringLiteral("run.exited"));
        QVERIFY2(exited.size() == 1, context.constData());
        QVERIFY2(
            exited.first().value(QStringLiteral("data")).toObject().value(QStringLiteral("exit_code")).toInteger(-1)
                == 0,
            context.constData());

        for (const QJsonObject &e : events) {
            const QString kind = e.value(QStringLiteral("kind")).toString();
            if (!kind.startsWith(QLatin1String("output.")))
                continue;
            const qint64 size
                = e.value(QStringLiteral("data")).toObject().value(QStringLiteral("text")).toString().toUtf8().size();
            maxEventText = qMax(maxEventText, size);
            QVERIFY2(size > 0 && size <= 64 * 1024,
                qPrintable(QStringLiteral("run %1: an %2 event of %3 bytes").arg(n).arg(kind).arg(size)));
        }

        const QByteArray out = outputBytes(events, QStringLiteral("output.stdout"));
        QByteArray err = outputBytes(events, QStringLiteral("output.stderr"));
        // The marked line is the last thing on stderr; the bytes before it are what err.bin held.
        const qsizetype mark = err.lastIndexOf("\n" + digestMarker);
        QVERIFY2(mark >= 0 && err.endsWith('\n'),
            qPrintable(QStringLiteral("run %1: no digest line at the end of stderr: %2")
                           .arg(n)
                           .arg(QString::fromUtf8(err.right(500)))));
        static const QRegularExpression digestLine(
            QStringLiteral("^CHECKFU-DIGEST stdout=([0-9a-f]{64}) stderr=([0-9a-f]{64})$"));
        const QString line = QString::fromUtf8(err.mid(mark + 1)).trimmed();
        const QRegularExpressionMatch m = digestLine.match(line);
        QVERIFY2(m.hasMatch(), qPrintable(QStringLiteral("run %1: digest line %2").arg(n).arg(line)));
        err.truncate(mark + 1);
        QVERIFY2(sha256Hex(out) == m.captured(1).toLatin1(),
            qPrintable(
                QStringLiteral("run %1: stdout differs (%2 bytes arrived): harness %3, devplane %4; tail: %5")
                    .arg(n)
                    .arg(out.size())
                    .arg(m.captured(1), QString::fromLatin1(sha256Hex(out)), QString::fromUtf8(out.right(300)))));
        QVERIFY2(sha256Hex(err) == m.captured(2).toLatin1(),
            qPrintable(
                QStringLiteral("run %1: stderr differs (%2 bytes arrived): harness %3, devplane %4; tail: %5")
                    .arg(n)
                    .arg(err.size())
                    .arg(m.captured(2), QString::fromLatin1(sha256Hex(err)), QString::fromUtf8(err.right(300)))));
        if (n % 20 == 0) {
            QVERIFY2(out.size() > 64 * 1024,
                qPrintable(QStringLiteral("run %1: only %2 stdout bytes").arg(n).arg(out.size())));
            ++bigStdoutRuns;
        }

        QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
        if (n == rssFirstSample)
            rssAfterFirst = runner.rssKiB();
        if (n == runCount)
            rssAfterLast = runner.rssKiB();
    }
    const qint64 elapsed = total.elapsed();
    QVERIFY(rssAfterFirst > 0 && rssAfterLast > 0);
    qInfo("%d runs in %.1f s (%.0f ms per run incl. create/wait/events); %d runs with > 64 KiB of stdout; largest "
          "output event %lld bytes",
        runCount, elapsed / 1000.0, double(elapsed) / runCount, bigStdoutRuns, maxEventText);
    qInfo("checkfu-runner VmRSS after run %d: %lld KiB; after run %d: %lld KiB; growth %lld KiB (bound %lld KiB)",
        rssFirstSample, rssAfterFirst, runCount, rssAfterLast, rssAfterLast - rssAfterFirst, maxRssGrowthKiB);
    QVERIFY2(rssAfterLast - rssAfterFirst < maxRssGrowthKiB,
        qPrintable(QStringLiteral("RSS grew by %1 KiB").arg(rssAfterLast - rssAfterFirst)));

    // Nothing is left of the runs: no workspace, no spool.
    QTRY_VERIFY2_WITH_TIMEOUT(
        runner.home()->runDirs().isEmpty(), qPrintable(runner.home()->runDirs().join(u' ')), 5000);
    QTRY_VERIFY2_WITH_TIMEOUT(
        runner.home()->spoolEntries().isEmpty(), qPrintable(runner.home()->spoolEntries().join(u' ')), 5000);

    QVERIFY(runner.sendSignal(SIGTERM));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
}

CHECKFU_INTEGRATION_MAIN(TestRunSeries, 540000)
#include "tst_runseries.moc"
