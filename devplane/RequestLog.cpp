#include "RequestLog.h"

#include <QJsonDocument>

namespace devplane {

bool RequestLog::open(const QString &path, QString *error)
{
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::WriteOnly | QIODevice::Append)) {
        *error = m_file.errorString();
        return false;
    }
    m_file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return true;
}

void RequestLog::append(const QJsonObject &record)
{
    m_records.append(record);
    if (m_file.isOpen()) {
        // Flushed per line so a test can read it while the devplane runs.
        m_file.write(QJsonDocument(record).toJson(QJsonDocument::Compact) + '\n');
        m_file.flush();
    }
}

} // namespace devplane
