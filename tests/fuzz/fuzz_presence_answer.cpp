// A heartbeat's answer (§4): PresenceAnswer::parse.
#include "FuzzSupport.h"
#include <runnercore/presence/PresenceReporter.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    const PresenceAnswer answer = PresenceAnswer::parse(*body);
    FuzzSupport::require(!answer.directivesMalformed || answer.directives.isEmpty(),
        "directives read from a field that is not an array");
    return 0;
}
