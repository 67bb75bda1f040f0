// The bubblewrap tier (§5, §6.2) with the real bwrap: the host-process run directory, but a harness
// that sees a read-only system, has its own PID (and for network "none" network) namespace, can
// write only into its own run, and still gets SIGTERM, its grace period and then SIGKILL.
#include <runnercore/config/AppPaths.h>
#include <runnercore/harness/OneshotDriver.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/BubblewrapProvider.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {
const char HelperArgument[] = "--launch-bwrap-harness-and-wait";

RunSpec makeSpec(
    const QStringList &argv, const QString &network = QStringLiteral("none"), const QList<RunFile> &files = {})
{
    RunSpec spec;
    spec.tier = SandboxTier::HostProcess;
    spec.network = WireValue<NetworkPolicy>::fromWire(network);
    spec.retention = RetentionMode::Durable;
    spec.driver = QStringLiteral("checkfu:oneshot-v1@1");
    spec.launchKind = QStringLiteral("process");
    spec.argv = argv;
    if (!files.isEmpty())
        spec.mounts.append(RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"), files });
    return spec;
}

RunSpec shellSpec(const QString &script, const QString &network = QStringLiteral("none"))
{
    return makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), script }, network);
}

// Fields of /proc/<pid>/stat after the command name: [0] is the state.
QList<QByteArray> procStat(qint64 pid)
{
    QFile file(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = file.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close < 0 ? QList<QByteArray> {} : line.mid(close + 2).split(' ');
}

// A zombie counts as gone: PID 1 of a container does not always reap orphans.
bool isAlive(qint64 pid)
{
    const QList<QByteArray> fields = procStat(pid);
    return !fields.isEmpty() && fields.at(0) != "Z" && fields.at(0) != "X";
}

// Host pids of the live processes whose command line is exactly argv (they may be in any namespace).
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
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (ok && cmdline.open(QIODevice::ReadOnly) && cmdline.readAll() == wanted && isAlive(pid))
            found.append(pid);
    }
    return found;
}

// Host pids of the live processes in the PID namespace /proc/<pid>/ns/pid names as link ("pid:[…]").
QList<qint64> processesInNamespace(const QByteArray &link)
{
    QList<qint64> found;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        char buffer[64] = {};
        const QByteArray path = QFile::encodeName(QStringLiteral("/proc/%1/ns/pid").arg(entry));
        const ssize_t n = ok ? ::readlink(path.constData(), buffer, sizeof buffer - 1) : -1;
        if (n > 0 && QByteArray(buffer, n) == link && isAlive(pid))
            found.append(pid);
    }
    return found;
}

// "Max data size  67108864  67108864  bytes" → { "67108864", "67108864" } from /proc/<pid>/limits text.
QStringList limitLine(const QByteArray &limits, const QByteArray &name)
{
    for (const QByteArray &line : limits.split('\n')) {
        if (line.startsWith(name))
            return QString::fromUtf8(line.mid(name.size())).simplified().split(QLatin1Char(' ')).mid(0, 2);
    }
    return {};
}

// A sleep no other test (or other run of this one) is running: its pid can be found by its command line.
QStringList uniqueSleep(int n)
{
    return { QStringLiteral("sleep"), QString::number(1000000 + qint64(QCoreApplication::applicationPid()) * 10 + n) };
}

struct Outcome
{
    QByteArray out;
    QByteArray err;
    int exitCode = -2;
    int signalNumber = -2;
    QString startError;
};

