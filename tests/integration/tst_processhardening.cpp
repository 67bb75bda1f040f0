// Issue 13 item 5: the secrets a Runner reads from its own environment (a Workspace key in
// CHECKFU_RUNNER_TOKEN, a Cursor API key in CURSOR_API_KEY) are gone from /proc/<pid>/environ,
// which shows the initial environment block whatever unsetenv() did, and the Runner is
// non-dumpable: a process of the same user without CAP_SYS_PTRACE cannot read its environ (or mem).
// The real checkfu-runner against the devplane, ready and rotating. Runtime: about 5 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <csignal>

#include <fcntl.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {
const QString CursorCanary = QStringLiteral("cursorkey-canary-") + QStringLiteral("5d0c81e2f9a4b736");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Opens and reads `path` in a child process holding no capabilities (as another program of the
// same user would): 0 when it could, else the errno.
int readWithoutCapabilities(const QString &path)
{
    const QByteArray native = QFile::encodeName(path);
    const pid_t child = ::fork();
    if (child == 0) {
        __user_cap_header_struct header { _LINUX_CAPABILITY_VERSION_3, 0 };
        __user_cap_data_struct data[2] {};
        if (::syscall(SYS_capset, &header, data) != 0)
            ::_exit(120);
        const int fd = ::open(native.constData(), O_RDONLY);
        if (fd < 0)
            ::_exit(errno & 0x7f);
        char byte = 0;
        ::_exit(::read(fd, &byte, 1) >= 0 ? 0 : (errno & 0x7f));
    }
    int status = 0;
    if (child < 0 || ::waitpid(child, &status, 0) != child || !WIFEXITED(status))
        return -1;
    return WEXITSTATUS(status);
}
// As root, every process has all capabilities, and a process without them may never read one that has
// them (its permitted set must cover the target's), dumpable or not. From now on what this thread
// starts runs as uid 0 without capabilities, like any user's program, so dumpability is what decides.
bool childrenWithoutCapabilities()
{
    return ::geteuid() != 0 || ::prctl(PR_SET_SECUREBITS, SECBIT_NOROOT, 0, 0, 0) == 0;
}
} // namespace

class TestProcessHardening : public QObject
{
    Q_OBJECT

private slots:
    void secretsLeaveTheEnvironmentBlockAndTheRunnerIsNotDumpable();
    void theDescriptorLimitIsRaisedForTheRunnerOnly();
};

