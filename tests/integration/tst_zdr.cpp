// Zero data retention through the real binaries (issue 3, acceptance 5). A run with retention
// ephemeral_zdr gets a prompt holding one canary; its harness echoes the prompt (stdin), prints a
// second canary, writes both into a file of its workspace and keeps running a little. The Runner
// logs at --log-level trace. The run succeeds and the devplane received both canaries; while it
// runs and afterwards, no file under the Runner's XDG_DATA_HOME, XDG_CONFIG_HOME (logs and spool
// included), XDG_CACHE_HOME, HOME or runtime folder holds either canary outside the run's own
// folder; afterwards the run's folder is gone, and the Runner's own stdout/stderr never showed them.
// Runtime: about 5-10 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>
#include <QUuid>

#include <csignal>

using namespace IntegrationSupport;

namespace {
QStringList outsideRun(const QStringList &files, const QString &runDir)
{
    QStringList out;
    for (const QString &f : files) {
        if (!f.startsWith(runDir + QLatin1Char('/')))
            out.append(f);
    }
    return out;
}
} // namespace

class TestZdr : public QObject
{
    Q_OBJECT

private slots:
    void nothingRetainedOutsideTheRun();
};

void TestZdr::nothingRetainedOutsideTheRun()
{
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString runnerId
        = pairAndWaitReady(dp, runner, &error, { QStringLiteral("--log-level"), QStringLiteral("trace") });
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    auto home = runner.home();

    const QString promptCanary
        = QStringLiteral("PROMPT-CANARY-") + QUuid::createUuid().toString(QUuid::Id128).toUpper();
    const QString outputCanary
        = QStringLiteral("OUTPUT-CANARY-") + QUuid::createUuid().toString(QUuid::Id128).toUpper();
    // stdin (the prompt) → stdout; the second canary on stdout and stderr; both into a workspace file.
    const QString script
        = QStringLiteral("cat > prompt.txt; cat prompt.txt; echo; echo \"$1\"; echo \"stderr: $1\" >&2; "
                         "cat prompt.txt > notes.txt; echo \"$1\" >> notes.txt; sleep 2; echo done");
    QJsonObject spec = oneshotRunSpec(dp.defaultPrincipal(),
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script, QStringLiteral("sh"), outputCanary }, {},
        QStringLiteral("Please keep this secret: ") + promptCanary);
    spec
        = withPath(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("retention") },
            QStringLiteral("ephemeral_zdr"));
    spec = withPath(spec,
        {
            QStringLiteral("title"),
        },
        QStringLiteral("zdr run"));
    const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    const QString runId = created.value(QStringLiteral("run_id")).toString();
    QVERIFY2(!sessionId.isEmpty() && !runId.isEmpty(), qPrintable(error));
    const QString runDir = home->runDir(runId);
    const QStringList roots { home->dataHome(), home->configHome(), home->cacheHome(), home->homeDir(),
        home->runtimeDir() };

    // While the harness sleeps, both canaries have been printed: nothing outside the run folder has them.
    QTRY_VERIFY2_WITH_TIMEOUT(
        QString::fromUtf8(outputBytes(eventList(dp.sessionEvents(sessionId)), QStringLiteral("output.stdout")))
            .contains(outputCanary),
        qPrintable(runner.describe()), 15000);
    QVERIFY2(QFileInfo::exists(runDir), qPrintable(runDir));
    for (const QString &canary : { promptCanary, outputCanary }) {
        const QStringList hits = outsideRun(filesContaining(roots, canary.toUtf8()), runDir);
        QVERIFY2(hits.isEmpty(),
            qPrintable(QStringLiteral("during the run, %1 is in: %2").arg(canary, hits.join(QLatin1String(", ")))));
    }

    const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    const QList<QJsonObject> events = eventList(dp.sessionEvents(sessionId));
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    const QString gap = seqProblem(events);
    QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    const QString err = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stderr")));
    QVERIFY2(out.contains(promptCanary), context.constData()); // the prompt reached the harness on stdin
    QVERIFY2(out.contains(outputCanary), context.constData());
    QVERIFY2(err.contains(outputCanary), context.constData());
    QVERIFY2(out.trimmed().endsWith(QLatin1String("done")), context.constData());

    // Afterwards: the run's folder is gone, no file anywhere in the Runner's folders has a canary.
    QTRY_VERIFY2_WITH_TIMEOUT(!QFileInfo::exists(runDir), qPrintable(runDir), 5000);
    QTRY_VERIFY2_WITH_TIMEOUT(home->spoolEntries().isEmpty(), qPrintable(home->spoolEntries().join(u' ')), 5000);
    QVERIFY2(!home->logText().isEmpty(), "no log was written at --log-level trace");
    QVERIFY2(home->logText().contains(runId), "the trace log does not even mention the run (wrong log folder?)");
    for (const QString &canary : { promptCanary, outputCanary }) {
        const QStringList hits = filesContaining(roots, canary.toUtf8());
        QVERIFY2(hits.isEmpty(),
            qPrintable(QStringLiteral("after the run, %1 is in: %2").arg(canary, hits.join(QLatin1String(", ")))));
    }

    // Stop the Runner so everything it buffers is flushed, then look again, including its own output.
    QVERIFY(runner.sendSignal(SIGTERM));
    const int exitCode = runner.waitForExit(15000);
    QVERIFY2(exitCode == 0, qPrintable(QStringLiteral("exit %1\n%2").arg(exitCode).arg(runner.describe())));
    for (const QString &canary : { promptCanary, outputCanary }) {
        const QStringList hits = filesContaining(roots, canary.toUtf8());
        QVERIFY2(hits.isEmpty(),
            qPrintable(QStringLiteral("after stop, %1 is in: %2").arg(canary, hits.join(QLatin1String(", ")))));
        QVERIFY2(!runner.stdoutText().contains(canary) && !runner.stderrText().contains(canary),
            qPrintable(QStringLiteral("the Runner printed %1 on its stdout/stderr").arg(canary)));
    }
}

CHECKFU_INTEGRATION_MAIN(TestZdr, 120000)
#include "tst_zdr.moc"
