// /proc/net/tcp{,6} as the kernel writes them (include/net/tcp_states.h, net/ipv4/tcp_ipv4.c's
// get_tcp4_sock): only LISTEN sockets count, with their port and uid; the header and every line
// not of the kernel's shape are skipped. loopbackProblem() over crafted tables: nothing listening,
// another uid, our own uid, a non-loopback endpoint, no tables at all.
#include <runnercore/transport/ListeningSockets.h>

#include <QDir>
#include <QFile>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace runnercore;

namespace {

using Socket = ListeningSockets::Socket;

const QByteArray header4 = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout "
                           "inode                                                     \n";
const QByteArray header6 = "  sl  local_address                         remote_address                        st "
                           "tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n";

QByteArray line4(int sl, const char *local, const char *remote, const char *state, int uid)
{
    return QByteArray("  ") + QByteArray::number(sl) + ": " + local + ' ' + remote + ' ' + state
        + " 00000000:00000000 00:00000000 00000000 " + QByteArray::number(uid).rightJustified(5, ' ')
        + "        0 12345 1 0000000000000000 100 0 0 10 0\n";
}

bool writeTables(const QString &dir, const QByteArray &tcp, const QByteArray &tcp6)
{
    for (const auto &[name, bytes] : { std::pair { "tcp", tcp }, std::pair { "tcp6", tcp6 } }) {
        QFile file(dir + QLatin1Char('/') + QLatin1String(name));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
            return false;
    }
    return true;
}

} // namespace

class TestListeningSockets : public QObject
{
    Q_OBJECT

private slots:
    void parsesListenSockets()
    {
        const QByteArray table = header4
            + line4(0, "0100007F:2255", "00000000:0000", "0A", 1000) // 127.0.0.1:8789 LISTEN
            + line4(1, "00000000:0016", "00000000:0000", "0A", 0) // 0.0.0.0:22 LISTEN
            + line4(2, "0100007F:2255", "0100007F:D431", "01", 1000); // ESTABLISHED: not a listener
        QCOMPARE(ListeningSockets::parse(table), (QList<Socket> { { 0x2255, 1000 }, { 22, 0 } }));
    }

    void parsesIpv6()
    {
        const QByteArray table = header6
            + line4(0, "00000000000000000000000001000000:1F90", "00000000000000000000000000000000:0000", "0A", 1001)
            + line4(1, "00000000000000000000000000000000:0050", "00000000000000000000000000000000:0000", "0a", 33);
        QCOMPARE(ListeningSockets::parse(table), (QList<Socket> { { 8080, 1001 }, { 80, 33 } }));
    }

    void skipsWhatIsNotTheKernelsShape_data()
    {
        QTest::addColumn<QByteArray>("line");
        QTest::newRow("header only") << header4;
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("too few fields") << QByteArray("   0: 0100007F:2255 00000000:0000 0A\n");
        QTest::newRow("no slot colon") << line4(0, "0100007F:2255", "00000000:0000", "0A", 5).replace("0:", "0 ");
        QTest::newRow("port not hex") << line4(0, "0100007F:22G5", "00000000:0000", "0A", 5);
        QTest::newRow("port too long") << line4(0, "0100007F:12255", "00000000:0000", "0A", 5);
        QTest::newRow("address of the wrong size") << line4(0, "0100007:2255", "00000000:0000", "0A", 5);
        QTest::newRow("address not hex") << line4(0, "0100007Z:2255", "00000000:0000", "0A", 5);
        QTest::newRow("no port") << line4(0, "0100007F", "00000000:0000", "0A", 5);
        QTest::newRow("state of three digits") << line4(0, "0100007F:2255", "00000000:0000", "00A", 5);
        QTest::newRow("uid negative") << line4(0, "0100007F:2255", "00000000:0000", "0A", -1);
        QTest::newRow("uid beyond 32 bits") << QByteArray("   0: 0100007F:2255 00000000:0000 0A 00000000:00000000 "
                                                          "00:00000000 00000000 4294967296 0 1\n");
        QTest::newRow("uid not decimal") << QByteArray("   0: 0100007F:2255 00000000:0000 0A 00000000:00000000 "
                                                       "00:00000000 00000000 0x10 0 1\n");
        QTest::newRow("binary") << QByteArray("\0\xff\xfe:\n\n\r\t", 9);
    }

