#include "SessionLedger.h"

#include "ControlChannel.h"
#include "FieldReader.h"
#include "ObservationBatch.h"
#include "PlatformMcpServer.h"
#include "ProtocolLimits.h"
#include "WireFormat.h"

#include <QJsonDocument>
#include <QRegularExpression>

namespace devplane {

namespace {

constexpr qint64 maxJsonInteger = (qint64(1) << 53) - 1;
constexpr int leaseSweepMs = 200;

const QString leaseExpired = QStringLiteral("lease_expired");

QJsonValue orNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue() : QJsonValue(text);
}

QJsonValue timeOrNull(const QDateTime &time)
{
    return time.isValid() ? QJsonValue(WireFormat::timestamp(time)) : QJsonValue();
}

QDateTime parseTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

ApiReply runNotFound()
{
    return ApiReply::error(404, QStringLiteral("run_not_found"), QStringLiteral("no such run for this runner"));
}

ApiReply sessionNotFound()
{
    return ApiReply::notFound(QStringLiteral("no such session"));
}

ApiReply sessionSettled()
{
    return ApiReply::error(
        409, QStringLiteral("already_settled"), QStringLiteral("the session's run is already settled"));
}

const QString approvalPrefix = QStringLiteral("approval.");
const QString workspaceSnapshot = QStringLiteral("workspace.snapshot");

// What the ledger keeps of a workspace.snapshot event: its metadata, only when its id and digest
// have their shapes (§6.9); else nothing.
QJsonObject snapshotMetadata(const QJsonObject &data)
{
    static const QRegularExpression id(QRegularExpression::anchoredPattern(QStringLiteral("snap_[0-9a-f]{32}")));
    static const QRegularExpression digest(QRegularExpression::anchoredPattern(QStringLiteral("sha256:[0-9a-f]{64}")));
    if (!id.match(data.value(QStringLiteral("snapshot_id")).toString()).hasMatch()
        || !digest.match(data.value(QStringLiteral("digest")).toString()).hasMatch()) {
        return {};
    }
    QJsonObject kept;
    for (const char *field : { "snapshot_id", "digest", "files", "bytes", "base", "changes", "expires_at" }) {
        kept.insert(QLatin1String(field), data.value(QLatin1String(field)));
    }
    return kept;
}
const QString approvalRequested = QStringLiteral("approval.requested");
const QString approvalResolved = QStringLiteral("approval.resolved");

QJsonValue stringOrNull(const QJsonValue &value)
{
    return value.isString() ? value : QJsonValue();
}

} // namespace

SessionLedger::SessionLedger(
    const DevPlaneSettings &settings, ControlChannel &control, std::function<void(Persist)> persist)
    : m_settings(settings)
    , m_control(control)
    , m_persist(std::move(persist))
    , m_journal(settings.statePath.isEmpty() ? QString() : settings.statePath + QStringLiteral(".events"))
{
    // Leases also lapse between requests; observe/settle/events check them on the spot too.
    QObject::connect(
        &m_leaseTimer, &QTimer::timeout, &m_leaseTimer, [this]() { expireLeases(QDateTime::currentDateTimeUtc()); });
    m_leaseTimer.start(leaseSweepMs);
}

bool SessionLedger::open(QString *error)
{
    return m_journal.open(error);
}

QString SessionLedger::statusName(Status status)
{
    switch (status) {
    case Status::Queued:
        return QStringLiteral("queued");
    case Status::Claimed:
        return QStringLiteral("claimed");
    case Status::Settled:
        break;
    }
    return QStringLiteral("settled");
}

SessionLedger::Status SessionLedger::statusFromName(const QString &name)
{
    if (name == QLatin1String("queued")) {
        return Status::Queued;
    }
    return name == QLatin1String("claimed") ? Status::Claimed : Status::Settled;
}

SessionLedger::Session *SessionLedger::findSession(const QString &sessionId)
{
    const auto it = m_sessions.find(sessionId);
    return it == m_sessions.end() ? nullptr : &*it;
}

SessionLedger::Session *SessionLedger::sessionOfRun(const QString &runnerId, const QString &runId)
{
    Session *session = findSession(m_sessionOfRun.value(runId));
    // Another Runner's Run does not exist for this one.
    if (!session || session->status == Status::Queued || session->runnerId != runnerId) {
        return nullptr;
    }
    return session;
}

