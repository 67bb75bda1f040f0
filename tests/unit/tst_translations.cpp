// The catalogues in translations/ are complete: lupdate, run over the sources into a copy of each, finds
// no message unfinished, and none the sources lost (vanished or obsolete); every translation keeps its
// source's placeholders, accelerator and ellipses. Each failure names the context and source.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

namespace {

struct Message
{
    QString context;
    QString source;
    QString type; // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or one per numerus form
};

QList<Message> readCatalogue(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message { context, {}, {}, {} };
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            // Either text, or <numerusform> children.
            QString text;
            while (!xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                else if (xml.isStartElement() && xml.name() == QLatin1String("numerusform"))
                    current.translations << xml.readElementText();
                else if (xml.isEndElement() && xml.name() == QLatin1String("translation"))
                    break;
            }
            if (current.translations.isEmpty())
                current.translations << text;
            messages << current;
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

// %1..%99 and %n, sorted; the number of accelerator marks (a single '&') and of ellipses ('…').
struct Marks
{
    QStringList placeholders;
    int accelerators = 0;
    qsizetype ellipses = 0;
    bool operator==(const Marks &) const = default;
};

Marks marksOf(const QString &text)
{
    Marks marks;
    static const QRegularExpression placeholder(QStringLiteral("%(\\d{1,2}|n)"));
    for (auto it = placeholder.globalMatch(text); it.hasNext();)
        marks.placeholders << it.next().captured();
    marks.placeholders.sort();
    marks.accelerators = int(text.count(QLatin1Char('&')) - 2 * text.count(QLatin1String("&&")));
    marks.ellipses = text.count(QChar(0x2026));
    return marks;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void catalogueIsComplete_data()
    {
        QTest::addColumn<QString>("catalogue");
        const QStringList catalogues = QStringLiteral(CHECKFU_TS_FILES).split(QLatin1Char('|'), Qt::SkipEmptyParts);
        QVERIFY(!catalogues.isEmpty());
        for (const QString &path : catalogues)
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }

    void catalogueIsComplete()
    {
        QFETCH(QString, catalogue);
        QVERIFY2(QFile::exists(catalogue), qPrintable(catalogue + QStringLiteral(" is missing")));
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString copy = dir.filePath(QFileInfo(catalogue).fileName());
        QVERIFY(QFile::copy(catalogue, copy));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);

        // Without -no-obsolete: a message the sources lost stays in the copy, marked vanished or obsolete.
        QProcess lupdate;
        lupdate.setProcessChannelMode(QProcess::MergedChannels);
        QStringList arguments { QLatin1Char('@') + QStringLiteral(CHECKFU_I18N_SOURCES_LIST),
            QStringLiteral("-locations"), QStringLiteral("none"), QStringLiteral("-ts"), copy };
        // English is the source text: its catalogue holds the plural forms only.
        if (QFileInfo(catalogue).fileName() == QLatin1String("checkfu_en.ts"))
            arguments << QStringLiteral("-pluralonly");
        lupdate.start(QStringLiteral(CHECKFU_LUPDATE), arguments);
        QVERIFY2(lupdate.waitForFinished(300000), "lupdate did not finish");
        const QByteArray output = lupdate.readAll();
        QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0, output.constData());

        QString error;
        const QList<Message> messages = readCatalogue(copy, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(!messages.isEmpty());
        QStringList problems;
        for (const Message &m : messages) {
            const QString where = QStringLiteral("[%1] \"%2\"").arg(m.context, m.source);
            if (m.type == QLatin1String("vanished") || m.type == QLatin1String("obsolete")) {
                problems << QStringLiteral("%1: %2, the sources no longer have it").arg(m.type, where);
                continue;
            }
            const bool empty = std::any_of(
                m.translations.cbegin(), m.translations.cend(), [](const QString &t) { return t.isEmpty(); });
            if (m.type == QLatin1String("unfinished") || empty) {
                problems << QStringLiteral("unfinished: %1").arg(where);
                continue;
            }
            for (const QString &translation : m.translations) {
                // A numerus form may spell its number out (no %n), as English "one run" would.
                Marks expected = marksOf(m.source);
                Marks found = marksOf(translation);
                if (m.translations.size() > 1) {
                    expected.placeholders.removeAll(QStringLiteral("%n"));
                    found.placeholders.removeAll(QStringLiteral("%n"));
                }
                if (expected.placeholders != found.placeholders)
                    problems << QStringLiteral("placeholders %1 instead of %2: %3 -> \"%4\"")
                                    .arg(found.placeholders.join(QLatin1Char(' ')),
                                        expected.placeholders.join(QLatin1Char(' ')), where, translation);
                if (expected.accelerators != found.accelerators)
                    problems << QStringLiteral("%1 accelerator marks ('&') instead of %2: %3 -> \"%4\"")
                                    .arg(found.accelerators)
                                    .arg(expected.accelerators)
                                    .arg(where, translation);
                if (expected.ellipses != found.ellipses)
                    problems << QStringLiteral("%1 ellipses ('…') instead of %2: %3 -> \"%4\"")
                                    .arg(found.ellipses)
                                    .arg(expected.ellipses)
                                    .arg(where, translation);
            }
        }
        QVERIFY2(problems.isEmpty(),
            qPrintable(QStringLiteral("%1 problem(s) in %2 (translations/README.md says how to fix them):\n  %3")
                           .arg(problems.size())
                           .arg(QFileInfo(catalogue).fileName(), problems.join(QStringLiteral("\n  ")))));
    }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
