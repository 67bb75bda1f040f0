#include "DiffHighlighter.h"

#include <QTextCharFormat>

DiffHighlighter::DiffHighlighter(QTextDocument *document) : QSyntaxHighlighter(document) { }

void DiffHighlighter::highlightBlock(const QString &text)
{
    QTextCharFormat format;
    if (text.startsWith(QLatin1String("+++ ")) || text.startsWith(QLatin1String("--- "))
        || text.startsWith(QLatin1String("diff --git "))) {
        format.setFontWeight(QFont::Bold);
    } else if (text.startsWith(QLatin1Char('+'))) {
        format.setForeground(QColor(0x1a, 0x7f, 0x37));
    } else if (text.startsWith(QLatin1Char('-'))) {
        format.setForeground(QColor(0xcf, 0x22, 0x2e));
    } else if (text.startsWith(QLatin1String("@@"))) {
        format.setForeground(QColor(0x09, 0x69, 0xda));
    } else {
        return;
    }
    setFormat(0, int(text.size()), format);
}
