// Container runs end to end (issue 5): a real Docker engine (Debian's dockerd, started by the
// test with its own data root and socket, vfs storage, images imported offline), the real
// Runner and the real devplane. Oneshot and ACP runs in containers, network none seen from
// inside, resources applied, containers gone after settlement and swept after a Runner SIGKILL,
// refusals that start nothing, and the Cursor lane's key kept inside its one container.
// Runtime: about 60-90 s (vfs copies the image for every container).
#include "DevPlaneProcess.h"
#include "DockerDaemon.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocalServer>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {
const QString profile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString otherDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('e'));
const QString cursorKey = QStringLiteral("cursor-canary-KEY-5f2c9a71d3b84e06");

QJsonObject dataOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("data")).toObject();
}

QStringList chunkTexts(const QList<QJsonObject> &events)
{
    QStringList texts;
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("acp.update"))) {
        const QJsonObject update = dataOf(e).value(QStringLiteral("update")).toObject();
        if (update.value(QStringLiteral("sessionUpdate")) == QLatin1String("agent_message_chunk"))
            texts.append(update.value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString());
    }
    return texts;
}

// A docker CLI process the Runner started: what other local users could read of it (its command
// line) and what it was handed (its environment; the test runs as root, so it can read it).
struct CliProcess
{
    qint64 pid = 0;
    QByteArray cmdline;
    QMap<QByteArray, QByteArray> environment;
};

QByteArray readProcFile(qint64 pid, const char *name)
{
    QFile f(QStringLiteral("/proc/%1/%2").arg(pid).arg(QLatin1String(name)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QList<CliProcess> dockerCliChildrenOf(qint64 parentPid, const QString &dockerProgram)
{
    const QString cli = QFileInfo(dockerProgram).canonicalFilePath();
    QList<CliProcess> out;
    for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool ok = false;
        const qint64 pid = name.toLongLong(&ok);
        if (!ok || QFileInfo(QStringLiteral("/proc/%1/exe").arg(pid)).canonicalFilePath() != cli)
            continue;
        qint64 ppid = -1;
        for (const QByteArray &line : readProcFile(pid, "status").split('\n'))
            if (line.startsWith("PPid:"))
                ppid = line.mid(5).trimmed().toLongLong();
        if (ppid != parentPid)
            continue;
        CliProcess p;
        p.pid = pid;
        p.cmdline = readProcFile(pid, "cmdline").replace('\0', ' ');
        for (const QByteArray &entry : readProcFile(pid, "environ").split('\0')) {
            const qsizetype eq = entry.indexOf('=');
            if (eq > 0)
                p.environment.insert(entry.left(eq), entry.mid(eq + 1));
        }
        out.append(p);
    }
    return out;
}

} // namespace

class TestDocker : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void advertisesDockerWithoutTheKey();
    void oneshotInContainerWithNetworkNone();
    void resourcesAppliedAndContainerRemoved();
    void acpRunInContainer();
    void refusalsStartNothing();
    void containerRunWithoutDockerIsRefused();
    void cursorKeyOnlyInTheMatchingContainer();
    void runEnvironmentNeverReachesTheDockerCli();
    void hostileHarnessSeesNoHomeNoSocketAndLeavesNothing();
    void leftoverContainerSweptAfterRunnerKill(); // last: it kills the shared Runner

private:
    QJsonObject containerSpec(const QString &image, const QStringList &argv, const QString &prompt = {}) const;
    QString create(const QJsonObject &spec, QString *runId, QString *error) const;
    QJsonArray containersOf(const QString &runId) const
    {
        return m_docker.containers(QStringLiteral("io.checkfu.run-id=%1").arg(runId));
    }
    bool waitForEvent(const QString &sessionId, const QString &kind, int timeoutMs) const;
    std::unique_ptr<RunnerProcess> startRunner(QString *error, std::shared_ptr<RunnerHome> home = {});

    DockerDaemon m_docker;
    QString m_busybox;
    QString m_nodeImage;
    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_principal;
};