ApiReply SessionLedger::createSession(const QJsonObject &body, const QDateTime &now)
{
    FieldReader reader(body);
    const QJsonObject runSpec = reader.object(QStringLiteral("run_spec"));
    const QString pool = reader.optionalString(QStringLiteral("runner_pool")).value_or(m_defaultPool);
    const QString owner = reader.optionalString(QStringLiteral("owner_principal_id")).value_or(QString());
    if (reader.ok() && !owner.isEmpty() && !WireFormat::hasIdShape(owner, QStringLiteral("prin"))) {
        reader.fail(
            QStringLiteral("owner_principal_id"), QStringLiteral("must be prin_ followed by 32 lowercase hex digits"));
    }
    if (reader.ok() && pool.isEmpty()) {
        reader.fail(QStringLiteral("runner_pool"), QStringLiteral("must not be empty"));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    Session session;
    session.id = WireFormat::newId(QStringLiteral("sess"));
    session.runId = WireFormat::newId(QStringLiteral("run"));
    session.runSpec = runSpec;
    session.pool = pool;
    session.ownerPrincipalId = owner;
    session.createdAt = now;
    m_sessions.insert(session.id, session);
    m_order.append(session.id);
    m_queue.append(session.id);
    m_sessionOfRun.insert(session.runId, session.id);
    m_persist(Persist::Now);
    return ApiReply::ok(
        { { QStringLiteral("session_id"), session.id }, { QStringLiteral("run_id"), session.runId } }, 201);
}

ApiReply SessionLedger::continueFrom(const QString &sessionId, const QDateTime &now)
{
    const Session *session = findSession(sessionId);
    if (!session) {
        return sessionNotFound();
    }
    if (session->status != Status::Settled || session->snapshot.isEmpty()) {
        return ApiReply::error(409, QStringLiteral("no_snapshot"),
            QStringLiteral("only a settled Session whose Runner kept its workspace (workspace.snapshot) can be "
                           "continued"));
    }
    // The same spec; its root is the snapshot (at the same target), the other mounts in the run's
    // home stay, those beneath the root are in the snapshot already.
    QJsonObject spec = session->runSpec;
    const QJsonArray mounts = spec.value(QStringLiteral("mounts")).toArray();
    const QJsonValue target
        = mounts.isEmpty() ? QJsonValue() : mounts.first().toObject().value(QStringLiteral("target"));
    QJsonArray continued { QJsonObject { { QStringLiteral("kind"), QStringLiteral("snapshot") },
        { QStringLiteral("target"), target.isString() ? target : QJsonValue(QStringLiteral("/workspace")) },
        { QStringLiteral("snapshot_id"), session->snapshot.value(QStringLiteral("snapshot_id")) },
        { QStringLiteral("digest"), session->snapshot.value(QStringLiteral("digest")) } } };
    for (qsizetype i = 1; i < mounts.size(); ++i) {
        if (mounts.at(i).toObject().value(QStringLiteral("target")).toString().startsWith(QLatin1String("~/"))) {
            continued.append(mounts.at(i));
        }
    }
    spec.insert(QStringLiteral("mounts"), continued);
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    QJsonObject body { { QStringLiteral("run_spec"), spec }, { QStringLiteral("runner_pool"), session->pool } };
    if (!session->ownerPrincipalId.isEmpty()) {
        body.insert(QStringLiteral("owner_principal_id"), session->ownerPrincipalId);
    }
    return createSession(body, now);
}

ApiReply SessionLedger::list(const QDateTime &now)
{
    expireLeases(now);
    QJsonArray data;
    for (auto id = m_order.crbegin(); id != m_order.crend(); ++id) {
        const Session &session = m_sessions[*id];
        qint64 pending = 0;
        for (const Approval &approval : session.approvals) {
            // A settled Run's open approvals can no longer be decided: not pending for a person.
            pending += session.status != Status::Settled && approval.decision.isEmpty() && approval.resolution.isEmpty()
                ? 1
                : 0;
        }
        const QJsonValue title = session.runSpec.value(QStringLiteral("title"));
        const QJsonValue driver
            = session.runSpec.value(QStringLiteral("harness")).toObject().value(QStringLiteral("driver"));
        data.append(QJsonObject { { QStringLiteral("session_id"), session.id },
            { QStringLiteral("run_id"), session.runId },
            { QStringLiteral("title"), title.isString() ? title : QJsonValue() },
            { QStringLiteral("driver"), driver.isString() ? driver : QJsonValue() },
            { QStringLiteral("status"), statusName(session.status) },
            { QStringLiteral("runner_id"), orNull(session.runnerId) },
            { QStringLiteral("created_at"), WireFormat::timestamp(session.createdAt) },
            { QStringLiteral("cancel_requested"), session.cancelRequested },
            { QStringLiteral("pending_approvals"), pending },
            { QStringLiteral("snapshot"), session.snapshot.isEmpty() ? QJsonValue() : QJsonValue(session.snapshot) },
            { QStringLiteral("settlement"),
                session.settlement.isEmpty() ? QJsonValue() : QJsonValue(session.settlement) } });
    }
    return ApiReply::ok({ { QStringLiteral("data"), data } });
}

ApiReply SessionLedger::events(const QString &sessionId, qint64 afterSeq, qint64 limit, const QDateTime &now)
{
    expireLeases(now);
    const Session *session = findSession(sessionId);
    if (!session) {
        return sessionNotFound();
    }
    return ApiReply::ok({ { QStringLiteral("session_id"), session->id }, { QStringLiteral("run_id"), session->runId },
        { QStringLiteral("status"), statusName(session->status) },
        { QStringLiteral("runner_id"), orNull(session->runnerId) },
        { QStringLiteral("claim_id"), orNull(session->claimId) }, { QStringLiteral("runner_pool"), session->pool },
        { QStringLiteral("owner_principal_id"), orNull(session->ownerPrincipalId) },
        { QStringLiteral("created_at"), WireFormat::timestamp(session->createdAt) },
        { QStringLiteral("claimed_at"), timeOrNull(session->claimedAt) },
        { QStringLiteral("lease_expires_at"),
            session->status == Status::Claimed ? timeOrNull(session->leaseExpiresAt) : QJsonValue() },
        { QStringLiteral("cancel_requested"), session->cancelRequested },
        { QStringLiteral("acked_through"), session->ackedThrough },
        { QStringLiteral("events"), m_journal.read(session->id, afterSeq, limit) },
        { QStringLiteral("approvals"), approvalsToJson(*session) },
        { QStringLiteral("snapshot"), session->snapshot.isEmpty() ? QJsonValue() : QJsonValue(session->snapshot) },
        { QStringLiteral("notes"), session->notes },
        { QStringLiteral("settlement"),
            session->settlement.isEmpty() ? QJsonValue() : QJsonValue(session->settlement) } });
}

ApiReply SessionLedger::cancel(const QString &sessionId, const QDateTime &now)
{
    expireLeases(now);
    Session *session = findSession(sessionId);
    if (!session) {
        return sessionNotFound();
    }
    switch (session->status) {
    case Status::Settled:
        return settledReply(*session);
    case Status::Queued:
        // Nobody runs it yet: the Session settles it itself.
        session->cancelRequested = true;
        settleByServer(*session, QStringLiteral("cancelled"), QStringLiteral("cancel_requested"), now);
        break;
    case Status::Claimed:
        if (!session->cancelRequested) {
            session->cancelRequested = true;
            m_control.queue(session->runnerId,
                { { QStringLiteral("type"), QStringLiteral("cancel") }, { QStringLiteral("run_id"), session->runId } });
            m_persist(Persist::Now);
        }
        break;
    }
    return ApiReply::ok({ { QStringLiteral("session_id"), session->id },
        { QStringLiteral("status"), statusName(session->status) }, { QStringLiteral("cancel_requested"), true } });
}

ApiReply SessionLedger::deliver(const QString &sessionId, QJsonObject directive, const QJsonObject &answer)
{
    Session *session = findSession(sessionId);
    if (!session) {
        return sessionNotFound();
    }
    if (session->status == Status::Settled) {
        // An admin call, not the Runner's: lease_lost would mean nothing to it.
        return sessionSettled();
    }
    directive.insert(QStringLiteral("run_id"), session->runId);
    if (session->status == Status::Queued) {
        session->heldDirectives.append(directive);
    } else {
        m_control.queue(session->runnerId, directive);
    }
    m_persist(Persist::Now);
    QJsonObject reply = answer;
    reply.insert(QStringLiteral("session_id"), session->id);
    reply.insert(QStringLiteral("run_id"), session->runId);
    return ApiReply::ok(reply);
}

ApiReply SessionLedger::prompt(const QString &sessionId, const QJsonObject &body)
{
    const QJsonValue value = body.value(QStringLiteral("prompt"));
    QJsonArray blocks;
    if (value.isString()) {
        // A plain string is one text block, for curl and the CLI.
        blocks.append(QJsonObject {
            { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), value.toString() } });
    } else if (value.isArray()) {
        blocks = value.toArray();
        for (qsizetype i = 0; i < blocks.size(); ++i) {
            if (!blocks.at(i).isObject()) {
                return ApiReply::invalidField(QStringLiteral("prompt[%1]").arg(i), QStringLiteral("must be an object"));
            }
        }
    } else {
        return ApiReply::invalidField(QStringLiteral("prompt"),
            value.isUndefined() || value.isNull() ? QStringLiteral("is required")
                                                  : QStringLiteral("must be an array of content blocks or a string"));
    }
    const QString turnId = WireFormat::newId(QStringLiteral("turn"));
    return deliver(sessionId,
        { { QStringLiteral("type"), QStringLiteral("prompt") }, { QStringLiteral("turn_id"), turnId },
            { QStringLiteral("prompt"), blocks } },
        { { QStringLiteral("turn_id"), turnId } });
}

