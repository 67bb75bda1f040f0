#include "Backoff.h"

#include "Clock.h"

#include <algorithm>
#include <cmath>

Backoff::Backoff(const Clock &clock)
    : m_clock(clock)
{
}

int Backoff::currentCeilingMs() const
{
    // 2^6 s already exceeds the cap; clamp the exponent so the shift never overflows.
    const int exponent = std::min(m_attempt, 6);
    return std::min(CapMs, BaseMs << exponent);
}

int Backoff::nextDelayMs(int retryAfterMs)
{
    const int ceiling = currentCeilingMs();
    ++m_attempt;
    if (retryAfterMs >= 0)
        return retryAfterMs;
    return static_cast<int>(std::floor(m_clock.random() * ceiling));
}

void Backoff::reset()
{
    m_attempt = 0;
}
