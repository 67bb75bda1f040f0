#pragma once

#include <QByteArray>
#include <QTimer>

#include <functional>

namespace runnercore {

class SecretMasker;

// Masks one output stream of a run (stdout, stderr, an ACP agent's message text) as a stream, not
// write by write (§6.7): a secret written in two pieces, in two reads, events or batches, is still
// replaced by the same *** as in one piece. A tail that may begin a secret (at most the longest
// secret form minus one byte, and only as much as is a prefix of one) is held back until more data
// comes, HoldMs pass, or the stream ends. A held partial secret of at least
// SecretPatterns::MinimumPartialBytes is released as *** (and its rest, if it comes later, is
// masked too); a shorter one as it is. Bytes keep their order; none is lost or repeated.
// Without a masker it passes data through.
class StreamMasker
{
public:
    static constexpr int HoldMs = 150; // below the pipeline's 200 ms batch interval (§6.3)
    using Sink = std::function<void(const QByteArray &)>;

    StreamMasker(const SecretMasker *masker, Sink sink);

    // Passes on at once everything that cannot be the start of a secret.
    void write(const QByteArray &data);
    // End of the stream: releases what is held, forgets the context (a new stream may follow).
    void finish();
    qsizetype heldBytes() const { return m_tail.size() - m_emitted; }
    // How many times something was masked so far (callers that keep boundaries check it).
    quint64 maskCount() const { return m_maskCount; }

private:
    void release();

    const SecretMasker *m_masker;
    Sink m_sink;
    // [0, m_emitted): already passed on, kept because a secret may have begun there;
    // [m_emitted, size): held back.
    QByteArray m_tail;
    qsizetype m_emitted = 0;
    bool m_lastMasked = false; // the last byte passed on was part of a ***
    quint64 m_maskCount = 0;
    QTimer m_timer;
};

} // namespace runnercore
