// git, memory and skills mounts (§6.8, issue 22) through the real binaries: a real git smart-HTTP
// server on loopback (`git http-backend` behind tests/peers/gitserver, HTTP Basic), the real git
// CLI, the devplane and the Runner. Each attack is a row that fails without its defence.
// Runtime: about 60-90 s.
#include "DevPlaneProcess.h"
#include "GitFixture.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>

#include <csignal>

using namespace IntegrationSupport;

namespace {

const QString User = GitHttpServer::User;

QString eventKinds(const QList<QJsonObject> &events)
{
    QStringList kinds;
    for (const QJsonObject &e : events)
        kinds.append(e.value(QStringLiteral("kind")).toString());
    return kinds.join(QLatin1Char(' '));
}

// The first mount workspace.ready reports: {target, kind, files, bytes, commit, from_cache, ms}.
QJsonObject firstReadyMount(const QList<QJsonObject> &events)
{
    return eventsOfKind(events, QStringLiteral("workspace.ready"))
        .value(0)
        .value(QStringLiteral("data"))
        .toObject()
        .value(QStringLiteral("mounts"))
        .toArray()
        .at(0)
        .toObject();
}

// Every /proc/*/cmdline that holds `needle` now.
QStringList cmdlinesHolding(const QByteArray &needle)
{
    QStringList hits;
    const QStringList pids = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &pid : pids) {
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (f.open(QIODevice::ReadOnly) && f.readAll().contains(needle))
            hits.append(pid);
    }
    return hits;
}

} // namespace

class TestGitMounts : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void exactCommitWithMemoryAndSkills();
    void byRefWhenTheServerRefusesUnadvertisedCommits();
    void missingCommitFailsWithoutHarness();
    void zdrWritableMemoryIsRefused();
    void attacks_data();
    void attacks();
    void personsGitSetupNeverApplies();
    void secretNeverInArgvFilesOrEvents();
    void biggerThanDiskFails();
    void tricklingServerIsBoundByTheDeadline();
    void cancelStopsTheFetchAtOnce();
    void cacheServesTwoRunsAtOnceAndTheNext();
    void wrongCredentialIsNeverServedFromTheCache();
    void zdrRunLeavesNoObject();
    void theDevplanesDemoRepositoryAtItsCommit();
    void aBearerCredentialFetchesAndAWrongOneFails();
    void theAgentNeverFollowsALinkOutOfTheRepository();
    void lfsObjectsAreFetchedAndCheckedOut();
    void lfsAddressesAreHeldToTheUrlRule_data();
    void lfsAddressesAreHeldToTheUrlRule();
    void lfsObjectThatDoesNotMatchItsOidFails();
    void lfsObjectsBiggerThanDiskFailBeforeDownloading();
    void lfsObjectsOfASubmoduleComeFromItsOwnUrl();
    void theCacheSizeSettingBoundsTheMirrors(); // last: it stops the Runner the others share

private:
    QJsonObject runSession(const QJsonObject &spec, QList<QJsonObject> *events, int timeoutSeconds = 60);
    QJsonObject specWith(
        const QJsonArray &mounts, const QString &script, const QString &retention = QStringLiteral("durable"));
    // An lfs: true mount of `url` that must fail materialising (one workspace.failed, no harness);
    // *message gets workspace.failed's message.
    void lfsRunFails(const QString &url, const QString &commit, int diskMib, QString *message);

    QTemporaryDir m_dir;
    QString m_root; // the server's repositories
    QString m_password = QStringLiteral("pw-") + QUuid::createUuid().toString(QUuid::Id128);
    std::unique_ptr<GitHttpServer> m_server; // fetch by id allowed
    std::unique_ptr<GitHttpServer> m_strict; // fetch by id of a non-tip commit refused
    std::unique_ptr<DevPlaneProcess> m_dp;
    std::unique_ptr<RunnerProcess> m_runner;
    QStringList m_commits; // demo.git, oldest first
    // lfs.git: two LFS files (the store holds their content, named by oid) and a plain one.
    QString m_lfsStore;
    QString m_lfsCommit;
    QMap<QString, QByteArray> m_lfsFiles; // path → content
};

void TestGitMounts::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(QStringLiteral("repos"));
    QDir().mkpath(m_root);
    RepoBuilder demo(m_dir.path());
    for (int i = 1; i <= 3; ++i) {
        demo.write(QStringLiteral("README.md"), QByteArray("version ") + QByteArray::number(i) + '\n');
        if (i == 2) {
            demo.write(QStringLiteral("src/app.py"), "print('two')\n");
            // A symlink that points outside the workspace: checked out as a link, nothing more.
            QFile::link(QStringLiteral("/etc/passwd"), demo.dir() + QStringLiteral("/escape"));
        }
        m_commits.append(demo.commit(QStringLiteral("commit %1").arg(i)));
    }
    demo.publish(m_root, QStringLiteral("demo.git"));

    m_server = std::make_unique<GitHttpServer>();
    QVERIFY(m_server->start(m_root, m_password, { QStringLiteral("--allow-unadvertised") }));
    m_strict = std::make_unique<GitHttpServer>();
    QVERIFY(m_strict->start(m_root, m_password));

    // An LFS repository as git-lfs would have committed it: pointers, .gitattributes, the content
    // only in the server's store.
    m_lfsStore = m_dir.filePath(QStringLiteral("lfs-store"));
    QDir().mkpath(m_lfsStore);
    RepoBuilder lfs(m_dir.path());
    QRandomGenerator random(11);
    m_lfsFiles.insert(QStringLiteral("data/big.bin"), QByteArray(300 * 1024, Qt::Uninitialized));
    for (qsizetype i = 0; i < m_lfsFiles[QStringLiteral("data/big.bin")].size(); ++i)
        m_lfsFiles[QStringLiteral("data/big.bin")][i] = char(random.generate());
    m_lfsFiles.insert(QStringLiteral("logo.png"), QByteArray("\x89PNG not really a picture\n").repeated(100));
    lfs.write(QStringLiteral(".gitattributes"),
        "*.bin filter=lfs diff=lfs merge=lfs -text\n*.png filter=lfs diff=lfs merge=lfs -text\n");
    for (auto it = m_lfsFiles.cbegin(); it != m_lfsFiles.cend(); ++it) {
        const QByteArray oid = QCryptographicHash::hash(it.value(), QCryptographicHash::Sha256).toHex();
        lfs.write(it.key(),
            "version https://git-lfs.github.com/spec/v1\noid sha256:" + oid + "\nsize "
                + QByteArray::number(it.value().size()) + '\n');
        QFile stored(m_lfsStore + QLatin1Char('/') + QString::fromLatin1(oid));
        QVERIFY(stored.open(QIODevice::WriteOnly));
        stored.write(it.value());
    }
    lfs.write(QStringLiteral("README.md"), "plain\n");
    m_lfsCommit = lfs.commit(QStringLiteral("lfs"));
    lfs.publish(m_root, QStringLiteral("lfs.git"));

    m_dp = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_dp->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    const QString runnerId
        = pairAndWaitReady(*m_dp, *m_runner, &error, { QStringLiteral("--slots"), QStringLiteral("2") });
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
}

