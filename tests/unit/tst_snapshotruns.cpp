// §6.9 at the level of one run (issue 23), on the fake tier and a scripted control plane with real
// workspace directories: the workspace kept after the harness with `changes` against the tree as
// materialised and the digest the protocol's text gives, a later run restored from it exactly,
// refusals (unknown, another digest, one damaged byte, ZDR) before any harness starts, a full disk
// that fails only the snapshot, and observations that never grow with the workspace.
#include "RunBench.h"
#include "TreeListing.h"

#include <runnercore/model/Admission.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/InlineMountWriter.h>
#include <runnercore/workspace/MountPlacement.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;
using TreeListing::randomBytes;
using TreeListing::writeFile;

namespace {

constexpr qint64 MiB = 1024 * 1024;

// The fake tier with real directories: a run's workspace, home and tmp below `base`, and the spec's
// inline mounts written at prepare as the host-process tier does.
class DiskProvider : public FakeProvider
{
public:
    QString base;

    QString runDir(const QString &runId) const { return base + QLatin1Char('/') + runId; }
    QString workspacePath(const QString &runId) const override { return runDir(runId) + QStringLiteral("/workspace"); }
    bool prepare(const QString &runId, const RunSpec &spec, QString *error) override
    {
        FakeProvider::prepare(runId, spec, error);
        for (const char *dir : { "workspace", "home", "tmp" })
            QDir().mkpath(runDir(runId) + QLatin1Char('/') + QLatin1String(dir));
        const UniqueFd ws(::open(QFile::encodeName(workspacePath(runId)).constData(), O_RDONLY | O_DIRECTORY));
        const UniqueFd home(
            ::open(QFile::encodeName(runDir(runId) + QStringLiteral("/home")).constData(), O_RDONLY | O_DIRECTORY));
        for (qsizetype i = 0; i < MountPlacement::firstFetched(spec); ++i) {
            if (!InlineMountWriter::write(ws.get(), home.get(), spec, spec.mounts.at(i), error))
                return false;
        }
        return true;
    }
    void teardown(const QString &runId) override
    {
        FakeProvider::teardown(runId);
        QDir(runDir(runId)).removeRecursively();
    }
};

QJsonObject file(const QString &path, const QByteArray &content)
{
    return QJsonObject { { QStringLiteral("path"), path },
        { QStringLiteral("content_base64"), QString::fromLatin1(content.toBase64()) } };
}

QJsonObject withMounts(QJsonObject spec, const QJsonArray &mounts)
{
    spec.insert(QStringLiteral("mounts"), mounts);
    return spec;
}

QJsonObject kept(QJsonObject spec)
{
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    return spec;
}

QJsonObject uploaded(const QJsonArray &files)
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
        { QStringLiteral("target"), QStringLiteral("/workspace") }, { QStringLiteral("files"), files } };
}

QJsonObject snapshotMount(const QString &id, const QString &digest)
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
        { QStringLiteral("target"), QStringLiteral("/workspace") }, { QStringLiteral("snapshot_id"), id },
        { QStringLiteral("digest"), digest } };
}

QJsonObject zdr(QJsonObject spec)
{
    QJsonObject environment = spec.value(QStringLiteral("environment")).toObject();
    QJsonObject requirements = environment.value(QStringLiteral("requirements")).toObject();
    requirements.insert(QStringLiteral("retention"), QStringLiteral("ephemeral_zdr"));
    environment.insert(QStringLiteral("requirements"), requirements);
    spec.insert(QStringLiteral("environment"), environment);
    return spec;
}

QList<QJsonObject> ofKind(const QList<QJsonObject> &events, const QString &kind)
{
    QList<QJsonObject> out;
    for (const QJsonObject &e : events) {
        if (e.value(QStringLiteral("kind")).toString() == kind)
            out.append(e.value(QStringLiteral("data")).toObject());
    }
    return out;
}

} // namespace

class TestSnapshotRuns : public QObject
{
    Q_OBJECT

    // The bench with the disk tier and a store of its own.
    struct Bench
    {
        RunBench bench;
        DiskProvider disk;
        QTemporaryDir dir;
        QString storeRoot;

