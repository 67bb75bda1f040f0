#pragma once

#include <QString>

namespace runnercore {

// A directory only this user can enter, for the Runner's local rendezvous points (the instance lock,
// the tray's single-instance socket). Another local user who pre-creates the directory (or a symlink
// in its place) in a shared place like /tmp must not be able to make the Runner use it.
class PrivateDirectory
{
public:
    // Creates `path` with mode 0700 when missing (its parent must exist), then checks that it is a
    // real directory (not a symlink), owned by the effective user, with no group or other access.
    // Never repairs a directory it did not create. On failure *error names the path and the fix;
    // `placedBy` is the environment variable that chose where it is (the way to move it elsewhere).
    static bool ensure(
        const QString &path, QString *error, const QString &placedBy = QStringLiteral("XDG_RUNTIME_DIR"));
    // The same check without creating anything.
    static bool check(const QString &path, QString *error, const QString &placedBy = QStringLiteral("XDG_RUNTIME_DIR"));
    // A file in such a directory, when it exists: a regular file owned by the effective user, not a
    // symlink. A missing file passes (the caller creates it).
    static bool checkFile(const QString &path, QString *error);
};

} // namespace runnercore
