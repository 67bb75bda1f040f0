#include <runnercore/model/OutputChunker.h>

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace runnercore {

namespace {
constexpr char16_t ReplacementCharacter = 0xFFFD;
constexpr qsizetype ReplacementBytes = 3; // U+FFFD in UTF-8

enum class SequenceKind { Valid, Invalid, Incomplete };

struct Sequence
{
    SequenceKind kind;
    int length; // Valid: bytes of the character; Invalid: bytes of the ill-formed subpart; Incomplete: bytes seen
    char32_t codePoint;
};

// Classifies the sequence starting at a non-ASCII lead byte (Unicode Table 3-7, well-formed UTF-8).
inline Sequence classify(const uchar *s, const uchar *end)
{
    const uchar lead = *s;
    int need;
    uchar low = 0x80;
    uchar high = 0xBF;
    char32_t cp;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 1;
        cp = lead & 0x1F;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 2;
        cp = lead & 0x0F;
        if (lead == 0xE0)
            low = 0xA0; // no overlong forms
        else if (lead == 0xED)
            high = 0x9F; // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 3;
        cp = lead & 0x07;
        if (lead == 0xF0)
            low = 0x90;
        else if (lead == 0xF4)
            high = 0x8F; // nothing above U+10FFFF
    } else {
        return { SequenceKind::Invalid, 1, 0 }; // 80..C1, F5..FF never start a character
    }
    for (int i = 1; i <= need; ++i) {
        if (s + i == end)
            return { SequenceKind::Incomplete, i, 0 };
        const uchar c = s[i];
        if (c < low || c > high)
            return { SequenceKind::Invalid, i, 0 }; // the maximal subpart so far becomes one U+FFFD
        cp = (cp << 6) | (c & 0x3F);
        low = 0x80;
        high = 0xBF;
    }
    return { SequenceKind::Valid, need + 1, cp };
}

} // namespace

QStringList OutputChunker::append(const QByteArray &data)
{
    if (m_carry.isEmpty())
        return decode(reinterpret_cast<const uchar *>(data.constData()), data.size(), false);
    // Rare (a read ended inside a character): one copy of the read is cheaper than special-casing.
    const QByteArray joined = m_carry + data;
    m_carry.clear();
    return decode(reinterpret_cast<const uchar *>(joined.constData()), joined.size(), false);
}

QStringList OutputChunker::flush()
{
    if (m_carry.isEmpty())
        return {};
    const QByteArray rest = m_carry;
    m_carry.clear();
    return decode(reinterpret_cast<const uchar *>(rest.constData()), rest.size(), true);
}

// One pass: validates and widens to UTF-16 straight into the piece's buffer (no second pass through
// QString::fromUtf8, no per-character QString appends). Every input byte yields at most one UTF-16
// unit and at least one output UTF-8 byte, so a piece never needs more than MaxPieceBytes units.
QStringList OutputChunker::decode(const uchar *begin, qsizetype size, bool atEnd)
{
    QStringList pieces;
    const uchar *s = begin;
    const uchar *const end = begin + size;
    while (s < end) {
        QString piece(std::min<qsizetype>(end - s, MaxPieceBytes), Qt::Uninitialized);
        char16_t *const outBegin = reinterpret_cast<char16_t *>(piece.data());
        char16_t *out = outBegin;
        qsizetype room = MaxPieceBytes; // UTF-8 bytes still allowed in this piece
        while (s < end) {
            const uchar lead = *s;
            if (lead < 0x80) {
#if defined(__SSE2__)
                // ASCII, sixteen bytes at a time. Storing all sixteen units is safe even when only
                // some are ASCII: room and input both have sixteen more bytes, so the buffer has them.
                if (room >= 16 && end - s >= 16) {
                    const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s));
                    const __m128i zero = _mm_setzero_si128();
                    _mm_storeu_si128(reinterpret_cast<__m128i *>(out), _mm_unpacklo_epi8(chunk, zero));
                    _mm_storeu_si128(reinterpret_cast<__m128i *>(out + 8), _mm_unpackhi_epi8(chunk, zero));
                    const int nonAscii = _mm_movemask_epi8(chunk);
                    const int ascii = nonAscii == 0 ? 16 : __builtin_ctz(unsigned(nonAscii));
                    s += ascii;
                    out += ascii;
                    room -= ascii;
                    continue;
                }
#endif
                if (room < 1)
                    break;
                *out++ = lead;
                ++s;
                --room;
                continue;
            }
            // The common well-formed two- and three-byte characters inline, the rest through classify().
            if (lead >= 0xC2 && lead <= 0xDF && end - s >= 2 && (s[1] & 0xC0) == 0x80) {
                if (room < 2)
                    break;
                *out++ = char16_t(((lead & 0x1F) << 6) | (s[1] & 0x3F));
                s += 2;
                room -= 2;
                continue;
            }
            if (lead >= 0xE1 && lead <= 0xEF && lead != 0xED && end - s >= 3 && (s[1] & 0xC0) == 0x80
                && (s[2] & 0xC0) == 0x80) {
                if (room < 3)
                    break;
                *out++ = char16_t(((lead & 0x0F) << 12) | ((s[1] & 0x3F) << 6) | (s[2] & 0x3F));
                s += 3;
                room -= 3;
                continue;
            }
            const Sequence seq = classify(s, end);
            if (seq.kind == SequenceKind::Valid) {
                if (seq.length > room)
                    break; // the character starts the next piece
                if (seq.codePoint >= 0x10000) {
                    *out++ = char16_t(0xD7C0 + (seq.codePoint >> 10));
                    *out++ = char16_t(0xDC00 | (seq.codePoint & 0x3FF));
                } else {
                    *out++ = char16_t(seq.codePoint);
                }
                s += seq.length;
                room -= seq.length;
                continue;
            }
            if (seq.kind == SequenceKind::Incomplete && !atEnd) {
                m_carry = QByteArray(reinterpret_cast<const char *>(s), end - s); // wait for the rest
                s = end;
                break;
            }
            // Ill-formed, or cut off by the end of the stream.
            if (room < ReplacementBytes)
                break;
            *out++ = ReplacementCharacter;
            ++m_replacements;
            s += seq.length;
            room -= ReplacementBytes;
        }
        piece.truncate(out - outBegin);
        if (!piece.isEmpty())
            pieces.append(std::move(piece));
    }
    return pieces;
}

} // namespace runnercore
