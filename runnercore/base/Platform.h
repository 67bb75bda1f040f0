#pragma once

#include <QJsonObject>
#include <QString>

namespace runnercore {

// This machine as the protocol names it: os "linux"/"darwin"/"windows", architecture "amd64"/"arm64".
class Platform
{
public:
    static QString os();
    static QString architecture();
    static QJsonObject toJson();
    static QString runnerVersion();
    // "checkfu-runner/<semver> (<os>; <arch>)", the same version as every runner_version field.
    static QByteArray userAgent();
};

} // namespace runnercore
