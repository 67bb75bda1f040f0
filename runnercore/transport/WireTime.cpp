#include <runnercore/transport/WireTime.h>

#include <QRegularExpression>

#include <algorithm>
#include <string_view>

namespace runnercore {

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
    // IMF-fixdate by hand: every answer carries one, and QLocale's format parser costs more than
    // the rest of a heartbeat's own work.
    const QByteArray s = text.trimmed();
    if (s.size() != 29 || s.at(3) != ',' || s.at(4) != ' ' || s.at(7) != ' ' || s.at(11) != ' ' || s.at(16) != ' '
        || s.at(19) != ':' || s.at(22) != ':' || s.at(25) != ' ' || !s.endsWith("GMT"))
        return std::nullopt;
    static constexpr std::string_view days[] { "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun" };
    static constexpr std::string_view months[] { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
        "Nov", "Dec" };
    const std::string_view view(s.constData(), size_t(s.size()));
    const auto dayIndex = std::find(std::begin(days), std::end(days), view.substr(0, 3)) - std::begin(days);
    const auto monthIndex = std::find(std::begin(months), std::end(months), view.substr(8, 3)) - std::begin(months);
    if (dayIndex == 7 || monthIndex == 12)
        return std::nullopt;
    const auto number = [&view](size_t at, size_t digits) {
        int value = 0;
        for (size_t i = at; i < at + digits; ++i) {
            if (view[i] < '0' || view[i] > '9')
                return -1;
            value = value * 10 + (view[i] - '0');
        }
        return value;
    };
    const int year = number(12, 4), day = number(5, 2), hour = number(17, 2), minute = number(20, 2),
              second = number(23, 2);
    if (year < 0 || day < 0 || hour < 0 || minute < 0 || second < 0)
        return std::nullopt;
    const QDate date(year, int(monthIndex) + 1, day);
    const QTime time(hour, minute, second);
    // A weekday that does not match the date is not a date the server meant.
    if (!date.isValid() || !time.isValid() || date.dayOfWeek() != int(dayIndex) + 1)
        return std::nullopt;
    return QDateTime(date, time, Qt::UTC);
}

} // namespace runnercore
