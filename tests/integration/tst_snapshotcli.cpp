// `checkfu-runner snapshots` (issue 23): what a person sees of the workspaces kept on the machine:
// list (and --json), show with the changed paths, a unified diff against the materialised tree,
// export of the exact tree, verify that finds one changed byte (exit 1), rm and prune.
#include "FakeClock.h"
#include "RunnerProcess.h"
#include "TreeListing.h"

#include <runnercore/base/Clock.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QDir>
#include <QDirIterator>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;
using TreeListing::randomBytes;
using TreeListing::writeFile;

namespace {

UniqueFd openDir(const QString &path)
{
    return UniqueFd(::open(QFile::encodeName(path).constData(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
}

} // namespace

class TestSnapshotCli : public QObject
{
    Q_OBJECT

    std::shared_ptr<RunnerHome> m_home = std::make_shared<RunnerHome>();
    QTemporaryDir m_dir;
    QString m_id;
    QByteArray m_lines; // the kept tree

    QString storeRoot() const { return m_home->runnerDataDir() + QStringLiteral("/snapshots"); }

    int cli(const QStringList &args, RunnerProcess &runner)
    {
        runner.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        return runner.run(QStringList { QStringLiteral("snapshots") } + args, 20000);
    }

private slots:
    void initTestCase()
    {
        // A run as the Runner would keep it: materialised, then edited by its harness.
        const QString ws = m_dir.filePath(QStringLiteral("ws"));
        writeFile(ws + QStringLiteral("/src/app.py"), "def f():\n    return 1\n");
        writeFile(ws + QStringLiteral("/OLD.md"), "old\n");
        const SystemClock clock;
        const SnapshotStore store(storeRoot(), clock);
        const UniqueFd fd = openDir(ws);
        const SnapshotStore::Result baseline = store.recordBaseline(QStringLiteral("run_x"), fd.get());
        QVERIFY(baseline.ok);
        writeFile(ws + QStringLiteral("/src/app.py"), "def f():\n    return 2\n");
        writeFile(ws + QStringLiteral("/bin/check"), "#!/bin/sh\n", 0755);
        QVERIFY(::symlink("src/app.py", QFile::encodeName(ws + QStringLiteral("/main.py")).constData()) == 0);
        QVERIFY(QFile::remove(ws + QStringLiteral("/OLD.md")));
        QDir().mkpath(ws + QStringLiteral("/empty"));
        SnapshotStore::TakeRequest request;
        request.runId = QStringLiteral("run_x");
        request.title = QStringLiteral("Fix f");
        request.before = baseline.manifest;
        request.baselineKey = QStringLiteral("run_x");
        const SnapshotStore::Result taken = store.take(fd.get(), request);
        QVERIFY(taken.ok);
        m_id = taken.info.id;
        m_lines = TreeListing::lines(ws);
    }

    void listsWhatIsKept()
    {
        RunnerProcess runner(m_home);
        QCOMPARE(cli({ QStringLiteral("list") }, runner), 0);
        QVERIFY2(runner.stdoutText().contains(m_id), qPrintable(runner.describe()));
        QVERIFY(runner.stdoutText().contains(QStringLiteral("+2 ~1 -1  Fix f")));
        QVERIFY(runner.stdoutText().contains(QStringLiteral("1 snapshot, ")));
        RunnerProcess json(m_home);
        QCOMPARE(cli({ QStringLiteral("list"), QStringLiteral("--json") }, json), 0);
        const QJsonArray array = QJsonDocument::fromJson(json.stdoutText().toUtf8()).array();
        QCOMPARE(array.size(), 1);
        const QJsonObject entry = array.first().toObject();
        QCOMPARE(entry.value(QStringLiteral("snapshot_id")).toString(), m_id);
        QCOMPARE(
            entry.value(QStringLiteral("digest")).toString().toLatin1(), "sha256:" + TreeListing::sha256Hex(m_lines));
        QCOMPARE(entry.value(QStringLiteral("files")).toInteger(), 2);
    }

    void showsAndDiffsTheChanges()
    {
        RunnerProcess show(m_home);
        QCOMPARE(cli({ QStringLiteral("show"), m_id }, show), 0);
        const QString text = show.stdoutText();
        QVERIFY2(text.contains(QStringLiteral("A  bin/check")) && text.contains(QStringLiteral("A  main.py"))
                && text.contains(QStringLiteral("M  src/app.py")) && text.contains(QStringLiteral("D  OLD.md")),
            qPrintable(text));
        RunnerProcess diff(m_home);
        QCOMPARE(cli({ QStringLiteral("diff"), m_id }, diff), 0);
        const QString patch = diff.stdoutText();
        QVERIFY2(patch.contains(QStringLiteral("-    return 1\n+    return 2\n")), qPrintable(patch));
        QVERIFY(patch.contains(QStringLiteral("-old\n")));
        QVERIFY(patch.contains(QStringLiteral("+#!/bin/sh\n")));
    }

    void exportsTheExactTree()
    {
        const QString out = m_dir.filePath(QStringLiteral("exported"));
        RunnerProcess runner(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, out }, runner), 0);
        QCOMPARE(TreeListing::lines(out), m_lines);
        // Never over something that is there.
        RunnerProcess again(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, out }, again), 2);
        QVERIFY(again.stderrText().contains(QStringLiteral("not an empty directory")));
    }

    void verifyFindsOneChangedByte()
    {
        RunnerProcess ok(m_home);
        QCOMPARE(cli({ QStringLiteral("verify") }, ok), 0);
        QVERIFY(ok.stdoutText().contains(m_id + QStringLiteral("  ok")));
        QVERIFY(TreeListing::damageStoredCopy(storeRoot(), "def f():\n    return 2\n", 5));
        RunnerProcess damaged(m_home);
        QCOMPARE(cli({ QStringLiteral("verify") }, damaged), 1);
        QVERIFY2(damaged.stdoutText().contains(QStringLiteral("DAMAGED"))
                && damaged.stdoutText().contains(QStringLiteral("src/app.py")),
            qPrintable(damaged.describe()));
        // Never restored, not even by export.
        RunnerProcess out(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, m_dir.filePath(QStringLiteral("again")) }, out), 1);
    }

    void removesAndPrunes()
    {
        RunnerProcess rm(m_home);
        QCOMPARE(cli({ QStringLiteral("rm"), m_id }, rm), 0);
        RunnerProcess list(m_home);
        QCOMPARE(cli({ QStringLiteral("list"), QStringLiteral("--json") }, list), 0);
        QCOMPARE(QJsonDocument::fromJson(list.stdoutText().toUtf8()).array().size(), 0);
        for (const QString &dir : { QStringLiteral("/blobs"), QStringLiteral("/packs") }) {
            QDirIterator stored(storeRoot() + dir, QDir::Files, QDirIterator::Subdirectories);
            QVERIFY2(!stored.hasNext(), qPrintable(stored.hasNext() ? stored.next() : QString()));
        }
        RunnerProcess prune(m_home);
        QCOMPARE(cli({ QStringLiteral("prune") }, prune), 0);
        RunnerProcess unknown(m_home);
        QCOMPARE(cli({ QStringLiteral("rm"), m_id }, unknown), 1);
        RunnerProcess bad(m_home);
        QCOMPARE(cli({ QStringLiteral("frobnicate") }, bad), 2);
    }
};

QTEST_GUILESS_MAIN(TestSnapshotCli)
#include "tst_snapshotcli.moc"
