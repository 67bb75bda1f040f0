#include "WireTime.h"

#include <QLocale>
#include <QRegularExpression>

QString WireTime::format(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

std::optional<QDateTime> WireTime::parse(const QString &text)
{
    static const QRegularExpression shape(
        QStringLiteral("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}:\\d{2})$"));
    if (!shape.match(text).hasMatch())
        return std::nullopt;
    QString t = text;
    // Qt parses at most millisecond precision: trim longer fractions.
    static const QRegularExpression longFraction(QStringLiteral("\\.(\\d{3})\\d+"));
    t.replace(longFraction, QStringLiteral(".\\1"));
    const QDateTime parsed = QDateTime::fromString(t, Qt::ISODateWithMs);
    if (!parsed.isValid())
        return std::nullopt;
    return parsed.toUTC();
}

std::optional<QDateTime> WireTime::parseHttpDate(const QByteArray &text)
{
    const QString s = QString::fromLatin1(text).trimmed();
    QDateTime parsed = QLocale::c().toDateTime(s, QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!parsed.isValid())
        return std::nullopt;
    parsed.setTimeSpec(Qt::UTC);
    return parsed;
}
