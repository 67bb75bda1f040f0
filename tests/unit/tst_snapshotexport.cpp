// An export of a kept workspace (issue 35, finding 6 and 7): what it leaves out or rewrites so that
// git, run by the person there, runs nothing the agent chose (SnapshotExport::plan), the git
// configuration kept by an allow-list as git itself reads it (GitConfigFilter, checked against
// `git config --list` on both sides), and the folder it writes into (SnapshotExport::openTarget).
#include <runnercore/workspace/GitConfigFilter.h>
#include <runnercore/workspace/SnapshotExport.h>

#include <QCryptographicHash>
#include <QDir>
#include <QHash>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {

// What git reads from a config file: `git config --list` with nothing of the machine's, one
// "key=value" (or "key" for a key without a value) per line.
QByteArray gitList(const QByteArray &config, QTemporaryDir &dir)
{
    const QString path = dir.filePath(QStringLiteral("config-%1").arg(QRandomGenerator::global()->generate()));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return "cannot write";
    file.write(config);
    file.close();
    QProcess git;
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/bin:/bin"));
    env.insert(QStringLiteral("HOME"), dir.path());
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    git.setProcessEnvironment(env);
    git.start(QStringLiteral("git"),
        { QStringLiteral("config"), QStringLiteral("--file"), path, QStringLiteral("--list"), QStringLiteral("-z") });
    git.waitForFinished(20000);
    if (git.exitCode() != 0)
        return "git failed: " + git.readAllStandardError();
    QByteArray lines;
    for (const QByteArray &entry : git.readAllStandardOutput().split('\0')) {
        if (entry.isEmpty())
            continue;
        const qsizetype newline = entry.indexOf('\n');
        lines += (newline < 0 ? entry : entry.left(newline) + '=' + entry.mid(newline + 1)) + '\n';
    }
    return lines;
}

// The lines of gitList() the allow-list keeps: allowed keys whose value holds no control character
// but a tab (a line break in a URL or a ref is no use to a person and would be a second line).
QByteArray keptLines(const QByteArray &list)
{
    QByteArray kept;
    for (const QByteArray &line : list.split('\n')) {
        const qsizetype eq = line.indexOf('=');
        const QByteArray name = eq < 0 ? line : line.left(eq);
        const qsizetype first = name.indexOf('.');
        const qsizetype last = name.lastIndexOf('.');
        if (line.isEmpty() || first < 0)
            continue;
        if (GitConfigFilter::isKept(name.left(first), last > first, name.mid(last + 1)))
            kept += line + '\n';
    }
    return kept;
}

struct Tree
{
    SnapshotManifest manifest;
    QHash<QByteArray, QByteArray> contents; // by hash

    Tree &dir(const QByteArray &path)
    {
        SnapshotEntry e;
        e.type = SnapshotEntry::Type::Dir;
        e.path = path;
        manifest.add(e);
        return *this;
    }
    Tree &file(const QByteArray &path, const QByteArray &content = "x\n")
    {
        return entry(SnapshotEntry::Type::File, path, content);
    }
    Tree &link(const QByteArray &path, const QByteArray &target)
    {
        return entry(SnapshotEntry::Type::Link, path, target);
    }
    // A repository's git directory as git init leaves it.
    Tree &gitDir(const QByteArray &path)
    {
        return dir(path)
            .file(path + "/HEAD", "ref: refs/heads/main\n")
            .dir(path + "/refs")
            .dir(path + "/objects")
            .file(path + "/config", "[core]\n\tbare = false\n")
            .dir(path + "/hooks")
            .file(path + "/hooks/pre-commit", "#!/bin/sh\n");
    }
    SnapshotExport::Plan plan() const
    {
        return SnapshotExport::plan(manifest, [this](const SnapshotEntry &e) -> std::optional<QByteArray> {
            const auto it = contents.constFind(e.hash);
            return it == contents.cend() ? std::nullopt : std::optional<QByteArray>(*it);
        });
    }

private:
    Tree &entry(SnapshotEntry::Type type, const QByteArray &path, const QByteArray &content)
    {
        SnapshotEntry e;
        e.type = type;
        e.path = path;
        e.hash = QCryptographicHash::hash(content, QCryptographicHash::Sha256).toHex();
        e.size = content.size();
        contents.insert(e.hash, content);
        manifest.add(e);
        return *this;
    }
};

