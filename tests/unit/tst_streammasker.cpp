// Masking over a stream (§6.7): a secret written in pieces is replaced by the same *** as in one
// piece; what cannot begin a secret passes at once, unchanged and in order; a held tail leaves on
// a short timer or at the end of the stream.
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/logging/StreamMasker.h>

#include <QRandomGenerator>
#include <QTest>

using namespace runnercore;

namespace {
const QString Secret = QStringLiteral("cursor-key-canary-0123456789abcdef");

struct Collector
{
    QList<QByteArray> pieces;
    StreamMasker::Sink sink()
    {
        return [this](const QByteArray &b) { pieces.append(b); };
    }
    QByteArray all() const
    {
        QByteArray out;
        for (const QByteArray &p : pieces)
            out += p;
        return out;
    }
};
} // namespace

class TestStreamMasker : public QObject
{
    Q_OBJECT
private slots:
    void secretSplitAtEveryPositionAcrossTwoWrites_data()
    {
        QTest::addColumn<QByteArray>("form");
        const QByteArray raw = Secret.toUtf8();
        QTest::newRow("raw") << raw;
        QTest::newRow("base64") << raw.toBase64();
    }

    void secretSplitAtEveryPositionAcrossTwoWrites()
    {
        QFETCH(QByteArray, form);
        SecretMasker secrets;
        secrets.addSecret(Secret);
        const QByteArray text = "before " + form + " after\n";
        const QByteArray expected = secrets.mask(text);
        QCOMPARE(expected, QByteArray("before *** after\n")); // the single-event path
        for (qsizetype k = 0; k <= text.size(); ++k) {
            Collector c;
            StreamMasker m(&secrets, c.sink());
            m.write(text.left(k));
            m.write(text.mid(k));
            m.finish();
            QVERIFY2(c.all() == expected,
                qPrintable(QStringLiteral("split at %1: %2").arg(k).arg(QString::fromUtf8(c.all()))));
            for (const QByteArray &piece : c.pieces)
                QVERIFY(!piece.contains(form.left(SecretPatterns::MinimumPartialBytes)));
        }
    }

