// A spool found after a crash (§6.3, §6.6): the bytes of meta.json and of the event segments, loaded
// and then recovered as RunManager::recover does (ObservationSpool::load, then a pipeline that
// delivers and settles; no network is reached: the identity holds no token).
// Input: meta.json, then each segment, separated by a line "%%".
#include "FuzzSupport.h"
#include <runnercore/base/Clock.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/work/ObservationPipeline.h>
#include <runnercore/work/ObservationSpool.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace runnercore;

namespace {
const QString RunId = QStringLiteral("run_0123456789abcdef0123456789abcdef");

bool write(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    static QTemporaryDir root;
    static SystemClock clock;
    static ApiClient api(QUrl(QStringLiteral("http://127.0.0.1:9")), clock);
    static WorkloadIdentity identity(api, clock);
    static SecretMasker masker;

    const QString dir = root.path() + QLatin1Char('/') + RunId;
    QDir(dir).removeRecursively();
    if (!QDir().mkpath(dir))
        abort();
    const QList<QByteArray> parts = FuzzSupport::bytes(data, size).split('\n');
    QByteArray current;
    int file = 0;
    auto flush = [&] {
        const QString name = file == 0
            ? QStringLiteral("meta.json")
            : QStringLiteral("events-%1.jsonl").arg(1 + (file - 1) * 4, 12, 10, QLatin1Char('0'));
        if (!write(dir + QLatin1Char('/') + name, current))
            abort();
        current.clear();
        ++file;
    };
    for (const QByteArray &line : parts) {
        if (line == "%%") {
            flush();
            continue;
        }
        current += line + '\n';
    }
    flush();

    auto spool = std::make_unique<ObservationSpool>(root.path(), RunId);
    QString error;
    if (!spool->load(&error)) {
        FuzzSupport::require(!error.isEmpty(), "a spool refused without a reason");
        return 0;
    }
    const auto &meta = spool->meta();
    if (meta.durable) {
        // The recovered events continue exactly where the server's acknowledgement ended.
        FuzzSupport::require(meta.lastSeq == meta.ackedThrough + spool->unacknowledged().size(),
            "recovered events that do not follow acked_through");
    }
    ObservationPipeline pipeline(api, identity, clock, masker, std::move(spool));
    pipeline.settleRecovered();
    pipeline.abandon();
    return 0;
}
