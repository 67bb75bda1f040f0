#pragma once

#include "ApiReply.h"

#include <QJsonArray>
#include <QJsonObject>
#include <optional>

namespace devplane {

// Reads typed fields from a request body; the first problem becomes a 400 invalid_field
// naming the field by its dotted path, so handlers stay a flat list of reads.
class FieldReader
{
public:
    explicit FieldReader(const QJsonObject &object, const QString &path = {});

    QString string(const QString &name);
    std::optional<QString> optionalString(const QString &name);
    qint64 integer(const QString &name, qint64 minimum, qint64 maximum);
    std::optional<qint64> optionalInteger(const QString &name, qint64 minimum, qint64 maximum);
    QJsonObject object(const QString &name);
    std::optional<QJsonObject> optionalObject(const QString &name);
    QJsonArray array(const QString &name);

    // Lets a handler add its own rule (enum values, formats) with the same reporting.
    void fail(const QString &name, const QString &why);
    QString pathOf(const QString &name) const;

    bool ok() const { return !m_error.has_value(); }
    ApiReply error() const { return *m_error; }

private:
    bool present(const QString &name);

    QJsonObject m_object;
    QString m_path;
    std::optional<ApiReply> m_error;
};

} // namespace devplane
