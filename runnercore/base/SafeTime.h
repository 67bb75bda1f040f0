#pragma once

#include <QtGlobal>

#include <climits>

namespace runnercore {

// Durations from the wire, in whole units, turned into what timers take without overflow: a
// server's number (lease TTL, interval, deadline, Retry-After) is bounded by the parser, and these
// saturate rather than wrap whatever reaches them.
class SafeTime
{
public:
    // The longest single QTimer interval: about 24.8 days.
    static constexpr qint64 MaxTimerMs = INT_MAX;

    // seconds * 1000, saturated at the qint64 range.
    static qint64 secondsToMs(qint64 seconds);
    // a + b, saturated at the qint64 range.
    static qint64 add(qint64 a, qint64 b);
    // A QTimer interval: ms clamped to [0, MaxTimerMs].
    static int timerMs(qint64 ms);
    // seconds * 1000 as a QTimer interval: clamped to [0, MaxTimerMs].
    static int timerMsFromSeconds(qint64 seconds) { return timerMs(secondsToMs(seconds)); }
};

} // namespace runnercore
