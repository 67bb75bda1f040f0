#include <runnercore/transport/JsonReader.h>

#include <runnercore/transport/WireTime.h>

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace runnercore {

JsonReader::JsonReader(const QJsonObject &object, const QString &path)
    : JsonReader(object, path, std::make_shared<QString>())
{ }

JsonReader::JsonReader(const QJsonObject &object, const QString &path, std::shared_ptr<QString> error)
    : m_object(object), m_path(path), m_error(std::move(error))
{ }

QString JsonReader::pathOf(const char *name) const
{
    return m_path.isEmpty() ? QString::fromLatin1(name) : m_path + QLatin1Char('.') + QLatin1String(name);
}

void JsonReader::fail(const char *name, const QString &problem)
{
    if (m_error->isEmpty())
        *m_error = QCoreApplication::translate("JsonReader", "field '%1' %2").arg(pathOf(name), problem);
}

bool JsonReader::present(const char *name)
{
    if (m_object.contains(QLatin1String(name)))
        return true;
    fail(name, QCoreApplication::translate("JsonReader", "is missing"));
    return false;
}

QString JsonReader::string(const char *name)
{
    if (!present(name))
        return {};
    const QJsonValue v = m_object.value(QLatin1String(name));
    if (!v.isString()) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected a string)"));
        return {};
    }
    return v.toString();
}

std::optional<QString> JsonReader::nullableString(const char *name)
{
    if (!present(name))
        return std::nullopt;
    const QJsonValue v = m_object.value(QLatin1String(name));
    if (v.isNull())
        return std::nullopt;
    if (!v.isString()) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected a string or null)"));
        return std::nullopt;
    }
    return v.toString();
}

qint64 JsonReader::integer(const char *name, qint64 min, qint64 max)
{
    if (!present(name))
        return min;
    const QJsonValue v = m_object.value(QLatin1String(name));
    const double d = v.toDouble();
    // Range first: casting a double beyond qint64 is undefined behaviour.
    if (v.isDouble() && (d < -9.0e18 || d > 9.0e18)) {
        fail(name, QCoreApplication::translate("JsonReader", "is out of range"));
        return min;
    }
    if (!v.isDouble() || d != static_cast<double>(static_cast<qint64>(d))) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected an integer)"));
        return min;
    }
    const qint64 i = static_cast<qint64>(d);
    if (i < min || i > max) {
        fail(name,
            QCoreApplication::translate("JsonReader", "is out of range (%1, expected %2 to %3)")
                .arg(i)
                .arg(min)
                .arg(max));
        return min;
    }
    return i;
}

QDateTime JsonReader::time(const char *name)
{
    const QString text = string(name);
    if (!ok())
        return {};
    const auto parsed = WireTime::parse(text);
    if (!parsed) {
        fail(name, QCoreApplication::translate("JsonReader", "is not an RFC 3339 time"));
        return {};
    }
    return *parsed;
}

QJsonObject JsonReader::object(const char *name)
{
    if (!present(name))
        return {};
    const QJsonValue v = m_object.value(QLatin1String(name));
    if (!v.isObject()) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected an object)"));
        return {};
    }
    return v.toObject();
}

std::optional<QJsonObject> JsonReader::nullableObject(const char *name)
{
    if (!present(name))
        return std::nullopt;
    const QJsonValue v = m_object.value(QLatin1String(name));
    if (v.isNull())
        return std::nullopt;
    if (!v.isObject()) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected an object or null)"));
        return std::nullopt;
    }
    return v.toObject();
}

QJsonArray JsonReader::array(const char *name)
{
    if (!present(name))
        return {};
    const QJsonValue v = m_object.value(QLatin1String(name));
    if (!v.isArray()) {
        fail(name, QCoreApplication::translate("JsonReader", "has the wrong type (expected an array)"));
        return {};
    }
    return v.toArray();
}

bool JsonReader::isId(const QString &value, const char *prefix)
{
    static const QRegularExpression hex32(QStringLiteral("^[0-9a-f]{32}$"));
    const QLatin1String p(prefix);
    return value.startsWith(p) && hex32.match(QStringView(value).mid(p.size())).hasMatch();
}

QString JsonReader::id(const char *name, const char *prefix)
{
    const QString value = string(name);
    if (ok() && !isId(value, prefix))
        fail(name,
            QCoreApplication::translate("JsonReader", "is not an identifier of the form %1<32 hex digits>")
                .arg(QLatin1String(prefix)));
    return value;
}

std::optional<qint64> JsonReader::exactInteger(const QJsonValue &value, qint64 min, qint64 max)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    // Range first: converting a double beyond qint64 to an integer is undefined behaviour.
    if (!std::isfinite(d) || d < -double(MaxExactInteger) || d > double(MaxExactInteger) || d != std::trunc(d))
        return std::nullopt;
    const qint64 i = static_cast<qint64>(d);
    if (i < min || i > max)
        return std::nullopt;
    return i;
}

JsonReader JsonReader::child(const QJsonObject &object, const char *name) const
{
    return JsonReader(object, pathOf(name), m_error);
}

} // namespace runnercore