void TestProcessHardening::secretsLeaveTheEnvironmentBlockAndTheRunnerIsNotDumpable()
{
    QVERIFY(childrenWithoutCapabilities());
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    const QString workspaceKey = dp.adminText({ QStringLiteral("key") });
    QVERIFY(!workspaceKey.isEmpty());

    RunnerProcess runner;
    runner.setEnv(QStringLiteral("CHECKFU_RUNNER_TOKEN"), workspaceKey);
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_PROFILE_VERSION"),
        QStringLiteral("hprof_0123456789abcdef0123456789abcdef@1"));
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST"),
        QStringLiteral("sha256:") + QStringLiteral("0123456789abcdef").repeated(4));
    runner.setEnv(QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("cursor-auto"));
    runner.setEnv(QStringLiteral("CURSOR_API_KEY"), CursorCanary);
    // Its neighbours in the block are left alone.
    runner.setEnv(QStringLiteral("CHECKFU_HARDENING_NEIGHBOUR"), QStringLiteral("still-here"));
    QVERIFY(runner.start({ QStringLiteral("start"), QStringLiteral("--endpoint"), dp.url(),
        QStringLiteral("--credential-store"), QStringLiteral("file") }));
    // Ready: the key was read, exchanged and is in use; a Cursor lane was parsed from the same environment.
    QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));

    const QString environPath = QStringLiteral("/proc/%1/environ").arg(runner.pid());
    if (::geteuid() == 0) {
        // Root (CAP_SYS_PTRACE) still reads it: what it shows must not hold either secret.
        const QByteArray block = readAll(environPath);
        QVERIFY2(block.contains("CHECKFU_HARDENING_NEIGHBOUR=still-here"), block.constData());
        QVERIFY2(!block.contains(workspaceKey.toUtf8()), "the Workspace key is still in /proc/<pid>/environ");
        QVERIFY2(!block.contains(CursorCanary.toUtf8()), "the Cursor API key is still in /proc/<pid>/environ");
        QVERIFY(!block.contains("CHECKFU_RUNNER_TOKEN="));
        QVERIFY(!block.contains("CURSOR_API_KEY="));
        QVERIFY(block.contains("CHECKFU_CURSOR_MODEL=cursor-auto"));
    }
    // Non-dumpable: without CAP_SYS_PTRACE, the same user reads neither its environment nor its memory.
    const int environRead = readWithoutCapabilities(environPath);
    QVERIFY2(environRead == EACCES || environRead == EPERM,
        qPrintable(QStringLiteral("reading %1 without capabilities gave %2, expected EACCES (non-dumpable)")
                       .arg(environPath)
                       .arg(environRead)));
    const int memRead = readWithoutCapabilities(QStringLiteral("/proc/%1/mem").arg(runner.pid()));
    QVERIFY2(memRead == EACCES || memRead == EPERM, qPrintable(QString::number(memRead)));
    // The check itself works: the same child reads a dumpable process's environment (the devplane's).
    QCOMPARE(readWithoutCapabilities(QStringLiteral("/proc/%1/environ").arg(dp.pid())), 0);

    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
}

// Issue 35: started as `prlimit --nofile=256:4096 checkfu-runner start` would start it, the Runner raises its
// soft limit to the hard one first thing (every call, run and relay connection holds descriptors); the
// harness it starts gets the 256 back, as it would have had without the Runner.
void TestProcessHardening::theDescriptorLimitIsRaisedForTheRunnerOnly()
{
    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    runner.setDescriptorLimit(256, 4096);
    runner.setEnv(QStringLiteral("CHECKFU_ENABLE_HOST_PROCESS_SANDBOX"), QStringLiteral("true"));
    QVERIFY2(!IntegrationSupport::pairAndWaitReady(dp, runner, &error).isEmpty(), qPrintable(error));

    const QString limits = QString::fromLatin1(readAll(QStringLiteral("/proc/%1/limits").arg(runner.pid())));
    const QRegularExpressionMatch openFiles
        = QRegularExpression(QStringLiteral("^Max open files\\s+(\\d+)\\s+(\\d+)"), QRegularExpression::MultilineOption)
              .match(limits);
    QVERIFY2(openFiles.hasMatch(), qPrintable(limits));
    qInfo("the Runner started with 256 (hard 4096); /proc/PID/limits: Max open files %s %s",
        qPrintable(openFiles.captured(1)), qPrintable(openFiles.captured(2)));
    QCOMPARE(openFiles.captured(1), QStringLiteral("4096"));
    QCOMPARE(openFiles.captured(2), QStringLiteral("4096"));

    const QJsonObject spec = IntegrationSupport::oneshotRunSpec(dp.defaultPrincipal(),
        { QStringLiteral("/bin/sh"), QStringLiteral("-c"),
            QStringLiteral("echo \"soft $(ulimit -Sn) hard $(ulimit -Hn)\"") });
    const QJsonObject created = dp.createSessionFromSpec(spec, {}, &error);
    const QString sessionId = created.value(QStringLiteral("session_id")).toString();
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = dp.waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error + QLatin1Char('\n') + runner.describe()));
    const QByteArray out = IntegrationSupport::outputBytes(
        IntegrationSupport::eventList(dp.sessionEvents(sessionId)), QStringLiteral("output.stdout"));
    QVERIFY2(out.contains("soft 256 hard 4096"), out.constData());

    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
}

QTEST_GUILESS_MAIN(TestProcessHardening)
#include "tst_processhardening.moc"
