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

    // Issue 35, finding 7: an empty folder another local user made (here: owned by nobody) is refused:
    // they could change what is exported while or after it is written. The check compares with the
    // exporting process's effective uid (root in CI).
    void exportRefusesAFolderAnotherUserOwns()
    {
        const QString theirs = m_dir.filePath(QStringLiteral("theirs"));
        QVERIFY(QDir().mkpath(theirs));
        QVERIFY(::chown(QFile::encodeName(theirs).constData(), 65534, 65534) == 0);
        RunnerProcess runner(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, theirs }, runner), 2);
        QVERIFY2(
            runner.stderrText().contains(QStringLiteral("belongs to another user")), qPrintable(runner.describe()));
        QVERIFY(QDir(theirs).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
    }

    // One's own empty folder that others can write to is refused too, with the fix in the message.
    void exportRefusesAFolderOthersCanWrite()
    {
        const QString open = m_dir.filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkpath(open));
        QVERIFY(::chmod(QFile::encodeName(open).constData(), 0777) == 0);
        RunnerProcess runner(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, open }, runner), 2);
        QVERIFY2(runner.stderrText().contains(QStringLiteral("chmod go-w")), qPrintable(runner.describe()));
        QVERIFY(QDir(open).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System));
    }

    // A folder the export creates (and each missing one above it) only its owner can enter.
    void exportMakesFoldersOnlyItsOwnerEnters()
    {
        const QString parent = m_dir.filePath(QStringLiteral("made"));
        const QString out = parent + QStringLiteral("/here");
        RunnerProcess runner(m_home);
        QCOMPARE(cli({ QStringLiteral("export"), m_id, out }, runner), 0);
        QCOMPARE(TreeListing::lines(out), m_lines);
        for (const QString &dir : { parent, out }) {
            struct stat st = {};
            QVERIFY(::lstat(QFile::encodeName(dir).constData(), &st) == 0);
            QVERIFY2((st.st_mode & 07777) == 0700,
                qPrintable(QStringLiteral("%1: %2").arg(dir).arg(st.st_mode & 07777, 0, 8)));
        }
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

    // Issue 35, finding 7: a harness names its files with terminal escapes (OSC 52 writes the
    // clipboard, CSI clears the screen), other C0 and C1 controls, DEL, and Unicode bidi overrides
    // that make a name read as another. show, diff, list and verify print them quoted as git does
    // (double quotes, C escapes and octal bytes); no raw control or bidi character reaches the
    // terminal. Names of other scripts stay readable.
    void namesWithControlsAndBidiAreQuoted()
    {
        const auto home = std::make_shared<RunnerHome>();
        const QString ws = m_dir.filePath(QStringLiteral("hostile-names"));
        const QList<QPair<QByteArray, QByteArray>> names {
            { "osc52-\x1b]52;c;aGk=\x07.txt", "\"osc52-\\033]52;c;aGk=\\a.txt\"" },
            { "c0-\x01\x08\t\r\x1f.txt", "\"c0-\\001\\b\\t\\r\\037.txt\"" },
            { "del-\x7f.txt", "\"del-\\177.txt\"" },
            { "c1-\xc2\x9b"
              "2J.txt",
                "\"c1-\\302\\233"
                "2J.txt\"" },
            { "bidi-\xe2\x80\xaetxt.exe", "\"bidi-\\342\\200\\256txt.exe\"" },
            { "lre\xe2\x80\xaa-rle\xe2\x80\xab-pdf\xe2\x80\xac-lro\xe2\x80\xad",
                "\"lre\\342\\200\\252-rle\\342\\200\\253-pdf\\342\\200\\254-lro\\342\\200\\255\"" },
            { "iso\xe2\x81\xa6-\xe2\x81\xa7-\xe2\x81\xa8-\xe2\x81\xa9",
                "\"iso\\342\\201\\246-\\342\\201\\247-\\342\\201\\250-\\342\\201\\251\"" },
            { "quote\"back\\slash", "\"quote\\\"back\\\\slash\"" },
            { "gr\xc3\xbc\xc3\x9f"
              "e \xe6\x97\xa5\xe6\x9c\xac.txt",
                "gr\xc3\xbc\xc3\x9f"
                "e \xe6\x97\xa5\xe6\x9c\xac.txt" },
        };
        QVERIFY(QDir().mkpath(ws));
        for (const auto &[name, shown] : names) {
            QFile file(QFile::decodeName(QFile::encodeName(ws) + '/' + name));
            QVERIFY2(file.open(QIODevice::WriteOnly), name.toHex().constData());
            file.write("x\n");
        }
        const SystemClock clock;
        const SnapshotStore store(home->runnerDataDir() + QStringLiteral("/snapshots"), clock);
        const UniqueFd fd = openDir(ws);
        SnapshotStore::TakeRequest request;
        request.runId = QStringLiteral("run_names");
        request.title = QString::fromUtf8("Tidy \x1b[2J\x1b]0;pwned\x07up \xc2\x9b"
                                          "2J \xe2\x80\xae"
                                          "fdp.exe");
        const SnapshotStore::Result taken = store.take(fd.get(), request);
        QVERIFY2(taken.ok, qPrintable(taken.error));
        QCOMPARE(taken.skipped, QStringList());

        // No C0 control but the line break, no DEL, no C1 control, no bidi embedding, override or isolate.
        const auto rawControl = [](const QByteArray &out) -> QByteArray {
            for (qsizetype i = 0; i < out.size(); ++i) {
                const uchar c = uchar(out.at(i));
                if ((c < 0x20 && c != '\n') || c == 0x7f)
                    return "byte 0x" + QByteArray::number(c, 16) + " at " + QByteArray::number(i);
                const uchar next = i + 1 < out.size() ? uchar(out.at(i + 1)) : 0;
                const uchar third = i + 2 < out.size() ? uchar(out.at(i + 2)) : 0;
                if (c == 0xc2 && next >= 0x80 && next <= 0x9f)
                    return "C1 control at " + QByteArray::number(i);
                if (c == 0xe2
                    && ((next == 0x80 && third >= 0xaa && third <= 0xae)
                        || (next == 0x81 && third >= 0xa6 && third <= 0xa9)))
                    return "bidi control at " + QByteArray::number(i);
            }
            return {};
        };
        RunnerProcess show(home);
        QCOMPARE(cli({ QStringLiteral("show"), taken.info.id }, show), 0);
        QVERIFY2(rawControl(show.stdoutBytes()).isEmpty(),
            rawControl(show.stdoutBytes()) + "\n" + show.stdoutBytes().toHex(' '));
        for (const auto &[name, shown] : names)
            QVERIFY2(show.stdoutBytes().contains("A  " + shown + '\n'), shown + " not in\n" + show.stdoutBytes());
        QVERIFY2(show.stdoutBytes().contains("\"Tidy \\033[2J\\033]0;pwned\\aup \\302\\233"
                                             "2J \\342\\200\\256"
                                             "fdp.exe\""),
            show.stdoutBytes().constData());

        RunnerProcess list(home);
        QCOMPARE(cli({ QStringLiteral("list") }, list), 0);
        QVERIFY2(rawControl(list.stdoutBytes()).isEmpty(), rawControl(list.stdoutBytes()).constData());
        // --json too: the same strings for a script, escaped (\u…) for a terminal.
        RunnerProcess json(home);
        QCOMPARE(cli({ QStringLiteral("list"), QStringLiteral("--json") }, json), 0);
        QVERIFY2(rawControl(json.stdoutBytes()).isEmpty(), rawControl(json.stdoutBytes()) + '\n' + json.stdoutBytes());
        QCOMPARE(QJsonDocument::fromJson(json.stdoutBytes()).array().first().toObject().value(QStringLiteral("title")),
            QJsonValue(request.title));
        RunnerProcess diff(home);
        QCOMPARE(cli({ QStringLiteral("diff"), taken.info.id }, diff), 0);
        const QByteArray headers = diff.stdoutBytes();
        QVERIFY2(headers.contains("+++ \"b/osc52-\\033]52;c;aGk=\\a.txt\""), headers.constData());
        QVERIFY2(rawControl(diff.stderrBytes()).isEmpty(), rawControl(diff.stderrBytes()).constData());

        // verify names a damaged file the same way (the first of those holding the content).
        QVERIFY(TreeListing::damageStoredCopy(home->runnerDataDir() + QStringLiteral("/snapshots"), "x\n", 0));
        RunnerProcess verify(home);
        QCOMPARE(cli({ QStringLiteral("verify") }, verify), 1);
        QVERIFY2(rawControl(verify.stdoutBytes()).isEmpty(), rawControl(verify.stdoutBytes()).constData());
        QVERIFY2(verify.stdoutBytes().contains("\"bidi-\\342\\200\\256txt.exe\""), verify.stdoutBytes().constData());
    }
};

QTEST_GUILESS_MAIN(TestSnapshotCli)
#include "tst_snapshotcli.moc"
