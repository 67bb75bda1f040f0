// ACP fs/read_text_file and fs/write_text_file confined to a run's workspace: paths the agent names
// are mapped to the host, and anything that leads outside (relative paths, "..", symbolic links,
// a look-alike prefix, a directory swapped for a link while a request is served) is refused
// without touching a thing. Every test runs twice: with openat2 and with the openat(O_NOFOLLOW)
// walk that kernels without openat2 get.
#include <runnercore/harness/JsonRpcConnection.h>
#include <runnercore/harness/WorkspaceFileAccess.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>
#include <limits>
#include <memory>
#include <thread>

#include <cstdio>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {
constexpr int ResourceNotFound = -32002; // ACP

// Every entry under root, links not followed: what it is, where a link points, what a file holds.
QMap<QString, QString> snapshot(const QString &root)
{
    QMap<QString, QString> entries;
    QDirIterator it(
        root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QFileInfo info = it.fileInfo();
        QString what;
        if (info.isSymLink()) {
            what = QStringLiteral("link -> ") + info.symLinkTarget();
        } else if (info.isDir()) {
            what = QStringLiteral("dir");
        } else if (info.isFile()) {
            QFile file(path);
            QCryptographicHash hash(QCryptographicHash::Sha256);
            if (file.open(QIODevice::ReadOnly))
                hash.addData(&file);
            what = QStringLiteral("file %1 %2 %3")
                       .arg(info.size())
                       .arg(info.lastModified().toMSecsSinceEpoch())
                       .arg(QString::fromLatin1(hash.result().toHex()));
        } else {
            what = QStringLiteral("other");
        }
        entries.insert(path, what);
    }
    return entries;
}

bool writeFile(const QString &path, const QByteArray &content)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(content) == content.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray("<unreadable>");
}

QStringList entriesOf(const QString &dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}
} // namespace

class TestWorkspaceFileAccess : public QObject
{
    Q_OBJECT

    // One temporary directory holding the workspace "ws", a sibling "outside" and files next to
    // them, so that every way out of ws lands somewhere the snapshot sees.
    std::unique_ptr<QTemporaryDir> m_tmp;
    QString m_parent;
    QString m_ws;
    QString m_out;

    QString expand(QString path) const
    {
        return path.replace(QLatin1String("{ws}"), m_ws)
            .replace(QLatin1String("{out}"), m_out)
            .replace(QLatin1String("{parent}"), m_parent);
    }

    static WorkspaceFileAccess::Resolver resolver()
    {
        QFETCH_GLOBAL(WorkspaceFileAccess::Resolver, resolver);
        return resolver;
    }

    static WorkspaceFileAccess make(const QString &hostRoot, const QString &agentRoot)
    {
        return WorkspaceFileAccess(hostRoot, agentRoot, resolver());
    }

    WorkspaceFileAccess hostTier() const { return make(m_ws, m_ws); }

private slots:
    void initTestCase()
    {
        qInfo("openat2 on this kernel: %s", WorkspaceFileAccess::kernelResolverAvailable() ? "yes" : "no (walk only)");
    }

    void initTestCase_data()
    {
        QTest::addColumn<WorkspaceFileAccess::Resolver>("resolver");
        QTest::newRow("openat2") << WorkspaceFileAccess::Resolver::Kernel;
        QTest::newRow("walk") << WorkspaceFileAccess::Resolver::Walk;
    }

    void init()
    {
        m_tmp = std::make_unique<QTemporaryDir>();
        QVERIFY(m_tmp->isValid());
        m_parent = QFileInfo(m_tmp->path()).canonicalFilePath();
        m_ws = m_parent + QStringLiteral("/ws");
        m_out = m_parent + QStringLiteral("/outside");
        QVERIFY(QDir().mkpath(m_ws));
        QVERIFY(writeFile(m_out + QStringLiteral("/secret.txt"), "secret\n"));
        QVERIFY(writeFile(m_parent + QStringLiteral("/x.txt"), "next to the workspace\n"));
    }

    void cleanup() { m_tmp.reset(); }

