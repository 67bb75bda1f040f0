#include <runnercore/workspace/LfsObjects.h>

#include <runnercore/transport/HttpExchange.h>
#include <runnercore/transport/JsonReader.h>

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace runnercore {

namespace {

struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(LfsObjects)
};

constexpr qsizetype MaxHeaders = 32;
constexpr qsizetype MaxHeaderBytes = 8192;

std::optional<QJsonObject> parseObject(const QByteArray &json)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !document.isObject())
        return std::nullopt;
    return document.object();
}

QString shortOid(const QString &oid)
{
    return oid.left(12);
}

} // namespace

bool LfsObjects::isOid(const QString &text)
{
    if (text.size() != 64)
        return false;
    for (const QChar c : text) {
        if (!((c >= QLatin1Char('0') && c <= QLatin1Char('9')) || (c >= QLatin1Char('a') && c <= QLatin1Char('f'))))
            return false;
    }
    return true;
}

std::optional<QList<LfsObject>> LfsObjects::parseListing(const QByteArray &json, QString *error)
{
    const std::optional<QJsonObject> root = parseObject(json);
    if (!root) {
        *error = Messages::tr("git-lfs printed a listing that is not a JSON object");
        return std::nullopt;
    }
    const QJsonValue files = root->value(QLatin1String("files"));
    QList<LfsObject> objects;
    if (files.isNull())
        return objects; // no LFS file in the tree
    if (!files.isArray()) {
        *error = Messages::tr("git-lfs printed a listing without a list of files");
        return std::nullopt;
    }
    QHash<QString, qsizetype> seen;
    for (const QJsonValue &value : files.toArray()) {
        const QJsonObject file = value.toObject();
        const QString oid = file.value(QLatin1String("oid")).toString();
        const QString oidType = file.value(QLatin1String("oid_type")).toString(QStringLiteral("sha256"));
        const std::optional<qint64> size
            = JsonReader::exactInteger(file.value(QLatin1String("size")), 0, MaxObjectSize);
        if (!value.isObject() || !isOid(oid) || oidType != QLatin1String("sha256") || !size) {
            *error = Messages::tr("git-lfs listed a file without a sha256 oid and a size");
            return std::nullopt;
        }
        const bool present = file.value(QLatin1String("downloaded")).toBool(false)
            && file.value(QLatin1String("checkout")).toBool(false);
        if (const auto it = seen.constFind(oid); it != seen.cend()) {
            // The same content at two paths: one download; present only where both are.
            LfsObject &known = objects[*it];
            if (known.size != *size) {
                *error = Messages::tr("git-lfs listed object %1 with two sizes").arg(shortOid(oid));
                return std::nullopt;
            }
            known.present = known.present && present;
            continue;
        }
        seen.insert(oid, objects.size());
        objects.append(LfsObject { oid, *size, present });
    }
    return objects;
}

QString LfsObjects::batchEndpoint(const QString &repositoryUrl)
{
    QString base = repositoryUrl;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    if (!base.endsWith(QLatin1String(".git")))
        base += QLatin1String(".git");
    return base + QLatin1String("/info/lfs/objects/batch");
}

QByteArray LfsObjects::batchRequest(const QList<LfsObject> &objects, const std::optional<QString> &ref)
{
    QJsonArray list;
    for (const LfsObject &object : objects)
        list.append(QJsonObject { { QStringLiteral("oid"), object.oid }, { QStringLiteral("size"), object.size } });
    QJsonObject request { { QStringLiteral("operation"), QStringLiteral("download") },
        { QStringLiteral("transfers"), QJsonArray { QStringLiteral("basic") } }, { QStringLiteral("objects"), list },
        { QStringLiteral("hash_algo"), QStringLiteral("sha256") } };
    if (ref)
        request.insert(QStringLiteral("ref"), QJsonObject { { QStringLiteral("name"), *ref } });
    return QJsonDocument(request).toJson(QJsonDocument::Compact);
}

