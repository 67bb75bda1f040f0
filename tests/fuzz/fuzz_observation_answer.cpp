// An observation batch's answers (§6.3): the accepted batch's body (ObservationPipeline::BatchAnswer)
// and the seq_gap error's expected_seq, as the pipeline reads them.
#include "FuzzSupport.h"
#include <runnercore/work/ObservationPipeline.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    const auto answer = ObservationPipeline::BatchAnswer::parse(*body);
    if (const auto *a = std::get_if<ObservationPipeline::BatchAnswer>(&answer))
        FuzzSupport::require(a->ackedThrough >= 0, "a negative acked_through");
    const ApiError gap = ApiError::fromHttpAnswer(409, *body);
    (void)gap.details.value(QLatin1String("expected_seq")).toInteger();
    return 0;
}
