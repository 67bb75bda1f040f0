// §6.8 mounts as the run spec gives them: every field is checked before anything is written, and
// a bad one is invalid_run_spec naming the field (run_spec.mounts[1].url). The URL rule is the
// one every git fetch, submodule and redirect is held to; the attacks are here as rows.
#include <runnercore/model/Admission.h>
#include <runnercore/model/GitUrl.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/workspace/GitProgress.h>
#include <runnercore/workspace/MountPlacement.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace runnercore;

namespace {
const QString Hex = QStringLiteral("0123456789abcdef0123456789abcdef");
const QString Commit = QStringLiteral("0123456789abcdef0123456789abcdef01234567");

QString b64(const char *text)
{
    return QString::fromLatin1(QByteArray(text).toBase64());
}

QJsonObject file(const QString &path, const char *content = "x", bool executable = false)
{
    return QJsonObject { { QStringLiteral("path"), path }, { QStringLiteral("content_base64"), b64(content) },
        { QStringLiteral("executable"), executable } };
}

QJsonObject gitMount(const QString &target = QStringLiteral("/workspace"),
    const QString &url = QStringLiteral("https://git.example.com/org/repo.git"))
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("git") }, { QStringLiteral("target"), target },
        { QStringLiteral("url"), url }, { QStringLiteral("commit"), Commit },
        { QStringLiteral("ref"), QStringLiteral("refs/heads/main") }, { QStringLiteral("depth"), QJsonValue() },
        { QStringLiteral("submodules"), false }, { QStringLiteral("lfs"), false },
        { QStringLiteral("credential"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("http_basic") },
                { QStringLiteral("username"), QStringLiteral("x-access-token") },
                { QStringLiteral("secret"), QStringLiteral("s3cret-token-value") } } } };
}

QJsonObject memoryMount(const QString &target, bool writable)
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") }, { QStringLiteral("target"), target },
        { QStringLiteral("files"), QJsonArray { file(QStringLiteral("CLAUDE.md"), "remember") } },
        { QStringLiteral("writable"), writable } };
}

QJsonObject skillsMount(const QString &target, const QJsonArray &skills)
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("skills") }, { QStringLiteral("target"), target },
        { QStringLiteral("skills"), skills } };
}

QJsonObject skill(const QString &name, const QJsonArray &files)
{
    return QJsonObject { { QStringLiteral("name"), name }, { QStringLiteral("files"), files } };
}

QJsonObject spec(const QJsonArray &mounts, const QString &retention = QStringLiteral("durable"))
{
    return QJsonObject {
        { QStringLiteral("principal_id"), QStringLiteral("prin_") + Hex },
        { QStringLiteral("title"), QStringLiteral("t") },
        { QStringLiteral("environment"),
            QJsonObject { { QStringLiteral("environment_id"), QStringLiteral("env_") + Hex },
                { QStringLiteral("requirements"),
                    QJsonObject { { QStringLiteral("tier"), QStringLiteral("host_process") },
                        { QStringLiteral("network"), QStringLiteral("unrestricted") },
                        { QStringLiteral("retention"), retention },
                        { QStringLiteral("resources"),
                            QJsonObject { { QStringLiteral("cpu_millis"), 1000 }, { QStringLiteral("memory_mib"), 512 },
                                { QStringLiteral("disk_mib"), 1024 },
                                { QStringLiteral("max_duration_seconds"), 60 } } } } } } },
        { QStringLiteral("harness"),
            QJsonObject { { QStringLiteral("driver"), QStringLiteral("checkfu:oneshot-v1@1") },
                { QStringLiteral("profile_version"), QStringLiteral("hprof_") + Hex + QStringLiteral("@1") },
                { QStringLiteral("release_digest"), QJsonValue() },
                { QStringLiteral("launch"),
                    QJsonObject { { QStringLiteral("kind"), QStringLiteral("process") },
                        { QStringLiteral("argv"), QJsonArray { QStringLiteral("/bin/true") } },
                        { QStringLiteral("env"), QJsonObject() } } } } },
        { QStringLiteral("model"), QJsonValue() },
        { QStringLiteral("mounts"), mounts },
        { QStringLiteral("prompt"), QJsonArray() },
    };
}

