#include <runnercore/identity/IdentityGrant.h>

#include <runnercore/transport/JsonReader.h>

#include <QCoreApplication>
#include <QUrl>

namespace runnercore {

std::variant<IdentityGrant, QString> IdentityGrant::parse(const QJsonObject &body)
{
    JsonReader r(body);
    IdentityGrant g;
    g.workloadToken = r.string("workload_token");
    g.expiresAt = r.time("expires_at");
    g.refreshAfter = r.time("refresh_after");
    g.runnerId = r.id("runner_id", "runner_");
    g.runnerGeneration = static_cast<int>(r.integer("runner_generation", 1));
    g.workspaceId = r.id("workspace_id", "ws_");
    g.runnerPool = r.id("runner_pool", "rpool_");
    if (const auto owner = r.nullableObject("owner")) {
        JsonReader o = r.child(*owner, "owner");
        g.owner = RunnerOwner { o.id("principal_id", "prin_"), o.string("machine_label") };
    }
    g.ceiling = r.object("ceiling");
    g.heartbeatIntervalSeconds = static_cast<int>(r.integer("heartbeat_interval_seconds", 1, 3600));
    g.presenceTtlSeconds = static_cast<int>(r.integer("presence_ttl_seconds", 1, 86400));
    const QJsonObject links = r.object("links");
    JsonReader l = r.child(links, "links");
    g.dashboardLink = l.string("dashboard");
    g.approvalLinkTemplate = l.string("approval");
    if (r.ok() && g.workloadToken.isEmpty())
        r.fail("workload_token", QCoreApplication::translate("IdentityGrant", "is empty"));
    if (r.ok() && g.refreshAfter > g.expiresAt)
        r.fail("refresh_after", QCoreApplication::translate("IdentityGrant", "is later than expires_at"));
    if (!r.ok())
        return r.error();
    return g;
}

QString IdentityGrant::sessionLink(const QString &sessionId) const
{
    const QLatin1String placeholder("{session_id}");
    const qsizetype at = approvalLinkTemplate.indexOf(placeholder);
    if (at < 0 || sessionId.isEmpty())
        return dashboardLink;
    // The id comes from the server: encoded, so it stays one path segment.
    return approvalLinkTemplate.left(at) + QString::fromLatin1(QUrl::toPercentEncoding(sessionId));
}

} // namespace runnercore
