// Admission refusals through the real binaries (issue 3, acceptance 4): one paired host-process
// Runner gets run specs it must refuse (§6.2). For each: the settlement is `refused` with exactly
// the expected reason, there is a run.refused event with that reason and a message, no
// run.started, and no workspace was ever created for it (the runs folder is never created or
// touched: its existence and nanosecond mtime are unchanged, so not even a created-and-deleted
// directory went by). The Runner keeps running.
//
// retention_unavailable cannot be produced here: the host-process provider realises both
// retention modes (durable with its on-disk spool, ephemeral_zdr in memory), so no run spec makes
// a host-process-only Runner refuse for retention; it is covered by the Admission unit test.
// Runtime: about 10-20 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

#include <csignal>
#include <memory>
#include <sys/stat.h>

using namespace IntegrationSupport;

namespace {
// Existence and mtime (ns) of a directory.
QString dirStamp(const QString &path)
{
    struct stat st
    {
    };
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        return QStringLiteral("absent");
    return QStringLiteral("mtime %1.%2").arg(st.st_mtim.tv_sec).arg(st.st_mtim.tv_nsec, 9, 10, QLatin1Char('0'));
}
} // namespace

class TestRefusals : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void refusedWithExactReason_data();
    void refusedWithExactReason();

private:
    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_principal;
};

void TestRefusals::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    // A host-process-only Runner: no Docker provider even if a daemon happens to answer here.
    m_runner->setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
    const QString runnerId = pairAndWaitReady(*m_devplane, *m_runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
    QVERIFY(m_principal.startsWith(QLatin1String("prin_")));
}

void TestRefusals::cleanupTestCase()
{
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
}

void TestRefusals::refusedWithExactReason_data()
{
    QTest::addColumn<QJsonObject>("spec");
    QTest::addColumn<QString>("reason");

    const QJsonObject base = oneshotRunSpec(
        m_principal, { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo should-not-run") });
    const QStringList requirements { QStringLiteral("environment"), QStringLiteral("requirements") };
    const QStringList launch { QStringLiteral("harness"), QStringLiteral("launch") };
    const QString digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));

    QTest::newRow("tier container") << withPath(base, requirements + QStringList { QStringLiteral("tier") },
        QStringLiteral("container")) << QStringLiteral("tier_unavailable");
    QTest::newRow("network none") << withPath(base, requirements + QStringList { QStringLiteral("network") },
        QStringLiteral("none")) << QStringLiteral("network_boundary_unavailable");
    QTest::newRow("oci launch on a host_process tier") << withPath(base, launch,
        QJsonObject { { QStringLiteral("kind"), QStringLiteral("oci") },
            { QStringLiteral("image"), QStringLiteral("registry.example.com/harness@") + digest },
            { QStringLiteral("argv"), QJsonArray { QStringLiteral("/bin/true") } },
            { QStringLiteral("env"), QJsonObject() } }) << QStringLiteral("launch_kind_unsupported");
    QTest::newRow("unknown driver") << withPath(
        base, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:unknown-v1@1"))
                                    << QStringLiteral("driver_unsupported");
    QTest::newRow("max_duration_seconds 10000000") << withPath(base,
        requirements + QStringList { QStringLiteral("resources"), QStringLiteral("max_duration_seconds") }, 10000000)
                                                   << QStringLiteral("resources_outside_ceiling");
    // A mount kind of no version this Runner knows.
    QTest::newRow("unknown mount kind") << withPath(base, { QStringLiteral("mounts") },
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("package") },
            { QStringLiteral("target"), QStringLiteral("/workspace") } } })
                                        << QStringLiteral("mount_unsupported");
    // §6.9: a snapshot this machine never took, never an empty workspace instead.
    QTest::newRow("unknown snapshot") << withPath(base, { QStringLiteral("mounts") },
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("snapshot_id"), QStringLiteral("snap_0123456789abcdef0123456789abcdef") },
            { QStringLiteral("digest"), digest } } })
                                      << QStringLiteral("snapshot_unavailable");
    // §6.10: a platform protocol outside what this Runner relays within its ceiling.
    QTest::newRow("unknown plane protocol") << withPath(base, { QStringLiteral("plane_mcp") },
        QJsonArray { QJsonObject { { QStringLiteral("protocol"), QStringLiteral("platform-mcp-v9") },
            { QStringLiteral("name"), QStringLiteral("checkfu") } } })
                                            << QStringLiteral("plane_protocol_unsupported");
    // Keeping a workspace is retention, which a zero-data run never has.
    QTest::newRow("ZDR with snapshot.on_settle") << withPath(
        withPath(base, requirements + QStringList { QStringLiteral("retention") }, QStringLiteral("ephemeral_zdr")),
        { QStringLiteral("snapshot") }, QJsonObject { { QStringLiteral("on_settle"), true } })
                                                 << QStringLiteral("retention_unavailable");
    QTest::newRow("Cursor model without a Cursor lane")
        << withPath(withPath(base, { QStringLiteral("harness"), QStringLiteral("release_digest") }, digest),
               { QStringLiteral("model") },
               QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
                   { QStringLiteral("provider"), QStringLiteral("cursor") },
                   { QStringLiteral("model"), QStringLiteral("cursor-auto") } })
        << QStringLiteral("harness_model_mismatch");
    const auto upload = [&](const QString &path) {
        return withPath(base, { QStringLiteral("mounts") },
            QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("target"), QStringLiteral("/workspace") },
                { QStringLiteral("files"),
                    QJsonArray { QJsonObject { { QStringLiteral("path"), path },
                        { QStringLiteral("content_base64"), QStringLiteral("ZXNjYXBlZAo=") } } } } } });
    };
    QTest::newRow("file path ../escape.txt")
        << upload(QStringLiteral("../escape.txt")) << QStringLiteral("invalid_run_spec");
    QTest::newRow("file path src/../../escape.txt")
        << upload(QStringLiteral("src/../../escape.txt")) << QStringLiteral("invalid_run_spec");
    QTest::newRow("absolute file path") << upload(QStringLiteral("/tmp/checkfu-escape.txt"))
                                        << QStringLiteral("invalid_run_spec");
    QTest::newRow("argv missing") << withPath(base, launch + QStringList { QStringLiteral("argv") }, QJsonValue())
                                  << QStringLiteral("invalid_run_spec");
    QTest::newRow("argv empty") << withPath(base, launch + QStringList { QStringLiteral("argv") }, QJsonArray())
                                << QStringLiteral("invalid_run_spec");
    QTest::newRow("resources of the wrong type") << withPath(base,
        requirements + QStringList { QStringLiteral("resources"), QStringLiteral("max_duration_seconds") },
        QStringLiteral("60")) << QStringLiteral("invalid_run_spec");
    QTest::newRow("harness missing") << withPath(base, { QStringLiteral("harness") }, QJsonValue())
                                     << QStringLiteral("invalid_run_spec");
}

