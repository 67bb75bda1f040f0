#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>

#include <optional>
#include <variant>

namespace runnercore {

// The owner the server stamped on a paired Runner (§2.1); Workspace Runners have none.
struct RunnerOwner
{
    QString principalId;
    QString machineLabel;
};

// The answer of an identity exchange or rotation (§3), validated field by field.
struct IdentityGrant
{
    QString workloadToken;
    QDateTime expiresAt;
    QDateTime refreshAfter;
    QString runnerId;
    int runnerGeneration = 0;
    QString workspaceId;
    QString runnerPool;
    std::optional<RunnerOwner> owner;
    QJsonObject ceiling;
    int heartbeatIntervalSeconds = 10;
    int presenceTtlSeconds = 30;
    QString dashboardLink;
    QString approvalLinkTemplate;

    // Where a person sees one Session. The protocol names no such link, but links.approval
    // lives beneath it ("…/sessions/{session_id}/approvals/{approval_id}"): its part up to the
    // Session. Without that, the dashboard; empty when neither is known.
    QString sessionLink(const QString &sessionId) const;

    // A protocol error message naming the field on failure.
    static std::variant<IdentityGrant, QString> parse(const QJsonObject &body);
};

} // namespace runnercore