ApiReply SessionLedger::close(const QString &sessionId)
{
    return deliver(sessionId, { { QStringLiteral("type"), QStringLiteral("close") } }, {});
}

ApiReply SessionLedger::decideApproval(
    const QString &sessionId, const QString &approvalId, const QJsonObject &body, const QDateTime &now)
{
    expireLeases(now);
    Session *session = findSession(sessionId);
    if (!session) {
        return sessionNotFound();
    }
    QJsonObject directive { { QStringLiteral("type"), QStringLiteral("approval_decision") },
        { QStringLiteral("approval_id"), approvalId } };
    QString optionId;
    const QJsonValue cancelled = body.value(QStringLiteral("cancelled"));
    const bool isCancel = !cancelled.isUndefined() && !cancelled.isNull();
    if (isCancel) {
        if (cancelled != QJsonValue(true)) {
            return ApiReply::invalidField(QStringLiteral("cancelled"), QStringLiteral("must be true when present"));
        }
        if (body.contains(QStringLiteral("option_id")) && !body.value(QStringLiteral("option_id")).isNull()) {
            return ApiReply::invalidField(
                QStringLiteral("option_id"), QStringLiteral("must be absent when cancelled is true"));
        }
        directive.insert(QStringLiteral("outcome"), QStringLiteral("cancelled"));
    } else {
        FieldReader reader(body);
        optionId = reader.string(QStringLiteral("option_id"));
        if (reader.ok() && optionId.isEmpty()) {
            reader.fail(QStringLiteral("option_id"), QStringLiteral("must not be empty"));
        }
        if (!reader.ok()) {
            return reader.error();
        }
        directive.insert(QStringLiteral("outcome"), QStringLiteral("selected"));
        directive.insert(QStringLiteral("option_id"), optionId);
    }
    Approval *approval = findApproval(*session, approvalId);
    if (!approval) {
        return ApiReply::notFound(
            QStringLiteral("approval %1 was never requested in session %2").arg(approvalId, session->id));
    }
    // A decision for an option that was not offered does not count: the Runner ignores it (§6.7)
    // and keeps waiting, so a real decision must still be possible.
    if (!approval->decision.isEmpty() && approval->decision.value(QStringLiteral("offered")) != QJsonValue(false)) {
        const QJsonValue previous = approval->decision.value(QStringLiteral("option_id"));
        return ApiReply::error(409, QStringLiteral("approval_already_decided"),
            QStringLiteral("approval %1 was already decided (%2) at %3")
                .arg(approvalId,
                    previous.isString() ? QStringLiteral("option %1").arg(previous.toString())
                                        : approval->decision.value(QStringLiteral("outcome")).toString(),
                    approval->decision.value(QStringLiteral("decided_at")).toString()));
    }
    if (!approval->resolution.isEmpty()) {
        // The Runner answered the harness itself (cancelled at a cancel or at the run's end).
        return ApiReply::error(409, QStringLiteral("approval_already_decided"),
            QStringLiteral("approval %1 was already resolved by the runner (%2)")
                .arg(approvalId, approval->resolution.value(QStringLiteral("outcome")).toString()));
    }
    if (session->status == Status::Settled) {
        return sessionSettled();
    }
    // An option that was not offered is recorded and sent all the same: a Runner must ignore
    // such a decision and report a run.warning (§6.7), and tests need to make it send one.
    bool offered = false;
    for (const QJsonValue &option : std::as_const(approval->options)) {
        offered = offered || option.toObject().value(QStringLiteral("option_id")) == QJsonValue(optionId);
    }
    approval->decision = { { QStringLiteral("outcome"), directive.value(QStringLiteral("outcome")) },
        { QStringLiteral("option_id"), isCancel ? QJsonValue() : QJsonValue(optionId) },
        { QStringLiteral("offered"), isCancel ? QJsonValue() : QJsonValue(offered) },
        // The devplane has one admin credential: that is who decided.
        { QStringLiteral("decided_by"), QStringLiteral("admin") },
        { QStringLiteral("decided_at"), WireFormat::timestamp(now) } };
    return deliver(sessionId, directive,
        { { QStringLiteral("approval_id"), approvalId }, { QStringLiteral("decision"), approval->decision } });
}

