// `checkfu-runner snapshots` (issue 23): what a person sees of the workspaces kept on the machine:
// list (and --json), show with the changed paths, a unified diff against the materialised tree,
// export of the exact tree, verify that finds one changed byte (exit 1), rm and prune; a diff of one
// content repeated 200 times stays within its scratch and memory bounds and says what it left out.
#include "FakeClock.h"
#include "PeakUsage.h"
#include "RunnerProcess.h"
#include "TreeListing.h"

#include <runnercore/base/Clock.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
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

// About `bytes` of text, in lines (a diff counts and shows them).
QByteArray textLines(qint64 bytes)
{
    QByteArray text;
    text.reserve(bytes + 64);
    for (int i = 0; text.size() < bytes; ++i)
        text += "line " + QByteArray::number(i).rightJustified(7, '0') + " of a content repeated in every copy\n";
    return text;
}

// `git apply` of `patch` in `tree`: empty when it applied, else what git said.
QString gitApply(const QString &tree, const QString &patch)
{
    QProcess git;
    git.setWorkingDirectory(tree);
    git.start(QStringLiteral("git"), { QStringLiteral("apply"), patch });
    if (!git.waitForFinished(120000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0)
        return QStringLiteral("git apply: ") + QString::fromUtf8(git.readAllStandardError()) + git.errorString();
    return {};
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
        // What it prints is a patch: git apply in the tree the run started from gives the kept one.
        const QString start = m_dir.filePath(QStringLiteral("start"));
        writeFile(start + QStringLiteral("/src/app.py"), "def f():\n    return 1\n");
        writeFile(start + QStringLiteral("/OLD.md"), "old\n");
        QFile file(m_dir.filePath(QStringLiteral("small.patch")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(diff.stdoutBytes());
        file.close();
        const QString applied = gitApply(start, file.fileName());
        QVERIFY2(applied.isEmpty(), qPrintable(applied));
        QDir().mkpath(start + QStringLiteral("/empty")); // a patch carries no empty directory
        QCOMPARE(TreeListing::lines(start), m_lines);
    }

    // Issue 35, finding 5: one 7.8 MiB file and 199 hard links to it (7.9 MiB in the store) made
    // `snapshots diff` write 1.55 GiB of scratch and hold 3.2 GB. 200 copies of one content are the
    // same to the store. The diff now writes at most 256 MiB of content into its scratch, never holds
    // the patch whole (it streams git's output), and names each file it leaves out and why; what it
    // prints still applies.
    void aDiffOfRepeatedContentStaysBounded_data()
    {
        QTest::addColumn<bool>("hardLinks");
        QTest::newRow("one file and 199 hard links") << true;
        QTest::newRow("200 copies") << false;
    }

    void aDiffOfRepeatedContentStaysBounded()
    {
        QFETCH(bool, hardLinks);
        constexpr qint64 MiB = 1024 * 1024;
        constexpr int Copies = 200;
        const auto home = std::make_shared<RunnerHome>();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString ws = dir.filePath(QStringLiteral("ws"));
        writeFile(ws + QStringLiteral("/src/app.py"), "def f():\n    return 1\n");
        const SystemClock clock;
        const SnapshotStore store(home->runnerDataDir() + QStringLiteral("/snapshots"), clock);
        const UniqueFd fd = openDir(ws);
        const SnapshotStore::Result baseline = store.recordBaseline(QStringLiteral("run_dup"), fd.get());
        QVERIFY(baseline.ok);
        writeFile(ws + QStringLiteral("/src/app.py"), "def f():\n    return 2\n");
        const QByteArray content = textLines(7800 * 1024);
        const auto name = [](int i) { return QStringLiteral("data/f%1.txt").arg(i, 3, 10, QLatin1Char('0')); };
        writeFile(ws + QLatin1Char('/') + name(0), content);
        for (int i = 1; i < Copies; ++i) {
            const QString path = ws + QLatin1Char('/') + name(i);
            if (hardLinks)
                QVERIFY(::link(QFile::encodeName(ws + QLatin1Char('/') + name(0)).constData(),
                            QFile::encodeName(path).constData())
                    == 0);
            else
                writeFile(path, content);
        }
        SnapshotStore::TakeRequest request;
        request.before = baseline.manifest;
        request.baselineKey = QStringLiteral("run_dup");
        const SnapshotStore::Result taken = store.take(fd.get(), request);
        QVERIFY2(taken.ok, qPrintable(taken.error));
        qInfo("the store holds %lld bytes for %d files of %lld bytes", store.totalBytes(), Copies + 1,
            qint64(content.size()));

        // The CLI with its scratch (TMPDIR) where this test watches it, its patch into a file.
        const QString scratch = dir.filePath(QStringLiteral("scratch"));
        QVERIFY(QDir().mkpath(scratch));
        const QString patch = dir.filePath(QStringLiteral("repeated.patch"));
        RunnerProcess env(home);
        env.setEnv(QStringLiteral("LANGUAGE"), QStringLiteral("en"));
        env.setEnv(QStringLiteral("TMPDIR"), scratch);
        QProcess cli;
        cli.setProcessEnvironment(env.environment());
        cli.setStandardOutputFile(patch);
        PeakUsage usage(scratch);
        cli.start(
            QStringLiteral(CHECKFU_RUNNER_BIN), { QStringLiteral("snapshots"), QStringLiteral("diff"), taken.info.id });
        QVERIFY(cli.waitForStarted(10000));
        usage.watchProcess(cli.processId());
        QElapsedTimer took;
        took.start();
        const bool finished = cli.waitForFinished(120000);
        if (!finished)
            cli.kill(); // the figures so far still say what it did
        usage.stop();
        const QString errors = QString::fromUtf8(cli.readAllStandardError());
        const qint64 patchBytes = QFileInfo(patch).size();
        qInfo("snapshots diff: %s in %lld ms; scratch at most %lld bytes (%lld samples), resident at most %lld KiB, "
              "patch %lld bytes",
            finished ? "finished" : "still running, killed", took.elapsed(), usage.peakBytes(), usage.samples(),
            usage.peakHwmKiB(), patchBytes);
        QVERIFY2(usage.peakBytes() <= 256 * MiB, qPrintable(QString::number(usage.peakBytes())));
        QVERIFY2(usage.peakHwmKiB() > 0 && usage.peakHwmKiB() <= 128 * 1024,
            qPrintable(QString::number(usage.peakHwmKiB())));
        QVERIFY2(patchBytes <= 300 * MiB, qPrintable(QString::number(patchBytes)));
        QVERIFY(finished);
        QCOMPARE(cli.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cli.exitCode() == 0, qPrintable(errors));
        QVERIFY(PeakUsage::bytesBelow(scratch) == 0); // nothing left behind

        // Each file it left out is named with why; everything else is in the patch, which applies.
        QStringList leftOut;
        for (int i = 0; i < Copies; ++i) {
            if (errors.contains(name(i) + QLatin1Char(':')))
                leftOut.append(name(i));
        }
        qInfo("%lld of %d copies left out; stderr begins: %s", qint64(leftOut.size()), Copies,
            qPrintable(errors.left(300)));
        QVERIFY2(!leftOut.isEmpty() && leftOut.size() < Copies, qPrintable(errors.left(2000)));
        QVERIFY2(errors.contains(QStringLiteral("256 MiB")), qPrintable(errors.left(2000)));
        const QString start = dir.filePath(QStringLiteral("start"));
        writeFile(start + QStringLiteral("/src/app.py"), "def f():\n    return 1\n");
        const QString applied = gitApply(start, patch);
        QVERIFY2(applied.isEmpty(), qPrintable(applied.left(2000)));
        QFile app(start + QStringLiteral("/src/app.py"));
        QVERIFY(app.open(QIODevice::ReadOnly));
        QCOMPARE(app.readAll(), QByteArray("def f():\n    return 2\n")); // the small change is never left out
        for (int i = 0; i < Copies; ++i) {
            QFile copy(start + QLatin1Char('/') + name(i));
            if (leftOut.contains(name(i))) {
                QVERIFY2(!copy.exists(), qPrintable(name(i)));
                continue;
            }
            QVERIFY2(copy.open(QIODevice::ReadOnly), qPrintable(name(i)));
            QVERIFY2(copy.readAll() == content, qPrintable(name(i)));
        }
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
