// A redeemed pairing code's answer (§2.1): PairingResult::parse, and the sentence a person sees when
// the answer is refused.
#include "FuzzSupport.h"
#include <runnercore/identity/PairingRedemption.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    const auto result = PairingResult::parse(*body);
    if (const auto *p = std::get_if<PairingResult>(&result)) {
        FuzzSupport::require(p->bootstrapCredential.size() >= 16, "a bootstrap credential under 16 characters");
    } else {
        const QString &problem = std::get<QString>(result);
        FuzzSupport::require(!PairingRedemption::messageFor(ApiError::protocol(problem)).isEmpty(), "no message");
    }
    return 0;
}
