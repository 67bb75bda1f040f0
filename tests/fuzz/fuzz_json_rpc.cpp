// JSON-RPC lines from a harness (ACP's stdio transport): JsonRpcConnection::feed in pieces, with
// three requests of ours waiting for answers. The first byte chooses the piece size, so lines also
// arrive split across reads; a 4 KiB line limit reaches the too-long path.
#include "FuzzSupport.h"
#include <runnercore/harness/JsonRpcConnection.h>

#include <QVector>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    if (size < 1)
        return 0;
    const qsizetype piece = 1 + data[0];
    const QByteArray input = FuzzSupport::bytes(data + 1, size - 1);

    qint64 written = 0;
    JsonRpcConnection connection([&written](const QByteArray &line) { written += line.size(); });
    connection.setMaxLineBytes(4096);
    QVector<int> answers(3, 0);
    for (int i = 0; i < 3; ++i)
        connection.sendRequest(QStringLiteral("session/prompt"), {},
            [&answers, i](const QJsonValue &, const std::optional<JsonRpcError> &) { ++answers[i]; });
    for (qsizetype at = 0; at < input.size() && !connection.isBroken(); at += piece)
        connection.feed(input.mid(at, piece));
    connection.finish();
    for (int count : answers)
        FuzzSupport::require(count <= 1, "a request answered twice");
    connection.failPending(QStringLiteral("the harness exited"));
    for (int count : answers)
        FuzzSupport::require(count == 1, "a request never answered");
    return 0;
}
