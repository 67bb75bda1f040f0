// Workspaces kept on this machine (§6.9, issue 23) through the real binaries: the devplane and the
// Runner on the host-process tier. A harness edits its workspace; the digest this test computes from
// §6.9's text for the tree it expects equals the event's; a later Session whose root mount is that
// snapshot sees exactly that tree; a store entry damaged on disk is refused before anything starts;
// sparse files claiming far more than the store's bound never fill the disk past it.
// Runtime: about 10 s.
#include "DevPlaneProcess.h"
#include "HostileGitWorkspace.h"
#include "IntegrationSupport.h"
#include "PeakUsage.h"
#include "RunnerProcess.h"
#include "TreeListing.h"

#include <runnercore/base/Clock.h>
#include <runnercore/base/UniqueFd.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace IntegrationSupport;
using TreeListing::writeFile;

namespace {

QJsonObject dataOf(const QList<QJsonObject> &events, const QString &kind)
{
    return eventsOfKind(events, kind).value(0).value(QStringLiteral("data")).toObject();
}

} // namespace

class TestSnapshots : public QObject
{
    Q_OBJECT

    static constexpr qint64 StoreBoundMib = 64;

private slots:
    void initTestCase();
    void keptThenRestoredIntoTheNextSession();
    void aDamagedCopyIsRefusedBeforeAnythingStarts();
    void theDevplaneContinuesFromTheWorkspace();
    void anExportRunsNothingTheAgentPlantedForGit();
    void sparseFilesPastTheBoundAreNotKept();

private:
    QJsonObject runSession(const QJsonObject &spec, QList<QJsonObject> *events);
    QJsonObject specWith(const QJsonArray &mounts, const QString &script) const;

    QTemporaryDir m_dir;
    std::unique_ptr<DevPlaneProcess> m_dp;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_snapshotId;
    QString m_digest;
};

void TestSnapshots::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_dp = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_dp->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    m_runner->setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
    // A small store, so that the harness of sparseFilesPastTheBoundAreNotKept passes it cheaply.
    QVERIFY2(!pairAndWaitReady(
                 *m_dp, *m_runner, &error, { QStringLiteral("--snapshot-store-mib"), QString::number(StoreBoundMib) })
                  .isEmpty(),
        qPrintable(error));
}