        bool setUp()
        {
            if (!dir.isValid() || !bench.setUp())
                return false;
            disk.base = dir.filePath(QStringLiteral("runs"));
            storeRoot = dir.filePath(QStringLiteral("store"));
            return true;
        }
        RunEnvironment env()
        {
            RunEnvironment e = bench.env();
            e.provider = [this](const QString &id) -> SandboxProvider * { return id == disk.id() ? &disk : nullptr; };
            e.realisable = [this] { return disk.advertisement(); };
            e.snapshotRoot = storeRoot;
            return e;
        }
        SnapshotStore store() const { return SnapshotStore(storeRoot, bench.clock); }

        // Runs claim n; `harness` acts on the workspace while the harness runs, then it exits 0.
        QList<QJsonObject> run(
            int n, const QJsonObject &spec, const std::function<void(const QString &ws)> &harness = {})
        {
            RunExecution execution(RunBench::claim(n, spec), env());
            QSignalSpy finished(&execution, &RunExecution::finished);
            execution.start();
            const QString runId = RunBench::runId(n);
            (void)QTest::qWaitFor(
                [&] {
                    FakeProcess *p = disk.process(runId);
                    return (p && p->isRunning()) || !finished.isEmpty();
                },
                10000);
            if (FakeProcess *process = disk.process(runId)) {
                if (harness)
                    harness(disk.workspacePath(runId));
                process->exit(0);
            }
            if (finished.isEmpty())
                (void)finished.wait(20000);
            return bench.plane.events.value(runId);
        }
        QString outcome(int n) const
        {
            return bench.plane.settlements.value(RunBench::runId(n)).value(QStringLiteral("outcome")).toString();
        }
        QString reason(int n) const
        {
            return bench.plane.settlements.value(RunBench::runId(n)).value(QStringLiteral("reason")).toString();
        }
    };

    // The harness's edits of the round trip; the tree as it was at the harness's end (lines).
    static QByteArray editLikeAnAgent(const QString &ws)
    {
        writeFile(ws + QStringLiteral("/src/app.py"), "print('fixed')\n");
        writeFile(ws + QStringLiteral("/bin/run-tests"), "#!/bin/sh\nexit 0\n", 0755);
        QDir().mkpath(ws + QStringLiteral("/build/empty"));
        ::symlink("src/app.py", QFile::encodeName(ws + QStringLiteral("/main.py")).constData());
        QFile::remove(ws + QStringLiteral("/OLD.md"));
        ::mkfifo(QFile::encodeName(ws + QStringLiteral("/agent.pipe")).constData(), 0600);
        return TreeListing::lines(ws); // the FIFO is left out, as §6.9 says
    }