std::unique_ptr<RunnerProcess> TestDocker::startRunner(QString *error, std::shared_ptr<RunnerHome> home)
{
    auto runner = std::make_unique<RunnerProcess>(std::move(home));
    runner->setEnv(QStringLiteral("DOCKER_HOST"), m_docker.host());
    runner->setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION"), profile);
    // §6.2: the release digest is the harness image's own (here the local busybox image's id).
    runner->setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST"), m_busybox);
    runner->setEnv(QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("cursor-auto"));
    runner->setEnv(QStringLiteral("CURSOR_API_KEY"), cursorKey);
    if (pairAndWaitReady(*m_devplane, *runner, error).isEmpty())
        return nullptr;
    return runner;
}

void TestDocker::initTestCase()
{
    QString error;
    QVERIFY2(m_docker.start(&error), qPrintable(error));
    m_busybox = m_docker.importBusybox(&error);
    QVERIFY2(!m_busybox.isEmpty(), qPrintable(error));
    m_nodeImage = m_docker.importNodeAgent(QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp"), &error);
    QVERIFY2(!m_nodeImage.isEmpty(), qPrintable(error));
    m_devplane = std::make_unique<DevPlaneProcess>();
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
    m_runner = startRunner(&error);
    QVERIFY2(m_runner, qPrintable(error));
}

void TestDocker::cleanupTestCase()
{
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
    m_docker.stop();
}

QJsonObject TestDocker::containerSpec(const QString &image, const QStringList &argv, const QString &prompt) const
{
    QJsonObject spec = oneshotRunSpec(m_principal, argv, {}, prompt);
    spec = withPath(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("tier") },
        QStringLiteral("container"));
    spec = withPath(spec, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") },
        QStringLiteral("none"));
    spec = withPath(
        spec, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("kind") }, QStringLiteral("oci"));
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("image") }, image);
    return spec;
}

QString TestDocker::create(const QJsonObject &spec, QString *runId, QString *error) const
{
    const QJsonObject created = m_devplane->createSessionFromSpec(spec, {}, error);
    if (runId)
        *runId = created.value(QStringLiteral("run_id")).toString();
    return created.value(QStringLiteral("session_id")).toString();
}

bool TestDocker::waitForEvent(const QString &sessionId, const QString &kind, int timeoutMs) const
{
    QDeadlineTimer deadline(timeoutMs);
    while (!deadline.hasExpired()) {
        if (!eventsOfKind(eventList(m_devplane->sessionEvents(sessionId)), kind).isEmpty())
            return true;
        QTest::qWait(100);
    }
    return false;
}

// §5: docker is advertised because a daemon answers; the Cursor tuple is there, the key never.
void TestDocker::advertisesDockerWithoutTheKey()
{
    const QString runnerId = m_runner->home()->storedRunnerId();
    const QJsonObject presence = m_devplane->presence(runnerId);
    const QJsonArray providers
        = presence.value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("providers")).toArray();
    QJsonObject docker;
    for (const QJsonValue &p : providers)
        if (p.toObject().value(QStringLiteral("id")) == QLatin1String("docker"))
            docker = p.toObject();
    QVERIFY2(!docker.isEmpty(), dumpJson(presence).constData());
    QCOMPARE(docker.value(QStringLiteral("tiers")).toArray(), QJsonArray { QStringLiteral("container") });
    QCOMPARE(docker.value(QStringLiteral("network_modes")).toArray(), QJsonArray { QStringLiteral("none") });
    QCOMPARE(docker.value(QStringLiteral("launch_kinds")).toArray(), QJsonArray { QStringLiteral("oci") });
    const QJsonObject model = docker.value(QStringLiteral("harness_owned_models")).toArray().at(0).toObject();
    QCOMPARE(model.value(QStringLiteral("harness_profile_version")).toString(), profile);
    QCOMPARE(model.value(QStringLiteral("harness_release_digest")).toString(), m_busybox);
    QVERIFY(!QJsonDocument(presence).toJson().contains(cursorKey.toUtf8()));
}

