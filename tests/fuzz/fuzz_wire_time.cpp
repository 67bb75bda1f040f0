// Times in server answers: RFC 3339 fields (WireTime::parse, every expires_at) and the HTTP Date
// header (WireTime::parseHttpDate, every answer).
#include "FuzzSupport.h"
#include <runnercore/transport/WireTime.h>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QByteArray bytes = FuzzSupport::bytes(data, size);
    if (const auto time = WireTime::parse(QString::fromUtf8(bytes))) {
        FuzzSupport::require(time->isValid() && time->timeSpec() == Qt::UTC, "a parsed time that is not UTC");
        if (time->date().year() >= 1000 && time->date().year() <= 9998) { // four digits either way
            const auto again = WireTime::parse(WireTime::format(*time));
            FuzzSupport::require(again && *again == *time, "a time that does not survive format and parse");
        }
    }
    if (const auto date = WireTime::parseHttpDate(bytes))
        FuzzSupport::require(date->isValid(), "an invalid HTTP date accepted");
    return 0;
}
