#pragma once

#include <runnercore/base/Clock.h>

// A clock the test moves by hand; random() returns a fixed value so jitter is predictable.
class FakeClock : public runnercore::Clock
{
public:
    explicit FakeClock(const QDateTime &start = QDateTime::currentDateTimeUtc()) : m_now(start) { }
    QDateTime now() const override { return m_now; }
    double random() const override { return m_random; }
    void advance(qint64 ms) { m_now = m_now.addMSecs(ms); }
    void set(const QDateTime &now) { m_now = now; }
    void setRandom(double value) { m_random = value; }

private:
    QDateTime m_now;
    double m_random = 0.0;
};