    void writeThenRead_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::addColumn<QString>("content");
        QTest::newRow("top level") << QStringLiteral("a.txt") << QStringLiteral("hello\n");
        QTest::newRow("missing parents") << QStringLiteral("new/deep/dir/b.txt") << QStringLiteral("x");
        QTest::newRow("unicode") << QStringLiteral("ünï/😀 name.txt") << QStringLiteral("ü 😀\r\nline 2\n");
        QTest::newRow("empty") << QStringLiteral("empty.txt") << QString();
        QTest::newRow("hidden") << QStringLiteral(".config/.env") << QStringLiteral("K=V\n");
    }

    void writeThenRead()
    {
        QFETCH(QString, relative);
        QFETCH(QString, content);
        const WorkspaceFileAccess files = hostTier();
        const QString path = m_ws + QLatin1Char('/') + relative;
        const auto written = files.writeText(path, content);
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(path), content.toUtf8());
        // The file and nothing else: no temporary file left next to it.
        QCOMPARE(entriesOf(QFileInfo(path).path()), QStringList { QFileInfo(path).fileName() });
        const auto read = files.readText(path, std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, content);
    }

    void readLineAndLimit_data()
    {
        QTest::addColumn<std::optional<qint64>>("line");
        QTest::addColumn<std::optional<qint64>>("limit");
        QTest::addColumn<QString>("expected");
        const std::optional<qint64> none;
        QTest::newRow("whole file") << none << none << QStringLiteral("one\ntwo\nthree\nfour\n");
        QTest::newRow("from line 1") << std::optional<qint64>(1) << none << QStringLiteral("one\ntwo\nthree\nfour\n");
        QTest::newRow("from line 2") << std::optional<qint64>(2) << none << QStringLiteral("two\nthree\nfour\n");
        QTest::newRow("line 2, 2 lines") << std::optional<qint64>(2) << std::optional<qint64>(2)
                                         << QStringLiteral("two\nthree");
        QTest::newRow("first line only") << none << std::optional<qint64>(1) << QStringLiteral("one");
        QTest::newRow("last line") << std::optional<qint64>(4) << std::optional<qint64>(1) << QStringLiteral("four");
        QTest::newRow("limit past the end")
            << std::optional<qint64>(3) << std::optional<qint64>(100) << QStringLiteral("three\nfour\n");
        QTest::newRow("huge limit") << std::optional<qint64>(3)
                                    << std::optional<qint64>(std::numeric_limits<qint64>::max())
                                    << QStringLiteral("three\nfour\n");
        QTest::newRow("line past the end") << std::optional<qint64>(99) << std::optional<qint64>(1) << QString();
        QTest::newRow("limit 0") << std::optional<qint64>(1) << std::optional<qint64>(0) << QString();
        QTest::newRow("line 0 reads from the start")
            << std::optional<qint64>(0) << std::optional<qint64>(1) << QStringLiteral("one");
    }

    void readLineAndLimit()
    {
        QFETCH(std::optional<qint64>, line);
        QFETCH(std::optional<qint64>, limit);
        QFETCH(QString, expected);
        QVERIFY(writeFile(m_ws + QStringLiteral("/lines.txt"), "one\ntwo\nthree\nfour\n"));
        const auto read = hostTier().readText(m_ws + QStringLiteral("/lines.txt"), line, limit);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, expected);
    }

    // Host tier. {ws}, {out} and {parent} stand for the directories of the fixture.
    void pathsLeadingOutsideAreRefused_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("named"); // the message must contain this

        QTest::newRow("empty") << QString() << QStringLiteral("{ws}");
        QTest::newRow("relative") << QStringLiteral("a.txt") << QStringLiteral("a.txt");
        QTest::newRow("relative, dot") << QStringLiteral("./a.txt") << QStringLiteral("./a.txt");
        QTest::newRow("relative, dot-dot") << QStringLiteral("../x.txt") << QStringLiteral("../x.txt");
        // The workspace's own path without its leading slash is relative to wherever the Runner runs.
        QTest::newRow("workspace path without leading slash")
            << QStringLiteral("{ws}/a.txt").mid(1) << QStringLiteral("{ws}/a.txt").mid(1);
        QTest::newRow("absolute, existing file outside")
            << QStringLiteral("{out}/secret.txt") << QStringLiteral("{out}/secret.txt");
        QTest::newRow("absolute, new file outside")
            << QStringLiteral("{out}/new.txt") << QStringLiteral("{out}/new.txt");
        QTest::newRow("absolute, parent directory") << QStringLiteral("{parent}") << QStringLiteral("{parent}");
        QTest::newRow("root") << QStringLiteral("/") << QStringLiteral("/");
        QTest::newRow("ws/..") << QStringLiteral("{ws}/..") << QStringLiteral("{ws}/..");
        QTest::newRow("ws/../x.txt") << QStringLiteral("{ws}/../x.txt") << QStringLiteral("{ws}/../x.txt");
        QTest::newRow("ws/../new.txt") << QStringLiteral("{ws}/../new.txt") << QStringLiteral("{ws}/../new.txt");
        QTest::newRow("ws/a/../../x.txt")
            << QStringLiteral("{ws}/a/../../x.txt") << QStringLiteral("{ws}/a/../../x.txt");
        QTest::newRow("ws/../outside/secret.txt")
            << QStringLiteral("{ws}/../outside/secret.txt") << QStringLiteral("{ws}/../outside/secret.txt");
        QTest::newRow("ws/./../ws/../x.txt")
            << QStringLiteral("{ws}/./../ws/../x.txt") << QStringLiteral("{ws}/./../ws/../x.txt");
        // Same prefix, different directory: {parent}/wsfoo is not inside {parent}/ws.
        QTest::newRow("look-alike prefix") << QStringLiteral("{ws}foo/x.txt") << QStringLiteral("{ws}foo/x.txt");
        QTest::newRow("look-alike prefix, sibling")
            << QStringLiteral("{ws}-other/x.txt") << QStringLiteral("{ws}-other/x.txt");
        QTest::newRow("NUL byte") << QStringLiteral("{ws}/a.txt") + QChar(0) + QStringLiteral("/../../x.txt")
                                  << QStringLiteral("{ws}/a.txt");
    }

    void pathsLeadingOutsideAreRefused()
    {
        QFETCH(QString, path);
        QFETCH(QString, named);
        path = expand(path);
        named = expand(named);
        const WorkspaceFileAccess files = hostTier();
        const auto before = snapshot(m_parent);

        const auto read = files.readText(path, std::nullopt, std::nullopt);
        QVERIFY(!read.ok);
        QCOMPARE(read.code, JsonRpcError::InvalidParams);
        QVERIFY2(read.message.contains(named), qPrintable(read.message));
        QVERIFY(read.content.isEmpty());

        const auto written = files.writeText(path, QStringLiteral("pwned"));
        QVERIFY(!written.ok);
        QCOMPARE(written.code, JsonRpcError::InvalidParams);
        QVERIFY2(written.message.contains(named), qPrintable(written.message));

        QCOMPARE(snapshot(m_parent), before);
        QVERIFY(!QFileInfo::exists(m_parent + QStringLiteral("/wsfoo")));
    }

    void dotDotThatStaysInsideIsAllowed_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("lands");
        QTest::newRow("a/../b.txt") << QStringLiteral("{ws}/a/../b.txt") << QStringLiteral("{ws}/b.txt");
        QTest::newRow("./c/./d/../e.txt") << QStringLiteral("{ws}/./c/./d/../e.txt") << QStringLiteral("{ws}/c/e.txt");
        QTest::newRow("double slash") << QStringLiteral("{ws}//f.txt") << QStringLiteral("{ws}/f.txt");
        QTest::newRow("out and back in") << QStringLiteral("{ws}/../ws/g.txt") << QStringLiteral("{ws}/g.txt");
    }

    void dotDotThatStaysInsideIsAllowed()
    {
        QFETCH(QString, path);
        QFETCH(QString, lands);
        path = expand(path);
        lands = expand(lands);
        const WorkspaceFileAccess files = hostTier();
        const auto outside = snapshot(m_out);
        const auto written = files.writeText(path, QStringLiteral("inside"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(lands), QByteArray("inside"));
        QVERIFY(!QFileInfo::exists(m_ws + QStringLiteral("/a"))); // ".." is resolved, not created
        QVERIFY(!QFileInfo::exists(m_ws + QStringLiteral("/c/d")));
        const auto read = files.readText(path, std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, QStringLiteral("inside"));
        QCOMPARE(snapshot(m_out), outside);
        QCOMPARE(readFile(m_parent + QStringLiteral("/x.txt")), QByteArray("next to the workspace\n"));
    }

    void symlinkToADirectoryOutsideIsRefused()
    {
        QVERIFY(QFile::link(m_out, m_ws + QStringLiteral("/link")));
        QVERIFY(QFile::link(QStringLiteral("../outside"), m_ws + QStringLiteral("/rel")));
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/a/b")));
        QVERIFY(QFile::link(m_out, m_ws + QStringLiteral("/a/b/deep")));
        // A link to a link inside that itself leads out.
        QVERIFY(QFile::link(m_ws + QStringLiteral("/link"), m_ws + QStringLiteral("/chain")));
        const WorkspaceFileAccess files = hostTier();
        const auto before = snapshot(m_parent);
        const auto outside = snapshot(m_out);
        const QStringList paths { QStringLiteral("link"), QStringLiteral("link/secret.txt"),
            QStringLiteral("link/new.txt"), QStringLiteral("link/sub/new.txt"), QStringLiteral("rel/secret.txt"),
            QStringLiteral("rel/new.txt"), QStringLiteral("a/b/deep/secret.txt"),
            QStringLiteral("a/b/deep/sub/new.txt"), QStringLiteral("chain/secret.txt"),
            QStringLiteral("chain/new.txt") };
        for (const QString &relative : paths) {
            const QString path = m_ws + QLatin1Char('/') + relative;
            const auto read = files.readText(path, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(relative));
            QVERIFY2(!read.content.contains(QStringLiteral("secret")), qPrintable(relative));
            const auto written = files.writeText(path, QStringLiteral("pwned"));
            QVERIFY2(!written.ok, qPrintable(relative));
            QCOMPARE(written.code, JsonRpcError::InvalidParams);
            QVERIFY2(written.message.contains(path), qPrintable(written.message));
        }
        QCOMPARE(snapshot(m_parent), before);
        QCOMPARE(entriesOf(m_out), QStringList { QStringLiteral("secret.txt") });
        QCOMPARE(readFile(m_out + QStringLiteral("/secret.txt")), QByteArray("secret\n"));

        // ".." is resolved by name before any link: link/.. is the workspace, not the link target's parent.
        QVERIFY(files.writeText(m_ws + QStringLiteral("/link/../x.txt"), QStringLiteral("in")).ok);
        QCOMPARE(readFile(m_ws + QStringLiteral("/x.txt")), QByteArray("in"));
        QCOMPARE(readFile(m_parent + QStringLiteral("/x.txt")), QByteArray("next to the workspace\n"));
        QCOMPARE(snapshot(m_out), outside);
    }

    void symlinkToAFileOutsideIsRefused()
    {
        QVERIFY(QFile::link(m_out + QStringLiteral("/secret.txt"), m_ws + QStringLiteral("/flink")));
        QVERIFY(QFile::link(QStringLiteral("../x.txt"), m_ws + QStringLiteral("/rlink")));
        const WorkspaceFileAccess files = hostTier();
        const auto before = snapshot(m_parent);
        for (const QString &name : { QStringLiteral("/flink"), QStringLiteral("/rlink") }) {
            const auto read = files.readText(m_ws + name, std::nullopt, std::nullopt);
            QVERIFY(!read.ok);
            QCOMPARE(read.code, JsonRpcError::InvalidParams);
            QVERIFY(read.content.isEmpty());
            const auto written = files.writeText(m_ws + name, QStringLiteral("pwned"));
            QVERIFY(!written.ok);
            QCOMPARE(written.code, JsonRpcError::InvalidParams);
        }
        // Still links, and what they point at is untouched.
        QCOMPARE(snapshot(m_parent), before);
        QVERIFY(QFileInfo(m_ws + QStringLiteral("/flink")).isSymLink());
        QCOMPARE(readFile(m_out + QStringLiteral("/secret.txt")), QByteArray("secret\n"));
    }

    void symlinkInsidePointingInsideIsAllowed()
    {
        QVERIFY(writeFile(m_ws + QStringLiteral("/real/f.txt"), "inner\n"));
        QVERIFY(QFile::link(QStringLiteral("real"), m_ws + QStringLiteral("/dlink")));
        QVERIFY(QFile::link(QStringLiteral("real/f.txt"), m_ws + QStringLiteral("/flink")));
        QVERIFY(QFile::link(m_ws + QStringLiteral("/real"), m_ws + QStringLiteral("/absdlink")));
        const WorkspaceFileAccess files = hostTier();
        const auto outside = snapshot(m_out);

        for (const QString &path :
            { QStringLiteral("/dlink/f.txt"), QStringLiteral("/flink"), QStringLiteral("/absdlink/f.txt") }) {
            const auto read = files.readText(m_ws + path, std::nullopt, std::nullopt);
            QVERIFY2(read.ok, qPrintable(read.message));
            QCOMPARE(read.content, QStringLiteral("inner\n"));
        }
        // Writing through a link changes its target and leaves the link a link.
        auto written = files.writeText(m_ws + QStringLiteral("/flink"), QStringLiteral("changed\n"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(m_ws + QStringLiteral("/real/f.txt")), QByteArray("changed\n"));
        QVERIFY(QFileInfo(m_ws + QStringLiteral("/flink")).isSymLink());
        written = files.writeText(m_ws + QStringLiteral("/dlink/sub/g.txt"), QStringLiteral("g"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(m_ws + QStringLiteral("/real/sub/g.txt")), QByteArray("g"));
        written = files.writeText(m_ws + QStringLiteral("/absdlink/h.txt"), QStringLiteral("h"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(m_ws + QStringLiteral("/real/h.txt")), QByteArray("h"));
        QVERIFY(QFileInfo(m_ws + QStringLiteral("/dlink")).isSymLink());
        QCOMPARE(snapshot(m_out), outside);
    }

    void danglingSymlinkIsRefused()
    {
        QVERIFY(QFile::link(m_out + QStringLiteral("/not-yet.txt"), m_ws + QStringLiteral("/dangle")));
        QVERIFY(QFile::link(m_out + QStringLiteral("/no-dir"), m_ws + QStringLiteral("/dangledir")));
        QVERIFY(QFile::link(QStringLiteral("loop"), m_ws + QStringLiteral("/loop")));
        const WorkspaceFileAccess files = hostTier();
        const auto before = snapshot(m_parent);
        for (const QString &path : { QStringLiteral("/dangle"), QStringLiteral("/dangledir/x.txt"),
                 QStringLiteral("/dangledir/sub/x.txt"), QStringLiteral("/loop"), QStringLiteral("/loop/x.txt") }) {
            const auto written = files.writeText(m_ws + path, QStringLiteral("pwned"));
            QVERIFY2(!written.ok, qPrintable(path));
            QCOMPARE(written.code, JsonRpcError::InvalidParams);
            QVERIFY2(written.message.contains(m_ws + path), qPrintable(written.message));
            const auto read = files.readText(m_ws + path, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(path));
        }
        QCOMPARE(snapshot(m_parent), before);
        QVERIFY(!QFileInfo::exists(m_out + QStringLiteral("/not-yet.txt")));
        QVERIFY(!QFileInfo::exists(m_out + QStringLiteral("/no-dir")));
    }

    void directoriesAreNotFiles_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("workspace root") << QStringLiteral("{ws}");
        QTest::newRow("workspace root, trailing slash") << QStringLiteral("{ws}/");
        QTest::newRow("workspace root, dot") << QStringLiteral("{ws}/.");
        QTest::newRow("subdirectory") << QStringLiteral("{ws}/dir");
        QTest::newRow("subdirectory, trailing slash") << QStringLiteral("{ws}/dir/");
        QTest::newRow("nested") << QStringLiteral("{ws}/dir/nested");
    }

    void directoriesAreNotFiles()
    {
        QFETCH(QString, path);
        path = expand(path);
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/dir/nested")));
        QVERIFY(writeFile(m_ws + QStringLiteral("/dir/keep.txt"), "keep"));
        const WorkspaceFileAccess files = hostTier();
        const auto before = snapshot(m_parent);
        const auto read = files.readText(path, std::nullopt, std::nullopt);
        QVERIFY(!read.ok);
        QVERIFY(read.code != 0);
        QVERIFY(!read.message.isEmpty());
        const auto written = files.writeText(path, QStringLiteral("x"));
        QVERIFY(!written.ok);
        QVERIFY(written.code != 0);
        QVERIFY(!written.message.isEmpty());
        QCOMPARE(snapshot(m_parent), before);
    }

    void writeWhereAFileIsInTheWayFails()
    {
        QVERIFY(writeFile(m_ws + QStringLiteral("/file.txt"), "file"));
        const auto before = snapshot(m_parent);
        const auto written = hostTier().writeText(m_ws + QStringLiteral("/file.txt/x.txt"), QStringLiteral("x"));
        QVERIFY(!written.ok);
        QVERIFY(written.message.contains(m_ws + QStringLiteral("/file.txt/x.txt")));
        QCOMPARE(snapshot(m_parent), before);
    }

    void missingFile_data()
    {
        QTest::addColumn<QString>("relative");
        QTest::newRow("missing file") << QStringLiteral("nope.txt");
        QTest::newRow("missing directories") << QStringLiteral("no/such/dir/nope.txt");
    }

    void missingFile()
    {
        QFETCH(QString, relative);
        const QString path = m_ws + QLatin1Char('/') + relative;
        const auto before = snapshot(m_parent);
        const auto read = hostTier().readText(path, std::nullopt, std::nullopt);
        QVERIFY(!read.ok);
        QCOMPARE(read.code, ResourceNotFound);
        QVERIFY2(read.message.contains(path), qPrintable(read.message));
        QCOMPARE(snapshot(m_parent), before); // reading creates no directories
    }

    void fileLargerThanTheReadLimitIsRefused()
    {
        // Sparse: 16 MiB without writing 16 MiB.
        const QString big = m_ws + QStringLiteral("/big.bin");
        QFile file(big);
        QVERIFY(file.open(QIODevice::WriteOnly));
        QVERIFY(file.resize(WorkspaceFileAccess::MaxReadBytes + 1));
        file.close();
        const auto read = hostTier().readText(big, std::nullopt, std::nullopt);
        QVERIFY(!read.ok);
        QCOMPARE(read.code, JsonRpcError::InvalidParams);
        QVERIFY2(read.message.contains(big), qPrintable(read.message));
        QVERIFY(read.content.isEmpty());
        // A line range does not make a too-big file readable.
        QVERIFY(!hostTier().readText(big, 1, 1).ok);

        QVERIFY(file.resize(WorkspaceFileAccess::MaxReadBytes));
        const auto atLimit = hostTier().readText(big, std::nullopt, std::nullopt);
        QVERIFY2(atLimit.ok, qPrintable(atLimit.message));
        QCOMPARE(atLimit.content.size(), WorkspaceFileAccess::MaxReadBytes);
    }

    // In a container the agent sees the workspace at /workspace; the host directory is elsewhere.
    void containerMapping_data()
    {
        QTest::addColumn<QString>("agentRoot");
        QTest::newRow("/workspace") << QStringLiteral("/workspace");
        QTest::newRow("/workspace/") << QStringLiteral("/workspace/");
        QTest::newRow("/workspace/./") << QStringLiteral("/workspace/./");
    }

    void containerMapping()
    {
        QFETCH(QString, agentRoot);
        const WorkspaceFileAccess files = make(m_ws, agentRoot);
        auto written = files.writeText(QStringLiteral("/workspace/src/a.txt"), QStringLiteral("mapped\n"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(m_ws + QStringLiteral("/src/a.txt")), QByteArray("mapped\n"));
        for (const QString &path :
            { QStringLiteral("/workspace/src/a.txt"), QStringLiteral("/workspace/./src/../src//a.txt") }) {
            const auto read = files.readText(path, std::nullopt, std::nullopt);
            QVERIFY2(read.ok, qPrintable(read.message));
            QCOMPARE(read.content, QStringLiteral("mapped\n"));
        }
        const auto root = files.readText(QStringLiteral("/workspace"), std::nullopt, std::nullopt);
        QVERIFY(!root.ok);
        QCOMPARE(files.readText(QStringLiteral("/workspace/missing.txt"), std::nullopt, std::nullopt).code,
            ResourceNotFound);

        const auto before = snapshot(m_parent);
        // Written and read: each would land next to the workspace if the mapping were a prefix cut.
        const QStringList refused { QStringLiteral("/workspacefoo/x.txt"), QStringLiteral("/workspace/../x.txt"),
            QStringLiteral("/workspace/../outside/secret.txt"), QStringLiteral("/workspace/../ws/a.txt"),
            QStringLiteral("/work"), QStringLiteral("/"), QStringLiteral("workspace/a.txt"),
            // The host's path means nothing inside the container.
            m_ws + QStringLiteral("/a.txt"), m_out + QStringLiteral("/secret.txt") };
        for (const QString &path : refused) {
            const auto read = files.readText(path, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(path));
            QCOMPARE(read.code, JsonRpcError::InvalidParams);
            QVERIFY2(read.message.contains(path), qPrintable(read.message));
            written = files.writeText(path, QStringLiteral("pwned"));
            QVERIFY2(!written.ok, qPrintable(path));
            QCOMPARE(written.code, JsonRpcError::InvalidParams);
        }
        // Read only: a mistake here must not be able to write the host's /etc.
        for (const QString &path : { QStringLiteral("/etc/passwd"), QStringLiteral("/workspace/../etc/passwd"),
                 QStringLiteral("/workspace/../../../etc/passwd") }) {
            const auto read = files.readText(path, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(path));
            QCOMPARE(read.code, JsonRpcError::InvalidParams);
            QVERIFY(read.content.isEmpty());
        }
        QCOMPARE(snapshot(m_parent), before);
    }

    void workspaceReachedThroughASymlink()
    {
        const QString link = m_parent + QStringLiteral("/wslink");
        QVERIFY(QFile::link(m_ws, link));
        const WorkspaceFileAccess files = make(link, link);
        const auto written = files.writeText(link + QStringLiteral("/sub/a.txt"), QStringLiteral("via link"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(m_ws + QStringLiteral("/sub/a.txt")), QByteArray("via link"));
        const auto read = files.readText(link + QStringLiteral("/sub/a.txt"), std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, QStringLiteral("via link"));

        const auto before = snapshot(m_parent);
        for (const QString &path : { link + QStringLiteral("/../x.txt"), link + QStringLiteral("/../outside/new.txt"),
                 m_out + QStringLiteral("/secret.txt") }) {
            QVERIFY2(!files.readText(path, std::nullopt, std::nullopt).ok, qPrintable(path));
            QVERIFY2(!files.writeText(path, QStringLiteral("pwned")).ok, qPrintable(path));
        }
        QCOMPARE(snapshot(m_parent), before);

        // The same host directory mounted in a container.
        const WorkspaceFileAccess container = make(link, QStringLiteral("/workspace"));
        const auto mapped = container.readText(QStringLiteral("/workspace/sub/a.txt"), std::nullopt, std::nullopt);
        QVERIFY2(mapped.ok, qPrintable(mapped.message));
        QCOMPARE(mapped.content, QStringLiteral("via link"));
    }

    void writeReplacesTheWholeFile()
    {
        const QString path = m_ws + QStringLiteral("/a.txt");
        QVERIFY(writeFile(path, QByteArray(100000, 'o')));
        const WorkspaceFileAccess files = hostTier();
        auto written = files.writeText(path, QStringLiteral("short"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(path), QByteArray("short")); // no tail of the old content
        written = files.writeText(path, QString(200000, QLatin1Char('n')));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(path), QByteArray(200000, 'n'));
        written = files.writeText(path, QString());
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(readFile(path), QByteArray());
        QCOMPARE(entriesOf(m_ws), QStringList { QStringLiteral("a.txt") }); // no temporary files behind
    }

    // A reader never sees half a file: each read is the old content or the new, whole.
    void concurrentReaderSeesOldOrNew()
    {
        const QString path = m_ws + QStringLiteral("/a.txt");
        const QByteArray a(64 * 1024, 'a');
        const QByteArray b(96 * 1024, 'b');
        QVERIFY(writeFile(path, a));
        std::atomic<bool> stop = false;
        std::atomic<int> reads = 0;
        std::atomic<int> torn = 0;
        std::thread reader([&] {
            while (!stop) {
                const QByteArray seen = readFile(path);
                if (seen != a && seen != b)
                    ++torn;
                ++reads;
            }
        });
        const WorkspaceFileAccess files = hostTier();
        bool allWritten = true;
        for (int i = 0; i < 200; ++i)
            allWritten = files.writeText(path, QString::fromLatin1(i % 2 ? a : b)).ok && allWritten;
        stop = true;
        reader.join();
        QVERIFY(allWritten);
        QVERIFY(reads > 0);
        QCOMPARE(torn.load(), 0);
        QCOMPARE(entriesOf(m_ws), QStringList { QStringLiteral("a.txt") });
    }

    // An agent can make a FIFO in its workspace; reading it must not block the Runner forever.
    void readingAFifoDoesNotBlock()
    {
        const QString fifo = m_ws + QStringLiteral("/pipe");
        QVERIFY(::mkfifo(QFile::encodeName(fifo).constData(), 0600) == 0);
        // Should the read block anyway, open the other end after a while so the test fails instead of hanging.
        std::atomic<bool> done = false;
        std::thread rescue([&] {
            for (int i = 0; i < 300 && !done; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            if (done)
                return;
            const int fd = ::open(QFile::encodeName(fifo).constData(), O_RDWR | O_NONBLOCK);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (fd >= 0)
                ::close(fd);
        });
        QElapsedTimer timer;
        timer.start();
        const auto read = hostTier().readText(fifo, std::nullopt, std::nullopt);
        const qint64 elapsed = timer.elapsed();
        done = true;
        rescue.join();
        QVERIFY2(elapsed < 2000, qPrintable(QStringLiteral("blocked for %1 ms").arg(elapsed)));
        QVERIFY(!read.ok);
        QVERIFY2(read.message.contains(fifo), qPrintable(read.message));
    }

    void unavailableWorkspaceRefusesEverything()
    {
        const QString missing = m_parent + QStringLiteral("/gone");
        for (const WorkspaceFileAccess &files : { WorkspaceFileAccess(), make(missing, missing) }) {
            const auto read = files.readText(missing + QStringLiteral("/a.txt"), std::nullopt, std::nullopt);
            QVERIFY(!read.ok);
            QCOMPARE(read.code, JsonRpcError::InvalidParams);
            QVERIFY(!read.message.isEmpty());
            const auto written = files.writeText(missing + QStringLiteral("/a.txt"), QStringLiteral("x"));
            QVERIFY(!written.ok);
            QCOMPARE(written.code, JsonRpcError::InvalidParams);
        }
        QVERIFY(!QFileInfo::exists(missing));
    }

    // §6.7: a harness swaps a directory of its workspace for a link to outside, as fast as it can,
    // while the Runner serves its reads and writes. A string check followed by an open by path
    // loses this race; resolving beneath the workspace descriptor cannot.
    void directorySwappedForALinkNeverLeadsOutside()
    {
        const QString dir = m_ws + QStringLiteral("/d");
        const QString evil = m_ws + QStringLiteral("/evil");
        QVERIFY(writeFile(dir + QStringLiteral("/secret.txt"), "inside\n"));
        QVERIFY(writeFile(dir + QStringLiteral("/sub/deep.txt"), "inside too\n"));
        QVERIFY(writeFile(m_out + QStringLiteral("/sub/deep.txt"), "secret deep\n"));
        QVERIFY(QFile::link(m_out, evil));
        const auto outside = snapshot(m_out);
        const QByteArray dirName = QFile::encodeName(dir);
        const QByteArray evilName = QFile::encodeName(evil);
        // Both names always exist: RENAME_EXCHANGE turns d into the link and back atomically.
        QVERIFY(::renameat2(AT_FDCWD, dirName.constData(), AT_FDCWD, evilName.constData(), RENAME_EXCHANGE) == 0);
        QVERIFY(QFileInfo(dir).isSymLink());
        QVERIFY(::renameat2(AT_FDCWD, dirName.constData(), AT_FDCWD, evilName.constData(), RENAME_EXCHANGE) == 0);
        QVERIFY(QFileInfo(dir).isDir() && !QFileInfo(dir).isSymLink());

        std::atomic<bool> stop = false;
        std::atomic<int> swaps = 0;
        std::atomic<int> swapErrors = 0;
        std::thread swapper([&] {
            quint32 jitter = 1;
            while (!stop) {
                if (::renameat2(AT_FDCWD, dirName.constData(), AT_FDCWD, evilName.constData(), RENAME_EXCHANGE) == 0)
                    ++swaps;
                else
                    ++swapErrors;
                // A few hundred cycles of spinning, varied, so the requests meet both states.
                jitter = jitter * 1664525u + 1013904223u;
                for (quint32 spin = jitter >> 22; spin > 0; --spin)
                    std::atomic_signal_fence(std::memory_order_seq_cst);
            }
        });
        const WorkspaceFileAccess files = hostTier();
        int readsOk = 0;
        int refused = 0;
        int writesOk = 0;
        QStringList leaked;
        for (int i = 0; i < 2000; ++i) {
            for (const QString &relative : { QStringLiteral("/d/secret.txt"), QStringLiteral("/d/sub/deep.txt") }) {
                const auto read = files.readText(m_ws + relative, std::nullopt, std::nullopt);
                read.ok ? ++readsOk : ++refused;
                if (read.content.contains(QStringLiteral("secret")))
                    leaked.append(read.content);
            }
            for (const QString &relative : { QStringLiteral("/d/secret.txt"), QStringLiteral("/d/sub/deep.txt"),
                     QStringLiteral("/d/new-%1.txt").arg(i % 4), QStringLiteral("/d/sub/new/n.txt") }) {
                const auto written = files.writeText(m_ws + relative, QStringLiteral("pwned\n"));
                written.ok ? ++writesOk : ++refused;
            }
        }
        stop = true;
        swapper.join();
        qInfo("%d swaps; %d reads and %d writes served, %d refused", swaps.load(), readsOk, writesOk, refused);
        QCOMPARE(leaked, QStringList());
        QCOMPARE(snapshot(m_out), outside);
        QCOMPARE(readFile(m_out + QStringLiteral("/secret.txt")), QByteArray("secret\n"));
        QCOMPARE(swapErrors.load(), 0);
        QVERIFY(swaps > 0);
        QVERIFY(readsOk + writesOk > 0); // served while swapped, not refused wholesale
        // Once the harness stops, d is served as usual.
        if (QFileInfo(dir).isSymLink())
            QVERIFY(::renameat2(AT_FDCWD, dirName.constData(), AT_FDCWD, evilName.constData(), RENAME_EXCHANGE) == 0);
        QVERIFY(files.writeText(dir + QStringLiteral("/secret.txt"), QStringLiteral("after\n")).ok);
        QCOMPARE(files.readText(dir + QStringLiteral("/secret.txt"), std::nullopt, std::nullopt).content,
            QStringLiteral("after\n"));
        QCOMPARE(snapshot(m_out), outside);
    }

    // A link's target is resolved beneath the workspace too: ".." from where the link is, an
    // absolute target as the harness sees the workspace (its mount target in a container).
    void linkTargetsResolveBeneathTheWorkspace()
    {
        QVERIFY(writeFile(m_ws + QStringLiteral("/real/f.txt"), "inner\n"));
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/a/b")));
        QVERIFY(QFile::link(QStringLiteral("../../real"), m_ws + QStringLiteral("/a/b/up")));
        QVERIFY(QFile::link(QStringLiteral("../../.."), m_ws + QStringLiteral("/a/b/top")));
        QVERIFY(QFile::link(QStringLiteral("/workspace/real"), m_ws + QStringLiteral("/mounted")));
        QVERIFY(QFile::link(QStringLiteral("/workspace/../etc"), m_ws + QStringLiteral("/mounted-escape")));
        QVERIFY(QFile::link(QStringLiteral("/etc"), m_ws + QStringLiteral("/etc")));
        QVERIFY(QFile::link(QStringLiteral("real/../../outside"), m_ws + QStringLiteral("/through")));
        const auto outside = snapshot(m_out);

        const WorkspaceFileAccess host = hostTier();
        auto read = host.readText(m_ws + QStringLiteral("/a/b/up/f.txt"), std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, QStringLiteral("inner\n"));
        QVERIFY(host.writeText(m_ws + QStringLiteral("/a/b/up/g.txt"), QStringLiteral("g")).ok);
        QCOMPARE(readFile(m_ws + QStringLiteral("/real/g.txt")), QByteArray("g"));
        for (const QString &relative :
            { QStringLiteral("/a/b/top/x.txt"), QStringLiteral("/through/secret.txt"), QStringLiteral("/etc/passwd"),
                QStringLiteral("/mounted/f.txt"), QStringLiteral("/mounted-escape/passwd") }) {
            read = host.readText(m_ws + relative, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(relative));
            QCOMPARE(read.code, JsonRpcError::InvalidParams);
            QVERIFY2(read.message.contains(QStringLiteral("symbolic link")), qPrintable(read.message));
            QVERIFY2(!host.writeText(m_ws + relative, QStringLiteral("pwned")).ok, qPrintable(relative));
        }

        // In a container, /workspace/real is the workspace's own directory; /etc is still not.
        const WorkspaceFileAccess container = make(m_ws, QStringLiteral("/workspace"));
        read = container.readText(QStringLiteral("/workspace/mounted/f.txt"), std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, QStringLiteral("inner\n"));
        for (const QString &path :
            { QStringLiteral("/workspace/mounted-escape/passwd"), QStringLiteral("/workspace/etc/passwd") }) {
            read = container.readText(path, std::nullopt, std::nullopt);
            QVERIFY2(!read.ok, qPrintable(path));
            QVERIFY(read.content.isEmpty());
            QVERIFY2(!container.writeText(path, QStringLiteral("pwned")).ok, qPrintable(path));
        }
        QCOMPARE(snapshot(m_out), outside);
        QCOMPARE(readFile(m_parent + QStringLiteral("/x.txt")), QByteArray("next to the workspace\n"));
    }

    // At most MaxSymlinks links per path and MaxDepth directories: bounded work per request.
    void linkChainsAndDepthAreBounded()
    {
        QVERIFY(writeFile(m_ws + QStringLiteral("/real.txt"), "end of the chain\n"));
        QString previous = QStringLiteral("real.txt");
        for (int i = 1; i <= WorkspaceFileAccess::MaxSymlinks + 1; ++i) {
            const QString name = QStringLiteral("l%1").arg(i);
            QVERIFY(QFile::link(previous, m_ws + QLatin1Char('/') + name));
            previous = name;
        }
        const WorkspaceFileAccess files = hostTier();
        const QString longest = m_ws + QStringLiteral("/l%1").arg(WorkspaceFileAccess::MaxSymlinks);
        const auto read = files.readText(longest, std::nullopt, std::nullopt);
        QVERIFY2(read.ok, qPrintable(read.message));
        QCOMPARE(read.content, QStringLiteral("end of the chain\n"));
        const QString tooLong = m_ws + QStringLiteral("/l%1").arg(WorkspaceFileAccess::MaxSymlinks + 1);
        const auto refused = files.readText(tooLong, std::nullopt, std::nullopt);
        QVERIFY(!refused.ok);
        QCOMPARE(refused.code, JsonRpcError::InvalidParams);
        QVERIFY2(refused.message.contains(tooLong), qPrintable(refused.message));
        QVERIFY(!files.writeText(tooLong, QStringLiteral("x")).ok);
        QCOMPARE(readFile(m_ws + QStringLiteral("/real.txt")), QByteArray("end of the chain\n"));

        QString deepest = m_ws;
        for (int i = 1; i < WorkspaceFileAccess::MaxDepth; ++i)
            deepest += QStringLiteral("/d");
        const auto written = files.writeText(deepest + QStringLiteral("/f.txt"), QStringLiteral("deep"));
        QVERIFY2(written.ok, qPrintable(written.message));
        QCOMPARE(files.readText(deepest + QStringLiteral("/f.txt"), std::nullopt, std::nullopt).content,
            QStringLiteral("deep"));
        const QString tooDeep = deepest + QStringLiteral("/d/f.txt");
        const auto deeper = files.writeText(tooDeep, QStringLiteral("deeper"));
        QVERIFY(!deeper.ok);
        QCOMPARE(deeper.code, JsonRpcError::InvalidParams);
        QVERIFY2(deeper.message.contains(QString::number(WorkspaceFileAccess::MaxDepth)), qPrintable(deeper.message));
        QVERIFY(!QFileInfo::exists(deepest + QStringLiteral("/d")));
    }

    // Replacing a file keeps its permissions, as an editor saving it would.
    void writeKeepsThePermissions()
    {
        const QString path = m_ws + QStringLiteral("/script.sh");
        QVERIFY(writeFile(path, "#!/bin/sh\n"));
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0750) == 0);
        QVERIFY(hostTier().writeText(path, QStringLiteral("#!/bin/sh\necho hi\n")).ok);
        struct stat st = {};
        QVERIFY(::stat(QFile::encodeName(path).constData(), &st) == 0);
        QCOMPARE(st.st_mode & 0777, mode_t(0750));
        QCOMPARE(readFile(path), QByteArray("#!/bin/sh\necho hi\n"));
    }
};

QTEST_GUILESS_MAIN(TestWorkspaceFileAccess)
#include "tst_workspacefileaccess.moc"
