#pragma once

#include "ApiReply.h"
#include "ControlChannel.h"
#include "DevPlaneSettings.h"
#include "McpRelayCalls.h"
#include "PlatformMcpServer.h"
#include "SessionLedger.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QStringList>
#include <QTimer>
#include <optional>

namespace devplane {

// The control plane's model: pairings, Workspace Runner keys, Runners (credential, generation,
// nonces, directives), workload tokens and presences. It speaks the protocol (answers are
// ApiReply values) but knows nothing about HTTP. Every durable change is written to the state
// file synchronously, so a killed devplane loses nothing; tokens and presences live in memory.
// It also owns the work side (SessionLedger, ControlChannel) and writes it into the same state
// file; observation batches only schedule a write (the events themselves are journaled), so a
// benchmark posting thousands of batches does not rewrite the file thousands of times.
class DevPlaneState
{
public:
    enum class CredentialKind { Bootstrap, Workload, Unknown };

    explicit DevPlaneState(const DevPlaneSettings &settings);
    ~DevPlaneState();

    // Loads the state file (or creates the dev identities) and writes it back.
    bool load(QString *error);
    // Base of the links handed out at exchange; known only once the server listens.
    void setBaseUrl(const QString &url) { m_baseUrl = url; }

    QString organizationId() const { return m_organizationId; }
    QString workspaceId() const { return m_workspaceId; }
    // The fixed dev identities (GET /v1/_dev/identities).
    QJsonObject identities() const;

    CredentialKind classify(const QString &credential) const;
    // The Runner a bootstrap credential or workload token speaks for, or an empty string. For a
    // Workspace key the id is reserved at key creation so idempotency scopes stay stable.
    QString runnerIdFor(const QString &credential) const;
    int rateLimitFor(const QString &runnerId) const;
    // §3 checks of a workload token, in order; may fence a clone. nullopt when usable.
    std::optional<ApiReply> checkWorkload(const QString &token, bool allowSignedOff, const QDateTime &now);

    ApiReply createPairing(const QJsonObject &body, const QDateTime &now);
    ApiReply redeemPairing(const QJsonObject &body, const QDateTime &now);
    ApiReply createApiKey(const QString &organizationId, const QJsonObject &body, const QDateTime &now);
    ApiReply exchange(const QString &bootstrapCredential, const QJsonObject &body, const QDateTime &now);
    ApiReply rotate(const QString &token, const QJsonObject &body, const QDateTime &now);
    ApiReply signOff(const QString &token);
    ApiReply putPresence(const QString &token, const QJsonObject &body, const QDateTime &now);
    // An empty token means the admin (whole Workspace).
    ApiReply listPresences(const QString &token, const QString &ownerFilter, const QDateTime &now) const;
    ApiReply revokeCredential(const QString &runnerId);
    ApiReply queueDirective(const QString &runnerId, const QString &type);
    ApiReply describeRunner(const QString &runnerId) const;

    // §6/§7 work: Sessions, Runs and the control queues.
    SessionLedger &sessions() { return m_sessions; }
    ControlChannel &control() { return m_control; }
    // The Runner as the work side sees it (pool, owner, readiness, revocation).
    Claimant claimant(const QString &runnerId) const;
    // §6.4 GET /v1/runner/control; parked while nothing is there and time is left.
    ApiReply pollControl(const QString &runnerId, const std::optional<QString> &after, int waitSeconds,
        bool outstanding, bool deadlinePassed);
    // §6.10 POST /v1/runner/runs/{id}/mcp: the ledger's checks, then the platform's MCP server;
    // parked while answers due within the answer window are pending. idempotencyKey: the call's.
    ApiReply relayMcp(const QString &runnerId, const QString &runId, const QJsonObject &body,
        const QString &idempotencyKey, bool deadlinePassed, const QDateTime &now);
    // GET /v1/_dev/runs/{id}/mcp: what the plane saw of a Run's relay (McpRelayCalls::stats).
    QJsonObject mcpStats(const QString &runId) const { return m_mcpCalls.stats(runId); }
    // Called when a directive was queued outside any request (a later MCP answer), so the
    // server can hand it to a parked control poll.
    void setDirectiveListener(std::function<void()> listener) { m_directiveListener = std::move(listener); }
    // Writes a scheduled (debounced) save now; called before the process exits.
    void flush();

private:
    struct Pairing
    {
        QString id;
        QString code;
        QString principalId;
        QString machineLabel;
        QDateTime createdAt;
        QDateTime expiresAt;
        QString runnerId; // set once redeemed
    };

    struct ApiKey
    {
        QString id;
        QString displayName;
        QString secretDigest;
        QString workspaceId;
        int rateLimitPerMinute = 0; // 0: unlimited
        QJsonObject enrollment;
        QString runnerId; // reserved now, the Runner itself appears at the first exchange
        QDateTime createdAt;
    };

    struct Runner
    {
        QString id;
        QString credentialDigest; // paired Runners
        QString apiKeyId; // Workspace key Runners
        QJsonValue owner; // {principal_id, machine_label} or null
        QString workspaceId;
        QString pool;
        QJsonObject enrollment;
        int generation = 1;
        bool credentialRevoked = false;
        bool generationRevoked = false;
        QString revokeReason;
        QString currentNonce;
        QStringList nonces;
        int exchanges = 0;
        int rotations = 0;
        int signoffs = 0;
        QJsonObject advertisement;
        QJsonValue lastPresence;
        QJsonArray directives;
        QString runnerVersion;
        QDateTime createdAt;
    };

    struct Token
    {
        QString runnerId;
        int generation = 1;
        QString nonce;
        QDateTime expiresAt;
        QDateTime supersededAt; // invalid until rotated
        bool signedOff = false;
    };

    struct Presence
    {
        QString status;
        QJsonObject slotCounts;
        QJsonArray activeRuns;
        QJsonObject advertisement;
        QDateTime lastSeenAt;
    };

    ApiReply issueToken(Runner &runner, const QString &nonce, const QDateTime &now);
    void revokeGeneration(Runner &runner);
    QJsonObject presenceJson(const Runner &runner, const Presence &presence) const;
    Runner *runnerForBootstrap(const QString &credential);
    bool save();
    // At most one write per debounce interval, for high-rate changes.
    void scheduleSave();
    QJsonObject toJson() const;
    void fromJson(const QJsonObject &root);

    DevPlaneSettings m_settings;
    QString m_baseUrl;
    QString m_organizationId;
    QString m_workspaceId;
    QString m_runnerPool;
    QString m_principalId;
    QMap<QString, Pairing> m_pairings; // by code
    QMap<QString, ApiKey> m_apiKeys; // by id
    QMap<QString, Runner> m_runners; // by id
    QHash<QString, Token> m_tokens; // by token value
    QMap<QString, Presence> m_presences; // by runner id
    ControlChannel m_control;
    SessionLedger m_sessions;
    PlatformMcpServer m_mcpServer;
    McpRelayCalls m_mcpCalls;
    std::function<void()> m_directiveListener;
    QTimer m_saveTimer;
};

} // namespace devplane
