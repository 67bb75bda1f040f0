// The host-process tier (§5, §6.2): a private run directory, an environment built from scratch,
// its own process group, nothing left behind after terminate(), teardown or the Runner's death, not
// even what left the group or session (§6.7: checkfu-run-reaper), and the run's resource limits.
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/sandbox/HostProcessProvider.h>
#include <runnercore/sandbox/ProcessTable.h>
#include <runnercore/sandbox/RunMarker.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace runnercore;

namespace {
const char HelperArgument[] = "--launch-harness-and-wait";

RunSpec makeSpec(const QStringList &argv, const QMap<QString, QString> &env = {}, const QList<RunFile> &files = {})
{
    RunSpec spec;
    spec.tier = SandboxTier::HostProcess;
    spec.network = NetworkPolicy::Unrestricted;
    spec.retention = RetentionMode::Durable;
    spec.driver = QStringLiteral("checkfu:oneshot-v1@1");
    spec.launchKind = QStringLiteral("process");
    spec.argv = argv;
    spec.env = env;
    if (!files.isEmpty())
        spec.mounts.append(RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"), files });
    return spec;
}

int modeOf(const QString &path)
{
    struct stat st = {};
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return -1;
    return int(st.st_mode & 07777);
}

// Fields of /proc/<pid>/stat after the command name: [0] is the state, [2] the process group.
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

QList<qint64> liveGroupMembers(qint64 pgid)
{
    QList<qint64> members;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        const QList<QByteArray> fields = procStat(pid);
        if (fields.size() > 2 && fields.at(2).toLongLong() == pgid && fields.at(0) != "Z" && fields.at(0) != "X")
            members.append(pid);
    }
    return members;
}

// A harness that leaves two sleepers behind, then does `then`: one in a session (and process group)
// of its own, one orphaned by a double fork. Their pids land in escaped.pid and orphan.pid in the
// workspace; "ready" on stdout once both are there.
QString escapingScript(const QString &then)
{
    return QStringLiteral(
        "setsid sh -c 'sleep 300 & echo $! > escaped.tmp; mv escaped.tmp escaped.pid; wait' "
        "</dev/null >/dev/null 2>&1 & "
        "(sh -c 'sleep 301 </dev/null >/dev/null 2>&1 & echo $! > orphan.tmp; mv orphan.tmp orphan.pid' &); "
        "while [ ! -e escaped.pid ] || [ ! -e orphan.pid ]; do sleep 0.05; done; echo ready; %1")
        .arg(then);
}

// The pid in a file the harness wrote, once it is there; 0 if it never is.
qint64 pidFromFile(const QString &path, int timeoutMs = 10000)
{
    QDeadlineTimer deadline(timeoutMs);
    for (;;) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            const qint64 pid = file.readAll().trimmed().toLongLong();
            if (pid > 0)
                return pid;
        }
        if (deadline.hasExpired())
            return 0;
        QTest::qWait(20);
    }
}

// SIGKILLs what a failed check left running, so that one failure does not leak sleepers.
struct Leftovers
{
    QList<qint64> pids;
    ~Leftovers()
    {
        for (qint64 pid : pids) {
            if (isAlive(pid))
                ::kill(pid_t(pid), SIGKILL);
        }
    }
};

// "Max data size  67108864  67108864  bytes" → { "67108864", "67108864" } from /proc/<pid>/limits text.
QStringList limitLine(const QByteArray &limits, const QByteArray &name)
{
    for (const QByteArray &line : limits.split('\n')) {
        if (line.startsWith(name)) {
            const QStringList parts = QString::fromUtf8(line.mid(name.size())).simplified().split(QLatin1Char(' '));
            return parts.mid(0, 2);
        }
    }
    return {};
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

// Second life of this binary: launches a harness, prints its pid and waits to be SIGKILLed.
int runHelper(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    HostProcessProvider provider(QString::fromLocal8Bit(argv[2]));
    const RunSpec spec = argc > 3
        ? makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), QString::fromLocal8Bit(argv[3]) })
        : makeSpec({ QStringLiteral("sleep"), QStringLiteral("100") });
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

class TestHostProcessProvider : public QObject
{
    Q_OBJECT
private:
    QTemporaryDir m_tmp;
    QString root() const { return m_tmp.path() + QStringLiteral("/data/runs"); }

private slots:
    void initTestCase() { QVERIFY(m_tmp.isValid()); }

