#pragma once

#include <QDateTime>

#include <functional>

namespace runnercore {

// Wall-clock time, injectable so expiry and rotation logic is tested without sleeping.
class Clock
{
public:
    virtual ~Clock() = default;
    virtual QDateTime now() const = 0;
    // A number in [0, 1) for jitter; injectable so tests are deterministic.
    virtual double random() const = 0;
};

class SystemClock : public Clock
{
public:
    QDateTime now() const override;
    double random() const override;
};

} // namespace runnercore
