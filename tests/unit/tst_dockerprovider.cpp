// The container tier (§5, §6.2) against a fake `docker` CLI: a shell script that records every call
// (and the env file it is given) and answers per scenario, so the tier is tested without a daemon.
#include "IntegrationSupport.h"
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/DockerCommand.h>
#include <runnercore/sandbox/DockerProcess.h>
#include <runnercore/sandbox/DockerProvider.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

using IntegrationSupport::withPath;

namespace {
const QString Hex32 = QStringLiteral("0123456789abcdef0123456789abcdef");
const QString ContainerId = Hex32 + Hex32;
const QString Image = QStringLiteral("registry.example/harness@sha256:") + Hex32 + Hex32;
const QString Instance = QStringLiteral("runner_0123456789abcdef0123456789abcdef");
const QString ProfileVersion = QStringLiteral("hprof_") + Hex32 + QStringLiteral("@1");
const QString Digest = QStringLiteral("sha256:") + Hex32 + Hex32;
const QString CursorKey = QStringLiteral("crsr_SECRET_key_0a1b2c3d4e5f");

// Records first (env file copied and its mode taken before create "reads" it), then acts per the
// scenario files next to it. `start` execs the snippet so its pid is the attaching CLI's, which
// `kill` signals like a daemon would signal the container.
const char FakeDockerScript[] = R"FAKE(#!/bin/sh
D=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$D/calls"
f="$D/calls/$(date +%s%N)-$$"
prev=
for a in "$@"; do
    if [ "$prev" = "--env-file" ]; then
        cp "$a" "$f.env"
        stat -c %a "$a" > "$f.envmode"
    fi
    prev=$a
done
cat /proc/$$/environ > "$f.environ"
printf '%s\0' "$@" > "$f.tmp" && mv "$f.tmp" "$f.args"
scenario() { cat "$D/$1" 2>/dev/null; }
case "$1" in
info)
    case "$(scenario info.mode)" in
    rootless) echo '20.10.24 ["name=seccomp,profile=default","name=rootless"]' ;;
    fail) echo 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?' >&2; exit 1 ;;
    noversion) echo '<no value> null' ;;
    hang) exec sleep 60 ;;
    *) echo '20.10.24 ["name=seccomp,profile=default"]' ;;
    esac ;;
create)
    [ -f "$D/create.delay" ] && sleep "$(scenario create.delay)"
    if [ "$(scenario create.mode)" = fail ]; then
        echo 'Error response from daemon: pull access denied for registry.example/harness' >&2
        exit 125
    fi
    echo "$(scenario container.id)" ;;
start)
    echo $$ > "$D/start.pid"
    FAKE_DIR=$D exec /bin/sh -c "$(scenario start.sh)" ;;
kill)
    sig=KILL
    [ "$2" = "--signal" ] && sig=$3
    pid=$(scenario start.pid)
    [ -n "$pid" ] && kill -s "$sig" "$pid" 2>/dev/null ;;
ps) scenario ps.out ;;
esac
exit 0
)FAKE";

struct Call
{
    QStringList args;
    QByteArray env; // copy of the --env-file, if any
    QString envMode;
    QMap<QString, QString> environment; // the CLI process's own environment
};

int modeOf(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// One fake docker in its own directory, with a runs root beside it.
class FakeDocker
{
public:
    FakeDocker()
    {
        QFile script(program());
        if (script.open(QIODevice::WriteOnly))
            script.write(FakeDockerScript);
        script.close();
        script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        set(QStringLiteral("container.id"), ContainerId);
    }
    bool isValid() const { return m_dir.isValid() && QFileInfo(program()).isExecutable(); }
    QString path() const { return m_dir.path(); }
    QString program() const { return m_dir.filePath(QStringLiteral("docker")); }
    void set(const QString &name, const QString &content)
    {
        QFile f(m_dir.filePath(name));
        if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
            f.write(content.toUtf8());
    }
    DockerProvider::Options options() const
    {
        DockerProvider::Options o;
        o.runsRoot = path() + QStringLiteral("/runs");
        o.instance = Instance;
        o.program = program();
        return o;
    }
    // Every recorded call, oldest first.
    QList<Call> calls() const
    {
        const QDir dir(path() + QStringLiteral("/calls"));
        QList<Call> out;
        for (const QString &name : dir.entryList({ QStringLiteral("*.args") }, QDir::Files, QDir::Name)) {
            const QString base = dir.filePath(name.chopped(5));
            Call c;
            QByteArray raw = readAll(base + QStringLiteral(".args"));
            if (raw.endsWith('\0'))
                raw.chop(1);
            for (const QByteArray &arg : raw.split('\0'))
                c.args.append(QString::fromUtf8(arg));
            c.env = readAll(base + QStringLiteral(".env"));
            c.envMode = QString::fromUtf8(readAll(base + QStringLiteral(".envmode")).trimmed());
            for (const QByteArray &entry : readAll(base + QStringLiteral(".environ")).split('\0')) {
                const qsizetype eq = entry.indexOf('=');
                if (eq > 0)
                    c.environment.insert(QString::fromUtf8(entry.left(eq)), QString::fromUtf8(entry.mid(eq + 1)));
            }
            out.append(c);
        }
        return out;
    }
    QList<Call> calls(const QString &command) const
    {
        QList<Call> out;
        for (const Call &c : calls())
            if (c.args.value(0) == command)
                out.append(c);
        return out;
    }

private:
    QTemporaryDir m_dir;
};

// A valid §6.1 container run: oci image pinned by digest, 1.5 CPUs, 256 MiB.
QJsonObject containerSpecJson(const QString &network, const QJsonObject &env = {})
{
    QJsonObject spec = IntegrationSupport::oneshotRunSpec(QStringLiteral("prin_") + Hex32,
        { QStringLiteral("/usr/bin/harness"), QStringLiteral("--flag"), QStringLiteral("two words") }, env);
    spec = withPath(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("tier") },
        QStringLiteral("container"));
    spec = withPath(
        spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") }, network);
    const QStringList resources { QStringLiteral("environment"), QStringLiteral("requirements"),
        QStringLiteral("resources") };
    spec = withPath(spec, resources + QStringList { QStringLiteral("cpu_millis") }, 1500);
    spec = withPath(spec, resources + QStringList { QStringLiteral("memory_mib") }, 256);
    const QStringList launch { QStringLiteral("harness"), QStringLiteral("launch") };
    spec = withPath(spec, launch + QStringList { QStringLiteral("kind") }, QStringLiteral("oci"));
    spec = withPath(spec, launch + QStringList { QStringLiteral("image") }, Image);
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("profile_version") }, ProfileVersion);
    return spec;
}

