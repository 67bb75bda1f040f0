// The platform a Runner reports (§2.1's redemption, §5's advertisement, the User-Agent): the OS it
// runs on, named as the protocol names it, not "linux" for every OS.
#include <runnercore/base/Platform.h>

#include <QSysInfo>
#include <QTest>

using namespace runnercore;

class TestPlatform : public QObject
{
    Q_OBJECT
private slots:
    void kernelTypesMapToProtocolNames_data()
    {
        QTest::addColumn<QString>("kernelType");
        QTest::addColumn<QString>("os");
        QTest::newRow("linux") << "linux"
                               << "linux";
        QTest::newRow("macOS") << "darwin"
                               << "darwin";
        QTest::newRow("Windows") << "winnt"
                                 << "windows";
        QTest::newRow("FreeBSD") << "freebsd"
                                 << "freebsd";
        QTest::newRow("NetBSD") << "netbsd"
                                << "netbsd";
        QTest::newRow("OpenBSD") << "openbsd"
                                 << "openbsd";
        QTest::newRow("Solaris") << "sunos"
                                 << "solaris";
        QTest::newRow("upper case") << "Linux"
                                    << "linux";
    }

    void kernelTypesMapToProtocolNames()
    {
        QFETCH(QString, kernelType);
        QFETCH(QString, os);
        QCOMPARE(Platform::osFromKernelType(kernelType), os);
    }

    void reportsTheOsItRunsOn()
    {
#if defined(Q_OS_LINUX) && !defined(Q_OS_ANDROID)
        QCOMPARE(Platform::os(), QStringLiteral("linux"));
#elif defined(Q_OS_MACOS)
        QCOMPARE(Platform::os(), QStringLiteral("darwin"));
#elif defined(Q_OS_WIN)
        QCOMPARE(Platform::os(), QStringLiteral("windows"));
#elif defined(Q_OS_FREEBSD)
        QCOMPARE(Platform::os(), QStringLiteral("freebsd"));
#else
        QCOMPARE(Platform::os(), Platform::osFromKernelType(QSysInfo::kernelType()));
#endif
    }

    void everyReportCarriesTheSameOs()
    {
        const QJsonObject json = Platform::toJson();
        QCOMPARE(json.value(QStringLiteral("os")).toString(), Platform::os());
        QCOMPARE(json.value(QStringLiteral("architecture")).toString(), Platform::architecture());
        const QString agent = QString::fromUtf8(Platform::userAgent());
        QCOMPARE(agent,
            QStringLiteral("checkfu-runner/%1 (%2; %3)")
                .arg(Platform::runnerVersion(), Platform::os(), Platform::architecture()));
    }
};

QTEST_GUILESS_MAIN(TestPlatform)
#include "tst_platform.moc"
