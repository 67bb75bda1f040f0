#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

namespace devplane {

// One record per request received, in memory (GET /v1/_dev/requests) and optionally appended
// to a JSON-lines file. Records never hold the Authorization value nor any response body.
class RequestLog
{
public:
    bool open(const QString &path, QString *error);
    void append(const QJsonObject &record);
    QJsonArray records() const { return m_records; }

private:
    QFile m_file;
    QJsonArray m_records;
};

} // namespace devplane