void TestDocker::oneshotInContainerWithNetworkNone()
{
    QString error, runId;
    const QString sessionId
        = create(containerSpec(m_busybox,
                     { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                         QStringLiteral("ip -o link; echo cwd=$(pwd) home=$HOME; cat; echo; "
                                        "echo secret=${CURSOR_API_KEY:-absent}; echo made > made.txt") },
                     QStringLiteral("hello from stdin")),
            &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    // network none: the only interface is the loopback.
    const QStringList links = out.split(QLatin1Char('\n')).filter(QStringLiteral(": <"));
    QCOMPARE(links.size(), 1);
    QVERIFY2(links.first().contains(QStringLiteral("lo:")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("cwd=/workspace home=/checkfu/home")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("hello from stdin")), qPrintable(out));
    // No model in the spec: no key, even though this Runner holds one.
    QVERIFY2(out.contains(QStringLiteral("secret=absent")), qPrintable(out));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("run.started")).value(0))
                 .value(QStringLiteral("provider"))
                 .toString(),
        QStringLiteral("docker"));
    // Gone after settlement: the container and the run directory.
    QTRY_VERIFY2_WITH_TIMEOUT(containersOf(runId).isEmpty(), dumpJson(containersOf(runId)).constData(), 10000);
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(m_runner->home()->runDir(runId)), 10000);
}

