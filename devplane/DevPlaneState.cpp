#include "DevPlaneState.h"

#include "CapabilityCeiling.h"
#include "FieldReader.h"
#include "OwnerOnlyFile.h"
#include "WireFormat.h"

#include <QFile>
#include <QJsonDocument>

#include <algorithm>
#include <cstdio>

namespace devplane {

namespace {

QString timeOrEmpty(const QDateTime &time)
{
    return time.isValid() ? WireFormat::timestamp(time) : QString();
}

QDateTime parseTime(const QJsonValue &value)
{
    return QDateTime::fromString(value.toString(), Qt::ISODateWithMs);
}

ApiReply unauthenticated(const QString &code, const QString &message)
{
    return ApiReply::error(401, code, message);
}

} // namespace

namespace {
constexpr int saveDebounceMs = 200;
} // namespace

DevPlaneState::DevPlaneState(const DevPlaneSettings &settings)
    : m_settings(settings)
    , m_sessions(settings, m_control,
          [this](SessionLedger::Persist persist) {
              if (persist == SessionLedger::Persist::Now) {
                  save();
              } else {
                  scheduleSave();
              }
          })
    , m_mcpServer([this](const PlatformMcpServer::Context &context, const QString &text) {
        return m_sessions.addNote(context.sessionId, context.protocol, text, QDateTime::currentDateTimeUtc());
    })
    , m_mcpCalls(settings.mcpAnswerWindowMs, [this](const QString &runId, const QJsonObject &directive) {
        // A Run that settled meanwhile has no connection left to answer.
        const QString runnerId = m_sessions.claimingRunner(runId);
        if (runnerId.isEmpty()) {
            return;
        }
        m_control.queue(runnerId, directive);
        scheduleSave();
        if (m_directiveListener) {
            m_directiveListener();
        }
    })
{
    m_saveTimer.setSingleShot(true);
    m_saveTimer.setInterval(saveDebounceMs);
    QObject::connect(&m_saveTimer, &QTimer::timeout, &m_saveTimer, [this]() { save(); });
}

DevPlaneState::~DevPlaneState()
{
    flush();
}

void DevPlaneState::scheduleSave()
{
    if (!m_settings.statePath.isEmpty() && !m_saveTimer.isActive()) {
        m_saveTimer.start();
    }
}

void DevPlaneState::flush()
{
    if (m_saveTimer.isActive()) {
        save();
    }
}

Claimant DevPlaneState::claimant(const QString &runnerId) const
{
    Claimant claimant;
    const auto it = m_runners.constFind(runnerId);
    if (it == m_runners.constEnd()) {
        claimant.revokedCode = QStringLiteral("invalid_credential");
        return claimant;
    }
    claimant.runnerId = it->id;
    claimant.pool = it->pool;
    claimant.ownerPrincipalId = it->owner.toObject().value(QStringLiteral("principal_id")).toString();
    const auto presence = m_presences.constFind(runnerId);
    claimant.ready = presence != m_presences.constEnd() && presence->status == QLatin1String("ready");
    if (it->credentialRevoked) {
        claimant.revokedCode = QStringLiteral("credential_revoked");
    } else if (it->generationRevoked) {
        claimant.revokedCode = QStringLiteral("generation_revoked");
    }
    return claimant;
}

ApiReply DevPlaneState::pollControl(const QString &runnerId, const std::optional<QString> &after, int waitSeconds,
    bool outstanding, bool deadlinePassed)
{
    const Claimant runner = claimant(runnerId);
    if (!runner.revokedCode.isEmpty()) {
        return unauthenticated(runner.revokedCode, QStringLiteral("the runner's credential is no longer valid"));
    }
    if (outstanding) {
        return ApiReply::error(409, QStringLiteral("poll_outstanding"),
            QStringLiteral("this runner already has a control poll outstanding"));
    }
    const std::optional<ControlChannel::Batch> batch = m_control.take(runnerId, after);
    if (!batch) {
        return ApiReply::invalidField(
            QStringLiteral("after"), QStringLiteral("is not a cursor this server handed out"));
    }
    if (batch->changed) {
        scheduleSave(); // acknowledgements and delivery marks
    }
    if (batch->directives.isEmpty() && waitSeconds > 0 && !deadlinePassed) {
        return ApiReply::parked(waitSeconds);
    }
    return ApiReply::ok(
        { { QStringLiteral("cursor"), batch->cursor }, { QStringLiteral("directives"), batch->directives } });
}

bool DevPlaneState::load(QString *error)
{
    if (!m_sessions.open(error)) {
        return false;
    }
    if (!m_settings.statePath.isEmpty() && QFile::exists(m_settings.statePath)) {
        QFile file(m_settings.statePath);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(m_settings.statePath, file.errorString());
            return false;
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (!document.isObject()) {
            *error = QStringLiteral("%1 is not a state file: %2").arg(m_settings.statePath, parseError.errorString());
            return false;
        }
        fromJson(document.object());
    }
    // Fixed dev identities, generated once and then kept with the state.
    if (m_organizationId.isEmpty()) {
        m_organizationId = WireFormat::newId(QStringLiteral("org"));
        m_workspaceId = WireFormat::newId(QStringLiteral("ws"));
        m_runnerPool = WireFormat::newId(QStringLiteral("rpool"));
        m_principalId = WireFormat::newId(QStringLiteral("prin"));
    }
    m_sessions.setDefaultPool(m_runnerPool);
    if (!save()) {
        *error = QStringLiteral("cannot write %1").arg(m_settings.statePath);
        return false;
    }
    return true;
}

QJsonObject DevPlaneState::identities() const
{
    return { { QStringLiteral("organization_id"), m_organizationId }, { QStringLiteral("workspace_id"), m_workspaceId },
        { QStringLiteral("runner_pool"), m_runnerPool }, { QStringLiteral("principal_id"), m_principalId } };
}

DevPlaneState::CredentialKind DevPlaneState::classify(const QString &credential) const
{
    if (credential.startsWith(QLatin1String("cfw_")) && m_tokens.contains(credential)) {
        return CredentialKind::Workload;
    }
    if (credential.startsWith(QLatin1String("cfb_"))) {
        const QString digest = WireFormat::digest(credential);
        for (const Runner &runner : m_runners) {
            if (!runner.credentialDigest.isEmpty() && runner.credentialDigest == digest) {
                return CredentialKind::Bootstrap;
            }
        }
        for (const ApiKey &key : m_apiKeys) {
            if (key.secretDigest == digest) {
                return CredentialKind::Bootstrap;
            }
        }
    }
    return CredentialKind::Unknown;
}

QString DevPlaneState::runnerIdFor(const QString &credential) const
{
    if (const auto token = m_tokens.constFind(credential); token != m_tokens.constEnd()) {
        return token->runnerId;
    }
    const QString digest = WireFormat::digest(credential);
    for (const Runner &runner : m_runners) {
        if (!runner.credentialDigest.isEmpty() && runner.credentialDigest == digest) {
            return runner.id;
        }
    }
    for (const ApiKey &key : m_apiKeys) {
        if (key.secretDigest == digest) {
            return key.runnerId;
        }
    }
    return {};
}

int DevPlaneState::rateLimitFor(const QString &runnerId) const
{
    for (const ApiKey &key : m_apiKeys) {
        if (key.runnerId == runnerId) {
            return key.rateLimitPerMinute;
        }
    }
    return 0;
}

std::optional<ApiReply> DevPlaneState::checkWorkload(
    const QString &tokenValue, bool allowSignedOff, const QDateTime &now)
{
    const auto tokenIt = m_tokens.constFind(tokenValue);
    if (tokenIt == m_tokens.constEnd()) {
        return unauthenticated(QStringLiteral("invalid_credential"), QStringLiteral("unknown workload token"));
    }
    const Token token = *tokenIt;
    Runner &runner = m_runners[token.runnerId];
    if (runner.credentialRevoked) {
        return unauthenticated(QStringLiteral("credential_revoked"), QStringLiteral("the credential was revoked"));
    }
    if (runner.generationRevoked || token.generation != runner.generation) {
        return unauthenticated(QStringLiteral("generation_revoked"), QStringLiteral("the generation was revoked"));
    }
    // A signed-off token is dead, so its reuse is not a second live process: no clone fencing.
    if (token.signedOff) {
        if (allowSignedOff) {
            return std::nullopt;
        }
        return unauthenticated(QStringLiteral("token_superseded"), QStringLiteral("the token was signed off"));
    }
    if (token.nonce != runner.currentNonce) {
        revokeGeneration(runner);
        return unauthenticated(QStringLiteral("generation_revoked"),
            QStringLiteral("two processes used one generation; the generation was revoked"));
    }
    if (now >= token.expiresAt) {
        return unauthenticated(QStringLiteral("token_expired"), QStringLiteral("the workload token expired"));
    }
    if (token.supersededAt.isValid() && now >= token.supersededAt) {
        return unauthenticated(QStringLiteral("token_superseded"), QStringLiteral("the token was rotated"));
    }
    return std::nullopt;
}

void DevPlaneState::revokeGeneration(Runner &runner)
{
    runner.generationRevoked = true;
    if (runner.revokeReason.isEmpty()) {
        runner.revokeReason = QStringLiteral("clone");
    }
    m_presences.remove(runner.id);
    m_sessions.failRunsOf(runner.id, QStringLiteral("generation_revoked"), QDateTime::currentDateTimeUtc());
    save();
}

ApiReply DevPlaneState::createPairing(const QJsonObject &body, const QDateTime &now)
{
    FieldReader reader(body);
    const QString principalId = reader.optionalString(QStringLiteral("principal_id")).value_or(m_principalId);
    const QString label = reader.optionalString(QStringLiteral("machine_label")).value_or(QString());
    const qint64 expiresIn
        = reader.optionalInteger(QStringLiteral("expires_in_seconds"), 1, 7 * 24 * 3600).value_or(600);
    if (reader.ok() && !WireFormat::hasIdShape(principalId, QStringLiteral("prin"))) {
        reader.fail(
            QStringLiteral("principal_id"), QStringLiteral("must be prin_ followed by 32 lowercase hex digits"));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    Pairing pairing;
    pairing.id = WireFormat::newId(QStringLiteral("rpair"));
    do {
        pairing.code = WireFormat::newPairingCode();
    } while (m_pairings.contains(pairing.code));
    pairing.principalId = principalId;
    pairing.machineLabel = label;
    pairing.createdAt = now;
    pairing.expiresAt = now.addSecs(expiresIn);
    m_pairings.insert(pairing.code, pairing);
    save();
    return ApiReply::ok({ { QStringLiteral("pairing_id"), pairing.id }, { QStringLiteral("code"), pairing.code },
                            { QStringLiteral("expires_at"), WireFormat::timestamp(pairing.expiresAt) } },
        201);
}

ApiReply DevPlaneState::redeemPairing(const QJsonObject &body, const QDateTime &now)
{
    FieldReader reader(body);
    const QString code = reader.string(QStringLiteral("code"));
    const QString label = reader.string(QStringLiteral("machine_label"));
    const QJsonObject platform = reader.object(QStringLiteral("platform"));
    const QString runnerVersion = reader.string(QStringLiteral("runner_version"));
    if (reader.ok()) {
        FieldReader platformReader(platform, QStringLiteral("platform"));
        platformReader.string(QStringLiteral("os"));
        platformReader.string(QStringLiteral("architecture"));
        if (!platformReader.ok()) {
            return platformReader.error();
        }
        if (!WireFormat::isPairingCode(code)) {
            reader.fail(QStringLiteral("code"), QStringLiteral("is not a pairing code in normal form"));
        }
    }
    if (!reader.ok()) {
        return reader.error();
    }
    const auto it = m_pairings.find(code);
    if (it == m_pairings.end()) {
        return ApiReply::error(404, QStringLiteral("pairing_not_found"), QStringLiteral("no such pairing code"));
    }
    if (!it->runnerId.isEmpty()) {
        return ApiReply::error(
            409, QStringLiteral("pairing_already_redeemed"), QStringLiteral("the pairing code was already redeemed"));
    }
    if (now >= it->expiresAt) {
        return ApiReply::error(410, QStringLiteral("pairing_expired"), QStringLiteral("the pairing code expired"));
    }

    const QString credential = QStringLiteral("cfb_") + WireFormat::randomHex(64);
    Runner runner;
    runner.id = WireFormat::newId(QStringLiteral("runner"));
    runner.credentialDigest = WireFormat::digest(credential);
    // The server stamps the owner from the pairing; the redeemer's label fills in only when
    // the admin gave none.
    runner.owner = QJsonObject { { QStringLiteral("principal_id"), it->principalId },
        { QStringLiteral("machine_label"), it->machineLabel.isEmpty() ? label : it->machineLabel } };
    runner.workspaceId = m_workspaceId;
    runner.pool = m_runnerPool;
    // The plane protocols this devplane serves (§6.10): a Runner may relay no other.
    runner.enrollment
        = { { QStringLiteral("placement"), QStringLiteral("byoc") }, { QStringLiteral("runner_pool"), m_runnerPool },
              { QStringLiteral("plane_protocols"), QJsonArray::fromStringList(PlatformMcpServer::protocols()) } };
    runner.runnerVersion = runnerVersion;
    runner.createdAt = now;
    m_runners.insert(runner.id, runner);
    it->runnerId = runner.id;
    save();
    return ApiReply::ok(
        { { QStringLiteral("runner_id"), runner.id }, { QStringLiteral("bootstrap_credential"), credential },
            { QStringLiteral("workspace_id"), runner.workspaceId }, { QStringLiteral("runner_pool"), runner.pool },
            { QStringLiteral("owner"), runner.owner }, { QStringLiteral("enrollment"), runner.enrollment } },
        201);
}

ApiReply DevPlaneState::createApiKey(const QString &organizationId, const QJsonObject &body, const QDateTime &now)
{
    if (organizationId != m_organizationId) {
        return ApiReply::notFound(QStringLiteral("no such organization"));
    }
    FieldReader reader(body);
    const QString displayName = reader.string(QStringLiteral("display_name"));
    const QString role = reader.string(QStringLiteral("role"));
    const QJsonObject scope = reader.object(QStringLiteral("scope"));
    const qint64 rateLimit = reader.optionalInteger(QStringLiteral("rate_limit_per_minute"), 0, 1000000).value_or(0);
    const QJsonObject enrollment = reader.optionalObject(QStringLiteral("runner_enrollment")).value_or(QJsonObject());
    if (reader.ok() && role != QLatin1String("runner")) {
        reader.fail(QStringLiteral("role"), QStringLiteral("must be \"runner\""));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    FieldReader scopeReader(scope, QStringLiteral("scope"));
    const QString scopeType = scopeReader.string(QStringLiteral("type"));
    const QString workspaceId = scopeReader.string(QStringLiteral("workspace_id"));
    if (scopeReader.ok() && scopeType != QLatin1String("workspace")) {
        scopeReader.fail(QStringLiteral("type"), QStringLiteral("must be \"workspace\""));
    }
    if (!scopeReader.ok()) {
        return scopeReader.error();
    }
    if (workspaceId != m_workspaceId) {
        return ApiReply::error(403, QStringLiteral("wrong_workspace"),
            QStringLiteral("the workspace does not belong to this organization"));
    }
    const QJsonValue pool = enrollment.value(QStringLiteral("runner_pool"));
    if (!pool.isUndefined() && !pool.isNull() && !pool.isString()) {
        return ApiReply::invalidField(
            QStringLiteral("runner_enrollment.runner_pool"), QStringLiteral("must be a string or null"));
    }

    const QString secret = QStringLiteral("cfb_") + WireFormat::randomHex(64);
    ApiKey key;
    key.id = WireFormat::newId(QStringLiteral("key"));
    key.displayName = displayName;
    key.secretDigest = WireFormat::digest(secret);
    key.workspaceId = workspaceId;
    key.rateLimitPerMinute = static_cast<int>(rateLimit);
    key.enrollment = enrollment;
    key.runnerId = WireFormat::newId(QStringLiteral("runner"));
    key.createdAt = now;
    m_apiKeys.insert(key.id, key);
    save();
    return ApiReply::ok({ { QStringLiteral("id"), key.id }, { QStringLiteral("secret"), secret } }, 201);
}

DevPlaneState::Runner *DevPlaneState::runnerForBootstrap(const QString &credential)
{
    const QString digest = WireFormat::digest(credential);
    for (Runner &runner : m_runners) {
        if (!runner.credentialDigest.isEmpty() && runner.credentialDigest == digest) {
            return &runner;
        }
    }
    for (const ApiKey &key : std::as_const(m_apiKeys)) {
        if (key.secretDigest != digest) {
            continue;
        }
        if (!m_runners.contains(key.runnerId)) {
            // A key's Runner appears at its first exchange and keeps the reserved id.
            Runner runner;
            runner.id = key.runnerId;
            runner.apiKeyId = key.id;
            runner.owner = QJsonValue::Null;
            runner.workspaceId = key.workspaceId;
            const QString pool = key.enrollment.value(QStringLiteral("runner_pool")).toString();
            runner.pool = pool.isEmpty() ? m_runnerPool : pool;
            runner.enrollment = key.enrollment;
            runner.enrollment.insert(QStringLiteral("placement"), QStringLiteral("byoc"));
            runner.enrollment.insert(QStringLiteral("runner_pool"), runner.pool);
            if (!runner.enrollment.contains(QStringLiteral("plane_protocols"))) {
                runner.enrollment.insert(
                    QStringLiteral("plane_protocols"), QJsonArray::fromStringList(PlatformMcpServer::protocols()));
            }
            runner.createdAt = QDateTime::currentDateTimeUtc();
            m_runners.insert(runner.id, runner);
        }
        return &m_runners[key.runnerId];
    }
    return nullptr;
}

ApiReply DevPlaneState::exchange(const QString &bootstrapCredential, const QJsonObject &body, const QDateTime &now)
{
    Runner *runner = runnerForBootstrap(bootstrapCredential);
    if (!runner) {
        return unauthenticated(QStringLiteral("invalid_credential"), QStringLiteral("unknown bootstrap credential"));
    }
    if (runner->credentialRevoked) {
        return unauthenticated(QStringLiteral("credential_revoked"), QStringLiteral("the credential was revoked"));
    }
    if (runner->generationRevoked) {
        return unauthenticated(QStringLiteral("generation_revoked"), QStringLiteral("the generation was revoked"));
    }
    FieldReader reader(body);
    const QString nonce = reader.string(QStringLiteral("process_nonce"));
    const QJsonObject advertisement = reader.object(QStringLiteral("advertisement"));
    const QString runnerVersion = reader.string(QStringLiteral("runner_version"));
    if (reader.ok() && !WireFormat::isLowerHex(nonce, 64)) {
        reader.fail(QStringLiteral("process_nonce"), QStringLiteral("must be 64 lowercase hex digits"));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    // Same nonce: the same process again (expiry, devplane restart). A new one supersedes.
    if (runner->currentNonce != nonce) {
        runner->currentNonce = nonce;
    }
    if (!runner->nonces.contains(nonce)) {
        runner->nonces.append(nonce);
    }
    runner->exchanges += 1;
    runner->advertisement = advertisement;
    runner->runnerVersion = runnerVersion;
    return issueToken(*runner, nonce, now);
}

ApiReply DevPlaneState::issueToken(Runner &runner, const QString &nonce, const QDateTime &now)
{
    Token token;
    token.runnerId = runner.id;
    token.generation = runner.generation;
    token.nonce = nonce;
    token.expiresAt = now.addSecs(m_settings.tokenTtlSeconds);
    const qint64 refreshMs = std::clamp<qint64>(qint64(m_settings.refreshAfterSeconds) * 1000, 0,
        std::max<qint64>(0, qint64(m_settings.tokenTtlSeconds) * 1000 - 1000));
    const QString value = QStringLiteral("cfw_") + WireFormat::randomHex(64);
    m_tokens.insert(value, token);
    save();

    QJsonObject links { { QStringLiteral("dashboard"), m_baseUrl + QStringLiteral("/dashboard") },
        { QStringLiteral("approval"), m_baseUrl + QStringLiteral("/sessions/{session_id}/approvals/{approval_id}") } };
    return ApiReply::ok({ { QStringLiteral("workload_token"), value },
        { QStringLiteral("expires_at"), WireFormat::timestamp(token.expiresAt) },
        { QStringLiteral("refresh_after"), WireFormat::timestamp(now.addMSecs(refreshMs)) },
        { QStringLiteral("runner_id"), runner.id }, { QStringLiteral("runner_generation"), runner.generation },
        { QStringLiteral("workspace_id"), runner.workspaceId }, { QStringLiteral("runner_pool"), runner.pool },
        { QStringLiteral("owner"), runner.owner },
        { QStringLiteral("ceiling"),
            CapabilityCeiling::intersect(runner.enrollment, runner.advertisement, runner.pool) },
        { QStringLiteral("heartbeat_interval_seconds"), m_settings.heartbeatIntervalSeconds },
        { QStringLiteral("presence_ttl_seconds"), m_settings.presenceTtlSeconds },
        { QStringLiteral("links"), links } });
}

ApiReply DevPlaneState::rotate(const QString &tokenValue, const QJsonObject &body, const QDateTime &now)
{
    Token &token = m_tokens[tokenValue];
    FieldReader reader(body);
    const QString nonce = reader.string(QStringLiteral("process_nonce"));
    if (reader.ok() && nonce != token.nonce) {
        reader.fail(QStringLiteral("process_nonce"), QStringLiteral("does not match the token's process nonce"));
    }
    if (!reader.ok()) {
        return reader.error();
    }
    // The old token keeps working through the in-flight overlap, never past its own expiry.
    const QDateTime overlapEnd = std::min(now.addSecs(m_settings.overlapSeconds), token.expiresAt);
    if (!token.supersededAt.isValid() || overlapEnd < token.supersededAt) {
        token.supersededAt = overlapEnd;
    }
    Runner &runner = m_runners[token.runnerId];
    runner.rotations += 1;
    return issueToken(runner, nonce, now);
}

ApiReply DevPlaneState::signOff(const QString &tokenValue)
{
    const Token token = m_tokens.value(tokenValue);
    if (token.signedOff) {
        return ApiReply::ok({}); // a retried sign-off
    }
    // Every token of this process dies, the overlap one included.
    for (Token &other : m_tokens) {
        if (other.runnerId == token.runnerId && other.nonce == token.nonce) {
            other.signedOff = true;
        }
    }
    m_presences.remove(token.runnerId);
    m_runners[token.runnerId].signoffs += 1;
    save();
    return ApiReply::ok({});
}

ApiReply DevPlaneState::putPresence(const QString &tokenValue, const QJsonObject &body, const QDateTime &now)
{
    const Token token = m_tokens.value(tokenValue);
    Runner &runner = m_runners[token.runnerId];
    runner.lastPresence = body; // recorded before validation: the dev view shows what arrived

    FieldReader reader(body);
    const QString status = reader.string(QStringLiteral("status"));
    const QJsonObject slotCounts = reader.object(QStringLiteral("slots"));
    const QJsonArray activeRuns = reader.array(QStringLiteral("active_runs"));
    const QJsonObject advertisement = reader.object(QStringLiteral("advertisement"));
    if (reader.ok()
        && !QStringList { QStringLiteral("ready"), QStringLiteral("draining"), QStringLiteral("stopping") }.contains(
            status)) {
        reader.fail(QStringLiteral("status"), QStringLiteral("must be ready, draining or stopping"));
    }
    if (reader.ok()) {
        for (qsizetype i = 0; i < activeRuns.size(); ++i) {
            if (!activeRuns.at(i).isString()) {
                reader.fail(QStringLiteral("active_runs[%1]").arg(i), QStringLiteral("must be a string"));
            }
        }
    }
    if (!reader.ok()) {
        save();
        return reader.error();
    }
    FieldReader slotReader(slotCounts, QStringLiteral("slots"));
    const qint64 total = slotReader.integer(QStringLiteral("total"), 0, 1024);
    const qint64 busy = slotReader.integer(QStringLiteral("busy"), 0, 1024);
    if (slotReader.ok() && busy > total) {
        slotReader.fail(QStringLiteral("busy"), QStringLiteral("must not exceed slots.total"));
    }
    if (!slotReader.ok()) {
        save();
        return slotReader.error();
    }

    Presence presence;
    presence.status = status;
    presence.slotCounts = slotCounts;
    presence.activeRuns = activeRuns;
    presence.advertisement = advertisement;
    presence.lastSeenAt = now;
    m_presences.insert(runner.id, presence);
    // The heartbeat's advertisement replaces the previous one for the next ceiling.
    runner.advertisement = advertisement;
    const QJsonArray directives = runner.directives;
    runner.directives = QJsonArray();
    save();
    return ApiReply::ok({ { QStringLiteral("presence_ttl_seconds"), m_settings.presenceTtlSeconds },
        { QStringLiteral("directives"), directives } });
}

QJsonObject DevPlaneState::presenceJson(const Runner &runner, const Presence &presence) const
{
    return { { QStringLiteral("runner_id"), runner.id }, { QStringLiteral("runner_generation"), runner.generation },
        { QStringLiteral("runner_pool"), runner.pool }, { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("status"), presence.status }, { QStringLiteral("owner"), runner.owner },
        { QStringLiteral("slots"), presence.slotCounts }, { QStringLiteral("active_runs"), presence.activeRuns },
        { QStringLiteral("advertisement"), presence.advertisement },
        { QStringLiteral("last_seen_at"), WireFormat::timestamp(presence.lastSeenAt) },
        { QStringLiteral("expires_at"),
            WireFormat::timestamp(presence.lastSeenAt.addSecs(m_settings.presenceTtlSeconds)) } };
}

ApiReply DevPlaneState::listPresences(const QString &tokenValue, const QString &ownerFilter, const QDateTime &now) const
{
    QString pool;
    QString ownerScope;
    if (!tokenValue.isEmpty()) {
        const Runner caller = m_runners.value(m_tokens.value(tokenValue).runnerId);
        pool = caller.pool;
        // A paired Runner sees only its owner's machines.
        ownerScope = caller.owner.toObject().value(QStringLiteral("principal_id")).toString();
    }
    QJsonArray data;
    for (auto it = m_presences.begin(); it != m_presences.end(); ++it) {
        const Runner runner = m_runners.value(it.key());
        const QString owner = runner.owner.toObject().value(QStringLiteral("principal_id")).toString();
        if (now >= it->lastSeenAt.addSecs(m_settings.presenceTtlSeconds)) {
            continue;
        }
        if ((!pool.isEmpty() && runner.pool != pool) || (!ownerScope.isEmpty() && owner != ownerScope)) {
            continue;
        }
        // Workspace Runners have no owner and never match an owner filter.
        if (!ownerFilter.isEmpty() && (owner.isEmpty() || owner != ownerFilter)) {
            continue;
        }
        data.append(presenceJson(runner, *it));
    }
    return ApiReply::ok({ { QStringLiteral("data"), data } });
}

ApiReply DevPlaneState::revokeCredential(const QString &runnerId)
{
    const auto it = m_runners.find(runnerId);
    if (it == m_runners.end()) {
        return ApiReply::notFound(QStringLiteral("no such runner"));
    }
    it->credentialRevoked = true;
    if (it->revokeReason.isEmpty()) {
        it->revokeReason = QStringLiteral("credential_revoked");
    }
    m_presences.remove(runnerId);
    // The generation may have been fenced first: then its Runs are settled already.
    m_sessions.failRunsOf(runnerId, QStringLiteral("credential_revoked"), QDateTime::currentDateTimeUtc());
    save();
    return ApiReply::ok({});
}

ApiReply DevPlaneState::relayMcp(const QString &runnerId, const QString &runId, const QJsonObject &body,
    const QString &idempotencyKey, bool deadlinePassed, const QDateTime &now)
{
    SessionLedger::McpBatch batch;
    if (std::optional<ApiReply> refused = m_sessions.checkMcp(runnerId, runId, body, now, &batch)) {
        return *refused;
    }
    const PlatformMcpServer::Context context { batch.sessionId, batch.protocol };
    return m_mcpCalls.relay(
        runnerId + QLatin1Char(' ') + idempotencyKey, { runId, batch.protocol, batch.connection, batch.messages },
        [this, &context, &batch]() { return m_mcpServer.handle(context, batch.messages); }, deadlinePassed);
}

ApiReply DevPlaneState::queueDirective(const QString &runnerId, const QString &type)
{
    const auto it = m_runners.find(runnerId);
    if (it == m_runners.end()) {
        return ApiReply::notFound(QStringLiteral("no such runner"));
    }
    // Both ways (§7): the next presence answer and the control channel; a duplicate is a no-op.
    it->directives.append(QJsonObject { { QStringLiteral("type"), type } });
    m_control.queue(runnerId, QJsonObject { { QStringLiteral("type"), type } });
    save();
    return ApiReply::ok({});
}

ApiReply DevPlaneState::describeRunner(const QString &runnerId) const
{
    const auto it = m_runners.constFind(runnerId);
    if (it == m_runners.constEnd()) {
        return ApiReply::notFound(QStringLiteral("no such runner"));
    }
    return ApiReply::ok({ { QStringLiteral("runner_id"), it->id },
        { QStringLiteral("runner_generation"), it->generation },
        { QStringLiteral("revoked"), it->credentialRevoked || it->generationRevoked },
        { QStringLiteral("revoke_reason"), it->revokeReason.isEmpty() ? QJsonValue() : QJsonValue(it->revokeReason) },
        { QStringLiteral("nonces"), QJsonArray::fromStringList(it->nonces) },
        { QStringLiteral("current_nonce"), it->currentNonce.isEmpty() ? QJsonValue() : QJsonValue(it->currentNonce) },
        { QStringLiteral("exchanges"), it->exchanges }, { QStringLiteral("rotations"), it->rotations },
        { QStringLiteral("signoffs"), it->signoffs },
        { QStringLiteral("last_presence"), it->lastPresence.isUndefined() ? QJsonValue() : it->lastPresence },
        { QStringLiteral("owner"), it->owner }, { QStringLiteral("runner_pool"), it->pool },
        { QStringLiteral("api_key_id"), it->apiKeyId.isEmpty() ? QJsonValue() : QJsonValue(it->apiKeyId) },
        { QStringLiteral("pending_directives"), it->directives },
        { QStringLiteral("pending_control_directives"), m_control.pending(it->id) },
        { QStringLiteral("present"), m_presences.contains(it->id) } });
}

bool DevPlaneState::save()
{
    m_saveTimer.stop();
    if (m_settings.statePath.isEmpty()) {
        return true;
    }
    // Written beside (a fresh owner-only file of a random name) and renamed into place: atomic against
    // a crash of this process (what the tests exercise) without QSaveFile's fsync, whose cost grew
    // with every Session and slowed each claim.
    QString error;
    if (!OwnerOnlyFile::replace(m_settings.statePath, QJsonDocument(toJson()).toJson(QJsonDocument::Compact), &error)) {
        qWarning("checkfu-devplane: cannot write state file %s", qPrintable(error));
        return false;
    }
    return true;
}

QJsonObject DevPlaneState::toJson() const
{
    QJsonArray pairings;
    for (const Pairing &pairing : m_pairings) {
        pairings.append(QJsonObject { { QStringLiteral("id"), pairing.id }, { QStringLiteral("code"), pairing.code },
            { QStringLiteral("principal_id"), pairing.principalId },
            { QStringLiteral("machine_label"), pairing.machineLabel },
            { QStringLiteral("created_at"), timeOrEmpty(pairing.createdAt) },
            { QStringLiteral("expires_at"), timeOrEmpty(pairing.expiresAt) },
            { QStringLiteral("runner_id"), pairing.runnerId } });
    }
    QJsonArray keys;
    for (const ApiKey &key : m_apiKeys) {
        keys.append(QJsonObject { { QStringLiteral("id"), key.id }, { QStringLiteral("display_name"), key.displayName },
            { QStringLiteral("secret_sha256"), key.secretDigest }, { QStringLiteral("workspace_id"), key.workspaceId },
            { QStringLiteral("rate_limit_per_minute"), key.rateLimitPerMinute },
            { QStringLiteral("runner_enrollment"), key.enrollment }, { QStringLiteral("runner_id"), key.runnerId },
            { QStringLiteral("created_at"), timeOrEmpty(key.createdAt) } });
    }
    QJsonArray runners;
    for (const Runner &runner : m_runners) {
        runners.append(QJsonObject { { QStringLiteral("id"), runner.id },
            { QStringLiteral("credential_sha256"), runner.credentialDigest },
            { QStringLiteral("api_key_id"), runner.apiKeyId }, { QStringLiteral("owner"), runner.owner },
            { QStringLiteral("workspace_id"), runner.workspaceId }, { QStringLiteral("runner_pool"), runner.pool },
            { QStringLiteral("enrollment"), runner.enrollment }, { QStringLiteral("generation"), runner.generation },
            { QStringLiteral("credential_revoked"), runner.credentialRevoked },
            { QStringLiteral("generation_revoked"), runner.generationRevoked },
            { QStringLiteral("revoke_reason"), runner.revokeReason },
            { QStringLiteral("current_nonce"), runner.currentNonce },
            { QStringLiteral("nonces"), QJsonArray::fromStringList(runner.nonces) },
            { QStringLiteral("exchanges"), runner.exchanges }, { QStringLiteral("rotations"), runner.rotations },
            { QStringLiteral("signoffs"), runner.signoffs }, { QStringLiteral("advertisement"), runner.advertisement },
            { QStringLiteral("last_presence"), runner.lastPresence.isUndefined() ? QJsonValue() : runner.lastPresence },
            { QStringLiteral("directives"), runner.directives },
            { QStringLiteral("runner_version"), runner.runnerVersion },
            { QStringLiteral("created_at"), timeOrEmpty(runner.createdAt) } });
    }
    return { { QStringLiteral("format"), 1 }, { QStringLiteral("organization_id"), m_organizationId },
        { QStringLiteral("workspace_id"), m_workspaceId }, { QStringLiteral("runner_pool"), m_runnerPool },
        { QStringLiteral("principal_id"), m_principalId }, { QStringLiteral("pairings"), pairings },
        { QStringLiteral("api_keys"), keys }, { QStringLiteral("runners"), runners },
        { QStringLiteral("control"), m_control.toJson() }, { QStringLiteral("sessions"), m_sessions.toJson() } };
}

void DevPlaneState::fromJson(const QJsonObject &root)
{
    m_organizationId = root.value(QStringLiteral("organization_id")).toString();
    m_workspaceId = root.value(QStringLiteral("workspace_id")).toString();
    m_runnerPool = root.value(QStringLiteral("runner_pool")).toString();
    m_principalId = root.value(QStringLiteral("principal_id")).toString();
    for (const QJsonValue &value : root.value(QStringLiteral("pairings")).toArray()) {
        const QJsonObject o = value.toObject();
        Pairing pairing;
        pairing.id = o.value(QStringLiteral("id")).toString();
        pairing.code = o.value(QStringLiteral("code")).toString();
        pairing.principalId = o.value(QStringLiteral("principal_id")).toString();
        pairing.machineLabel = o.value(QStringLiteral("machine_label")).toString();
        pairing.createdAt = parseTime(o.value(QStringLiteral("created_at")));
        pairing.expiresAt = parseTime(o.value(QStringLiteral("expires_at")));
        pairing.runnerId = o.value(QStringLiteral("runner_id")).toString();
        m_pairings.insert(pairing.code, pairing);
    }
    for (const QJsonValue &value : root.value(QStringLiteral("api_keys")).toArray()) {
        const QJsonObject o = value.toObject();
        ApiKey key;
        key.id = o.value(QStringLiteral("id")).toString();
        key.displayName = o.value(QStringLiteral("display_name")).toString();
        key.secretDigest = o.value(QStringLiteral("secret_sha256")).toString();
        key.workspaceId = o.value(QStringLiteral("workspace_id")).toString();
        key.rateLimitPerMinute = o.value(QStringLiteral("rate_limit_per_minute")).toInt();
        key.enrollment = o.value(QStringLiteral("runner_enrollment")).toObject();
        key.runnerId = o.value(QStringLiteral("runner_id")).toString();
        key.createdAt = parseTime(o.value(QStringLiteral("created_at")));
        m_apiKeys.insert(key.id, key);
    }
    for (const QJsonValue &value : root.value(QStringLiteral("runners")).toArray()) {
        const QJsonObject o = value.toObject();
        Runner runner;
        runner.id = o.value(QStringLiteral("id")).toString();
        runner.credentialDigest = o.value(QStringLiteral("credential_sha256")).toString();
        runner.apiKeyId = o.value(QStringLiteral("api_key_id")).toString();
        runner.owner = o.value(QStringLiteral("owner"));
        runner.workspaceId = o.value(QStringLiteral("workspace_id")).toString();
        runner.pool = o.value(QStringLiteral("runner_pool")).toString();
        runner.enrollment = o.value(QStringLiteral("enrollment")).toObject();
        runner.generation = o.value(QStringLiteral("generation")).toInt(1);
        runner.credentialRevoked = o.value(QStringLiteral("credential_revoked")).toBool();
        runner.generationRevoked = o.value(QStringLiteral("generation_revoked")).toBool();
        runner.revokeReason = o.value(QStringLiteral("revoke_reason")).toString();
        runner.currentNonce = o.value(QStringLiteral("current_nonce")).toString();
        for (const QJsonValue &nonce : o.value(QStringLiteral("nonces")).toArray()) {
            runner.nonces.append(nonce.toString());
        }
        runner.exchanges = o.value(QStringLiteral("exchanges")).toInt();
        runner.rotations = o.value(QStringLiteral("rotations")).toInt();
        runner.signoffs = o.value(QStringLiteral("signoffs")).toInt();
        runner.advertisement = o.value(QStringLiteral("advertisement")).toObject();
        runner.lastPresence = o.value(QStringLiteral("last_presence"));
        runner.directives = o.value(QStringLiteral("directives")).toArray();
        runner.runnerVersion = o.value(QStringLiteral("runner_version")).toString();
        runner.createdAt = parseTime(o.value(QStringLiteral("created_at")));
        m_runners.insert(runner.id, runner);
    }
    m_control.fromJson(root.value(QStringLiteral("control")).toObject());
    m_sessions.fromJson(root.value(QStringLiteral("sessions")).toArray(), QDateTime::currentDateTimeUtc());
}

} // namespace devplane
