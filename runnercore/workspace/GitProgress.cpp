#include <runnercore/workspace/GitProgress.h>

#include <cmath>

namespace runnercore {

namespace {

constexpr qsizetype MaxLine = 4096;
constexpr int MaxPhase = 40;

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// "1.20 MiB" / "512 bytes" / "12 KiB" → bytes; -1 when `text` holds no size.
qint64 sizeIn(QByteArrayView text)
{
    static const struct
    {
        const char *unit;
        double factor;
    } Units[] = { { " GiB", 1024.0 * 1024 * 1024 }, { " MiB", 1024.0 * 1024 }, { " KiB", 1024.0 }, { " bytes", 1.0 } };
    for (const auto &unit : Units) {
        const qsizetype at = text.indexOf(QByteArrayView(unit.unit));
        if (at <= 0)
            continue;
        qsizetype start = at;
        while (start > 0 && (isDigit(text[start - 1]) || text[start - 1] == '.'))
            --start;
        if (start == at || at - start > 12)
            return -1;
        bool ok = false;
        const double value = text.sliced(start, at - start).toByteArray().toDouble(&ok);
        // Twelve digits of GiB overflow qint64: such a size is no size (never undefined behaviour).
        const double bytes = value * unit.factor;
        if (!ok || !std::isfinite(bytes) || bytes < 0 || bytes >= 9.0e18)
            return -1;
        return qint64(bytes);
    }
    return -1;
}

} // namespace

std::optional<GitProgress> GitProgress::parseLine(QByteArrayView line)
{
    if (line.startsWith("remote: "))
        line = line.sliced(8);
    const qsizetype colon = line.indexOf(':');
    if (colon <= 0 || colon > MaxPhase)
        return std::nullopt;
    for (qsizetype i = 0; i < colon; ++i) {
        const char c = line[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == ' '))
            return std::nullopt;
    }
    GitProgress progress;
    progress.phase = QString::fromLatin1(line.first(colon)).trimmed();
    if (progress.phase.isEmpty())
        return std::nullopt;
    const QByteArrayView rest = line.sliced(colon + 1);
    const qsizetype percent = rest.indexOf('%');
    if (percent > 0) {
        qsizetype start = percent;
        while (start > 0 && isDigit(rest[start - 1]) && percent - start < 3)
            --start;
        if (start < percent) {
            const int value = rest.sliced(start, percent - start).toByteArray().toInt();
            if (value >= 0 && value <= 100)
                progress.percent = value;
        }
    }
    // "1.20 MiB | 1.00 MiB/s": the part after '|' is a rate.
    const qsizetype bar = rest.indexOf('|');
    progress.bytes = sizeIn(bar >= 0 ? rest.first(bar) : rest);
    if (progress.percent < 0 && progress.bytes < 0)
        return std::nullopt;
    return progress;
}

QList<QByteArray> GitProgress::splitLines(QByteArray &pending, QByteArrayView chunk)
{
    QList<QByteArray> lines;
    for (const char c : chunk) {
        if (c == '\r' || c == '\n') {
            if (!pending.isEmpty() && pending.size() <= MaxLine)
                lines.append(pending);
            pending.clear();
        } else if (pending.size() <= MaxLine) {
            pending.append(c);
        }
    }
    return lines;
}

} // namespace runnercore
