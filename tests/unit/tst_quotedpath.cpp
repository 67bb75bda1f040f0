// QuotedPath (issue 35, finding 7): a name a harness chose, shown to a person. Whatever the bytes,
// the shown text holds no character a terminal or a widget acts on (C0, DEL, C1, bidi and other
// format characters, line separators), quoting is git's (double quotes, C escapes, octal bytes),
// and the quoted text reads back as exactly the bytes of the name.
#include <runnercore/base/QuotedPath.h>

#include <QRandomGenerator>
#include <QTest>

#include <optional>

using namespace runnercore;

namespace {

// Back from git's C quoting to the bytes; nullopt when `shown` is not that quoting.
std::optional<QByteArray> unquoted(const QString &shown)
{
    const QByteArray text = shown.toUtf8();
    if (!text.startsWith('"'))
        return text;
    if (text.size() < 2 || !text.endsWith('"'))
        return std::nullopt;
    QByteArray out;
    for (qsizetype i = 1; i < text.size() - 1; ++i) {
        const char c = text.at(i);
        if (c != '\\') {
            out += c;
            continue;
        }
        if (++i >= text.size() - 1)
            return std::nullopt;
        const char e = text.at(i);
        static const QByteArray letters = "abtnvfr\"\\";
        static const QByteArray bytes = "\a\b\t\n\v\f\r\"\\";
        if (const qsizetype at = letters.indexOf(e); at >= 0) {
            out += bytes.at(at);
        } else if (e >= '0' && e <= '3' && i + 2 < text.size() - 1) {
            out += char(((e - '0') << 6) | ((text.at(i + 1) - '0') << 3) | (text.at(i + 2) - '0'));
            i += 2;
        } else {
            return std::nullopt;
        }
    }
    return out;
}

// The first character of `shown` that a terminal or widget would act on, or empty.
QString actingCharacter(const QString &shown)
{
    for (const char32_t c : shown.toUcs4()) {
        const QChar::Category category = QChar::category(c);
        if (category == QChar::Other_Control || category == QChar::Other_Format || category == QChar::Separator_Line
            || category == QChar::Separator_Paragraph || category == QChar::Other_Surrogate)
            return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0'));
    }
    return {};
}

} // namespace

