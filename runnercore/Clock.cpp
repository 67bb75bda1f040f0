#include "Clock.h"

#include <QRandomGenerator>

QDateTime SystemClock::now() const
{
    return QDateTime::currentDateTimeUtc();
}

double SystemClock::random() const
{
    return QRandomGenerator::global()->generateDouble();
}