// The spec asks for the Cursor lane's model with `digest`.
QJsonObject withCursorModel(QJsonObject spec, const QString &digest)
{
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("release_digest") }, digest);
    return withPath(spec, { QStringLiteral("model") },
        QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
            { QStringLiteral("provider"), QStringLiteral("cursor") },
            { QStringLiteral("model"), QStringLiteral("cursor-auto") } });
}

bool parseSpec(const QJsonObject &json, RunSpec *spec, QString *error)
{
    auto parsed = RunSpec::parse(json);
    if (const QString *e = std::get_if<QString>(&parsed)) {
        *error = *e;
        return false;
    }
    *spec = std::get<RunSpec>(std::move(parsed));
    return true;
}

CursorLane cursorLane()
{
    return CursorLane { ProfileVersion, Digest, QStringLiteral("cursor-auto"), CursorKey };
}

QString valueAfter(const QStringList &args, const QString &flag)
{
    const qsizetype i = args.indexOf(flag);
    return i >= 0 && i + 1 < args.size() ? args.at(i + 1) : QStringLiteral("<absent>");
}

QStringList valuesAfter(const QStringList &args, const QString &flag)
{
    QStringList values;
    for (qsizetype i = 0; i + 1 < args.size(); ++i)
        if (args.at(i) == flag)
            values.append(args.at(i + 1));
    return values;
}

struct Outcome
{
    QByteArray out;
    QByteArray err;
    int exitCode = -2;
    int signalNumber = -2;
    QString startError;
    int startedCount = 0;
};

// Collects what a process reports; `done` once it exited or failed to start.
struct Watcher
{
    Outcome o;
    bool done = false;
    explicit Watcher(SandboxedProcess *process)
    {
        QObject::connect(process, &SandboxedProcess::started, process, [this] { ++o.startedCount; });
        QObject::connect(process, &SandboxedProcess::stdoutData, process, [this](const QByteArray &d) { o.out += d; });
        QObject::connect(process, &SandboxedProcess::stderrData, process, [this](const QByteArray &d) { o.err += d; });
        QObject::connect(process, &SandboxedProcess::exited, process, [this](int code, int sig) {
            o.exitCode = code;
            o.signalNumber = sig;
            done = true;
        });
        QObject::connect(process, &SandboxedProcess::startFailed, process, [this](const QString &message) {
            o.startError = message;
            done = true;
        });
    }
    bool waitDone(int timeoutMs = 15000)
    {
        QElapsedTimer timer;
        timer.start();
        while (!done && timer.elapsed() < timeoutMs)
            QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
        return done;
    }
};

// The launched container of a prepared run, with the paths a test looks at.
struct Launched
{
    RunSpec spec;
    std::unique_ptr<SandboxedProcess> process;
    QString runDir;
    QString envFile;
};
} // namespace

class TestDockerProvider : public QObject
{
    Q_OBJECT

    // prepare() + launch() of `json` as run `runId`.
    static bool launch(DockerProvider &provider, const QString &runId, const QJsonObject &json, Launched *l)
    {
        QString error;
        if (!parseSpec(json, &l->spec, &error)) {
            qWarning("invalid spec: %s", qPrintable(error));
            return false;
        }
        if (!provider.prepare(runId, l->spec, &error)) {
            qWarning("prepare: %s", qPrintable(error));
            return false;
        }
        l->runDir = QFileInfo(provider.workspacePath(runId)).path();
        l->envFile = l->runDir + QStringLiteral("/.docker-env");
        l->process = provider.launch(runId, l->spec, nullptr);
        return l->process != nullptr;
    }

private slots:
    // --- Detection ------------------------------------------------------------------------------

