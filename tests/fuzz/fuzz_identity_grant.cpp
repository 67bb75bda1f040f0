// The answer of an identity exchange or rotation (§3): IdentityGrant::parse.
#include "FuzzSupport.h"
#include <runnercore/identity/IdentityGrant.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    const auto grant = IdentityGrant::parse(*body);
    if (const auto *g = std::get_if<IdentityGrant>(&grant)) {
        FuzzSupport::require(!g->workloadToken.isEmpty(), "an empty workload token");
        FuzzSupport::require(g->expiresAt.isValid() && g->refreshAfter.isValid() && g->refreshAfter <= g->expiresAt,
            "refresh_after later than expires_at");
        FuzzSupport::require(g->heartbeatIntervalSeconds >= 1 && g->presenceTtlSeconds >= 1, "an interval below 1 s");
    } else {
        FuzzSupport::require(!std::get<QString>(grant).isEmpty(), "a refusal without a message");
    }
    return 0;
}
