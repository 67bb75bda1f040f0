// A non-2xx answer's body (§1 error envelope): ApiError::fromHttpAnswer and what is made of it.
// The first two bytes choose the HTTP status (100-599); the rest is the body.
#include "FuzzSupport.h"
#include <runnercore/identity/PairingRedemption.h>
#include <runnercore/transport/ApiError.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    if (size < 2)
        return 0;
    const int status = 100 + (data[0] << 8 | data[1]) % 500;
    const auto body = FuzzSupport::jsonObject(data + 2, size - 2);
    const ApiError error = ApiError::fromHttpAnswer(status, body ? *body : QJsonObject());
    FuzzSupport::require(error.httpStatus == status && error.kind == ApiError::Kind::Http, "status lost");
    FuzzSupport::require(error.message.size() <= 500 && error.requestId.size() <= 100, "an unbounded message");
    (void)error.retryable();
    (void)error.describe();
    (void)PairingRedemption::messageFor(error);
    return 0;
}
