// §6.3 output events: UTF-8 text, at most 64 KiB each, no character split, no byte dropped.
#include <runnercore/model/OutputChunker.h>

#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

using namespace runnercore;

namespace {
QString joined(const QStringList &pieces)
{
    return pieces.join(QString());
}

void verifyPieceSizes(const QStringList &pieces)
{
    for (const QString &piece : pieces) {
        QVERIFY(!piece.isEmpty());
        QVERIFY2(
            piece.toUtf8().size() <= OutputChunker::MaxPieceBytes, qPrintable(QString::number(piece.toUtf8().size())));
        // A piece never ends or starts inside a surrogate pair.
        QVERIFY(!piece.front().isLowSurrogate());
        QVERIFY(!piece.back().isHighSurrogate());
    }
}

// Random valid UTF-8 mixing 1-, 2-, 3- and 4-byte characters (no surrogates).
QByteArray randomUtf8(QRandomGenerator &rng, qsizetype bytes)
{
    QString text;
    text.reserve(bytes);
    qsizetype size = 0;
    while (size < bytes) {
        char32_t cp;
        switch (rng.bounded(4)) {
        case 0:
            cp = rng.bounded(0x20, 0x7F);
            size += 1;
            break;
        case 1:
            cp = rng.bounded(0x80, 0x800);
            size += 2;
            break;
        case 2:
            cp = rng.bounded(0x800, 0xD800 - 0x800);
            cp = cp >= 0xD800 ? cp + 0x800 : cp;
            size += 3;
            break;
        default:
            cp = rng.bounded(0x10000, 0x110000);
            size += 4;
            break;
        }
        const char32_t one[] = { cp };
        text += QString::fromUcs4(one, 1);
    }
    return text.toUtf8();
}
} // namespace

class TestOutputChunker : public QObject
{
    Q_OBJECT
private slots:
    void asciiPassesThroughOnePiecePerRead()
    {
        OutputChunker c;
        QCOMPARE(c.append("hello "), QStringList { QStringLiteral("hello ") });
        QCOMPARE(c.append("world\n"), QStringList { QStringLiteral("world\n") });
        QCOMPARE(c.append(QByteArray()), QStringList {});
        QCOMPARE(c.flush(), QStringList {});
        QCOMPARE(c.replacements(), 0);
    }

    void multiByteCharacterSplitAtEveryOffset()
    {
        const QByteArray text
            = QByteArray("a") + "\xF0\x9F\x98\x80" /* U+1F600 */ + "\xE2\x82\xAC" /* € */ + "\xC3\xA9" + "z";
        const QString expected = QString::fromUtf8(text);
        for (int first = 0; first <= text.size(); ++first) {
            for (int second = first; second <= text.size(); ++second) {
                OutputChunker c;
                QStringList pieces = c.append(text.left(first));
                pieces += c.append(text.mid(first, second - first));
                pieces += c.append(text.mid(second));
                pieces += c.flush();
                QCOMPARE(joined(pieces), expected);
                QCOMPARE(c.replacements(), 0);
                verifyPieceSizes(pieces);
            }
        }
    }

    void fourByteCharacterWaitsForItsLastByte()
    {
        OutputChunker c;
        QCOMPARE(c.append("x\xF0\x9F"), QStringList { QStringLiteral("x") });
        QCOMPARE(c.pendingBytes(), 2);
        QCOMPARE(c.append("\x98"), QStringList {});
        QCOMPARE(c.pendingBytes(), 3);
        QCOMPARE(joined(c.append("\x80")), QString::fromUtf8("\xF0\x9F\x98\x80"));
        QCOMPARE(c.pendingBytes(), 0);
    }

    void largeReadSplitIntoPiecesOfAtMost64KiB_data()
    {
        QTest::addColumn<QByteArray>("input");
        QTest::newRow("ascii") << QByteArray(300 * 1024 + 7, 'a');
        QByteArray euro;
        for (int i = 0; i < 100000; ++i)
            euro += "\xE2\x82\xAC"; // 3 bytes: 65536 is not a multiple of 3, so cuts must move back
        QTest::newRow("three-byte") << euro;
        QByteArray mixed;
        for (int i = 0; i < 50000; ++i)
            mixed += "a\xF0\x9F\x98\x80";
        QTest::newRow("four-byte") << mixed;
        QByteArray bad(200 * 1024, '\xFF'); // each byte grows to 3 bytes of U+FFFD
        QTest::newRow("invalid") << bad;
    }

    void largeReadSplitIntoPiecesOfAtMost64KiB()
    {
        QFETCH(QByteArray, input);
        OutputChunker c;
        QStringList pieces = c.append(input);
        pieces += c.flush();
        QVERIFY(pieces.size() > 1);
        verifyPieceSizes(pieces);
        QCOMPARE(joined(pieces), QString::fromUtf8(input));
        // Cut only where needed: every piece but the last is within one character of the limit.
        for (qsizetype i = 0; i + 1 < pieces.size(); ++i)
            QVERIFY(pieces.at(i).toUtf8().size() > OutputChunker::MaxPieceBytes - 4);
    }

