#include <runnercore/identity/PairingCode.h>

#include <QTest>

using namespace runnercore;

class TestPairingCode : public QObject
{
    Q_OBJECT

private slots:
    void normalises_data();
    void normalises();
    void refuses_data();
    void refuses();
    void redactionHidesTheSecretPart_data();
    void redactionHidesTheSecretPart();
    void errorNeverEchoesTheCode();
};

void TestPairingCode::normalises_data()
{
    QTest::addColumn<QString>("pasted");
    QTest::addColumn<QString>("expected");

    const QString code = QStringLiteral("CFU-7K3M-Q9XD-2HFA");
    QTest::newRow("canonical") << code << code;
    QTest::newRow("lower case") << QStringLiteral("cfu-7k3m-q9xd-2hfa") << code;
    QTest::newRow("mixed case") << QStringLiteral("Cfu-7k3M-q9Xd-2hFa") << code;
    QTest::newRow("no hyphens") << QStringLiteral("CFU7K3MQ9XD2HFA") << code;
    QTest::newRow("prefix hyphen only") << QStringLiteral("CFU-7K3MQ9XD2HFA") << code;
    QTest::newRow("group hyphens only") << QStringLiteral("CFU7K3M-Q9XD-2HFA") << code;
    QTest::newRow("some group hyphens") << QStringLiteral("CFU-7K3MQ9XD-2HFA") << code;
    QTest::newRow("spaces around") << QStringLiteral("  CFU-7K3M-Q9XD-2HFA  ") << code;
    QTest::newRow("spaces instead of hyphens") << QStringLiteral("CFU 7K3M Q9XD 2HFA") << code;
    QTest::newRow("spaces inside groups") << QStringLiteral("CFU-7K 3M-Q9 XD-2H FA") << code;
    QTest::newRow("newlines and tabs") << QStringLiteral("\nCFU-7K3M\n-Q9XD\t-2HFA\r\n") << code;
    QTest::newRow("unicode spaces") << QStringLiteral("CFU-7K3M\u00a0Q9XD\u2003-\u3000"
                                                      "2HFA\u2028")
                                    << code;
    QTest::newRow("zero-width and BOM") << QStringLiteral("\ufeffCFU-7K3M\u200b-Q9XD-2HFA") << code;
    QTest::newRow("en dash") << QStringLiteral("CFU\u20137K3M\u2013Q9XD\u20132HFA") << code;
    QTest::newRow("O means zero") << QStringLiteral("CFU-OOOO-oooo-0000") << QStringLiteral("CFU-0000-0000-0000");
    QTest::newRow("I and L mean one") << QStringLiteral("CFU-IiLl-1111-ILIL") << QStringLiteral("CFU-1111-1111-1111");
    QTest::newRow("whole alphabet") << QStringLiteral("CFU-ABCD-EFGH-JKMN") << QStringLiteral("CFU-ABCD-EFGH-JKMN");
    QTest::newRow("whole alphabet 2") << QStringLiteral("cfu-pqrs-tvwx-yz98") << QStringLiteral("CFU-PQRS-TVWX-YZ98");
}

void TestPairingCode::normalises()
{
    QFETCH(QString, pasted);
    QFETCH(QString, expected);
    const auto code = PairingCode::parse(pasted);
    QVERIFY2(code.isValid(), qPrintable(code.error()));
    QCOMPARE(code.normalized(), expected);
    QVERIFY(code.error().isEmpty());
}

