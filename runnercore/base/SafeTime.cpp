#include <runnercore/base/SafeTime.h>

#include <algorithm>
#include <limits>

namespace runnercore {

qint64 SafeTime::secondsToMs(qint64 seconds)
{
    qint64 ms = 0;
    if (qMulOverflow(seconds, qint64(1000), &ms))
        return seconds < 0 ? std::numeric_limits<qint64>::min() : std::numeric_limits<qint64>::max();
    return ms;
}

qint64 SafeTime::add(qint64 a, qint64 b)
{
    qint64 sum = 0;
    if (qAddOverflow(a, b, &sum))
        return b < 0 ? std::numeric_limits<qint64>::min() : std::numeric_limits<qint64>::max();
    return sum;
}

int SafeTime::timerMs(qint64 ms)
{
    return int(std::clamp<qint64>(ms, 0, MaxTimerMs));
}

} // namespace runnercore
