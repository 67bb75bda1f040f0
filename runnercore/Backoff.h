#pragma once

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
    void reset();
    int attempt() const { return m_attempt; }

private:
    const Clock &m_clock;
    int m_attempt = 0;
};
