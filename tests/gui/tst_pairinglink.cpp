// checkfu://pair links: what a valid link yields (normalised endpoint and code), and that every
// malformed link is refused with a message naming the problem and never echoing the code; a
// loopback endpoint whose port another local account listens on is refused (a real second account).
#include "GuiTestSupport.h"
#include "PairingLink.h"
#include <runnercore/identity/PairingCode.h>
#include <runnercore/transport/EndpointPolicy.h>
#include <runnercore/transport/ListeningSockets.h>

#include <QProcess>
#include <QStandardPaths>
#include <QTcpServer>

#include <unistd.h>

using namespace runnercore;

namespace {
// The system's, not a shim under root's home that the other account cannot read.
QString systemPython()
{
    const QString found = QStandardPaths::findExecutable(
        QStringLiteral("python3"), { QStringLiteral("/usr/bin"), QStringLiteral("/bin") });
    return found.isEmpty() ? QStringLiteral("python3") : found;
}
} // namespace

class TestPairingLink : public QObject
{
    Q_OBJECT

private slots:
    void parsesValidLinks_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QUrl>("endpoint");
        QTest::addColumn<QString>("code");

        const QString code = QStringLiteral("CFU-7K3M-Q9XD-2HFA");
        QTest::newRow("plain") << QStringLiteral(
            "checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=https://cp.example.test")
                               << QUrl(QStringLiteral("https://cp.example.test")) << code;
        QTest::newRow("encoded endpoint, trailing slash, lower-case code")
            << QStringLiteral("checkfu://pair?endpoint=https%3A%2F%2Fcp.example.test%2Fapi%2F&code=cfu-7k3m-q9xd-2hfa")
            << QUrl(QStringLiteral("https://cp.example.test/api")) << code;
        QTest::newRow("code with encoded spaces, O for zero")
            << QStringLiteral("checkfu://pair?code=cfu%207k3m%20q9xd%202hfa") << QUrl() << code;
        QTest::newRow("upper-case scheme and action, no hyphens")
            << QStringLiteral("CHECKFU://PAIR/?code=CFU7K3MQ9XD2HFA") << QUrl() << code;
        QTest::newRow("without slashes") << QStringLiteral("checkfu:pair?code=CFU-7K3M-Q9XD-2HFA") << QUrl() << code;
        QTest::newRow("loopback over http, surrounding white space")
            << QStringLiteral("  checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=http://127.0.0.1:8787\n")
            << QUrl(QStringLiteral("http://127.0.0.1:8787")) << code;
        QTest::newRow("unknown parameters are ignored")
            << QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&utm_source=mail") << QUrl() << code;
    }

    void parsesValidLinks()
    {
        QFETCH(QString, text);
        QFETCH(QUrl, endpoint);
        QFETCH(QString, code);

        const PairingLink link = PairingLink::parse(text);
        QVERIFY2(link.isValid(), qPrintable(link.error));
        QCOMPARE(link.error, QString());
        QCOMPARE(link.endpoint, endpoint);
        QCOMPARE(link.code, code);
    }

    void refusesMalformedLinks_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected"); // a part of the message the person must see
        QTest::addColumn<bool>("codeKept"); // the code was fine, only the endpoint was refused
        QTest::addColumn<bool>("endpointKept"); // the endpoint was fine, only the code was refused

        const QString badCode = QStringLiteral("CFU-7K3M-Q9XD-2HF");
        QTest::newRow("another scheme") << QStringLiteral("https://cp.example.test/pair?code=CFU-7K3M-Q9XD-2HFA")
                                        << QStringLiteral("not a Checkfu pairing link") << false << false;
        QTest::newRow("not text") << QStringLiteral("hello") << QStringLiteral("not a Checkfu pairing link") << false
                                  << false;
        QTest::newRow("another action") << QStringLiteral("checkfu://unpair?code=CFU-7K3M-Q9XD-2HFA")
                                        << QStringLiteral("not a pairing link") << false << false;
        QTest::newRow("no code") << QStringLiteral("checkfu://pair?endpoint=https://cp.example.test")
                                 << QStringLiteral("has no pairing code") << false << true;
        QTest::newRow("malformed code") << QStringLiteral("checkfu://pair?code=") + badCode
                                        << QStringLiteral("The link's pairing code is not valid: ")
                + PairingCode::parse(badCode).error()
                                        << false << false;
        QTest::newRow("two codes") << QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&code=CFU-0000-0000-0000")
                                   << QStringLiteral("more than once") << false << false;
        QTest::newRow("ftp endpoint") << QStringLiteral(
            "checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=ftp://cp.example.test")
                                      << *EndpointPolicy::check(QStringLiteral("ftp://cp.example.test"),
                                             QStringLiteral("The link's endpoint"))
                                      << true << false;
        QTest::newRow("plain http off loopback")
            << QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=http://cp.example.test")
            << *EndpointPolicy::check(QStringLiteral("http://cp.example.test"), QStringLiteral("The link's endpoint"))
            << true << false;
        QTest::newRow("too long") << QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&x=") + QString(5000, u'a')
                                  << QStringLiteral("too long") << false << false;
    }

    void refusesMalformedLinks()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        QFETCH(bool, codeKept);
        QFETCH(bool, endpointKept);

        const PairingLink link = PairingLink::parse(text);
        QVERIFY(!link.isValid());
        QVERIFY2(link.error.contains(expected), qPrintable(link.error));
        QCOMPARE(link.endpoint.isEmpty(), !endpointKept);
        QCOMPARE(link.code.isEmpty(), !codeKept);
        // The code is a secret: no part of it beyond the prefix is repeated.
        QVERIFY2(!link.error.contains(QLatin1String("7K3M")), qPrintable(link.error));
        QVERIFY2(!link.error.contains(QLatin1String("Q9XD")), qPrintable(link.error));
    }

    // A loopback endpoint is trusted only when the program listening on its port is the person's own. The test
    // runs as root: a throwaway account listens on a port, and a link to that port is refused, naming it.
    void refusesALoopbackEndpointOfAnotherUser()
    {
        if (::getuid() != 0)
            QSKIP("needs root, to create a second local account");
        const QString user = QStringLiteral("cfu-listen-%1").arg(QCoreApplication::applicationPid());
        struct Cleanup
        {
            explicit Cleanup(const QString &name) : user(name) { }
            QString user;
            QProcess listener;
            ~Cleanup()
            {
                if (listener.state() != QProcess::NotRunning) {
                    listener.kill();
                    listener.waitForFinished(5000);
                }
                QProcess::execute(QStringLiteral("userdel"), { user });
            }
        } cleanup(user);
        QCOMPARE(QProcess::execute(QStringLiteral("useradd"),
                     { QStringLiteral("--no-create-home"), QStringLiteral("--shell"),
                         QStringLiteral("/usr/sbin/nologin"), user }),
            0);
        QProcess id;
        id.start(QStringLiteral("id"), { QStringLiteral("-u"), user });
        QVERIFY(id.waitForFinished(5000));
        const QString uid = QString::fromLatin1(id.readAllStandardOutput()).trimmed();
        QVERIFY(!uid.isEmpty() && uid != QLatin1String("0"));

        // The other account's listener: setpriv execs python3 as that uid (no session, no shell around it).
        cleanup.listener.setWorkingDirectory(QStringLiteral("/"));
        cleanup.listener.start(QStringLiteral("setpriv"),
            { QStringLiteral("--reuid=") + uid, QStringLiteral("--regid=") + uid, QStringLiteral("--clear-groups"),
                systemPython(), QStringLiteral("-c"),
                QStringLiteral("import socket,sys\n"
                               "s=socket.socket()\n"
                               "s.bind(('127.0.0.1',0))\n"
                               "s.listen()\n"
                               "print(s.getsockname()[1],flush=True)\n"
                               "sys.stdin.read()\n") });
        QVERIFY2(cleanup.listener.waitForStarted(5000), qPrintable(cleanup.listener.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(cleanup.listener.canReadLine(), 10000);
        const int port = QString::fromLatin1(cleanup.listener.readLine()).trimmed().toInt();
        QVERIFY(port > 0);

        for (const QString &host : { QStringLiteral("127.0.0.1"), QStringLiteral("localhost") }) {
            PairingLink link = PairingLink::parse(
                QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=http://%1:%2").arg(host).arg(port));
            QVERIFY2(link.isValid(), qPrintable(link.error));
            link.checkLoopbackOwner(ListeningSockets::ownUid());
            QVERIFY(!link.isValid());
            QCOMPARE(link.endpoint, QUrl()); // never used, never a silent substitute either (the wizard shows error)
            QCOMPARE(link.code, QStringLiteral("CFU-7K3M-Q9XD-2HFA"));
            QVERIFY2(link.error.contains(QStringLiteral("port %1").arg(port)), qPrintable(link.error));
            QVERIFY2(link.error.contains(QStringLiteral("another user (uid %1)").arg(uid)), qPrintable(link.error));
        }

        // The person's own listener on loopback: accepted.
        QTcpServer own;
        QVERIFY(own.listen(QHostAddress::LocalHost));
        PairingLink ours
            = PairingLink::parse(QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=http://127.0.0.1:%1")
                                     .arg(own.serverPort()));
        ours.checkLoopbackOwner(ListeningSockets::ownUid());
        QVERIFY2(ours.isValid(), qPrintable(ours.error));
        QCOMPARE(ours.endpoint, QUrl(QStringLiteral("http://127.0.0.1:%1").arg(own.serverPort())));

        // Not loopback: not this check's concern; a link without an endpoint neither.
        PairingLink remote = PairingLink::parse(
            QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA&endpoint=https://cp.example.test"));
        remote.checkLoopbackOwner(ListeningSockets::ownUid());
        QVERIFY2(remote.isValid(), qPrintable(remote.error));
    }

    void recognisesLinkArguments()
    {
        QVERIFY(PairingLink::looksLikeLink(QStringLiteral("checkfu://pair?code=CFU-7K3M-Q9XD-2HFA")));
        QVERIFY(PairingLink::looksLikeLink(QStringLiteral(" CHECKFU:pair")));
        QVERIFY(!PairingLink::looksLikeLink(QStringLiteral("--code")));
        QVERIFY(!PairingLink::looksLikeLink(QStringLiteral("https://cp.example.test")));
        QVERIFY(!PairingLink::looksLikeLink(QStringLiteral("checkfu")));
    }
};

CHECKFU_GUI_TEST_MAIN(TestPairingLink)
#include "tst_pairinglink.moc"