    void detectsADaemonAndWhetherItIsRootless_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<bool>("rootless");
        QTest::newRow("seccomp") << QStringLiteral("seccomp") << false;
        QTest::newRow("rootless") << QStringLiteral("rootless") << true;
    }

    void detectsADaemonAndWhetherItIsRootless()
    {
        QFETCH(QString, mode);
        QFETCH(bool, rootless);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("info.mode"), mode);
        DockerProvider provider(fake.options());
        QVERIFY(!provider.isAvailable()); // nothing is advertised before the daemon answered
        QSignalSpy checked(&provider, &DockerProvider::checked);
        QSignalSpy changed(&provider, &DockerProvider::availabilityChanged);
        provider.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(checked.size(), 1);
        QCOMPARE(checked.at(0).at(0).toBool(), true);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.at(0).at(0).toBool(), true);
        QVERIFY(provider.isAvailable());
        QCOMPARE(provider.serverVersion(), QStringLiteral("20.10.24"));
        QCOMPARE(provider.isRootless(), rootless);
        QVERIFY(provider.unavailableReason().isEmpty());
        const QList<Call> info = fake.calls(QStringLiteral("info"));
        QCOMPARE(info.size(), 1);
        QCOMPARE(info.at(0).args,
            QStringList({ QStringLiteral("info"), QStringLiteral("--format"),
                QStringLiteral("{{.ServerVersion}} {{json .SecurityOptions}}") }));

        // Asking again: checked() again, but no change to announce.
        provider.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(checked.size(), 2);
        QCOMPARE(changed.size(), 1);
    }

    void aDaemonThatDoesNotAnswerIsUnavailable_data()
    {
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("reason");
        QTest::newRow("info fails") << QStringLiteral("fail")
                                    << QStringLiteral("Cannot connect to the Docker daemon at "
                                                      "unix:///var/run/docker.sock. Is the docker daemon running?");
        QTest::newRow("no version") << QStringLiteral("noversion") << QStringLiteral("gave no version");
    }

    void aDaemonThatDoesNotAnswerIsUnavailable()
    {
        QFETCH(QString, mode);
        QFETCH(QString, reason);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("info.mode"), mode);
        DockerProvider provider(fake.options());
        QSignalSpy checked(&provider, &DockerProvider::checked);
        QSignalSpy changed(&provider, &DockerProvider::availabilityChanged);
        provider.check();
        QVERIFY(checked.wait(10000));
        QCOMPARE(checked.at(0).at(0).toBool(), false);
        QCOMPARE(changed.size(), 0); // it never was available
        QVERIFY(!provider.isAvailable());
        QVERIFY(provider.serverVersion().isEmpty());
        QVERIFY2(provider.unavailableReason().contains(reason), qPrintable(provider.unavailableReason()));
    }

    void aHangingDaemonIsUnavailableWithinTheProbeBound()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("info.mode"), QStringLiteral("hang"));
        DockerProvider::Options options = fake.options();
        options.probeTimeoutMs = 500;
        DockerProvider provider(options);
        QSignalSpy checked(&provider, &DockerProvider::checked);
        QElapsedTimer timer;
        timer.start();
        provider.check();
        provider.check(); // a check already running is not started twice
        QVERIFY(checked.wait(10000));
        QVERIFY2(timer.elapsed() < 5000, qPrintable(QString::number(timer.elapsed()))); // not the fake's 60 s
        QCOMPARE(checked.size(), 1);
        QCOMPARE(checked.at(0).at(0).toBool(), false);
        QVERIFY(!provider.isAvailable());
        QVERIFY2(provider.unavailableReason().contains(QStringLiteral("did not answer")),
            qPrintable(provider.unavailableReason()));
        QCOMPARE(fake.calls(QStringLiteral("info")).size(), 1);
    }

    void aMissingCliIsNotInstalled()
    {
        FakeDocker fake;
        DockerProvider::Options options = fake.options();
        options.program = fake.path() + QStringLiteral("/no-such-docker");
        DockerProvider provider(options);
        QSignalSpy checked(&provider, &DockerProvider::checked);
        provider.check();
        QVERIFY(checked.size() == 1 || checked.wait(10000));
        QCOMPARE(checked.at(0).at(0).toBool(), false);
        QVERIFY(!provider.isAvailable());
        QVERIFY2(provider.unavailableReason().contains(QStringLiteral("not installed")),
            qPrintable(provider.unavailableReason()));
    }

    void losingTheDaemonIsAnnouncedOnce()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        DockerProvider provider(fake.options());
        QSignalSpy checked(&provider, &DockerProvider::checked);
        QSignalSpy changed(&provider, &DockerProvider::availabilityChanged);
        provider.check();
        QVERIFY(checked.wait(10000));
        QVERIFY(provider.isAvailable());

        fake.set(QStringLiteral("info.mode"), QStringLiteral("fail"));
        for (int i = 0; i < 2; ++i) {
            provider.check();
            QVERIFY(checked.wait(10000));
        }
        QCOMPARE(checked.size(), 3);
        QCOMPARE(changed.size(), 2);
        QCOMPARE(changed.at(0).at(0).toBool(), true);
        QCOMPARE(changed.at(1).at(0).toBool(), false);
        QVERIFY(!provider.isAvailable());
        QVERIFY(provider.serverVersion().isEmpty());
        QVERIFY(provider.unavailableReason().contains(QStringLiteral("Cannot connect to the Docker daemon")));
    }

    // The Runner going away mid-check (quit while docker hangs) kills the CLI and reports nothing:
    // the handler belongs to a provider that no longer exists.
    void aProviderDestroyedMidCheckReportsNothing()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("info.mode"), QStringLiteral("hang"));
        auto owner = std::make_unique<QObject>();
        bool reported = false;
        DockerCommand::run(
            fake.program(), { QStringLiteral("info") }, 60000,
            [&reported](const DockerCommand::Result &) { reported = true; }, owner.get());
        QTRY_COMPARE_WITH_TIMEOUT(fake.calls(QStringLiteral("info")).size(), 1, 5000);
        QElapsedTimer timer;
        timer.start();
        owner.reset();
        QVERIFY2(timer.elapsed() < 3000, qPrintable(QString::number(timer.elapsed()))); // killed, not waited for
        QCoreApplication::processEvents();
        QVERIFY(!reported);
    }

    void watchingRechecksPeriodically()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        DockerProvider::Options options = fake.options();
        // Whole seconds: the recheck timer is very coarse (second precision).
        options.recheckIntervalMs = 1000;
        DockerProvider provider(options);
        QSignalSpy checked(&provider, &DockerProvider::checked);
        provider.startWatching();
        QTRY_VERIFY_WITH_TIMEOUT(fake.calls(QStringLiteral("info")).size() >= 2, 8000);
        QVERIFY(checked.size() >= 1);
        QVERIFY(provider.isAvailable());
    }

    // --- Advertisement --------------------------------------------------------------------------

    void advertisesTheContainerTier()
    {
        FakeDocker fake;
        const QStringList drivers { QStringLiteral("checkfu:oneshot-v1@1") };
        DockerProvider provider(fake.options());
        QCOMPARE(provider.id(), QStringLiteral("docker"));
        QJsonObject caps = provider.capabilities(drivers);
        QCOMPARE(caps.value(QStringLiteral("id")).toString(), QStringLiteral("docker"));
        QCOMPARE(caps.value(QStringLiteral("drivers")).toArray(), QJsonArray { drivers.first() });
        QCOMPARE(caps.value(QStringLiteral("tiers")).toArray(), QJsonArray { QStringLiteral("container") });
        QCOMPARE(caps.value(QStringLiteral("launch_kinds")).toArray(), QJsonArray { QStringLiteral("oci") });
        QCOMPARE(caps.value(QStringLiteral("network_modes")).toArray(), QJsonArray { QStringLiteral("none") });
        QVERIFY(!caps.contains(QStringLiteral("harness_owned_models")));

        DockerProvider::Options options = fake.options();
        options.unrestrictedNetwork = true;
        caps = DockerProvider(options).capabilities(drivers);
        QCOMPARE(caps.value(QStringLiteral("network_modes")).toArray(),
            (QJsonArray { QStringLiteral("none"), QStringLiteral("unrestricted") }));
        QVERIFY(!caps.contains(QStringLiteral("harness_owned_models")));
    }

    void advertisesTheCursorLaneWithoutItsKey()
    {
        FakeDocker fake;
        DockerProvider::Options options = fake.options();
        options.cursor = cursorLane();
        const QJsonObject caps = DockerProvider(options).capabilities({ QStringLiteral("checkfu:oneshot-v1@1") });
        const QJsonArray models = caps.value(QStringLiteral("harness_owned_models")).toArray();
        QCOMPARE(models.size(), 1);
        const QJsonObject expected { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
            { QStringLiteral("harness_profile_version"), ProfileVersion },
            { QStringLiteral("harness_release_digest"), Digest },
            { QStringLiteral("provider"), QStringLiteral("cursor") },
            { QStringLiteral("model"), QStringLiteral("cursor-auto") } };
        QCOMPARE(models.at(0).toObject(), expected);
        QVERIFY(!QJsonDocument(caps).toJson().contains(CursorKey.toUtf8()));
    }

    // --- Launch ---------------------------------------------------------------------------------

    // Skills and a memory that is not writable are read-only volumes where §6.8 puts them: beneath
    // the workspace target, or in the private home at /checkfu/home; a writable memory is not.
    void readOnlyMountsAreReadOnlyVolumes()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"), QStringLiteral("exit 0"));
        DockerProvider provider(fake.options());
        const QString runId = QStringLiteral("run_") + Hex32;
        const QJsonObject file { { QStringLiteral("path"), QStringLiteral("SKILL.md") },
            { QStringLiteral("content_base64"), QStringLiteral("aGkK") } };
        QJsonObject json = containerSpecJson(QStringLiteral("none"), {});
        json = withPath(json, { QStringLiteral("mounts") },
            QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                             { QStringLiteral("target"), QStringLiteral("/workspace") },
                             { QStringLiteral("files"), QJsonArray { file } } },
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") },
                    { QStringLiteral("target"), QStringLiteral("/workspace/notes") },
                    { QStringLiteral("files"), QJsonArray { file } }, { QStringLiteral("writable"), false } },
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("memory") },
                    { QStringLiteral("target"), QStringLiteral("~/.checkfu/memory") },
                    { QStringLiteral("files"), QJsonArray { file } }, { QStringLiteral("writable"), true } },
                QJsonObject { { QStringLiteral("kind"), QStringLiteral("skills") },
                    { QStringLiteral("target"), QStringLiteral("~/.claude/skills") },
                    { QStringLiteral("skills"),
                        QJsonArray { QJsonObject { { QStringLiteral("name"), QStringLiteral("pdf") },
                            { QStringLiteral("files"), QJsonArray { file } } } } } } });
        Launched l;
        QVERIFY(launch(provider, runId, json, &l));
        Watcher w(l.process.get());
        l.process->start();
        QVERIFY(w.waitDone());
        const QList<Call> creates = fake.calls(QStringLiteral("create"));
        QCOMPARE(creates.size(), 1);
        QCOMPARE(valuesAfter(creates.at(0).args, QStringLiteral("--volume")),
            QStringList({ provider.workspacePath(runId) + QStringLiteral(":/workspace"),
                l.runDir + QStringLiteral("/home:/checkfu/home"),
                provider.workspacePath(runId) + QStringLiteral("/notes:/workspace/notes:ro"),
                l.runDir + QStringLiteral("/home/.claude/skills:/checkfu/home/.claude/skills:ro") }));
    }

    void createCallShapesTheContainer_data()
    {
        QTest::addColumn<QString>("network");
        QTest::addColumn<QString>("mountTarget"); // empty: no mount
        QTest::addColumn<QString>("expectedTarget");
        QTest::newRow("none") << QStringLiteral("none") << QString() << QStringLiteral("/workspace");
        QTest::newRow("unrestricted") << QStringLiteral("unrestricted") << QString() << QStringLiteral("/workspace");
        QTest::newRow("mount target") << QStringLiteral("none") << QStringLiteral("/src/project")
                                      << QStringLiteral("/src/project");
    }

    void createCallShapesTheContainer()
    {
        QFETCH(QString, network);
        QFETCH(QString, mountTarget);
        QFETCH(QString, expectedTarget);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"), QStringLiteral("exit 0"));
        DockerProvider provider(fake.options());
        const QString runId = QStringLiteral("run_") + Hex32;
        QJsonObject json = containerSpecJson(network, { { QStringLiteral("SPEC_VAR"), QStringLiteral("a b=c") } });
        if (!mountTarget.isEmpty()) {
            json = withPath(json, { QStringLiteral("mounts") },
                QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
                    { QStringLiteral("target"), mountTarget },
                    { QStringLiteral("files"),
                        QJsonArray { QJsonObject { { QStringLiteral("path"), QStringLiteral("README.md") },
                            { QStringLiteral("content_base64"), QStringLiteral("aGkK") } } } } } });
        }
        Launched l;
        QVERIFY(launch(provider, runId, json, &l));
        QCOMPARE(provider.harnessWorkspacePath(runId, l.spec), expectedTarget);
        // Written owner-only before start, for create to read.
        QVERIFY(QFileInfo::exists(l.envFile));
        QCOMPARE(modeOf(l.envFile), 0600);

        Watcher w(l.process.get());
        QSignalSpy started(l.process.get(), &SandboxedProcess::started);
        l.process->start();
        QVERIFY(started.wait(10000));
        QVERIFY2(!QFileInfo::exists(l.envFile), "the env file outlived docker create");
        QVERIFY(w.waitDone());
        QCOMPARE(w.o.exitCode, 0);

        const QList<Call> creates = fake.calls(QStringLiteral("create"));
        QCOMPARE(creates.size(), 1);
        const QStringList a = creates.at(0).args;
        QCOMPARE(valueAfter(a, QStringLiteral("--name")), QStringLiteral("checkfu-") + runId);
        QCOMPARE(valuesAfter(a, QStringLiteral("--label")),
            QStringList(
                { QStringLiteral("io.checkfu.runner=") + Instance, QStringLiteral("io.checkfu.run-id=") + runId }));
        if (network == QLatin1String("none"))
            QCOMPARE(valueAfter(a, QStringLiteral("--network")), QStringLiteral("none"));
        else
            QVERIFY(!a.contains(QStringLiteral("--network")));
        QCOMPARE(valueAfter(a, QStringLiteral("--cpus")), QStringLiteral("1.500"));
        QCOMPARE(valueAfter(a, QStringLiteral("--memory")), QStringLiteral("256m"));
        QCOMPARE(valueAfter(a, QStringLiteral("--memory-swap")), QStringLiteral("256m")); // no swap beyond it
        QCOMPARE(valueAfter(a, QStringLiteral("--pids-limit")), QStringLiteral("4096"));
        QCOMPARE(valueAfter(a, QStringLiteral("--log-driver")), QStringLiteral("none")); // no log on disk (ZDR)
        QCOMPARE(valueAfter(a, QStringLiteral("--cap-drop")), QStringLiteral("ALL"));
        QCOMPARE(valueAfter(a, QStringLiteral("--security-opt")), QStringLiteral("no-new-privileges"));
        QVERIFY(a.contains(QStringLiteral("--interactive")));
        QCOMPARE(valuesAfter(a, QStringLiteral("--volume")),
            QStringList({ provider.workspacePath(runId) + QLatin1Char(':') + expectedTarget,
                l.runDir + QStringLiteral("/home:/checkfu/home") }));
        QCOMPARE(valueAfter(a, QStringLiteral("--workdir")), expectedTarget);
        QCOMPARE(valueAfter(a, QStringLiteral("--env-file")), l.envFile);
        // A daemon that is not rootless would make workspace files root's: run as the person.
        if (::getuid() != 0)
            QCOMPARE(valueAfter(a, QStringLiteral("--user")), QStringLiteral("%1:%2").arg(::getuid()).arg(::getgid()));
        // The image's own entrypoint is replaced by argv[0]; the rest follows the image.
        QCOMPARE(a.mid(a.size() - 5),
            QStringList({ QStringLiteral("--entrypoint"), QStringLiteral("/usr/bin/harness"), Image,
                QStringLiteral("--flag"), QStringLiteral("two words") }));

        // The env file as create saw it: the spec's variables and the container's HOME, not the host's PATH.
        QCOMPARE(creates.at(0).envMode, QStringLiteral("600"));
        const QList<QByteArray> lines = creates.at(0).env.split('\n');
        QVERIFY2(lines.contains("SPEC_VAR=a b=c"), creates.at(0).env.constData());
        QVERIFY2(lines.contains("HOME=/checkfu/home"), creates.at(0).env.constData());
        for (const QByteArray &line : lines) {
            QVERIFY2(!line.startsWith("PATH=") && !line.startsWith("TMPDIR="), line.constData());
            QVERIFY2(!line.contains(fake.path().toUtf8()), line.constData()); // no host path leaks in
        }

        // The attach call names the container create printed.
        const QList<Call> starts = fake.calls(QStringLiteral("start"));
        QCOMPARE(starts.size(), 1);
        QCOMPARE(starts.at(0).args,
            QStringList(
                { QStringLiteral("start"), QStringLiteral("--attach"), QStringLiteral("--interactive"), ContainerId }));
        provider.teardown(runId);
    }

    void theCursorKeyReachesOnlyTheMatchingContainer_data()
    {
        QTest::addColumn<QString>("digest");
        QTest::addColumn<bool>("getsKey");
        QTest::newRow("matching lane") << Digest << true;
        QTest::newRow("other digest") << (QStringLiteral("sha256:") + Hex32 + QString(Hex32).replace(u'0', u'f'))
                                      << false;
    }

    void theCursorKeyReachesOnlyTheMatchingContainer()
    {
        QFETCH(QString, digest);
        QFETCH(bool, getsKey);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"), QStringLiteral("exit 0"));
        DockerProvider::Options options = fake.options();
        options.cursor = cursorLane();
        DockerProvider provider(options);
        const QString runId = QStringLiteral("run_cursor");
        // A spec cannot smuggle its own value in under the key's name.
        const QJsonObject json = withCursorModel(
            containerSpecJson(QStringLiteral("none"), { { QStringLiteral("CURSOR_API_KEY"), QStringLiteral("spec") } }),
            digest);
        Launched l;
        QVERIFY(launch(provider, runId, json, &l));
        Watcher w(l.process.get());
        l.process->start();
        QVERIFY(w.waitDone());
        QCOMPARE(w.o.exitCode, 0);
        QVERIFY(!QFileInfo::exists(l.envFile));

        const QList<Call> creates = fake.calls(QStringLiteral("create"));
        QCOMPARE(creates.size(), 1);
        const QList<QByteArray> lines = creates.at(0).env.split('\n');
        if (getsKey)
            QVERIFY(lines.contains("CURSOR_API_KEY=" + CursorKey.toUtf8()));
        for (const QByteArray &line : lines) {
            if (!getsKey)
                QVERIFY2(!line.startsWith("CURSOR_API_KEY="), line.constData());
            QVERIFY(line != "CURSOR_API_KEY=spec");
        }
        // Only through the env file: never in a process argument.
        const QList<Call> all = fake.calls();
        QVERIFY(all.size() >= 2);
        for (const Call &call : all)
            for (const QString &arg : call.args)
                QVERIFY2(!arg.contains(CursorKey), qPrintable(call.args.join(u' ')));
        // Nor left anywhere in the run directory.
        QVERIFY(IntegrationSupport::filesContaining({ l.runDir }, CursorKey.toUtf8()).isEmpty());
        provider.teardown(runId);
    }

    void aLineBreakInTheEnvironmentFailsBeforeDocker()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        DockerProvider provider(fake.options());
        // §6.2: the parser refuses it (invalid_run_spec) ...
        RunSpec refused;
        QString error;
        QVERIFY(!parseSpec(
            containerSpecJson(QStringLiteral("none"), { { QStringLiteral("MULTI_LINE"), QStringLiteral("one\ntwo") } }),
            &refused, &error));
        QVERIFY2(error.contains(QStringLiteral("MULTI_LINE")) && error.contains(QStringLiteral("line break")),
            qPrintable(error));
        // ... and the provider, should one reach it anyway, never writes it into the env file, where it
        // would start a second variable.
        Launched l;
        QVERIFY(parseSpec(containerSpecJson(QStringLiteral("none")), &l.spec, &error));
        l.spec.env.insert(QStringLiteral("MULTI_LINE"), QStringLiteral("one\nLD_PRELOAD=/tmp/x.so"));
        QVERIFY2(provider.prepare(QStringLiteral("run_newline"), l.spec, &error), qPrintable(error));
        l.envFile
            = QFileInfo(provider.workspacePath(QStringLiteral("run_newline"))).path() + QStringLiteral("/.docker-env");
        l.process = provider.launch(QStringLiteral("run_newline"), l.spec, nullptr);
        Watcher w(l.process.get());
        l.process->start();
        QVERIFY(w.waitDone());
        QVERIFY2(w.o.startError.contains(QStringLiteral("MULTI_LINE")), qPrintable(w.o.startError));
        QCOMPARE(w.o.startedCount, 0);
        QCOMPARE(w.o.exitCode, -2);
        QVERIFY(!l.process->isRunning());
        QVERIFY(fake.calls().isEmpty());
        QVERIFY(!QFileInfo::exists(l.envFile));
        provider.teardown(QStringLiteral("run_newline"));
    }

    // §6.2: the docker CLI runs with a fixed environment of the Runner's choosing. Nothing of the run
    // (its variables reach the container only through the env file) and nothing else of the Runner's
    // own environment (secrets, loader variables) reaches any docker call; the person's Docker setup does.
    void theCliGetsOnlyAFixedEnvironment()
    {
        const QByteArray runnerSecret = "runner-token-SECRET-7c1e";
        const QByteArray specSecret = "spec-value-SECRET-93ab";
        const QList<std::pair<QByteArray, QByteArray>> runnerEnv { { "CHECKFU_RUNNER_TOKEN", runnerSecret },
            { "LD_LIBRARY_PATH", "/nonexistent/canary-libs" }, { "GCONV_PATH", "/nonexistent/gconv" },
            { "DOCKER_HOST", "unix:///nonexistent/docker.sock" }, { "DOCKER_CONTEXT", "person-context" },
            { "DOCKER_CONFIG", "/nonexistent/docker-config" } };
        for (const auto &[name, value] : runnerEnv)
            qputenv(name.constData(), value);
        const auto restore = qScopeGuard([&] {
            for (const auto &entry : runnerEnv)
                qunsetenv(entry.first.constData());
        });

        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"),
            QStringLiteral("trap '' TERM; : > \"$FAKE_DIR/ready\"; while :; do sleep 0.1; done"));
        fake.set(QStringLiteral("ps.out"), QStringLiteral("aaa111\n"));
        DockerProvider::Options options = fake.options();
        options.cursor = cursorLane();
        DockerProvider provider(options);
        QSignalSpy checked(&provider, &DockerProvider::checked);
        provider.check();
        QVERIFY(checked.wait(10000));
        provider.sweep();
        QTRY_VERIFY_WITH_TIMEOUT(provider.findChildren<DockerCommand *>().isEmpty(), 10000);

        // A run that sets loader variables, a secret of its own, and asks for the Cursor key.
        const QString runId = QStringLiteral("run_cli_env");
        const QJsonObject json
            = withCursorModel(containerSpecJson(QStringLiteral("none"),
                                  { { QStringLiteral("LD_PRELOAD"), QStringLiteral("/tmp/evil.so") },
                                      { QStringLiteral("SPEC_SECRET"), QString::fromUtf8(specSecret) },
                                      { QStringLiteral("PATH"), QStringLiteral("/run/evil/bin") } }),
                Digest);
        Launched l;
        QVERIFY(launch(provider, runId, json, &l));
        Watcher w(l.process.get());
        l.process->start();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(fake.path() + QStringLiteral("/ready")), 10000);
        l.process->terminate(300); // docker kill --signal TERM, then the hard kill
        QVERIFY(w.waitDone(10000));
        provider.teardown(runId);
        QTRY_VERIFY_WITH_TIMEOUT(fake.calls(QStringLiteral("kill")).size() == 2, 5000);
        // The fire-and-forget cleanup call too.
        DockerCommand::runDetached(fake.program(), { QStringLiteral("kill"), QStringLiteral("detached") });
        QTRY_VERIFY_WITH_TIMEOUT(fake.calls(QStringLiteral("kill")).size() == 3, 5000);

        // The run's variables did reach the container.
        const QList<QByteArray> envLines = fake.calls(QStringLiteral("create")).value(0).env.split('\n');
        QVERIFY(envLines.contains("SPEC_SECRET=" + specSecret));
        QVERIFY(envLines.contains("LD_PRELOAD=/tmp/evil.so"));

        const QList<Call> calls = fake.calls();
        QStringList commands;
        for (const Call &call : calls)
            commands.append(call.args.value(0));
        for (const char *command : { "info", "ps", "rm", "create", "start", "kill" })
            QVERIFY2(commands.contains(QLatin1String(command)), qPrintable(commands.join(u' ')));
        const QStringList allowed { QStringLiteral("PATH"), QStringLiteral("HOME"), QStringLiteral("DOCKER_HOST"),
            QStringLiteral("DOCKER_CONTEXT"), QStringLiteral("DOCKER_CONFIG"), QStringLiteral("DOCKER_CERT_PATH"),
            QStringLiteral("DOCKER_TLS_VERIFY") };
        for (const Call &call : calls) {
            const QString what = call.args.join(u' ');
            QVERIFY2(!call.environment.isEmpty(), qPrintable(what));
            for (auto it = call.environment.cbegin(); it != call.environment.cend(); ++it) {
                QVERIFY2(allowed.contains(it.key()), qPrintable(it.key() + QStringLiteral(" reached: ") + what));
                QVERIFY2(!it.value().toUtf8().contains(runnerSecret) && !it.value().toUtf8().contains(specSecret)
                        && !it.value().contains(CursorKey),
                    qPrintable(it.key() + QStringLiteral(" carries a secret: ") + what));
            }
            // The person's Docker setup is the CLI's, exactly.
            QCOMPARE(call.environment.value(QStringLiteral("DOCKER_HOST")),
                QStringLiteral("unix:///nonexistent/docker.sock"));
            QCOMPARE(call.environment.value(QStringLiteral("DOCKER_CONTEXT")), QStringLiteral("person-context"));
            QCOMPARE(
                call.environment.value(QStringLiteral("DOCKER_CONFIG")), QStringLiteral("/nonexistent/docker-config"));
            QCOMPARE(call.environment.value(QStringLiteral("PATH")), qEnvironmentVariable("PATH"));
            QCOMPARE(call.environment.value(QStringLiteral("HOME")), qEnvironmentVariable("HOME"));
            // No value of the run's environment (nor the key) on any command line.
            for (const QString &arg : call.args) {
                QVERIFY2(!arg.contains(QString::fromUtf8(specSecret)) && !arg.contains(CursorKey)
                        && !arg.contains(QStringLiteral("/tmp/evil.so")) && !arg.contains(QStringLiteral("/run/evil")),
                    qPrintable(what));
            }
        }
    }

    void aFailingCreateIsAStartFailure()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("create.mode"), QStringLiteral("fail"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_nocreate"), containerSpecJson(QStringLiteral("none")), &l));
        QVERIFY(QFileInfo::exists(l.envFile));
        Watcher w(l.process.get());
        l.process->start();
        QVERIFY(w.waitDone());
        QVERIFY2(w.o.startError.contains(QStringLiteral("pull access denied")), qPrintable(w.o.startError));
        QCOMPARE(w.o.startedCount, 0);
        QVERIFY(!l.process->isRunning());
        QVERIFY2(!QFileInfo::exists(l.envFile), "the env file outlived a failed docker create");
        QCOMPARE(fake.calls(QStringLiteral("create")).size(), 1);
        QVERIFY(fake.calls(QStringLiteral("start")).isEmpty());
        provider.teardown(QStringLiteral("run_nocreate"));
    }

    // --- Stdio ----------------------------------------------------------------------------------

    void stdioGoesThroughTheAttachedCli_data()
    {
        QTest::addColumn<bool>("beforeCreateReturns");
        QTest::newRow("after start") << false;
        QTest::newRow("while creating") << true;
    }

    void stdioGoesThroughTheAttachedCli()
    {
        QFETCH(bool, beforeCreateReturns);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"), QStringLiteral("cat; echo done; echo oops >&2; exit 3"));
        if (beforeCreateReturns)
            fake.set(QStringLiteral("create.delay"), QStringLiteral("0.5"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_stdio"), containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        QSignalSpy started(l.process.get(), &SandboxedProcess::started);
        l.process->start();
        if (beforeCreateReturns) {
            QVERIFY(l.process->isRunning());
            QCOMPARE(started.size(), 0);
        } else {
            QVERIFY(started.wait(10000));
        }
        l.process->writeStdin("hi\n");
        l.process->closeStdin();
        QVERIFY(w.waitDone());
        QCOMPARE(started.size(), 1);
        QCOMPARE(w.o.out, QByteArray("hi\ndone\n"));
        QCOMPARE(w.o.err, QByteArray("oops\n"));
        QCOMPARE(w.o.exitCode, 3);
        QCOMPARE(w.o.signalNumber, 0);
        QVERIFY(!l.process->isRunning());
        provider.teardown(QStringLiteral("run_stdio"));
    }

    // --- Ending a run ---------------------------------------------------------------------------

    void terminateAsksThenKillsAfterTheGrace()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        // Ignores TERM; short sleeps so nothing outlives the KILL for long.
        fake.set(QStringLiteral("start.sh"),
            QStringLiteral("trap '' TERM; : > \"$FAKE_DIR/ready\"; while :; do sleep 0.1; done"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_term"), containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        l.process->start();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(fake.path() + QStringLiteral("/ready")), 10000);
        const int graceMs = 400;
        QElapsedTimer timer;
        timer.start();
        l.process->terminate(graceMs);
        QTRY_COMPARE_WITH_TIMEOUT(fake.calls(QStringLiteral("kill")).size(), 1, 5000);
        QCOMPARE(fake.calls(QStringLiteral("kill")).at(0).args,
            QStringList({ QStringLiteral("kill"), QStringLiteral("--signal"), QStringLiteral("TERM"), ContainerId }));
        QVERIFY(w.waitDone(graceMs + 10000));
        QVERIFY2(timer.elapsed() >= graceMs - 50, qPrintable(QString::number(timer.elapsed())));
        QVERIFY(!l.process->isRunning());
        // Then the hard kill: `docker kill` defaults to KILL, so either spelling.
        const QList<Call> kills = fake.calls(QStringLiteral("kill"));
        QCOMPARE(kills.size(), 2);
        const QStringList second = kills.at(1).args;
        QVERIFY2(second == QStringList({ QStringLiteral("kill"), ContainerId })
                || second
                    == QStringList(
                        { QStringLiteral("kill"), QStringLiteral("--signal"), QStringLiteral("KILL"), ContainerId }),
            qPrintable(second.join(u' ')));
        provider.teardown(QStringLiteral("run_term"));
    }

    void aPoliteHarnessIsNotKilled()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"),
            QStringLiteral("trap 'exit 143' TERM; : > \"$FAKE_DIR/ready\"; while :; do sleep 0.1; done"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_polite"), containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        l.process->start();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(fake.path() + QStringLiteral("/ready")), 10000);
        l.process->terminate(1000);
        QVERIFY(w.waitDone(5000));
        QCOMPARE(w.o.exitCode, 143);
        QCOMPARE(w.o.signalNumber, 0);
        QTest::qWait(1500); // past the grace: the kill timer stopped with the exit
        QCOMPARE(fake.calls(QStringLiteral("kill")).size(), 1);
        provider.teardown(QStringLiteral("run_polite"));
    }

    void killIsImmediate()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"),
            QStringLiteral("trap '' TERM; : > \"$FAKE_DIR/ready\"; while :; do sleep 0.1; done"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_kill"), containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        l.process->start();
        QTRY_VERIFY_WITH_TIMEOUT(QFileInfo::exists(fake.path() + QStringLiteral("/ready")), 10000);
        l.process->kill();
        QVERIFY(w.waitDone(5000));
        QVERIFY(!l.process->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(!fake.calls(QStringLiteral("kill")).isEmpty(), 5000);
        QCOMPARE(fake.calls(QStringLiteral("kill")).at(0).args, QStringList({ QStringLiteral("kill"), ContainerId }));
        provider.teardown(QStringLiteral("run_kill"));
    }

    void terminateWhileCreatingEndsAtOnce()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("create.delay"), QStringLiteral("1"));
        fake.set(QStringLiteral("start.sh"), QStringLiteral("exit 0"));
        DockerProvider provider(fake.options());
        Launched l;
        QVERIFY(launch(provider, QStringLiteral("run_early"), containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        l.process->start();
        QElapsedTimer timer;
        timer.start();
        l.process->terminate(5000);
        QVERIFY(w.waitDone(5000));
        QVERIFY2(timer.elapsed() < 900, qPrintable(QString::number(timer.elapsed())));
        QCOMPARE(w.o.exitCode, -1);
        QCOMPARE(w.o.signalNumber, int(SIGKILL));
        QCOMPARE(w.o.startedCount, 0);
        QVERIFY(!l.process->isRunning());
        QVERIFY(!QFileInfo::exists(l.envFile));
        QTest::qWait(1500); // past the delay: the abandoned create must not lead to an attach
        QVERIFY(fake.calls(QStringLiteral("start")).isEmpty());
        provider.teardown(QStringLiteral("run_early"));
    }

    void teardownRemovesTheContainerAndTheRunDirectory()
    {
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("start.sh"), QStringLiteral("exit 0"));
        DockerProvider provider(fake.options());
        const QString runId = QStringLiteral("run_down");
        Launched l;
        QVERIFY(launch(provider, runId, containerSpecJson(QStringLiteral("none")), &l));
        Watcher w(l.process.get());
        l.process->start();
        QVERIFY(w.waitDone());
        QVERIFY(QFileInfo(l.runDir).isDir());
        provider.teardown(runId);
        QVERIFY(!QFileInfo::exists(l.runDir));
        const QList<Call> rms = fake.calls(QStringLiteral("rm"));
        QCOMPARE(rms.size(), 1);
        QCOMPARE(rms.at(0).args,
            QStringList({ QStringLiteral("rm"), QStringLiteral("--force"), QStringLiteral("--volumes"),
                QStringLiteral("checkfu-") + runId }));
    }

    void sweepRemovesOurLeftovers_data()
    {
        QTest::addColumn<QString>("psOutput");
        QTest::addColumn<QStringList>("removed");
        QTest::newRow("two leftovers") << QStringLiteral("aaa111\nbbb222\n")
                                       << QStringList({ QStringLiteral("aaa111"), QStringLiteral("bbb222") });
        QTest::newRow("none") << QString() << QStringList();
    }

    void sweepRemovesOurLeftovers()
    {
        QFETCH(QString, psOutput);
        QFETCH(QStringList, removed);
        FakeDocker fake;
        QVERIFY(fake.isValid());
        fake.set(QStringLiteral("ps.out"), psOutput);
        DockerProvider provider(fake.options());
        provider.sweep();
        // The sweep is over when its commands (each deleting itself) are gone.
        QVERIFY(!provider.findChildren<DockerCommand *>().isEmpty());
        QTRY_VERIFY_WITH_TIMEOUT(provider.findChildren<DockerCommand *>().isEmpty(), 10000);
        const QList<Call> calls = fake.calls();
        QVERIFY(!calls.isEmpty());
        QCOMPARE(calls.at(0).args,
            QStringList({ QStringLiteral("ps"), QStringLiteral("-aq"), QStringLiteral("--filter"),
                QStringLiteral("label=io.checkfu.runner=") + Instance }));
        if (removed.isEmpty()) {
            QCOMPARE(calls.size(), 1);
        } else {
            QCOMPARE(calls.size(), 2);
            QCOMPARE(calls.at(1).args, QStringList({ QStringLiteral("rm"), QStringLiteral("-f") }) + removed);
        }
    }
};

QTEST_GUILESS_MAIN(TestDockerProvider)

#include "tst_dockerprovider.moc"
