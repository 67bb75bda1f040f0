#include <runnercore/workspace/SnapshotManifest.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QHash>
#include <QSet>
#include <QStringDecoder>

#include <algorithm>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(SnapshotManifest)
};

constexpr qsizetype HashHexSize = 64;
constexpr qsizetype MaxPathBytes = 4096;

bool isLowerHex(const QByteArray &text)
{
    return text.size() == HashHexSize && std::all_of(text.cbegin(), text.cend(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    });
}

QByteArray parentOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash < 0 ? QByteArray() : path.left(slash);
}

bool isTracked(const SnapshotEntry &entry)
{
    return entry.type != SnapshotEntry::Type::Dir;
}

} // namespace

void SnapshotManifest::add(SnapshotEntry entry)
{
    if (!m_entries.isEmpty() && m_entries.constLast().path >= entry.path)
        m_sorted = false;
    m_entries.append(std::move(entry));
}

void SnapshotManifest::sort() const
{
    if (m_sorted)
        return;
    // QByteArray compares bytes as unsigned: the order §6.9 asks for.
    std::sort(m_entries.begin(), m_entries.end(),
        [](const SnapshotEntry &a, const SnapshotEntry &b) { return a.path < b.path; });
    m_sorted = true;
}

const QList<SnapshotEntry> &SnapshotManifest::entries() const
{
    sort();
    return m_entries;
}

const SnapshotEntry *SnapshotManifest::find(const QByteArray &path) const
{
    const QList<SnapshotEntry> &all = entries();
    const auto it = std::lower_bound(
        all.cbegin(), all.cend(), path, [](const SnapshotEntry &e, const QByteArray &p) { return e.path < p; });
    return it != all.cend() && it->path == path ? &*it : nullptr;
}

QByteArray SnapshotManifest::line(const SnapshotEntry &entry)
{
    QByteArray out;
    out.reserve(entry.path.size() + 76);
    out += char(entry.type);
    out += ' ';
    out += entry.type == SnapshotEntry::Type::File ? (entry.executable ? "755" : "644") : "-";
    out += ' ';
    out += entry.type == SnapshotEntry::Type::Dir ? QByteArray("-") : entry.hash;
    out += ' ';
    out += entry.path;
    out += '\n';
    return out;
}

QByteArray SnapshotManifest::text() const
{
    QByteArray out;
    for (const SnapshotEntry &entry : entries())
        out += line(entry);
    return out;
}

QByteArray SnapshotManifest::digestOf(const QByteArray &text)
{
    return "sha256:" + QCryptographicHash::hash(text, QCryptographicHash::Sha256).toHex();
}

QByteArray SnapshotManifest::digest() const
{
    return digestOf(text());
}

qint64 SnapshotManifest::fileCount() const
{
    return std::count_if(m_entries.cbegin(), m_entries.cend(),
        [](const SnapshotEntry &e) { return e.type == SnapshotEntry::Type::File; });
}

qint64 SnapshotManifest::byteCount() const
{
    qint64 total = 0;
    for (const SnapshotEntry &e : m_entries) {
        if (e.type == SnapshotEntry::Type::File)
            total += e.size;
    }
    return total;
}

bool SnapshotManifest::isListablePath(const QByteArray &path)
{
    if (path.isEmpty() || path.size() > MaxPathBytes || path.startsWith('/') || path.endsWith('/'))
        return false;
    if (path.contains('\n') || path.contains('\0'))
        return false;
    for (const QByteArray &part : path.split('/')) {
        if (part.isEmpty() || part == "." || part == "..")
            return false;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    const QString decoded = utf8.decode(path);
    return !utf8.hasError();
}

std::optional<SnapshotManifest> SnapshotManifest::parse(const QByteArray &text, QString *error)
{
    SnapshotManifest manifest;
    if (!text.isEmpty() && !text.endsWith('\n')) {
        *error = Messages::tr("manifest: its last line has no line break");
        return std::nullopt;
    }
    QSet<QByteArray> directories;
    QByteArray previous;
    qsizetype start = 0;
    int lineNumber = 0;
    while (start < text.size()) {
        ++lineNumber;
        const qsizetype end = text.indexOf('\n', start);
        const QByteArray line = text.mid(start, end - start);
        start = end + 1;
        const auto fail = [&](const QString &what) {
            *error = Messages::tr("manifest line %1: %2").arg(lineNumber).arg(what);
            return std::nullopt;
        };
        if (line.size() < 7 || line.at(1) != ' ')
            return fail(Messages::tr("too short"));
        SnapshotEntry entry;
        const char type = line.at(0);
        const qsizetype modeEnd = line.indexOf(' ', 2);
        if (modeEnd < 0)
            return fail(Messages::tr("no mode"));
        const QByteArray mode = line.mid(2, modeEnd - 2);
        const qsizetype hashEnd = line.indexOf(' ', modeEnd + 1);
        if (hashEnd < 0)
            return fail(Messages::tr("no hash"));
        const QByteArray hash = line.mid(modeEnd + 1, hashEnd - modeEnd - 1);
        entry.path = line.mid(hashEnd + 1);
        if (type == 'f') {
            entry.type = SnapshotEntry::Type::File;
            if (mode != "755" && mode != "644")
                return fail(Messages::tr("a file's mode is 755 or 644"));
            entry.executable = mode == "755";
        } else if (type == 'l' || type == 'd') {
            entry.type = SnapshotEntry::Type(type);
            if (mode != "-")
                return fail(Messages::tr("only a file has a mode"));
        } else {
            return fail(Messages::tr("unknown type"));
        }
        if (entry.type == SnapshotEntry::Type::Dir ? hash != "-" : !isLowerHex(hash))
            return fail(Messages::tr("bad hash"));
        if (entry.type != SnapshotEntry::Type::Dir)
            entry.hash = hash;
        if (!isListablePath(entry.path))
            return fail(Messages::tr("bad path"));
        if (lineNumber > 1 && !(previous < entry.path))
            return fail(Messages::tr("not sorted or listed twice"));
        const QByteArray parent = parentOf(entry.path);
        if (!parent.isEmpty() && !directories.contains(parent))
            return fail(Messages::tr("its directory is not listed before it"));
        if (entry.type == SnapshotEntry::Type::Dir)
            directories.insert(entry.path);
        previous = entry.path;
        manifest.m_entries.append(std::move(entry));
    }
    return manifest;
}

SnapshotManifest::ChangedPaths SnapshotManifest::changedPaths(
    const SnapshotManifest &before, const SnapshotManifest &after)
{
    ChangedPaths out;
    QHash<QByteArray, const SnapshotEntry *> old;
    for (const SnapshotEntry &e : before.entries()) {
        if (isTracked(e))
            old.insert(e.path, &e);
    }
    for (const SnapshotEntry &e : after.entries()) {
        if (!isTracked(e))
            continue;
        const auto it = old.constFind(e.path);
        if (it == old.cend())
            out.added.append(e.path);
        else if (!(**it == e))
            out.modified.append(e.path);
        old.remove(e.path);
    }
    for (const SnapshotEntry &e : before.entries()) {
        if (isTracked(e) && old.contains(e.path))
            out.deleted.append(e.path);
    }
    return out;
}

SnapshotManifest::Changes SnapshotManifest::compare(const SnapshotManifest &before, const SnapshotManifest &after)
{
    const ChangedPaths paths = changedPaths(before, after);
    return Changes { paths.added.size(), paths.modified.size(), paths.deleted.size() };
}

} // namespace runnercore
