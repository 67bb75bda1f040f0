#include "WireFormat.h"

#include <QCryptographicHash>
#include <QLocale>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace devplane {

QString WireFormat::randomHex(int digits)
{
    QByteArray bytes(digits / 2, Qt::Uninitialized);
    for (auto &byte : bytes) {
        byte = static_cast<char>(QRandomGenerator::system()->bounded(256));
    }
    return QString::fromLatin1(bytes.toHex());
}

QString WireFormat::newId(const QString &prefix)
{
    return prefix + QLatin1Char('_') + randomHex(32);
}

QString WireFormat::timestamp(const QDateTime &time)
{
    return time.toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ"));
}

bool WireFormat::isTimestamp(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$"));
    return pattern.match(text).hasMatch() && QDateTime::fromString(text, Qt::ISODateWithMs).isValid();
}

QByteArray WireFormat::httpDate(const QDateTime &time)
{
    // QLocale::c() keeps day and month names English whatever the user's locale.
    return QLocale::c().toString(time.toUTC(), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'")).toLatin1();
}

bool WireFormat::isCanonicalUuid(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"));
    return pattern.match(text).hasMatch();
}

bool WireFormat::isLowerHex(const QString &text, int length)
{
    if (text.size() != length) {
        return false;
    }
    for (const QChar c : text) {
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f')))) {
            return false;
        }
    }
    return true;
}

bool WireFormat::hasIdShape(const QString &text, const QString &prefix)
{
    const QString head = prefix + QLatin1Char('_');
    return text.startsWith(head) && isLowerHex(text.mid(head.size()), 32);
}

QString WireFormat::newPairingCode()
{
    static const QLatin1String alphabet("0123456789ABCDEFGHJKMNPQRSTVWXYZ");
    QString code = QStringLiteral("CFU");
    for (int group = 0; group < 3; ++group) {
        code += QLatin1Char('-');
        for (int i = 0; i < 4; ++i) {
            code += alphabet[QRandomGenerator::system()->bounded(32)];
        }
    }
    return code;
}

bool WireFormat::isPairingCode(const QString &text)
{
    static const QRegularExpression pattern(
        QStringLiteral("^CFU-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$"));
    return pattern.match(text).hasMatch();
}

QString WireFormat::digest(const QString &secret)
{
    return QString::fromLatin1(QCryptographicHash::hash(secret.toUtf8(), QCryptographicHash::Sha256).toHex());
}

} // namespace devplane