std::optional<QList<LfsDownload>> LfsObjects::parseBatchResponse(
    const QByteArray &json, const QList<LfsObject> &asked, QString *error)
{
    const std::optional<QJsonObject> root = parseObject(json);
    if (!root) {
        *error = Messages::tr("the LFS server's batch answer is not a JSON object");
        return std::nullopt;
    }
    const QJsonValue transfer = root->value(QLatin1String("transfer"));
    if (!transfer.isUndefined() && !transfer.isNull() && transfer.toString() != QLatin1String("basic")) {
        *error = Messages::tr("the LFS server chose the transfer '%1'; only basic is supported")
                     .arg(transfer.toString().left(40));
        return std::nullopt;
    }
    const QJsonValue hashAlgo = root->value(QLatin1String("hash_algo"));
    if (!hashAlgo.isUndefined() && hashAlgo.toString() != QLatin1String("sha256")) {
        *error = Messages::tr("the LFS server's batch answer uses a hash other than sha256");
        return std::nullopt;
    }
    if (!root->value(QLatin1String("objects")).isArray()) {
        *error = Messages::tr("the LFS server's batch answer has no objects list");
        return std::nullopt;
    }
    QHash<QString, QJsonObject> answered;
    for (const QJsonValue &value : root->value(QLatin1String("objects")).toArray()) {
        const QJsonObject object = value.toObject();
        const QString oid = object.value(QLatin1String("oid")).toString();
        if (isOid(oid) && !answered.contains(oid))
            answered.insert(oid, object);
    }
    QList<LfsDownload> downloads;
    for (const LfsObject &wanted : asked) {
        const auto it = answered.constFind(wanted.oid);
        if (it == answered.cend()) {
            *error = Messages::tr("the LFS server did not answer for object %1").arg(shortOid(wanted.oid));
            return std::nullopt;
        }
        const QJsonObject &object = *it;
        if (object.value(QLatin1String("error")).isObject()) {
            const QJsonObject problem = object.value(QLatin1String("error")).toObject();
            const std::optional<qint64> code = JsonReader::exactInteger(problem.value(QLatin1String("code")), 0, 999);
            *error = Messages::tr("the LFS server has no object %1 (%2: %3)")
                         .arg(shortOid(wanted.oid), code ? QString::number(*code) : QStringLiteral("?"),
                             problem.value(QLatin1String("message")).toString().left(200));
            return std::nullopt;
        }
        const std::optional<qint64> size
            = JsonReader::exactInteger(object.value(QLatin1String("size")), 0, MaxObjectSize);
        if (size && *size != wanted.size) {
            *error = Messages::tr("the LFS server gives object %1 another size (%2, the pointer says %3)")
                         .arg(shortOid(wanted.oid))
                         .arg(*size)
                         .arg(wanted.size);
            return std::nullopt;
        }
        const QJsonObject download
            = object.value(QLatin1String("actions")).toObject().value(QLatin1String("download")).toObject();
        const QString href = download.value(QLatin1String("href")).toString();
        if (href.isEmpty()) {
            *error = Messages::tr("the LFS server gave no download address for object %1").arg(shortOid(wanted.oid));
            return std::nullopt;
        }
        LfsDownload entry { wanted.oid, wanted.size, href, {} };
        const QJsonValue header = download.value(QLatin1String("header"));
        if (!header.isUndefined() && !header.isNull() && !header.isObject()) {
            *error = Messages::tr("the LFS server's headers for object %1 are not an object").arg(shortOid(wanted.oid));
            return std::nullopt;
        }
        const QJsonObject headers = header.toObject();
        qsizetype headerBytes = 0;
        for (auto h = headers.constBegin(); h != headers.constEnd(); ++h) {
            if (!h.value().isString()) {
                *error = Messages::tr("the LFS server's header %1 for object %2 is not a string")
                             .arg(h.key().left(64), shortOid(wanted.oid));
                return std::nullopt;
            }
            const QByteArray name = h.key().toUtf8();
            const QByteArray text = h.value().toString().toUtf8();
            headerBytes += name.size() + text.size();
            if (entry.headers.size() >= MaxHeaders || headerBytes > MaxHeaderBytes) {
                *error = Messages::tr("the LFS server sent too many headers for object %1").arg(shortOid(wanted.oid));
                return std::nullopt;
            }
            // Framing stays the HTTP client's: a server cannot split or resize the request.
            static const QList<QByteArray> Framing { "host", "content-length", "transfer-encoding", "connection" };
            if (!HttpExchange::isValidHeader(name, text) || Framing.contains(name.toLower())) {
                *error = Messages::tr("the LFS server sent a header for object %1 that cannot be sent (%2)")
                             .arg(shortOid(wanted.oid), QString::fromUtf8(name.left(64)));
                return std::nullopt;
            }
            entry.headers.append({ name, text });
        }
        downloads.append(entry);
    }
    return downloads;
}

} // namespace runnercore
