#include <runnercore/logging/SecretMasker.h>

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace runnercore {

namespace {
std::vector<std::string> encodingsOf(const QString &secret)
{
    const QByteArray utf8 = secret.toUtf8();
    std::vector<std::string> forms { utf8.toStdString(), utf8.toBase64().toStdString(),
        QUrl::toPercentEncoding(secret).toStdString() };
    QString json = secret;
    json.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    forms.push_back(json.toUtf8().toStdString());
    forms.erase(std::remove_if(forms.begin(), forms.end(),
                    [](const std::string &f) { return f.size() < SecretMasker::MinimumSecretLength; }),
        forms.end());
    return forms;
}
// Whether the regular expressions below can match at all: cfb_/cfw_/cfa_ or CFU somewhere. Ordinary
// output has "cf" often enough (hex, "cfg") that converting it to UTF-16 for them would dominate.
bool mayHoldCredentialShape(const QByteArray &text)
{
    const std::string_view view(text.constData(), size_t(text.size()));
    for (size_t at = view.find("cf"); at != std::string_view::npos; at = view.find("cf", at + 1)) {
        if (at + 3 < view.size() && (view[at + 2] == 'b' || view[at + 2] == 'w' || view[at + 2] == 'a')
            && view[at + 3] == '_')
            return true;
    }
    return view.find("CFU") != std::string_view::npos;
}
} // namespace

SecretPatterns::SecretPatterns(std::vector<std::string> values)
    : m_values(std::move(values)), m_isFirstPair(65536 / 64, 0)
{
    m_values.erase(std::remove_if(m_values.begin(), m_values.end(), [](const std::string &v) { return v.size() < 2; }),
        m_values.end());
    // Longest first, so a value that contains another is masked whole.
    std::sort(m_values.begin(), m_values.end(),
        [](const std::string &a, const std::string &b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
    m_values.erase(std::unique(m_values.begin(), m_values.end()), m_values.end());
    for (size_t i = 0; i < m_values.size(); ++i) {
        const auto first = static_cast<unsigned char>(m_values[i][0]);
        const auto second = static_cast<unsigned char>(m_values[i][1]);
        m_byFirstByte[first].push_back(uint32_t(i));
        m_isFirstByte[first] = true;
        if (std::find(m_firstBytes.begin(), m_firstBytes.end(), first) == m_firstBytes.end())
            m_firstBytes.push_back(first);
        const unsigned pair = unsigned(first) << 8 | second;
        m_isFirstPair[pair / 64] |= uint64_t(1) << (pair % 64);
        m_maxLength = std::max(m_maxLength, m_values[i].size());
    }
}

const char *SecretPatterns::findCandidate(const char *p, const char *end) const
{
    if (m_firstBytes.empty())
        return end;
#if defined(__SSE2__)
    // A token and its encodings start with few distinct bytes: compare sixteen at a time against
    // them, then confirm the second byte of each hit in the pair table.
    if (m_firstBytes.size() <= 4) {
        const auto needle
            = [this](size_t i) { return _mm_set1_epi8(char(m_firstBytes[std::min(i, m_firstBytes.size() - 1)])); };
        const __m128i n0 = needle(0), n1 = needle(1), n2 = needle(2), n3 = needle(3);
        while (end - p >= 17) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p));
            const __m128i hits = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, n0), _mm_cmpeq_epi8(chunk, n1)),
                _mm_or_si128(_mm_cmpeq_epi8(chunk, n2), _mm_cmpeq_epi8(chunk, n3)));
            for (unsigned bits = unsigned(_mm_movemask_epi8(hits)); bits != 0; bits &= bits - 1) {
                const char *at = p + __builtin_ctz(bits);
                const unsigned pair
                    = unsigned(static_cast<unsigned char>(at[0])) << 8 | static_cast<unsigned char>(at[1]);
                if (m_isFirstPair[pair / 64] & (uint64_t(1) << (pair % 64)))
                    return at;
            }
            p += 16;
        }
    }
#endif
    for (; p < end; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (!m_isFirstByte[c])
            continue;
        if (p + 1 == end)
            return p;
        const unsigned pair = unsigned(c) << 8 | static_cast<unsigned char>(p[1]);
        if (m_isFirstPair[pair / 64] & (uint64_t(1) << (pair % 64)))
            return p;
    }
    return end;
}

size_t SecretPatterns::longestMatchAt(const char *p, size_t avail) const
{
    for (const uint32_t index : m_byFirstByte[static_cast<unsigned char>(*p)]) {
        const std::string &v = m_values[index];
        if (v.size() <= avail && std::memcmp(p, v.data(), v.size()) == 0)
            return v.size();
    }
    return 0;
}

bool SecretPatterns::couldContinue(const char *p, size_t avail) const
{
    for (const uint32_t index : m_byFirstByte[static_cast<unsigned char>(*p)]) {
        const std::string &v = m_values[index];
        if (v.size() > avail && std::memcmp(p, v.data(), avail) == 0)
            return true;
    }
    return false;
}

