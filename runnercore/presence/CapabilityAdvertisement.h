#pragma once

#include <runnercore/model/RunSpec.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace runnercore {

// The §5 advertisement: what this Runner can realise right now. Built only from what the
// enabled providers really do; never carries a secret (the Cursor key in particular).
class CapabilityAdvertisement
{
public:
    // drivers: the harness drivers this build implements (e.g. "checkfu:oneshot-v1@1").
    // The mount kinds every tier realises (§6.8): git only where the git CLI is installed.
    static QJsonArray mountKinds();
    static QJsonObject hostProcessProvider(const QStringList &drivers);
    static QJsonObject bubblewrapProvider(const QStringList &drivers);
    // networkModes: none, plus unrestricted only when CHECKFU_DOCKER_UNRESTRICTED_NETWORK allows it.
    static QJsonObject dockerProvider(const QStringList &drivers, const QList<NetworkPolicy> &networkModes);
    // §6.10: the platform MCP protocols relayed, when checkfu-mcp-bridge is installed; else none.
    static QJsonArray planeProtocols();
    static QJsonObject build(const QString &runnerPool, const QJsonArray &providers);
};

} // namespace runnercore