void TestDocker::resourcesAppliedAndContainerRemoved()
{
    QJsonObject spec = containerSpec(m_busybox, { QStringLiteral("/bin/sleep"), QStringLiteral("300") });
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
            QStringLiteral("cpu_millis") },
        1500);
    spec = withPath(spec,
        { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("resources"),
            QStringLiteral("memory_mib") },
        256);
    QString error, runId;
    const QString sessionId = create(spec, &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QVERIFY2(waitForEvent(sessionId, QStringLiteral("run.started"), 60000), "the run did not start");
    QTRY_VERIFY_WITH_TIMEOUT(containersOf(runId).size() == 1, 10000);
    const QJsonObject inspect = m_docker.inspect(QStringLiteral("checkfu-") + runId);
    const QJsonObject host = inspect.value(QStringLiteral("HostConfig")).toObject();
    QCOMPARE(host.value(QStringLiteral("NanoCpus")).toInteger(), qint64(1500000000));
    QCOMPARE(host.value(QStringLiteral("Memory")).toInteger(), qint64(256) * 1024 * 1024);
    QCOMPARE(host.value(QStringLiteral("PidsLimit")).toInteger(), qint64(4096));
    QCOMPARE(host.value(QStringLiteral("NetworkMode")).toString(), QStringLiteral("none"));
    QCOMPARE(host.value(QStringLiteral("LogConfig")).toObject().value(QStringLiteral("Type")).toString(),
        QStringLiteral("none"));
    QVERIFY(host.value(QStringLiteral("CapDrop")).toArray().contains(QStringLiteral("ALL")));
    const QJsonObject labels
        = inspect.value(QStringLiteral("Config")).toObject().value(QStringLiteral("Labels")).toObject();
    QCOMPARE(labels.value(QStringLiteral("io.checkfu.run-id")).toString(), runId);
    QVERIFY(!labels.value(QStringLiteral("io.checkfu.runner")).toString().isEmpty());
    bool workspaceMounted = false;
    for (const QJsonValue &m : inspect.value(QStringLiteral("Mounts")).toArray())
        workspaceMounted |= m.toObject().value(QStringLiteral("Destination")) == QLatin1String("/workspace")
            && m.toObject().value(QStringLiteral("Source")).toString()
                == m_runner->home()->runDir(runId) + QStringLiteral("/workspace");
    QVERIFY2(workspaceMounted, dumpJson(inspect.value(QStringLiteral("Mounts"))).constData());

    QVERIFY2(m_devplane->cancelSession(sessionId, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
    QTRY_VERIFY2_WITH_TIMEOUT(containersOf(runId).isEmpty(), dumpJson(containersOf(runId)).constData(), 10000);
}

// The ACP driver works unchanged in a container; the agent's paths are container paths.
void TestDocker::acpRunInContainer()
{
    QJsonObject spec
        = containerSpec(m_nodeImage, { QStringLiteral("/usr/bin/node"), QStringLiteral("/opt/acp-peer/agent.mjs") },
            QStringLiteral("cwd; write {cwd}/notes/out.txt from the container; read {cwd}/notes/out.txt; "
                           "write /etc/escape.txt no"));
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
    QString error, runId;
    const QString sessionId = create(spec, &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QDeadlineTimer deadline(90000);
    QList<QJsonObject> events;
    while (!deadline.hasExpired()) {
        events = eventList(m_devplane->sessionEvents(sessionId));
        if (!eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty())
            break;
        QTest::qWait(200);
    }
    QVERIFY2(!eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty(), dumpEvents(events).constData());
    const QStringList texts = chunkTexts(events);
    QCOMPARE(texts.value(0), QStringLiteral("/workspace"));
    QCOMPARE(texts.value(1), QStringLiteral("write ok /workspace/notes/out.txt"));
    QCOMPARE(texts.value(2), QStringLiteral("read ok from the container\n"));
    QVERIFY2(texts.value(3).startsWith(QStringLiteral("write error -32602")), qPrintable(texts.value(3)));
    QVERIFY2(m_devplane->sessionCommand({ QStringLiteral("close"), sessionId }, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QTRY_VERIFY_WITH_TIMEOUT(containersOf(runId).isEmpty(), 10000);
}

void TestDocker::refusalsStartNothing()
{
    struct Case
    {
        QJsonObject spec;
        QString reason;
    };
    const QJsonObject base = containerSpec(m_busybox, { QStringLiteral("/bin/true") });
    const QList<Case> cases {
        { withPath(base, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("image") },
              QStringLiteral("busybox:latest")),
            QStringLiteral("invalid_run_spec") },
        { withPath(base, { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") },
              QStringLiteral("unrestricted")),
            QStringLiteral("network_boundary_unavailable") },
        // The key goes only into a container: a host-process run asking for the model is refused.
        { withPath(withPath(oneshotRunSpec(m_principal, { QStringLiteral("/bin/true") }),
                       { QStringLiteral("harness"), QStringLiteral("release_digest") }, m_busybox),
              { QStringLiteral("model") },
              QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
                  { QStringLiteral("provider"), QStringLiteral("cursor") },
                  { QStringLiteral("model"), QStringLiteral("cursor-auto") } }),
            QStringLiteral("harness_model_mismatch") },
    };
    for (const Case &c : cases) {
        QString error, runId;
        const QString sessionId = create(c.spec, &runId, &error);
        QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
        const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
        QVERIFY2(!settlement.isEmpty(), qPrintable(error));
        QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), c.reason);
        const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
        QVERIFY(eventsOfKind(events, QStringLiteral("run.started")).isEmpty());
        QVERIFY(containersOf(runId).isEmpty());
    }
}

// A Runner whose Docker does not answer advertises no docker and refuses container runs.
void TestDocker::containerRunWithoutDockerIsRefused()
{
    DevPlaneProcess devplane;
    QString error;
    QVERIFY2(devplane.start(&error), qPrintable(error));
    RunnerProcess runner;
    runner.setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
    QVERIFY2(!pairAndWaitReady(devplane, runner, &error).isEmpty(), qPrintable(error));
    const QJsonObject presence = devplane.presence(runner.home()->storedRunnerId());
    QVERIFY2(!QJsonDocument(presence).toJson().contains("\"docker\""), dumpJson(presence).constData());
    QJsonObject spec = containerSpec(m_busybox, { QStringLiteral("/bin/true") });
    spec = withPath(spec, { QStringLiteral("principal_id") }, devplane.defaultPrincipal());
    const QJsonObject created = devplane.createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = devplane.waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("tier_unavailable"));
    QVERIFY(containersOf(created.value(QStringLiteral("run_id")).toString()).isEmpty());
    runner.sendSignal(SIGTERM);
    runner.waitForExit(15000);
}

// §8: the key reaches exactly the container whose spec matches the tuple; never a command line,
// a log, the presence or an event; usage is recorded as absent.
void TestDocker::cursorKeyOnlyInTheMatchingContainer()
{
    const QJsonObject model { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
        { QStringLiteral("provider"), QStringLiteral("cursor") },
        { QStringLiteral("model"), QStringLiteral("cursor-auto") } };
    QJsonObject spec = containerSpec(m_busybox,
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("echo key-length=${#CURSOR_API_KEY}; echo key=$CURSOR_API_KEY; sleep 4") });
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("profile_version") }, profile);
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("release_digest") }, m_busybox);
    spec = withPath(spec, { QStringLiteral("model") }, model);
    QString error, runId;
    const QString sessionId = create(spec, &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QVERIFY2(waitForEvent(sessionId, QStringLiteral("output.stdout"), 60000), "no output");
    // While it runs: not in any process's command line (docker's included).
    QByteArray cmdlines;
    for (const ProcessInfo &p : processes())
        cmdlines += p.cmdline + '\n';
    QVERIFY2(!cmdlines.contains(cursorKey.toUtf8()), "the key is on a command line");
    const QStringList holding = filesContaining({ m_runner->home()->root() }, cursorKey.toUtf8());
    QVERIFY2(holding.isEmpty(), qPrintable(holding.join(QLatin1Char(' '))));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(
        settlement.value(QStringLiteral("usage")).toObject().value(QStringLiteral("model_usage_source")).toString(),
        QStringLiteral("absent"));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QVERIFY2(out.contains(QStringLiteral("key-length=%1").arg(cursorKey.size())), qPrintable(out));
    // The harness printed it; the Runner masked it before relaying (§6.3).
    QVERIFY2(out.contains(QStringLiteral("key=***")), qPrintable(out));
    QVERIFY(!QJsonDocument(m_devplane->sessionEvents(sessionId)).toJson().contains(cursorKey.toUtf8()));
    QVERIFY(!m_runner->logText().contains(cursorKey));
    QVERIFY(!m_runner->stdoutText().contains(cursorKey) && !m_runner->stderrText().contains(cursorKey));
    QVERIFY(
        !QJsonDocument(m_devplane->presence(m_runner->home()->storedRunnerId())).toJson().contains(cursorKey.toUtf8()));
    QVERIFY(!m_devplane->output().contains(cursorKey));

    // A different release digest, or the lane's exact tuple with another image (§6.2): refused,
    // nothing started.
    const QJsonObject otherImage
        = withPath(spec, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("image") }, m_nodeImage);
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("release_digest") }, otherDigest);
    for (const QJsonObject &mismatch : { spec, otherImage }) {
        const QString refused = create(mismatch, &runId, &error);
        QVERIFY2(!refused.isEmpty(), qPrintable(error));
        const QJsonObject refusal = m_devplane->waitSettled(refused, 30, &error);
        QCOMPARE(refusal.value(QStringLiteral("outcome")).toString(), QStringLiteral("refused"));
        QCOMPARE(refusal.value(QStringLiteral("reason")).toString(), QStringLiteral("harness_model_mismatch"));
        QVERIFY(eventsOfKind(eventList(m_devplane->sessionEvents(refused)), QStringLiteral("run.started")).isEmpty());
        QVERIFY(containersOf(runId).isEmpty());
    }
}