SessionLedger::Approval *SessionLedger::findApproval(Session &session, const QString &approvalId)
{
    for (Approval &approval : session.approvals) {
        if (approval.id == approvalId) {
            return &approval;
        }
    }
    return nullptr;
}

bool SessionLedger::learnApproval(Session &session, qint64 seq, bool requested, const QJsonObject &data)
{
    const QString approvalId = data.value(QStringLiteral("approval_id")).toString();
    if (approvalId.isEmpty()) {
        return false; // kept in the events as sent; nothing to track
    }
    Approval *known = findApproval(session, approvalId);
    if (requested) {
        if (known) {
            return false; // the first request stays, like the first content of a seq
        }
        Approval approval;
        approval.id = approvalId;
        approval.title = data.value(QStringLiteral("title")).toString();
        approval.requestedSeq = seq;
        for (const QJsonValue &value : data.value(QStringLiteral("options")).toArray()) {
            const QJsonObject option = value.toObject();
            approval.options.append(
                QJsonObject { { QStringLiteral("option_id"), stringOrNull(option.value(QStringLiteral("option_id"))) },
                    { QStringLiteral("name"), stringOrNull(option.value(QStringLiteral("name"))) },
                    { QStringLiteral("kind"), stringOrNull(option.value(QStringLiteral("kind"))) } });
        }
        session.approvals.append(approval);
        return true;
    }
    if (!known || !known->resolution.isEmpty()) {
        return false;
    }
    known->resolution = { { QStringLiteral("outcome"), stringOrNull(data.value(QStringLiteral("outcome"))) },
        { QStringLiteral("option_id"), stringOrNull(data.value(QStringLiteral("option_id"))) },
        { QStringLiteral("seq"), seq } };
    return true;
}

QJsonObject SessionLedger::approvalToJson(const Approval &approval)
{
    const QString status = !approval.resolution.isEmpty() ? QStringLiteral("resolved")
        : !approval.decision.isEmpty()                    ? QStringLiteral("decided")
                                                          : QStringLiteral("pending");
    return { { QStringLiteral("approval_id"), approval.id }, { QStringLiteral("title"), orNull(approval.title) },
        { QStringLiteral("options"), approval.options }, { QStringLiteral("requested_seq"), approval.requestedSeq },
        { QStringLiteral("status"), status },
        { QStringLiteral("decision"), approval.decision.isEmpty() ? QJsonValue() : QJsonValue(approval.decision) },
        { QStringLiteral("resolution"),
            approval.resolution.isEmpty() ? QJsonValue() : QJsonValue(approval.resolution) } };
}

SessionLedger::Approval SessionLedger::approvalFromJson(const QJsonObject &object)
{
    Approval approval;
    approval.id = object.value(QStringLiteral("approval_id")).toString();
    approval.title = object.value(QStringLiteral("title")).toString();
    approval.options = object.value(QStringLiteral("options")).toArray();
    approval.requestedSeq = object.value(QStringLiteral("requested_seq")).toInteger();
    approval.decision = object.value(QStringLiteral("decision")).toObject();
    approval.resolution = object.value(QStringLiteral("resolution")).toObject();
    return approval;
}

QJsonArray SessionLedger::approvalsToJson(const Session &session)
{
    QJsonArray approvals;
    for (const Approval &approval : session.approvals) {
        approvals.append(approvalToJson(approval));
    }
    return approvals;
}