    void invalidBytesBecomeReplacementCharacters()
    {
        OutputChunker c;
        // lone continuation, never-valid lead bytes, an overlong form, a surrogate, above U+10FFFF,
        // and a truncated sequence followed by ASCII (one U+FFFD for the maximal subpart).
        const QByteArray input("a\x80"
                               "b\xFF\xFE"
                               "c\xC0\xAF"
                               "d\xED\xA0\x80"
                               "e\xF4\x90\x80\x80"
                               "f\xE2\x82"
                               "g");
        const QString out = joined(c.append(input));
        const QString r(QChar(0xFFFD));
        QCOMPARE(out,
            QStringLiteral("a") + r + QStringLiteral("b") + r + r + QStringLiteral("c") + r + r + QStringLiteral("d")
                + r + r + r + QStringLiteral("e") + r + r + r + r + QStringLiteral("f") + r + QStringLiteral("g"));
        QCOMPARE(c.replacements(), 13);
    }

    void danglingPartialSequenceFlushedAsReplacement()
    {
        OutputChunker c;
        QCOMPARE(c.append("ok\xE2\x82"), QStringList { QStringLiteral("ok") });
        QCOMPARE(c.replacements(), 0);
        QCOMPARE(c.flush(), QStringList { QString(QChar(0xFFFD)) });
        QCOMPARE(c.replacements(), 1);
        QCOMPARE(c.flush(), QStringList {});
    }

    void randomValidUtf8RoundTrip()
    {
        QRandomGenerator rng(20260827);
        const QByteArray input = randomUtf8(rng, 64 * 1024 * 1024);
        OutputChunker c;
        QStringList pieces;
        for (qsizetype at = 0; at < input.size();) {
            const qsizetype n = std::min<qsizetype>(input.size() - at, rng.bounded(1, 200 * 1024));
            pieces += c.append(input.mid(at, n));
            at += n;
        }
        pieces += c.flush();
        QCOMPARE(c.replacements(), 0);
        verifyPieceSizes(pieces);
        const QString out = joined(pieces);
        QVERIFY(out.toUtf8() == input);
    }

    void randomBytesNeverLoseAnything()
    {
        // Random garbage in random reads decodes exactly like one append of the whole stream.
        QRandomGenerator rng(7);
        QByteArray input(1024 * 1024, Qt::Uninitialized);
        for (char &ch : input)
            ch = char(rng.bounded(256));
        OutputChunker whole;
        QStringList expected = whole.append(input);
        expected += whole.flush();
        OutputChunker split;
        QStringList pieces;
        for (qsizetype at = 0; at < input.size();) {
            const qsizetype n = std::min<qsizetype>(input.size() - at, rng.bounded(1, 9));
            pieces += split.append(input.mid(at, n));
            at += n;
        }
        pieces += split.flush();
        QCOMPARE(joined(pieces), joined(expected));
        QCOMPARE(split.replacements(), whole.replacements());
        QVERIFY(split.replacements() > 0);
        verifyPieceSizes(pieces);
    }

    void throughput_data()
    {
        QTest::addColumn<QByteArray>("block");
        QRandomGenerator rng(1);
        QByteArray log;
        while (log.size() < 8 * 1024 * 1024)
            log += "2026-08-27T10:00:00Z INFO compiling src/module.cpp … done (ü, €, 中)\n";
        QTest::newRow("log text") << log;
        QTest::newRow("random 1-4 byte mix") << randomUtf8(rng, 8 * 1024 * 1024);
    }

    void throughput()
    {
        // Not a gate (machines and their load differ): reports MB/s for 512 MiB in 64 KiB reads.
        QFETCH(QByteArray, block);
        OutputChunker c;
        QElapsedTimer timer;
        timer.start();
        qsizetype total = 0;
        qsizetype units = 0;
        while (total < 512 * 1024 * 1024) {
            for (qsizetype at = 0; at < block.size(); at += 64 * 1024) {
                const QByteArray read = QByteArray::fromRawData(
                    block.constData() + at, std::min<qsizetype>(64 * 1024, block.size() - at));
                for (const QString &piece : c.append(read))
                    units += piece.size();
                total += read.size();
            }
        }
        const double seconds = timer.nsecsElapsed() / 1e9;
        QCOMPARE(c.replacements(), 0);
        qInfo("OutputChunker: %.0f MB/s (%lld bytes, %lld UTF-16 units)", total / seconds / 1e6, qlonglong(total),
            qlonglong(units));
    }
};

QTEST_GUILESS_MAIN(TestOutputChunker)
#include "tst_outputchunker.moc"
