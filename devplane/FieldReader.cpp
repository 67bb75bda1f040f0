#include "FieldReader.h"

#include <cmath>

namespace devplane {

FieldReader::FieldReader(const QJsonObject &object, const QString &path) : m_object(object), m_path(path) { }

QString FieldReader::pathOf(const QString &name) const
{
    return m_path.isEmpty() ? name : m_path + QLatin1Char('.') + name;
}

void FieldReader::fail(const QString &name, const QString &why)
{
    if (!m_error) {
        m_error = ApiReply::invalidField(pathOf(name), why);
    }
}

bool FieldReader::present(const QString &name)
{
    return m_object.contains(name) && !m_object.value(name).isNull();
}

QString FieldReader::string(const QString &name)
{
    const QJsonValue value = m_object.value(name);
    if (!value.isString()) {
        fail(name, present(name) ? QStringLiteral("must be a string") : QStringLiteral("is required"));
        return {};
    }
    return value.toString();
}

std::optional<QString> FieldReader::optionalString(const QString &name)
{
    if (!present(name)) {
        return std::nullopt;
    }
    return string(name);
}

qint64 FieldReader::integer(const QString &name, qint64 minimum, qint64 maximum)
{
    const QJsonValue value = m_object.value(name);
    const double number = value.toDouble();
    if (!value.isDouble() || std::floor(number) != number) {
        fail(name, present(name) ? QStringLiteral("must be an integer") : QStringLiteral("is required"));
        return 0;
    }
    if (number < static_cast<double>(minimum) || number > static_cast<double>(maximum)) {
        fail(name, QStringLiteral("must be between %1 and %2").arg(minimum).arg(maximum));
        return 0;
    }
    return static_cast<qint64>(number);
}

std::optional<qint64> FieldReader::optionalInteger(const QString &name, qint64 minimum, qint64 maximum)
{
    if (!present(name)) {
        return std::nullopt;
    }
    return integer(name, minimum, maximum);
}

QJsonObject FieldReader::object(const QString &name)
{
    const QJsonValue value = m_object.value(name);
    if (!value.isObject()) {
        fail(name, present(name) ? QStringLiteral("must be an object") : QStringLiteral("is required"));
        return {};
    }
    return value.toObject();
}

std::optional<QJsonObject> FieldReader::optionalObject(const QString &name)
{
    if (!present(name)) {
        return std::nullopt;
    }
    return object(name);
}

QJsonArray FieldReader::array(const QString &name)
{
    const QJsonValue value = m_object.value(name);
    if (!value.isArray()) {
        fail(name, present(name) ? QStringLiteral("must be an array") : QStringLiteral("is required"));
        return {};
    }
    return value.toArray();
}

} // namespace devplane