QString errorOf(const QJsonObject &json)
{
    const auto parsed = RunSpec::parse(json);
    return std::holds_alternative<QString>(parsed) ? std::get<QString>(parsed) : QString();
}
} // namespace

class TestMountSpec : public QObject
{
    Q_OBJECT

private slots:
    void aWholeSessionParses()
    {
        const QJsonObject json = spec(QJsonArray { gitMount(), memoryMount(QStringLiteral("~/.checkfu/memory"), true),
            skillsMount(QStringLiteral("~/.claude/skills"),
                QJsonArray { skill(QStringLiteral("pdf-forms"),
                    QJsonArray {
                        file(QStringLiteral("SKILL.md")), file(QStringLiteral("bin/run"), "#!/bin/sh", true) }) }),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("target"), QStringLiteral("/workspace/vendor/lib") },
                { QStringLiteral("files"), QJsonArray { file(QStringLiteral("a.c")) } } } });
        const auto parsed = RunSpec::parse(json);
        QVERIFY2(std::holds_alternative<RunSpec>(parsed), qPrintable(errorOf(json)));
        const RunSpec s = std::get<RunSpec>(parsed);
        QCOMPARE(s.mounts.size(), 4);
        QVERIFY(s.mounts[0].git);
        QCOMPARE(s.mounts[0].git->commit, Commit);
        QCOMPARE(s.mounts[0].git->ref.value(), QStringLiteral("refs/heads/main"));
        QVERIFY(!s.mounts[0].git->depth);
        QCOMPARE(s.mounts[0].git->credential->secret, QStringLiteral("s3cret-token-value"));
        QVERIFY(s.mounts[1].writable);
        QVERIFY(!s.mounts[1].isReadOnly());
        QVERIFY(s.mounts[2].isReadOnly());
        QCOMPARE(s.mounts[2].skills.first().files[1].executable, true);
        QCOMPARE(s.mounts[2].skills.first().files[0].executable, false);
        // Placement: the root, beneath the root, in the home.
        QCOMPARE(MountPlacement::of(s, s.mounts[0]).hostPath(QStringLiteral("/r/ws"), QStringLiteral("/r/home")),
            QStringLiteral("/r/ws"));
        QCOMPARE(MountPlacement::of(s, s.mounts[3]).hostPath(QStringLiteral("/r/ws"), QStringLiteral("/r/home")),
            QStringLiteral("/r/ws/vendor/lib"));
        QCOMPARE(MountPlacement::of(s, s.mounts[2]).hostPath(QStringLiteral("/r/ws"), QStringLiteral("/r/home")),
            QStringLiteral("/r/home/.claude/skills"));
        QCOMPARE(MountPlacement::firstFetched(s), 0);
    }

    void theRootDefaultsToWorkspace()
    {
        QJsonObject mount = memoryMount(QStringLiteral("/x"), false);
        mount.remove(QStringLiteral("target"));
        const auto parsed = RunSpec::parse(spec(QJsonArray { mount }));
        QVERIFY(std::holds_alternative<RunSpec>(parsed));
        QCOMPARE(std::get<RunSpec>(parsed).mounts[0].target, QStringLiteral("/workspace"));
    }

    void badMountsNameTheirField_data()
    {
        QTest::addColumn<QJsonArray>("mounts");
        QTest::addColumn<QString>("field");
        const auto git = [](const QString &key, const QJsonValue &value) {
            QJsonObject m = gitMount();
            m.insert(key, value);
            return QJsonArray { m };
        };
        // URLs: the §6.8 rule.
        QTest::newRow("ext::") << git(QStringLiteral("url"), QStringLiteral("ext::sh -c touch% /tmp/pwned"))
                               << "run_spec.mounts[0].url";
        QTest::newRow("file://") << git(QStringLiteral("url"), QStringLiteral("file:///etc"))
                                 << "run_spec.mounts[0].url";
        QTest::newRow("ssh://") << git(QStringLiteral("url"), QStringLiteral("ssh://git@github.com/org/repo.git"))
                                << "run_spec.mounts[0].url";
        QTest::newRow("scp-like") << git(QStringLiteral("url"), QStringLiteral("git@github.com:org/repo.git"))
                                  << "run_spec.mounts[0].url";
        QTest::newRow("git://") << git(QStringLiteral("url"), QStringLiteral("git://example.com/repo.git"))
                                << "run_spec.mounts[0].url";
        QTest::newRow("http elsewhere") << git(QStringLiteral("url"), QStringLiteral("http://example.com/repo.git"))
                                        << "run_spec.mounts[0].url";
        QTest::newRow("http 0.0.0.0") << git(QStringLiteral("url"), QStringLiteral("http://0.0.0.0/repo.git"))
                                      << "run_spec.mounts[0].url";
        QTest::newRow("userinfo") << git(QStringLiteral("url"), QStringLiteral("https://user:pw@example.com/r.git"))
                                  << "run_spec.mounts[0].url";
        QTest::newRow("option-like") << git(QStringLiteral("url"), QStringLiteral("--upload-pack=touch /tmp/x"))
                                     << "run_spec.mounts[0].url";
        QTest::newRow("local path") << git(QStringLiteral("url"), QStringLiteral("/srv/repo.git"))
                                    << "run_spec.mounts[0].url";
        QTest::newRow("query") << git(QStringLiteral("url"), QStringLiteral("https://example.com/r.git?token=x"))
                               << "run_spec.mounts[0].url";
        // The rest of a git mount.
        QTest::newRow("short commit") << git(QStringLiteral("commit"), QStringLiteral("0123abc"))
                                      << "run_spec.mounts[0].commit";
        QTest::newRow("upper-case commit")
            << git(QStringLiteral("commit"), Commit.toUpper()) << "run_spec.mounts[0].commit";
        QTest::newRow("branch as commit")
            << git(QStringLiteral("commit"), QStringLiteral("main")) << "run_spec.mounts[0].commit";
        QTest::newRow("option-like ref") << git(QStringLiteral("ref"), QStringLiteral("--upload-pack=x"))
                                         << "run_spec.mounts[0].ref";
        QTest::newRow("ref with ..") << git(QStringLiteral("ref"), QStringLiteral("refs/heads/../x"))
                                     << "run_spec.mounts[0].ref";
        QTest::newRow("depth 0") << git(QStringLiteral("depth"), 0) << "run_spec.mounts[0].depth";
        QTest::newRow("submodules text") << git(QStringLiteral("submodules"), QStringLiteral("yes"))
                                         << "run_spec.mounts[0].submodules";
        QTest::newRow("credential kind") << git(QStringLiteral("credential"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("ssh_key") },
                { QStringLiteral("secret"), QStringLiteral("k") } })
                                         << "run_spec.mounts[0].credential.kind";
        QTest::newRow("header injection") << git(QStringLiteral("credential"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("http_bearer") },
                { QStringLiteral("secret"), QStringLiteral("t\r\nX-Evil: 1") } })
                                          << "run_spec.mounts[0].credential.secret";
        // Targets.
        const QJsonObject root = gitMount();
        QTest::newRow("relative root") << QJsonArray { gitMount(QStringLiteral("workspace")) }
                                       << "run_spec.mounts[0].target";
        QTest::newRow("root in home") << QJsonArray { gitMount(QStringLiteral("~/w")) } << "run_spec.mounts[0].target";
        QTest::newRow("root /") << QJsonArray { gitMount(QStringLiteral("/")) } << "run_spec.mounts[0].target";
        QTest::newRow("trailing /") << QJsonArray { gitMount(QStringLiteral("/workspace/")) }
                                    << "run_spec.mounts[0].target";
        QTest::newRow("dot dot") << QJsonArray { root, memoryMount(QStringLiteral("/workspace/../etc"), false) }
                                 << "run_spec.mounts[1].target";
        QTest::newRow("/etc") << QJsonArray { root, memoryMount(QStringLiteral("/etc/x"), false) }
                              << "run_spec.mounts[1].target";
        QTest::newRow("root again") << QJsonArray { root, memoryMount(QStringLiteral("/workspace"), false) }
                                    << "run_spec.mounts[1].target";
        QTest::newRow("control char") << QJsonArray { root, memoryMount(QStringLiteral("/workspace/a\tb"), false) }
                                      << "run_spec.mounts[1].target";
        QTest::newRow("too long") << QJsonArray { root,
            memoryMount(QStringLiteral("/workspace/") + QString(1100, u'a'), false) }
                                  << "run_spec.mounts[1].target";
        QTest::newRow("twice") << QJsonArray { root, memoryMount(QStringLiteral("~/m"), false),
            memoryMount(QStringLiteral("~/m"), false) }
                               << "run_spec.mounts[2].target";
        QTest::newRow("nested") << QJsonArray { root, memoryMount(QStringLiteral("~/m"), false),
            memoryMount(QStringLiteral("~/m/n"), false) }
                                << "run_spec.mounts[2].target";
        QTest::newRow("bare ~") << QJsonArray { root, memoryMount(QStringLiteral("~"), false) }
                                << "run_spec.mounts[1].target";
        // Skills and files.
        QTest::newRow("skill name") << QJsonArray { root,
            skillsMount(QStringLiteral("~/s"),
                QJsonArray { skill(QStringLiteral("../x"), QJsonArray { file(QStringLiteral("SKILL.md")) }) }) }
                                    << "run_spec.mounts[1].skills[0].name";
        QTest::newRow("no SKILL.md") << QJsonArray { root,
            skillsMount(QStringLiteral("~/s"),
                QJsonArray { skill(QStringLiteral("pdf"), QJsonArray { file(QStringLiteral("README.md")) }) }) }
                                     << "run_spec.mounts[1].skills[0].files";
        QTest::newRow("executable text") << QJsonArray {
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("files"),
                    QJsonArray { QJsonObject { { QStringLiteral("path"), QStringLiteral("a") },
                        { QStringLiteral("content_base64"), QString() }, { QStringLiteral("executable"), 1 } } } } }
        } << "run_spec.mounts[0].files[0].executable";
        QTest::newRow("file and dir") << QJsonArray {
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                { QStringLiteral("files"), QJsonArray { file(QStringLiteral("a")), file(QStringLiteral("a/b")) } } }
        } << "run_spec.mounts[0].files[1].path";
        // A malformed mount of a kind nobody supports is still invalid_run_spec, named.
        QTest::newRow("unknown kind, bad target") << QJsonArray { root,
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("nfs") },
                { QStringLiteral("target"), QStringLiteral("/etc") } } }
                                                  << "run_spec.mounts[1].target";
    }

    void badMountsNameTheirField()
    {
        QFETCH(QJsonArray, mounts);
        QFETCH(QString, field);
        const QString error = errorOf(spec(mounts));
        QVERIFY2(error.startsWith(QStringLiteral("field '%1' ").arg(field)), qPrintable(error));
        // Never the secret in a message.
        QVERIFY2(!error.contains(QLatin1String("s3cret")) && !error.contains(QLatin1String(":pw@")), qPrintable(error));
    }

    void loopbackHttpIsAllowed()
    {
        for (const QString &url :
            { QStringLiteral("http://127.0.0.1:8080/demo.git"), QStringLiteral("http://localhost/d.git"),
                QStringLiteral("http://[::1]:9/d.git"), QStringLiteral("https://git.example.com/org/repo.git") })
            QVERIFY2(GitUrl::problem(url).isEmpty(), qPrintable(url + QLatin1String(": ") + GitUrl::problem(url)));
    }

    void relativeSubmoduleUrls()
    {
        const QString base = QStringLiteral("https://h.example/org/repo.git");
        QCOMPARE(GitUrl::resolveRelative(base, QStringLiteral("../lib.git")),
            QStringLiteral("https://h.example/org/lib.git"));
        QCOMPARE(GitUrl::resolveRelative(base, QStringLiteral("./sub")),
            QStringLiteral("https://h.example/org/repo.git/sub"));
        QCOMPARE(GitUrl::resolveRelative(base, QStringLiteral("../../other/x.git")),
            QStringLiteral("https://h.example/other/x.git"));
        QVERIFY(GitUrl::resolveRelative(base, QStringLiteral("../../../evil")).isEmpty()); // above the host
        QVERIFY(GitUrl::resolveRelative(base, QStringLiteral("https://x/y")).isEmpty()); // not relative
        QCOMPARE(GitUrl::shown(QStringLiteral("https://u:p@h.example/r.git?t=1")),
            QStringLiteral("https://h.example/r.git"));
        QCOMPARE(
            GitUrl::origin(QStringLiteral("http://127.0.0.1:8080/d.git")), QStringLiteral("http://127.0.0.1:8080"));
    }

    void zdrRefusesWritableMemory()
    {
        const auto parsed = RunSpec::parse(
            spec(QJsonArray { memoryMount(QStringLiteral("/workspace"), true) }, QStringLiteral("ephemeral_zdr")));
        QVERIFY(std::holds_alternative<RunSpec>(parsed));
        QJsonObject provider { { QStringLiteral("id"), QStringLiteral("host-process") },
            { QStringLiteral("drivers"), QJsonArray { QStringLiteral("checkfu:oneshot-v1@1") } },
            { QStringLiteral("launch_kinds"), QJsonArray { QStringLiteral("process") } },
            { QStringLiteral("tiers"), QJsonArray { QStringLiteral("host_process") } },
            { QStringLiteral("network_modes"), QJsonArray { QStringLiteral("unrestricted") } },
            { QStringLiteral("retention_modes"),
                QJsonArray { QStringLiteral("durable"), QStringLiteral("ephemeral_zdr") } },
            { QStringLiteral("mount_kinds"), QJsonArray { QStringLiteral("memory") } },
            { QStringLiteral("max_mounts"), 8 },
            { QStringLiteral("minimum_resources"),
                QJsonObject { { QStringLiteral("cpu_millis"), 1 }, { QStringLiteral("memory_mib"), 1 },
                    { QStringLiteral("disk_mib"), 1 }, { QStringLiteral("max_duration_seconds"), 1 } } },
            { QStringLiteral("maximum_resources"),
                QJsonObject { { QStringLiteral("cpu_millis"), 64000 }, { QStringLiteral("memory_mib"), 262144 },
                    { QStringLiteral("disk_mib"), 1048576 }, { QStringLiteral("max_duration_seconds"), 86400 } } } };
        const QJsonObject advertisement { { QStringLiteral("placement"), QStringLiteral("byoc") },
            { QStringLiteral("providers"), QJsonArray { provider } } };
        const AdmissionDecision zdr = Admission::check(parsed, QJsonObject(), advertisement, std::nullopt);
        QVERIFY(!zdr.admitted);
        QCOMPARE(zdr.reason, QStringLiteral("retention_unavailable"));
        // The same memory, not writable, is admitted.
        const auto readOnly = RunSpec::parse(
            spec(QJsonArray { memoryMount(QStringLiteral("/workspace"), false) }, QStringLiteral("ephemeral_zdr")));
        const AdmissionDecision ok = Admission::check(readOnly, QJsonObject(), advertisement, std::nullopt);
        QVERIFY2(ok.admitted, qPrintable(ok.reason + QLatin1Char(' ') + ok.message));
    }

    void progressLines()
    {
        const auto receiving = GitProgress::parseLine("Receiving objects:  43% (430/1000), 512.00 KiB | 1.00 MiB/s");
        QVERIFY(receiving);
        QCOMPARE(receiving->phase, QStringLiteral("Receiving objects"));
        QCOMPARE(receiving->percent, 43);
        QCOMPARE(receiving->bytes, qint64(512 * 1024)); // not the rate after '|'
        const auto remote = GitProgress::parseLine("remote: Counting objects: 100% (5/5), done.");
        QVERIFY(remote);
        QCOMPARE(remote->percent, 100);
        // A size too large for 64 bits (found by fuzz_git_progress) is no size, not undefined behaviour.
        const auto huge = GitProgress::parseLine("Receiving objects: 43% (1/2), 38883888844 GiB | 1.00 MiB/s");
        QVERIFY(huge);
        QCOMPARE(huge->bytes, qint64(-1));
        QCOMPARE(GitProgress::parseLine("Receiving objects: 1%, 3.00 GiB")->bytes, qint64(3) * 1024 * 1024 * 1024);
        QVERIFY(!GitProgress::parseLine("fatal: repository not found"));
        QVERIFY(!GitProgress::parseLine("error: 999% nonsense: x"));
        QByteArray pending;
        const QList<QByteArray> lines = GitProgress::splitLines(pending, "a: 1%\rb: 2%\nc: 3");
        QCOMPARE(lines, (QList<QByteArray> { "a: 1%", "b: 2%" }));
        QCOMPARE(pending, QByteArray("c: 3"));
    }
};

QTEST_GUILESS_MAIN(TestMountSpec)
#include "tst_mountspec.moc"