    void advertisesWhatItRealises()
    {
        HostProcessProvider provider(root());
        QCOMPARE(provider.id(), QStringLiteral("host-process"));
        const QJsonObject caps = provider.capabilities({ QStringLiteral("checkfu:oneshot-v1@1") });
        QCOMPARE(caps.value(QStringLiteral("id")).toString(), QStringLiteral("host-process"));
        QCOMPARE(
            caps.value(QStringLiteral("drivers")).toArray(), QJsonArray { QStringLiteral("checkfu:oneshot-v1@1") });
        // Each resource says how it is held (setrlimit per process; the deadline over the tree).
        QCOMPARE(caps.value(QStringLiteral("resource_limits")).toObject(),
            (QJsonObject { { QStringLiteral("cpu_millis"), QStringLiteral("process_cpu_time") },
                { QStringLiteral("memory_mib"), QStringLiteral("process_data") },
                { QStringLiteral("disk_mib"), QStringLiteral("process_file_size") },
                { QStringLiteral("max_duration_seconds"), QStringLiteral("run_deadline") } }));
        QCOMPARE(caps.value(QStringLiteral("runtime_assurances"))
                     .toObject()
                     .value(QStringLiteral("network_isolation"))
                     .toBool(true),
            false);
    }

    // Installed (the .deb, `cmake --install`), the reaper is a helper out of PATH, in
    // libexec/checkfu-runner beside the Runner's bin/; a reaper next to the binary wins. A binary
    // outside the build tree never falls back to the build's reaper.
    void findsTheReaperNextToTheBinaryOrInstalledInLibexec()
    {
        QTemporaryDir prefix;
        QVERIFY(prefix.isValid());
        const QString bin = prefix.path() + QStringLiteral("/bin");
        const QString libexec = prefix.path() + QStringLiteral("/libexec/checkfu-runner");
        QVERIFY(QDir().mkpath(bin) && QDir().mkpath(libexec));
        const auto placeReaper = [](const QString &dir) {
            QFile reaper(dir + QStringLiteral("/checkfu-run-reaper"));
            QVERIFY(reaper.open(QIODevice::WriteOnly));
            reaper.write("#!/bin/sh\n");
            reaper.close();
            QVERIFY(reaper.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        };
        QCOMPARE(HostProcess::reaperPath(bin), QString());
        placeReaper(libexec);
        QCOMPARE(HostProcess::reaperPath(bin), libexec + QStringLiteral("/checkfu-run-reaper"));
        placeReaper(bin);
        QCOMPARE(HostProcess::reaperPath(bin), bin + QStringLiteral("/checkfu-run-reaper"));
        // A file that cannot be executed is no reaper: the next place is looked at.
        QVERIFY(QFile::setPermissions(bin + QStringLiteral("/checkfu-run-reaper"), QFile::ReadOwner));
        QCOMPARE(HostProcess::reaperPath(bin), libexec + QStringLiteral("/checkfu-run-reaper"));
    }

    void prepareCreatesPrivateDirectoriesAndFiles()
    {
        HostProcessProvider provider(root());
        const QByteArray binary("\x00\x01\xFFpayload", 10);
        const RunSpec spec = makeSpec({ QStringLiteral("true") }, {},
            { { QStringLiteral("README.md"), "# hello\n" }, { QStringLiteral("src/deep/tool.py"), "print('x')\n" },
                { QStringLiteral("./src/./data.bin"), binary }, { QStringLiteral("empty"), QByteArray() } });
        QString error;
        QVERIFY2(provider.prepare(QStringLiteral("run_prep"), spec, &error), qPrintable(error));
        const QString run = provider.runPath(QStringLiteral("run_prep"));
        QCOMPARE(run, root() + QStringLiteral("/run_prep"));
        QCOMPARE(provider.workspacePath(QStringLiteral("run_prep")), run + QStringLiteral("/workspace"));
        for (const QString &dir : { root(), run, run + QStringLiteral("/workspace"), run + QStringLiteral("/home"),
                 run + QStringLiteral("/tmp"), run + QStringLiteral("/workspace/src/deep") })
            QCOMPARE(modeOf(dir), 0700);
        const auto content = [&](const QString &path) {
            QFile f(run + QStringLiteral("/workspace/") + path);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
        };
        QCOMPARE(content(QStringLiteral("README.md")), QByteArray("# hello\n"));
        QCOMPARE(content(QStringLiteral("src/deep/tool.py")), QByteArray("print('x')\n"));
        QCOMPARE(content(QStringLiteral("src/data.bin")), binary);
        QCOMPARE(content(QStringLiteral("empty")), QByteArray());
        // §6.8's modes, exactly (whatever the umask): 0644, and 0755 for an executable file.
        QCOMPARE(modeOf(run + QStringLiteral("/workspace/README.md")), 0644);
        provider.teardown(QStringLiteral("run_prep"));
        RunSpec withTool = makeSpec({ QStringLiteral("true") }, {}, { { QStringLiteral("bin/tool"), "#!/bin/sh\n" } });
        withTool.mounts[0].files[0].executable = true;
        // Skills are read-only to the harness: 0444/0555 files in 0555 directories.
        withTool.mounts.append(RunMount { QStringLiteral("skills"), QStringLiteral("~/skills"), {} });
        withTool.mounts[1].skills.append(
            RunSkill { QStringLiteral("pdf"), { { QStringLiteral("SKILL.md"), "use it\n" } } });
        QVERIFY2(provider.prepare(QStringLiteral("run_prep"), withTool, &error), qPrintable(error));
        QCOMPARE(modeOf(run + QStringLiteral("/workspace/bin/tool")), 0755);
        QCOMPARE(modeOf(run + QStringLiteral("/home/skills/pdf/SKILL.md")), 0444);
        QCOMPARE(modeOf(run + QStringLiteral("/home/skills/pdf")), 0555);
        QCOMPARE(modeOf(run + QStringLiteral("/home/skills")), 0555);
        provider.teardown(QStringLiteral("run_prep"));
        QVERIFY(!QFileInfo::exists(run));
    }

    void prepareRefusesToLeaveTheWorkspace()
    {
        HostProcessProvider provider(root());
        const QString outside = m_tmp.path() + QStringLiteral("/outside");
        QVERIFY(QDir().mkpath(outside));
        QFile victim(outside + QStringLiteral("/victim"));
        QVERIFY(victim.open(QIODevice::WriteOnly));
        victim.write("untouched");
        victim.close();

        // A directory component that is a pre-planted symlink to outside.
        const QString workspace = provider.workspacePath(QStringLiteral("run_link"));
        QVERIFY(QDir().mkpath(workspace));
        QVERIFY(QFile::link(outside, workspace + QStringLiteral("/src")));
        QString error;
        QVERIFY(!provider.prepare(QStringLiteral("run_link"),
            makeSpec({ QStringLiteral("true") }, {}, { { QStringLiteral("src/evil"), "x" } }), &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!QFileInfo::exists(outside + QStringLiteral("/evil")));
        QVERIFY(!QFileInfo::exists(provider.runPath(QStringLiteral("run_link")))); // cleaned up, link not followed
        QVERIFY(QFileInfo::exists(outside + QStringLiteral("/victim")));

        // The file itself is a pre-planted symlink.
        QVERIFY(QDir().mkpath(provider.workspacePath(QStringLiteral("run_leaf"))));
        QVERIFY(QFile::link(outside + QStringLiteral("/victim"),
            provider.workspacePath(QStringLiteral("run_leaf")) + QStringLiteral("/victim")));
        QVERIFY(!provider.prepare(QStringLiteral("run_leaf"),
            makeSpec({ QStringLiteral("true") }, {}, { { QStringLiteral("victim"), "overwritten" } }), &error));
        QFile check(outside + QStringLiteral("/victim"));
        QVERIFY(check.open(QIODevice::ReadOnly));
        QCOMPARE(check.readAll(), QByteArray("untouched"));

        // The run directory itself is a symlink.
        QVERIFY(QFile::link(outside, provider.runPath(QStringLiteral("run_dirlink"))));
        QVERIFY(!provider.prepare(QStringLiteral("run_dirlink"), makeSpec({ QStringLiteral("true") }), &error));
        QVERIFY(!QFileInfo::exists(outside + QStringLiteral("/workspace")));
        QVERIFY(QFileInfo::exists(outside + QStringLiteral("/victim")));

        // Paths the parser should never let through.
        for (const QString &bad : { QStringLiteral("../escape"), QStringLiteral("a/../../escape"),
                 QStringLiteral("/etc/passwd"), QStringLiteral("dir/") }) {
            QVERIFY2(!provider.prepare(
                         QStringLiteral("run_bad"), makeSpec({ QStringLiteral("true") }, {}, { { bad, "x" } }), &error),
                qPrintable(bad));
        }
        QVERIFY(!QFileInfo::exists(root() + QStringLiteral("/escape")));
        QVERIFY(!provider.prepare(QStringLiteral("../run"), makeSpec({ QStringLiteral("true") }), &error));
    }

    void teardownRemovesEverythingWithoutFollowingLinks()
    {
        HostProcessProvider provider(root());
        const QString outside = m_tmp.path() + QStringLiteral("/outside2");
        QVERIFY(QDir().mkpath(outside + QStringLiteral("/keep")));
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_down"),
            makeSpec({ QStringLiteral("true") }, {}, { { QStringLiteral("a/b/c.txt"), "c" } }), &error));
        const QString run = provider.runPath(QStringLiteral("run_down"));
        // What a harness might leave: links out, an unreadable directory, a read-only directory.
        QVERIFY(QFile::link(outside, run + QStringLiteral("/home/link")));
        QVERIFY(QDir().mkpath(run + QStringLiteral("/tmp/locked/inner")));
        QVERIFY(QDir().mkpath(run + QStringLiteral("/tmp/readonly")));
        QFile f(run + QStringLiteral("/tmp/readonly/file"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.close();
        QCOMPARE(::chmod(QFile::encodeName(run + QStringLiteral("/tmp/locked")).constData(), 0), 0);
        QCOMPARE(::chmod(QFile::encodeName(run + QStringLiteral("/tmp/readonly")).constData(), 0500), 0);

        provider.teardown(QStringLiteral("run_down"));
        QVERIFY(!QFileInfo::exists(run));
        QVERIFY(QFileInfo::exists(outside + QStringLiteral("/keep")));
        QVERIFY(QFileInfo::exists(root()));
        provider.teardown(QStringLiteral("run_down")); // twice
        provider.teardown(QStringLiteral("run_never_prepared"));
        provider.teardown(QStringLiteral(".."));
        QVERIFY(QFileInfo::exists(root()));
    }

    void environmentIsBuiltFromScratch()
    {
        qputenv("CHECKFU_RUNNER_TOKEN", "runner-secret");
        qputenv("CURSOR_API_KEY", "cursor-secret");
        qputenv("CHECKFU_FOO", "foo");
        qputenv("SECRET_X", "x");
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec({ QStringLiteral("env") }, // a bare name: found on the harness PATH
            { { QStringLiteral("SPEC_VAR"), QStringLiteral("from spec") },
                { QStringLiteral("LANG"), QStringLiteral("en_US.UTF-8") },
                { QStringLiteral("CHECKFU_RUNNER_X"), QStringLiteral("dropped") },
                { QStringLiteral("CURSOR_API_KEY"), QStringLiteral("dropped too") } });
        QString error;
        QVERIFY2(provider.prepare(QStringLiteral("run_env"), spec, &error), qPrintable(error));
        auto process = provider.launch(QStringLiteral("run_env"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        QMap<QString, QString> env;
        for (const QByteArray &line : o.out.split('\n')) {
            const qsizetype eq = line.indexOf('=');
            if (eq > 0)
                env.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
        }
        const QString run = provider.runPath(QStringLiteral("run_env"));
        QCOMPARE(env.value(QStringLiteral("HOME")), run + QStringLiteral("/home"));
        QCOMPARE(env.value(QStringLiteral("TMPDIR")), run + QStringLiteral("/tmp"));
        QCOMPARE(env.value(QStringLiteral("PATH")), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
        QCOMPARE(env.value(QStringLiteral("LC_ALL")), QStringLiteral("C.UTF-8"));
        QCOMPARE(env.value(QStringLiteral("TERM")), QStringLiteral("dumb"));
        QCOMPARE(env.value(QStringLiteral("LANG")), QStringLiteral("en_US.UTF-8")); // spec wins
        QCOMPARE(env.value(QStringLiteral("SPEC_VAR")), QStringLiteral("from spec"));
        QVERIFY(!env.value(QStringLiteral("USER")).isEmpty());
        QCOMPARE(env.value(QStringLiteral("LOGNAME")), env.value(QStringLiteral("USER")));
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            QVERIFY2(!it.key().startsWith(QLatin1String("CHECKFU_")), qPrintable(it.key()));
        QVERIFY(!env.contains(QStringLiteral("CURSOR_API_KEY")));
        QVERIFY(!env.contains(QStringLiteral("SECRET_X")));
        QVERIFY(!o.out.contains("secret"));
        const QStringList expected { QStringLiteral("HOME"), QStringLiteral("LANG"), QStringLiteral("LC_ALL"),
            QStringLiteral("LOGNAME"), QStringLiteral("PATH"), QStringLiteral("SPEC_VAR"), QStringLiteral("TERM"),
            QStringLiteral("TMPDIR"), QStringLiteral("USER") };
        QCOMPARE(env.keys(), expected); // nothing else at all
        provider.teardown(QStringLiteral("run_env"));
        for (const char *name : { "CHECKFU_RUNNER_TOKEN", "CURSOR_API_KEY", "CHECKFU_FOO", "SECRET_X" })
            qunsetenv(name);
    }

    void runsInTheWorkspaceWithoutStrayDescriptors()
    {
        // A descriptor the Runner leaked without O_CLOEXEC must not reach the harness.
        const int leaked = ::open("/dev/null", O_RDONLY);
        QVERIFY(leaked > 2);
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("pwd -P; for f in /proc/$$/fd/*; do echo \"fd ${f##*/}\"; done") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_cwd"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_cwd"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        ::close(leaked);
        QCOMPARE(o.exitCode, 0);
        const QList<QByteArray> lines = o.out.trimmed().split('\n');
        QCOMPARE(QString::fromUtf8(lines.first()),
            QFileInfo(provider.workspacePath(QStringLiteral("run_cwd"))).canonicalFilePath());
        QVERIFY2(!lines.contains("fd " + QByteArray::number(leaked)), o.out.constData());
        QVERIFY(lines.contains("fd 0") && lines.contains("fd 1") && lines.contains("fd 2"));
        provider.teardown(QStringLiteral("run_cwd"));
    }

    void harnessHasItsOwnProcessGroup()
    {
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("read -r pid comm state ppid pgrp rest < /proc/$$/stat; echo $pgrp") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_pgid"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_pgid"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        const qint64 pgid = o.out.trimmed().toLongLong();
        QVERIFY(pgid > 0);
        QVERIFY(pgid != ::getpgrp());
        QCOMPARE(pgid, process->pid()); // the harness leads its group
        provider.teardown(QStringLiteral("run_pgid"));
    }

    void exitCodeAndSignalAreReported()
    {
        HostProcessProvider provider(root());
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_exit"), makeSpec({ QStringLiteral("true") }), &error));
        const auto run = [&](const QString &script) {
            const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
            auto process = provider.launch(QStringLiteral("run_exit"), spec, nullptr);
            Outcome o = runToEnd(process.get());
            if (process->isRunning())
                o.exitCode = -99; // exited() while still running: wrong
            return o;
        };
        Outcome o = run(QStringLiteral("echo out; echo err >&2; exit 3"));
        QCOMPARE(o.exitCode, 3);
        QCOMPARE(o.signalNumber, 0);
        QCOMPARE(o.out, QByteArray("out\n"));
        QCOMPARE(o.err, QByteArray("err\n"));
        o = run(QStringLiteral("kill -USR1 $$; sleep 5"));
        QCOMPARE(o.exitCode, -1);
        QCOMPARE(o.signalNumber, int(SIGUSR1));
        o = run(QStringLiteral("kill -KILL $$"));
        QCOMPARE(o.signalNumber, int(SIGKILL));
        o = run(QStringLiteral("exit 0"));
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.signalNumber, 0);
        provider.teardown(QStringLiteral("run_exit"));
    }

    void launchFailuresAreReported()
    {
        HostProcessProvider provider(root());
        QString error;
        const QList<RunFile> files { { QStringLiteral("not-executable"), "#!/bin/sh\n" },
            { QStringLiteral("garbage"), QByteArray("\x01\x02\x03 not a program") } };
        QVERIFY(provider.prepare(QStringLiteral("run_fail"), makeSpec({ QStringLiteral("true") }, {}, files), &error));
        const QString workspace = provider.workspacePath(QStringLiteral("run_fail"));
        QCOMPARE(::chmod(QFile::encodeName(workspace + QStringLiteral("/garbage")).constData(), 0700), 0);
        const QStringList programs { QStringLiteral("/nonexistent/harness"), QStringLiteral("no-such-harness-here"),
            QStringLiteral("./not-executable"),
            QStringLiteral("./garbage") /* execve fails: ENOEXEC, seen by QProcess */ };
        for (const QString &program : programs) {
            auto process = provider.launch(QStringLiteral("run_fail"), makeSpec({ program }), nullptr);
            QSignalSpy started(process.get(), &SandboxedProcess::started);
            const Outcome o = runToEnd(process.get());
            QVERIFY2(!o.startError.isEmpty(), qPrintable(program));
            QCOMPARE(o.exitCode, -2); // no exited()
            QCOMPARE(started.size(), 0);
        }
        auto process = provider.launch(QStringLiteral("run_fail"), makeSpec({}), nullptr);
        QVERIFY(!runToEnd(process.get()).startError.isEmpty());
        process = provider.launch(QStringLiteral("run_unprepared"), makeSpec({ QStringLiteral("true") }), nullptr);
        QVERIFY(!runToEnd(process.get()).startError.isEmpty());
        provider.teardown(QStringLiteral("run_fail"));
    }

    void terminateEndsTheWholeTree_data()
    {
        QTest::addColumn<QString>("script");
        QTest::addColumn<int>("graceMs");
        QTest::addColumn<int>("expectedSignal");
        QTest::newRow("polite") << QStringLiteral("sleep 100 & sleep 100; wait") << 5000 << int(SIGTERM);
        // Ignoring SIGTERM (inherited by the sleeps) only earns the grace period.
        QTest::newRow("stubborn") << QStringLiteral("trap '' TERM; sleep 100 & sleep 100; wait") << 300 << int(SIGKILL);
    }

    void terminateEndsTheWholeTree()
    {
        QFETCH(QString, script);
        QFETCH(int, graceMs);
        QFETCH(int, expectedSignal);
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), script });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_term"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_term"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        const qint64 pgid = process->pid();
        QTRY_COMPARE_WITH_TIMEOUT(liveGroupMembers(pgid).size(), 4, 10000); // the reaper, sh and two sleeps
        const QList<qint64> members = liveGroupMembers(pgid);
        QElapsedTimer timer;
        timer.start();
        process->terminate(graceMs);
        QVERIFY(exited.wait(graceMs + 5000));
        QCOMPARE(exited.at(0).at(1).toInt(), expectedSignal);
        if (expectedSignal == SIGKILL)
            QVERIFY(timer.elapsed() >= graceMs - 50);
        QTRY_VERIFY_WITH_TIMEOUT(liveGroupMembers(pgid).isEmpty(), 2000);
        for (qint64 pid : members)
            QVERIFY(!isAlive(pid));
        provider.teardown(QStringLiteral("run_term"));
    }

    void leftoversOfTheLeaderAreKilled()
    {
        // The run ends when its process exits: a background child does not outlive it.
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("sleep 100 >/dev/null 2>&1 & echo $!") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_bg"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_bg"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        const qint64 child = o.out.trimmed().toLongLong();
        QVERIFY(child > 0);
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(child), 2000);
        provider.teardown(QStringLiteral("run_bg"));
    }

