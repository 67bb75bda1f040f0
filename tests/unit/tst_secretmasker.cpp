// Secrets never reach a log: raw values, their encodings, our token shapes and pairing codes.
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace runnercore;

class TestSecretMasker : public QObject
{
    Q_OBJECT
private slots:
    void masksValueAndEncodings()
    {
        SecretMasker m;
        const QString secret = QStringLiteral("s3cr\"et/value+with=chars");
        m.addSecret(secret);
        QCOMPARE(m.mask(QStringLiteral("a ") + secret + QStringLiteral(" b")), QStringLiteral("a *** b"));
        QVERIFY(!m.mask(QString::fromLatin1(secret.toUtf8().toBase64()))
                     .contains(QString::fromLatin1(secret.toUtf8().toBase64())));
        const QString url = QString::fromLatin1(QUrl::toPercentEncoding(secret));
        QCOMPARE(m.mask(QStringLiteral("x=") + url), QStringLiteral("x=***"));
        QCOMPARE(m.mask(QStringLiteral("{\"k\":\"s3cr\\\"et/value+with=chars\"}")), QStringLiteral("{\"k\":\"***\"}"));
        m.removeSecret(secret);
        QVERIFY(m.mask(secret).contains(QStringLiteral("value")));
    }

    void masksOurTokenShapesUnregistered()
    {
        SecretMasker m;
        QCOMPARE(m.mask(QStringLiteral("token cfw_0123456789abcdef0123 end")), QStringLiteral("token *** end"));
        QCOMPARE(m.mask(QStringLiteral("cred=cfb_abcdefabcdefabcdef")), QStringLiteral("cred=***"));
        QCOMPARE(m.mask(QStringLiteral("admin cfa_00112233445566778899")), QStringLiteral("admin ***"));
    }

    void pairingCodesAreRedacted()
    {
        SecretMasker m;
        QCOMPARE(
            m.mask(QStringLiteral("code CFU-7K3M-Q9XD-2HFA used")), QStringLiteral("code CFU-7K3M-****-**** used"));
        QVERIFY(!m.mask(QStringLiteral("CFU7K3MQ9XD2HFA")).contains(QStringLiteral("Q9XD")));
    }

    void overlappingSecretsAreMaskedWhole()
    {
        // Every byte of every occurrence is masked, even where two secrets overlap.
        SecretMasker m;
        m.addSecret(QStringLiteral("xxab12"));
        m.addSecret(QStringLiteral("ab1234cd"));
        QCOMPARE(m.mask(QStringLiteral("[xxab1234cd]")), QStringLiteral("[***]"));
        QCOMPARE(m.mask(QStringLiteral("[xxab12][ab1234cd]")), QStringLiteral("[***][***]"));
    }

    void aValueAddedTwiceStaysUntilRemovedTwice()
    {
        // Two owners may register the same value (the Workspace key is also the bootstrap credential).
        SecretMasker m;
        const QString secret = QStringLiteral("shared-secret-value");
        m.addSecret(secret);
        m.addSecret(secret);
        QCOMPARE(m.secretCount(), 1);
        m.removeSecret(secret);
        QVERIFY(m.holds(secret));
        QCOMPARE(m.mask(secret), QStringLiteral("***"));
        m.removeSecret(secret);
        QVERIFY(!m.holds(secret));
        QCOMPARE(m.mask(secret), secret);
    }

    void shortValuesAreNotRegistered()
    {
        SecretMasker m;
        m.addSecret(QStringLiteral("ab"));
        QCOMPARE(m.mask(QStringLiteral("about")), QStringLiteral("about"));
    }

    void logFilesNeverContainARegisteredSecret()
    {
        QTemporaryDir dir;
        Logging::init({ dir.path(), false, spdlog::level::trace });
        const QString canary = QStringLiteral("canary-secret-4f1c2a9b");
        Logging::masker().addSecret(canary);
        Logging::get("identity")->info("got {} and {}", canary, QString::fromLatin1(canary.toUtf8().toBase64()));
        Logging::get("http")->error("Bearer {}", canary);
        Logging::flush();
        QFile f(Logging::currentLogFile());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QVERIFY(text.contains("got *** and ***"));
        QVERIFY(text.contains("Bearer ***"));
        QVERIFY(!text.contains(canary.toUtf8()));
        QCOMPARE(QFileInfo(dir.path()).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther),
            QFileDevice::Permissions());
    }
};

QTEST_GUILESS_MAIN(TestSecretMasker)
#include "tst_secretmasker.moc"