SecretPatterns::Scan SecretPatterns::scan(
    const char *buf, size_t n, size_t start, Mode mode, bool lastMasked, QByteArray &out) const
{
    Scan r;
    if (m_values.empty()) {
        r.emitEnd = r.tailStart = n;
        r.lastMasked = start < n ? false : lastMasked;
        return r;
    }
    const char *const end = buf + n;
    // The earliest partial secret: a proper prefix of a pattern that runs to the end of what we have.
    size_t partial = n;
    if (mode != Mode::Whole) {
        const size_t from = n > m_maxLength - 1 ? n - (m_maxLength - 1) : 0;
        for (const char *c = findCandidate(buf + from, end); c < end; c = findCandidate(c + 1, end)) {
            if (couldContinue(c, size_t(end - c))) {
                partial = size_t(c - buf);
                break;
            }
        }
    }
    const size_t emitEnd = mode == Mode::Hold ? std::max(partial, start) : n;
    // A paused stream releases a long partial secret masked: its rest may still come, and half a key
    // is a leak too. Short ones (a lone "c") go out as they are.
    const size_t speculativeFrom
        = mode == Mode::Flush && partial < n && n - partial >= MinimumPartialBytes ? std::max(partial, start) : n;
    size_t tailStart = partial;

    // Secrets that began in bytes already emitted and reach into the new ones.
    size_t runEnd = 0;
    for (const char *c = findCandidate(buf, buf + start); c < buf + start; c = findCandidate(c + 1, buf + start)) {
        const size_t i = size_t(c - buf);
        const size_t len = longestMatchAt(c, n - i);
        if (len != 0 && i + len > start) {
            runEnd = std::max(runEnd, i + len);
            if (i + len > emitEnd)
                tailStart = std::min(tailStart, i);
        }
    }

    bool inRun = lastMasked;
    size_t plainFrom = start; // bytes [plainFrom, i) are unmasked and not yet in out
    const size_t plainLimit = std::min(emitEnd, speculativeFrom);
    size_t i = start;
    while (i < emitEnd) {
        if (i >= runEnd && i < plainLimit) {
            const char *c = findCandidate(buf + i, buf + plainLimit);
            if (c != buf + i) {
                inRun = false; // plain bytes stay where they are, in the input
                i = size_t(c - buf);
                continue;
            }
        }
        const size_t len = longestMatchAt(buf + i, n - i);
        bool fresh = false; // a secret starts here, not inside a masked run: a mask of its own
        if (len != 0) {
            fresh = i >= runEnd;
            runEnd = std::max(runEnd, i + len);
            if (i + len > emitEnd)
                tailStart = std::min(tailStart, i);
        }
        if (i < runEnd || i >= speculativeFrom) {
            out.append(buf + plainFrom, qsizetype(i - plainFrom));
            if (!inRun || fresh)
                out.append(Mask, 3);
            r.changed = true;
            inRun = true;
            plainFrom = i + 1;
        } else {
            inRun = false;
        }
        ++i;
    }
    if (r.changed)
        out.append(buf + plainFrom, qsizetype(emitEnd - plainFrom));
    r.emitEnd = emitEnd;
    r.tailStart = std::min(tailStart, emitEnd);
    r.lastMasked = inRun;
    return r;
}

void SecretMasker::addSecret(const QString &secret)
{
    if (secret.size() < MinimumSecretLength)
        return;
    std::lock_guard lock(m_mutex);
    for (Entry &e : m_secrets) {
        if (e.value == secret) {
            ++e.count;
            return;
        }
    }
    m_secrets.push_back({ secret, 1 });
    rebuild();
}

void SecretMasker::removeSecret(const QString &secret)
{
    std::lock_guard lock(m_mutex);
    for (auto it = m_secrets.begin(); it != m_secrets.end(); ++it) {
        if (it->value == secret) {
            if (--it->count <= 0) {
                m_secrets.erase(it);
                rebuild();
            }
            return;
        }
    }
}

void SecretMasker::rebuild()
{
    std::vector<std::string> forms;
    for (const Entry &e : m_secrets) {
        for (auto &form : encodingsOf(e.value))
            forms.push_back(std::move(form));
    }
    m_patterns = std::make_shared<const SecretPatterns>(std::move(forms));
}

std::shared_ptr<const SecretPatterns> SecretMasker::patterns() const
{
    std::lock_guard lock(m_mutex);
    return m_patterns;
}

int SecretMasker::secretCount() const
{
    std::lock_guard lock(m_mutex);
    return int(m_secrets.size());
}

bool SecretMasker::holds(const QString &secret) const
{
    std::lock_guard lock(m_mutex);
    return std::any_of(m_secrets.begin(), m_secrets.end(), [&](const Entry &e) { return e.value == secret; });
}

QByteArray SecretMasker::mask(const QByteArray &text) const
{
    QByteArray masked;
    const auto scan
        = patterns()->scan(text.constData(), size_t(text.size()), 0, SecretPatterns::Mode::Whole, false, masked);
    QByteArray out = scan.changed ? masked : text;
    // Our own credential shapes, masked even if never registered (bootstrap, workload, admin keys).
    static const QRegularExpression tokens(QStringLiteral("\\bcf[bwa]_[A-Za-z0-9_\\-]{8,}"));
    // Pairing codes: keep the first group for support, hide the rest.
    static const QRegularExpression codes(
        QStringLiteral("\\b(CFU-?[0-9A-Za-z]{4})-?[0-9A-Za-z]{4}-?[0-9A-Za-z]{4}\\b"));
    if (!mayHoldCredentialShape(out))
        return out;
    QString q = QString::fromUtf8(out);
    q.replace(tokens, QString::fromLatin1(SecretPatterns::Mask));
    q.replace(codes, QStringLiteral("\\1-****-****"));
    return q.toUtf8();
}

std::string SecretMasker::mask(std::string_view text) const
{
    return mask(QByteArray::fromRawData(text.data(), qsizetype(text.size()))).toStdString();
}

QString SecretMasker::mask(const QString &text) const
{
    return QString::fromUtf8(mask(text.toUtf8()));
}

} // namespace runnercore
