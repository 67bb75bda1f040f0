#include <runnercore/base/Clock.h>

#include <QRandomGenerator>

namespace runnercore {

QDateTime SystemClock::now() const
{
    return QDateTime::currentDateTimeUtc();
}

double SystemClock::random() const
{
    return QRandomGenerator::global()->generateDouble();
}

} // namespace runnercore
