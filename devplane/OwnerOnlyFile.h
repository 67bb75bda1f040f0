#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>

namespace devplane {

// Files the devplane keeps (state, event journal, request log, info file) hold pairing codes,
// prompts and output, and may live in a shared directory such as /tmp. Each is created owner-only
// at open (O_NOFOLLOW, 0600), never chmod-ed afterwards, and one another user made beforehand is
// refused rather than reused.
class OwnerOnlyFile
{
public:
    // Opens path for appending, creating it 0600. Refuses a symlink, a non-regular file and a file
    // another user owns; a failed fchmod is an error. error names the path.
    static bool openForAppend(QFile &file, const QString &path, QString *error);
    // Writes bytes to a new 0600 file of a random name beside path (O_CREAT|O_EXCL|O_NOFOLLOW) and
    // renames it over path: readers see the old or the new content, never a mix.
    static bool replace(const QString &path, const QByteArray &bytes, QString *error);
    // Creates directory 0700 (and its parents as mkdir -p would); an existing one must be ours, a
    // real directory and not open to others.
    static bool makeDirectory(const QString &directory, QString *error);
};

} // namespace devplane
