#pragma once

#include <QJsonObject>
#include <QString>

namespace runnercore {

// This machine as the protocol names it (§5's platforms, Go-style names): os "linux"/"darwin"/
// "windows"/"freebsd"/..., architecture "amd64"/"arm64".
class Platform
{
public:
    static QString os();
    // The protocol's os name for a QSysInfo::kernelType() ("linux", "darwin", "winnt", "freebsd",
    // ...); one it does not know is passed on as the kernel names itself.
    static QString osFromKernelType(const QString &kernelType);
    static QString architecture();
    static QJsonObject toJson();
    static QString runnerVersion();
    // "checkfu-runner/<semver> (<os>; <arch>)", the same version as every runner_version field.
    static QByteArray userAgent();
};

} // namespace runnercore