ApiReply SessionLedger::claim(
    const Claimant &runner, const QJsonObject &body, bool outstanding, bool deadlinePassed, const QDateTime &now)
{
    FieldReader reader(body);
    const qint64 waitSeconds = reader.integer(QStringLiteral("wait_seconds"), 0, ProtocolLimits::maxWaitSeconds);
    const qint64 freeSlots = reader.integer(QStringLiteral("free_slots"), 0, 1024);
    if (!reader.ok()) {
        return reader.error();
    }
    if (!runner.revokedCode.isEmpty()) {
        return ApiReply::error(401, runner.revokedCode, QStringLiteral("the runner's credential is no longer valid"));
    }
    if (outstanding) {
        return ApiReply::error(409, QStringLiteral("claim_outstanding"),
            QStringLiteral("this runner already has a claim request outstanding"));
    }
    if (!runner.ready) {
        return ApiReply::error(
            409, QStringLiteral("not_ready"), QStringLiteral("the runner's last heartbeat did not say ready"));
    }
    if (freeSlots < 1) {
        return ApiReply::error(409, QStringLiteral("no_free_slot"), QStringLiteral("free_slots must be at least 1"));
    }
    for (qsizetype i = 0; i < m_queue.size(); ++i) {
        const QString sessionId = m_queue.at(i); // a copy: the queue changes below
        Session &session = m_sessions[sessionId];
        // Owned Runs go to their owner's paired Runners, ownerless ones to Workspace Runners.
        if (session.pool != runner.pool || session.ownerPrincipalId != runner.ownerPrincipalId) {
            continue;
        }
        session.status = Status::Claimed;
        session.runnerId = runner.runnerId;
        session.claimId = WireFormat::newId(QStringLiteral("clm"));
        session.claimedAt = now;
        session.leaseExpiresAt = now.addSecs(m_settings.leaseTtlSeconds);
        for (const QJsonValue &directive : std::as_const(session.heldDirectives)) {
            m_control.queue(runner.runnerId, directive.toObject());
        }
        session.heldDirectives = QJsonArray();
        m_queue.removeAt(i);
        m_claimed.insert(sessionId);
        m_persist(Persist::Now);
        return ApiReply::ok({ { QStringLiteral("claim"),
            QJsonObject { { QStringLiteral("claim_id"), session.claimId }, { QStringLiteral("run_id"), session.runId },
                { QStringLiteral("session_id"), session.id },
                { QStringLiteral("lease_ttl_seconds"), m_settings.leaseTtlSeconds },
                { QStringLiteral("run_spec"), session.runSpec } } } });
    }
    if (waitSeconds == 0 || deadlinePassed) {
        return ApiReply::noContent();
    }
    return ApiReply::parked(static_cast<int>(waitSeconds));
}

std::optional<ApiReply> SessionLedger::checkLiveClaim(Session &session, const QString &claimId, const QDateTime &now)
{
    if (claimId != session.claimId) {
        return ApiReply::invalidField(QStringLiteral("claim_id"), QStringLiteral("does not match the run's claim"));
    }
    if (session.status == Status::Settled) {
        return settledReply(session);
    }
    if (now >= session.leaseExpiresAt) {
        settleByServer(session, QStringLiteral("failed"), leaseExpired, now);
        return settledReply(session);
    }
    return std::nullopt;
}

ApiReply SessionLedger::settledReply(const Session &session)
{
    if (session.settlement.value(QStringLiteral("settled_by")) == QLatin1String("server")
        && session.settlement.value(QStringLiteral("reason")) == leaseExpired) {
        return ApiReply::error(
            409, QStringLiteral("lease_lost"), QStringLiteral("the lease expired; the server settled the run"));
    }
    return ApiReply::error(409, QStringLiteral("already_settled"), QStringLiteral("the run is already settled"));
}

