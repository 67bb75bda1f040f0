#pragma once

#include <QDateTime>

class QTimer;

namespace runnercore {

class Clock;

// The protocol's retry policy (§1): start at 1 s, factor 2, cap 60 s, full jitter.
class Backoff
{
public:
    static constexpr int BaseMs = 1000;
    static constexpr int CapMs = 60000;

    explicit Backoff(const Clock &clock);

    // The delay before the next attempt; each call moves one step further.
    // A server's Retry-After (ms, >= 0) wins over the computed delay.
    int nextDelayMs(int retryAfterMs = -1);
    // The upper bound of the step nextDelayMs() would use now.
    int currentCeilingMs() const;
    // What is left of the last step's Retry-After on the wall clock, which (unlike a QTimer)
    // moves on while the machine sleeps; 0 when the step had none or it has passed.
    int retryAfterRemainingMs() const;
    // For a caller waiting on `timer` between attempts, after a wake: true when it should try
    // now (timer stopped, steps reset); false when a server's Retry-After still holds (the timer,
    // which may have slept with the machine, is re-armed for what is left).
    bool retryNow(QTimer &timer);
    // Starts timer for delayMs, the delay nextDelayMs() gave. A server's Retry-After is a minimum
    // (§1: wait that long, then retry): such a wait gets a precise timer, which never fires early
    // as a coarse one may (by up to 5 %); our own backoff stays coarse.
    void arm(QTimer &timer, int delayMs) const;
    void reset();
    int attempt() const { return m_attempt; }

private:
    const Clock &m_clock;
    int m_attempt = 0;
    QDateTime m_retryAfterUntil;
};

} // namespace runnercore
