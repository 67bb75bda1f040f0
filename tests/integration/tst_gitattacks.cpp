// Git mounts read as an attacker (issue 35): what a harness leaves in its workspace and what a
// repository holds must never make the Runner's own git, which runs on the host with the mount's
// credential, run a command, talk to another server or work outside the workspace. The real
// devplane and a Runner on the bubblewrap tier (network none: the harness cannot reach the test's
// files, so a marker there can only come from a git the Runner ran on the host), a git smart-HTTP
// server on loopback (tests/peers/gitserver) and a second one standing for the attacker's, which
// logs every request it gets.
// Runtime: about 10-20 s.
#include "DevPlaneProcess.h"
#include "GitFixture.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"
#include "TreeListing.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace IntegrationSupport;

class TestGitAttacks : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aPlantedGitDirectoryNeverRunsOnTheHost_data();
    void aPlantedGitDirectoryNeverRunsOnTheHost();
    void aSymlinkedSubmodulePathNeverLeadsOutOfTheWorkspace();

private:
    QJsonObject runSession(const QJsonObject &spec, QList<QJsonObject> *events);
    // A oneshot `sh -c script` in bubblewrap with network none, with these mounts.
    QJsonObject specWith(const QJsonArray &mounts, const QString &script) const;

    QTemporaryDir m_dir;
    QString m_root; // the servers' repositories
    QString m_password = QStringLiteral("pw-") + QUuid::createUuid().toString(QUuid::Id128);
    QString m_serverLog;
    QString m_attackerLog;
    std::unique_ptr<GitHttpServer> m_server; // the mount's origin (with an LFS store)
    std::unique_ptr<GitHttpServer> m_attacker; // where an attacker would like the fetch to go
    std::unique_ptr<DevPlaneProcess> m_dp;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_commit; // demo.git's tip
    QByteArray m_lfsContent; // an object in the LFS store
};

void TestGitAttacks::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_root = m_dir.filePath(QStringLiteral("repos"));
    QVERIFY(QDir().mkpath(m_root));
    RepoBuilder demo(m_dir.path());
    demo.write(QStringLiteral("README.md"), "the mount's own repository\n");
    demo.write(QStringLiteral("src/app.py"), "print('hello')\n");
    m_commit = demo.commit(QStringLiteral("demo"));
    demo.publish(m_root, QStringLiteral("demo.git"));

    const QString store = m_dir.filePath(QStringLiteral("lfs-store"));
    QVERIFY(QDir().mkpath(store));
    m_lfsContent = TreeListing::randomBytes(64 * 1024, 35);
    TreeListing::writeFile(
        store + QLatin1Char('/') + QString::fromLatin1(TreeListing::sha256Hex(m_lfsContent)), m_lfsContent);

    m_serverLog = m_dir.filePath(QStringLiteral("server.log"));
    m_server = std::make_unique<GitHttpServer>();
    QVERIFY(m_server->start(m_root, m_password,
        { QStringLiteral("--allow-unadvertised"), QStringLiteral("--lfs-store"), store, QStringLiteral("--request-log"),
            m_serverLog }));
    // It serves the same repositories (so a fetch sent there would work), to anyone who asks.
    m_attackerLog = m_dir.filePath(QStringLiteral("attacker.log"));
    m_attacker = std::make_unique<GitHttpServer>();
    QVERIFY(m_attacker->start(m_root, QStringLiteral("attacker-") + QUuid::createUuid().toString(QUuid::Id128),
        { QStringLiteral("--allow-unadvertised"), QStringLiteral("--request-log"), m_attackerLog }));

    m_dp = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_dp->start(&error), qPrintable(error));
    // No git cache: every fetch goes from the work tree to the server, as a ZDR run's would (with a
    // mirror, the fetch runs in the mirror, which is the Runner's own).
    m_runner = std::make_unique<RunnerProcess>();
    QVERIFY2(!pairAndWaitReady(*m_dp, *m_runner, &error,
                 { QStringLiteral("--sandbox"), QStringLiteral("bubblewrap"), QStringLiteral("--git-cache-mib"),
                     QStringLiteral("0") })
                  .isEmpty(),
        qPrintable(error));
}

