// The Runner only dials out (§1; issue 2, acceptance 8): a ready Runner owns no listening TCP
// socket and no bound, unconnected UDP socket, over several heartbeats.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QTest>

#include <csignal>

using namespace IntegrationSupport;

namespace {
// Socket inodes the process holds: /proc/<pid>/fd/* -> "socket:[inode]".
QSet<QString> socketInodes(qint64 pid)
{
    QSet<QString> inodes;
    const QDir fdDir(QStringLiteral("/proc/%1/fd").arg(pid));
    for (const QString &fd : fdDir.entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot)) {
        const QString target = QFile::symLinkTarget(fdDir.filePath(fd));
        // symLinkTarget makes it absolute ("/proc/…/fd/socket:[123]"); keep the last part.
        const QString name = QFileInfo(target).fileName();
        if (name.startsWith(QLatin1String("socket:[")))
            inodes.insert(name.mid(8).chopped(1));
    }
    return inodes;
}

struct Socket
{
    QString table;
    QString local;
    QString remote;
    QString state;
    QString inode;
};

QList<Socket> sockets(qint64 pid, const QString &table)
{
    QList<Socket> result;
    QFile f(QStringLiteral("/proc/%1/net/%2").arg(pid).arg(table));
    if (!f.open(QIODevice::ReadOnly))
        return result;
    const QList<QByteArray> lines = f.readAll().split('\n');
    for (int i = 1; i < lines.size(); ++i) { // line 0 is the header
        const QStringList cols = QString::fromLatin1(lines.at(i)).split(u' ', Qt::SkipEmptyParts);
        if (cols.size() < 10)
            continue;
        result.append({ table, cols.at(1), cols.at(2), cols.at(3), cols.at(9) });
    }
    return result;
}

// "0100007F:1F90" -> port 0x1F90
int portOf(const QString &address)
{
    return address.section(u':', -1).toInt(nullptr, 16);
}

// Listening TCP (state 0A) or receiving UDP (bound to a port, no peer) sockets owned by pid.
QStringList listeningSockets(qint64 pid)
{
    const QSet<QString> owned = socketInodes(pid);
    QStringList found;
    for (const QString &table :
        { QStringLiteral("tcp"), QStringLiteral("tcp6"), QStringLiteral("udp"), QStringLiteral("udp6") }) {
        for (const Socket &s : sockets(pid, table)) {
            if (!owned.contains(s.inode))
                continue;
            const bool tcp = table.startsWith(QLatin1String("tcp"));
            const bool listening
                = tcp ? s.state == QLatin1String("0A") : (portOf(s.local) != 0 && portOf(s.remote) == 0);
            if (listening)
                found << QStringLiteral("%1 %2 state %3 inode %4").arg(table, s.local, s.state, s.inode);
        }
    }
    return found;
}
} // namespace

class TestNoListen : public QObject
{
    Q_OBJECT

private slots:
    void readyRunnerHasNoListeningSocket();
};

void TestNoListen::readyRunnerHasNoListeningSocket()
{
    DevPlaneProcess dp({ QStringLiteral("--heartbeat-interval-seconds"), QStringLiteral("1") });
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const QString id = pairAndWaitReady(dp, runner, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));

    const qint64 pid = runner.pid();
    // The method works: the Runner does hold sockets (its connection to the devplane) that we can see.
    bool sawOwnConnection = false;
    for (int sample = 0; sample < 12; ++sample) {
        QVERIFY2(runner.isRunning(), qPrintable(runner.describe()));
        const QStringList listening = listeningSockets(pid);
        QVERIFY2(listening.isEmpty(), qPrintable(listening.join(u'\n')));
        const QSet<QString> owned = socketInodes(pid);
        for (const QString &table : { QStringLiteral("tcp"), QStringLiteral("tcp6") }) {
            for (const Socket &s : sockets(pid, table)) {
                if (owned.contains(s.inode) && portOf(s.remote) == dp.port())
                    sawOwnConnection = true;
            }
        }
        QTest::qWait(250);
    }
    QVERIFY2(sawOwnConnection, "never saw the Runner's own TCP connection to the devplane: the /proc scan is blind");

    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
}

CHECKFU_INTEGRATION_MAIN(TestNoListen, 120000)
#include "tst_nolisten.moc"