void TestPairingCode::refuses_data()
{
    QTest::addColumn<QString>("pasted");
    QTest::addColumn<QString>("errorPart");

    QTest::newRow("empty") << QString() << QStringLiteral("empty");
    QTest::newRow("only white space") << QStringLiteral(" \n\t") << QStringLiteral("empty");
    QTest::newRow("missing prefix") << QStringLiteral("7K3M-Q9XD-2HFA") << QStringLiteral("must start with CFU-");
    QTest::newRow("missing prefix, 15 chars")
        << QStringLiteral("ABC7K3MQ9XD2HFA") << QStringLiteral("must start with CFU-");
    QTest::newRow("other prefix") << QStringLiteral("CFX-7K3M-Q9XD-2HFA") << QStringLiteral("must start with CFU-");
    QTest::newRow("prefix only") << QStringLiteral("CFU-")
                                 << QStringLiteral("has 0 character(s) after CFU-, expected 12");
    QTest::newRow("11 characters") << QStringLiteral("CFU-7K3M-Q9XD-2HF")
                                   << QStringLiteral("has 11 character(s) after CFU-, expected 12");
    QTest::newRow("13 characters") << QStringLiteral("CFU-7K3M-Q9XD-2HFAB")
                                   << QStringLiteral("has 13 character(s) after CFU-, expected 12");
    QTest::newRow("short group") << QStringLiteral("CFU-7K3-Q9XD-2HFA") << QStringLiteral("has 11 character(s)");
    QTest::newRow("U")
        << QStringLiteral("CFU-7K3M-Q9XD-2HFU")
        << QStringLiteral("contains 'U', which is not used in pairing codes (allowed: 0-9 and A-Z without I, L, O, U)");
    QTest::newRow("lower-case u") << QStringLiteral("cfu-7k3m-q9xd-2hfu") << QStringLiteral("contains 'U'");
    QTest::newRow("punctuation") << QStringLiteral("CFU-7K3M-Q9XD-2HF.") << QStringLiteral("contains '.'");
    QTest::newRow("underscore") << QStringLiteral("CFU_7K3M_Q9XD_2HFA") << QStringLiteral("contains '_'");
    QTest::newRow("non-ASCII letter") << QStringLiteral("CFU-7K3M-Q9XD-2HF\u00c4") << QStringLiteral("contains U+00C4");
    QTest::newRow("sharp s is not SS") << QStringLiteral("CFU-7K3M-Q9XD-2H\u00df") << QStringLiteral("contains U+00DF");
    QTest::newRow("fullwidth digit") << QStringLiteral("CFU-7K3M-Q9XD-2HF\uff11") << QStringLiteral("contains U+FF11");
    QTest::newRow("control character") << QStringLiteral("CFU-7K3M-Q9XD-2HF\u0007")
                                       << QStringLiteral("contains U+0007");
    QTest::newRow("hyphen inside a group")
        << QStringLiteral("CFU-7K-3MQ9XD2HFA") << QStringLiteral("hyphen in the wrong place");
    QTest::newRow("double hyphen") << QStringLiteral("CFU-7K3M--Q9XD-2HFA")
                                   << QStringLiteral("hyphen in the wrong place");
    QTest::newRow("double prefix hyphen")
        << QStringLiteral("CFU--7K3M-Q9XD-2HFA") << QStringLiteral("hyphen in the wrong place");
    QTest::newRow("trailing hyphen") << QStringLiteral("CFU-7K3M-Q9XD-2HFA-")
                                     << QStringLiteral("hyphen in the wrong place");
}

void TestPairingCode::refuses()
{
    QFETCH(QString, pasted);
    QFETCH(QString, errorPart);
    const auto code = PairingCode::parse(pasted);
    QVERIFY(!code.isValid());
    QVERIFY(code.normalized().isEmpty());
    QVERIFY2(code.error().contains(errorPart), qPrintable(code.error()));
    QVERIFY(!code.redacted().contains(QLatin1String("CFU-7K3M")));
}

void TestPairingCode::redactionHidesTheSecretPart_data()
{
    QTest::addColumn<QString>("pasted");
    QTest::addColumn<QString>("expected");
    QTest::newRow("canonical") << QStringLiteral("CFU-7K3M-Q9XD-2HFA") << QStringLiteral("CFU-7K3M-****-****");
    QTest::newRow("messy paste") << QStringLiteral(" cfu 7k3m q9xd 2hfa\n") << QStringLiteral("CFU-7K3M-****-****");
    QTest::newRow("repeated groups") << QStringLiteral("CFU-ABCD-ABCD-ABCD") << QStringLiteral("CFU-ABCD-****-****");
}

void TestPairingCode::redactionHidesTheSecretPart()
{
    QFETCH(QString, pasted);
    QFETCH(QString, expected);
    const auto code = PairingCode::parse(pasted);
    QVERIFY(code.isValid());
    QCOMPARE(code.redacted(), expected);
    // The last eight characters (the secret part) never appear, with or without their hyphen.
    const QString secret = code.normalized().mid(10);
    QCOMPARE(code.redacted().mid(9), QStringLiteral("****-****"));
    QVERIFY(!code.redacted().contains(code.normalized().mid(9)));
    QVERIFY(!QString(code.redacted()).remove(QLatin1Char('-')).contains(QString(secret).remove(QLatin1Char('-'))));
}

void TestPairingCode::errorNeverEchoesTheCode()
{
    const auto code = PairingCode::parse(QStringLiteral("CFU-7K3M-Q9XD-2HFA-EXTRA"));
    QVERIFY(!code.isValid());
    QVERIFY(!code.error().contains(QLatin1String("Q9XD")));
    QVERIFY(!code.error().contains(QLatin1String("2HFA")));
}

QTEST_GUILESS_MAIN(TestPairingCode)
#include "tst_pairingcode.moc"
