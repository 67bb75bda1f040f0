// The bubblewrap tier against a hostile run spec and harness (issue 13, wire §6.2, §6.7), with the
// real bwrap: the run's environment never reaches the launcher (a compiled LD_PRELOAD canary), no
// value of it shows in bwrap's command line, the person's home (a fake one with a canary key) and
// host Unix sockets are out of sight, and a harness under the home runs only when allowed.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/BubblewrapProvider.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocalServer>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <memory>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

using namespace runnercore;

using namespace IntegrationSupport;

namespace {
const QByteArray KeyCanary = "CANARY-PRIVATE-KEY-7f3a";
const QByteArray EnvCanary = "CANARY-ENV-VALUE-9c21";

RunSpec makeSpec(const QStringList &argv, const QMap<QString, QString> &env = {})
{
    RunSpec spec;
    spec.tier = SandboxTier::HostProcess;
    spec.network = NetworkPolicy::None;
    spec.retention = RetentionMode::Durable;
    spec.driver = QStringLiteral("checkfu:oneshot-v1@1");
    spec.launchKind = QStringLiteral("process");
    spec.argv = argv;
    spec.env = env;
    return spec;
}

struct Outcome
{
    QByteArray out;
    QByteArray err;
    int exitCode = -2;
    QString startError;
};

Outcome runToEnd(SandboxedProcess *process, int timeoutMs = 20000)
{
    Outcome o;
    bool done = false;
    QObject::connect(process, &SandboxedProcess::stdoutData, process, [&](const QByteArray &d) { o.out += d; });
    QObject::connect(process, &SandboxedProcess::stderrData, process, [&](const QByteArray &d) { o.err += d; });
    QObject::connect(process, &SandboxedProcess::exited, process, [&](int code, int) {
        o.exitCode = code;
        done = true;
    });
    QObject::connect(process, &SandboxedProcess::startFailed, process, [&](const QString &message) {
        o.startError = message;
        done = true;
    });
    process->start();
    QElapsedTimer timer;
    timer.start();
    while (!done && timer.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    return o;
}

bool writeFile(const QString &path, const QByteArray &content, QFileDevice::Permissions permissions = {})
{
    if (!QDir().mkpath(QFileInfo(path).path()))
        return false;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        return false;
    file.close();
    return permissions == QFileDevice::Permissions() || file.setPermissions(permissions);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Host pids of the live processes whose command line is exactly argv.
QList<qint64> processesRunning(const QStringList &argv)
{
    QByteArray wanted;
    for (const QString &arg : argv)
        wanted += arg.toUtf8() + '\0';
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (ok && readFile(QStringLiteral("/proc/%1/cmdline").arg(entry)) == wanted)
            found.append(pid);
    }
    return found;
}

// An abstract Unix socket (no file): reachable from every process of the host's network namespace.
int listenAbstract(const QByteArray &name)
{
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + 1, name.constData(), size_t(name.size()));
    const socklen_t length = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + size_t(name.size()));
    if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr *>(&address), length) != 0 || ::listen(fd, 4) != 0) {
        if (fd >= 0)
            ::close(fd);
        return -1;
    }
    return fd;
}
} // namespace

class TestBwrapHostile : public QObject
{
    Q_OBJECT
private:
    // Not under /tmp (the sandbox's /tmp is a fresh tmpfs: it would hide everything there anyway).
    QTemporaryDir m_tmp { QCoreApplication::applicationDirPath() + QStringLiteral("/bwrap-hostile-XXXXXX") };
    QString m_skip;
    QString m_home; // the person's (fake) home, holding the Runner's state as a real one would
    QString root() const { return AppPaths::dataDir() + QStringLiteral("/runs"); }