// §6.2: the run's environment is the harness's alone. A run that sets LD_PRELOAD to a compiled canary
// library (which logs every process loading it) and carries a secret gets both inside its container;
// the docker CLI processes the Runner starts never load the canary, and neither their command lines
// nor their environments (a fixed set of the Runner's choosing) hold anything of the run.
void TestDocker::runEnvironmentNeverReachesTheDockerCli()
{
    QTemporaryDir logDir;
    QVERIFY(logDir.isValid());
    const QString canaryLog = logDir.filePath(QStringLiteral("canary.log"));
    const QString runSecret = QStringLiteral("run-env-canary-SECRET-31d7c0a5");
    const QString canaryLib = QStringLiteral(CHECKFU_LAUNCH_CANARY_LIB);
    QVERIFY(QFileInfo::exists(canaryLib));
    QJsonObject spec = containerSpec(m_busybox,
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("echo preload=$LD_PRELOAD; echo secret-length=${#RUN_SECRET}; sleep 4") });
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("launch"), QStringLiteral("env") },
        QJsonObject { { QStringLiteral("LD_PRELOAD"), canaryLib }, { QStringLiteral("CHECKFU_CANARY_LOG"), canaryLog },
            { QStringLiteral("LD_LIBRARY_PATH"), logDir.path() }, { QStringLiteral("RUN_SECRET"), runSecret } });
    QString error, runId;
    const QString sessionId = create(spec, &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QVERIFY2(waitForEvent(sessionId, QStringLiteral("output.stdout"), 60000), "no output");

    // While it runs: the attached `docker start` (and any other docker call of the Runner).
    const QList<CliProcess> clis = dockerCliChildrenOf(m_runner->pid(), m_docker.dockerProgram());
    QVERIFY2(!clis.isEmpty(), "no docker CLI process of the Runner found while the run is live");
    const QList<QByteArray> allowed { "PATH", "HOME", "DOCKER_HOST", "DOCKER_CONTEXT", "DOCKER_CONFIG",
        "DOCKER_CERT_PATH", "DOCKER_TLS_VERIFY" };
    for (const CliProcess &cli : clis) {
        QVERIFY2(!cli.cmdline.contains(runSecret.toUtf8()) && !cli.cmdline.contains(canaryLib.toUtf8()),
            cli.cmdline.constData());
        for (auto it = cli.environment.cbegin(); it != cli.environment.cend(); ++it) {
            QVERIFY2(allowed.contains(it.key()), (it.key() + " reached " + cli.cmdline).constData());
            QVERIFY2(!it.value().contains(runSecret.toUtf8()) && !it.value().contains(cursorKey.toUtf8()),
                (it.key() + " of " + cli.cmdline).constData());
        }
        QCOMPARE(cli.environment.value("DOCKER_HOST"), m_docker.host().toUtf8());
    }

    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    // The harness did get the run's variables ...
    const QString out = QString::fromUtf8(
        outputBytes(eventList(m_devplane->sessionEvents(sessionId)), QStringLiteral("output.stdout")));
    QVERIFY2(out.contains(QStringLiteral("preload=") + canaryLib), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("secret-length=%1").arg(runSecret.size())), qPrintable(out));
    // ... and no process outside the container loaded the canary: the log names no docker CLI
    // (inside the container neither the library nor the log's directory exists).
    QFile log(canaryLog);
    const QByteArray loaded = log.open(QIODevice::ReadOnly) ? log.readAll() : QByteArray();
    const QString cli = QFileInfo(m_docker.dockerProgram()).canonicalFilePath();
    QVERIFY2(!loaded.contains(cli.toUtf8()) && !loaded.contains("/docker\n"), loaded.constData());
    QVERIFY2(loaded.isEmpty(), loaded.constData());
}