QJsonObject TestGitMounts::specWith(const QJsonArray &mounts, const QString &script, const QString &retention)
{
    QJsonObject spec
        = oneshotRunSpec(m_dp->defaultPrincipal(), { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
    spec = withPath(spec, { QStringLiteral("mounts") }, mounts);
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("retention") }, retention);
    return spec;
}

QJsonObject TestGitMounts::runSession(const QJsonObject &spec, QList<QJsonObject> *events, int timeoutSeconds)
{
    QString error;
    const QJsonObject created = m_dp->createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    if (sessionId.isEmpty()) {
        qWarning("session create: %s", qPrintable(error));
        return {};
    }
    const QJsonObject settlement = m_dp->waitSettled(sessionId, timeoutSeconds, &error);
    *events = eventList(m_dp->sessionEvents(sessionId));
    return settlement;
}

void TestGitMounts::exactCommitWithMemoryAndSkills()
{
    const QString commit = m_commits.at(1); // not the tip
    const QJsonArray mounts {
        gitMount(m_server->url(QStringLiteral("demo.git")), commit, m_password, QStringLiteral("refs/heads/main")),
        QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") },
            { QStringLiteral("target"), QStringLiteral("~/.checkfu/memory") },
            { QStringLiteral("files"),
                QJsonArray { uploadedFile(QStringLiteral("AGENTS.md"), "remember the milk\n"),
                    uploadedFile(QStringLiteral("old.md"), "to be deleted\n") } },
            { QStringLiteral("writable"), true } },
        QJsonObject { { QStringLiteral("kind"), QStringLiteral("skills") },
            { QStringLiteral("target"), QStringLiteral("~/.claude/skills") },
            { QStringLiteral("skills"),
                QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("pdf-forms") },
                    { QStringLiteral("files"),
                        QJsonArray { uploadedFile(QStringLiteral("SKILL.md"), "fill pdf forms\n"),
                            QJsonObject { { QStringLiteral("path"), QStringLiteral("run.sh") },
                                { QStringLiteral("content_base64"),
                                    QString::fromLatin1(QByteArray("#!/bin/sh\necho skill-ran\n").toBase64()) },
                                { QStringLiteral("executable"), true } } } } } } } },
    };
    const QString script = QStringLiteral(
        "echo \"HEAD=$(cat .git/HEAD)\"; cat README.md; cat src/app.py; echo \"LINK=$(readlink escape)\"; "
        "cat \"$HOME/.checkfu/memory/AGENTS.md\"; \"$HOME/.claude/skills/pdf-forms/run.sh\"; "
        "cat \"$HOME/.claude/skills/pdf-forms/SKILL.md\"; "
        "echo \"MODES=$(stat -c %a \"$HOME/.claude/skills/pdf-forms/SKILL.md\" "
        "\"$HOME/.claude/skills/pdf-forms/run.sh\" "
        "\"$HOME/.claude/skills/pdf-forms\" | tr '\\n' ' ')\"; "
        "echo learned >> \"$HOME/.checkfu/memory/AGENTS.md\"; echo new > \"$HOME/.checkfu/memory/new.md\"; "
        "rm \"$HOME/.checkfu/memory/old.md\"");
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(specWith(mounts, script), &events);
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QVERIFY2(out.contains(QStringLiteral("HEAD=") + commit), context.constData());
    QVERIFY2(
        out.contains(QStringLiteral("version 2")) && out.contains(QStringLiteral("print('two')")), context.constData());
    QVERIFY2(out.contains(QStringLiteral("LINK=/etc/passwd")), context.constData()); // a link, checked out as one
    QVERIFY2(out.contains(QStringLiteral("remember the milk")) && out.contains(QStringLiteral("skill-ran"))
            && out.contains(QStringLiteral("fill pdf forms")),
        context.constData());
    // Skills are read-only to the harness: on host-process by their modes (advisory, §6.8).
    QVERIFY2(out.contains(QStringLiteral("MODES=444 555 555 ")), context.constData());

    // workspace.ready, before run.started, with the verified commit and real counts.
    const QString kinds = eventKinds(events);
    QVERIFY2(kinds.indexOf(QStringLiteral("workspace.ready")) >= 0
            && kinds.indexOf(QStringLiteral("workspace.ready")) < kinds.indexOf(QStringLiteral("run.started")),
        qPrintable(kinds));
    const QJsonArray ready = eventsOfKind(events, QStringLiteral("workspace.ready"))
                                 .first()
                                 .value(QStringLiteral("data"))
                                 .toObject()
                                 .value(QStringLiteral("mounts"))
                                 .toArray();
    QCOMPARE(ready.size(), 3);
    QCOMPARE(ready.at(0).toObject().value(QStringLiteral("commit")).toString(), commit);
    QCOMPARE(ready.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("git"));
    QCOMPARE(ready.at(0).toObject().value(QStringLiteral("files")).toInt(), 2); // README, app.py (escape: a link)
    QCOMPARE(ready.at(1).toObject().value(QStringLiteral("files")).toInt(), 2);
    QCOMPARE(ready.at(2).toObject().value(QStringLiteral("target")).toString(), QStringLiteral("~/.claude/skills"));

    // The writable memory's changes, after the harness: changed, new, deleted.
    const QList<QJsonObject> changed = eventsOfKind(events, QStringLiteral("memory.changed"));
    QVERIFY2(!changed.isEmpty(), qPrintable(kinds));
    QMap<QString, QJsonObject> byPath;
    for (const QJsonObject &e : changed) {
        QCOMPARE(e.value(QStringLiteral("data")).toObject().value(QStringLiteral("target")).toString(),
            QStringLiteral("~/.checkfu/memory"));
        for (const QJsonValue &c :
            e.value(QStringLiteral("data")).toObject().value(QStringLiteral("changes")).toArray())
            byPath.insert(c.toObject().value(QStringLiteral("path")).toString(), c.toObject());
    }
    QCOMPARE(byPath.keys(),
        (QStringList { QStringLiteral("AGENTS.md"), QStringLiteral("new.md"), QStringLiteral("old.md") }));
    QCOMPARE(
        QByteArray::fromBase64(
            byPath.value(QStringLiteral("AGENTS.md")).value(QStringLiteral("content_base64")).toString().toLatin1()),
        QByteArray("remember the milk\nlearned\n"));
    QCOMPARE(byPath.value(QStringLiteral("old.md")).value(QStringLiteral("deleted")).toBool(), true);
    QVERIFY(kinds.lastIndexOf(QStringLiteral("memory.changed")) > kinds.indexOf(QStringLiteral("run.exited")));
}

