#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>

#include <optional>

namespace runnercore {

// One line of git's --progress output ("Receiving objects:  43% (430/1000), 1.20 MiB | 1.00 MiB/s").
// A pure function over bytes a git server can influence, fuzzed (tests/fuzz/fuzz_git_progress).
struct GitProgress
{
    QString phase; // "Receiving objects", "Resolving deltas", "Updating files", ...
    int percent = -1; // 0-100, -1 when the line has none
    qint64 bytes = -1; // bytes received so far, -1 when the line says none

    // nullopt for a line that is not a progress line. Only ASCII phases of letters and spaces count.
    static std::optional<GitProgress> parseLine(QByteArrayView line);
    // Splits a stderr chunk into lines at '\r' and '\n', keeping an incomplete tail in `pending`
    // (bounded: a line longer than 4 KiB is dropped).
    static QList<QByteArray> splitLines(QByteArray &pending, QByteArrayView chunk);
};

} // namespace runnercore
