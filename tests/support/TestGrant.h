#pragma once

#include <runnercore/transport/WireTime.h>

#include <QDateTime>
#include <QJsonObject>

// A well-formed §3 exchange answer for scripted peers: rotation after refreshSeconds and expiry
// after ttlSeconds on the server's clock (serverNow), a paired owner.
inline QJsonObject testGrant(
    const QDateTime &serverNow, const QString &token, int refreshSeconds = 600, int ttlSeconds = 900)
{
    return QJsonObject {
        { QStringLiteral("workload_token"), token },
        { QStringLiteral("expires_at"), runnercore::WireTime::format(serverNow.addSecs(ttlSeconds)) },
        { QStringLiteral("refresh_after"), runnercore::WireTime::format(serverNow.addSecs(refreshSeconds)) },
        { QStringLiteral("runner_id"), QStringLiteral("runner_0123456789abcdef0123456789abcdef") },
        { QStringLiteral("runner_generation"), 1 },
        { QStringLiteral("workspace_id"), QStringLiteral("ws_0123456789abcdef0123456789abcdef") },
        { QStringLiteral("runner_pool"), QStringLiteral("rpool_0123456789abcdef0123456789abcdef") },
        { QStringLiteral("owner"),
            QJsonObject { { QStringLiteral("principal_id"), QStringLiteral("prin_0123456789abcdef0123456789abcdef") },
                { QStringLiteral("machine_label"), QStringLiteral("alice-laptop") } } },
        { QStringLiteral("ceiling"), QJsonObject {} },
        { QStringLiteral("heartbeat_interval_seconds"), 10 },
        { QStringLiteral("presence_ttl_seconds"), 30 },
        { QStringLiteral("links"),
            QJsonObject { { QStringLiteral("dashboard"), QStringLiteral("https://x/d") },
                { QStringLiteral("approval"), QStringLiteral("https://x/a") } } },
    };
}