QJsonObject TestSnapshots::specWith(const QJsonArray &mounts, const QString &script) const
{
    QJsonObject spec
        = oneshotRunSpec(m_dp->defaultPrincipal(), { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
    return withPath(spec, { QStringLiteral("mounts") }, mounts);
}

QJsonObject TestSnapshots::runSession(const QJsonObject &spec, QList<QJsonObject> *events)
{
    QString error;
    const QJsonObject created = m_dp->createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    if (sessionId.isEmpty()) {
        qWarning("session create: %s", qPrintable(error));
        return {};
    }
    const QJsonObject settlement = m_dp->waitSettled(sessionId, 60, &error);
    *events = eventList(m_dp->sessionEvents(sessionId));
    return settlement;
}

void TestSnapshots::keptThenRestoredIntoTheNextSession()
{
    // The harness edits a file, adds an executable, an empty directory and a symlink, deletes one.
    const QString edit = QStringLiteral(
        "set -e; printf 'print(\"fixed\")\\n' > src/app.py; mkdir -p bin empty; "
        "printf '#!/bin/sh\\necho tool-ran\\n' > bin/tool; chmod 755 bin/tool; ln -s src/app.py current; "
        "rm OLD.md; echo edited");
    QJsonObject spec
        = specWith(QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                       { QStringLiteral("target"), QStringLiteral("/workspace") },
                       { QStringLiteral("files"),
                           QJsonArray { uploadedFile(QStringLiteral("src/app.py"), "print(\"bug\")\n"),
                               uploadedFile(QStringLiteral("README.md"), "# demo\n"),
                               uploadedFile(QStringLiteral("OLD.md"), "old\n") } } } },
            edit);
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(spec, &events);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));

    // The tree the test expects, and its digest from §6.9's text.
    const QString expected = m_dir.filePath(QStringLiteral("expected"));
    writeFile(expected + QStringLiteral("/src/app.py"), "print(\"fixed\")\n");
    writeFile(expected + QStringLiteral("/README.md"), "# demo\n");
    writeFile(expected + QStringLiteral("/bin/tool"), "#!/bin/sh\necho tool-ran\n", 0755);
    QVERIFY(QDir().mkpath(expected + QStringLiteral("/empty")));
    QVERIFY(::symlink("src/app.py", QFile::encodeName(expected + QStringLiteral("/current")).constData()) == 0);
    const QJsonObject snap = dataOf(events, QStringLiteral("workspace.snapshot"));
    QVERIFY2(!snap.isEmpty(), context.constData());
    m_snapshotId = snap.value(QStringLiteral("snapshot_id")).toString();
    m_digest = snap.value(QStringLiteral("digest")).toString();
    QCOMPARE(m_digest.toLatin1(), TreeListing::digest(expected));
    const QJsonObject changes = snap.value(QStringLiteral("changes")).toObject();
    QCOMPARE(changes.value(QStringLiteral("added")).toInteger(), 2);
    QCOMPARE(changes.value(QStringLiteral("modified")).toInteger(), 1);
    QCOMPARE(changes.value(QStringLiteral("deleted")).toInteger(), 1);
    // Kept on this machine, owner-only; the control plane has only the metadata.
    const QString store = m_runner->home()->runnerDataDir() + QStringLiteral("/snapshots");
    QVERIFY(QFileInfo::exists(store + QStringLiteral("/index/") + m_snapshotId + QStringLiteral(".json")));
    QCOMPARE(int(QFileInfo(store).permissions() & 0x0077), 0);

    // The next Session starts from it: the harness sees exactly that tree.
    const QString look = QStringLiteral(
        "find . -mindepth 1 | sort; cat src/app.py; readlink current; stat -c 'MODE %a' bin/tool; ./bin/tool; "
        "test -d empty && echo EMPTY-DIR");
    QList<QJsonObject> second;
    const QJsonObject restored = runSession(
        specWith(QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
                     { QStringLiteral("target"), QStringLiteral("/workspace") },
                     { QStringLiteral("snapshot_id"), m_snapshotId }, { QStringLiteral("digest"), m_digest } } },
            look),
        &second);
    const QByteArray context2 = "settlement " + dumpJson(restored) + "\nevents " + dumpEvents(second);
    QCOMPARE(restored.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QString out = QString::fromUtf8(outputBytes(second, QStringLiteral("output.stdout")));
    QVERIFY2(out.startsWith(QStringLiteral("./README.md\n./bin\n./bin/tool\n./current\n./empty\n./src\n./src/app.py\n"
                                           "print(\"fixed\")\nsrc/app.py\nMODE 755\ntool-ran\nEMPTY-DIR\n")),
        context2.constData());
    QCOMPARE(dataOf(second, QStringLiteral("workspace.ready"))
                 .value(QStringLiteral("mounts"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("kind"))
                 .toString(),
        QStringLiteral("snapshot"));
}

void TestSnapshots::aDamagedCopyIsRefusedBeforeAnythingStarts()
{
    QVERIFY(!m_snapshotId.isEmpty());
    // One byte of README.md's stored content, on disk.
    QVERIFY(
        TreeListing::damageStoredCopy(m_runner->home()->runnerDataDir() + QStringLiteral("/snapshots"), "# demo\n", 2));
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(
        specWith(QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
                     { QStringLiteral("target"), QStringLiteral("/workspace") },
                     { QStringLiteral("snapshot_id"), m_snapshotId }, { QStringLiteral("digest"), m_digest } } },
            QStringLiteral("echo should-not-run")),
        &events);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("snapshot_unavailable"));
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), context.constData());
    QVERIFY2(!outputBytes(events, QStringLiteral("output.stdout")).contains("should-not-run"), context.constData());
    // Nothing of the partial tree is left.
    QVERIFY(QDir(m_runner->home()->runsDir()).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty());
}

