// The tray opens links through `checkfu-run-reaper --nursery` (issue 21): the tray's process is a
// child subreaper once it runs host-process work, and whatever xdg-open leaves running must not
// become the tray's to reap. A stand-in xdg-open leaves a detached sleeper behind.
#include "GuiTestSupport.h"
#include "LinkLauncher.h"

#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/sandbox/OrphanSweeper.h>
#include <runnercore/sandbox/ProcessTable.h>

#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace runnercore;

namespace {
// Entries of /proc whose parent is this test process.
std::vector<ProcessTable::Entry> ourChildren()
{
    std::vector<ProcessTable::Entry> found;
    for (const ProcessTable::Entry &entry : ProcessTable::read().entries()) {
        if (entry.ppid == ::getpid())
            found.push_back(entry);
    }
    return found;
}

QList<pid_t> processesWithCmdline(const QByteArray &cmdline)
{
    QList<pid_t> found;
    for (const ProcessTable::Entry &entry : ProcessTable::read().entries()) {
        QFile file(QStringLiteral("/proc/%1/cmdline").arg(entry.pid));
        if (entry.state != 'Z' && file.open(QIODevice::ReadOnly) && file.readAll() == cmdline)
            found.append(entry.pid);
    }
    return found;
}
} // namespace

class TestLinkLauncher : public QObject
{
    Q_OBJECT

private slots:
    void whatTheOpenerLeavesIsNeverTheTrays()
    {
        const QString reaper = HostProcess::reaperPath();
        QVERIFY2(!reaper.isEmpty(), "checkfu-run-reaper is not built");
        QVERIFY(OrphanSweeper::becomeSubreaper()); // as the tray is after its first host-process run
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QByteArray seconds = "3." + QByteArray::number(QRandomGenerator::global()->bounded(100000, 999999));
        const QString opener = dir.filePath(QStringLiteral("xdg-open"));
        QFile script(opener);
        QVERIFY(script.open(QIODevice::WriteOnly));
        // Like xdg-open handing a link to a browser that goes on running: a double fork, then exit.
        script.write("#!/bin/sh\n(setsid sleep " + seconds + " </dev/null >/dev/null 2>&1 &)\nprintf '%s' \"$1\" > \""
            + QFile::encodeName(dir.filePath(QStringLiteral("opened"))) + "\"\n");
        script.close();
        QVERIFY(script.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));

        LinkLauncher launcher(reaper, opener);
        const QUrl link(QStringLiteral("https://cp.example.test/sessions/sess_1?x=1&y=a b"));
        QVERIFY(launcher.open(link));
        QFile opened(dir.filePath(QStringLiteral("opened")));
        QTRY_VERIFY_WITH_TIMEOUT(opened.exists() && opened.size() > 0, 10000);
        QVERIFY(opened.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(opened.readAll()), link.toString(QUrl::FullyEncoded)); // one argument, whole

        const QByteArray sleeper = QByteArray("sleep") + '\0' + seconds + '\0';
        QList<pid_t> sleepers;
        QTRY_VERIFY_WITH_TIMEOUT((sleepers = processesWithCmdline(sleeper)).size() == 1, 10000);
        ProcessTable::Entry entry;
        QVERIFY(ProcessTable::readOne(sleepers.first(), &entry));
        QVERIFY2(entry.ppid != ::getpid(), "the opener's leftover was adopted by the tray");

        // Once the sleeper ends, the nursery does too, and QProcess reaps it: no zombie is ours.
        QVERIFY2(ourChildren().size() == 1, "the nursery did not wait for what the opener left");
        QTRY_VERIFY_WITH_TIMEOUT(ourChildren().empty(), 10000);
        QVERIFY(!ProcessTable::readOne(entry.pid, &entry)); // it ended of its own accord, nobody killed it
    }
};

CHECKFU_GUI_TEST_MAIN(TestLinkLauncher)
#include "tst_linklauncher.moc"