class TestQuotedPath : public QObject
{
    Q_OBJECT

private slots:
    void namesShownAsTheyAre_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::newRow("ascii") << QByteArray("src/main.c");
        QTest::newRow("spaces and punctuation") << QByteArray("notes/to do (1) [x] #2; a=b.txt");
        QTest::newRow("latin") << QByteArray("gr\xc3\xbc\xc3\x9f"
                                             "e.txt");
        QTest::newRow("cjk") << QByteArray("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e.md");
        QTest::newRow("arabic letters (no bidi control)") << QByteArray("\xd9\x85\xd9\x84\xd9\x81.txt");
        QTest::newRow("emoji") << QByteArray("\xf0\x9f\x98\x80.png");
    }
    void namesShownAsTheyAre()
    {
        QFETCH(QByteArray, name);
        QVERIFY(!QuotedPath::needsQuoting(name));
        QCOMPARE(QuotedPath::quote(name), QString::fromUtf8(name));
    }

    void quotedAsGitQuotes_data()
    {
        QTest::addColumn<QByteArray>("name");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("OSC 52") << QByteArray("e\x1b]52;c;aGk=\x07") << QByteArray("\"e\\033]52;c;aGk=\\a\"");
        QTest::newRow("C escapes") << QByteArray("\a\b\t\n\v\f\r") << QByteArray("\"\\a\\b\\t\\n\\v\\f\\r\"");
        QTest::newRow("NUL and 0x1f") << QByteArray("a\0b\x1f", 4) << QByteArray("\"a\\000b\\037\"");
        QTest::newRow("DEL") << QByteArray("a\x7f") << QByteArray("\"a\\177\"");
        QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
        QTest::newRow("C1 CSI") << QByteArray("\xc2\x9b"
                                              "2J")
                                << QByteArray("\"\\302\\233"
                                              "2J\"");
        QTest::newRow("C1 NEL") << QByteArray("\xc2\x85") << QByteArray("\"\\302\\205\"");
        QTest::newRow("RLO") << QByteArray("bidi-\xe2\x80\xaetxt.exe") << QByteArray("\"bidi-\\342\\200\\256txt.exe\"");
        QTest::newRow("LRE RLE PDF LRO") << QByteArray("\xe2\x80\xaa\xe2\x80\xab\xe2\x80\xac\xe2\x80\xad")
                                         << QByteArray(
                                                "\"\\342\\200\\252\\342\\200\\253\\342\\200\\254\\342\\200\\255\"");
        QTest::newRow("isolates") << QByteArray("\xe2\x81\xa6\xe2\x81\xa7\xe2\x81\xa8\xe2\x81\xa9")
                                  << QByteArray("\"\\342\\201\\246\\342\\201\\247\\342\\201\\250\\342\\201\\251\"");
        QTest::newRow("LRM RLM ALM") << QByteArray("\xe2\x80\x8e\xe2\x80\x8f\xd8\x9c")
                                     << QByteArray("\"\\342\\200\\216\\342\\200\\217\\330\\234\"");
        QTest::newRow("zero width and BOM") << QByteArray("a\xe2\x80\x8b"
                                                          "b\xef\xbb\xbf")
                                            << QByteArray("\"a\\342\\200\\213b\\357\\273\\277\"");
        QTest::newRow("line separator") << QByteArray("a\xe2\x80\xa8"
                                                      "b")
                                        << QByteArray("\"a\\342\\200\\250b\"");
        QTest::newRow("not UTF-8") << QByteArray("a\xff") << QByteArray("\"a\\377\"");
        QTest::newRow("truncated") << QByteArray("a\xe2\x80") << QByteArray("\"a\\342\\200\"");
        QTest::newRow("overlong slash") << QByteArray("\xc0\xaf") << QByteArray("\"\\300\\257\"");
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << QByteArray("\"\\355\\240\\200\"");
        QTest::newRow("readable letters stay in a quoted name") << QByteArray("gr\xc3\xbc\xc3\x9f"
                                                                              "e\t")
                                                                << QByteArray("\"gr\xc3\xbc\xc3\x9f"
                                                                              "e\\t\"");
    }
    void quotedAsGitQuotes()
    {
        QFETCH(QByteArray, name);
        QFETCH(QByteArray, shown);
        QVERIFY(QuotedPath::needsQuoting(name));
        QCOMPARE(QuotedPath::quote(name).toUtf8(), shown);
        QCOMPARE(unquoted(QuotedPath::quote(name)), std::optional<QByteArray>(name));
    }

    // Any bytes: nothing acting on the display gets through, and the bytes come back.
    void anyBytesReadBackExactly()
    {
        QRandomGenerator random(35);
        const QByteArray alphabet = QByteArray("a/. \"\\\x1b\x07\x7f\n\r\t", 12)
            + "\xc2\x9b\xc2\x85\xe2\x80\xae\xe2\x81\xa6\xef\xbb\xbf\xe6\x97\xa5\xf0\x9f\x98\x80\xff\xc0\xed\xa0";
        for (int round = 0; round < 5000; ++round) {
            QByteArray name;
            const int length = int(random.bounded(24));
            for (int i = 0; i < length; ++i)
                name += round % 2 ? alphabet.at(random.bounded(int(alphabet.size()))) : char(random.bounded(256));
            const QString shown = QuotedPath::quote(name);
            QVERIFY2(
                actingCharacter(shown).isEmpty(), qPrintable(actingCharacter(shown) + QLatin1Char(' ') + name.toHex()));
            QCOMPARE(unquoted(shown), std::optional<QByteArray>(name));
        }
    }
};

QTEST_GUILESS_MAIN(TestQuotedPath)
#include "tst_quotedpath.moc"
