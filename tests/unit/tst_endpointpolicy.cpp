#include <runnercore/transport/EndpointPolicy.h>

#include <QTest>

using namespace runnercore;

class TestEndpointPolicy : public QObject
{
    Q_OBJECT

private slots:
    void accepts_data();
    void accepts();
    void refuses_data();
    void refuses();
    void loopbackHosts_data();
    void loopbackHosts();
    void normalizedStripsTrailingSlash_data();
    void normalizedStripsTrailingSlash();
    void userInfoIsNeverEchoed();
};

void TestEndpointPolicy::accepts_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("https name") << QStringLiteral("https://example.com");
    QTest::newRow("https name slash") << QStringLiteral("https://example.com/");
    QTest::newRow("https port and path") << QStringLiteral("https://checkfu.example.com:8443/api/");
    QTest::newRow("https upper-case scheme") << QStringLiteral("HTTPS://example.com");
    QTest::newRow("https public IPv4") << QStringLiteral("https://203.0.113.7");
    QTest::newRow("https IPv6") << QStringLiteral("https://[2001:db8::1]:443");
    QTest::newRow("https private IPv4") << QStringLiteral("https://10.0.0.1");
    QTest::newRow("surrounding white space") << QStringLiteral("  https://example.com\n");
    QTest::newRow("http 127.0.0.1") << QStringLiteral("http://127.0.0.1");
    QTest::newRow("http 127.0.0.1 port") << QStringLiteral("http://127.0.0.1:8080/");
    QTest::newRow("http 127.255.255.254:8080") << QStringLiteral("http://127.255.255.254:8080");
    QTest::newRow("http 127.0.0.0") << QStringLiteral("http://127.0.0.0");
    QTest::newRow("http [::1]") << QStringLiteral("http://[::1]");
    QTest::newRow("http [::1] port") << QStringLiteral("http://[::1]:8080/v");
    QTest::newRow("http localhost") << QStringLiteral("http://localhost");
    QTest::newRow("http localhost port path") << QStringLiteral("http://localhost:8080/checkfu");
    QTest::newRow("http LocalHost") << QStringLiteral("http://LocalHost:1");
    QTest::newRow("HTTP scheme upper case") << QStringLiteral("HTTP://LOCALHOST:65535");
}

void TestEndpointPolicy::accepts()
{
    QFETCH(QString, url);
    const auto problem = EndpointPolicy::check(url, QStringLiteral("--endpoint"));
    QVERIFY2(!problem, qPrintable(problem.value_or(QString())));
}

