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

    // A protocol error message naming the field on failure.
    static std::variant<IdentityGrant, QString> parse(const QJsonObject &body);
};

} // namespace runnercore