    void killIsImmediate()
    {
        HostProcessProvider provider(root());
        const RunSpec spec
            = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("trap '' TERM; sleep 100") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_kill"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_kill"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        QVERIFY(process->isRunning());
        process->kill();
        QVERIFY(exited.wait(5000));
        QCOMPARE(exited.at(0).at(1).toInt(), int(SIGKILL));
        QVERIFY(!process->isRunning());
        provider.teardown(QStringLiteral("run_kill"));
    }

    void destroyingARunningProcessKillsItsTree()
    {
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec(
            { QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("sleep 100 & sleep 100; wait") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_drop"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_drop"), spec, nullptr);
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        process->start();
        QVERIFY(started.wait(10000));
        const qint64 pgid = process->pid();
        QTRY_COMPARE_WITH_TIMEOUT(liveGroupMembers(pgid).size(), 4, 10000); // the reaper, sh and two sleeps
        process.reset();
        QTRY_VERIFY_WITH_TIMEOUT(liveGroupMembers(pgid).isEmpty(), 2000);
        provider.teardown(QStringLiteral("run_drop"));
    }

    void harnessDiesWithTheRunner()
    {
        QProcess helper;
        helper.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        helper.start(QCoreApplication::applicationFilePath(),
            { QString::fromLatin1(HelperArgument), m_tmp.path() + QStringLiteral("/helper-runs") });
        QVERIFY(helper.waitForStarted(10000));
        QTRY_VERIFY_WITH_TIMEOUT(helper.canReadLine() || helper.state() == QProcess::NotRunning, 20000);
        const qint64 harness = helper.readLine().trimmed().toLongLong();
        QVERIFY(harness > 0);
        QVERIFY(isAlive(harness));
        QCOMPARE(procStat(harness).value(1).toLongLong(), helper.processId()); // its child, in its own group
        ::kill(pid_t(helper.processId()), SIGKILL); // no destructor, no cleanup: only PDEATHSIG
        QVERIFY(helper.waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(harness), 2000);
    }

