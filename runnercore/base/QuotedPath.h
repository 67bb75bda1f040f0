#pragma once

#include <QByteArray>
#include <QString>

namespace runnercore {

// A name someone else chose (a file a harness made, a title read back from disk), as a person is
// shown it in a terminal or a widget. A terminal acts on control characters (ESC ] 52 writes the
// clipboard, ESC [ 2J clears the screen, C1's CSI does the same in one byte on some terminals) and
// Unicode's bidi controls make a name read as another ("bidi-<U+202E>txt.exe" shows as
// "bidi-exe.txt"). So, as git does with core.quotePath: a name holding any of them, or a double
// quote or backslash, is shown in double quotes with C escapes (\a \b \t \n \v \f \r \" \\) and
// each other byte of such a character as three octal digits ("\033]52;c;…\a", "\342\200\256").
// Unlike core.quotePath=true, printable letters of any script stay as they are ("grüße 日本.txt").
// Quoted: C0 controls, DEL, C1 controls, Unicode format characters (bidi embeddings, overrides,
// isolates and marks, zero-width characters, the BOM), line and paragraph separators, and bytes that
// are not UTF-8. Pure.
class QuotedPath
{
public:
    static QString quote(const QByteArray &name);
    static QString quote(const QString &name) { return quote(name.toUtf8()); }
    // Whether quote() changes `name`.
    static bool needsQuoting(const QByteArray &name);
    // Whether a terminal or a text widget acts on the character rather than showing it: C0 and C1
    // controls, DEL, format characters, line and paragraph separators.
    static bool isDisplayControl(char32_t c);
};

} // namespace runnercore