    void skipsWhatIsNotTheKernelsShape()
    {
        QFETCH(QByteArray, line);
        QCOMPARE(ListeningSockets::parse(line), QList<Socket>());
    }

    // A line the kernel might someday end without a newline, or with tabs, is still read.
    void toleratesWhiteSpaceAndAMissingNewline()
    {
        QByteArray table = line4(7, "0100007F:2255", "00000000:0000", "0A", 42);
        table.chop(1);
        table.replace(' ', '\t');
        QCOMPARE(ListeningSockets::parse(table), (QList<Socket> { { 0x2255, 42 } }));
    }

    void loopbackProblemFromTables()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QUrl endpoint(QStringLiteral("http://127.0.0.1:8789"));
        QVERIFY(writeTables(dir.path(), header4 + line4(0, "0100007F:2255", "00000000:0000", "0A", 1000), header6));
        const auto owners = ListeningSockets::ownersOf(8789, dir.path());
        QVERIFY(owners);
        QCOMPARE(*owners, QList<quint32> { 1000 });
        // Our own listener: accepted.
        QVERIFY(!ListeningSockets::loopbackProblem(endpoint, 1000, dir.path()));
        // Someone else's: refused, naming the port and the other uid.
        const auto foreign = ListeningSockets::loopbackProblem(endpoint, 0, dir.path());
        QVERIFY(foreign);
        QVERIFY2(foreign->contains(QLatin1String("port 8789")), qPrintable(*foreign));
        QVERIFY2(foreign->contains(QLatin1String("another user (uid 1000)")), qPrintable(*foreign));
        // Ours in tcp, another's in tcp6 on the same port: refused.
        QVERIFY(writeTables(dir.path(), header4 + line4(0, "0100007F:2255", "00000000:0000", "0A", 1000),
            header6
                + line4(0, "00000000000000000000000000000000:2255", "00000000000000000000000000000000:0000", "0A", 7)));
        QVERIFY(ListeningSockets::loopbackProblem(QUrl(QStringLiteral("http://[::1]:8789")), 1000, dir.path()));
        // Nothing on the port: refused too (anyone could take it before the redemption).
        const auto nobody
            = ListeningSockets::loopbackProblem(QUrl(QStringLiteral("http://localhost:9")), 1000, dir.path());
        QVERIFY(nobody);
        QVERIFY2(nobody->contains(QLatin1String("nothing listens on port 9")), qPrintable(*nobody));
        // Not loopback: not this check's business.
        QVERIFY(!ListeningSockets::loopbackProblem(QUrl(QStringLiteral("https://cp.example.test")), 1000, dir.path()));
        // No tables (not Linux): refused, since nobody can tell.
        const auto unknown = ListeningSockets::loopbackProblem(endpoint, 1000, dir.path() + QStringLiteral("/none"));
        QVERIFY(unknown);
        QVERIFY2(unknown->contains(QLatin1String("cannot tell")), qPrintable(*unknown));
        // https to loopback without a port means 443.
        QVERIFY(ListeningSockets::loopbackProblem(QUrl(QStringLiteral("https://localhost")), 1000, dir.path())
                    ->contains(QLatin1String("port 443")));
    }

    // The real tables of this machine: a listener of this process is found with our uid.
    void readsThisMachine()
    {
        if (!QFile::exists(QStringLiteral("/proc/net/tcp")))
            QSKIP("no /proc/net/tcp here");
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        const auto owners = ListeningSockets::ownersOf(server.serverPort());
        QVERIFY(owners);
        QCOMPARE(*owners, QList<quint32> { quint32(::getuid()) });
        const QUrl endpoint(QStringLiteral("http://127.0.0.1:%1").arg(server.serverPort()));
        QVERIFY(!ListeningSockets::loopbackProblem(endpoint, ::getuid()));
    }
};

QTEST_GUILESS_MAIN(TestListeningSockets)
#include "tst_listeningsockets.moc"
