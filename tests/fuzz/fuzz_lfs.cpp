// What an LFS exchange hands the Runner (§6.8 lfs: true): the listing git-lfs prints of a work tree
// (from the repository: untrusted) and the batch API's answer (from the server: untrusted). The
// first byte chooses which. Accepted entries are always well formed: oids of 64 lowercase hex,
// sizes in range, one download per object asked and headers that cannot break a request.
#include "FuzzSupport.h"
#include <runnercore/transport/HttpExchange.h>
#include <runnercore/workspace/LfsObjects.h>

#include <QSet>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    if (size == 0)
        return 0;
    const QByteArray bytes(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    QString error;
    if (data[0] % 2 == 0) {
        const auto listed = LfsObjects::parseListing(bytes, &error);
        FuzzSupport::require(listed.has_value() == error.isEmpty(), "a listing both accepted and refused");
        if (listed) {
            QSet<QString> seen;
            for (const LfsObject &object : *listed) {
                FuzzSupport::require(LfsObjects::isOid(object.oid), "an accepted oid that is not 64 lowercase hex");
                FuzzSupport::require(
                    object.size >= 0 && object.size <= LfsObjects::MaxObjectSize, "a size out of range");
                FuzzSupport::require(!seen.contains(object.oid), "an oid listed twice");
                seen.insert(object.oid);
            }
        }
        return 0;
    }
    const QList<LfsObject> asked { { QStringLiteral("a").repeated(64), 5, false },
        { QStringLiteral("0123456789abcdef").repeated(4), 0, false } };
    const auto downloads = LfsObjects::parseBatchResponse(bytes, asked, &error);
    FuzzSupport::require(downloads.has_value() == error.isEmpty(), "an answer both accepted and refused");
    if (downloads) {
        FuzzSupport::require(downloads->size() == asked.size(), "not one download per object asked");
        for (qsizetype i = 0; i < downloads->size(); ++i) {
            const LfsDownload &download = downloads->at(i);
            FuzzSupport::require(download.oid == asked.at(i).oid && download.size == asked.at(i).size,
                "a download for another object or size");
            FuzzSupport::require(!download.href.isEmpty(), "a download without an address");
            for (const auto &[name, value] : download.headers)
                FuzzSupport::require(HttpExchange::isValidHeader(name, value), "a header that breaks a request");
        }
    }
    (void)LfsObjects::batchEndpoint(QString::fromUtf8(bytes));
    return 0;
}