// A Runner killed mid-run leaves its container running; the next start sweeps it, and the run
// is settled failed/runner_restarted.
void TestDocker::leftoverContainerSweptAfterRunnerKill()
{
    QString error, runId;
    const QString sessionId
        = create(containerSpec(m_busybox, { QStringLiteral("/bin/sleep"), QStringLiteral("300") }), &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QVERIFY2(waitForEvent(sessionId, QStringLiteral("run.started"), 60000), "the run did not start");
    QTRY_VERIFY_WITH_TIMEOUT(containersOf(runId).size() == 1, 10000);
    const std::shared_ptr<RunnerHome> home = m_runner->home();
    m_runner->kill();
    QTest::qWait(1000);
    QCOMPARE(containersOf(runId).size(), 1); // the container outlived the Runner
    m_runner.reset();
    RunnerProcess restarted(home);
    restarted.setEnv(QStringLiteral("DOCKER_HOST"), m_docker.host());
    QVERIFY2(restarted.start(fileStoreStart(*m_devplane), &error), qPrintable(error));
    QTRY_VERIFY2_WITH_TIMEOUT(containersOf(runId).isEmpty(), dumpJson(containersOf(runId)).constData(), 30000);
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("runner_restarted"));
    restarted.sendSignal(SIGTERM);
    restarted.waitForExit(15000);
}

