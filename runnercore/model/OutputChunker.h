#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace runnercore {

// Turns one output stream of a harness (raw bytes, arbitrary read boundaries) into UTF-8 text pieces of
// at most MaxPieceBytes each (§6.3: output.stdout/output.stderr carry at most 64 KiB of text per event).
// Never splits a character across pieces (an incomplete trailing sequence waits for the next append),
// replaces invalid UTF-8 with U+FFFD (one per maximal ill-formed subpart, as Unicode recommends) and
// never drops a byte. Pure: no Qt event loop, no I/O.
class OutputChunker
{
public:
    static constexpr qsizetype MaxPieceBytes = 64 * 1024; // UTF-8 bytes of one piece

    // The complete pieces the data makes: one per read, split only where a piece would exceed the limit.
    QStringList append(const QByteArray &data);
    // End of stream: a dangling partial sequence becomes U+FFFD.
    QStringList flush();

    // How many U+FFFD were substituted so far (the driver warns once when this leaves zero).
    qint64 replacements() const { return m_replacements; }
    // Bytes held back waiting for the rest of a multi-byte character (0–3).
    qsizetype pendingBytes() const { return m_carry.size(); }

private:
    QStringList decode(const uchar *begin, qsizetype size, bool atEnd);

    QByteArray m_carry;
    qint64 m_replacements = 0;
};

} // namespace runnercore
