#pragma once

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <limits>
#include <memory>
#include <optional>

namespace runnercore {

// Strict reading of a server's JSON answer. The first problem is kept with the dotted path
// of the field ("owner.principal_id is missing"), so a bad response becomes a protocol error
// that names the field instead of a crash or a silently defaulted value.
class JsonReader
{
public:
    explicit JsonReader(const QJsonObject &object, const QString &path = {});

    QString string(const char *name);
    std::optional<QString> nullableString(const char *name); // required key, string or null
    qint64 integer(const char *name, qint64 min = 0, qint64 max = std::numeric_limits<qint32>::max());
    QDateTime time(const char *name);
    QJsonObject object(const char *name);
    std::optional<QJsonObject> nullableObject(const char *name);
    QJsonArray array(const char *name);
    // A string matching the protocol's id form: prefix + 32 lowercase hex.
    QString id(const char *name, const char *prefix);
    // A nested reader sharing this one's error state.
    JsonReader child(const QJsonObject &object, const char *name) const;

    bool ok() const { return m_error->isEmpty(); }
    QString error() const { return *m_error; }
    void fail(const char *name, const QString &problem);

    static bool isId(const QString &value, const char *prefix);
    // Integers travel as JSON numbers (doubles): beyond 2^53 they are no longer exact.
    static constexpr qint64 MaxExactInteger = (qint64(1) << 53) - 1;
    // The value as an integer when it is a JSON number that is a whole number within [min, max]
    // (and within +-MaxExactInteger); nullopt for anything else (1e300, 1.5, "17", null).
    static std::optional<qint64> exactInteger(const QJsonValue &value, qint64 min, qint64 max);

private:
    JsonReader(const QJsonObject &object, const QString &path, std::shared_ptr<QString> error);
    QString pathOf(const char *name) const;
    bool present(const char *name);

    QJsonObject m_object;
    QString m_path;
    std::shared_ptr<QString> m_error;
};

} // namespace runnercore