    bool prepare(BubblewrapProvider &provider, const QString &runId, const RunSpec &spec)
    {
        QString error;
        const bool ok = provider.prepare(runId, spec, &error);
        if (!ok)
            qWarning("prepare %s: %s", qPrintable(runId), qPrintable(error));
        return ok;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        const QString base = m_tmp.path();
        m_home = base + QStringLiteral("/home");
        qputenv("HOME", QFile::encodeName(m_home));
        qputenv("XDG_DATA_HOME", QFile::encodeName(m_home + QStringLiteral("/.local/share")));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home + QStringLiteral("/.config")));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(base + QStringLiteral("/xdg-runtime")));
        QVERIFY(QDir().mkpath(base + QStringLiteral("/xdg-runtime")));
        QVERIFY(QFile::setPermissions(base + QStringLiteral("/xdg-runtime"),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        QVERIFY(writeFile(m_home + QStringLiteral("/.ssh/id_rsa"), KeyCanary + '\n', QFileDevice::ReadOwner));
        QVERIFY(writeFile(m_home + QStringLiteral("/.docker/config.json"), "{\"auths\":\"" + KeyCanary + "\"}"));
        QVERIFY(writeFile(m_home + QStringLiteral("/.config/gh/hosts.yml"), "token: " + KeyCanary + '\n'));
        QVERIFY(writeFile(m_home + QStringLiteral("/.local/bin/tool"), "#!/bin/sh\necho \"tool ran: $*\"\n",
            QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        QVERIFY(QDir().mkpath(root()));
        // Before any logger exists ("sandbox" is created on first use and keeps the sink it got).
        Logging::init({ base + QStringLiteral("/logs"), false, spdlog::level::debug });

        const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
        if (bwrap.isEmpty()) {
            m_skip = QStringLiteral("bwrap is not installed (scripts/setup installs bubblewrap)");
            return;
        }
        QProcess probe;
        probe.start(bwrap,
            { QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"), QStringLiteral("--unshare-pid"),
                QStringLiteral("--unshare-net"), QStringLiteral("--proc"), QStringLiteral("/proc"),
                QStringLiteral("--dev"), QStringLiteral("/dev"), QStringLiteral("true") });
        if (!probe.waitForFinished(10000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
            m_skip = QStringLiteral("bwrap cannot create namespaces here: ")
                + QString::fromLocal8Bit(probe.readAllStandardError()).trimmed();
    }

    // (a) LD_PRELOAD of the run reaches the harness only: the canary logs every process that loaded it.
    void runEnvironmentNeverReachesBwrap()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        BubblewrapProvider provider(root());
        const QString runId = QStringLiteral("run_preload");
        QVERIFY(prepare(provider, runId, makeSpec({ QStringLiteral("true") })));
        // Inside the run, so the harness can load it and write its log (same paths in and out).
        const QString library = provider.workspacePath(runId) + QStringLiteral("/canary.so");
        const QString log = provider.runPath(runId) + QStringLiteral("/tmp/canary.log");
        QVERIFY(QFile::copy(QStringLiteral(CHECKFU_LAUNCH_CANARY_LIB), library));
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("echo ran") },
            { { QStringLiteral("LD_PRELOAD"), library }, { QStringLiteral("CHECKFU_CANARY_LOG"), log } });
        auto process = provider.launch(runId, spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, QByteArray("ran\n"));
        const QByteArray loaded = readFile(log);
        qInfo("processes that loaded the canary: %s", loaded.simplified().constData());
        // The harness loaded it: the variables did go inside the sandbox.
        QVERIFY2(
            loaded.contains(QFileInfo(QStringLiteral("/bin/sh")).canonicalFilePath().toUtf8()), loaded.constData());
        QVERIFY2(!loaded.contains("bwrap"), loaded.constData());
        provider.teardown(runId);
    }

    // (d) bwrap's own command line and environment hold no value of the run's environment; the
    // harness still gets it, and the Runner's debug log names the variables only.
    void launcherShowsNoEnvironmentValue()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        BubblewrapProvider provider(root());
        const QString runId = QStringLiteral("run_argv");
        // As the harness runs it: argv[0] resolved on the harness PATH.
        const QStringList sleep {
            QStandardPaths::findExecutable(QStringLiteral("sleep"),
                { QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/bin"), QStringLiteral("/bin") }),
            QString::number(2000000 + qint64(QCoreApplication::applicationPid()))
        };
        const RunSpec spec = makeSpec({ QStringLiteral("sleep"), sleep.at(1) },
            { { QStringLiteral("RUN_SECRET"), QString::fromLatin1(EnvCanary) },
                { QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("/nonexistent/") + QString::fromLatin1(EnvCanary) },
                { QStringLiteral("GCONV_PATH"), QStringLiteral("/nonexistent/gconv") } });
        QVERIFY(prepare(provider, runId, spec));
        auto process = provider.launch(runId, spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        process->start();
        QVERIFY(started.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(processesRunning(sleep).size(), 1, 10000);

        const QByteArray cmdline = readFile(QStringLiteral("/proc/%1/cmdline").arg(process->pid()));
        QVERIFY(!cmdline.isEmpty());
        QVERIFY2(!cmdline.contains(EnvCanary), cmdline.constData());
        QVERIFY2(!cmdline.contains("RUN_SECRET"), cmdline.constData());
        // bwrap's own environment: ours, fixed; nothing of the run's.
        const QByteArray launcherEnv = readFile(QStringLiteral("/proc/%1/environ").arg(process->pid()));
        QList<QByteArray> names;
        for (const QByteArray &entry : launcherEnv.split('\0')) {
            if (!entry.isEmpty())
                names.append(entry.left(entry.indexOf('=')));
        }
        std::sort(names.begin(), names.end());
        QCOMPARE(names, (QList<QByteArray> { "LANG", "PATH" }));
        // The harness has it.
        const QByteArray harnessEnv = readFile(QStringLiteral("/proc/%1/environ").arg(processesRunning(sleep).first()));
        QVERIFY2(harnessEnv.contains("RUN_SECRET=" + EnvCanary), harnessEnv.constData());
        QVERIFY(harnessEnv.contains("GCONV_PATH=/nonexistent/gconv"));

        process->kill();
        QTRY_VERIFY_WITH_TIMEOUT(!process->isRunning(), 5000);
        Logging::flush();
        const QByteArray logged = readFile(Logging::currentLogFile());
        QVERIFY2(logged.contains("RUN_SECRET"), logged.constData()); // the command is logged, by name
        QVERIFY2(!logged.contains(EnvCanary), logged.constData());
        provider.teardown(runId);
    }

    // (b) The person's home is not there: not its keys, not a listing of it. Nor /run, /var, /home.
    void personsHomeIsHidden()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        BubblewrapProvider provider(root());
        const QString script
            = QStringLiteral("for f in \"$H/.ssh/id_rsa\" \"$H/.docker/config.json\" \"$H/.config/gh/hosts.yml\"; do\n"
                             "  cat \"$f\" 2>/dev/null && echo \"READ $f\"\n"
                             "done\n"
                             "ls -A \"$H\" 2>/dev/null | sed 's/^/LISTED /'\n"
                             "echo \"root: $(ls -A / | tr '\\n' ' ')\"\n"
                             "cat /etc/passwd >/dev/null && echo 'system ok'\n"
                             "echo hi > \"$HOME/x\" && echo 'home ok'\n"
                             "(echo x > /stash) 2>/dev/null && echo STASHED\n"
                             "exit 0\n");
        const RunSpec spec = makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), script }, { { QStringLiteral("H"), m_home } });
        QVERIFY(prepare(provider, QStringLiteral("run_home"), spec));
        auto process = provider.launch(QStringLiteral("run_home"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(!o.out.contains(KeyCanary) && !o.out.contains("READ "), o.out.constData());
        // The real home's entries are not listed (the run's own directory lies below it here: at
        // most the path down to it shows, as empty directories).
        for (const char *entry : { "LISTED .ssh", "LISTED .docker", "LISTED .config" })
            QVERIFY2(!o.out.contains(entry), o.out.constData());
        QVERIFY2(o.out.contains("system ok\n") && o.out.contains("home ok\n"), o.out.constData());
        QVERIFY2(!o.out.contains("STASHED"), o.out.constData()); // the sandbox's own root is read-only
        const QByteArray rootLine = o.out.mid(o.out.indexOf("root: "));
        const QList<QByteArray> entries = rootLine.left(rootLine.indexOf('\n')).mid(6).simplified().split(' ');
        for (const char *never : { "run", "var", "home", "root", "sys", "srv", "mnt", "media", "boot" }) {
            if (QDir::cleanPath(m_tmp.path())
                    .startsWith(QLatin1Char('/') + QString::fromLatin1(never) + QLatin1Char('/')))
                continue; // the run itself lives there
            QVERIFY2(!entries.contains(QByteArray(never)), rootLine.constData());
        }
        provider.teardown(QStringLiteral("run_home"));
    }

    // Issue 35 (7): a read-only memory and skills (§6.8) stay read-only by every name the harness can
    // reach them under: the workspace target (/workspace/…) and the run directory's host path, which
    // the sandbox shows writable for the rest of the run (the relay's socket, its home, its tmp).
    void readOnlyMountsCannotBeWrittenThroughTheHostPath()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        BubblewrapProvider provider(root());
        const QString runId = QStringLiteral("run_readonly");
        const QString runDir = QFileInfo(provider.runPath(runId)).absoluteFilePath();
        RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral(
                "try() { chmod -R u+w \"$(dirname \"$1\")\" 2>/dev/null; (echo CHANGED > \"$1\") 2>/dev/null && echo "
                "\"WROTE $1\"; (rm -f \"$1\") 2>/dev/null;"
                " [ -e \"$1\" ] || echo \"REMOVED $1\"; (echo NEW > \"$(dirname \"$1\")/planted\") 2>/dev/null"
                " && echo \"PLANTED $(dirname \"$1\")\"; }\n"
                "for f in /workspace/mem/AGENTS.md \"$RUN/workspace/mem/AGENTS.md\" \"$HOME/.skills/pdf/SKILL.md\""
                " \"$RUN/home/.skills/pdf/SKILL.md\"; do try \"$f\"; done\n"
                "echo changed > /workspace/notes.txt && echo 'workspace ok'\n"
                "cat /workspace/mem/AGENTS.md \"$HOME/.skills/pdf/SKILL.md\"\n") });
        spec.env.insert(QStringLiteral("RUN"), runDir);
        spec.mounts = {
            RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"),
                { RunFile { QStringLiteral("notes.txt"), "notes\n" } } },
            RunMount { QStringLiteral("memory"), QStringLiteral("/workspace/mem"),
                { RunFile { QStringLiteral("AGENTS.md"), "memory as given\n" } } },
            RunMount { QStringLiteral("skills"), QStringLiteral("~/.skills"), {}, std::nullopt, false,
                { RunSkill {
                    QStringLiteral("pdf"), { RunFile { QStringLiteral("SKILL.md"), "skill as given\n" } } } } },
        };
        QVERIFY(prepare(provider, runId, spec));
        auto process = provider.launch(runId, spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QVERIFY2(o.exitCode == 0, (o.out + o.err).constData());
        for (const char *never : { "WROTE ", "REMOVED ", "PLANTED " })
            QVERIFY2(!o.out.contains(never), o.out.constData());
        QVERIFY2(o.out.contains("workspace ok\nmemory as given\nskill as given\n"), o.out.constData());
        QCOMPARE(readFile(runDir + QStringLiteral("/workspace/mem/AGENTS.md")), QByteArray("memory as given\n"));
        QCOMPARE(readFile(runDir + QStringLiteral("/home/.skills/pdf/SKILL.md")), QByteArray("skill as given\n"));
        QVERIFY(!QFileInfo::exists(runDir + QStringLiteral("/workspace/mem/planted")));
        provider.teardown(runId);
    }

    // (c) Listening Unix sockets outside the run (a plain one, one in the runtime directory where the
    // session bus lives) are out of sight; with network none, abstract ones are out of reach too.
    void hostSocketsAreOutOfReach()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        if (QStandardPaths::findExecutable(QStringLiteral("python3"), { QStringLiteral("/usr/bin") }).isEmpty())
            QFAIL("needs /usr/bin/python3 (scripts/setup installs python3)");
        QLocalServer outside;
        const QString outsidePath = m_tmp.path() + QStringLiteral("/outside/agent.sock");
        QVERIFY(QDir().mkpath(QFileInfo(outsidePath).path()));
        QVERIFY2(outside.listen(outsidePath), qPrintable(outside.errorString()));
        QLocalServer bus;
        const QString busPath = qEnvironmentVariable("XDG_RUNTIME_DIR") + QStringLiteral("/bus");
        QVERIFY2(bus.listen(busPath), qPrintable(bus.errorString()));
        const QByteArray abstractName = "checkfu-hostile-" + QByteArray::number(QCoreApplication::applicationPid());
        const int abstractFd = listenAbstract(abstractName);
        QVERIFY(abstractFd >= 0);
        QSignalSpy outsideConnections(&outside, &QLocalServer::newConnection);
        QSignalSpy busConnections(&bus, &QLocalServer::newConnection);

        const QString probe = QStringLiteral("import os, socket, sys\n"
                                             "for name in sys.argv[1:]:\n"
                                             "    address = '\\0' + name[1:] if name.startswith('@') else name\n"
                                             "    seen = name.startswith('@') or os.path.exists(name)\n"
                                             "    s = socket.socket(socket.AF_UNIX)\n"
                                             "    try:\n"
                                             "        s.connect(address); print('CONNECTED', name)\n"
                                             "    except OSError as e:\n"
                                             "        print('refused' if seen else 'missing', name, e.errno)\n");
        const RunSpec spec = makeSpec({ QStringLiteral("python3"), QStringLiteral("-c"), probe, outsidePath, busPath,
            QLatin1Char('@') + QString::fromLatin1(abstractName) });
        BubblewrapProvider provider(root());
        QVERIFY(prepare(provider, QStringLiteral("run_sockets"), spec));
        auto process = provider.launch(QStringLiteral("run_sockets"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        ::close(abstractFd);
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QVERIFY2(o.exitCode == 0, o.err.constData());
        QVERIFY2(!o.out.contains("CONNECTED"), o.out.constData());
        // Not even the paths are there.
        QVERIFY2(o.out.contains("missing " + outsidePath.toUtf8()), o.out.constData());
        QVERIFY2(o.out.contains("missing " + busPath.toUtf8()), o.out.constData());
        QCoreApplication::processEvents();
        QCOMPARE(outsideConnections.size(), 0);
        QCOMPARE(busConnections.size(), 0);
        provider.teardown(QStringLiteral("run_sockets"));
    }

    // (e) A harness installed under the home: refused with the setting to change, runs once allowed
    // (read-only, and the rest of the home stays hidden).
    void harnessUnderTheHomeNeedsTheAllowList()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        const QString tool = m_home + QStringLiteral("/.local/bin/tool");
        const RunSpec spec = makeSpec({ tool, QStringLiteral("hello") });
        BubblewrapProvider provider(root());
        QVERIFY(prepare(provider, QStringLiteral("run_tool"), spec));
        auto process = provider.launch(QStringLiteral("run_tool"), spec, nullptr);
        Outcome o = runToEnd(process.get());
        QVERIFY2(o.startError.contains(QLatin1String("not visible in the sandbox")), qPrintable(o.startError));
        QVERIFY2(o.startError.contains(QLatin1String("--bubblewrap-read-only")), qPrintable(o.startError));
        QVERIFY2(o.startError.contains(QLatin1String("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY")), qPrintable(o.startError));
        QVERIFY2(o.startError.contains(QFileInfo(tool).canonicalPath()), qPrintable(o.startError));
        QCOMPARE(o.exitCode, -2);
        // The same, before launch: the Runner refuses the run with it (tier_unavailable).
        QCOMPARE(provider.refusal(QStringLiteral("run_tool"), spec), o.startError);
        QCOMPARE(provider.refusal(QStringLiteral("run_tool"), makeSpec({ QStringLiteral("true") })), QString());

        provider.setReadOnlyPaths({ m_home + QStringLiteral("/.local/bin") });
        QCOMPARE(provider.refusal(QStringLiteral("run_tool"), spec), QString());
        const RunSpec probing = makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                QStringLiteral("\"$T\" hello; (echo x > \"$T\") 2>/dev/null && echo WROTE; cat \"$H/.ssh/id_rsa\" "
                               "2>/dev/null; exit 0") },
            { { QStringLiteral("T"), tool }, { QStringLiteral("H"), m_home } });
        process = provider.launch(QStringLiteral("run_tool"), spec, nullptr);
        o = runToEnd(process.get());
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, QByteArray("tool ran: hello\n"));
        process = provider.launch(QStringLiteral("run_tool"), probing, nullptr);
        o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.out, QByteArray("tool ran: hello\n")); // no WROTE, no key
        QCOMPARE(readFile(tool), QByteArray("#!/bin/sh\necho \"tool ran: $*\"\n"));
        provider.teardown(QStringLiteral("run_tool"));
    }

    // Through the real Runner: a bubblewrap Runner refuses a harness it cannot show, saying which
    // setting lets it in; with the setting it runs it; doctor lists what is allowed.
    void runnerRefusesAHarnessItCannotShow()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip));
        DevPlaneProcess dp;
        QString error;
        QVERIFY2(dp.start(&error), qPrintable(error));
        auto home = std::make_shared<RunnerHome>();
        const QString bin = home->homeDir() + QStringLiteral("/.local/bin");
        QVERIFY(writeFile(bin + QStringLiteral("/tool"), "#!/bin/sh\necho \"tool ran\"\n",
            QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        const QJsonObject spec = withPath(oneshotRunSpec(dp.defaultPrincipal(), { bin + QStringLiteral("/tool") }),
            { QStringLiteral("environment"), QStringLiteral("requirements"), QStringLiteral("network") },
            QStringLiteral("none"));
        const auto dispatch = [&](RunnerProcess &runner, QJsonObject *settlement) {
            const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
            const QString sessionId = created.value(QStringLiteral("session_id")).toString();
            *settlement = dp.waitSettled(sessionId, 30, &error);
            if (settlement->isEmpty())
                qWarning("%s\n%s", qPrintable(error), qPrintable(runner.describe()));
            return eventList(dp.sessionEvents(sessionId));
        };
        const QStringList bubblewrap { QStringLiteral("--sandbox"), QStringLiteral("bubblewrap") };

        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
        QVERIFY2(!pairAndWaitReady(dp, runner, &error, bubblewrap).isEmpty(), qPrintable(error));
        QJsonObject settlement;
        QList<QJsonObject> events = dispatch(runner, &settlement);
        QByteArray context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
        QVERIFY2(
            settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("refused"), context.constData());
        QVERIFY2(settlement.value(QStringLiteral("reason")).toString() == QLatin1String("tier_unavailable"),
            context.constData());
        const QList<QJsonObject> refused = eventsOfKind(events, QStringLiteral("run.refused"));
        QVERIFY2(refused.size() == 1, context.constData());
        const QString message
            = refused.first().value(QStringLiteral("data")).toObject().value(QStringLiteral("message")).toString();
        QVERIFY2(message.contains(QLatin1String("not visible in the sandbox")) && message.contains(bin)
                && message.contains(QLatin1String("--bubblewrap-read-only")),
            qPrintable(message));
        QVERIFY2(eventsOfKind(events, QStringLiteral("run.started")).isEmpty(), context.constData());
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);

        RunnerProcess allowed(home);
        allowed.setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
        allowed.setEnv(QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"), bin);
        QVERIFY2(allowed.start(fileStoreStart(dp, {}, bubblewrap), &error), qPrintable(error));
        QVERIFY2(allowed.waitForState(QStringLiteral("ready"), 20000), qPrintable(allowed.describe()));
        events = dispatch(allowed, &settlement);
        context = "settlement " + dumpJson(settlement) + "\nevents " + dumpEvents(events);
        QVERIFY2(
            settlement.value(QStringLiteral("outcome")).toString() == QLatin1String("succeeded"), context.constData());
        QCOMPARE(outputBytes(events, QStringLiteral("output.stdout")), QByteArray("tool ran\n"));
        QVERIFY(allowed.sendSignal(SIGTERM));
        QCOMPARE(allowed.waitForExit(15000), 0);

        // doctor names the allowed paths; a path that would show the Runner's state stops the start.
        RunnerProcess doctor(home);
        doctor.setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
        doctor.setEnv(QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"), bin);
        doctor.run({ QStringLiteral("doctor"), QStringLiteral("--sandbox"), QStringLiteral("bubblewrap") }, 60000);
        QVERIFY2(doctor.stdoutText().contains(QLatin1String("bubblewrap read-only paths: ") + bin),
            qPrintable(doctor.describe()));
        RunnerProcess bad(home);
        bad.setEnv(QStringLiteral("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY"), home->runnerDataDir());
        QCOMPARE(bad.run(fileStoreStart(dp, {}, bubblewrap)), 2);
        QVERIFY2(bad.stderrText().contains(QLatin1String("CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY:"))
                && bad.stderrText().contains(QLatin1String("Runner's own state")),
            qPrintable(bad.describe()));
    }

    // The allow-list cannot open the Runner's state or everything: refused before launch, naming the setting.
    void allowListIsValidated()
    {
        const QStringList state = RunnerConfigInput::defaultRunnerStateDirs();
        QCOMPARE(state.first(), AppPaths::dataDir());
        const QString field = QStringLiteral("--bubblewrap-read-only");
        QStringList paths;
        QVERIFY(RunnerConfigParser::readOnlyPathProblems(m_home + QStringLiteral("/.local/bin/"), field, state, &paths)
                    .isEmpty());
        QCOMPARE(paths, QStringList { m_home + QStringLiteral("/.local/bin") });
        const QList<std::pair<QString, QString>> bad {
            { QStringLiteral("/"), QStringLiteral("whole file system") },
            { QStringLiteral("relative/bin"), QStringLiteral("not an absolute path") },
            { m_home + QStringLiteral("/missing"), QStringLiteral("does not exist") },
            { m_home, QStringLiteral("Runner's own state") }, // holds XDG_DATA_HOME
            { AppPaths::dataDir(), QStringLiteral("Runner's own state") },
        };
        QVERIFY(QDir().mkpath(AppPaths::dataDir()));
        for (const auto &[value, why] : bad) {
            const QStringList problems = RunnerConfigParser::readOnlyPathProblems(value, field, state);
            QCOMPARE(problems.size(), 1);
            QVERIFY2(problems.first().startsWith(field + QLatin1Char(':')), qPrintable(problems.first()));
            QVERIFY2(problems.first().contains(why), qPrintable(problems.first()));
        }
    }
};

CHECKFU_INTEGRATION_MAIN(TestBwrapHostile, 120000)

#include "tst_bwraphostile.moc"
