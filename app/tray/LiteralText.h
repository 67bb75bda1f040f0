#pragma once

#include <QString>

// Qt renders a tooltip (and an AutoText label) as rich text when its text looks like HTML
// (Qt::mightBeRichText): a title, a reason or a file name someone else chose ("<img src=…>",
// "<b>x</b>") would be rendered, not read. Escaped and marked as rich text, it shows literally.
inline QString literalToolTip(const QString &text)
{
    return QStringLiteral("<qt>%1</qt>").arg(text.toHtmlEscaped());
}
