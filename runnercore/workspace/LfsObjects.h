#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace runnercore {

// One LFS object a work tree points at: its sha256 oid and size, and whether git-lfs says it is
// in the local store and checked out.
struct LfsObject
{
    QString oid; // 64 lowercase hex
    qint64 size = 0;
    bool present = false;
};

// Where the batch answer says to download one object from, as the server gave it (checked by the
// caller against §6.8's URL rule before anything is sent).
struct LfsDownload
{
    QString oid;
    qint64 size = 0;
    QString href;
    QList<std::pair<QByteArray, QByteArray>> headers;
};

// The LFS wire formats, as pure functions over bytes (fuzz_lfs): the listing git-lfs prints of a
// work tree (`git lfs ls-files --json`, from the repository: untrusted) and the batch API's
// request and answer (from the server: untrusted).
class LfsObjects
{
public:
    static constexpr qsizetype BatchSize = 100; // objects per batch request, as git-lfs asks
    static constexpr qint64 MaxObjectSize = qint64(1) << 50;

    // The objects of a listing, each oid once; nullopt (and *error) when it is not one.
    static std::optional<QList<LfsObject>> parseListing(const QByteArray &json, QString *error);
    // The batch endpoint of a repository URL: <url>/info/lfs/objects/batch, ".git" added to a URL
    // without it (as git-lfs derives it).
    static QString batchEndpoint(const QString &repositoryUrl);
    static QByteArray batchRequest(const QList<LfsObject> &objects, const std::optional<QString> &ref);
    // A download for every object asked, in the order asked; nullopt (and *error, naming the
    // object or field) when the answer is malformed, names another size, lacks an object or
    // reports an error for one.
    static std::optional<QList<LfsDownload>> parseBatchResponse(
        const QByteArray &json, const QList<LfsObject> &asked, QString *error);
    static bool isOid(const QString &text);
};

} // namespace runnercore