void TestRefusals::refusedWithExactReason()
{
    QFETCH(QJsonObject, spec);
    QFETCH(QString, reason);
    DevPlaneProcess &dp = *m_devplane;
    RunnerProcess &runner = *m_runner;
    QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
    const QString runsDir = runner.home()->runsDir();
    const QString runsBefore = dirStamp(runsDir);
    const QStringList dirsBefore = runner.home()->runDirs();

    QString error;
    const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    const QString runId = created.value(QStringLiteral("run_id")).toString();
    QVERIFY2(!sessionId.isEmpty() && !runId.isEmpty(), qPrintable(error));

    const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    // Right after settlement: no workspace for this run, and the runs folder was not touched.
    QVERIFY2(!QFileInfo::exists(runner.home()->runDir(runId)), qPrintable(runner.home()->runDir(runId)));
    QCOMPARE(runner.home()->runDirs(), dirsBefore);
    QCOMPARE(dirStamp(runsDir), runsBefore);

    const QList<QJsonObject> events = eventList(dp.sessionEvents(sessionId));
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("refused"), context.constData());
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == reason, context.constData());
    QVERIFY2(settlement.value(QStringLiteral("settled_by")).toString() != QLatin1String("server"), context.constData());
    const QList<QJsonObject> refused = eventsOfKind(events, QStringLiteral("run.refused"));
    QVERIFY2(refused.size() == 1, context.constData());
    const QJsonObject data = refused.first().value(QStringLiteral("data")).toObject();
    QVERIFY2(data.value(QStringLiteral("reason")).toString() == reason, context.constData());
    QVERIFY2(!data.value(QStringLiteral("message")).toString().trimmed().isEmpty(), context.constData());
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), context.constData());
    QVERIFY2(eventsOfKind(events, QStringLiteral("output.stdout")).isEmpty(), context.constData());
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.exited")).isEmpty(), context.constData());
    const QString gap = seqProblem(events);
    QVERIFY2(gap.isEmpty(), qPrintable(gap + QLatin1Char('\n') + QString::fromUtf8(context)));
    qInfo("%s: %s", qPrintable(reason), qPrintable(data.value(QStringLiteral("message")).toString()));

    // Nothing escaped the (never created) workspace, and the Runner is still serving.
    QVERIFY(!QFileInfo::exists(runner.home()->runsDir() + QStringLiteral("/escape.txt")));
    QVERIFY(!QFileInfo::exists(QStringLiteral("/tmp/checkfu-escape.txt")));
    QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
    QTRY_VERIFY2_WITH_TIMEOUT(
        runner.home()->spoolEntries().isEmpty(), qPrintable(runner.home()->spoolEntries().join(u' ')), 5000);
}

CHECKFU_INTEGRATION_MAIN(TestRefusals, 120000)
#include "tst_refusals.moc"