ApiReply SessionLedger::observe(const QString &runnerId, const QString &runId, const QJsonObject &body,
    qint64 bodyBytes, const QDateTime &now, const ObservationBatch *batch)
{
    Session *session = sessionOfRun(runnerId, runId);
    if (!session) {
        return runNotFound();
    }
    if (bodyBytes > ProtocolLimits::maxBatchBytes) {
        return ApiReply::error(413, QStringLiteral("batch_too_large"),
            QStringLiteral("an observation batch is limited to 1 MiB (this one: %1 bytes)").arg(bodyBytes));
    }
    FieldReader reader(body);
    const QString claimId = reader.string(QStringLiteral("claim_id"));
    const QJsonArray events = reader.array(QStringLiteral("events"));
    if (!reader.ok()) {
        return reader.error();
    }
    if (events.size() > ProtocolLimits::maxBatchEvents) {
        return ApiReply::error(413, QStringLiteral("batch_too_large"),
            QStringLiteral("an observation batch is limited to 512 events (this one: %1)").arg(events.size()));
    }
    if (std::optional<ApiReply> refused = checkLiveClaim(*session, claimId, now)) {
        return *refused;
    }
    // The whole batch is checked before any of it is kept.
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QString name = QStringLiteral("events[%1]").arg(i);
        if (!events.at(i).isObject()) {
            return ApiReply::invalidField(name, QStringLiteral("must be an object"));
        }
        FieldReader eventReader(events.at(i).toObject(), name);
        eventReader.integer(QStringLiteral("seq"), 1, maxJsonInteger);
        const QString at = eventReader.string(QStringLiteral("at"));
        eventReader.string(QStringLiteral("kind"));
        eventReader.object(QStringLiteral("data"));
        if (eventReader.ok() && !WireFormat::isTimestamp(at)) {
            eventReader.fail(QStringLiteral("at"), QStringLiteral("must be a UTC time like 2026-11-30T12:00:00.000Z"));
        }
        if (!eventReader.ok()) {
            return eventReader.error();
        }
    }
    // Seqs already acknowledged are ignored (the first content stays); a gap keeps the prefix.
    qint64 acked = session->ackedThrough;
    bool gap = false;
    QByteArray lines;
    // approval.requested/resolved events (rare) have their data read once more and are applied
    // after the journal took the batch; no other event's data is converted again (on the
    // RapidJSON path only its kind's bytes are looked at). Other approval.* kinds stay events only.
    struct ApprovalEvent
    {
        qint64 seq;
        bool requested;
        QJsonObject data;
    };
    QList<ApprovalEvent> approvalEvents;
    QJsonObject snapshot; // the batch's last workspace.snapshot
    const QString receivedAt = WireFormat::timestamp(now);
    const QByteArray receivedAtText = receivedAt.toLatin1();
    if (batch) {
        lines.reserve(bodyBytes + events.size() * 64);
    }
    for (qsizetype i = 0; i < events.size(); ++i) {
        const QJsonObject event = events.at(i).toObject();
        const qint64 seq = event.value(QStringLiteral("seq")).toInteger();
        if (seq <= acked) {
            continue;
        }
        if (seq != acked + 1) {
            gap = true;
            break;
        }
        if (batch) {
            const QByteArrayView kind = batch->kindOf(i);
            if (kind.startsWith("approval.") && (kind == "approval.requested" || kind == "approval.resolved")) {
                approvalEvents.append({ seq, kind == "approval.requested", batch->dataOf(i) });
            } else if (kind == "workspace.snapshot") {
                snapshot = snapshotMetadata(batch->dataOf(i));
            }
        } else {
            const QString kind = event.value(QStringLiteral("kind")).toString();
            if (kind.startsWith(approvalPrefix) && (kind == approvalRequested || kind == approvalResolved)) {
                approvalEvents.append(
                    { seq, kind == approvalRequested, event.value(QStringLiteral("data")).toObject() });
            } else if (kind == workspaceSnapshot) {
                snapshot = snapshotMetadata(event.value(QStringLiteral("data")).toObject());
            }
        }
        // The server's own receipt time, for latency figures (benchmarks); not part of the wire event.
        if (batch) {
            batch->appendJournalLine(i, receivedAtText, lines);
        } else {
            QJsonObject stored = event;
            stored.insert(QStringLiteral("received_at"), receivedAt);
            lines += QJsonDocument(stored).toJson(QJsonDocument::Compact) + '\n';
        }
        acked = seq;
    }
    if (!m_journal.append(session->id, lines)) {
        return ApiReply::error(500, QStringLiteral("storage_failed"), QStringLiteral("cannot store the events"));
    }
    session->ackedThrough = acked;
    bool approvalsChanged = false;
    for (const ApprovalEvent &approvalEvent : std::as_const(approvalEvents)) {
        approvalsChanged = learnApproval(*session, approvalEvent.seq, approvalEvent.requested, approvalEvent.data)
            || approvalsChanged;
    }
    if (!snapshot.isEmpty()) {
        session->snapshot = snapshot;
        approvalsChanged = true; // kept in the state file as well: written at once
    }
    // Any batch that reached the ledger shows a live claim, a gapped one included.
    session->leaseExpiresAt = now.addSecs(m_settings.leaseTtlSeconds);
    // The journal already holds the events; the state file only needs the new lease, later.
    // Approvals live in the state file, so a batch that changed one is written at once.
    m_persist(approvalsChanged ? Persist::Now : Persist::Soon);
    if (gap) {
        return ApiReply::error(409, QStringLiteral("seq_gap"),
            QStringLiteral("events must follow seq %1 without a gap; resend from %2").arg(acked).arg(acked + 1),
            { { QStringLiteral("expected_seq"), acked + 1 }, { QStringLiteral("acked_through"), acked } });
    }
    return ApiReply::ok({ { QStringLiteral("acked_through"), acked },
        { QStringLiteral("lease_expires_at"), WireFormat::timestamp(session->leaseExpiresAt) },
        { QStringLiteral("cancel_requested"), session->cancelRequested } });
}

