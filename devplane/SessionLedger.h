#pragma once

#include "ApiReply.h"
#include "DevPlaneSettings.h"
#include "EventJournal.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QMap>
#include <QSet>
#include <QStringList>
#include <QTimer>
#include <functional>
#include <optional>

namespace devplane {

class ControlChannel;
class ObservationBatch;

// What the ledger needs to know of a Runner asking for work; DevPlaneState fills it in.
struct Claimant
{
    QString runnerId;
    QString pool;
    QString ownerPrincipalId; // empty: a Workspace (key) Runner
    bool ready = false; // its last heartbeat said "ready"
    QString revokedCode; // credential_revoked | generation_revoked | empty
};

// Sessions and their Runs (one Run per Session here): the FIFO queue, claims and leases (§6.1),
// observations (§6.3), settlement (§6.6) and the admin side of §7 (create, read, cancel,
// prompt, close, approval decisions), which turns into control directives (§6.4) for the
// claiming Runner. The run spec is checked only for being an object: this is a test plane and
// must be able to dispatch what a Runner has to refuse (§6.2).
class SessionLedger
{
public:
    enum class Persist { Soon, Now };

    SessionLedger(const DevPlaneSettings &settings, ControlChannel &control, std::function<void(Persist)> persist);

    bool open(QString *error);
    void setDefaultPool(const QString &pool) { m_defaultPool = pool; }

    // §7, admin key.
    ApiReply createSession(const QJsonObject &body, const QDateTime &now);
    // afterSeq/limit (a dev extension) let `session wait` poll without reading every event.
    ApiReply events(const QString &sessionId, qint64 afterSeq, qint64 limit, const QDateTime &now);
    // Every Session, newest first, as the dashboard lists them: {session_id, run_id, title,
    // driver, status, runner_id, created_at, cancel_requested, pending_approvals, settlement}.
    ApiReply list(const QDateTime &now);
    ApiReply cancel(const QString &sessionId, const QDateTime &now);
    ApiReply prompt(const QString &sessionId, const QJsonObject &body);
    ApiReply close(const QString &sessionId);
    // §6.9: a new Session whose workspace root is the snapshot the settled Session's Runner kept
    // (the same spec, its root mount replaced, snapshot.on_settle on), for "Continue from this workspace".
    ApiReply continueFrom(const QString &sessionId, const QDateTime &now);
    // Records a person's decision on an approval the Run requested (§6.5) and queues the
    // approval_decision directive: 404 for an approval never requested in this Session, 409
    // approval_already_decided, 409 already_settled.
    ApiReply decideApproval(
        const QString &sessionId, const QString &approvalId, const QJsonObject &body, const QDateTime &now);

    // §6, workload token. claim answers ApiReply::parked while nothing matches and time is left.
    ApiReply claim(
        const Claimant &runner, const QJsonObject &body, bool outstanding, bool deadlinePassed, const QDateTime &now);
    // batch: the body as parsed by ObservationBatch (body then holds its fields()); the journal
    // lines are then written from it rather than from QJsonObjects.
    ApiReply observe(const QString &runnerId, const QString &runId, const QJsonObject &body, qint64 bodyBytes,
        const QDateTime &now, const ObservationBatch *batch = nullptr);
    ApiReply settle(const QString &runnerId, const QString &runId, const QJsonObject &body, const QDateTime &now);

    // §6.10 POST …/mcp: what a relayed batch is for once its checks passed.
    struct McpBatch
    {
        QString sessionId;
        QString protocol;
        QString connection;
        QJsonArray messages;
    };
    // The checks of a relayed batch, in order: 404 run_not_found, the body's fields, claim_id,
    // 409 already_settled / lease_lost, protocol (one the run asked for in run_spec.plane_mcp and
    // this devplane serves), connection (mcpc_<32 hex>), messages[i] (JSON-RPC 2.0 objects).
    // Does not renew the lease (only observations do).
    std::optional<ApiReply> checkMcp(
        const QString &runnerId, const QString &runId, const QJsonObject &body, const QDateTime &now, McpBatch *batch);
    // session_note: kept with the Session (at most maxNotes), shown by the dashboard among its events.
    bool addNote(const QString &sessionId, const QString &protocol, const QString &text, const QDateTime &now);
    // The Runner holding the Run's lease, or an empty string (queued, settled, unknown).
    QString claimingRunner(const QString &runId) const;
    static constexpr qsizetype maxNotes = 1000;