void TestGitMounts::byRefWhenTheServerRefusesUnadvertisedCommits()
{
    const QString commit = m_commits.at(0);
    QList<QJsonObject> events;
    // With the ref: found through it.
    QJsonObject settlement = runSession(specWith({ gitMount(m_strict->url(QStringLiteral("demo.git")), commit,
                                                     m_password, QStringLiteral("refs/heads/main")) },
                                            QStringLiteral("cat .git/HEAD")),
        &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QVERIFY2(QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout"))).contains(commit),
        dumpEvents(events).constData());
    // Without it, and without the mirror the run above filled (ZDR): nothing to find it by.
    settlement = runSession(specWith({ gitMount(m_strict->url(QStringLiteral("demo.git")), commit, m_password) },
                                QStringLiteral("cat .git/HEAD"), QStringLiteral("ephemeral_zdr")),
        &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
}

void TestGitMounts::missingCommitFailsWithoutHarness()
{
    const QString absent = QStringLiteral("deadbeef").repeated(5);
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(specWith({ gitMount(m_server->url(QStringLiteral("demo.git")), absent,
                                                           m_password, QStringLiteral("refs/heads/main")) },
                                                  QStringLiteral("echo HARNESS-RAN")),
        &events);
    const QByteArray context = dumpEvents(events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
    const QList<QJsonObject> failed = eventsOfKind(events, QStringLiteral("workspace.failed"));
    QVERIFY2(failed.size() == 1, context.constData());
    const QJsonObject data = failed.first().value(QStringLiteral("data")).toObject();
    QCOMPARE(data.value(QStringLiteral("target")).toString(), QStringLiteral("/workspace"));
    QCOMPARE(data.value(QStringLiteral("kind")).toString(), QStringLiteral("git"));
    QVERIFY2(data.value(QStringLiteral("message")).toString().contains(absent), context.constData());
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), context.constData());
    QVERIFY2(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"), context.constData());
}

void TestGitMounts::zdrWritableMemoryIsRefused()
{
    const QJsonArray mounts { QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") },
        { QStringLiteral("target"), QStringLiteral("/workspace") },
        { QStringLiteral("files"), QJsonArray { uploadedFile(QStringLiteral("AGENTS.md"), "x") } },
        { QStringLiteral("writable"), true } } };
    QList<QJsonObject> events;
    const QJsonObject settlement
        = runSession(specWith(mounts, QStringLiteral("true"), QStringLiteral("ephemeral_zdr")), &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("retention_unavailable"));
}

void TestGitMounts::attacks_data()
{
    QTest::addColumn<QString>("url"); // the mount's URL ("" = the demo repository)
    QTest::addColumn<QString>("submoduleUrl"); // "" = no submodule
    QTest::addColumn<QString>("submodulePath");
    QTest::addColumn<QString>("expected"); // invalid_run_spec or materialization_failed
    const QString demo = QStringLiteral("DEMO");
    QTest::newRow("ext::") << QStringLiteral("ext::sh -c touch% /tmp/checkfu-pwned") << QString() << QString()
                           << "invalid_run_spec";
    QTest::newRow("file://") << QStringLiteral("file:///etc") << QString() << QString() << "invalid_run_spec";
    QTest::newRow("ssh://") << QStringLiteral("ssh://git@127.0.0.1/repo.git") << QString() << QString()
                            << "invalid_run_spec";
    QTest::newRow("http elsewhere") << QStringLiteral("http://192.0.2.1/repo.git") << QString() << QString()
                                    << "invalid_run_spec";
    QTest::newRow("userinfo") << QStringLiteral("http://checkfu:pw@127.0.0.1:1/demo.git") << QString() << QString()
                              << "invalid_run_spec";
    QTest::newRow("submodule ext::") << demo << QStringLiteral("ext::sh -c touch% /tmp/checkfu-pwned")
                                     << QStringLiteral("lib") << "materialization_failed";
    QTest::newRow("submodule file://") << demo << QStringLiteral("file:///etc") << QStringLiteral("lib")
                                       << "materialization_failed";
    QTest::newRow("submodule ssh://") << demo << QStringLiteral("ssh://git@127.0.0.1/x.git") << QStringLiteral("lib")
                                      << "materialization_failed";
    QTest::newRow("submodule http elsewhere")
        << demo << QStringLiteral("http://192.0.2.1/x.git") << QStringLiteral("lib") << "materialization_failed";
    QTest::newRow("submodule userinfo") << demo << QStringLiteral("https://u:p@example.com/x.git")
                                        << QStringLiteral("lib") << "materialization_failed";
    QTest::newRow("submodule option-like url") << demo << QStringLiteral("--upload-pack=touch /tmp/checkfu-pwned")
                                               << QStringLiteral("lib") << "materialization_failed";
    QTest::newRow("submodule option-like path")
        << demo << QStringLiteral("./demo.git") << QStringLiteral("-lib") << "materialization_failed";
    QTest::newRow("submodule relative above the host")
        << demo << QStringLiteral("../../../../x.git") << QStringLiteral("lib") << "materialization_failed";
}

void TestGitMounts::attacks()
{
    QFETCH(QString, url);
    QFETCH(QString, submoduleUrl);
    QFETCH(QString, submodulePath);
    QFETCH(QString, expected);
    QString commit = m_commits.last();
    QString repoUrl = url;
    if (!submoduleUrl.isEmpty()) {
        RepoBuilder super(m_dir.path());
        super.write(QStringLiteral("README.md"), "super\n");
        super.addGitlink(submodulePath, submoduleUrl, m_commits.first());
        commit = super.commit(QStringLiteral("with a submodule"));
        const QString name = QStringLiteral("super-") + randomId(QString()) + QStringLiteral(".git");
        super.publish(m_root, name);
        repoUrl = m_server->url(name);
    }
    QJsonObject mount = gitMount(repoUrl, commit, m_password, QStringLiteral("refs/heads/main"));
    mount.insert(QStringLiteral("submodules"), true);
    QFile::remove(QStringLiteral("/tmp/checkfu-pwned"));
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(specWith({ mount }, QStringLiteral("echo HARNESS-RAN")), &events);
    const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == expected, context.constData());
    for (const QJsonObject &e :
        eventsOfKind(events, QStringLiteral("workspace.failed")) + eventsOfKind(events, QStringLiteral("run.refused")))
        qInfo("%s", qPrintable(e.value(QStringLiteral("data")).toObject().value(QStringLiteral("message")).toString()));
    QVERIFY2(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"), context.constData());
    QVERIFY2(!QFileInfo::exists(QStringLiteral("/tmp/checkfu-pwned")), "a URL ran a command");
    QVERIFY2(!context.contains(m_password.toUtf8()) && !context.contains(":pw@") && !context.contains(":p@"),
        context.constData());
}

void TestGitMounts::personsGitSetupNeverApplies()
{
    // The person's ~/.gitconfig (the Runner's HOME): an insteadOf that would send the fetch to a
    // dead port, a credential helper and a hook directory that would leave marks.
    const QString home = m_runner->home()->homeDir();
    const QString marks = m_dir.filePath(QStringLiteral("marks"));
    QDir().mkpath(marks);
    QDir().mkpath(home + QStringLiteral("/hooks"));
    QFile hook(home + QStringLiteral("/hooks/post-checkout"));
    QVERIFY(hook.open(QIODevice::WriteOnly));
    hook.write(QStringLiteral("#!/bin/sh\ntouch %1/hook\n").arg(marks).toUtf8());
    hook.close();
    hook.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QFile config(home + QStringLiteral("/.gitconfig"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(
        QStringLiteral("[url \"http://127.0.0.1:1/\"]\n\tinsteadOf = %1\n[credential]\n\thelper = !touch %2/helper\n"
                       "[core]\n\thooksPath = %3/hooks\n")
            .arg(m_server->url(QString()), marks, home)
            .toUtf8());
    config.close();
    QFile netrc(home + QStringLiteral("/.netrc"));
    QVERIFY(netrc.open(QIODevice::WriteOnly));
    // The right password: were ~/.netrc read, the anonymous fetch below would succeed.
    netrc.write(QStringLiteral("machine 127.0.0.1 login %1 password %2\n").arg(User, m_password).toUtf8());
    netrc.close();
    // No credential in the mount: only the person's setup could authenticate, and it must not.
    QJsonObject anonymous = gitMount(m_server->url(QStringLiteral("demo.git")), m_commits.last(), m_password);
    anonymous.remove(QStringLiteral("credential"));
    QList<QJsonObject> events;
    QJsonObject settlement = runSession(specWith({ anonymous }, QStringLiteral("cat .git/HEAD")), &events);
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
    // With its own credential the fetch works, from the real server (no insteadOf), and no hook ran.
    settlement
        = runSession(specWith({ gitMount(m_server->url(QStringLiteral("demo.git")), m_commits.last(), m_password) },
                         QStringLiteral("cat .git/HEAD")),
            &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QVERIFY2(QDir(marks).isEmpty(), qPrintable(QDir(marks).entryList(QDir::Files).join(u' ')));
    QFile::remove(home + QStringLiteral("/.gitconfig"));
    QFile::remove(home + QStringLiteral("/.netrc"));
}

void TestGitMounts::secretNeverInArgvFilesOrEvents()
{
    // A slow server, so the fetch is seen running; a canary credential only this run has.
    const QString canary = QStringLiteral("CANARY-") + QUuid::createUuid().toString(QUuid::Id128);
    QTemporaryDir slowRoot;
    RepoBuilder big(m_dir.path());
    QByteArray blob(400 * 1024, Qt::Uninitialized);
    QRandomGenerator random(42); // incompressible: the pack is as big as the file
    for (qsizetype i = 0; i < blob.size(); ++i)
        blob[i] = char(random.generate());
    big.write(QStringLiteral("blob.bin"), blob);
    const QString commit = big.commit(QStringLiteral("big"));
    big.publish(slowRoot.path(), QStringLiteral("slow.git"));
    GitHttpServer slow;
    QVERIFY(slow.start(slowRoot.path(), canary,
        { QStringLiteral("--allow-unadvertised"), QStringLiteral("--trickle-bytes-per-second"),
            QStringLiteral("150000") }));

    QString error;
    const QJsonObject created
        = m_dp->createSessionFromSpec(specWith({ gitMount(slow.url(QStringLiteral("slow.git")), commit, canary) },
                                          QStringLiteral("cat .git/HEAD; cat .git/config")),
            {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    // Every 10 ms while the fetch runs (the admin calls below pump the event loop).
    int samples = 0;
    QStringList seen;
    QTimer watch;
    watch.setInterval(10);
    connect(&watch, &QTimer::timeout, this, [&] {
        seen += cmdlinesHolding(canary.toUtf8());
        ++samples;
    });
    watch.start();
    const QJsonObject settlement = m_dp->waitSettled(sessionId, 60, &error);
    watch.stop();
    QVERIFY2(seen.isEmpty(), qPrintable(QStringLiteral("the secret is in the argv of %1").arg(seen.join(u' '))));
    QVERIFY2(samples > 20, "the fetch was too quick to be watched");
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QList<QJsonObject> events = eventList(m_dp->sessionEvents(sessionId));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QVERIFY2(out.contains(commit), dumpEvents(events).constData());
    QVERIFY2(out.contains(QStringLiteral("[remote \"origin\"]")), qPrintable(out)); // .git/config: the bare URL only
    QVERIFY2(!dumpEvents(events, 1 << 24).contains(canary.toUtf8()), "the secret is in an event");
    const auto home = m_runner->home();
    const QStringList hits = filesContaining(
        { home->dataHome(), home->configHome(), home->cacheHome(), home->homeDir(), home->runtimeDir() },
        canary.toUtf8());
    QVERIFY2(hits.isEmpty(), qPrintable(hits.join(u' ')));
    QVERIFY2(!m_runner->stdoutText().contains(canary) && !m_runner->stderrText().contains(canary),
        "the Runner printed the secret");
}

void TestGitMounts::biggerThanDiskFails()
{
    QTemporaryDir root;
    RepoBuilder big(m_dir.path());
    QByteArray blob(3 * 1024 * 1024, Qt::Uninitialized);
    QRandomGenerator random(7); // does not compress
    for (qsizetype i = 0; i < blob.size(); ++i)
        blob[i] = char(random.generate());
    big.write(QStringLiteral("big.bin"), blob);
    const QString commit = big.commit(QStringLiteral("big"));
    big.publish(m_root, QStringLiteral("big.git"));
    QJsonObject spec = specWith(
        { gitMount(m_server->url(QStringLiteral("big.git")), commit, m_password) }, QStringLiteral("echo HARNESS-RAN"));
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
            QStringLiteral("disk_mib") },
        1);
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(spec, &events);
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
    QVERIFY(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"));
    QVERIFY2(eventsOfKind(events, QStringLiteral("workspace.failed")).size() == 1, dumpEvents(events).constData());
}

void TestGitMounts::tricklingServerIsBoundByTheDeadline()
{
    GitHttpServer trickle;
    QVERIFY(trickle.start(m_root, m_password,
        { QStringLiteral("--allow-unadvertised"), QStringLiteral("--trickle-bytes-per-second"),
            QStringLiteral("200") }));
    QJsonObject spec = specWith({ gitMount(trickle.url(QStringLiteral("demo.git")), m_commits.last(), m_password) },
        QStringLiteral("echo HARNESS-RAN"));
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
            QStringLiteral("max_duration_seconds") },
        3);
    QElapsedTimer clock;
    clock.start();
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(spec, &events, 30);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("deadline_exceeded"));
    QVERIFY(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"));
    QVERIFY2(eventsOfKind(events, QStringLiteral("workspace.failed")).size() == 1, dumpEvents(events).constData());
}

void TestGitMounts::cancelStopsTheFetchAtOnce()
{
    GitHttpServer trickle;
    QVERIFY(trickle.start(m_root, m_password,
        { QStringLiteral("--allow-unadvertised"), QStringLiteral("--trickle-bytes-per-second"),
            QStringLiteral("20") }));
    QString error;
    const QString sessionId
        = m_dp->createSessionFromSpec(
                  specWith({ gitMount(trickle.url(QStringLiteral("demo.git")), m_commits.last(), m_password) },
                      QStringLiteral("echo HARNESS-RAN")),
                  {}, &error)
              .value(QStringLiteral("session_id"))
              .toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    // The fetch is under way: a git of this Runner is running.
    const auto gitRunning = [&] {
        for (const ProcessInfo &p : processes()) {
            if (p.cmdline.contains("fetch") && p.cmdline.contains(trickle.url(QStringLiteral("demo.git")).toUtf8()))
                return true;
        }
        return false;
    };
    QTRY_VERIFY_WITH_TIMEOUT(gitRunning(), 15000);
    // At 20 bytes/s the fetch alone needs minutes: settling within the wait means it was stopped.
    QVERIFY2(m_dp->cancelSession(sessionId, &error), qPrintable(error));
    const QJsonObject settlement = m_dp->waitSettled(sessionId, 30, &error);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
    QVERIFY2(!gitRunning(), "a git of the cancelled fetch is still running");
    const QList<QJsonObject> events = eventList(m_dp->sessionEvents(sessionId));
    QVERIFY(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"));
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), dumpEvents(events).constData());
}

void TestGitMounts::cacheServesTwoRunsAtOnceAndTheNext()
{
    RepoBuilder repo(m_dir.path());
    repo.write(QStringLiteral("a.txt"), "cached\n");
    const QString commit = repo.commit(QStringLiteral("one"));
    repo.publish(m_root, QStringLiteral("cached.git"));
    const QJsonObject spec = specWith({ gitMount(m_server->url(QStringLiteral("cached.git")), commit, m_password) },
        QStringLiteral("cat .git/HEAD; sleep 1"));
    // Two runs of one repository at once (two slots): both fetch through the one mirror, one after the other.
    QString error;
    const QString first = m_dp->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    const QString second = m_dp->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    QVERIFY2(!first.isEmpty() && !second.isEmpty(), qPrintable(error));
    for (const QString &id : { first, second }) {
        const QJsonObject settlement = m_dp->waitSettled(id, 60, &error);
        QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
            dumpEvents(eventList(m_dp->sessionEvents(id))).constData());
    }
    // The mirror is consistent, and holds no credential.
    const QString cacheRoot = m_runner->home()->cacheHome() + QStringLiteral("/checkfu/runner/git");
    QString mirror;
    for (const QFileInfo &dir : QDir(cacheRoot).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile note(dir.filePath() + QStringLiteral("/checkfu-url"));
        if (note.open(QIODevice::ReadOnly) && note.readAll() == m_server->url(QStringLiteral("cached.git")).toUtf8())
            mirror = dir.filePath();
    }
    QVERIFY2(!mirror.isEmpty(), qPrintable(cacheRoot));
    QCOMPARE(QFileInfo(cacheRoot).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
        QFileDevice::Permissions());
    QProcess fsck;
    fsck.setProcessEnvironment(cleanGitEnvironment(m_dir.path()));
    fsck.start(QStringLiteral("git"),
        { QStringLiteral("--git-dir=") + mirror, QStringLiteral("fsck"), QStringLiteral("--strict") });
    QVERIFY(fsck.waitForFinished(60000));
    QVERIFY2(fsck.exitCode() == 0, fsck.readAllStandardError().constData());
    QVERIFY(filesContaining({ cacheRoot }, m_password.toUtf8()).isEmpty());
    // The next run is served from the mirror.
    QList<QJsonObject> events;
    QCOMPARE(runSession(spec, &events).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QJsonObject ready
        = eventsOfKind(events, QStringLiteral("workspace.ready")).first().value(QStringLiteral("data")).toObject();
    QVERIFY2(
        ready.value(QStringLiteral("mounts")).toArray().first().toObject().value(QStringLiteral("from_cache")).toBool(),
        dumpJson(ready).constData());
    // `checkfu-runner cache list` shows it, and `cache clear` empties it.
    QProcess cli;
    cli.setProcessEnvironment(m_runner->environment());
    cli.start(QStringLiteral(CHECKFU_RUNNER_BIN), { QStringLiteral("cache"), QStringLiteral("list") });
    QVERIFY(cli.waitForFinished(30000));
    QVERIFY2(cli.readAllStandardOutput().contains(m_server->url(QStringLiteral("cached.git")).toUtf8()), "cache list");
    cli.start(QStringLiteral(CHECKFU_RUNNER_BIN), { QStringLiteral("cache"), QStringLiteral("clear") });
    QVERIFY(cli.waitForFinished(30000));
    QVERIFY2(!QFileInfo::exists(mirror), qPrintable(mirror));
}

void TestGitMounts::wrongCredentialIsNeverServedFromTheCache()
{
    // Filled with the right credential, then asked with a wrong one: a mirror of its own, and 401.
    const QJsonObject good
        = specWith({ gitMount(m_server->url(QStringLiteral("demo.git")), m_commits.last(), m_password) },
            QStringLiteral("cat .git/HEAD"));
    QList<QJsonObject> events;
    QCOMPARE(runSession(good, &events).value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QJsonObject wrong = specWith(
        { gitMount(m_server->url(QStringLiteral("demo.git")), m_commits.last(), QStringLiteral("not-the-password")) },
        QStringLiteral("echo HARNESS-RAN"));
    const QJsonObject settlement = runSession(wrong, &events);
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
    QVERIFY(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"));
}

void TestGitMounts::zdrRunLeavesNoObject()
{
    RepoBuilder repo(m_dir.path());
    const QByteArray content = "zdr content " + QUuid::createUuid().toByteArray() + '\n';
    repo.write(QStringLiteral("secret.txt"), content);
    const QString commit = repo.commit(QStringLiteral("zdr"));
    const QByteArray blob = repo.git({ QStringLiteral("rev-parse"), QStringLiteral("HEAD:secret.txt") });
    repo.publish(m_root, QStringLiteral("zdr.git"));
    QList<QJsonObject> events;
    const QJsonObject settlement
        = runSession(specWith({ gitMount(m_server->url(QStringLiteral("zdr.git")), commit, m_password) },
                         QStringLiteral("cat secret.txt"), QStringLiteral("ephemeral_zdr")),
            &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QVERIFY(outputBytes(events, QStringLiteral("output.stdout")).contains(content.trimmed()));
    // No object of it anywhere the Runner keeps files: neither a loose object nor a pack index entry.
    const auto home = m_runner->home();
    const QStringList roots { home->dataHome(), home->configHome(), home->cacheHome(), home->homeDir(),
        home->runtimeDir() };
    QTRY_VERIFY_WITH_TIMEOUT(filesContaining(roots, QByteArray::fromHex(blob)).isEmpty(), 5000);
    for (const QString &root : roots) {
        QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QVERIFY2(!path.endsWith(QString::fromLatin1(blob.mid(2))), qPrintable(path));
        }
    }
    QVERIFY(filesContaining(roots, content.trimmed()).isEmpty());
}

// The README's demo path: the devplane's own demo repository (git http-backend behind its HTTP
// Basic, a credential minted for the Session), through the git-demo preset, at the commit before
// its tip; the harness works in it and its memory change comes back.
void TestGitMounts::theDevplanesDemoRepositoryAtItsCommit()
{
    const QJsonObject demo
        = m_dp->admin({ QStringLiteral("repos") }).value(QStringLiteral("data")).toArray().at(0).toObject();
    const QString commit = demo.value(QStringLiteral("demo_commit")).toString();
    QVERIFY2(commit.size() == 40, dumpJson(demo).constData());
    QString error;
    const QJsonObject created
        = m_dp->createSession(QStringLiteral("git-demo"), { QStringLiteral("prompt=Run the tests") }, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_dp->waitSettled(sessionId, 120, &error);
    const QList<QJsonObject> events = eventList(m_dp->sessionEvents(sessionId));
    const QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QVERIFY2(out.contains(QStringLiteral("task: Run the tests")), context.constData());
    QVERIFY2(out.contains(QStringLiteral("checked out: ") + commit), context.constData());
    // The repository's own tests ran in the checked-out tree and passed.
    QVERIFY2(out.contains(QStringLiteral("\nOK\n")), context.constData());
    QVERIFY2(out.contains(QStringLiteral("memory: # Notes for agents")), context.constData());
    QCOMPARE(firstReadyMount(events).value(QStringLiteral("commit")).toString(), commit);
    const QJsonObject change = eventsOfKind(events, QStringLiteral("memory.changed"))
                                   .value(0)
                                   .value(QStringLiteral("data"))
                                   .toObject()
                                   .value(QStringLiteral("changes"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
    QCOMPARE(change.value(QStringLiteral("path")).toString(), QStringLiteral("AGENTS.md"));
    QVERIFY2(QByteArray::fromBase64(change.value(QStringLiteral("content_base64")).toString().toLatin1())
                 .contains("- the tests ran at " + commit.left(12).toLatin1()),
        context.constData());
}

// http_bearer (§6.8): the token is the Authorization header git sends, nothing else; a wrong one
// fails the mount without naming it.
void TestGitMounts::aBearerCredentialFetchesAndAWrongOneFails()
{
    const QString token = QStringLiteral("bearer-") + QUuid::createUuid().toString(QUuid::Id128);
    GitHttpServer server;
    // No Basic password this server would accept: only the bearer token opens it.
    QVERIFY(server.start(
        m_root, QUuid::createUuid().toString(QUuid::Id128), { QStringLiteral("--allow-unadvertised") }, token));
    const auto bearerMount = [&](const QString &secret) {
        QJsonObject mount = gitMount(server.url(QStringLiteral("demo.git")), m_commits.at(0), QString());
        mount.insert(QStringLiteral("credential"),
            QJsonObject {
                { QStringLiteral("kind"), QStringLiteral("http_bearer") }, { QStringLiteral("secret"), secret } });
        return mount;
    };
    QList<QJsonObject> events;
    QJsonObject settlement = runSession(specWith({ bearerMount(token) }, QStringLiteral("cat .git/HEAD")), &events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
        dumpEvents(events).constData());
    QVERIFY(outputBytes(events, QStringLiteral("output.stdout")).contains(m_commits.at(0).toLatin1()));
    QVERIFY(!dumpEvents(events).contains(token.toUtf8()));

    const QString wrong = QStringLiteral("bearer-wrong-") + QUuid::createUuid().toString(QUuid::Id128);
    settlement = runSession(specWith({ bearerMount(wrong) }, QStringLiteral("echo HARNESS-RAN")), &events);
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("materialization_failed"));
    QVERIFY(!eventsOfKind(events, QStringLiteral("workspace.failed")).isEmpty());
    QVERIFY(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"));
    QVERIFY(!dumpEvents(events).contains(wrong.toUtf8()));
    QVERIFY(filesContaining({ m_runner->home()->root() }, wrong.toUtf8()).isEmpty());
}

// The repository's `escape` is a link to /etc/passwd, checked out as a link: the agent's fs/*
// requests resolve inside the workspace and never follow it out.
void TestGitMounts::theAgentNeverFollowsALinkOutOfTheRepository()
{
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!node.isEmpty(), "node is not on PATH; scripts/setup installs it");
    QJsonObject spec = oneshotRunSpec(m_dp->defaultPrincipal(),
        { node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") }, {},
        QStringLiteral("read {cwd}/README.md; read {cwd}/escape"));
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
    spec = withPath(spec, { QStringLiteral("mounts") },
        QJsonArray { gitMount(m_server->url(QStringLiteral("demo.git")), m_commits.at(1), m_password) });
    QString error;
    const QString sessionId
        = m_dp->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events;
    QDeadlineTimer deadline(60000);
    while (eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty() && !deadline.hasExpired()) {
        QTest::qWait(100);
        events = eventList(m_dp->sessionEvents(sessionId));
    }
    QVERIFY2(!eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty(), dumpEvents(events).constData());
    QStringList texts;
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("acp.update"))) {
        const QJsonObject update
            = e.value(QStringLiteral("data")).toObject().value(QStringLiteral("update")).toObject();
        if (update.value(QStringLiteral("sessionUpdate")) == QLatin1String("agent_message_chunk"))
            texts.append(update.value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString());
    }
    QCOMPARE(texts.size(), 2);
    QCOMPARE(texts.at(0), QStringLiteral("read ok version 2\n"));
    QVERIFY2(
        texts.at(1).contains(QStringLiteral(" error -32602 ")) && texts.at(1).contains(QStringLiteral("symbolic link")),
        qPrintable(texts.at(1)));
    QVERIFY(!dumpEvents(events).contains("root:x:0:0"));
    QVERIFY(m_dp->sessionCommand({ QStringLiteral("close"), sessionId }, &error));
    QCOMPARE(m_dp->waitSettled(sessionId, 60, &error).value(QStringLiteral("outcome")).toString(),
        QStringLiteral("succeeded"));
}

// --git-cache-mib reaches the mirrors: at 1 MiB a second repository evicts the first (the oldest),
// at 0 no mirror is kept at all and every fetch comes from the server. Last: it replaces the Runner.
void TestGitMounts::theCacheSizeSettingBoundsTheMirrors()
{
    QVERIFY(m_runner->sendSignal(SIGTERM));
    QCOMPARE(m_runner->waitForExit(30000), 0);
    m_runner.reset();
    RepoBuilder big(m_dir.path());
    QByteArray noise(2 * 1024 * 1024, '\0');
    for (qsizetype i = 0; i < noise.size(); i += 4)
        *reinterpret_cast<quint32 *>(noise.data() + i) = QRandomGenerator::global()->generate();
    big.write(QStringLiteral("noise.bin"), noise); // incompressible: the mirror is over 1 MiB
    const QString bigCommit = big.commit(QStringLiteral("big"));
    big.publish(m_root, QStringLiteral("bounded-big.git"));
    RepoBuilder small(m_dir.path());
    small.write(QStringLiteral("a.txt"), "small\n");
    const QString smallCommit = small.commit(QStringLiteral("small"));
    small.publish(m_root, QStringLiteral("bounded-small.git"));
    const QJsonObject bigSpec = specWith(
        { gitMount(m_server->url(QStringLiteral("bounded-big.git")), bigCommit, m_password) }, QStringLiteral("true"));
    const QJsonObject smallSpec
        = specWith({ gitMount(m_server->url(QStringLiteral("bounded-small.git")), smallCommit, m_password) },
            QStringLiteral("true"));
    const auto mirrorsOf = [](const RunnerProcess &runner) {
        QStringList urls;
        const QString root = runner.home()->cacheHome() + QStringLiteral("/checkfu/runner/git");
        for (const QFileInfo &dir : QDir(root).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile note(dir.filePath() + QStringLiteral("/checkfu-url"));
            urls.append(note.open(QIODevice::ReadOnly) ? QString::fromUtf8(note.readAll()) : dir.fileName());
        }
        return urls;
    };
    QList<QJsonObject> events;
    QString error;
    {
        RunnerProcess runner;
        QVERIFY2(!pairAndWaitReady(*m_dp, runner, &error, { QStringLiteral("--git-cache-mib"), QStringLiteral("1") })
                      .isEmpty(),
            qPrintable(error));
        QVERIFY2(runSession(bigSpec, &events).value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
            dumpEvents(events).constData());
        // Over the limit, but the mirror just used stays.
        QCOMPARE(mirrorsOf(runner), QStringList { m_server->url(QStringLiteral("bounded-big.git")) });
        QVERIFY2(
            runSession(smallSpec, &events).value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
            dumpEvents(events).constData());
        QCOMPARE(mirrorsOf(runner), QStringList { m_server->url(QStringLiteral("bounded-small.git")) });
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(30000), 0);
    }
    RunnerProcess runner;
    QVERIFY2(
        !pairAndWaitReady(*m_dp, runner, &error, { QStringLiteral("--git-cache-mib"), QStringLiteral("0") }).isEmpty(),
        qPrintable(error));
    for (int i = 0; i < 2; ++i) {
        QVERIFY2(
            runSession(smallSpec, &events).value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"),
            dumpEvents(events).constData());
        QVERIFY2(!firstReadyMount(events).value(QStringLiteral("from_cache")).toBool(), dumpEvents(events).constData());
    }
    QVERIFY2(mirrorsOf(runner).isEmpty(), qPrintable(mirrorsOf(runner).join(QLatin1Char(' '))));
    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(30000), 0);
}

namespace {

QJsonObject lfsMount(const QString &url, const QString &commit, const QString &password)
{
    QJsonObject mount = gitMount(url, commit, password, QStringLiteral("refs/heads/main"));
    mount.insert(QStringLiteral("lfs"), true);
    return mount;
}

} // namespace

void TestGitMounts::lfsRunFails(const QString &url, const QString &commit, int diskMib, QString *message)
{
    QJsonObject spec = specWith({ lfsMount(url, commit, m_password) }, QStringLiteral("echo HARNESS-RAN"));
    if (diskMib > 0)
        spec = withPath(spec,
            { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
                QStringLiteral("disk_mib") },
            diskMib);
    QList<QJsonObject> events;
    const QJsonObject settlement = runSession(spec, &events);
    const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == QLatin1String("materialization_failed"),
        context.constData());
    const QList<QJsonObject> failed = eventsOfKind(events, QStringLiteral("workspace.failed"));
    QVERIFY2(failed.size() == 1, context.constData());
    QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), context.constData());
    QVERIFY2(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"), context.constData());
    QVERIFY2(!context.contains(m_password.toUtf8()), "the credential in an event");
    *message = failed.first().value(QStringLiteral("data")).toObject().value(QStringLiteral("message")).toString();
}

// lfs: true (§6.8): the batch API and the downloads by the Runner, git-lfs's checkout; the files
// hold their content, git sees them unchanged, the credential went to the mount's origin only.
void TestGitMounts::lfsObjectsAreFetchedAndCheckedOut()
{
    // A storage host on another origin that needs no credential, and logs whether one came.
    const QString storageLog = m_dir.filePath(QStringLiteral("lfs-storage.log"));
    GitHttpServer storage;
    QVERIFY(storage.start(m_root, QStringLiteral("storage-only"),
        { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--open-lfs-downloads"),
            QStringLiteral("--request-log"), storageLog }));
    const QString originLog = m_dir.filePath(QStringLiteral("lfs-origin.log"));
    GitHttpServer origin;
    QVERIFY(origin.start(
        m_root, m_password, { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--request-log"), originLog }));
    GitHttpServer elsewhere;
    QVERIFY(elsewhere.start(m_root, m_password,
        { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--lfs-href-base"), storage.url(QString()) }));

    const QString script
        = QStringLiteral("sha256sum data/big.bin logo.png; echo \"STATUS=[$(git status --porcelain)]\"; "
                         "echo \"HEAD=$(git rev-parse HEAD)\"; echo \"AUTH=$(grep -ci authorization .git/config)\"");
    for (GitHttpServer *server : { &origin, &elsewhere }) {
        QList<QJsonObject> events;
        const QJsonObject settlement = runSession(
            specWith({ lfsMount(server->url(QStringLiteral("lfs.git")), m_lfsCommit, m_password) }, script), &events);
        const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
        QVERIFY2(
            settlement.value(QStringLiteral("outcome")).toString() == QStringLiteral("succeeded"), context.constData());
        const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
        for (auto it = m_lfsFiles.cbegin(); it != m_lfsFiles.cend(); ++it) {
            const QString line
                = QString::fromLatin1(QCryptographicHash::hash(it.value(), QCryptographicHash::Sha256).toHex())
                + QStringLiteral("  ") + it.key();
            QVERIFY2(out.contains(line), context.constData());
        }
        QVERIFY2(out.contains(QStringLiteral("STATUS=[]")), context.constData()); // git sees no change
        QVERIFY2(out.contains(QStringLiteral("HEAD=") + m_lfsCommit), context.constData());
        QVERIFY2(out.contains(QStringLiteral("AUTH=0")), context.constData());
        const QJsonObject ready = firstReadyMount(events);
        QCOMPARE(ready.value(QStringLiteral("commit")).toString(), m_lfsCommit);
        // .gitattributes, README.md and the two files, counted with their content.
        QCOMPARE(ready.value(QStringLiteral("files")).toInt(), 4);
        QVERIFY2(ready.value(QStringLiteral("bytes")).toInteger() > 300 * 1024, context.constData());
        QVERIFY2(!context.contains(m_password.toUtf8()), "the credential in an event");
    }
    // On the mount's own origin every LFS request carried the credential (it needs one); the
    // storage host elsewhere never got it.
    const QList<QJsonObject> own = gitRequestLog(originLog);
    QCOMPARE(std::count_if(own.cbegin(), own.cend(), isLfsRequest), 3); // the batch and two downloads
    for (const QJsonObject &r : own)
        QVERIFY2(r.value(QStringLiteral("authorization")).toBool(), dumpJson(r).constData());
    const QList<QJsonObject> stored = gitRequestLog(storageLog);
    QCOMPARE(stored.size(), 2);
    for (const QJsonObject &r : stored) {
        QVERIFY(r.value(QStringLiteral("path")).toString().startsWith(QStringLiteral("/lfs/objects/")));
        QVERIFY2(!r.value(QStringLiteral("authorization")).toBool(), "the credential went to another origin");
    }
}

// Every address the LFS server hands out is held to the rule of the mount's URL: no plain http
// beyond loopback, no userinfo, no other scheme, and the same for every redirect.
void TestGitMounts::lfsAddressesAreHeldToTheUrlRule_data()
{
    QTest::addColumn<QString>("hrefBase"); // "REDIRECT": a storage host redirecting elsewhere
    QTest::addColumn<QString>("expected"); // in workspace.failed's message
    QTest::newRow("http elsewhere") << QStringLiteral("http://192.0.2.1:9") << QStringLiteral("not a loopback");
    QTest::newRow("userinfo") << QStringLiteral("http://u:p@127.0.0.1:9") << QStringLiteral("user name");
    QTest::newRow("file") << QStringLiteral("file:///etc/passwd?") << QStringLiteral("scheme 'file'");
    QTest::newRow("redirect elsewhere") << QStringLiteral("REDIRECT") << QStringLiteral("not a loopback");
}

void TestGitMounts::lfsAddressesAreHeldToTheUrlRule()
{
    QFETCH(QString, hrefBase);
    QFETCH(QString, expected);
    GitHttpServer redirecting;
    if (hrefBase == QLatin1String("REDIRECT")) {
        QVERIFY(redirecting.start(
            m_root, m_password, { QStringLiteral("--redirect-to"), QStringLiteral("http://192.0.2.1:9/") }));
        hrefBase = redirecting.url(QString());
    }
    GitHttpServer server;
    QVERIFY(server.start(m_root, m_password,
        { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--lfs-href-base"), hrefBase }));
    QString message;
    lfsRunFails(server.url(QStringLiteral("lfs.git")), m_lfsCommit, 0, &message);
    if (QTest::currentTestFailed())
        return;
    QVERIFY2(message.contains(expected), qPrintable(message));
    QVERIFY2(!message.contains(QStringLiteral("u:p@")), qPrintable(message));
}

void TestGitMounts::lfsObjectThatDoesNotMatchItsOidFails()
{
    GitHttpServer corrupt;
    QVERIFY(corrupt.start(
        m_root, m_password, { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--lfs-corrupt") }));
    QString message;
    lfsRunFails(corrupt.url(QStringLiteral("lfs.git")), m_lfsCommit, 0, &message);
    QVERIFY2(message.contains(QStringLiteral("does not match its oid")), qPrintable(message));
}

void TestGitMounts::lfsObjectsBiggerThanDiskFailBeforeDownloading()
{
    const QString log = m_dir.filePath(QStringLiteral("lfs-disk.log"));
    GitHttpServer server;
    QVERIFY(server.start(
        m_root, m_password, { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--request-log"), log }));
    // A 2 MiB object in a run of disk_mib 3: the store and the work tree need 4.
    RepoBuilder repo(m_dir.path());
    QByteArray blob(2 * 1024 * 1024, 'x');
    const QByteArray oid = QCryptographicHash::hash(blob, QCryptographicHash::Sha256).toHex();
    QFile stored(m_lfsStore + QLatin1Char('/') + QString::fromLatin1(oid));
    QVERIFY(stored.open(QIODevice::WriteOnly));
    stored.write(blob);
    stored.close();
    repo.write(QStringLiteral(".gitattributes"), "*.bin filter=lfs diff=lfs merge=lfs -text\n");
    repo.write(QStringLiteral("huge.bin"),
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + oid + "\nsize " + QByteArray::number(blob.size())
            + '\n');
    const QString commit = repo.commit(QStringLiteral("huge"));
    repo.publish(m_root, QStringLiteral("lfs-huge.git"));
    QString message;
    lfsRunFails(server.url(QStringLiteral("lfs-huge.git")), commit, 3, &message);
    QVERIFY2(message.contains(QStringLiteral("disk_mib")), qPrintable(message));
    for (const QJsonObject &r : gitRequestLog(log))
        QVERIFY2(!isLfsRequest(r), dumpJson(r).constData());
}

// A submodule's LFS objects come from the submodule's own URL (here beside the superproject's,
// so with the mount's credential: the same origin).
void TestGitMounts::lfsObjectsOfASubmoduleComeFromItsOwnUrl()
{
    const QString log = m_dir.filePath(QStringLiteral("lfs-sub.log"));
    GitHttpServer server;
    QVERIFY(server.start(
        m_root, m_password, { QStringLiteral("--lfs-store"), m_lfsStore, QStringLiteral("--request-log"), log }));
    RepoBuilder super(m_dir.path());
    super.write(QStringLiteral("README.md"), "super\n");
    super.addGitlink(QStringLiteral("lib"), QStringLiteral("../lfs.git"), m_lfsCommit);
    const QString commit = super.commit(QStringLiteral("with an LFS submodule"));
    super.publish(m_root, QStringLiteral("lfs-super.git"));
    QJsonObject mount = lfsMount(server.url(QStringLiteral("lfs-super.git")), commit, m_password);
    mount.insert(QStringLiteral("submodules"), true);
    QList<QJsonObject> events;
    const QJsonObject settlement
        = runSession(specWith({ mount }, QStringLiteral("sha256sum lib/data/big.bin")), &events);
    const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    const QByteArray digest
        = QCryptographicHash::hash(m_lfsFiles.value(QStringLiteral("data/big.bin")), QCryptographicHash::Sha256)
              .toHex();
    QVERIFY2(outputBytes(events, QStringLiteral("output.stdout")).contains(digest + "  lib/data/big.bin"),
        context.constData());
    const QList<QJsonObject> requests = gitRequestLog(log);
    QVERIFY(std::any_of(requests.cbegin(), requests.cend(), [](const QJsonObject &r) {
        return r.value(QStringLiteral("path")).toString() == QLatin1String("/lfs.git/info/lfs/objects/batch");
    }));
}

CHECKFU_INTEGRATION_MAIN(TestGitMounts, 180000)
#include "tst_gitmounts.moc"