// Runs a launched process to its end on the event loop.
Outcome runToEnd(SandboxedProcess *process, int timeoutMs = 20000)
{
    Outcome o;
    bool done = false;
    QObject::connect(process, &SandboxedProcess::stdoutData, process, [&](const QByteArray &d) { o.out += d; });
    QObject::connect(process, &SandboxedProcess::stderrData, process, [&](const QByteArray &d) { o.err += d; });
    QObject::connect(process, &SandboxedProcess::exited, process, [&](int code, int sig) {
        o.exitCode = code;
        o.signalNumber = sig;
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

QStringList interfaces(const QByteArray &procNetDev)
{
    QStringList names;
    for (const QByteArray &line : procNetDev.split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0 && !line.contains('|'))
            names.append(QString::fromUtf8(line.left(colon).trimmed()));
    }
    names.sort();
    return names;
}

// Second life of this binary: launches a harness, prints bwrap's pid and waits to be SIGKILLed.
int runHelper(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    BubblewrapProvider provider(QString::fromLocal8Bit(argv[2]));
    const RunSpec spec = shellSpec(QString::fromLocal8Bit(argv[3]));
    QString error;
    if (!provider.prepare(QStringLiteral("run_helper"), spec, &error))
        return 2;
    std::unique_ptr<SandboxedProcess> process = provider.launch(QStringLiteral("run_helper"), spec, nullptr);
    QObject::connect(process.get(), &SandboxedProcess::started, &app, [&] {
        ::printf("%lld\n", qlonglong(process->pid()));
        ::fflush(stdout);
    });
    QObject::connect(process.get(), &SandboxedProcess::startFailed, &app, [&] { app.exit(3); });
    process->start();
    return app.exec();
}
} // namespace

class TestBubblewrapProvider : public QObject
{
    Q_OBJECT
private:
    // Not under /tmp: the sandbox's /tmp is a fresh tmpfs, which would hide all of it and make the
    // checks below vacuous. The build tree belongs to whoever runs the tests.
    QTemporaryDir m_tmp { QCoreApplication::applicationDirPath() + QStringLiteral("/bwrap-test-XXXXXX") };
    QString m_skip; // why bwrap cannot work here: the tests that need it fail saying so
    QString root() const { return AppPaths::dataDir() + QStringLiteral("/runs"); }

    bool prepare(BubblewrapProvider &provider, const QString &runId, const RunSpec &spec)
    {
        QString error;
        const bool ok = provider.prepare(runId, spec, &error);
        if (!ok)
            qWarning("prepare %s: %s", qPrintable(runId), qPrintable(error));
        return ok;
    }

    // Prepares, runs to the end and tears down one run.
    Outcome run(const RunSpec &spec, const QString &runId = QStringLiteral("run_once"))
    {
        BubblewrapProvider provider(root());
        if (!prepare(provider, runId, spec))
            return {};
        auto process = provider.launch(runId, spec, nullptr);
        Outcome o = runToEnd(process.get());
        provider.teardown(runId);
        return o;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        // The Runner's own places, as a real Runner would have them (AppPaths follows XDG).
        const QString base = m_tmp.path();
        qputenv("XDG_DATA_HOME", QFile::encodeName(base + QStringLiteral("/xdg-data")));
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(base + QStringLiteral("/xdg-config")));
        qputenv("XDG_RUNTIME_DIR", QFile::encodeName(base + QStringLiteral("/xdg-runtime")));
        qputenv("TMPDIR", QFile::encodeName(base + QStringLiteral("/runner-tmp")));
        QVERIFY(QDir().mkpath(base + QStringLiteral("/runner-tmp"))); // QDir::tempPath() names only what exists
        QVERIFY(QDir().mkpath(base + QStringLiteral("/xdg-runtime")));
        QVERIFY(QFile::setPermissions(base + QStringLiteral("/xdg-runtime"),
            QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
        for (const QString &file : { AppPaths::credentialDir() + QStringLiteral("/credential"),
                 AppPaths::dataDir() + QStringLiteral("/spool/run_old.jsonl"),
                 base + QStringLiteral("/xdg-runtime/bus"), AppPaths::runtimeDir() + QStringLiteral("/runner.lock"),
                 QDir::tempPath() + QStringLiteral("/scratch") }) {
            QVERIFY(QDir().mkpath(QFileInfo(file).path()));
            QFile f(file);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("secret-content\n");
        }
        if (base.startsWith(QLatin1String("/tmp/")))
            qInfo("the test directory is under /tmp: the checks on hidden paths prove less");

        const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
        if (bwrap.isEmpty()) {
            m_skip = QStringLiteral("bwrap is not installed");
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

    void advertisesWhatItRealises()
    {
        BubblewrapProvider provider(root());
        QCOMPARE(provider.id(), QStringLiteral("bubblewrap"));
        const QJsonObject caps = provider.capabilities({ QStringLiteral("checkfu:oneshot-v1@1") });
        QCOMPARE(caps.value(QStringLiteral("id")).toString(), QStringLiteral("bubblewrap"));
        QCOMPARE(caps.value(QStringLiteral("tiers")).toArray(), QJsonArray { QStringLiteral("host_process") });
        QCOMPARE(caps.value(QStringLiteral("network_modes")).toArray(),
            (QJsonArray { QStringLiteral("none"), QStringLiteral("unrestricted") }));
        QCOMPARE(caps.value(QStringLiteral("runtime_assurances"))
                     .toObject()
                     .value(QStringLiteral("network_isolation"))
                     .toBool(false),
            true);
    }

    void advertisesTheLimitsItHolds()
    {
        // The host tier's: setrlimit per process (they reach through bwrap), the deadline over the tree.
        BubblewrapProvider provider(root());
        const QJsonObject caps = provider.capabilities({ QStringLiteral("checkfu:oneshot-v1@1") });
        QCOMPARE(caps.value(QStringLiteral("resource_limits")).toObject(),
            (QJsonObject { { QStringLiteral("cpu_millis"), QStringLiteral("process_cpu_time") },
                { QStringLiteral("memory_mib"), QStringLiteral("process_data") },
                { QStringLiteral("disk_mib"), QStringLiteral("process_file_size") },
                { QStringLiteral("max_duration_seconds"), QStringLiteral("run_deadline") } }));
    }

    void argumentsForOneRun()
    {
        BubblewrapProvider::Layout layout;
        layout.runPath = QStringLiteral("/data/runner/runs/run_a");
        layout.workspace = layout.runPath + QStringLiteral("/workspace");
        layout.system = { { QStringLiteral("/usr"), QString() }, { QStringLiteral("/bin"), QStringLiteral("usr/bin") },
            { QStringLiteral("/etc"), QString() }, { QStringLiteral("/opt"), QString() },
            { QStringLiteral("/run/systemd/resolve/stub-resolv.conf"), QString() } };
        layout.readOnly = { { QStringLiteral("/home/me/.local/bin"), QStringLiteral("/home/me/.local/bin") },
            { QStringLiteral("/srv/tools"), QStringLiteral("/home/me/tools") } };
        layout.hidden = { QStringLiteral("/run/user/1000"), QStringLiteral("/opt/runner/runs"),
            QStringLiteral("/opt/runner"), QStringLiteral("/opt/runner-other"), QStringLiteral("/tmp/runtime-x"),
            QStringLiteral("/tmp"), layout.runPath + QStringLiteral("/home"), QStringLiteral("/"),
            QStringLiteral("relative"), QStringLiteral("/data/runner"), QStringLiteral("/home/me/.local/bin/state") };
        const QStringList head { QStringLiteral("--die-with-parent"), QStringLiteral("--new-session"),
            QStringLiteral("--unshare-pid"), QStringLiteral("--unshare-ipc"), QStringLiteral("--unshare-uts"),
            QStringLiteral("--unshare-cgroup-try") };
        const QStringList tail { QStringLiteral("--cap-drop"), QStringLiteral("ALL"),
            // The system, read-only; a symlink stays one.
            QStringLiteral("--ro-bind"), QStringLiteral("/usr"), QStringLiteral("/usr"), QStringLiteral("--symlink"),
            QStringLiteral("usr/bin"), QStringLiteral("/bin"), QStringLiteral("--ro-bind"), QStringLiteral("/etc"),
            QStringLiteral("/etc"), QStringLiteral("--ro-bind"), QStringLiteral("/opt"), QStringLiteral("/opt"),
            QStringLiteral("--ro-bind"), QStringLiteral("/run/systemd/resolve/stub-resolv.conf"),
            QStringLiteral("/run/systemd/resolve/stub-resolv.conf"), QStringLiteral("--dev"), QStringLiteral("/dev"),
            QStringLiteral("--proc"), QStringLiteral("/proc"), QStringLiteral("--tmpfs"), QStringLiteral("/tmp"),
            // The allowed paths, read-only at their own place (and where they were allowed, as a symlink).
            QStringLiteral("--ro-bind"), QStringLiteral("/home/me/.local/bin"), QStringLiteral("/home/me/.local/bin"),
            QStringLiteral("--ro-bind"), QStringLiteral("/srv/tools"), QStringLiteral("/srv/tools"),
            QStringLiteral("--symlink"), QStringLiteral("/srv/tools"), QStringLiteral("/home/me/tools"),
            // Hidden where a bound tree (or the private /tmp the run's bind may pass through) shows
            // them, ancestors first; nested ones, the run's own, "/", "/tmp", relative ones and those
            // nothing shows (/run/user, /data) dropped.
            QStringLiteral("--tmpfs"), QStringLiteral("/home/me/.local/bin/state"), QStringLiteral("--tmpfs"),
            QStringLiteral("/opt/runner"), QStringLiteral("--tmpfs"), QStringLiteral("/opt/runner-other"),
            QStringLiteral("--tmpfs"), QStringLiteral("/tmp/runtime-x"),
            // The run through whatever hides its parents, then those made read-only.
            QStringLiteral("--bind"), layout.runPath, layout.runPath, QStringLiteral("--remount-ro"),
            QStringLiteral("/home/me/.local/bin/state"), QStringLiteral("--remount-ro"), QStringLiteral("/opt/runner"),
            QStringLiteral("--remount-ro"), QStringLiteral("/opt/runner-other"), QStringLiteral("--remount-ro"),
            QStringLiteral("/tmp/runtime-x"),
            // And the sandbox's root: no file of its own beside the mount points.
            QStringLiteral("--remount-ro"), QStringLiteral("/"), QStringLiteral("--chdir"), layout.workspace };
        layout.isolateNetwork = true;
        QCOMPARE(
            BubblewrapProvider::bwrapArguments(layout), head + QStringList { QStringLiteral("--unshare-net") } + tail);
        layout.isolateNetwork = false;
        QCOMPARE(BubblewrapProvider::bwrapArguments(layout), head + tail);

        // The workspace where §6.8 puts it (the root target), a read-only mount in it there too.
        layout.workspaceTarget = QStringLiteral("/workspace");
        layout.readOnlyMounts = { { layout.workspace + QStringLiteral("/skills"), QStringLiteral("/workspace/skills") },
            { layout.runPath + QStringLiteral("/home/.claude/skills"),
                layout.runPath + QStringLiteral("/home/.claude/skills") } };
        QStringList placed = tail;
        const qsizetype bind = placed.indexOf(QStringLiteral("--bind"));
        placed.insert(bind + 3, QStringLiteral("--bind"));
        placed.insert(bind + 4, layout.workspace);
        placed.insert(bind + 5, QStringLiteral("/workspace"));
        placed.insert(bind + 6, QStringLiteral("--ro-bind"));
        placed.insert(bind + 7, layout.workspace + QStringLiteral("/skills"));
        placed.insert(bind + 8, QStringLiteral("/workspace/skills"));
        placed.insert(bind + 9, QStringLiteral("--ro-bind"));
        placed.insert(bind + 10, layout.runPath + QStringLiteral("/home/.claude/skills"));
        placed.insert(bind + 11, layout.runPath + QStringLiteral("/home/.claude/skills"));
        placed.last() = QStringLiteral("/workspace");
        QCOMPARE(BubblewrapProvider::bwrapArguments(layout), head + placed);
        QCOMPARE(BubblewrapProvider::workspaceTargetProblem(layout), QString());

        // A root target that would cover (or lie in) what the sandbox binds is refused, naming it.
        for (const QString &target :
            { QStringLiteral("/usr/src"), QStringLiteral("/etc"), QStringLiteral("/"), QStringLiteral("/proc/x"),
                QStringLiteral("/data"), QStringLiteral("/srv/tools/x"), QStringLiteral("/opt/runner/w") }) {
            layout.workspaceTarget = target;
            const QString problem = BubblewrapProvider::workspaceTargetProblem(layout);
            QVERIFY2(problem.contains(QStringLiteral("the workspace root ") + target), qPrintable(target + problem));
        }
        layout.workspaceTarget = QStringLiteral("/home/me/project");
        QCOMPARE(BubblewrapProvider::workspaceTargetProblem(layout), QString());

        // The environment goes inside: cleared, then each variable (sorted); bwrap's own is fixed.
        QProcessEnvironment env;
        env.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/x.so"));
        env.insert(QStringLiteral("A"), QStringLiteral("a b"));
        QCOMPARE(BubblewrapProvider::environmentArguments(env),
            (QStringList { QStringLiteral("--clearenv"), QStringLiteral("--setenv"), QStringLiteral("A"),
                QStringLiteral("a b"), QStringLiteral("--setenv"), QStringLiteral("LD_PRELOAD"),
                QStringLiteral("/x.so") }));
        const QProcessEnvironment launcher = BubblewrapProvider::launcherEnvironment();
        QCOMPARE(launcher.keys(), (QStringList { QStringLiteral("LANG"), QStringLiteral("PATH") }));
    }

    void systemOfThisMachine()
    {
        // What / shows besides the run: the system directories that exist, symlinks as symlinks.
        const QList<BubblewrapProvider::SystemEntry> entries = BubblewrapProvider::systemEntries();
        QStringList paths;
        for (const BubblewrapProvider::SystemEntry &entry : entries) {
            paths.append(entry.path);
            const QFileInfo info(entry.path);
            if (entry.symlinkTarget.isEmpty()) {
                QVERIFY2(info.exists() && !info.isSymLink(), qPrintable(entry.path));
            } else {
                QVERIFY2(info.isSymLink(), qPrintable(entry.path));
                // The link as it reads (e.g. "usr/bin"), which resolves inside the sandbox as on the host.
                QCOMPARE(QDir::cleanPath(QDir(QFileInfo(entry.path).path()).absoluteFilePath(entry.symlinkTarget)),
                    info.symLinkTarget());
            }
        }
        QVERIFY(paths.contains(QStringLiteral("/usr")));
        QVERIFY(paths.contains(QStringLiteral("/etc")));
        for (const QString &never : { QStringLiteral("/"), QStringLiteral("/home"), QStringLiteral("/root"),
                 QStringLiteral("/run"), QStringLiteral("/var"), QStringLiteral("/tmp"), QStringLiteral("/sys") })
            QVERIFY2(!paths.contains(never), qPrintable(never));
        // resolv.conf shows through /etc, or (a symlink into /run) as its target file alone.
        const QString resolv = QFileInfo(QStringLiteral("/etc/resolv.conf")).canonicalFilePath();
        if (!resolv.isEmpty() && !resolv.startsWith(QLatin1String("/etc/")))
            QVERIFY2(paths.contains(resolv), qPrintable(resolv));
    }

    void wrapsTheHarnessCommand()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        BubblewrapProvider provider(root());
        QCOMPARE(provider.bwrapPath(), QStandardPaths::findExecutable(QStringLiteral("bwrap")));
        const RunSpec spec = makeSpec(uniqueSleep(1));
        QVERIFY(prepare(provider, QStringLiteral("run_argv"), spec));
        auto process = provider.launch(QStringLiteral("run_argv"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        process->start();
        QVERIFY(started.wait(10000));
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(process->pid()));
        QVERIFY(cmdline.open(QIODevice::ReadOnly));
        const QList<QByteArray> argv = cmdline.readAll().chopped(1).split('\0');
        QCOMPARE(QString::fromLocal8Bit(argv.first()), provider.bwrapPath());
        const QList<QByteArray> command = argv.mid(argv.indexOf("--") + 1);
        QCOMPARE(command.size(), 2); // bwrap <options> -- <program> <arguments...>
        QCOMPARE(QFileInfo(QString::fromLocal8Bit(command.at(0))).fileName(), QStringLiteral("sleep"));
        QVERIFY(QFileInfo(QString::fromLocal8Bit(command.at(0))).isAbsolute()); // resolved on the harness PATH
        QCOMPARE(QString::fromLocal8Bit(command.at(1)), uniqueSleep(1).at(1));
        process->kill();
        QTRY_VERIFY_WITH_TIMEOUT(!process->isRunning(), 5000);
        provider.teardown(QStringLiteral("run_argv"));
    }

    void networkModes_data()
    {
        QTest::addColumn<QString>("network");
        QTest::addColumn<bool>("connects");
        QTest::newRow("none") << QStringLiteral("none") << false;
        QTest::newRow("unrestricted") << QStringLiteral("unrestricted") << true;
    }

    void networkModes()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        if (QStandardPaths::findExecutable(QStringLiteral("python3"), { QStringLiteral("/usr/bin") }).isEmpty())
            QFAIL("needs /usr/bin/python3 (scripts/setup installs python3)");
        QFETCH(QString, network);
        QFETCH(bool, connects);
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QSignalSpy connections(&server, &QTcpServer::newConnection);
        const Outcome o = run(makeSpec({ QStringLiteral("python3"), QStringLiteral("-c"),
                                           QStringLiteral("import socket; socket.create_connection(('127.0.0.1', %1), "
                                                          "2); print('connected')")
                                               .arg(server.serverPort()) },
            network));
        QVERIFY2(o.startError.isEmpty(), qPrintable(o.startError));
        QCoreApplication::processEvents();
        if (connects) {
            QVERIFY2(o.exitCode == 0, o.err.constData());
            QCOMPARE(o.out, QByteArray("connected\n"));
            QVERIFY(connections.size() == 1 || connections.wait(2000));
        } else {
            QVERIFY(o.exitCode != 0);
            QVERIFY2(o.err.contains("ConnectionRefusedError"), o.err.constData()); // its own empty lo
            QVERIFY(!connections.wait(300));
            QVERIFY(!server.hasPendingConnections());
        }
    }

    void networkNoneHasOnlyLoopback()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        Outcome o = run(makeSpec({ QStringLiteral("cat"), QStringLiteral("/proc/net/dev") }));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(interfaces(o.out), QStringList { QStringLiteral("lo") });
        // Unrestricted: the host's own interfaces.
        QFile host(QStringLiteral("/proc/net/dev"));
        QVERIFY(host.open(QIODevice::ReadOnly));
        o = run(makeSpec({ QStringLiteral("cat"), QStringLiteral("/proc/net/dev") }, QStringLiteral("unrestricted")));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(interfaces(o.out), interfaces(host.readAll()));
    }

    void writesStayInTheRun()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        BubblewrapProvider provider(root());
        const QString tag = QStringLiteral("checkfu-bwrap-%1").arg(QCoreApplication::applicationPid());
        const QString outside = m_tmp.path() + QStringLiteral("/outside");
        QVERIFY(QDir().mkpath(outside));
        QVERIFY(prepare(provider, QStringLiteral("run_other"),
            makeSpec({ QStringLiteral("true") }, QStringLiteral("none"),
                { { QStringLiteral("private.txt"), "other run's secret\n" } })));
        const QString other = provider.workspacePath(QStringLiteral("run_other"));
        const QStringList forbidden { outside + QLatin1Char('/') + tag, AppPaths::dataDir() + QLatin1Char('/') + tag,
            AppPaths::credentialDir() + QLatin1Char('/') + tag, AppPaths::dataDir() + QStringLiteral("/spool/") + tag,
            QDir::homePath() + QLatin1Char('/') + tag, QStringLiteral("/etc/") + tag, QStringLiteral("/usr/") + tag,
            other + QLatin1Char('/') + tag, root() + QLatin1Char('/') + tag };
        const QStringList unreadable { AppPaths::credentialDir() + QStringLiteral("/credential"),
            AppPaths::dataDir() + QStringLiteral("/spool/run_old.jsonl"), other + QStringLiteral("/private.txt"),
            qEnvironmentVariable("XDG_RUNTIME_DIR") + QStringLiteral("/bus"),
            AppPaths::runtimeDir() + QStringLiteral("/runner.lock"), QDir::tempPath() + QStringLiteral("/scratch") };
        for (const QString &path : unreadable)
            QVERIFY2(QFileInfo::exists(path), qPrintable(path)); // there on the host
        // The host's /tmp: writable inside, but a private tmpfs, so nothing reaches the host.
        const QString hostTmp = QStringLiteral("/tmp/") + tag;

        const QString script = QStringLiteral(
            "for t in $FORBIDDEN; do if (echo x > \"$t\") 2>/dev/null; then echo \"WROTE $t\"; fi; done\n"
            "for t in $UNREADABLE; do if cat \"$t\" 2>/dev/null; then echo \"READ $t\"; fi; done\n"
            "echo \"runs: $(ls -A \"$RUNS\")\"\n"
            "echo tmp > \"$HOST_TMP\" && echo \"tmp ok\"\n"
            "echo made-in-sandbox > ./result.txt && echo home > \"$HOME/h\" && echo tmpdir > \"$TMPDIR/t\" "
            "&& echo \"run ok\"\n");
        RunSpec spec = shellSpec(script);
        spec.env = { { QStringLiteral("FORBIDDEN"), forbidden.join(QLatin1Char(' ')) },
            { QStringLiteral("UNREADABLE"), unreadable.join(QLatin1Char(' ')) }, { QStringLiteral("RUNS"), root() },
            { QStringLiteral("HOST_TMP"), hostTmp } };
        QVERIFY(prepare(provider, QStringLiteral("run_writes"), spec));
        auto process = provider.launch(QStringLiteral("run_writes"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(!o.out.contains("WROTE") && !o.out.contains("READ") && !o.out.contains("secret"), o.out.constData());
        QVERIFY2(o.out.contains("runs: run_writes\n"), o.out.constData()); // no other run in sight
        QVERIFY2(o.out.contains("tmp ok\n") && o.out.contains("run ok\n"), o.out.constData());
        for (const QString &path : forbidden + QStringList { hostTmp }) {
            QVERIFY2(!QFileInfo::exists(path), qPrintable(path));
            QFile::remove(path); // had the sandbox failed: leave nothing behind
        }
        const QString run = provider.runPath(QStringLiteral("run_writes"));
        QFile result(provider.workspacePath(QStringLiteral("run_writes")) + QStringLiteral("/result.txt"));
        QVERIFY(result.open(QIODevice::ReadOnly));
        QCOMPARE(result.readAll(), QByteArray("made-in-sandbox\n"));
        QVERIFY(QFileInfo::exists(run + QStringLiteral("/home/h")));
        QVERIFY(QFileInfo::exists(run + QStringLiteral("/tmp/t")));
        provider.teardown(QStringLiteral("run_writes"));
        provider.teardown(QStringLiteral("run_other"));
    }

    void harnessHasNoPrivileges()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        // bwrap started by root keeps every capability unless told otherwise; a harness must get none.
        const Outcome o = run(shellSpec(QStringLiteral(
            "grep -E '^(CapPrm|CapEff|NoNewPrivs):' /proc/self/status; mount -o remount,rw / 2>/dev/null && echo "
            "REMOUNTED; (exec 3</dev/tty) 2>/dev/null && echo TTY; exit 0")));
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(o.out.contains("CapPrm:\t0000000000000000\n"), o.out.constData());
        QVERIFY2(o.out.contains("CapEff:\t0000000000000000\n"), o.out.constData());
        QVERIFY2(o.out.contains("NoNewPrivs:\t1\n"), o.out.constData());
        QVERIFY2(!o.out.contains("REMOUNTED"), o.out.constData());
        QVERIFY2(!o.out.contains("TTY"), o.out.constData()); // its own session: no controlling terminal
    }

    void ownPidNamespace()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        const Outcome o = run(shellSpec(QStringLiteral("echo $$; ls /proc | grep -c '^[0-9]'")));
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines.at(0).toInt() <= 3, o.out.constData()); // bwrap's init is 1, the harness 2
        QVERIFY2(lines.at(1).toInt() <= 6, o.out.constData()); // init, sh, ls, grep
    }

    // §6.8 in a real sandbox: the workspace at its root target, the home mounts in HOME, and the
    // read-only ones (skills, a memory that is not writable) refused even to root inside.
    void mountsAreWhereTheySayAndReadOnlyWhereAsked()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        RunSpec spec = shellSpec(QStringLiteral(
            "pwd; cat /workspace/README.md /workspace/notes/AGENTS.md \"$HOME/.claude/skills/pdf/SKILL.md\"; "
            "echo x > /workspace/notes/AGENTS.md && echo notes-writable; "
            "echo x > \"$HOME/.claude/skills/pdf/SKILL.md\" && echo skills-writable; "
            "echo x > /workspace/new.txt && echo workspace-writable; "
            "echo x > \"$HOME/.checkfu/memory/m.md\" && echo memory-writable"));
        spec.mounts = {
            RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"),
                { RunFile { QStringLiteral("README.md"), "project\n" } } },
            RunMount { QStringLiteral("memory"), QStringLiteral("/workspace/notes"),
                { RunFile { QStringLiteral("AGENTS.md"), "notes\n" } }, std::nullopt, false },
            RunMount { QStringLiteral("skills"), QStringLiteral("~/.claude/skills"), {}, std::nullopt, false,
                { RunSkill { QStringLiteral("pdf"), { RunFile { QStringLiteral("SKILL.md"), "skill\n" } } } } },
            RunMount { QStringLiteral("memory"), QStringLiteral("~/.checkfu/memory"),
                { RunFile { QStringLiteral("m.md"), "m\n" } }, std::nullopt, true },
        };
        const Outcome o = run(spec, QStringLiteral("run_mounts"));
        const QByteArray context = "out: " + o.out + "\nerr: " + o.err;
        QVERIFY2(o.out.startsWith("/workspace\nproject\nnotes\nskill\n"), context.constData());
        QVERIFY2(o.out.contains("workspace-writable") && o.out.contains("memory-writable"), context.constData());
        QVERIFY2(!o.out.contains("notes-writable") && !o.out.contains("skills-writable"), context.constData());
        QVERIFY2(o.err.count("Read-only file system") == 2, context.constData());
    }

    void environmentIsTheHostTiers()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        qputenv("CHECKFU_RUNNER_TOKEN", "runner-secret");
        qputenv("SECRET_X", "x");
        BubblewrapProvider provider(root());
        RunSpec spec = makeSpec({ QStringLiteral("env") });
        spec.env = { { QStringLiteral("SPEC_VAR"), QStringLiteral("from spec") } };
        QVERIFY(prepare(provider, QStringLiteral("run_env"), spec));
        auto process = provider.launch(QStringLiteral("run_env"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        qunsetenv("CHECKFU_RUNNER_TOKEN");
        qunsetenv("SECRET_X");
        QCOMPARE(o.exitCode, 0);
        QMap<QString, QString> env;
        for (const QByteArray &line : o.out.split('\n')) {
            const qsizetype eq = line.indexOf('=');
            if (eq > 0)
                env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
        }
        // Exactly the host tier's environment (no --clearenv needed: it is built from scratch), plus
        // the PWD bwrap sets after --chdir: the workspace root where §6.8 puts it.
        const QProcessEnvironment expected
            = HostProcessProvider::harnessEnvironment(provider.runPath(QStringLiteral("run_env")), spec.env);
        QMap<QString, QString> want;
        for (const QString &key : expected.keys())
            want.insert(key, expected.value(key));
        want.insert(QStringLiteral("PWD"), QStringLiteral("/workspace"));
        QCOMPARE(env, want);
        provider.teardown(QStringLiteral("run_env"));
    }

    void promptOnStdinReachesTheHarness()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        BubblewrapProvider provider(root());
        RunSpec spec = makeSpec({ QStringLiteral("tr"), QStringLiteral("a-z"), QStringLiteral("A-Z") });
        spec.prompt = QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
            { QStringLiteral("text"), QStringLiteral("fix it") } } };
        QVERIFY(prepare(provider, QStringLiteral("run_stdin"), spec));
        auto process = provider.launch(QStringLiteral("run_stdin"), spec, nullptr);
        OneshotDriver driver;
        QString stdoutText;
        bool finished = false;
        int exitCode = -2;
        QObject::connect(&driver, &HarnessDriver::event, &driver, [&](const QString &kind, const QJsonObject &data) {
            if (kind == QLatin1String("output.stdout"))
                stdoutText += data.value(QStringLiteral("text")).toString();
        });
        QObject::connect(&driver, &HarnessDriver::finished, &driver, [&](int code, int, const QString &) {
            exitCode = code;
            finished = true;
        });
        driver.start(process.get(), spec, HarnessContext {});
        QTRY_VERIFY_WITH_TIMEOUT(finished, 20000);
        QCOMPARE(exitCode, 0);
        QCOMPARE(stdoutText, QStringLiteral("FIX IT"));
        provider.teardown(QStringLiteral("run_stdin"));
    }

    void exitCodeAndSignalAreReported()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        Outcome o = run(shellSpec(QStringLiteral("echo out; echo err >&2; exit 3")));
        QCOMPARE(o.exitCode, 3);
        QCOMPARE(o.signalNumber, 0);
        QCOMPARE(o.out, QByteArray("out\n"));
        QCOMPARE(o.err, QByteArray("err\n"));
        // bwrap reports a signal as 128 + n; the provider reports the signal, as the host tier does.
        o = run(shellSpec(QStringLiteral("kill -USR1 $$; sleep 5")));
        QCOMPARE(o.exitCode, -1);
        QCOMPARE(o.signalNumber, int(SIGUSR1));
        o = run(shellSpec(QStringLiteral("exit 0")));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.signalNumber, 0);
    }

    void terminateEndsTheWholeTree_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("graceMs");
        QTest::addColumn<int>("expectedExit");
        QTest::addColumn<int>("expectedSignal");
        // The SIGTERM reaches the harness, its children and one that left for a session of its own.
        QTest::newRow("polite") << QStringLiteral("%1 & setsid %2 & %3; wait") << 5000 << -1 << int(SIGTERM);
        // The harness gets its grace period to finish (bwrap itself is not what gets the SIGTERM).
        QTest::newRow("graceful") << QStringLiteral(
            "trap 'sleep 0.3; echo bye; exit 7' TERM; %1 & setsid %2 & %3 & wait")
                                  << 5000 << 7 << 0;
        // Ignoring SIGTERM (inherited by the sleeps) only earns the grace period.
        QTest::newRow("stubborn") << QStringLiteral("trap '' TERM; %1 & setsid %2 & %3; wait") << 300 << -1
                                  << int(SIGKILL);
    }

    void terminateEndsTheWholeTree()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        QFETCH(QString, script);
        QFETCH(int, graceMs);
        QFETCH(int, expectedExit);
        QFETCH(int, expectedSignal);
        const QList<QStringList> sleeps { uniqueSleep(11), uniqueSleep(12), uniqueSleep(13) };
        BubblewrapProvider provider(root());
        const RunSpec spec = shellSpec(script.arg(sleeps.at(0).join(QLatin1Char(' ')),
            sleeps.at(1).join(QLatin1Char(' ')), sleeps.at(2).join(QLatin1Char(' '))));
        QVERIFY(prepare(provider, QStringLiteral("run_term"), spec));
        auto process = provider.launch(QStringLiteral("run_term"), spec, nullptr);
        QByteArray out;
        connect(process.get(), &SandboxedProcess::stdoutData, this, [&](const QByteArray &d) { out += d; });
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        for (const QStringList &sleep : sleeps)
            QTRY_COMPARE_WITH_TIMEOUT(processesRunning(sleep).size(), 1, 10000);
        const qint64 monitor = process->pid();
        QElapsedTimer timer;
        timer.start();
        process->terminate(graceMs);
        QVERIFY(exited.wait(graceMs + 5000));
        QCOMPARE(exited.at(0).at(0).toInt(), expectedExit);
        QCOMPARE(exited.at(0).at(1).toInt(), expectedSignal);
        if (expectedSignal == SIGKILL)
            QVERIFY(timer.elapsed() >= graceMs - 50);
        else
            QVERIFY(timer.elapsed() < graceMs); // ended by the SIGTERM, not by the SIGKILL after it
        if (expectedExit == 7)
            QCOMPARE(out, QByteArray("bye\n"));
        for (const QStringList &sleep : sleeps)
            QTRY_VERIFY_WITH_TIMEOUT(processesRunning(sleep).isEmpty(), 3000);
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(monitor), 3000);
        provider.teardown(QStringLiteral("run_term"));
    }

    void killIsImmediate()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        const QStringList sleep = uniqueSleep(21);
        BubblewrapProvider provider(root());
        const RunSpec spec
            = shellSpec(QStringLiteral("trap '' TERM; setsid %1 & wait").arg(sleep.join(QLatin1Char(' '))));
        QVERIFY(prepare(provider, QStringLiteral("run_kill"), spec));
        auto process = provider.launch(QStringLiteral("run_kill"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(processesRunning(sleep).size(), 1, 10000);
        process->kill();
        QVERIFY(exited.wait(5000));
        QCOMPARE(exited.at(0).at(1).toInt(), int(SIGKILL));
        QVERIFY(!process->isRunning());
        QTRY_VERIFY_WITH_TIMEOUT(processesRunning(sleep).isEmpty(), 3000); // even outside the process group
        provider.teardown(QStringLiteral("run_kill"));
    }

    void leftoversOfTheHarnessAreKilled()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        // The run ends when its process exits: nothing it started outlives it, in its session or not.
        const QStringList first = uniqueSleep(31);
        const QStringList second = uniqueSleep(32);
        const Outcome o = run(shellSpec(QStringLiteral("%1 >/dev/null 2>&1 & setsid %2 >/dev/null 2>&1 & sleep 0.2")
                                            .arg(first.join(QLatin1Char(' ')), second.join(QLatin1Char(' ')))));
        QCOMPARE(o.exitCode, 0);
        QTRY_VERIFY_WITH_TIMEOUT(processesRunning(first).isEmpty(), 3000);
        QTRY_VERIFY_WITH_TIMEOUT(processesRunning(second).isEmpty(), 3000);
    }

    void destroyingARunningProcessKillsItsTree()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        const QStringList sleep = uniqueSleep(41);
        BubblewrapProvider provider(root());
        const RunSpec spec = shellSpec(QStringLiteral("setsid %1 & wait").arg(sleep.join(QLatin1Char(' '))));
        QVERIFY(prepare(provider, QStringLiteral("run_drop"), spec));
        auto process = provider.launch(QStringLiteral("run_drop"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        process->start();
        QVERIFY(started.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(processesRunning(sleep).size(), 1, 10000);
        process.reset();
        QTRY_VERIFY_WITH_TIMEOUT(processesRunning(sleep).isEmpty(), 3000);
        provider.teardown(QStringLiteral("run_drop"));
    }

    void harnessDiesWithTheRunner()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        const QStringList sleep = uniqueSleep(51);
        QProcess helper;
        helper.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        helper.start(QCoreApplication::applicationFilePath(),
            { QString::fromLatin1(HelperArgument), m_tmp.path() + QStringLiteral("/helper-runs"),
                sleep.join(QLatin1Char(' ')) });
        QVERIFY(helper.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine() || helper.state() == QProcess::NotRunning, 20000);
        const qint64 monitor = helper.readLine().trimmed().toLongLong();
        QVERIFY(monitor > 0);
        QTRY_COMPARE_WITH_TIMEOUT(processesRunning(sleep).size(), 1, 10000);
        ::kill(pid_t(helper.processId()), SIGKILL); // no destructor, no cleanup: only the PDEATHSIG chain
        QVERIFY(helper.waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(monitor), 3000);
        QTRY_VERIFY_WITH_TIMEOUT(processesRunning(sleep).isEmpty(), 3000);
    }

    void nothingOfTheSandboxOutlivesIt_data()
    {
        QTest::addColumn<QString>("ending");
        QTest::newRow("harness exits") << QStringLiteral("exit");
        QTest::newRow("terminated") << QStringLiteral("terminate");
        QTest::newRow("killed") << QStringLiteral("kill");
        QTest::newRow("destroyed") << QStringLiteral("destroy");
        // The host-process attack (issue 21): the harness kills its parent, then double-forks.
        QTest::newRow("harness kills its parent") << QStringLiteral("kill-parent");
    }

    void nothingOfTheSandboxOutlivesIt()
    {
        // §6.7 on this tier rests on the PID namespace: when its init dies, the kernel kills the rest,
        // a double-forked process in a session of its own included. Whatever ends the run ends init.
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        QFETCH(QString, ending);
        const QStringList sleep = uniqueSleep(61);
        BubblewrapProvider provider(root());
        const RunSpec spec = shellSpec(
            QStringLiteral("readlink /proc/self/ns/pid; "
                           "(setsid sh -c 'touch /tmp/up; exec %1' </dev/null >/dev/null 2>&1 &); "
                           "while [ ! -e /tmp/up ]; do sleep 0.05; done; echo ready; %2")
                .arg(sleep.join(QLatin1Char(' ')),
                    ending == QLatin1String("exit") ? QStringLiteral("exit 0")
                        : ending == QLatin1String("kill-parent")
                        // Inside the namespace its parent is init (pid 1), which the kernel shields
                        // from the namespace's own SIGKILL; bwrap's monitor is not even visible.
                        ? QStringLiteral("kill -KILL $PPID; kill -KILL 1; "
                                         "(setsid sh -c 'sleep 0.2; exec %1' </dev/null >/dev/null 2>&1 &); "
                                         "sleep 0.5; exit 0")
                              .arg(sleep.join(QLatin1Char(' ')))
                        : QStringLiteral("sleep 100")));
        QVERIFY(prepare(provider, QStringLiteral("run_tree"), spec));
        auto process = provider.launch(QStringLiteral("run_tree"), spec, nullptr);
        QByteArray out;
        connect(process.get(), &SandboxedProcess::stdoutData, this, [&](const QByteArray &d) { out += d; });
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(out.contains("ready"), 10000);
        const QByteArray ns = out.split('\n').value(0).trimmed();
        QVERIFY2(ns.startsWith("pid:["), out.constData());
        if (ending != QLatin1String("exit") && ending != QLatin1String("kill-parent")) {
            QCOMPARE(processesRunning(sleep).size(), 1);
            QVERIFY(processesInNamespace(ns).size() >= 3); // init, the harness, the sleeper
        }
        if (ending == QLatin1String("terminate"))
            process->terminate(5000);
        else if (ending == QLatin1String("kill"))
            process->kill();
        if (ending == QLatin1String("destroy"))
            process.reset();
        else
            QVERIFY(!exited.isEmpty() || exited.wait(10000));
        QTRY_VERIFY_WITH_TIMEOUT(processesInNamespace(ns).isEmpty(), 3000); // init included
        QVERIFY(processesRunning(sleep).isEmpty());
        provider.teardown(QStringLiteral("run_tree"));
    }

    void resourceLimitsReachTheSandbox()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        RunSpec spec = shellSpec(QStringLiteral("setsid cat /proc/self/limits; head -c 2097152 /dev/zero > big; "
                                                "echo \"head $?\"; wc -c < big"));
        spec.resources.cpuMillis = 2000;
        spec.resources.memoryMib = 256;
        spec.resources.diskMib = 1;
        spec.resources.maxDurationSeconds = 60;
        const Outcome o = run(spec, QStringLiteral("run_limits"));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(limitLine(o.out, "Max cpu time"), (QStringList { QStringLiteral("120"), QStringLiteral("121") }));
        QCOMPARE(limitLine(o.out, "Max data size"),
            (QStringList { QStringLiteral("268435456"), QStringLiteral("268435456") }));
        QCOMPARE(
            limitLine(o.out, "Max file size"), (QStringList { QStringLiteral("1048576"), QStringLiteral("1048576") }));
        QVERIFY2(
            o.out.endsWith(QByteArray("head ") + QByteArray::number(128 + SIGXFSZ) + "\n1048576\n"), o.out.constData());
    }

    void cpuTimeIsAccounted()
    {
        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        // ~300 ms of CPU in a child of the harness: only a count over the sandbox sees it (bwrap's
        // monitor never reaps the harness).
        BubblewrapProvider provider(root());
        const RunSpec spec = shellSpec(QStringLiteral(
            "sh -c 'hz=$(getconf CLK_TCK); while :; do read -r a b c d e f g h i j k l m u s rest < /proc/$$/stat; "
            "[ $((u + s)) -ge $((hz * 3 / 10)) ] && break; done'; sleep 1"));
        QVERIFY(prepare(provider, QStringLiteral("run_cpu"), spec));
        auto process = provider.launch(QStringLiteral("run_cpu"), spec, nullptr);
        QCOMPARE(process->cpuMs(), -1);
        const Outcome o = runToEnd(process.get(), 60000);
        QCOMPARE(o.exitCode, 0);
        qInfo("cpuMs for ~300 ms of CPU: %lld", qlonglong(process->cpuMs()));
        QVERIFY(process->cpuMs() >= 200);
        QVERIFY(process->cpuMs() <= 1500);
        provider.teardown(QStringLiteral("run_cpu"));
    }

    void launchFailuresAreReported()
    {
        // No bwrap on the search path: launch_failed, saying what to install.
        QTemporaryDir empty;
        BubblewrapProvider missing(root(), { empty.path() });
        QVERIFY(missing.bwrapPath().isEmpty());
        const RunSpec spec = makeSpec({ QStringLiteral("true") });
        QVERIFY(prepare(missing, QStringLiteral("run_missing"), spec));
        auto process = missing.launch(QStringLiteral("run_missing"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        Outcome o = runToEnd(process.get());
        QCOMPARE(o.startError, QStringLiteral("bwrap is not installed (apt install bubblewrap)"));
        QCOMPARE(o.exitCode, -2); // no exited()
        QCOMPARE(started.size(), 0);
        missing.teardown(QStringLiteral("run_missing"));

        if (!m_skip.isEmpty())
            QFAIL(qPrintable(m_skip + QStringLiteral(" (scripts/setup installs bubblewrap)")));
        BubblewrapProvider provider(root());
        process = provider.launch(QStringLiteral("run_unprepared"), spec, nullptr);
        QVERIFY(!runToEnd(process.get()).startError.isEmpty());
        QVERIFY(prepare(provider, QStringLiteral("run_fail"), spec));
        RunSpec odd = spec;
        odd.network
            = WireValue<NetworkPolicy>::fromWire(QStringLiteral("egress-allowlist")); // never weaker than asked: refuse
        process = provider.launch(QStringLiteral("run_fail"), odd, nullptr);
        o = runToEnd(process.get());
        QVERIFY2(o.startError.contains(QLatin1String("egress-allowlist")), qPrintable(o.startError));
        process = provider.launch(QStringLiteral("run_fail"), makeSpec({ QStringLiteral("no-such-harness") }), nullptr);
        QVERIFY(!runToEnd(process.get()).startError.isEmpty());
        // A harness where the sandbox hides it (here: the Runner's temporary directory).
        const QString hiddenHarness = QDir::tempPath() + QStringLiteral("/harness.sh");
        QFile script(hiddenHarness);
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write("#!/bin/sh\necho ran\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        process = provider.launch(QStringLiteral("run_fail"), makeSpec({ hiddenHarness }), nullptr);
        o = runToEnd(process.get());
        QVERIFY2(o.startError.contains(QLatin1String("not visible in the sandbox")), qPrintable(o.startError));
        QFile::remove(hiddenHarness);
        provider.teardown(QStringLiteral("run_fail"));
    }
};

int main(int argc, char **argv)
{
    if (argc == 4 && qstrcmp(argv[1], HelperArgument) == 0)
        return runHelper(argc, argv);
    QCoreApplication app(argc, argv);
    TestBubblewrapProvider test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_bubblewrapprovider.moc"
