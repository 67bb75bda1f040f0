// Qt's own messages (qWarning() and the rest, Qt's warnings about itself) reach the log file
// through the same masking sink as every component's lines, and QTest still sees them.
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

namespace {
Q_LOGGING_CATEGORY(testCategory, "checkfu.test")
}

class TestLogging : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // Held before init(), as a file-scope logger is when the tray reads its settings first.
        m_heldBeforeInit = Logging::get("settings");
        Logging::init({ m_dir.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
        QVERIFY(!Logging::currentLogFile().isEmpty());
    }

    void init()
    {
        Logging::setLevel(spdlog::level::trace);
        m_logOffset = QFileInfo(Logging::currentLogFile()).size();
    }

    void qtWarningReachesTheLogFile()
    {
        qWarning("the widget has no parent");
        QVERIFY2(logged().contains("[qt] [warning] the widget has no parent"), logged().constData());
    }

    void eachQtLevelKeepsItsLevel()
    {
        qDebug("a debug line");
        qInfo("an info line");
        qCritical("a critical line");
        const QByteArray log = logged();
        QVERIFY2(log.contains("[qt] [debug] a debug line"), log.constData());
        QVERIFY2(log.contains("[qt] [info] an info line"), log.constData());
        QVERIFY2(log.contains("[qt] [error] a critical line"), log.constData());
    }

    void theLogLevelAppliesToQtMessages()
    {
        Logging::setLevel(spdlog::level::info);
        qDebug("below the level");
        qInfo("at the level");
        const QByteArray log = logged();
        QVERIFY2(!log.contains("below the level"), log.constData());
        QVERIFY2(log.contains("[qt] [info] at the level"), log.constData());
    }

    void aCategoryIsNamed()
    {
        qCWarning(testCategory) << "categorized";
        QVERIFY2(logged().contains("[qt] [warning] checkfu.test: categorized"), logged().constData());
    }

    void aSecretInAQtMessageIsMasked()
    {
        const QString canary = QStringLiteral("cfb_canary_7b1f4e0c9d2a");
        Logging::masker().addSecret(canary);
        qWarning("QNetworkReply: cannot reach https://plane.example/?token=%s", qPrintable(canary));
        Logging::masker().removeSecret(canary);
        const QByteArray log = logged();
        QVERIFY2(log.contains("cannot reach https://plane.example/?token=***"), log.constData());
        QVERIFY2(!log.contains(canary.toUtf8()), "the canary reached the log file");
    }

    void qtestStillSeesQtMessages()
    {
        // The handler QTest installed before Logging::init() still gets every message: without it
        // ignoreMessage() would fail this test.
        QTest::ignoreMessage(QtWarningMsg, "an expected warning");
        qWarning("an expected warning");
        QVERIFY(logged().contains("[qt] [warning] an expected warning"));
    }

    void initAgainKeepsOneHandler()
    {
        // A second init() (the tray applies its settings) must not log each message twice.
        Logging::init({ m_dir.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
        m_logOffset = QFileInfo(Logging::currentLogFile()).size();
        QTest::ignoreMessage(QtWarningMsg, "once only");
        qWarning("once only");
        QCOMPARE(logged().count("once only"), 1);
    }

    void aLoggerHeldBeforeInitWritesToTheFile()
    {
        // Users hold their logger for the life of the process; init() must redirect it, not replace it.
        QCOMPARE(Logging::get("settings"), m_heldBeforeInit);
        m_heldBeforeInit->warn("written through a logger held since before init");
        QVERIFY2(logged().contains("[settings] [warning] written through a logger held since before init"),
            logged().constData());
    }

    void aHeldLoggerIsTheComponentsLogger()
    {
        const HeldLogger held("presence");
        QCOMPARE(held.operator->(), Logging::get("presence").get());
        held->warn("through a file-scope logger");
        QVERIFY2(logged().contains("[presence] [warning] through a file-scope logger"), logged().constData());
    }

    void aLoggerHeldAcrossASecondInitFollowsIt()
    {
        const auto held = Logging::get("runs");
        QTemporaryDir other;
        QVERIFY(other.isValid());
        Logging::init({ other.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
        QVERIFY(Logging::currentLogFile().startsWith(other.path()));
        m_logOffset = 0;
        held->info("after the second init");
        const QByteArray log = logged();
        Logging::init({ m_dir.filePath(QStringLiteral("logs")), false, spdlog::level::trace });
        QVERIFY2(log.contains("[runs] [info] after the second init"), log.constData());
    }

private:
    // What the log file got since init().
    QByteArray logged() const
    {
        Logging::flush();
        QFile file(Logging::currentLogFile());
        if (!file.open(QIODevice::ReadOnly))
            return {};
        file.seek(m_logOffset);
        return file.readAll();
    }

    QTemporaryDir m_dir;
    qint64 m_logOffset = 0;
    std::shared_ptr<spdlog::logger> m_heldBeforeInit;
};

QTEST_GUILESS_MAIN(TestLogging)
#include "tst_logging.moc"
