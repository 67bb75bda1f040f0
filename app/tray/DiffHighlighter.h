#pragma once

#include <QSyntaxHighlighter>

// Colours a unified diff as people know it: added lines green, removed red, hunk headers blue,
// file headers bold. Plain text only: a line is never interpreted beyond its first character.
class DiffHighlighter : public QSyntaxHighlighter
{
    Q_OBJECT
public:
    explicit DiffHighlighter(QTextDocument *document);

protected:
    void highlightBlock(const QString &text) override;
};