QJsonObject TestGitAttacks::specWith(const QJsonArray &mounts, const QString &script) const
{
    QJsonObject spec
        = oneshotRunSpec(m_dp->defaultPrincipal(), { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
    // The host_process tier with network none: on this Runner (--sandbox bubblewrap), bubblewrap.
    spec = withPath(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") },
        QStringLiteral("none"));
    return withPath(spec, { QStringLiteral("mounts") }, mounts);
}

QJsonObject TestGitAttacks::runSession(const QJsonObject &spec, QList<QJsonObject> *events)
{
    QString error;
    const QString sessionId
        = m_dp->createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    if (sessionId.isEmpty()) {
        qWarning("session create: %s", qPrintable(error));
        return {};
    }
    const QJsonObject settlement = m_dp->waitSettled(sessionId, 120, &error);
    *events = eventList(m_dp->sessionEvents(sessionId));
    return settlement;
}

// A first run (bubblewrap, network none) writes lib/.git into its workspace and keeps it
// (snapshot.on_settle); a second run restores that workspace as its root and asks for a git mount
// at /workspace/lib, with its credential. Whatever the planted .git says (MARKER: a file on the
// host the harness cannot reach; ATTACKER: the attacker's server; ORIGIN: the mount's), nothing of
// it may run or send anything: the Runner never fetches into a directory it did not create.
void TestGitAttacks::aPlantedGitDirectoryNeverRunsOnTheHost_data()
{
    QTest::addColumn<QByteArray>("config"); // lib/.git/config
    QTest::addColumn<QByteArray>("included"); // lib/.git/evil.inc, empty: none
    const QByteArray head = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n";
    const QByteArray filter = "[filter \"evil\"]\n\tsmudge = touch MARKER; cat\n\trequired = true\n";
    QTest::newRow("smudge filter (info/attributes)") << head + filter << QByteArray();
    QTest::newRow("include.path") << head + "[include]\n\tpath = evil.inc\n" << filter;
    QTest::newRow("core.fsmonitor") << QByteArray("[core]\n\trepositoryformatversion = 0\n\tfsmonitor = touch MARKER; "
                                                  "false\n")
                                    << QByteArray();
    QTest::newRow("http.proxy") << head + "[http]\n\tproxy = ATTACKER\n" << QByteArray();
    QTest::newRow("url.insteadOf") << head + "[url \"ATTACKER\"]\n\tinsteadOf = ORIGIN\n" << QByteArray();
}

void TestGitAttacks::aPlantedGitDirectoryNeverRunsOnTheHost()
{
    QFETCH(QByteArray, config);
    QFETCH(QByteArray, included);
    const QString marker = m_dir.filePath(QStringLiteral("marker-") + randomId(QString()));
    const auto fill = [&](QByteArray text) {
        return text.replace("MARKER", QFile::encodeName(marker))
            .replace("ATTACKER", m_attacker->url(QString()).toUtf8())
            .replace("ORIGIN", m_server->url(QString()).toUtf8());
    };
    QString plant = QStringLiteral(
        "set -e; mkdir -p lib/.git/info lib/.git/objects lib/.git/refs/heads; "
        "printf 'ref: refs/heads/main\\n' > lib/.git/HEAD; printf '* filter=evil\\n' > lib/.git/info/attributes; "
        "echo %1 | base64 -d > lib/.git/config; ")
                        .arg(QString::fromLatin1(fill(config).toBase64()));
    if (!included.isEmpty())
        plant += QStringLiteral("echo %1 | base64 -d > lib/.git/evil.inc; ")
                     .arg(QString::fromLatin1(fill(included).toBase64()));
    plant += QStringLiteral("echo planted");
    QJsonObject first = specWith(
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("files"), QJsonArray { uploadedFile(QStringLiteral("README.md"), "# mine\n") } } } },
        plant);
    first.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QList<QJsonObject> events;
    QJsonObject settlement = runSession(first, &events);
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded")
            && outputBytes(events, QStringLiteral("output.stdout")).contains("planted"),
        dumpEvents(events).constData());
    const QJsonObject kept
        = eventsOfKind(events, QStringLiteral("workspace.snapshot")).value(0).value(QStringLiteral("data")).toObject();
    QVERIFY2(!kept.value(QStringLiteral("snapshot_id")).toString().isEmpty(), dumpEvents(events).constData());

    QFile::remove(m_attackerLog);
    QJsonObject lib = gitMount(m_server->url(QStringLiteral("demo.git")), m_commit, m_password);
    lib.insert(QStringLiteral("target"), QStringLiteral("/workspace/lib"));
    const QJsonArray mounts { QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
                                  { QStringLiteral("target"), QStringLiteral("/workspace") },
                                  { QStringLiteral("snapshot_id"), kept.value(QStringLiteral("snapshot_id")) },
                                  { QStringLiteral("digest"), kept.value(QStringLiteral("digest")) } },
        lib };
    settlement = runSession(specWith(mounts, QStringLiteral("echo HARNESS-RAN")), &events);
    const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
    QVERIFY2(!QFileInfo::exists(marker), "the planted .git made the Runner's git run a command on the host");
    const QList<QJsonObject> reached = gitRequestLog(m_attackerLog);
    QVERIFY2(reached.isEmpty(),
        qPrintable(QStringLiteral("the planted .git sent the fetch to the attacker's server (%1 requests, the first "
                                  "%2)")
                       .arg(reached.size())
                       .arg(QString::fromUtf8(dumpJson(reached.value(0))))));
    QVERIFY2(!context.contains(m_password.toUtf8()), "the credential in an event");
    // Refused, saying which target and why; the harness never started.
    QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == QLatin1String("materialization_failed"),
        context.constData());
    const QJsonObject failed
        = eventsOfKind(events, QStringLiteral("workspace.failed")).value(0).value(QStringLiteral("data")).toObject();
    const QString message = failed.value(QStringLiteral("message")).toString();
    qInfo("workspace.failed: %s", qPrintable(message));
    QCOMPARE(failed.value(QStringLiteral("target")).toString(), QStringLiteral("/workspace/lib"));
    QVERIFY2(message.contains(QStringLiteral("/workspace/lib")) && message.contains(QStringLiteral("already exists")),
        qPrintable(message));
    QVERIFY2(!outputBytes(events, QStringLiteral("output.stdout")).contains("HARNESS-RAN"), context.constData());
}