// §6.7, issue 13: a hostile harness in a container. A canary in the person's (fake) home, a Unix
// socket listening outside, and a daemon it double-forks: it sees neither file nor socket, and
// nothing of it outlives settlement.
void TestDocker::hostileHarnessSeesNoHomeNoSocketAndLeavesNothing()
{
    const QString home = m_runner->home()->homeDir();
    const QByteArray canary = "ssh-canary-b61e0d94";
    QVERIFY(QDir().mkpath(home + QStringLiteral("/.ssh")));
    {
        QFile key(home + QStringLiteral("/.ssh/id_ed25519"));
        QVERIFY(key.open(QIODevice::WriteOnly));
        key.write(canary);
    }
    QTemporaryDir socketDir;
    QVERIFY(socketDir.isValid());
    QLocalServer server;
    server.setSocketOptions(QLocalServer::WorldAccessOption);
    const QString socketPath = socketDir.filePath(QStringLiteral("agent.sock"));
    QVERIFY2(server.listen(socketPath), qPrintable(server.errorString()));
    int connections = 0;
    connect(&server, &QLocalServer::newConnection, this, [&] { ++connections; });

    // The daemon: `sleep 317`, in a new session, its parent gone at once (a double fork).
    const QString script = QStringLiteral("cat %1/.ssh/id_ed25519 2>/dev/null && echo key=read || echo key=unreadable; "
                                          "ls %1 >/dev/null 2>&1 && echo home=listed || echo home=absent; "
                                          "test -S %2 && echo socket=visible || echo socket=absent; "
                                          "(setsid sleep 317 </dev/null >/dev/null 2>&1 &); echo forked")
                               .arg(home, socketPath);
    QString error, runId;
    const QString sessionId
        = create(containerSpec(m_busybox, { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script }), &runId, &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    const QString out = QString::fromUtf8(outputBytes(events, QStringLiteral("output.stdout")));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QVERIFY2(out.contains(QStringLiteral("key=unreadable")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("home=absent")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("socket=absent")), qPrintable(out));
    QVERIFY2(out.contains(QStringLiteral("forked")), qPrintable(out));
    for (const QJsonObject &e : events)
        QVERIFY2(!QJsonDocument(e).toJson().contains(canary), dumpJson(e).constData());
    QCOMPARE(connections, 0);
    // Nothing of the run is left: no container, no daemon anywhere on the machine.
    QTRY_VERIFY2_WITH_TIMEOUT(containersOf(runId).isEmpty(), dumpJson(containersOf(runId)).constData(), 10000);
    const auto daemons = [] {
        int n = 0;
        for (const QString &name : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            bool ok = false;
            const qint64 pid = name.toLongLong(&ok);
            if (ok
                && readProcFile(pid, "cmdline")
                    == QByteArray("sleep\0"
                                  "317\0",
                        10))
                ++n;
        }
        return n;
    };
    QTRY_COMPARE_WITH_TIMEOUT(daemons(), 0, 10000);
}

CHECKFU_INTEGRATION_MAIN(TestDocker, 240000)
#include "tst_docker.moc"