// The devplane keeps the snapshot ids it saw (with the metadata, never content) and "Continue from
// this workspace" (session continue) starts a new Session whose root mount is that snapshot.
void TestSnapshots::theDevplaneContinuesFromTheWorkspace()
{
    QJsonObject spec
        = specWith(QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                       { QStringLiteral("target"), QStringLiteral("/workspace") },
                       { QStringLiteral("files"), QJsonArray { uploadedFile(QStringLiteral("notes.txt"), "1\n") } } } },
            QStringLiteral("cat notes.txt; echo more >> notes.txt"));
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QString error;
    const QString first = m_dp->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    QVERIFY2(!first.isEmpty(), qPrintable(error));
    QCOMPARE(
        m_dp->waitSettled(first, 60, &error).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QJsonObject view = m_dp->sessionEvents(first);
    const QJsonObject kept = view.value(QStringLiteral("snapshot")).toObject();
    const QString id
        = dataOf(eventList(view), QStringLiteral("workspace.snapshot")).value(QStringLiteral("snapshot_id")).toString();
    QVERIFY2(!id.isEmpty() && kept.value(QStringLiteral("snapshot_id")).toString() == id, dumpJson(view).constData());
    QCOMPARE(kept.value(QStringLiteral("changes")).toObject().value(QStringLiteral("modified")).toInteger(), 1);

    const DevPlaneProcess::AdminResult continued
        = m_dp->runAdminPumping({ QStringLiteral("session"), QStringLiteral("continue"), first });
    QVERIFY2(continued.exitCode == 0, continued.out + continued.err);
    const QString second
        = QJsonDocument::fromJson(continued.out).object().value(QStringLiteral("session_id")).toString();
    QVERIFY2(!second.isEmpty(), continued.out.constData());
    QCOMPARE(
        m_dp->waitSettled(second, 60, &error).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QList<QJsonObject> events = eventList(m_dp->sessionEvents(second));
    QVERIFY2(
        outputBytes(events, QStringLiteral("output.stdout")).startsWith("1\nmore\n"), dumpEvents(events).constData());
    QCOMPARE(dataOf(events, QStringLiteral("workspace.ready"))
                 .value(QStringLiteral("mounts"))
                 .toArray()
                 .at(0)
                 .toObject()
                 .value(QStringLiteral("kind"))
                 .toString(),
        QStringLiteral("snapshot"));
    // It keeps its own workspace again, a new snapshot.
    QVERIFY(!dataOf(events, QStringLiteral("workspace.snapshot"))
                 .value(QStringLiteral("snapshot_id"))
                 .toString()
                 .isEmpty());
    QVERIFY(dataOf(events, QStringLiteral("workspace.snapshot")).value(QStringLiteral("snapshot_id")).toString() != id);

    // A Session without a kept workspace cannot be continued.
    const QString plain = m_dp->createSessionFromSpec(specWith({}, QStringLiteral("true")), {}, &error)
                              .value(QStringLiteral("session_id"))
                              .toString();
    QVERIFY(!m_dp->waitSettled(plain, 60, &error).isEmpty());
    const DevPlaneProcess::AdminResult refused
        = m_dp->runAdminPumping({ QStringLiteral("session"), QStringLiteral("continue"), plain });
    QVERIFY(refused.exitCode != 0);
    QVERIFY2((refused.out + refused.err).contains("no_snapshot"), refused.out + refused.err);
}

// Issue 35, finding 6: the harness plants commands for git in its workspace (HostileGitWorkspace);
// the person exports it (`snapshots export`) and runs git there as at any shell prompt. The tree as
// the snapshot holds it (what a later run restored from it gets) fires every plant: the attack is
// real and the snapshot unchanged. The export fires none, says the files came from the agent and
// what it left out, and its repository still shows the agent's commits.
void TestSnapshots::anExportRunsNothingTheAgentPlantedForGit()
{
    const HostileGitWorkspace hostile;
    QVERIFY(hostile.isValid());
    QJsonObject spec
        = specWith(QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                       { QStringLiteral("target"), QStringLiteral("/workspace") },
                       { QStringLiteral("files"),
                           QJsonArray { uploadedFile(QStringLiteral("README.md"), "# a hostile agent\n") } } } },
            hostile.harnessScript());
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(spec, &events);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QVERIFY2(
        settlement.value(QStringLiteral("outcome")).toString() == QStringLiteral("succeeded"), context.constData());
    const QJsonObject snap = dataOf(events, QStringLiteral("workspace.snapshot"));
    const QString id = snap.value(QStringLiteral("snapshot_id")).toString();
    const QByteArray digest = snap.value(QStringLiteral("digest")).toString().toLatin1();
    QVERIFY2(!id.isEmpty(), context.constData());
    QVERIFY2(hostile.markers().isEmpty(), qPrintable(hostile.markers().join(QLatin1Char(' '))));

    // The snapshot as it is kept: restored byte for byte, every plant fires.
    const QString store = m_runner->home()->runnerDataDir() + QStringLiteral("/snapshots");
    const QString verbatim = m_dir.filePath(QStringLiteral("hostile-verbatim"));
    QVERIFY(QDir().mkpath(verbatim));
    {
        const runnercore::SystemClock clock;
        const runnercore::UniqueFd fd(
            ::open(QFile::encodeName(verbatim).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        QString message;
        QVERIFY2(runnercore::SnapshotStore(store, clock).restore(id, digest, fd.get(), &message)
                == runnercore::SnapshotStore::Restore::Restored,
            qPrintable(message));
    }
    QCOMPARE(TreeListing::digest(verbatim), digest);
    QString transcript;
    QCOMPARE(hostile.firedIn(verbatim, &transcript), HostileGitWorkspace::plantedMarkers());
    hostile.clearMarkers();

    // The export.
    const QString exported = m_dir.filePath(QStringLiteral("hostile-export"));
    RunnerProcess cli(m_runner->home());
    cli.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
    QCOMPARE(cli.run({ QStringLiteral("snapshots"), QStringLiteral("export"), id, exported }, 20000), 0);
    const QString said = cli.stdoutText();
    qInfo().noquote() << "snapshots export said:\n" + said;
    transcript.clear();
    const QStringList fired = hostile.firedIn(exported, &transcript);
    QVERIFY2(fired.isEmpty(),
        qPrintable(QStringLiteral("ran: %1\n%2").arg(fired.join(QLatin1Char(' ')), transcript.right(4000))));
    for (const QString &expected : { QStringLiteral("came from the agent"), QStringLiteral(".git/config"),
             QStringLiteral("core.fsmonitor"), QStringLiteral("inner/.git/hooks"), QStringLiteral("other/.git") })
        QVERIFY2(said.contains(expected), qPrintable(expected + QStringLiteral(" not in:\n") + said));
    // Still the agent's repository: its files, history and remote.
    QProcess git;
    git.setWorkingDirectory(exported);
    git.start(QStringLiteral("git"), { QStringLiteral("log"), QStringLiteral("--format=%s") });
    QVERIFY(git.waitForFinished(20000));
    QCOMPARE(git.readAllStandardOutput(), QByteArray("two\none\n"));
    QFile config(exported + QStringLiteral("/.git/config"));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QVERIFY2(config.readAll().contains("ssh://127.0.0.1:9/nothing"), "the remote's URL is kept");

    // The snapshot itself did not change (an earlier test damaged another one on purpose).
    const runnercore::SystemClock clock;
    QString problem;
    QVERIFY2(runnercore::SnapshotStore(store, clock).verify(id, &problem), qPrintable(problem));
    QCOMPARE(runnercore::SnapshotStore(store, clock).find(id)->digest, digest);
}

// Issue 35, finding 4: six `truncate -s 1G` files (a few KiB on disk) made the Runner write 6 GiB
// into a 5 GiB store before it refused, and what it wrote stayed. Here the store's bound is 64 MiB:
// the store never holds more than that while the take runs (its size sampled from a thread), nothing
// of the refused take stays, the run says why in `run.warning` `snapshot_not_kept` (§6.9) and has no
// `workspace.snapshot`, and it settles as it would have.
void TestSnapshots::sparseFilesPastTheBoundAreNotKept()
{
    const QString store = m_runner->home()->runnerDataDir() + QStringLiteral("/snapshots");
    const qint64 before = PeakUsage::bytesBelow(store);
    QJsonObject spec = specWith(
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("files"), QJsonArray { uploadedFile(QStringLiteral("notes.txt"), "sparse\n") } } } },
        QStringLiteral("for i in 1 2 3 4 5 6; do truncate -s 1G big$i; done; du -sk .; echo made"));
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QList<QJsonObject> events;
    QJsonObject settlement;
    qint64 peak = 0;
    {
        PeakUsage usage(store);
        settlement = runSession(spec, &events);
        usage.stop();
        peak = usage.peakBytes();
        qInfo("store: %lld bytes before, at most %lld while the run was kept (%lld samples), %lld after; bound %lld",
            before, peak, usage.samples(), PeakUsage::bytesBelow(store), StoreBoundMib * 1024 * 1024);
    }
    const qint64 after = PeakUsage::bytesBelow(store);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    // Never past the bound (the slack: the records and pack indexes the count leaves out).
    QVERIFY2(peak <= StoreBoundMib * 1024 * 1024 + 1024 * 1024, qPrintable(QString::number(peak)));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QVERIFY2(outputBytes(events, QStringLiteral("output.stdout")).contains("made"), context.constData());
    // Nothing of it stays.
    QVERIFY2(after <= before, qPrintable(QStringLiteral("%1 > %2").arg(after).arg(before)));
    QVERIFY(QDir(store + QStringLiteral("/tmp")).isEmpty());
    QVERIFY(QDir(store + QStringLiteral("/pending")).isEmpty());
    // Said, with why; no snapshot.
    QVERIFY2(eventsOfKind(events, QStringLiteral("workspace.snapshot")).isEmpty(), context.constData());
    const QList<QJsonObject> warnings = eventsOfKind(events, QStringLiteral("run.warning"));
    QCOMPARE(warnings.size(), 1);
    const QJsonObject warning = warnings.first().value(QStringLiteral("data")).toObject();
    QCOMPARE(warning.value(QStringLiteral("kind")).toString(), QStringLiteral("snapshot_not_kept"));
    const QString why = warning.value(QStringLiteral("message")).toString();
    qInfo("run.warning snapshot_not_kept: %s", qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("big")) && why.contains(QStringLiteral("64 MiB"))
            && why.contains(QStringLiteral("sparse")),
        qPrintable(why));
}

QTEST_GUILESS_MAIN(TestSnapshots)
#include "tst_snapshots.moc"