void TestEndpointPolicy::refuses_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("errorPart");

    const QString notLoopback = QStringLiteral("not a loopback address");
    QTest::newRow("empty") << QString() << QStringLiteral("is empty");
    QTest::newRow("not a URL") << QStringLiteral("example.com") << QStringLiteral("is not a URL");
    QTest::newRow("host:port only") << QStringLiteral("localhost:8080") << QStringLiteral("is not a URL");
    QTest::newRow("one slash") << QStringLiteral("http:/127.0.0.1") << QStringLiteral("is not a URL");
    QTest::newRow("no scheme") << QStringLiteral("://example.com") << QStringLiteral("is not a URL");
    QTest::newRow("ftp") << QStringLiteral("ftp://example.com") << QStringLiteral("scheme 'ftp'");
    QTest::newRow("ws") << QStringLiteral("ws://localhost") << QStringLiteral("scheme 'ws'");
    QTest::newRow("file") << QStringLiteral("file:///etc/passwd") << QStringLiteral("scheme 'file'");
    QTest::newRow("no host") << QStringLiteral("https://") << QStringLiteral("has no host");
    QTest::newRow("no host, path") << QStringLiteral("https:///v1") << QStringLiteral("has no host");
    QTest::newRow("no host, port") << QStringLiteral("https://:443") << QStringLiteral("has no host");
    QTest::newRow("userinfo") << QStringLiteral("https://user:secret@example.com")
                              << QStringLiteral("user name or password");
    QTest::newRow("user only") << QStringLiteral("https://user@example.com") << QStringLiteral("user name or password");
    QTest::newRow("userinfo to loopback")
        << QStringLiteral("http://a@127.0.0.1") << QStringLiteral("user name or password");
    QTest::newRow("backslash trick") << QStringLiteral("http://127.0.0.1\\@evil.example")
                                     << QStringLiteral("backslash");
    QTest::newRow("query") << QStringLiteral("https://example.com/?x=1") << QStringLiteral("query");
    QTest::newRow("empty query") << QStringLiteral("https://example.com?") << QStringLiteral("query");
    QTest::newRow("fragment") << QStringLiteral("https://example.com/#top") << QStringLiteral("fragment");
    QTest::newRow("space inside") << QStringLiteral("https://exa mple.com") << QStringLiteral("space");
    QTest::newRow("port 0") << QStringLiteral("https://example.com:0") << QStringLiteral("invalid port");
    QTest::newRow("port too big") << QStringLiteral("http://127.0.0.1:65536") << QStringLiteral("invalid port");
    QTest::newRow("port not a number") << QStringLiteral("http://127.0.0.1:http") << QStringLiteral("invalid port");
    QTest::newRow("port empty") << QStringLiteral("http://127.0.0.1:/") << QStringLiteral("invalid port");
    QTest::newRow("port signed") << QStringLiteral("https://example.com:+443") << QStringLiteral("invalid port");
    QTest::newRow("unclosed IPv6") << QStringLiteral("http://[::1") << QStringLiteral("closing ']'");
    QTest::newRow("http name") << QStringLiteral("http://example.com") << notLoopback;
    QTest::newRow("http 0.0.0.0") << QStringLiteral("http://0.0.0.0") << notLoopback;
    QTest::newRow("http 0.0.0.0 port") << QStringLiteral("http://0.0.0.0:8080") << notLoopback;
    QTest::newRow("http v4-mapped") << QStringLiteral("http://[::ffff:127.0.0.1]") << notLoopback;
    QTest::newRow("http v4-mapped hex") << QStringLiteral("http://[::ffff:7f00:1]") << notLoopback;
    QTest::newRow("http long ::1") << QStringLiteral("http://[0:0:0:0:0:0:0:1]") << notLoopback;
    QTest::newRow("http ::1 zone") << QStringLiteral("http://[::1%25lo]") << notLoopback;
    QTest::newRow("http :: unspecified") << QStringLiteral("http://[::]") << notLoopback;
    QTest::newRow("http nip.io") << QStringLiteral("http://127.0.0.1.nip.io") << notLoopback;
    QTest::newRow("http localhost.") << QStringLiteral("http://localhost.") << notLoopback;
    QTest::newRow("http localhost. port") << QStringLiteral("http://localhost.:8080") << notLoopback;
    QTest::newRow("http foo.localhost") << QStringLiteral("http://foo.localhost") << notLoopback;
    QTest::newRow("http localhost look-alike") << QStringLiteral("http://localho\u017ft") << notLoopback;
    QTest::newRow("http localhost percent") << QStringLiteral("http://local%68ost") << notLoopback;
    QTest::newRow("http 127.1") << QStringLiteral("http://127.1") << notLoopback;
    QTest::newRow("http 127.0.1") << QStringLiteral("http://127.0.1") << notLoopback;
    QTest::newRow("http decimal integer") << QStringLiteral("http://2130706433") << notLoopback;
    QTest::newRow("http octal") << QStringLiteral("http://0177.0.0.1") << notLoopback;
    QTest::newRow("http leading zero") << QStringLiteral("http://127.0.0.01") << notLoopback;
    QTest::newRow("http hex") << QStringLiteral("http://0x7f.0.0.1") << notLoopback;
    QTest::newRow("http octet too big") << QStringLiteral("http://127.0.0.256") << notLoopback;
    QTest::newRow("http five octets") << QStringLiteral("http://127.0.0.1.1") << notLoopback;
    QTest::newRow("http trailing dot") << QStringLiteral("http://127.0.0.1.") << notLoopback;
    QTest::newRow("http 128.0.0.1") << QStringLiteral("http://128.0.0.1") << notLoopback;
    QTest::newRow("http 10.0.0.1") << QStringLiteral("http://10.0.0.1") << notLoopback;
}

