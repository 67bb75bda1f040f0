// MCP stdio lines from a harness, through the relay's framing (§6.10): McpLineFramer in pieces (the
// first byte chooses the piece size), the first line as the bridge's hello, every other line through
// McpMessage::check, and each refusal with an id turned into its JSON-RPC error line.
#include "FuzzSupport.h"
#include <runnercore/relay/McpFraming.h>

#include <QJsonDocument>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    if (size < 1)
        return 0;
    const qsizetype piece = 1 + data[0];
    const QByteArray input = FuzzSupport::bytes(data + 1, size - 1);
    McpLineFramer framer;
    bool first = true;
    for (qsizetype at = 0; at < input.size() && !framer.overflowed(); at += piece) {
        for (const QByteArray &line :
            framer.push(QByteArrayView(input).sliced(at, std::min(piece, input.size() - at)))) {
            FuzzSupport::require(!line.contains('\n'), "a line holds a line break");
            if (std::exchange(first, false)) {
                if (const auto name = McpBridgeHello::parse(line))
                    FuzzSupport::require(
                        McpBridgeHello::line(*name) == line + '\n', "a hello that does not round-trip");
                continue;
            }
            const McpMessage m = McpMessage::check(line);
            switch (m.kind) {
            case McpMessage::Kind::Request:
            case McpMessage::Kind::Response:
                FuzzSupport::require(m.id.isString() || m.id.isDouble(), "a request or response without an id");
                FuzzSupport::require(line.size() <= McpMessage::MaxBytes, "an oversized message passed");
                break;
            case McpMessage::Kind::Notification:
                FuzzSupport::require(m.id.isUndefined(), "a notification with an id");
                break;
            case McpMessage::Kind::Invalid: {
                FuzzSupport::require(!m.problem.isEmpty(), "a refusal without a reason");
                const QByteArray error = McpMessage::error(m.id, -32600, m.problem);
                FuzzSupport::require(QJsonDocument::fromJson(error).isObject() && !error.contains('\n'),
                    "an error answer that is not one JSON line");
                break;
            }
            case McpMessage::Kind::Blank:
                break;
            }
        }
    }
    return 0;
}
