#pragma once

#include <QJsonObject>

namespace devplane {

// §5: the admitted ceiling is the enrollment intersected with the advertisement. The
// enrollment has the advertisement's shape and a missing field means "no restriction".
class CapabilityCeiling
{
public:
    static QJsonObject intersect(
        const QJsonObject &enrollment, const QJsonObject &advertisement, const QString &runnerPool);

private:
    static bool intersectProvider(const QJsonObject &allowed, QJsonObject &provider);
};

} // namespace devplane
