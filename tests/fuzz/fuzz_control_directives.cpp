// The control long-poll's answer (§6.4): ControlAnswer::parse.
#include "FuzzSupport.h"
#include <runnercore/work/ControlChannel.h>

#include <QJsonArray>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    if (const auto answer = ControlAnswer::parse(*body)) {
        const QJsonArray sent = body->value(QLatin1String("directives")).toArray();
        FuzzSupport::require(answer->directives.size() == sent.size(), "a directive lost or invented");
    }
    return 0;
}