    void secretSplitAcrossThreeWrites()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        const QByteArray text = "x " + Secret.toUtf8() + " y";
        for (qsizetype i = 0; i <= text.size(); ++i) {
            for (qsizetype j = i; j <= text.size(); ++j) {
                Collector c;
                StreamMasker m(&secrets, c.sink());
                m.write(text.left(i));
                m.write(text.mid(i, j - i));
                m.write(text.mid(j));
                m.finish();
                QVERIFY2(c.all() == "x *** y",
                    qPrintable(QStringLiteral("splits %1, %2: %3").arg(i).arg(j).arg(QString::fromUtf8(c.all()))));
            }
        }
    }

    void secretWrittenByteByByte()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        const QByteArray text = "[" + Secret.toUtf8() + "][" + Secret.toUtf8() + "]";
        Collector c;
        StreamMasker m(&secrets, c.sink());
        for (char ch : text)
            m.write(QByteArray(1, ch));
        m.finish();
        QCOMPARE(c.all(), QByteArray("[***][***]"));
    }

    void heldTailLeavesOnTheTimer()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        Collector c;
        StreamMasker m(&secrets, c.sink());
        // "cur" may begin the secret: held back, everything before it passes at once.
        m.write("progress 50% cur");
        QCOMPARE(c.all(), QByteArray("progress 50% "));
        QCOMPARE(m.heldBytes(), 3);
        // No more data: the short tail leaves unchanged within the hold interval.
        QTRY_COMPARE_WITH_TIMEOUT(c.all(), QByteArray("progress 50% cur"), 5000);
        QCOMPARE(m.heldBytes(), 0);
        m.write("rent\n");
        m.finish();
        QCOMPARE(c.all(), QByteArray("progress 50% current\n"));
    }

    void pausedSecretIsMaskedWhateverThePause()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        const QByteArray raw = Secret.toUtf8();
        Collector c;
        StreamMasker m(&secrets, c.sink());
        m.write("key=" + raw.left(20));
        QCOMPARE(c.all(), QByteArray("key="));
        // The harness pauses longer than the hold: the partial secret leaves masked...
        QTRY_COMPARE_WITH_TIMEOUT(c.all(), QByteArray("key=***"), 5000);
        QTest::qWait(2 * StreamMasker::HoldMs);
        // ...and its rest, when it comes, is masked as part of the same ***.
        m.write(raw.mid(20) + " done\n");
        m.finish();
        QCOMPARE(c.all(), QByteArray("key=*** done\n"));
        QVERIFY(!c.all().contains(raw.mid(20)));
    }

    void noSecretPassesByteIdenticalAndInOrder()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        secrets.addSecret(QStringLiteral("another-secret-value"));
        QRandomGenerator rng(1234);
        QByteArray input;
        Collector c;
        StreamMasker m(&secrets, c.sink());
        for (int n = 0; n < 2000; ++n) {
            // Random bytes rich in the secrets' first bytes and prefixes, never a whole secret.
            QByteArray piece;
            const int len = rng.bounded(1, 200);
            for (int i = 0; i < len; ++i) {
                static const char alphabet[] = "cuYaQnor-s \n\xc3\xa9\x00\xff";
                piece += alphabet[rng.bounded(int(sizeof alphabet - 1))];
            }
            if (n % 7 == 0)
                piece += Secret.toUtf8().left(rng.bounded(1, 5)); // a short prefix at the end of a write
            input += piece;
            m.write(piece);
            QVERIFY(m.heldBytes() < Secret.size());
        }
        m.finish();
        QVERIFY(!input.contains(Secret.toUtf8()));
        QCOMPARE(c.all().size(), input.size());
        QVERIFY(c.all() == input);
    }

    void passThroughDoesNotCopy()
    {
        SecretMasker secrets;
        secrets.addSecret(Secret);
        Collector c;
        StreamMasker m(&secrets, c.sink());
        const QByteArray data(64 * 1024, 'x');
        m.write(data);
        QCOMPARE(c.pieces.size(), 1);
        QCOMPARE(c.pieces[0].constData(), data.constData());
    }

    void streamEqualsSingleEventMaskingForRandomSplits_data()
    {
        QTest::addColumn<int>("extraSecrets");
        QTest::newRow("few secrets (SIMD candidate search)") << 0;
        QTest::newRow("many secrets (table candidate search)") << 8;
    }

    void streamEqualsSingleEventMaskingForRandomSplits()
    {
        QFETCH(int, extraSecrets);
        SecretMasker secrets;
        secrets.addSecret(Secret);
        secrets.addSecret(QStringLiteral("tok_ABCDEFGH"));
        for (int i = 0; i < extraSecrets; ++i)
            secrets.addSecret(QStringLiteral("%1extra-secret-%2").arg(QChar(u'g' + i)).arg(i));
        const QByteArray forms[] = { Secret.toUtf8(), Secret.toUtf8().toBase64(), "tok_ABCDEFGH" };
        QRandomGenerator rng(99);
        for (int round = 0; round < 300; ++round) {
            QByteArray text;
            for (int part = 0; part < 12; ++part) {
                if (rng.bounded(3) == 0)
                    text += forms[rng.bounded(3)];
                else
                    text += QByteArray(rng.bounded(0, 12), "cto_Y"[rng.bounded(5)]);
            }
            Collector c;
            StreamMasker m(&secrets, c.sink());
            qsizetype at = 0;
            while (at < text.size()) {
                const qsizetype n = rng.bounded(1, 40);
                m.write(text.mid(at, n));
                at += n;
            }
            m.finish();
            QVERIFY2(c.all() == secrets.mask(text), text.constData());
        }
    }

    void withoutMaskerDataPassesThrough()
    {
        Collector c;
        StreamMasker m(nullptr, c.sink());
        m.write(Secret.toUtf8().left(10));
        m.write(Secret.toUtf8().mid(10));
        m.finish();
        QCOMPARE(c.all(), Secret.toUtf8());
    }

    void aSecretAddedLaterIsMaskedFromThen()
    {
        SecretMasker secrets;
        Collector c;
        StreamMasker m(&secrets, c.sink());
        m.write("a " + Secret.toUtf8().left(10));
        secrets.addSecret(Secret);
        m.write(" b " + Secret.toUtf8() + " c");
        m.finish();
        QCOMPARE(c.all(), "a " + Secret.toUtf8().left(10) + " b *** c");
    }
};

QTEST_GUILESS_MAIN(TestStreamMasker)
#include "tst_streammasker.moc"