void TestEndpointPolicy::refuses()
{
    QFETCH(QString, url);
    QFETCH(QString, errorPart);
    for (const QString &field : { QStringLiteral("--endpoint"), QStringLiteral("CHECKFU_API_URL") }) {
        const auto problem = EndpointPolicy::check(url, field);
        QVERIFY2(problem, qPrintable(url));
        QVERIFY2(problem->contains(errorPart), qPrintable(*problem));
        QVERIFY2(problem->startsWith(field), qPrintable(*problem));
    }
}

void TestEndpointPolicy::loopbackHosts_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<bool>("loopback");
    QTest::newRow("127.0.0.1") << QStringLiteral("127.0.0.1") << true;
    QTest::newRow("127.255.255.255") << QStringLiteral("127.255.255.255") << true;
    QTest::newRow("::1") << QStringLiteral("::1") << true;
    QTest::newRow("[::1]") << QStringLiteral("[::1]") << true;
    QTest::newRow("localhost") << QStringLiteral("localhost") << true;
    QTest::newRow("LOCALHOST") << QStringLiteral("LOCALHOST") << true;
    QTest::newRow("empty") << QString() << false;
    QTest::newRow("localhost.") << QStringLiteral("localhost.") << false;
    QTest::newRow("foo.localhost") << QStringLiteral("foo.localhost") << false;
    QTest::newRow("0.0.0.0") << QStringLiteral("0.0.0.0") << false;
    QTest::newRow("::ffff:127.0.0.1") << QStringLiteral("::ffff:127.0.0.1") << false;
    QTest::newRow("127.1") << QStringLiteral("127.1") << false;
    QTest::newRow("127.0.0.1 with space") << QStringLiteral(" 127.0.0.1") << false;
    QTest::newRow("Arabic-Indic digits") << QStringLiteral("\u0661\u0662\u0667.0.0.1") << false;
    QTest::newRow("Kelvin sign") << QStringLiteral("locall\u212Aost") << false;
}

void TestEndpointPolicy::loopbackHosts()
{
    QFETCH(QString, host);
    QFETCH(bool, loopback);
    QCOMPARE(EndpointPolicy::isLoopbackHost(host), loopback);
}

void TestEndpointPolicy::normalizedStripsTrailingSlash_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("expected");
    QTest::newRow("bare") << QStringLiteral("https://example.com") << QStringLiteral("https://example.com");
    QTest::newRow("slash") << QStringLiteral("https://example.com/") << QStringLiteral("https://example.com");
    QTest::newRow("path slash") << QStringLiteral("https://example.com/api/")
                                << QStringLiteral("https://example.com/api");
    QTest::newRow("slashes") << QStringLiteral("http://127.0.0.1:8080//") << QStringLiteral("http://127.0.0.1:8080");
    QTest::newRow("white space") << QStringLiteral(" http://localhost:8080/ ")
                                 << QStringLiteral("http://localhost:8080");
}

void TestEndpointPolicy::normalizedStripsTrailingSlash()
{
    QFETCH(QString, url);
    QFETCH(QString, expected);
    QCOMPARE(EndpointPolicy::normalized(url).toString(), expected);
}

void TestEndpointPolicy::userInfoIsNeverEchoed()
{
    const auto problem
        = EndpointPolicy::check(QStringLiteral("https://bob:hunter2@example.com"), QStringLiteral("--endpoint"));
    QVERIFY(problem);
    QVERIFY(!problem->contains(QLatin1String("hunter2")));
    QVERIFY(!problem->contains(QLatin1String("bob")));
}

QTEST_GUILESS_MAIN(TestEndpointPolicy)
#include "tst_endpointpolicy.moc"
