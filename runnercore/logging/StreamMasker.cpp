#include <runnercore/logging/StreamMasker.h>

#include <runnercore/logging/SecretMasker.h>

namespace runnercore {

StreamMasker::StreamMasker(const SecretMasker *masker, Sink sink) : m_masker(masker), m_sink(std::move(sink))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(HoldMs);
    QObject::connect(&m_timer, &QTimer::timeout, [this] { release(); });
}

void StreamMasker::write(const QByteArray &data)
{
    if (data.isEmpty())
        return;
    if (!m_masker) {
        m_sink(data);
        return;
    }
    const auto patterns = m_masker->patterns();
    if (patterns->empty() && m_tail.isEmpty()) {
        m_sink(data);
        return;
    }
    // The common case (nothing held, nothing masked) passes the caller's bytes on without a copy.
    const QByteArray buf = m_tail.isEmpty() ? data : m_tail + data;
    const size_t start = size_t(m_emitted);
    QByteArray masked;
    const auto scan
        = patterns->scan(buf.constData(), size_t(buf.size()), start, SecretPatterns::Mode::Hold, m_lastMasked, masked);
    QByteArray out;
    if (scan.changed) {
        out = masked;
        ++m_maskCount;
    } else if (start == 0 && scan.emitEnd == size_t(buf.size()))
        out = buf;
    else
        out = buf.mid(qsizetype(start), qsizetype(scan.emitEnd - start));
    m_lastMasked = scan.lastMasked;
    m_tail = scan.tailStart == size_t(buf.size()) ? QByteArray() : buf.mid(qsizetype(scan.tailStart));
    m_emitted = qsizetype(scan.emitEnd - scan.tailStart);
    if (heldBytes() == 0)
        m_timer.stop();
    else if (!m_timer.isActive())
        m_timer.start(); // held at most HoldMs from the first held byte, however slowly the rest trickles in
    if (!out.isEmpty())
        m_sink(out);
}

void StreamMasker::release()
{
    m_timer.stop();
    if (heldBytes() == 0 || !m_masker)
        return;
    const auto patterns = m_masker->patterns();
    QByteArray masked;
    const auto scan = patterns->scan(m_tail.constData(), size_t(m_tail.size()), size_t(m_emitted),
        SecretPatterns::Mode::Flush, m_lastMasked, masked);
    const QByteArray out = scan.changed ? masked : m_tail.mid(m_emitted);
    if (scan.changed)
        ++m_maskCount;
    m_lastMasked = scan.lastMasked;
    // What may still be the start of a secret stays as context (already passed on).
    m_tail = m_tail.mid(qsizetype(scan.tailStart));
    m_emitted = m_tail.size();
    if (!out.isEmpty())
        m_sink(out);
}

void StreamMasker::finish()
{
    release();
    m_tail.clear();
    m_emitted = 0;
    m_lastMasked = false;
}

} // namespace runnercore