// A repository whose `link` is a symlink to a repository of the person's outside the workspace,
// and whose .gitmodules names `link` as a submodule path (with submodules and LFS on): the Runner
// must neither run git in the victim (its .git/config changed, a submodule cloned into it) nor
// send the victim's LFS pointers, with the mount's credential, to the URL .gitmodules names.
void TestGitAttacks::aSymlinkedSubmodulePathNeverLeadsOutOfTheWorkspace()
{
    // The victim: an ordinary work tree of the person's, with a submodule not yet fetched and an
    // LFS pointer whose object is not there (both of which git and git-lfs would go and get).
    RepoBuilder victim(m_dir.path());
    victim.write(QStringLiteral(".gitattributes"), "*.bin filter=lfs diff=lfs merge=lfs -text\n");
    victim.write(QStringLiteral("model.bin"),
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + TreeListing::sha256Hex(m_lfsContent) + "\nsize "
            + QByteArray::number(m_lfsContent.size()) + '\n');
    victim.addGitlink(QStringLiteral("vsub"), m_server->url(QStringLiteral("demo.git")), m_commit);
    victim.commit(QStringLiteral("the person's own work"));
    const QByteArray before = TreeListing::lines(victim.dir());
    QVERIFY(before.contains(" .git/config\n"));

    RepoBuilder attack(m_dir.path());
    attack.write(QStringLiteral("README.md"), "nothing to see\n");
    QVERIFY(QFile::link(victim.dir(), attack.dir() + QStringLiteral("/link")));
    attack.write(QStringLiteral(".gitmodules"), "[submodule \"v\"]\n\tpath = link\n\turl = ../demo.git\n");
    const QString commit = attack.commit(QStringLiteral("a submodule path that is a symlink"));
    attack.publish(m_root, QStringLiteral("symlinked-submodule.git"));

    QFile::remove(m_serverLog);
    QJsonObject mount = gitMount(m_server->url(QStringLiteral("symlinked-submodule.git")), commit, m_password,
        QStringLiteral("refs/heads/main"));
    mount.insert(QStringLiteral("submodules"), true);
    mount.insert(QStringLiteral("lfs"), true);
    QList<QJsonObject> events;
    const QJsonObject settlement
        = runSession(specWith({ mount }, QStringLiteral("echo \"LINK=$(readlink link)\"")), &events);
    const QByteArray context = dumpJson(settlement) + "\n" + dumpEvents(events);
    // What changed in the victim (its listing holds every file's SHA-256), and what the server got.
    const QList<QByteArray> was = before.split('\n');
    const QList<QByteArray> is = TreeListing::lines(victim.dir()).split('\n');
    QStringList changed;
    for (const QByteArray &line : is) {
        if (!was.contains(line))
            changed.append(QStringLiteral("+ ") + QString::fromUtf8(line));
    }
    for (const QByteArray &line : was) {
        if (!is.contains(line))
            changed.append(QStringLiteral("- ") + QString::fromUtf8(line));
    }
    for (const QString &line : std::as_const(changed))
        qWarning("the victim changed: %s", qPrintable(line));
    int lfsRequests = 0;
    for (const QJsonObject &request : gitRequestLog(m_serverLog)) {
        if (isLfsRequest(request)) {
            ++lfsRequests;
            qWarning("an LFS request for the victim's pointers: %s", dumpJson(request).constData());
        }
    }
    qInfo("victim entries changed: %lld, LFS requests: %d", qlonglong(changed.size()), lfsRequests);
    QVERIFY2(changed.isEmpty(), "the Runner worked in the victim repository outside the workspace");
    QCOMPARE(lfsRequests, 0);
    // git itself ignores a .gitmodules entry without a gitlink, and so does the Runner: the run
    // goes on, with `link` checked out as the symlink it is.
    QVERIFY2(settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
    QVERIFY2(outputBytes(events, QStringLiteral("output.stdout")).contains("LINK=" + QFile::encodeName(victim.dir())),
        context.constData());
}

CHECKFU_INTEGRATION_MAIN(TestGitAttacks, 240000)
#include "tst_gitattacks.moc"
