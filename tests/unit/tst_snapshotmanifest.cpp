// §6.9's manifest and digest: the lines and their order exactly as the protocol spells them (the
// digest is recomputed here from the text, not with the Runner's code), a stored manifest read back
// strictly, and `changes` over regular files and symlinks only.
#include <runnercore/workspace/SnapshotManifest.h>

#include <QCryptographicHash>
#include <QTest>

using namespace runnercore;

namespace {

QByteArray sha(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex();
}

SnapshotEntry fileEntry(const QByteArray &path, const QByteArray &content, bool executable = false)
{
    SnapshotEntry e;
    e.type = SnapshotEntry::Type::File;
    e.path = path;
    e.hash = sha(content);
    e.executable = executable;
    e.size = content.size();
    return e;
}

SnapshotEntry linkEntry(const QByteArray &path, const QByteArray &target)
{
    SnapshotEntry e;
    e.type = SnapshotEntry::Type::Link;
    e.path = path;
    e.hash = sha(target);
    e.size = target.size();
    return e;
}

SnapshotEntry dirEntry(const QByteArray &path)
{
    SnapshotEntry e;
    e.type = SnapshotEntry::Type::Dir;
    e.path = path;
    return e;
}

} // namespace

class TestSnapshotManifest : public QObject
{
    Q_OBJECT

private slots:
    void linesAndDigestAsTheProtocolSpellsThem()
    {
        SnapshotManifest m;
        // Added out of order: the lines are sorted by the path's bytes ("a b" < "a/x": ' ' < '/').
        m.add(fileEntry("src/main.c", "int main;\n"));
        m.add(dirEntry("src"));
        m.add(fileEntry("run.sh", "#!/bin/sh\n", true));
        m.add(linkEntry("current", "src/main.c"));
        m.add(dirEntry("empty"));
        m.add(fileEntry("a b", "spaced"));
        const QByteArray expected = "f 644 " + sha("spaced") + " a b\n" //
            + "l - " + sha("src/main.c") + " current\n" //
            + "d - - empty\n" //
            + "f 755 " + sha("#!/bin/sh\n") + " run.sh\n" //
            + "d - - src\n" //
            + "f 644 " + sha("int main;\n") + " src/main.c\n";
        QCOMPARE(m.text(), expected);
        QCOMPARE(m.digest(), "sha256:" + sha(expected));
        QCOMPARE(m.fileCount(), 3);
        QCOMPARE(m.byteCount(), qint64(6 + 10 + 10));
        // An empty tree has an empty manifest: the digest of no bytes.
        QCOMPARE(SnapshotManifest().digest(),
            QByteArray("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    }

    void storedManifestReadsBack()
    {
        SnapshotManifest m;
        m.add(dirEntry(".git"));
        m.add(fileEntry(".git/HEAD", "ref: refs/heads/main\n"));
        m.add(linkEntry("link", "../outside"));
        m.add(fileEntry("tool", "x", true));
        QString error;
        const auto back = SnapshotManifest::parse(m.text(), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(back->text(), m.text());
        QCOMPARE(back->digest(), m.digest());
        QVERIFY(back->find("tool") && back->find("tool")->executable);
        QVERIFY(back->find(".git/HEAD"));
        QVERIFY(!back->find("missing"));
    }

    void damagedManifestIsRefused_data()
    {
        QTest::addColumn<QByteArray>("text");
        const QByteArray h = sha("x");
        QTest::newRow("no final line break") << QByteArray("f 644 " + h + " a");
        QTest::newRow("unsorted") << QByteArray("f 644 " + h + " b\nf 644 " + h + " a\n");
        QTest::newRow("twice") << QByteArray("f 644 " + h + " a\nf 644 " + h + " a\n");
        QTest::newRow("dot-dot") << QByteArray("f 644 " + h + " ../a\n");
        QTest::newRow("absolute") << QByteArray("f 644 " + h + " /etc/passwd\n");
        QTest::newRow("empty component") << QByteArray("d - - a\nf 644 " + h + " a//b\n");
        QTest::newRow("parent not listed") << QByteArray("f 644 " + h + " a/b\n");
        QTest::newRow("parent is a file") << QByteArray("f 644 " + h + " a\nf 644 " + h + " a/b\n");
        QTest::newRow("bad mode") << QByteArray("f 600 " + h + " a\n");
        QTest::newRow("mode on a link") << QByteArray("l 644 " + h + " a\n");
        QTest::newRow("uppercase hash") << QByteArray("f 644 " + h.toUpper() + " a\n");
        QTest::newRow("short hash") << QByteArray("f 644 abc a\n");
        QTest::newRow("hash on a directory") << QByteArray("d - " + h + " a\n");
        QTest::newRow("unknown type") << QByteArray("p - - a\n");
        QTest::newRow("not UTF-8") << QByteArray("f 644 " + h + " \xff\xfe\n");
        QTest::newRow("empty line") << QByteArray("\n");
    }

    void damagedManifestIsRefused()
    {
        QFETCH(QByteArray, text);
        QString error;
        QVERIFY(!SnapshotManifest::parse(text, &error));
        QVERIFY(error.startsWith(QLatin1String("manifest")));
    }

    void namesAManifestCannotHold()
    {
        QVERIFY(SnapshotManifest::isListablePath("dir/file name.txt"));
        QVERIFY(SnapshotManifest::isListablePath("\xc3\xa4rger")); // UTF-8 ä
        // A line break would let a harness forge lines of the manifest.
        QVERIFY(!SnapshotManifest::isListablePath("evil\nf 644 0000 x"));
        QVERIFY(!SnapshotManifest::isListablePath("\xff"));
        QVERIFY(!SnapshotManifest::isListablePath(""));
        QVERIFY(!SnapshotManifest::isListablePath("a/../b"));
    }

    void changesCountFilesAndLinksByPath()
    {
        SnapshotManifest before;
        before.add(dirEntry("d"));
        before.add(fileEntry("d/same", "1"));
        before.add(fileEntry("edited", "old"));
        before.add(fileEntry("chmod", "x"));
        before.add(linkEntry("relinked", "a"));
        before.add(fileEntry("became-link", "b"));
        before.add(fileEntry("gone", "g"));
        before.add(dirEntry("gone-dir"));
        SnapshotManifest after;
        after.add(dirEntry("d"));
        after.add(fileEntry("d/same", "1"));
        after.add(fileEntry("edited", "new"));
        after.add(fileEntry("chmod", "x", true));
        after.add(linkEntry("relinked", "b"));
        after.add(linkEntry("became-link", "b"));
        after.add(fileEntry("new", "n"));
        after.add(dirEntry("new-empty-dir"));
        const SnapshotManifest::Changes c = SnapshotManifest::compare(before, after);
        QCOMPARE(c.added, 1); // new (directories are not counted)
        QCOMPARE(c.modified, 4); // content, executable bit, link target, type
        QCOMPARE(c.deleted, 1); // gone
        const auto paths = SnapshotManifest::changedPaths(before, after);
        QCOMPARE(paths.modified, (QList<QByteArray> { "became-link", "chmod", "edited", "relinked" }));
        // Without a materialised tree everything is added.
        QCOMPARE(SnapshotManifest::compare(SnapshotManifest(), after).added, 6);
    }
};

QTEST_GUILESS_MAIN(TestSnapshotManifest)
#include "tst_snapshotmanifest.moc"