ApiReply SessionLedger::settle(
    const QString &runnerId, const QString &runId, const QJsonObject &body, const QDateTime &now)
{
    static const QStringList outcomes { QStringLiteral("succeeded"), QStringLiteral("failed"),
        QStringLiteral("cancelled"), QStringLiteral("refused") };
    static const QStringList refusalReasons { QStringLiteral("tier_unavailable"),
        QStringLiteral("network_boundary_unavailable"), QStringLiteral("retention_unavailable"),
        QStringLiteral("driver_unsupported"), QStringLiteral("launch_kind_unsupported"),
        QStringLiteral("resources_outside_ceiling"), QStringLiteral("harness_model_mismatch"),
        QStringLiteral("mount_unsupported"), QStringLiteral("snapshot_unavailable"),
        QStringLiteral("plane_protocol_unsupported"), QStringLiteral("invalid_run_spec") };

    Session *session = sessionOfRun(runnerId, runId);
    if (!session) {
        return runNotFound();
    }
    FieldReader reader(body);
    const QString claimId = reader.string(QStringLiteral("claim_id"));
    const qint64 finalSeq = reader.integer(QStringLiteral("final_seq"), 0, maxJsonInteger);
    const QString outcome = reader.string(QStringLiteral("outcome"));
    const std::optional<QString> reason = reader.optionalString(QStringLiteral("reason"));
    const std::optional<qint64> exitCode
        = reader.optionalInteger(QStringLiteral("exit_code"), -2147483648LL, 2147483647LL);
    const QJsonObject usage = reader.object(QStringLiteral("usage"));
    if (reader.ok() && !outcomes.contains(outcome)) {
        reader.fail(QStringLiteral("outcome"), QStringLiteral("must be succeeded, failed, cancelled or refused"));
    }
    if (reader.ok() && outcome == QLatin1String("refused") && !refusalReasons.contains(reason.value_or(QString()))) {
        reader.fail(QStringLiteral("reason"), QStringLiteral("a refusal needs one of the reason codes of §6.2"));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    FieldReader usageReader(usage, QStringLiteral("usage"));
    usageReader.optionalInteger(QStringLiteral("cpu_ms"), 0, maxJsonInteger);
    usageReader.optionalInteger(QStringLiteral("wall_ms"), 0, maxJsonInteger);
    const std::optional<QString> source = usageReader.optionalString(QStringLiteral("model_usage_source"));
    if (usageReader.ok() && source && *source != QLatin1String("absent") && *source != QLatin1String("reported")) {
        usageReader.fail(QStringLiteral("model_usage_source"), QStringLiteral("must be absent, reported or null"));
    }
    if (!usageReader.ok()) {
        return usageReader.error();
    }
    if (claimId != session->claimId) {
        return ApiReply::invalidField(QStringLiteral("claim_id"), QStringLiteral("does not match the run's claim"));
    }
    if (session->status == Status::Settled) {
        // The same settlement again (a Runner resending after our idempotency cache was lost).
        if (session->settlement.value(QStringLiteral("settled_by")) == QLatin1String("runner")
            && session->settleRequest == body) {
            return ApiReply::ok({ { QStringLiteral("settled"), true }, { QStringLiteral("outcome"), outcome } });
        }
        return settledReply(*session);
    }
    if (now >= session->leaseExpiresAt) {
        settleByServer(*session, QStringLiteral("failed"), leaseExpired, now);
        return settledReply(*session);
    }
    if (finalSeq > session->ackedThrough) {
        return ApiReply::error(409, QStringLiteral("unacked_events"),
            QStringLiteral("events are acknowledged only through seq %1").arg(session->ackedThrough),
            { { QStringLiteral("acked_through"), session->ackedThrough } });
    }
    if (finalSeq < session->ackedThrough) {
        return ApiReply::invalidField(
            QStringLiteral("final_seq"), QStringLiteral("is below the acknowledged seq %1").arg(session->ackedThrough));
    }
    session->status = Status::Settled;
    session->settleRequest = body;
    session->settlement
        = { { QStringLiteral("outcome"), outcome }, { QStringLiteral("reason"), orNull(reason.value_or(QString())) },
              { QStringLiteral("exit_code"), exitCode ? QJsonValue(*exitCode) : QJsonValue() },
              { QStringLiteral("usage"), usage }, { QStringLiteral("final_seq"), finalSeq },
              { QStringLiteral("settled_by"), QStringLiteral("runner") },
              { QStringLiteral("settled_at"), WireFormat::timestamp(now) } };
    m_claimed.remove(session->id);
    m_persist(Persist::Now);
    return ApiReply::ok({ { QStringLiteral("settled"), true }, { QStringLiteral("outcome"), outcome } });
}

std::optional<ApiReply> SessionLedger::checkMcp(
    const QString &runnerId, const QString &runId, const QJsonObject &body, const QDateTime &now, McpBatch *batch)
{
    static const QRegularExpression connectionShape(
        QRegularExpression::anchoredPattern(QStringLiteral("mcpc_[0-9a-f]{32}")));
    Session *session = sessionOfRun(runnerId, runId);
    if (!session) {
        return runNotFound();
    }
    FieldReader reader(body);
    const QString claimId = reader.string(QStringLiteral("claim_id"));
    batch->protocol = reader.string(QStringLiteral("protocol"));
    batch->connection = reader.string(QStringLiteral("connection"));
    batch->messages = reader.array(QStringLiteral("messages"));
    if (!reader.ok()) {
        return reader.error();
    }
    if (std::optional<ApiReply> refused = checkLiveClaim(*session, claimId, now)) {
        return *refused;
    }
    QStringList asked;
    for (const QJsonValue &entry : session->runSpec.value(QStringLiteral("plane_mcp")).toArray()) {
        asked.append(entry.toObject().value(QStringLiteral("protocol")).toString());
    }
    if (!asked.contains(batch->protocol)) {
        return ApiReply::invalidField(QStringLiteral("protocol"),
            asked.isEmpty() ? QStringLiteral("this run asked for no plane protocol (run_spec.plane_mcp is empty)")
                            : QStringLiteral("must be one this run asked for in run_spec.plane_mcp: %1")
                                  .arg(asked.join(QStringLiteral(", "))));
    }
    if (!PlatformMcpServer::protocols().contains(batch->protocol)) {
        return ApiReply::invalidField(QStringLiteral("protocol"),
            QStringLiteral("this devplane serves %1 only")
                .arg(PlatformMcpServer::protocols().join(QStringLiteral(", "))));
    }
    if (!connectionShape.match(batch->connection).hasMatch()) {
        return ApiReply::invalidField(
            QStringLiteral("connection"), QStringLiteral("must be mcpc_ followed by 32 lowercase hex digits"));
    }
    for (qsizetype i = 0; i < batch->messages.size(); ++i) {
        const QString problem = PlatformMcpServer::shapeProblem(batch->messages.at(i));
        if (!problem.isEmpty()) {
            return ApiReply::invalidField(QStringLiteral("messages[%1]").arg(i), problem);
        }
    }
    batch->sessionId = session->id;
    return std::nullopt;
}

bool SessionLedger::addNote(
    const QString &sessionId, const QString &protocol, const QString &text, const QDateTime &now)
{
    Session *session = findSession(sessionId);
    if (!session || session->notes.size() >= maxNotes) {
        return false;
    }
    session->notes.append(QJsonObject { { QStringLiteral("at"), WireFormat::timestamp(now) },
        { QStringLiteral("protocol"), protocol }, { QStringLiteral("text"), text } });
    m_persist(Persist::Now);
    return true;
}

QString SessionLedger::claimingRunner(const QString &runId) const
{
    const auto it = m_sessions.constFind(m_sessionOfRun.value(runId));
    return it != m_sessions.constEnd() && it->status == Status::Claimed ? it->runnerId : QString();
}

void SessionLedger::settleByServer(
    Session &session, const QString &outcome, const QString &reason, const QDateTime &now)
{
    session.status = Status::Settled;
    session.settlement = { { QStringLiteral("outcome"), outcome }, { QStringLiteral("reason"), reason },
        { QStringLiteral("exit_code"), QJsonValue() }, { QStringLiteral("usage"), QJsonValue() },
        { QStringLiteral("final_seq"), session.ackedThrough },
        { QStringLiteral("settled_by"), QStringLiteral("server") },
        { QStringLiteral("settled_at"), WireFormat::timestamp(now) } };
    session.heldDirectives = QJsonArray();
    m_queue.removeOne(session.id);
    m_claimed.remove(session.id);
    m_persist(Persist::Now);
}

void SessionLedger::failRunsOf(const QString &runnerId, const QString &reason, const QDateTime &now)
{
    const QSet<QString> claimed = m_claimed;
    for (const QString &sessionId : claimed) {
        Session &session = m_sessions[sessionId];
        if (session.runnerId == runnerId) {
            settleByServer(session, QStringLiteral("failed"), reason, now);
        }
    }
}

void SessionLedger::expireLeases(const QDateTime &now)
{
    const QSet<QString> claimed = m_claimed;
    for (const QString &sessionId : claimed) {
        Session &session = m_sessions[sessionId];
        if (now >= session.leaseExpiresAt) {
            settleByServer(session, QStringLiteral("failed"), leaseExpired, now);
        }
    }
}

QJsonArray SessionLedger::toJson() const
{
    QJsonArray sessions;
    for (const QString &sessionId : m_order) {
        const Session &s = m_sessions[sessionId];
        sessions.append(QJsonObject { { QStringLiteral("session_id"), s.id }, { QStringLiteral("run_id"), s.runId },
            { QStringLiteral("run_spec"), s.runSpec }, { QStringLiteral("runner_pool"), s.pool },
            { QStringLiteral("owner_principal_id"), orNull(s.ownerPrincipalId) },
            { QStringLiteral("created_at"), WireFormat::timestamp(s.createdAt) },
            { QStringLiteral("status"), statusName(s.status) }, { QStringLiteral("runner_id"), orNull(s.runnerId) },
            { QStringLiteral("claim_id"), orNull(s.claimId) },
            { QStringLiteral("claimed_at"), timeOrNull(s.claimedAt) },
            { QStringLiteral("lease_expires_at"), timeOrNull(s.leaseExpiresAt) },
            { QStringLiteral("acked_through"), s.ackedThrough },
            { QStringLiteral("cancel_requested"), s.cancelRequested },
            { QStringLiteral("held_directives"), s.heldDirectives },
            { QStringLiteral("settlement"), s.settlement.isEmpty() ? QJsonValue() : QJsonValue(s.settlement) },
            { QStringLiteral("settle_request"),
                s.settleRequest.isEmpty() ? QJsonValue() : QJsonValue(s.settleRequest) },
            { QStringLiteral("approvals"), approvalsToJson(s) },
            { QStringLiteral("snapshot"), s.snapshot.isEmpty() ? QJsonValue() : QJsonValue(s.snapshot) },
            { QStringLiteral("notes"), s.notes } });
    }
    return sessions;
}

void SessionLedger::fromJson(const QJsonArray &sessions, const QDateTime &now)
{
    for (const QJsonValue &value : sessions) {
        const QJsonObject o = value.toObject();
        Session s;
        s.id = o.value(QStringLiteral("session_id")).toString();
        s.runId = o.value(QStringLiteral("run_id")).toString();
        s.runSpec = o.value(QStringLiteral("run_spec")).toObject();
        s.pool = o.value(QStringLiteral("runner_pool")).toString();
        s.ownerPrincipalId = o.value(QStringLiteral("owner_principal_id")).toString();
        s.createdAt = parseTime(o.value(QStringLiteral("created_at")));
        s.status = statusFromName(o.value(QStringLiteral("status")).toString());
        s.runnerId = o.value(QStringLiteral("runner_id")).toString();
        s.claimId = o.value(QStringLiteral("claim_id")).toString();
        s.claimedAt = parseTime(o.value(QStringLiteral("claimed_at")));
        s.leaseExpiresAt = parseTime(o.value(QStringLiteral("lease_expires_at")));
        s.cancelRequested = o.value(QStringLiteral("cancel_requested")).toBool();
        s.heldDirectives = o.value(QStringLiteral("held_directives")).toArray();
        s.settlement = o.value(QStringLiteral("settlement")).toObject();
        s.settleRequest = o.value(QStringLiteral("settle_request")).toObject();
        s.snapshot = snapshotMetadata(o.value(QStringLiteral("snapshot")).toObject());
        s.notes = o.value(QStringLiteral("notes")).toArray();
        for (const QJsonValue &approval : o.value(QStringLiteral("approvals")).toArray()) {
            s.approvals.append(approvalFromJson(approval.toObject()));
        }
        if (s.id.isEmpty() || s.runId.isEmpty()) {
            continue;
        }
        // The journal is written before a batch is acknowledged, so it, not the (debounced)
        // state file, knows how far the acknowledgements went.
        s.ackedThrough = m_journal.recover(s.id);
        if (s.status == Status::Queued) {
            m_queue.append(s.id);
        } else if (s.status == Status::Claimed) {
            s.leaseExpiresAt = std::max(s.leaseExpiresAt, now.addSecs(m_settings.leaseTtlSeconds));
            m_claimed.insert(s.id);
        }
        m_sessions.insert(s.id, s);
        m_order.append(s.id);
        m_sessionOfRun.insert(s.runId, s.id);
    }
}

} // namespace devplane
