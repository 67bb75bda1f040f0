#pragma once

#include <QDateTime>
#include <QString>

#include <optional>

namespace runnercore {

// Times on the wire: RFC 3339 UTC with exactly three fractional digits and a Z.
class WireTime
{
public:
    static QString format(const QDateTime &time);
    // Accepts any RFC 3339 time a server sends (fraction and offset optional): lenient in what we read.
    static std::optional<QDateTime> parse(const QString &text);
    // RFC 7231 HTTP-date (the Date header), e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
    static std::optional<QDateTime> parseHttpDate(const QByteArray &text);
};

} // namespace runnercore
