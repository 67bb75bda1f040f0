#include <runnercore/base/QuotedPath.h>

#include <QChar>

namespace runnercore {

namespace {

// The code point of the UTF-8 sequence at `at` and its length; length 0 when the bytes there are
// not UTF-8 (truncated, overlong, a surrogate, past U+10FFFF).
struct Decoded
{
    char32_t codePoint = 0;
    int length = 0;
};

Decoded decodeAt(const QByteArray &bytes, qsizetype at)
{
    const uchar first = uchar(bytes.at(at));
    if (first < 0x80)
        return { first, 1 };
    int length = 0;
    char32_t value = 0;
    char32_t least = 0;
    if ((first & 0xe0) == 0xc0) {
        length = 2;
        value = first & 0x1f;
        least = 0x80;
    } else if ((first & 0xf0) == 0xe0) {
        length = 3;
        value = first & 0x0f;
        least = 0x800;
    } else if ((first & 0xf8) == 0xf0) {
        length = 4;
        value = first & 0x07;
        least = 0x10000;
    } else {
        return {};
    }
    if (at + length > bytes.size())
        return {};
    for (int i = 1; i < length; ++i) {
        const uchar next = uchar(bytes.at(at + i));
        if ((next & 0xc0) != 0x80)
            return {};
        value = (value << 6) | (next & 0x3f);
    }
    if (value < least || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return {};
    return { value, length };
}

// Quoted: what acts on the display, and the two characters the quoting itself uses.
bool needsEscape(char32_t c)
{
    return c == '"' || c == '\\' || QuotedPath::isDisplayControl(c);
}

void appendEscaped(QByteArray &out, uchar byte)
{
    switch (byte) {
    case '\a':
        out += "\\a";
        return;
    case '\b':
        out += "\\b";
        return;
    case '\t':
        out += "\\t";
        return;
    case '\n':
        out += "\\n";
        return;
    case '\v':
        out += "\\v";
        return;
    case '\f':
        out += "\\f";
        return;
    case '\r':
        out += "\\r";
        return;
    case '"':
        out += "\\\"";
        return;
    case '\\':
        out += "\\\\";
        return;
    default:
        break;
    }
    out += '\\';
    out += char('0' + ((byte >> 6) & 7));
    out += char('0' + ((byte >> 3) & 7));
    out += char('0' + (byte & 7));
}

} // namespace

bool QuotedPath::isDisplayControl(char32_t c)
{
    if (c < 0x20 || c == 0x7f)
        return true;
    if (c < 0x7f)
        return false;
    switch (QChar::category(c)) {
    case QChar::Other_Control: // C1
    case QChar::Other_Format: // bidi controls and marks, zero-width characters, the BOM
    case QChar::Separator_Line:
    case QChar::Separator_Paragraph:
        return true;
    default:
        return false;
    }
}

bool QuotedPath::needsQuoting(const QByteArray &name)
{
    for (qsizetype at = 0; at < name.size();) {
        const Decoded d = decodeAt(name, at);
        if (d.length == 0 || needsEscape(d.codePoint))
            return true;
        at += d.length;
    }
    return false;
}

QString QuotedPath::quote(const QByteArray &name)
{
    if (!needsQuoting(name))
        return QString::fromUtf8(name);
    QByteArray out;
    out.reserve(name.size() + 8);
    out += '"';
    for (qsizetype at = 0; at < name.size();) {
        const Decoded d = decodeAt(name, at);
        if (d.length == 0) {
            appendEscaped(out, uchar(name.at(at)));
            ++at;
            continue;
        }
        if (needsEscape(d.codePoint)) {
            for (int i = 0; i < d.length; ++i)
                appendEscaped(out, uchar(name.at(at + i)));
        } else {
            out += name.mid(at, d.length);
        }
        at += d.length;
    }
    out += '"';
    return QString::fromUtf8(out); // only whole UTF-8 sequences and ASCII escapes: exact
}

} // namespace runnercore
