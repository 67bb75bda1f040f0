#include <runnercore/transport/Backoff.h>

#include <runnercore/base/Clock.h>

#include <QTimer>

#include <algorithm>
#include <climits>
#include <cmath>

namespace runnercore {

Backoff::Backoff(const Clock &clock) : m_clock(clock) { }

int Backoff::currentCeilingMs() const
{
    // 2^6 s already exceeds the cap; clamp the exponent so the shift never overflows.
    const int exponent = std::min(m_attempt, 6);
    return std::min(CapMs, BaseMs << exponent);
}

int Backoff::nextDelayMs(int retryAfterMs)
{
    const int ceiling = currentCeilingMs();
    if (m_attempt < INT_MAX) // however long the outage
        ++m_attempt;
    m_retryAfterUntil = retryAfterMs >= 0 ? m_clock.now().addMSecs(retryAfterMs) : QDateTime();
    if (retryAfterMs >= 0)
        return retryAfterMs;
    return static_cast<int>(std::floor(m_clock.random() * ceiling));
}

int Backoff::retryAfterRemainingMs() const
{
    if (!m_retryAfterUntil.isValid())
        return 0;
    return static_cast<int>(std::clamp<qint64>(m_clock.now().msecsTo(m_retryAfterUntil), 0, INT_MAX));
}

void Backoff::arm(QTimer &timer, int delayMs) const
{
    timer.setTimerType(m_retryAfterUntil.isValid() ? Qt::PreciseTimer : Qt::CoarseTimer);
    timer.start(delayMs);
}

void Backoff::reset()
{
    m_attempt = 0;
    m_retryAfterUntil = QDateTime();
}

bool Backoff::retryNow(QTimer &timer)
{
    if (const int serverWaitMs = retryAfterRemainingMs(); serverWaitMs > 0) {
        arm(timer, serverWaitMs);
        return false;
    }
    timer.stop();
    reset();
    return true;
}

} // namespace runnercore