    // §3: a revoked credential or a fenced generation fails the Runner's unsettled Runs at once.
    void failRunsOf(const QString &runnerId, const QString &reason, const QDateTime &now);
    // §6.6: a lease that lapsed without settlement is settled by the server.
    void expireLeases(const QDateTime &now);

    QJsonArray toJson() const;
    // Events (and so acked_through) come back from the journal; claimed Runs get a fresh lease,
    // since their Runner could not renew it while the devplane was down.
    void fromJson(const QJsonArray &sessions, const QDateTime &now);

private:
    enum class Status { Queued, Claimed, Settled };

    // An approval the Run asked for (§6.5), learned from its approval.requested observation;
    // approval.resolved (the Runner's answer to the harness) resolves it.
    struct Approval
    {
        QString id;
        QString title;
        QJsonArray options; // [{option_id, name, kind}] as offered
        qint64 requestedSeq = 0; // the approval.requested event (its tool_call is there)
        QJsonObject decision; // {outcome, option_id, offered, decided_by, decided_at}; empty: none yet
        QJsonObject resolution; // {outcome, option_id, seq}; empty: not resolved yet
    };

    struct Session
    {
        QString id;
        QString runId;
        QJsonObject runSpec;
        QString pool;
        QString ownerPrincipalId; // empty: for Workspace Runners only
        QDateTime createdAt;
        Status status = Status::Queued;
        QString runnerId;
        QString claimId;
        QDateTime claimedAt;
        QDateTime leaseExpiresAt;
        qint64 ackedThrough = 0;
        bool cancelRequested = false;
        QJsonArray heldDirectives; // prompt/close sent before any Runner claimed the Run
        QJsonObject settlement; // empty until settled
        QJsonObject settleRequest; // the Runner's settle body: a resend of it is not a conflict
        QList<Approval> approvals; // in request order
        QJsonObject snapshot; // the last workspace.snapshot's metadata (§6.9): ids and counts, no content
        QJsonArray notes; // session_note (§6.10): [{at, protocol, text}] in order
    };

    Session *sessionOfRun(const QString &runnerId, const QString &runId);
    Session *findSession(const QString &sessionId);
    void settleByServer(Session &session, const QString &outcome, const QString &reason, const QDateTime &now);
    // The checks of a Runner's call on its Run after the body's fields: claim_id (400), then a
    // settled Run or a lapsed lease (409, settling it). nullopt when the claim is live.
    std::optional<ApiReply> checkLiveClaim(Session &session, const QString &claimId, const QDateTime &now);
    // A settled Run answers lease_lost when the server gave up on it, already_settled otherwise.
    static ApiReply settledReply(const Session &session);
    // Queues a directive for the claiming Runner (or holds it until a claim).
    ApiReply deliver(const QString &sessionId, QJsonObject directive, const QJsonObject &answer);
    // From an accepted approval.requested / approval.resolved event; false when it changed nothing
    // (a repeated request, an unknown or already resolved approval, data without an approval_id).
    static bool learnApproval(Session &session, qint64 seq, bool requested, const QJsonObject &data);
    static Approval *findApproval(Session &session, const QString &approvalId);
    // The form of the events answer and of the state file.
    static QJsonObject approvalToJson(const Approval &approval);
    static Approval approvalFromJson(const QJsonObject &object);
    static QJsonArray approvalsToJson(const Session &session);
    static QString statusName(Status status);
    static Status statusFromName(const QString &name);

    DevPlaneSettings m_settings;
    ControlChannel &m_control;
    std::function<void(Persist)> m_persist;
    EventJournal m_journal;
    QString m_defaultPool;
    QMap<QString, Session> m_sessions; // by session id
    QStringList m_order; // session ids in creation order
    QStringList m_queue; // queued session ids, FIFO
    QSet<QString> m_claimed; // session ids with a running lease
    QHash<QString, QString> m_sessionOfRun; // run id -> session id
    QTimer m_leaseTimer;
};

} // namespace devplane
