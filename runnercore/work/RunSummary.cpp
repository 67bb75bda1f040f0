#include <runnercore/work/RunSummary.h>

namespace runnercore {

QString RunSummary::driverName(const QString &driverId)
{
    if (driverId == QLatin1String("checkfu:acp-v1@1"))
        return QStringLiteral("acp");
    if (driverId == QLatin1String("checkfu:oneshot-v1@1"))
        return QStringLiteral("oneshot");
    return driverId.left(MaxTitleChars);
}

} // namespace runnercore