    static QJsonObject materialisedSpec()
    {
        return kept(withMounts(RunBench::runSpec(),
            QJsonArray { uploaded(QJsonArray { file(QStringLiteral("src/app.py"), "print('bug')\n"),
                file(QStringLiteral("README.md"), "# demo\n"), file(QStringLiteral("OLD.md"), "old\n") }) }));
    }

private slots:
    // Bad values are invalid_run_spec naming the field (§6.8's rule for every mount field).
    void badSnapshotFieldsNameTheField_data()
    {
        QTest::addColumn<QJsonObject>("spec");
        QTest::addColumn<QString>("field");
        const QString id = QStringLiteral("snap_0123456789abcdef0123456789abcdef");
        const QString digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('a'));
        QJsonObject spec = RunBench::runSpec();
        spec.insert(QStringLiteral("snapshot"), QStringLiteral("yes"));
        QTest::newRow("snapshot not an object") << spec << QStringLiteral("run_spec.snapshot");
        spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), 1 } });
        QTest::newRow("on_settle not a boolean") << spec << QStringLiteral("run_spec.snapshot.on_settle");
        QTest::newRow("snapshot_id shape")
            << withMounts(RunBench::runSpec(), QJsonArray { snapshotMount(QStringLiteral("snap_XYZ"), digest) })
            << QStringLiteral("run_spec.mounts[0].snapshot_id");
        QTest::newRow("digest shape") << withMounts(
            RunBench::runSpec(), QJsonArray { snapshotMount(id, QStringLiteral("sha1:abc")) })
                                      << QStringLiteral("run_spec.mounts[0].digest");
        QJsonObject noDigest = snapshotMount(id, digest);
        noDigest.remove(QStringLiteral("digest"));
        QTest::newRow("digest missing") << withMounts(RunBench::runSpec(), QJsonArray { noDigest })
                                        << QStringLiteral("run_spec.mounts[0].digest");
        QJsonObject second = snapshotMount(id, digest);
        second.insert(QStringLiteral("target"), QStringLiteral("/workspace/prior"));
        QTest::newRow("not the workspace root") << withMounts(
            RunBench::runSpec(), QJsonArray { uploaded(QJsonArray { file(QStringLiteral("a"), "a") }), second })
                                                << QStringLiteral("run_spec.mounts[1].kind");
        QJsonObject withFiles = snapshotMount(id, digest);
        withFiles.insert(QStringLiteral("files"), QJsonArray {});
        QTest::newRow("files in a snapshot mount")
            << withMounts(RunBench::runSpec(), QJsonArray { withFiles }) << QStringLiteral("run_spec.mounts[0].files");
    }

    void badSnapshotFieldsNameTheField()
    {
        QFETCH(QJsonObject, spec);
        QFETCH(QString, field);
        const auto parsed = RunSpec::parse(spec);
        QVERIFY(std::holds_alternative<QString>(parsed));
        QVERIFY2(std::get<QString>(parsed).contains(QLatin1Char('\'') + field + QLatin1Char('\'')),
            qPrintable(std::get<QString>(parsed)));
        // Absent or null: no snapshot.
        QJsonObject none = RunBench::runSpec();
        none.insert(QStringLiteral("snapshot"), QJsonValue::Null);
        QVERIFY(!std::get<RunSpec>(RunSpec::parse(none)).snapshotOnSettle);
        QVERIFY(std::get<RunSpec>(RunSpec::parse(kept(RunBench::runSpec()))).snapshotOnSettle);
    }

    void keptAfterTheHarnessAndRestoredExactly()
    {
        Bench b;
        QVERIFY(b.setUp());
        QByteArray atEnd;
        const QList<QJsonObject> events
            = b.run(1, materialisedSpec(), [&](const QString &ws) { atEnd = editLikeAnAgent(ws); });
        QCOMPARE(b.outcome(1), QStringLiteral("succeeded"));
        const QStringList kinds = b.bench.plane.kindsOf(RunBench::runId(1));
        // Before settlement, after the harness ended.
        QVERIFY2(kinds.indexOf(QStringLiteral("workspace.snapshot")) > kinds.indexOf(QStringLiteral("run.exited")),
            qPrintable(kinds.join(QLatin1Char(' '))));
        const QJsonObject snap = ofKind(events, QStringLiteral("workspace.snapshot")).value(0);
        QCOMPARE(snap.value(QStringLiteral("digest")).toString().toLatin1(), "sha256:" + TreeListing::sha256Hex(atEnd));
        QCOMPARE(snap.value(QStringLiteral("files")).toInteger(), 3); // app.py, README.md, run-tests
        QCOMPARE(snap.value(QStringLiteral("bytes")).toInteger(), 15 + 7 + 17);
        QVERIFY(snap.value(QStringLiteral("base")).isNull());
        const QJsonObject changes = snap.value(QStringLiteral("changes")).toObject();
        QCOMPARE(changes.value(QStringLiteral("added")).toInteger(), 2); // bin/run-tests, main.py
        QCOMPARE(changes.value(QStringLiteral("modified")).toInteger(), 1); // src/app.py
        QCOMPARE(changes.value(QStringLiteral("deleted")).toInteger(), 1); // OLD.md
        QCOMPARE(QDateTime::fromString(snap.value(QStringLiteral("expires_at")).toString(), Qt::ISODateWithMs),
            b.bench.clock.now().addDays(14));
        const QList<QJsonObject> warnings = ofKind(events, QStringLiteral("run.warning"));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().value(QStringLiteral("kind")).toString(), QStringLiteral("snapshot_skipped"));
        QCOMPARE(
            warnings.first().value(QStringLiteral("paths")).toArray(), QJsonArray { QStringLiteral("agent.pipe") });

        // A later run from it: the same tree before its harness starts.
        const QString id = snap.value(QStringLiteral("snapshot_id")).toString();
        QByteArray seen;
        const QJsonObject restoreSpec = withMounts(
            RunBench::runSpec(), QJsonArray { snapshotMount(id, snap.value(QStringLiteral("digest")).toString()) });
        const QList<QJsonObject> second
            = b.run(2, restoreSpec, [&](const QString &ws) { seen = TreeListing::lines(ws); });
        QCOMPARE(b.outcome(2), QStringLiteral("succeeded"));
        QCOMPARE(seen, atEnd);
        const QJsonObject ready = ofKind(second, QStringLiteral("workspace.ready")).value(0);
        const QJsonObject mount = ready.value(QStringLiteral("mounts")).toArray().at(0).toObject();
        QCOMPARE(mount.value(QStringLiteral("kind")).toString(), QStringLiteral("snapshot"));
        QCOMPARE(mount.value(QStringLiteral("files")).toInteger(), 3);
        // Files only: nothing says a process resumed.
        QVERIFY(ofKind(second, QStringLiteral("workspace.snapshot")).isEmpty());
    }

    void refusedBeforeAnythingStarts_data()
    {
        QTest::addColumn<QString>("how");
        QTest::newRow("unknown id") << QStringLiteral("unknown");
        QTest::newRow("another digest") << QStringLiteral("digest");
        QTest::newRow("one byte changed in the store") << QStringLiteral("damaged");
        QTest::newRow("expired") << QStringLiteral("expired");
    }

    void refusedBeforeAnythingStarts()
    {
        QFETCH(QString, how);
        Bench b;
        QVERIFY(b.setUp());
        const QByteArray content = randomBytes(64 * 1024, 3);
        b.run(1,
            kept(withMounts(RunBench::runSpec(),
                QJsonArray { uploaded(QJsonArray { file(QStringLiteral("data.bin"), content) }) })));
        const QJsonObject snap
            = ofKind(b.bench.plane.events.value(RunBench::runId(1)), QStringLiteral("workspace.snapshot")).value(0);
        QString id = snap.value(QStringLiteral("snapshot_id")).toString();
        QString digest = snap.value(QStringLiteral("digest")).toString();
        QVERIFY(!id.isEmpty());
        if (how == QLatin1String("unknown")) {
            id = QStringLiteral("snap_0123456789abcdef0123456789abcdef");
        } else if (how == QLatin1String("digest")) {
            digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('0'));
        } else if (how == QLatin1String("expired")) {
            b.bench.clock.advance(qint64(15) * 24 * 3600 * 1000);
        } else {
            QVERIFY(TreeListing::damageStoredCopy(b.storeRoot, content, 1000));
        }
        const int launchedBefore = int(b.disk.launched.size());
        const QList<QJsonObject> events
            = b.run(2, withMounts(RunBench::runSpec(), QJsonArray { snapshotMount(id, digest) }));
        QCOMPARE(b.outcome(2), QStringLiteral("refused"));
        QCOMPARE(b.reason(2), QStringLiteral("snapshot_unavailable"));
        QCOMPARE(b.bench.plane.kindsOf(RunBench::runId(2)), QStringList { QStringLiteral("run.refused") });
        QCOMPARE(int(b.disk.launched.size()), launchedBefore); // no harness
        QVERIFY(!QFileInfo::exists(b.disk.runDir(RunBench::runId(2)))); // nothing left of a partial tree
        if (how == QLatin1String("damaged"))
            QVERIFY(b.disk.prepared.contains(RunBench::runId(2))); // found only while restoring
        else
            QVERIFY(!b.disk.prepared.contains(RunBench::runId(2))); // nothing written at all
    }

    void zeroDataRunsAreNeverKept()
    {
        Bench b;
        QVERIFY(b.setUp());
        b.run(1, zdr(materialisedSpec()));
        QCOMPARE(b.outcome(1), QStringLiteral("refused"));
        QCOMPARE(b.reason(1), QStringLiteral("retention_unavailable"));
        QVERIFY(b.disk.prepared.isEmpty());
        // A ceiling without snapshots keeps none either.
        RunSpec spec = std::get<RunSpec>(RunSpec::parse(materialisedSpec()));
        QJsonObject ceiling { { QStringLiteral("providers"),
            QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("host-process") } } } } };
        const AdmissionDecision d = Admission::check(spec, ceiling, b.disk.advertisement(), std::nullopt);
        QCOMPARE(d.reason, QStringLiteral("retention_unavailable"));
        QJsonObject withCustody = ceiling;
        withCustody[QStringLiteral("providers")] = QJsonArray { QJsonObject {
            { QStringLiteral("id"), QStringLiteral("host-process") }, { QStringLiteral("snapshot_clone"), true },
            { QStringLiteral("snapshot_custody"), QStringLiteral("runner") } } };
        QVERIFY(Admission::check(spec, withCustody, b.disk.advertisement(), std::nullopt).admitted);
        withCustody[QStringLiteral("providers")] = QJsonArray { QJsonObject {
            { QStringLiteral("id"), QStringLiteral("host-process") }, { QStringLiteral("snapshot_clone"), true },
            { QStringLiteral("snapshot_custody"), QStringLiteral("plane") } } };
        QCOMPARE(Admission::check(spec, withCustody, b.disk.advertisement(), std::nullopt).reason,
            QStringLiteral("retention_unavailable"));
        // A snapshot mount under such a ceiling is not realised.
        spec.snapshotOnSettle = false;
        spec.mounts = { RunMount { QStringLiteral("snapshot"), QStringLiteral("/workspace") } };
        QCOMPARE(Admission::check(spec, withCustody, b.disk.advertisement(), std::nullopt).reason,
            QStringLiteral("mount_unsupported"));
    }

    void aFullDiskFailsOnlyTheSnapshot()
    {
        Bench b;
        QVERIFY(b.setUp());
        QVERIFY(QDir().mkpath(b.storeRoot));
        QVERIFY2(::mount("tmpfs", QFile::encodeName(b.storeRoot).constData(), "tmpfs", 0, "size=2m,mode=0700") == 0,
            "mount -t tmpfs needs root (CI runs the tests as root)");
        const auto unmount = qScopeGuard([&] { ::umount2(QFile::encodeName(b.storeRoot).constData(), MNT_DETACH); });
        const QList<QJsonObject> events = b.run(1, materialisedSpec(),
            [](const QString &ws) { writeFile(ws + QStringLiteral("/output.bin"), randomBytes(4 * MiB, 9)); });
        QCOMPARE(b.outcome(1), QStringLiteral("succeeded"));
        QVERIFY(ofKind(events, QStringLiteral("workspace.snapshot")).isEmpty());
        const QList<QJsonObject> warnings = ofKind(events, QStringLiteral("run.warning"));
        QCOMPARE(warnings.size(), 1);
        QCOMPARE(warnings.first().value(QStringLiteral("kind")).toString(), QStringLiteral("snapshot_failed"));
        QVERIFY2(warnings.first().value(QStringLiteral("message")).toString().contains(QLatin1String("disk is full")),
            qPrintable(warnings.first().value(QStringLiteral("message")).toString()));
        QVERIFY(b.store().list().isEmpty());
    }

    // No content leaves the machine: what the control plane hears does not grow with the workspace.
    void observationsDoNotGrowWithTheWorkspace()
    {
        Bench b;
        QVERIFY(b.setUp());
        const auto observed = [&](int n, qint64 bytes) {
            const QList<QJsonObject> events = b.run(n, materialisedSpec(), [&](const QString &ws) {
                writeFile(ws + QStringLiteral("/src/app.py"), "changed\n");
                writeFile(ws + QStringLiteral("/data/blob.bin"), randomBytes(bytes, quint32(n)));
            });
            qint64 size = 0;
            for (const QJsonObject &e : events) {
                QJsonObject data = e.value(QStringLiteral("data")).toObject();
                data.remove(QStringLiteral("bytes")); // a count of more digits, not content
                size += QJsonDocument(data).toJson(QJsonDocument::Compact).size();
            }
            return size;
        };
        const qint64 small = observed(1, 1024);
        const qint64 large = observed(2, 24 * MiB);
        QCOMPARE(b.store().list().size(), 2);
        QCOMPARE(large, small);
    }
};

QTEST_GUILESS_MAIN(TestSnapshotRuns)
#include "tst_snapshotruns.moc"
