#include "RequestLog.h"

#include "OwnerOnlyFile.h"

#include <QJsonDocument>

namespace devplane {

bool RequestLog::open(const QString &path, QString *error)
{
    // Records hold paths, labels and ids: owner-only from the first byte.
    return OwnerOnlyFile::openForAppend(m_file, path, error);
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
