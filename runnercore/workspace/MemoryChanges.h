#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace runnercore {

// What a harness changed in a writable memory mount (§6.8): taken before the harness starts and
// compared after it ended, reported as memory.changed events. Only regular files count; a symlink
// or special file is never followed and is named in a warning.
class MemoryChanges
{
public:
    static constexpr qint64 MaxEventBytes = 1024 * 1024;
    static constexpr qint64 MaxTotalBytes = 8 * 1024 * 1024;

    struct Entry
    {
        QByteArray digest; // sha256 of the content
        bool executable = false;
    };
    using Snapshot = QMap<QString, Entry>; // relative path → entry

    struct Report
    {
        QList<QJsonObject> events; // memory.changed data, each at most MaxEventBytes of JSON
        QStringList skipped; // symlinks and special files (a run.warning each)
        bool tooLarge = false; // past MaxTotalBytes: run.warning memory_too_large, no further changes
    };

    static Snapshot take(const QString &directory);
    static Report compare(const QString &target, const QString &directory, const Snapshot &before);
};

} // namespace runnercore
