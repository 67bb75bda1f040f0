#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace runnercore {

// An immutable set of byte patterns (every form of every secret, at least two bytes each) with a
// fast multi-pattern search: the patterns' first bytes find candidates (SSE2, sixteen positions at
// a time, when few bytes start a pattern; else a table), a table of their first two bytes sorts
// most of them out, memcmp confirms the rest. Shared by SecretMasker (one
// text at a time) and StreamMasker (a stream written in pieces).
class SecretPatterns
{
public:
    static constexpr const char *Mask = "***";

    explicit SecretPatterns(std::vector<std::string> values = {});

    bool empty() const { return m_values.empty(); }
    // The first position in [p, end) where some pattern may start (its first two bytes, or its
    // first byte at end - 1), or end.
    const char *findCandidate(const char *p, const char *end) const;
    // Length of the longest pattern that p[0, avail) begins with; 0 for none.
    size_t longestMatchAt(const char *p, size_t avail) const;
    // Whether p[0, avail) is a proper prefix of a pattern longer than avail (a secret may be cut here).
    bool couldContinue(const char *p, size_t avail) const;

    enum class Mode {
        Whole, // one complete text
        Hold, // a stream with more to come: keep back what may begin a secret
        Flush, // a stream paused or ended: release everything; a long partial secret is masked
    };
    struct Scan
    {
        size_t emitEnd = 0; // bytes [start, emitEnd) are decided and appended to out (masked)
        size_t tailStart = 0; // bytes [tailStart, n) matter for what comes next (emitted or not)
        bool lastMasked = false; // the last decided byte was part of a mask
        bool changed = false; // out differs from the input's bytes [start, emitEnd)
    };
    // The masking of buf[start, emitEnd) under `mode`. Bytes [0, start) were emitted earlier
    // (lastMasked: whether the last of them was masked); they are read only to find secrets
    // that began there and continue. Appends to out only when something is masked; otherwise
    // out is untouched and the caller uses the input as it is.
    Scan scan(const char *buf, size_t n, size_t start, Mode mode, bool lastMasked, QByteArray &out) const;

    // A partial secret at least this long is masked when a paused stream must release it.
    static constexpr size_t MinimumPartialBytes = 6;

private:
    std::vector<std::string> m_values; // longest first
    std::array<std::vector<uint32_t>, 256> m_byFirstByte; // indices into m_values, longest first
    std::array<bool, 256> m_isFirstByte {};
    std::vector<uint64_t> m_isFirstPair; // bitmap over (first byte << 8 | second byte)
    std::vector<unsigned char> m_firstBytes; // distinct
    size_t m_maxLength = 0;
};

// Replaces every secret the Runner holds with *** before text leaves the process
// (logs now, observations later), in the spirit of the GitHub Actions runner's SecretMasker:
// the raw value and its common encodings (base64, URL, JSON-escaped) are masked, and so
// are our own credential prefixes and pairing codes even when we were never told the value.
// Every byte of every occurrence is masked, overlapping occurrences as one ***.
// Thread-safe: spdlog sinks call it from any thread.
class SecretMasker
{
public:
    static constexpr int MinimumSecretLength = 6;

    // Counted: a value added twice (by two owners) stays until removed twice.
    void addSecret(const QString &secret);
    void removeSecret(const QString &secret);
    std::string mask(std::string_view text) const;
    QString mask(const QString &text) const;
    // Returns text itself (no copy) when there is nothing to mask.
    QByteArray mask(const QByteArray &text) const;

    // The current patterns; a StreamMasker takes them at every write.
    std::shared_ptr<const SecretPatterns> patterns() const;
    int secretCount() const;
    bool holds(const QString &secret) const;

private:
    void rebuild();

    struct Entry
    {
        QString value;
        int count = 0;
    };

    mutable std::mutex m_mutex;
    std::vector<Entry> m_secrets;
    std::shared_ptr<const SecretPatterns> m_patterns = std::make_shared<const SecretPatterns>();
};

} // namespace runnercore