QString actions(const SnapshotExport::Plan &plan, const SnapshotManifest &manifest)
{
    QStringList out;
    for (const SnapshotEntry &e : manifest.entries()) {
        const SnapshotExport::Action action = plan.action(e.path);
        out << QString::fromUtf8(e.path) + QLatin1Char(' ')
                + (action == SnapshotExport::Action::Write           ? QStringLiteral("write")
                        : action == SnapshotExport::Action::LeaveOut ? QStringLiteral("out")
                                                                     : QStringLiteral("rewrite"));
    }
    return out.join(QLatin1Char('\n'));
}

} // namespace

class TestSnapshotExport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private slots:
    // Every key that runs something or points git elsewhere is left out; what is kept is what git
    // reads from the input for those keys, and git reads exactly that from the output.
    void gitReadsOnlyTheKeptKeys_data()
    {
        QTest::addColumn<QByteArray>("config");
        QTest::addColumn<QByteArray>("keptList"); // `git config --list` of the output
        QTest::newRow("git init and a clone") << QByteArray(
            "[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = false\n\tlogallrefupdates = true\n"
            "[remote \"origin\"]\n\turl = https://example.com/r.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n"
            "[branch \"main\"]\n\tremote = origin\n\tmerge = refs/heads/main\n")
                                              << QByteArray(
                                                     "core.repositoryformatversion=0\ncore.filemode=true\n"
                                                     "core.bare=false\ncore.logallrefupdates=true\n"
                                                     "remote.origin.url=https://example.com/r.git\n"
                                                     "remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*\n"
                                                     "branch.main.remote=origin\nbranch.main.merge=refs/heads/main\n");
        QTest::newRow("every command a config can name") << QByteArray(
            "[core]\n\tfsmonitor = touch /tmp/x\n\thooksPath = /tmp\n\tpager = evil\n\teditor = evil\n"
            "\tsshCommand = evil\n\taskPass = evil\n\tgitProxy = evil\n\tworktree = /\n\tbare = false\n"
            "[diff]\n\texternal = evil\n[diff \"x\"]\n\ttextconv = evil\n\tcommand = evil\n"
            "[merge \"x\"]\n\tdriver = evil\n[filter \"x\"]\n\tclean = evil\n\tsmudge = evil\n\tprocess = evil\n"
            "[include]\n\tpath = /tmp/evil\n[includeIf \"gitdir:/\"]\n\tpath = /tmp/evil\n"
            "[credential]\n\thelper = !evil\n[alias]\n\tst = !evil\n[sequence]\n\teditor = evil\n"
            "[gpg]\n\tprogram = evil\n[pager]\n\tlog = evil\n[web]\n\tbrowser = evil\n"
            "[remote \"o\"]\n\turl = /x\n\tuploadpack = evil\n\treceivepack = evil\n\tvcs = evil\n\tproxy = x\n"
            "[submodule \"s\"]\n\turl = /s\n\tupdate = !evil\n[url \"ext::sh -c evil\"]\n\tinsteadOf = https://\n"
            "[protocol]\n\tallow = always\n[safe]\n\tdirectory = *\n[extensions]\n\tworktreeConfig = true\n")
                                                         << QByteArray("core.bare=false\nremote.o.url=/"
                                                                       "x\nsubmodule.s.url=/s\n");
        QTest::newRow("git's syntax: case, dots, quotes, escapes, comments, continuations, CRLF, BOM")
            << QByteArray("\xef\xbb\xbf# a comment\r\n[CORE] ; a comment\r\n\tBARE\r\n\tFileMode=false # c\n"
                          "[remote.Origin]\n\turl = \"https://ex ample.com/\\\"q\\\\\" # not this\n"
                          "[remote \"Up\\\"st\\\\ream\"]\n\turl = a\\\n  b   c \"  d  \"\n\tfetch = \"x\\ty\"\n"
                          "[branch \"a.b\"] merge = refs/heads/a.b\n")
            << QByteArray("core.bare\ncore.filemode=false\nremote.origin.url=https://ex ample.com/\"q\\\n"
                          "remote.Up\"st\\ream.url=a  b   c   d  \nremote.Up\"st\\ream.fetch=x\ty\n"
                          "branch.a.b.merge=refs/heads/a.b\n");
        QTest::newRow("a line break in a kept value is left out")
            << QByteArray("[remote \"o\"]\n\turl = a\\nb\n\tfetch = +refs/*:refs/*\n")
            << QByteArray("remote.o.fetch=+refs/*:refs/*\n");
        QTest::newRow("an empty subsection is not the section")
            << QByteArray("[core \"\"]\n\tbare = true\n[core.]\n\tfilemode = true\n") << QByteArray();
        QTest::newRow("not git's syntax: nothing kept")
            << QByteArray("[core]\n\tbare = false\n\tfsmonitor = \"unterminated\n") << QByteArray();
        QTest::newRow("an unknown escape is a syntax error")
            << QByteArray("[core]\n\tbare = false\n\tpager = a\\qb\n") << QByteArray();
    }
    void gitReadsOnlyTheKeptKeys()
    {
        QFETCH(QByteArray, config);
        QFETCH(QByteArray, keptList);
        const GitConfigFilter::Result result = GitConfigFilter::filter(config);
        const QByteArray input = gitList(config, m_dir);
        if (!input.startsWith("git failed")) {
            QByteArray readable; // a kept key's value with a line break is left out on purpose
            for (const QByteArray &line : keptLines(input).split('\n')) {
                if (!line.isEmpty() && !line.startsWith("remote.o.url=a"))
                    readable += line + '\n';
            }
            QCOMPARE(readable, keptList); // the parser reads what git reads
        } else {
            QVERIFY2(result.unreadable, input.constData());
        }
        QCOMPARE(gitList(result.text, m_dir), keptList); // git reads from the output what was kept
        QCOMPARE(GitConfigFilter::filter(result.text).text, result.text); // a fixed point
        QVERIFY(GitConfigFilter::filter(result.text).droppedKeys.isEmpty());
    }

    void droppedKeysAreNamed()
    {
        const GitConfigFilter::Result result = GitConfigFilter::filter(
            "[core]\n\tfsmonitor = a\n\tfsmonitor = b\n[filter \"lfs\"]\n\tclean = c\n[alias]\n\tlg = !d\n");
        QCOMPARE(result.droppedKeys, QList<QByteArray>({ "core.fsmonitor", "filter.lfs.clean", "alias.lg" }));
        QVERIFY(!result.unreadable);
    }

    void gitDirectoriesAreNeutralised()
    {
        Tree tree;
        tree.file("README.md")
            .gitDir(".git")
            .dir(".git/rebase-merge")
            .file(".git/rebase-merge/git-rebase-todo", "exec evil\n")
            .link(".git/info", "/etc")
            .file(".git/config.worktree", "[core]\n\tfsmonitor = x\n")
            // A project's own file named config, not in a git directory: untouched.
            .dir("app")
            .file("app/config", "[core]\n\tfsmonitor = mine\n")
            // A bare repository anywhere (git finds it by HEAD, refs, objects), in any case.
            .dir("vendor")
            .dir("vendor/lib.git")
            .file("vendor/lib.git/HEAD", "ref: refs/heads/main\n")
            .dir("vendor/lib.git/REFS")
            .dir("vendor/lib.git/objects")
            .file("vendor/lib.git/config", "[core]\n\tbare = true\n")
            .dir("vendor/lib.git/hooks")
            .file("vendor/lib.git/hooks/post-update", "#!/bin/sh\n")
            .dir("sub")
            .dir("sub/.GIT")
            .file("sub/.GIT/config")
            .link("sub/.GIT/hooks", "/tmp/hooks");
        const SnapshotExport::Plan plan = tree.plan();
        QCOMPARE(actions(plan, tree.manifest),
            QStringLiteral(".git write\n.git/HEAD write\n.git/config rewrite\n.git/config.worktree rewrite\n"
                           ".git/hooks out\n.git/hooks/pre-commit out\n.git/info out\n.git/objects write\n"
                           ".git/rebase-merge out\n.git/rebase-merge/git-rebase-todo out\n.git/refs write\n"
                           "README.md write\napp write\napp/config write\nsub write\nsub/.GIT write\n"
                           "sub/.GIT/config rewrite\nsub/.GIT/hooks out\nvendor write\nvendor/lib.git write\n"
                           "vendor/lib.git/HEAD write\nvendor/lib.git/REFS write\nvendor/lib.git/config rewrite\n"
                           "vendor/lib.git/hooks out\nvendor/lib.git/hooks/post-update out\n"
                           "vendor/lib.git/objects write"));
        QCOMPARE(plan.leftOut().size(), 5); // not the files below a left-out directory
    }

    // A .git file or commondir is kept only when its path leads, through directories of the export
    // alone, to one of its git directories (whose config is rewritten).
    void pointersLeadOnlyToGitDirectoriesOfTheExport()
    {
        Tree tree;
        tree.gitDir(".git")
            .dir(".git/modules")
            .gitDir(".git/modules/sub")
            .dir(".git/worktrees")
            .dir(".git/worktrees/w")
            .file(".git/worktrees/w/HEAD", "ref: refs/heads/w\n")
            .file(".git/worktrees/w/commondir", "../..\n")
            .dir(".git/worktrees/v")
            .file(".git/worktrees/v/HEAD", "ref: refs/heads/v\n")
            .file(".git/worktrees/v/commondir", "/elsewhere/.git\n")
            .dir("sub")
            .file("sub/.git", "gitdir: ../.git/modules/sub\n")
            .dir("wt")
            .file("wt/.git", "gitdir: ../.git/worktrees/w\r\n")
            .dir("abs")
            .file("abs/.git", "gitdir: /elsewhere/.git\n")
            .dir("up")
            .file("up/.git", "gitdir: ../../..\n")
            .link("ln", ".git/modules")
            .dir("via-link")
            .file("via-link/.git", "gitdir: ../ln/sub\n")
            .dir("plain")
            .file("plain/.git", "gitdir: ../app\n")
            .dir("app")
            .dir("junk")
            .file("junk/.git", "not a gitfile\n")
            .link("linked/.git", "/elsewhere/.git")
            .dir("linked");
        const SnapshotExport::Plan plan = tree.plan();
        const auto action = [&](const QByteArray &path) { return plan.action(path); };
        QCOMPARE(action("sub/.git"), SnapshotExport::Action::Write);
        QCOMPARE(action("wt/.git"), SnapshotExport::Action::Write);
        QCOMPARE(action(".git/worktrees/w/commondir"), SnapshotExport::Action::Write);
        QCOMPARE(action(".git/modules/sub/config"), SnapshotExport::Action::RewriteGitConfig);
        for (const QByteArray &out : { QByteArray(".git/worktrees/v/commondir"), QByteArray("abs/.git"),
                 QByteArray("up/.git"), QByteArray("via-link/.git"), QByteArray("plain/.git"), QByteArray("junk/.git"),
                 QByteArray("linked/.git") })
            QVERIFY2(action(out) == SnapshotExport::Action::LeaveOut, out.constData());
        QCOMPARE(action("ln"), SnapshotExport::Action::Write); // a link outside git directories stays
    }

    void theTargetFolder()
    {
        QString message;
        // Made, and each missing folder above it, owner-only.
        const QString made = m_dir.filePath(QStringLiteral("a/b"));
        QVERIFY2(SnapshotExport::openTarget(made, &message).valid(), qPrintable(message));
        for (const QString &dir : { m_dir.filePath(QStringLiteral("a")), made }) {
            struct stat st = {};
            QVERIFY(::stat(QFile::encodeName(dir).constData(), &st) == 0);
            QCOMPARE(st.st_mode & 07777, mode_t(0700));
        }
        // One's own empty folder as it is.
        const QString own = m_dir.filePath(QStringLiteral("own"));
        QVERIFY(QDir().mkdir(own));
        QVERIFY(::chmod(QFile::encodeName(own).constData(), 0755) == 0);
        QVERIFY2(SnapshotExport::openTarget(own, &message).valid(), qPrintable(message));
        // Refused: a symlink, a file, something in it, another user's, one others can write to.
        QVERIFY(::symlink(QFile::encodeName(own).constData(),
                    QFile::encodeName(m_dir.filePath(QStringLiteral("ln"))).constData())
            == 0);
        QVERIFY(!SnapshotExport::openTarget(m_dir.filePath(QStringLiteral("ln")), &message).valid());
        QVERIFY2(message.contains(QStringLiteral("symbolic link")), qPrintable(message));
        QFile file(m_dir.filePath(QStringLiteral("own/file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QVERIFY(!SnapshotExport::openTarget(file.fileName(), &message).valid());
        QVERIFY(!SnapshotExport::openTarget(own, &message).valid());
        QVERIFY2(message.contains(QStringLiteral("not an empty directory")), qPrintable(message));
        const QString open = m_dir.filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(open));
        QVERIFY(::chmod(QFile::encodeName(open).constData(), 0775) == 0);
        QVERIFY(!SnapshotExport::openTarget(open, &message).valid());
        QVERIFY2(message.contains(QStringLiteral("chmod go-w")), qPrintable(message));
        if (::geteuid() == 0) {
            const QString theirs = m_dir.filePath(QStringLiteral("theirs"));
            QVERIFY(QDir().mkdir(theirs));
            QVERIFY(::chown(QFile::encodeName(theirs).constData(), 65534, 65534) == 0);
            QVERIFY(!SnapshotExport::openTarget(theirs, &message).valid());
            QVERIFY2(message.contains(QStringLiteral("belongs to another user")), qPrintable(message));
        }
    }
};

QTEST_GUILESS_MAIN(TestSnapshotExport)
#include "tst_snapshotexport.moc"
