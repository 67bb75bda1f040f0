#include <runnercore/workspace/GitConfigFilter.h>

#include <algorithm>
#include <optional>

namespace runnercore {

namespace {

// Keys of sections without a subsection that never run a command nor point git elsewhere.
constexpr const char *PlainKeys[] = {
    "core.repositoryformatversion",
    "core.bare",
    "core.filemode",
    "core.logallrefupdates",
    "core.ignorecase",
    "core.precomposeunicode",
    "core.symlinks",
    "core.sparsecheckout",
    "core.sparsecheckoutcone",
    "extensions.objectformat",
    "extensions.refstorage",
};
// Keys of sections with a subsection (remote "origin"): where a remote is and what is fetched,
// which branch follows which. Fetching is the person's explicit act, and git itself refuses the
// transports that run commands (protocol.allow: ext never); remote.*.uploadpack, .receivepack,
// .vcs and .proxy, submodule.*.update (which takes "!command") are not here.
constexpr const char *SubsectionKeys[] = {
    "remote.url",
    "remote.pushurl",
    "remote.fetch",
    "branch.remote",
    "branch.merge",
    "submodule.url",
    "submodule.active",
};

constexpr QByteArrayView Header
    = "# Rewritten by Checkfu Runner's export: only settings that never run a command were kept\n"
      "# (docs/snapshots.md). The kept snapshot holds the file as the agent left it.\n";

struct Entry
{
    QByteArray section; // lower case
    std::optional<QByteArray> subsection;
    QByteArray key; // lower case
    std::optional<QByteArray> value; // none: a key without "=" (boolean true)
};

bool isSpace(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isKeyChar(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

bool isAlpha(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

char lower(int c)
{
    return char(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

// git's config.c over bytes: get_next_char, get_base_var, get_value and parse_value.
class Parser
{
public:
    explicit Parser(const QByteArray &bytes) : m_bytes(bytes)
    {
        if (m_bytes.startsWith("\xef\xbb\xbf")) // git skips a UTF-8 BOM
            m_pos = 3;
    }

    // Every entry in file order; nullopt where git reports a syntax error.
    std::optional<QList<Entry>> parse()
    {
        QList<Entry> entries;
        QByteArray var; // the section as git holds it: "core", "remote.origin"
        qsizetype subsectionAt = -1; // where the quoted subsection starts in var, if any
        bool comment = false;
        for (;;) {
            const int c = next();
            if (c == '\n') {
                if (m_eof)
                    return entries;
                comment = false;
                continue;
            }
            if (comment || isSpace(c))
                continue;
            if (c == '#' || c == ';') {
                comment = true;
                continue;
            }
            if (c == '[') {
                var.clear();
                subsectionAt = -1;
                if (!sectionHeader(&var, &subsectionAt) || var.isEmpty())
                    return std::nullopt;
                continue;
            }
            if (!isAlpha(c))
                return std::nullopt;
            Entry entry;
            entry.key.append(lower(c));
            if (!keyAndValue(&entry))
                return std::nullopt;
            split(var, subsectionAt, &entry);
            entries.append(entry);
        }
    }

private:
    int next()
    {
        if (m_pos >= m_bytes.size()) {
            m_eof = true;
            return '\n';
        }
        const int c = uchar(m_bytes.at(m_pos++));
        if (c == '\r' && m_pos < m_bytes.size() && m_bytes.at(m_pos) == '\n') {
            ++m_pos;
            return '\n';
        }
        return c;
    }

    bool sectionHeader(QByteArray *var, qsizetype *subsectionAt)
    {
        for (;;) {
            int c = next();
            if (m_eof)
                return false;
            if (c == ']')
                return true;
            if (isSpace(c)) { // [section "subsection"]
                do {
                    if (c == '\n')
                        return false;
                    c = next();
                } while (isSpace(c));
                if (c != '"')
                    return false;
                var->append('.');
                *subsectionAt = var->size();
                for (;;) {
                    c = next();
                    if (c == '\n')
                        return false;
                    if (c == '"')
                        break;
                    if (c == '\\') {
                        c = next();
                        if (c == '\n')
                            return false;
                    }
                    var->append(char(c));
                }
                return next() == ']';
            }
            if (!isKeyChar(c) && c != '.')
                return false;
            var->append(lower(c));
        }
    }

    bool keyAndValue(Entry *entry)
    {
        int c;
        for (;;) {
            c = next();
            if (m_eof || !isKeyChar(c))
                break;
            entry->key.append(lower(c));
        }
        while (c == ' ' || c == '\t')
            c = next();
        if (c == '\n')
            return true;
        if (c != '=')
            return false;
        entry->value = value();
        return entry->value.has_value();
    }

    std::optional<QByteArray> value()
    {
        QByteArray out;
        bool quote = false;
        bool comment = false;
        int spaces = 0;
        for (;;) {
            int c = next();
            if (c == '\n')
                return quote ? std::nullopt : std::optional<QByteArray>(out);
            if (comment)
                continue;
            if (isSpace(c) && !quote) {
                if (!out.isEmpty())
                    ++spaces;
                continue;
            }
            if (!quote && (c == ';' || c == '#')) {
                comment = true;
                continue;
            }
            out.append(QByteArray(spaces, ' '));
            spaces = 0;
            if (c == '\\') {
                c = next();
                switch (c) {
                case '\n':
                    continue;
                case 't':
                    c = '\t';
                    break;
                case 'b':
                    c = '\b';
                    break;
                case 'n':
                    c = '\n';
                    break;
                case '\\':
                case '"':
                    break;
                default:
                    return std::nullopt;
                }
                out.append(char(c));
                continue;
            }
            if (c == '"') {
                quote = !quote;
                continue;
            }
            out.append(char(c));
        }
    }

    // "remote.origin" + "url" → remote, origin, url (git splits the full name at its first and last dot).
    static void split(const QByteArray &var, qsizetype subsectionAt, Entry *entry)
    {
        if (subsectionAt >= 0) {
            entry->section = var.left(subsectionAt - 1);
            entry->subsection = var.mid(subsectionAt);
        } else {
            const qsizetype dot = var.indexOf('.');
            entry->section = dot < 0 ? var : var.left(dot);
            if (dot >= 0)
                entry->subsection = var.mid(dot + 1);
        }
        // A dotted base name in the quoted form ([a.b "c"]) is subsection "b.c" to git.
        const qsizetype dot = entry->section.indexOf('.');
        if (dot >= 0) {
            entry->subsection = entry->section.mid(dot + 1) + '.' + entry->subsection.value_or(QByteArray());
            entry->section.truncate(dot);
        }
    }

    const QByteArray &m_bytes;
    qsizetype m_pos = 0;
    bool m_eof = false;
};

// Bytes a kept value or subsection may hold: no control character but a tab (in values).
bool writable(const QByteArray &bytes, bool tabAllowed)
{
    for (const char c : bytes) {
        const uchar u = uchar(c);
        if ((u < 0x20 && !(tabAllowed && c == '\t')) || u == 0x7f)
            return false;
    }
    return true;
}

QByteArray quoted(const QByteArray &bytes)
{
    QByteArray out = "\"";
    for (const char c : bytes) {
        if (c == '"' || c == '\\')
            out += '\\';
        out += c == '\t' ? QByteArray("\\t") : QByteArray(1, c);
    }
    return out + '"';
}

QByteArray fullName(const Entry &e)
{
    return e.subsection ? e.section + '.' + *e.subsection + '.' + e.key : e.section + '.' + e.key;
}

} // namespace

bool GitConfigFilter::isKept(const QByteArray &section, bool hasSubsection, const QByteArray &key)
{
    const QByteArray name = section + '.' + key;
    if (hasSubsection)
        return std::find(std::begin(SubsectionKeys), std::end(SubsectionKeys), name) != std::end(SubsectionKeys);
    return std::find(std::begin(PlainKeys), std::end(PlainKeys), name) != std::end(PlainKeys);
}

GitConfigFilter::Result GitConfigFilter::filter(const QByteArray &config)
{
    Result result;
    result.text = Header.toByteArray();
    const std::optional<QList<Entry>> entries = Parser(config).parse();
    if (!entries) {
        result.unreadable = true;
        return result;
    }
    const Entry *open = nullptr; // the section last written
    for (const Entry &e : *entries) {
        // An empty subsection ([core ""], [core.]) is not the section itself to git: left out.
        const bool kept = isKept(e.section, e.subsection.has_value(), e.key)
            && (!e.subsection || (!e.subsection->isEmpty() && writable(*e.subsection, false)))
            && (!e.value || writable(*e.value, true));
        if (!kept) {
            const QByteArray name = fullName(e);
            if (!result.droppedKeys.contains(name))
                result.droppedKeys.append(name);
            continue;
        }
        if (!open || open->section != e.section || open->subsection != e.subsection) {
            result.text += '[' + e.section + (e.subsection ? ' ' + quoted(*e.subsection) : QByteArray()) + "]\n";
            open = &e;
        }
        result.text += '\t' + e.key + (e.value ? " = " + quoted(*e.value) : QByteArray()) + '\n';
    }
    return result;
}

} // namespace runnercore