    void noProcessOutlivesTheRun_data()
    {
        QTest::addColumn<QString>("ending");
        QTest::newRow("harness exits") << QStringLiteral("exit");
        QTest::newRow("terminated") << QStringLiteral("terminate");
        QTest::newRow("killed") << QStringLiteral("kill");
        QTest::newRow("destroyed") << QStringLiteral("destroy");
    }

    void noProcessOutlivesTheRun()
    {
        // §6.7: the tree is every process the run started, also one that left its group or session.
        QFETCH(QString, ending);
        HostProcessProvider provider(root());
        const QString runId = QStringLiteral("run_escape_") + ending; // a failed row leaves its files
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            escapingScript(ending == QLatin1String("exit") ? QStringLiteral("exit 0") : QStringLiteral("sleep 100")) });
        QString error;
        QVERIFY(provider.prepare(runId, spec, &error));
        auto process = provider.launch(runId, spec, nullptr);
        QByteArray out;
        connect(process.get(), &SandboxedProcess::stdoutData, this, [&](const QByteArray &d) { out += d; });
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        QSignalSpy exited(process.get(), &SandboxedProcess::exited);
        process->start();
        QVERIFY(started.wait(10000));
        const QString workspace = provider.workspacePath(runId);
        Leftovers leftovers;
        const qint64 escaped = pidFromFile(workspace + QStringLiteral("/escaped.pid"));
        const qint64 orphan = pidFromFile(workspace + QStringLiteral("/orphan.pid"));
        leftovers.pids = { escaped, orphan };
        QVERIFY(escaped > 0 && orphan > 0);
        QTRY_VERIFY_WITH_TIMEOUT(out.contains("ready"), 10000);
        if (ending != QLatin1String("exit")) {
            // What a signal to the run's process group never reaches.
            QVERIFY(isAlive(escaped) && isAlive(orphan));
            QVERIFY(procStat(escaped).value(2).toLongLong() != process->pid());
        }
        if (ending == QLatin1String("terminate"))
            process->terminate(5000);
        else if (ending == QLatin1String("kill"))
            process->kill();
        if (ending == QLatin1String("destroy"))
            process.reset(); // returns once the tree is gone
        else
            QVERIFY(!exited.isEmpty() || exited.wait(10000));
        // Gone by the time the run's process has ended: nothing to wait for.
        QVERIFY2(!isAlive(escaped), "the sleeper in a session of its own outlived the run");
        QVERIFY2(!isAlive(orphan), "the double-forked sleeper outlived the run");
        if (ending == QLatin1String("terminate"))
            QCOMPARE(exited.at(0).at(1).toInt(), int(SIGTERM));
        else if (ending == QLatin1String("kill"))
            QCOMPARE(exited.at(0).at(1).toInt(), int(SIGKILL));
        else if (ending == QLatin1String("exit"))
            QCOMPARE(exited.at(0).at(0).toInt(), 0);
        provider.teardown(runId);
    }

    void escapedProcessesDieWithTheRunner()
    {
        // The Runner SIGKILLed: the reaper's parent-death signal makes it kill the whole tree.
        const QString runs = m_tmp.path() + QStringLiteral("/helper-escape-runs");
        QProcess helper;
        helper.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        helper.start(QCoreApplication::applicationFilePath(),
            { QString::fromLatin1(HelperArgument), runs, escapingScript(QStringLiteral("sleep 100")) });
        QVERIFY(helper.waitForStarted(10000));
        Leftovers leftovers;
        const qint64 escaped = pidFromFile(runs + QStringLiteral("/run_helper/workspace/escaped.pid"), 20000);
        const qint64 orphan = pidFromFile(runs + QStringLiteral("/run_helper/workspace/orphan.pid"));
        leftovers.pids = { escaped, orphan };
        QVERIFY(escaped > 0 && orphan > 0);
        QVERIFY(isAlive(escaped) && isAlive(orphan));
        ::kill(pid_t(helper.processId()), SIGKILL); // no destructor, no cleanup
        QVERIFY(helper.waitForFinished(5000));
        QTRY_VERIFY_WITH_TIMEOUT(!isAlive(escaped) && !isAlive(orphan), 3000);
    }

    void reaperGetsNothingOfTheRunsEnvironment()
    {
        // The run's variables are the harness's alone (§6.2): an LD_PRELOAD in them must not act on
        // the process that is to kill the tree.
        HostProcessProvider provider(root());
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                                          QStringLiteral("echo \"$PROBE_RUN_VARIABLE\"; sleep 100") },
            { { QStringLiteral("PROBE_RUN_VARIABLE"), QStringLiteral("run-value") } });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_env"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_env"), spec, nullptr);
        QByteArray out;
        connect(process.get(), &SandboxedProcess::stdoutData, this, [&](const QByteArray &d) { out += d; });
        QSignalSpy started(process.get(), &SandboxedProcess::started);
        process->start();
        QVERIFY(started.wait(10000));
        QTRY_COMPARE_WITH_TIMEOUT(out, QByteArray("run-value\n"), 10000); // the harness has it
        QFile environment(QStringLiteral("/proc/%1/environ").arg(process->pid()));
        QVERIFY(environment.open(QIODevice::ReadOnly));
        const QByteArray block = environment.readAll();
        QVERIFY2(!block.contains("PROBE_RUN_VARIABLE"), block.constData());
        process->kill();
        provider.teardown(QStringLiteral("run_env"));
    }

    void theReaperIsNotDumpableAndTheHarnessCarriesTheRunsMark()
    {
        // Issue 21: the harness (same user) may not ptrace its reaper or read its memory, and it
        // carries the mark the Runner knows orphans of a killed reaper by. Run as nobody: the
        // tests' root could read a dumpable process anyway, but /proc shows who may.
        const QString reaper = HostProcess::reaperPath();
        QVERIFY(!reaper.isEmpty());
        QProcess process;
        process.start(QStringLiteral("setpriv"),
            { QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                reaper, QStringLiteral("--"), QStringLiteral("/bin/sh"), QStringLiteral("-c"),
                QStringLiteral("cat /proc/self/limits; echo; sleep 100") });
        QVERIFY(process.waitForStarted(5000));
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += process.readAllStandardOutput()).contains("Max realtime timeout"), 10000);
        const pid_t reaperPid = pid_t(process.processId());
        struct stat st = {};
        QVERIFY(::stat(QStringLiteral("/proc/%1/environ").arg(reaperPid).toLocal8Bit().constData(), &st) == 0);
        QCOMPARE(st.st_uid, uid_t(0)); // not nobody's: a non-dumpable process's /proc files are root's
        QFile status(QStringLiteral("/proc/%1/status").arg(reaperPid));
        QVERIFY(status.open(QIODevice::ReadOnly));
        QVERIFY2(status.readAll().contains("\nUid:\t65534\t"), "the reaper does not run as nobody");
        // The harness's hard RLIMIT_RTTIME (as it saw it) is one below the reaper's (unlimited here).
        QVERIFY2(
            out.contains("Max realtime timeout      18446744073709551614 18446744073709551614 us"), out.constData());
        const ProcessTable table = ProcessTable::read();
        const std::vector<ProcessTable::Entry> children = table.descendantsOf(reaperPid);
        QVERIFY(!children.empty());
        QVERIFY(RunMarker::isMarked(children.front().pid));
        QVERIFY(!RunMarker::isMarked(reaperPid));
        process.kill();
        process.waitForFinished(5000);
    }

    void resourceLimitsHoldEveryProcess()
    {
        HostProcessProvider provider(root());
        RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("setsid sh -c 'cat /proc/self/limits' > limits.txt; "
                           "head -c 2097152 /dev/zero > big; echo \"head $?\"; wc -c < big") });
        spec.resources.cpuMillis = 500;
        spec.resources.memoryMib = 64;
        spec.resources.diskMib = 1;
        spec.resources.maxDurationSeconds = 4;
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_limits"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_limits"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        QFile file(provider.workspacePath(QStringLiteral("run_limits")) + QStringLiteral("/limits.txt"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray limits = file.readAll();
        // Even in a session of its own: 500 millicores over 4 s is 2 s of CPU time per process.
        QCOMPARE(limitLine(limits, "Max cpu time"), (QStringList { QStringLiteral("2"), QStringLiteral("3") }));
        QCOMPARE(limitLine(limits, "Max data size"),
            (QStringList { QStringLiteral("67108864"), QStringLiteral("67108864") }));
        QCOMPARE(
            limitLine(limits, "Max file size"), (QStringList { QStringLiteral("1048576"), QStringLiteral("1048576") }));
        // A file may not grow past disk_mib: the writer is stopped (SIGXFSZ) at 1 MiB.
        QCOMPARE(o.out, QByteArray("head ") + QByteArray::number(128 + SIGXFSZ) + "\n1048576\n");
        provider.teardown(QStringLiteral("run_limits"));
    }

    void cpuBudgetStopsABusyHarness()
    {
        // 1000 millicores for 1 s: a harness that spins is stopped after 1 s of CPU time (SIGXCPU).
        HostProcessProvider provider(root());
        RunSpec spec
            = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("while :; do :; done") });
        spec.resources.cpuMillis = 1000;
        spec.resources.maxDurationSeconds = 1;
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_spin"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_spin"), spec, nullptr);
        const Outcome o = runToEnd(process.get(), 15000);
        QCOMPARE(o.signalNumber, int(SIGXCPU));
        // Counted up to its end (the reaper's rusage). The limit goes by tick-sampled time, rusage is
        // scaled to the scheduler's: on a loaded machine they differ by a fifth or so.
        QVERIFY2(process->cpuMs() >= 500, qPrintable(QString::number(process->cpuMs())));
        provider.teardown(QStringLiteral("run_spin"));
    }

    void memoryLimitStopsAnAllocation()
    {
        // memory_mib 32: a process of the run cannot hold 64 MiB (unlimited, this prints "len 67108864").
        HostProcessProvider provider(root());
        RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("sh -c 'x=$(head -c 67108864 /dev/zero | tr \"\\0\" x); echo \"len ${#x}\"'; "
                           "echo \"sh $?\"") });
        spec.resources.memoryMib = 32;
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_mem"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_mem"), spec, nullptr);
        const Outcome o = runToEnd(process.get());
        QCOMPARE(o.exitCode, 0);
        QVERIFY2(!o.out.contains("len"), o.out.constData());
        QVERIFY2(o.out.contains("sh ") && !o.out.contains("sh 0"), o.out.constData());
        provider.teardown(QStringLiteral("run_mem"));
    }

    void cpuTimeIsAccounted()
    {
        HostProcessProvider provider(root());
        // Burns ~300 ms of CPU whatever the machine's load: loops until its own utime+stime reach 30 ticks.
        const RunSpec spec = makeSpec({ QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral(
                "hz=$(getconf CLK_TCK); while :; do read -r a b c d e f g h i j k l m u s rest < /proc/$$/stat; "
                "[ $((u + s)) -ge $((hz * 3 / 10)) ] && break; done") });
        QString error;
        QVERIFY(provider.prepare(QStringLiteral("run_cpu"), spec, &error));
        auto process = provider.launch(QStringLiteral("run_cpu"), spec, nullptr);
        QCOMPARE(process->cpuMs(), -1);
        const Outcome o = runToEnd(process.get(), 60000);
        QCOMPARE(o.exitCode, 0);
        qInfo("cpuMs for ~300 ms of CPU: %lld", qlonglong(process->cpuMs()));
        QVERIFY(process->cpuMs() > 0);
        QVERIFY(process->cpuMs() <= 1000);
        provider.teardown(QStringLiteral("run_cpu"));
    }
};

int main(int argc, char **argv)
{
    if ((argc == 3 || argc == 4) && qstrcmp(argv[1], HelperArgument) == 0)
        return runHelper(argc, argv);
    QCoreApplication app(argc, argv);
    TestHostProcessProvider test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_hostprocessprovider.moc"
