#include <runnercore/harness/AcpDriver.h>

#include <runnercore/base/Platform.h>
#include <runnercore/harness/JsonRpcConnection.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/model/SettleReason.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QUuid>

namespace runnercore {

namespace {

const HeldLogger logger("acp");

} // namespace

namespace {
const QString kSessionId = QStringLiteral("sessionId");

QString newId(const char *prefix)
{
    return QString::fromLatin1(prefix) + QUuid::createUuid().toString(QUuid::Id128);
}

QJsonObject cancelledOutcome()
{
    return { { QStringLiteral("outcome"),
        QJsonObject { { QStringLiteral("outcome"), QStringLiteral("cancelled") } } } };
}

bool isCancel(const QString &reason)
{
    return reason == wireName(SettleReason::CancelRequested) || reason == wireName(SettleReason::RunnerStopped);
}

// A positive integer, absent, or an error (for fs/read_text_file's line and limit).
bool optionalCount(const QJsonObject &params, const char *name, std::optional<qint64> *out)
{
    const QJsonValue v = params.value(QLatin1String(name));
    if (v.isUndefined() || v.isNull())
        return true;
    if (!v.isDouble() || v.toDouble() != double(v.toInteger()) || v.toInteger() < 0)
        return false;
    *out = v.toInteger();
    return true;
}
} // namespace

AcpDriver::AcpDriver(QObject *parent) : HarnessDriver(parent)
{
    m_closeTimer.setSingleShot(true);
    connect(&m_closeTimer, &QTimer::timeout, this, [this] {
        logger->info("run {}: the agent did not exit within {} ms of its stdin closing; terminating it",
            m_context.runId, m_closeGraceMs);
        if (m_process)
            m_process->terminate(m_context.terminateGraceMs);
    });
}

AcpDriver::~AcpDriver() = default;

QString AcpDriver::id() const
{
    return QStringLiteral("checkfu:acp-v1@1");
}

void AcpDriver::start(SandboxedProcess *process, const RunSpec &spec, const HarnessContext &context)
{
    if (m_state != State::NotStarted || !process)
        return;
    m_process = process;
    m_context = context;
    m_files = WorkspaceFileAccess(context.hostWorkspace, context.agentWorkspace);
    m_zdr = spec.isZeroDataRetention();
    m_turn = Turn { newId("turn_"), spec.prompt };
    m_rpc = new JsonRpcConnection(
        [this](const QByteArray &line) {
            if (m_process && m_state != State::Ended && !m_stdinClosed)
                m_process->writeStdin(line);
        },
        this);
    if (m_maxLineBytes > 0)
        m_rpc->setMaxLineBytes(m_maxLineBytes);
    connect(m_rpc, &JsonRpcConnection::requestReceived, this, &AcpDriver::onRequest);
    connect(m_rpc, &JsonRpcConnection::notificationReceived, this, &AcpDriver::onNotification);
    connect(m_rpc, &JsonRpcConnection::messageReceived, this, &AcpDriver::activity);
    connect(m_rpc, &JsonRpcConnection::invalidLine, this, &AcpDriver::onInvalidLine);
    connect(m_rpc, &JsonRpcConnection::lineTooLong, this, [this](qint64 size) {
        protocolError(QStringLiteral("acp_line_too_long"),
            tr("the agent wrote a line of more than %1 MiB (%2 bytes so far) to stdout; the run was stopped "
               "before it could exhaust memory")
                .arg(double(m_maxLineBytes > 0 ? m_maxLineBytes : JsonRpcConnection::DefaultMaxLineBytes)
                    / (1024 * 1024))
                .arg(size));
    });
    connect(process, &SandboxedProcess::started, this, &AcpDriver::onStarted);
    connect(process, &SandboxedProcess::startFailed, this, &AcpDriver::onStartFailed);
    connect(process, &SandboxedProcess::stdoutData, m_rpc, &JsonRpcConnection::feed);
    connect(process, &SandboxedProcess::stderrData, this, &AcpDriver::onStderr);
    m_stderrMasker = std::make_unique<StreamMasker>(m_masker, [this](const QByteArray &masked) {
        for (const QString &piece : m_stderr.append(masked))
            emit event(QStringLiteral("output.stderr"), QJsonObject { { QStringLiteral("text"), piece } });
    });
    connect(process, &SandboxedProcess::exited, this, &AcpDriver::onExited);
    transition(State::Handshake);
    process->start();
}

void AcpDriver::onStarted()
{
    if (m_state != State::Handshake || !m_turn) {
        // Interrupted while the process was still starting: the first turn has ended already.
        logger->info("run {}: the agent started in state {}; no handshake", m_context.runId, stateName(m_state));
        return;
    }
    // The handshake is part of the first turn (§6.7).
    emit event(QStringLiteral("turn.started"), QJsonObject { { QStringLiteral("turn_id"), m_turn->turnId } });
    updateIdleWatch();
    initialize();
}

void AcpDriver::initialize()
{
    const QJsonObject params { { QStringLiteral("protocolVersion"), ProtocolVersion },
        { QStringLiteral("clientCapabilities"),
            QJsonObject { { QStringLiteral("fs"),
                              QJsonObject { { QStringLiteral("readTextFile"), true },
                                  { QStringLiteral("writeTextFile"), true } } },
                // No terminal/* methods: the agent runs its own commands inside the sandbox.
                { QStringLiteral("terminal"), false } } },
        { QStringLiteral("clientInfo"),
            QJsonObject { { QStringLiteral("name"), QStringLiteral("checkfu-runner") },
                { QStringLiteral("title"), QStringLiteral("Checkfu Runner") },
                { QStringLiteral("version"), Platform::runnerVersion() } } } };
    m_rpc->sendRequest(QStringLiteral("initialize"), params,
        [this](const QJsonValue &result, const std::optional<JsonRpcError> &error) {
            if (m_state == State::Ended || !m_protocolError.isEmpty())
                return;
            if (error) {
                protocolError(QStringLiteral("acp_initialize_failed"),
                    tr("the agent refused initialize: %1 (code %2)").arg(error->message).arg(error->code));
                return;
            }
            const QJsonValue version = result.toObject().value(QLatin1String("protocolVersion"));
            if (!version.isDouble() || version.toDouble() != ProtocolVersion) {
                const QString seen = version.isUndefined() ? tr("no protocol version")
                    : version.isDouble()                   ? tr("ACP protocol version %1").arg(version.toDouble())
                                                           : tr("a protocol version that is not an integer");
                protocolError(QStringLiteral("acp_version_mismatch"),
                    tr("the agent answered initialize with %1; this Runner speaks ACP protocol "
                       "version %2 only, so it disconnected")
                        .arg(seen)
                        .arg(ProtocolVersion));
                return;
            }
            if (m_interruptReason.isEmpty())
                newSession();
        });
}

void AcpDriver::newSession()
{
    const QJsonObject params { { QStringLiteral("cwd"), m_context.agentWorkspace },
        { QStringLiteral("mcpServers"), m_context.mcpServers } };
    m_rpc->sendRequest(QStringLiteral("session/new"), params,
        [this](const QJsonValue &result, const std::optional<JsonRpcError> &error) {
            if (m_state == State::Ended || !m_protocolError.isEmpty())
                return;
            if (error) {
                protocolError(QStringLiteral("acp_session_failed"),
                    tr("the agent refused session/new: %1 (code %2)").arg(error->message).arg(error->code));
                return;
            }
            const QString sessionId = result.toObject().value(kSessionId).toString();
            if (sessionId.isEmpty()) {
                protocolError(
                    QStringLiteral("acp_session_failed"), tr("the agent answered session/new without a sessionId"));
                return;
            }
            m_sessionId = sessionId;
            if (!m_interruptReason.isEmpty() || m_state != State::Handshake)
                return;
            if (m_turn) {
                transition(State::InTurn);
                sendPrompt();
            } else {
                transition(State::Idle);
                afterTurn(); // the first turn was cancelled during the handshake
            }
        });
}

void AcpDriver::beginTurn(const Turn &turn)
{
    m_turn = turn;
    transition(State::InTurn);
    settleTurnState(); // a permission request sent out of turn still waits
    emit event(QStringLiteral("turn.started"), QJsonObject { { QStringLiteral("turn_id"), turn.turnId } });
    updateIdleWatch();
    sendPrompt();
}

void AcpDriver::sendPrompt()
{
    const QJsonObject params { { kSessionId, m_sessionId }, { QStringLiteral("prompt"), m_turn->prompt } };
    const QString turnId = m_turn->turnId;
    m_rpc->sendRequest(QStringLiteral("session/prompt"), params,
        [this, turnId](const QJsonValue &result, const std::optional<JsonRpcError> &error) {
            if (m_state == State::Ended || !m_turn || m_turn->turnId != turnId)
                return; // the turn already ended (idle timeout, deadline, ...)
            QString stopReason;
            if (error) {
                // An error right after a cancel counts as cancelled.
                if (m_state == State::Cancelling || isCancel(m_interruptReason)) {
                    stopReason = QStringLiteral("cancelled");
                } else {
                    warn(QStringLiteral("acp_prompt_failed"),
                        tr("the agent answered session/prompt with an error: %1 (code %2)")
                            .arg(error->message)
                            .arg(error->code));
                    stopReason = QStringLiteral("error");
                }
            } else {
                stopReason = result.toObject().value(QLatin1String("stopReason")).toString();
                if (stopReason.isEmpty()) {
                    warn(QStringLiteral("acp_prompt_failed"),
                        tr("the agent answered session/prompt without a stopReason"));
                    stopReason = QStringLiteral("error");
                }
            }
            endTurn(stopReason);
            afterTurn();
        });
}

void AcpDriver::endTurn(const QString &stopReason)
{
    if (!m_turn)
        return;
    // A permission request cannot outlive its turn.
    cancelPendingApprovals();
    finishTextChunks(); // the turn's text is complete before its end
    const QString turnId = m_turn->turnId;
    m_turn.reset();
    if (m_state == State::InTurn || m_state == State::AwaitingApproval || m_state == State::Cancelling)
        transition(m_interruptReason.isEmpty() && m_protocolError.isEmpty() ? State::Idle : State::Stopping);
    emit event(QStringLiteral("turn.ended"),
        QJsonObject { { QStringLiteral("turn_id"), turnId }, { QStringLiteral("stop_reason"), stopReason } });
    updateIdleWatch();
    if (!m_interruptReason.isEmpty())
        emit quiesced();
}

void AcpDriver::afterTurn()
{
    // In Handshake, session/new is still on its way and calls us again.
    if (m_state != State::Idle)
        return;
    if (!m_queue.empty()) {
        const Turn next = m_queue.front();
        m_queue.pop_front();
        beginTurn(next);
    } else if (m_closeRequested) {
        closeSession();
    }
}

void AcpDriver::cancelTurn()
{
    if (m_state == State::InTurn || m_state == State::AwaitingApproval) {
        transition(State::Cancelling);
        cancelPendingApprovals();
        m_rpc->sendNotification(QStringLiteral("session/cancel"), QJsonObject { { kSessionId, m_sessionId } });
        // The turn ends with the prompt's answer; updates keep flowing until then.
    } else if (m_state == State::Handshake && m_turn) {
        cancelPendingApprovals();
        endTurn(QStringLiteral("cancelled")); // no prompt sent yet to wait for
    }
}

void AcpDriver::closeSession()
{
    if (m_state != State::Idle)
        return;
    transition(State::Closing);
    updateIdleWatch();
    logger->info("run {}: closing the agent's session", m_context.runId);
    // An SDK-based agent ends when its stdin closes; if it does not, it is terminated (§6.7).
    closeStdin();
    m_closeTimer.start(m_closeGraceMs);
}

void AcpDriver::closeStdin()
{
    if (m_stdinClosed || !m_process)
        return;
    m_stdinClosed = true;
    m_process->closeStdin();
}

int AcpDriver::interrupt(const QString &reason)
{
    if (m_state == State::Ended || !m_interruptReason.isEmpty())
        return 0;
    m_interruptReason = reason;
    m_closeTimer.stop();
    m_queue.clear();
    updateIdleWatch();
    const bool promptSent
        = m_state == State::InTurn || m_state == State::AwaitingApproval || m_state == State::Cancelling;
    if (isCancel(reason) && promptSent) {
        // §6.7: session/cancel, every pending permission answered cancelled, then up to 5 s for
        // the prompt's `cancelled` before the supervisor terminates the tree.
        transition(State::Cancelling);
        cancelPendingApprovals();
        m_rpc->sendNotification(QStringLiteral("session/cancel"), QJsonObject { { kSessionId, m_sessionId } });
        return CancelGraceMs;
    }
    // Nothing runs yet before start(); a session that is closing already stays Closing.
    if (m_state != State::NotStarted && m_state != State::Closing)
        transition(State::Stopping);
    cancelPendingApprovals();
    endTurn(stopReasonFor(reason));
    closeStdin();
    return 0;
}

void AcpDriver::directive(const QJsonObject &d)
{
    const QString type = d.value(QLatin1String("type")).toString();
    if (m_state == State::Ended || !m_interruptReason.isEmpty()) {
        logger->info("run {}: directive '{}' arrived after the run ended; ignored", m_context.runId, type);
        return;
    }
    if (type == QLatin1String("approval_decision")) {
        decide(d);
    } else if (type == QLatin1String("prompt")) {
        const QString turnId = d.value(QLatin1String("turn_id")).toString();
        const QJsonValue prompt = d.value(QLatin1String("prompt"));
        if (turnId.isEmpty() || !prompt.isArray() || prompt.toArray().isEmpty()) {
            warn(QStringLiteral("directive_invalid"),
                tr("a prompt directive without a turn_id or content blocks was ignored"));
            return;
        }
        if (m_closeRequested) {
            warn(QStringLiteral("directive_after_close"),
                tr("a prompt directive (turn %1) arrived after close and was ignored").arg(turnId));
            return;
        }
        // Turns run one at a time, in the order the Session sent them.
        m_queue.push_back(Turn { turnId, prompt.toArray() });
        afterTurn();
    } else if (type == QLatin1String("close")) {
        m_closeRequested = true;
        afterTurn(); // closes now if no turn runs, else after it
    } else {
        HarnessDriver::directive(d);
    }
}

void AcpDriver::decide(const QJsonObject &d)
{
    const QString approvalId = d.value(QLatin1String("approval_id")).toString();
    const auto it = std::find_if(
        m_approvals.begin(), m_approvals.end(), [&](const PendingApproval &a) { return a.approvalId == approvalId; });
    if (it == m_approvals.end()) {
        warn(QStringLiteral("approval_not_pending"),
            tr("a decision for approval %1, which is not pending, was ignored").arg(approvalId));
        return;
    }
    const QString outcome = d.value(QLatin1String("outcome")).toString();
    if (outcome == QLatin1String("selected")) {
        const QString optionId = d.value(QLatin1String("option_id")).toString();
        if (!it->optionIds.contains(optionId)) {
            QStringList offered(it->optionIds.cbegin(), it->optionIds.cend());
            offered.sort();
            warn(QStringLiteral("approval_option_unknown"),
                tr("the decision for approval %1 names option \"%2\", which was not offered (offered: %3); ignored")
                    .arg(approvalId, optionId, offered.join(QStringLiteral(", "))));
            return;
        }
        m_rpc->sendResult(it->requestId,
            QJsonObject { { QStringLiteral("outcome"),
                QJsonObject { { QStringLiteral("outcome"), QStringLiteral("selected") },
                    { QStringLiteral("optionId"), optionId } } } });
        resolveApproval(approvalId, outcome, optionId);
    } else if (outcome == QLatin1String("cancelled")) {
        // ACP answers `cancelled` only for a cancelled prompt: dismissing the request cancels the turn.
        if (m_turn) {
            cancelTurn();
        } else {
            m_rpc->sendResult(it->requestId, cancelledOutcome());
            resolveApproval(approvalId, outcome, QString());
        }
    } else {
        warn(QStringLiteral("directive_invalid"),
            tr("a decision for approval %1 has the outcome \"%2\"; it must be selected or cancelled; ignored")
                .arg(approvalId, outcome));
    }
}

void AcpDriver::requestPermission(const QJsonValue &id, const QJsonObject &params)
{
    if (!sessionMatches(params)) {
        m_rpc->sendError(id, JsonRpcError::InvalidParams, tr("unknown sessionId"));
        return;
    }
    if (!m_interruptReason.isEmpty() || m_state == State::Cancelling || m_state == State::Closing) {
        m_rpc->sendResult(id, cancelledOutcome());
        return;
    }
    if (m_approvals.size() >= MaxPendingApprovals) {
        m_rpc->sendResult(id, cancelledOutcome());
        ++m_approvalsOverLimit;
        if (m_approvalsOverLimit <= MaxApprovalLimitWarnings) {
            logger->warn("run {}: a permission request over the limit of {} pending was answered cancelled",
                m_context.runId, MaxPendingApprovals);
            warn(QStringLiteral("approval_limit"),
                tr("the agent asked for permission while %1 requests were already waiting for a decision, the most "
                   "the Runner keeps per run; the request was answered cancelled")
                    .arg(MaxPendingApprovals));
        } else if (m_approvalsOverLimit == MaxApprovalLimitWarnings + 1) {
            warn(QStringLiteral("approval_limit"),
                tr("the agent keeps asking for permission beyond %1 pending requests; further ones are answered "
                   "cancelled without a warning")
                    .arg(MaxPendingApprovals));
        }
        return;
    }
    QJsonArray options;
    QSet<QString> optionIds;
    for (const QJsonValue &value : params.value(QLatin1String("options")).toArray()) {
        const QJsonObject option = value.toObject();
        const QString optionId = option.value(QLatin1String("optionId")).toString();
        if (optionId.isEmpty() || optionIds.contains(optionId))
            continue;
        optionIds.insert(optionId);
        options.append(QJsonObject { { QStringLiteral("option_id"), optionId },
            { QStringLiteral("name"), option.value(QLatin1String("name")).toString(optionId) },
            { QStringLiteral("kind"), option.value(QLatin1String("kind")) } });
    }
    if (options.isEmpty()) {
        m_rpc->sendError(id, JsonRpcError::InvalidParams, tr("session/request_permission needs at least one option"));
        warn(QStringLiteral("acp_invalid_request"), tr("the agent asked for permission without offering any option"));
        return;
    }
    const QJsonObject toolCall = params.value(QLatin1String("toolCall")).toObject();
    QString title = toolCall.value(QLatin1String("title")).toString();
    if (title.isEmpty())
        title = tr("The agent asks for permission");
    const PendingApproval approval { newId("apr_"), id, optionIds };
    m_approvals.append(approval);
    settleTurnState();
    updateIdleWatch();
    const QJsonObject data { { QStringLiteral("approval_id"), approval.approvalId }, { QStringLiteral("title"), title },
        { QStringLiteral("tool_call"), toolCall }, { QStringLiteral("options"), options } };
    logger->info("run {}: approval {} requested", m_context.runId, approval.approvalId);
    emit event(QStringLiteral("approval.requested"), data);
    emit approvalRequested(data);
}

void AcpDriver::resolveApproval(const QString &approvalId, const QString &outcome, const QString &optionId)
{
    const auto it = std::find_if(
        m_approvals.begin(), m_approvals.end(), [&](const PendingApproval &a) { return a.approvalId == approvalId; });
    if (it == m_approvals.end())
        return;
    m_approvals.erase(it);
    settleTurnState();
    logger->info("run {}: approval {} {}", m_context.runId, approvalId, outcome);
    emit event(QStringLiteral("approval.resolved"),
        QJsonObject { { QStringLiteral("approval_id"), approvalId }, { QStringLiteral("outcome"), outcome },
            { QStringLiteral("option_id"), optionId.isEmpty() ? QJsonValue() : QJsonValue(optionId) } });
    emit approvalResolved(approvalId, outcome);
    updateIdleWatch();
}

void AcpDriver::cancelPendingApprovals()
{
    const QList<PendingApproval> pending = m_approvals;
    for (const PendingApproval &approval : pending) {
        if (m_state != State::Ended)
            m_rpc->sendResult(approval.requestId, cancelledOutcome());
        resolveApproval(approval.approvalId, QStringLiteral("cancelled"), QString());
    }
}

void AcpDriver::updateIdleWatch()
{
    // Silence counts while the agent works on a turn the run still wants, not while a person decides.
    const bool running = m_turn && m_interruptReason.isEmpty()
        && (m_state == State::Handshake || m_state == State::InTurn || m_state == State::Cancelling);
    if (running == m_idleRunning)
        return;
    m_idleRunning = running;
    emit idleWatch(running);
}

void AcpDriver::onRequest(const QJsonValue &id, const QString &method, const QJsonObject &params)
{
    if (method == QLatin1String("session/request_permission")) {
        requestPermission(id, params);
        return;
    }
    const bool read = method == QLatin1String("fs/read_text_file");
    if (read || method == QLatin1String("fs/write_text_file")) {
        if (!sessionMatches(params)) {
            m_rpc->sendError(id, JsonRpcError::InvalidParams, tr("unknown sessionId"));
            return;
        }
        const QString path = params.value(QLatin1String("path")).toString();
        WorkspaceFileAccess::Result result;
        if (read) {
            std::optional<qint64> line, limit;
            if (!optionalCount(params, "line", &line) || !optionalCount(params, "limit", &limit)) {
                m_rpc->sendError(
                    id, JsonRpcError::InvalidParams, tr("\"line\" and \"limit\" must be non-negative integers"));
                return;
            }
            result = m_files.readText(path, line, limit);
        } else {
            const QJsonValue content = params.value(QLatin1String("content"));
            if (!content.isString()) {
                m_rpc->sendError(id, JsonRpcError::InvalidParams, tr("\"content\" must be a string"));
                return;
            }
            result = m_files.writeText(path, content.toString());
        }
        if (!result.ok) {
            // ZDR: file names are content too; they stay in the run's own events.
            logger->info("run {}: {} refused{}{}", m_context.runId, method, m_zdr ? "" : ": ",
                m_zdr ? QString() : result.message);
            m_rpc->sendError(id, result.code, result.message);
        } else if (read) {
            m_rpc->sendResult(id, QJsonObject { { QStringLiteral("content"), result.content } });
        } else {
            m_rpc->sendResult(id, QJsonObject());
        }
        return;
    }
    m_rpc->sendError(id, JsonRpcError::MethodNotFound, tr("method not found: %1").arg(method));
}

void AcpDriver::onNotification(const QString &method, const QJsonObject &params)
{
    if (method == QLatin1String("session/update")) {
        if (sessionMatches(params)) {
            if (!relayTextChunk(params))
                emit event(QStringLiteral("acp.update"), params);
        } else
            logger->debug("run {}: an update for another session was ignored", m_context.runId);
        return;
    }
    // `_`-prefixed extensions and anything newer than us: tolerated, not relayed.
    logger->debug("run {}: notification '{}' ignored", m_context.runId, method);
}

void AcpDriver::onInvalidLine(qint64 size, const QString &why, const QString &preview)
{
    emit activity(); // output all the same
    ++m_junkLines;
    logger->warn("run {}: the agent wrote a line that is not a JSON-RPC message to stdout ({} bytes, {})",
        m_context.runId, size, why);
    if (m_junkLines <= MaxJunkWarnings) {
        emit event(QStringLiteral("run.warning"),
            QJsonObject { { QStringLiteral("kind"), QStringLiteral("acp_invalid_line") },
                { QStringLiteral("message"),
                    tr("the agent wrote a line that is not a JSON-RPC message to stdout (%1 bytes, %2); "
                       "it was skipped")
                        .arg(size)
                        .arg(why) },
                { QStringLiteral("size"), size }, { QStringLiteral("preview"), preview } });
    } else if (m_junkLines == MaxJunkWarnings + 1) {
        warn(QStringLiteral("acp_invalid_line"),
            tr("the agent keeps writing lines that are not JSON-RPC messages; further ones are skipped without a "
               "warning"));
    }
}

void AcpDriver::onStderr(const QByteArray &data)
{
    if (m_state == State::Ended || data.isEmpty())
        return;
    emit activity();
    m_stderrMasker->write(data);
}

bool AcpDriver::relayTextChunk(const QJsonObject &params)
{
    const QJsonObject update = params.value(QLatin1String("update")).toObject();
    const QString kind = update.value(QLatin1String("sessionUpdate")).toString();
    const QJsonObject content = update.value(QLatin1String("content")).toObject();
    const QJsonValue text = content.value(QLatin1String("text"));
    if (!kind.endsWith(QLatin1String("_chunk")) || content.value(QLatin1String("type")) != QLatin1String("text")
        || !text.isString())
        return false;
    TextChunkStream &stream = m_textChunks[kind];
    if (!stream.masker) {
        stream.masker = std::make_unique<StreamMasker>(m_masker, [this, &stream](const QByteArray &masked) {
            stream.out += masked;
            if (!stream.masker || stream.waiting.empty())
                return;
            // Called from write() (delivered below) or by the hold timer (delivered here).
            if (!m_deliveringText)
                deliverTextChunks(stream);
        });
    }
    const QByteArray bytes = text.toString().toUtf8();
    stream.waiting.push_back({ params, bytes.size() });
    stream.waitingBytes += bytes.size();
    m_deliveringText = true;
    stream.masker->write(bytes);
    m_deliveringText = false;
    deliverTextChunks(stream);
    return true;
}

void AcpDriver::deliverTextChunks(TextChunkStream &stream)
{
    if (stream.masker->maskCount() != stream.masksSeen) {
        stream.masksSeen = stream.masker->maskCount();
        stream.exact = false;
    }
    if (stream.exact) {
        // Nothing masked: every update whose text was passed on whole goes out untouched.
        while (!stream.waiting.empty() && stream.waiting.front().bytes <= stream.out.size()) {
            const TextChunkStream::Waiting w = stream.waiting.front();
            stream.waiting.pop_front();
            stream.waitingBytes -= w.bytes;
            stream.out.remove(0, w.bytes);
            emit event(QStringLiteral("acp.update"), w.params);
        }
        return;
    }
    // Something was masked, so the texts no longer line up with the updates: what was passed on
    // goes out in the first waiting update; updates passed on whole are used up.
    if (stream.waiting.empty())
        return;
    QJsonObject params = stream.waiting.front().params;
    qsizetype passed = stream.waitingBytes - stream.masker->heldBytes();
    while (!stream.waiting.empty() && stream.waiting.front().bytes <= passed) {
        passed -= stream.waiting.front().bytes;
        stream.waitingBytes -= stream.waiting.front().bytes;
        stream.waiting.pop_front();
    }
    if (!stream.waiting.empty()) {
        stream.waiting.front().bytes -= passed;
        stream.waitingBytes -= passed;
    }
    if (!stream.out.isEmpty()) {
        QJsonObject update = params.value(QLatin1String("update")).toObject();
        QJsonObject content = update.value(QLatin1String("content")).toObject();
        content.insert(QStringLiteral("text"), QString::fromUtf8(stream.out));
        update.insert(QStringLiteral("content"), content);
        params.insert(QStringLiteral("update"), update);
        stream.out.clear();
        emit event(QStringLiteral("acp.update"), params);
    }
    if (stream.waiting.empty())
        stream.exact = true;
}

void AcpDriver::finishTextChunks()
{
    for (auto &[kind, stream] : m_textChunks) {
        m_deliveringText = true;
        stream.masker->finish();
        m_deliveringText = false;
        deliverTextChunks(stream);
    }
}

void AcpDriver::protocolError(const QString &kind, const QString &message)
{
    if (!m_protocolError.isEmpty() || m_state == State::Ended)
        return;
    m_protocolError = message;
    logger->error("run {}: {}", m_context.runId, message);
    warn(kind, message);
    // A session that is closing already stays Closing; the verdict names the error all the same.
    if (m_state != State::Closing)
        transition(State::Stopping);
    cancelPendingApprovals();
    endTurn(QStringLiteral("error"));
    updateIdleWatch();
    closeStdin();
    if (m_process)
        m_process->terminate(m_context.terminateGraceMs);
}

void AcpDriver::onExited(int exitCode, int signalNumber)
{
    if (m_state == State::Ended)
        return;
    m_rpc->finish(); // a last line without a newline
    finishTextChunks();
    if (m_stderrMasker)
        m_stderrMasker->finish();
    for (const QString &piece : m_stderr.flush())
        emit event(QStringLiteral("output.stderr"), QJsonObject { { QStringLiteral("text"), piece } });
    const State exitedIn = m_state;
    transition(State::Ended);
    m_closeTimer.stop();
    m_rpc->failPending(tr("the agent exited"));
    cancelPendingApprovals();
    if (m_turn)
        endTurn(exitedIn == State::Cancelling ? QStringLiteral("cancelled")
                : m_interruptReason.isEmpty() ? QStringLiteral("error")
                                              : stopReasonFor(m_interruptReason));
    updateIdleWatch();
    emit finished(exitCode, signalNumber, QString()); // last: a listener may delete us
}

void AcpDriver::onStartFailed(const QString &message)
{
    if (m_state == State::Ended)
        return;
    transition(State::Ended);
    emit finished(-1, 0, message); // last: a listener may delete us
}

std::optional<HarnessVerdict> AcpDriver::verdict() const
{
    if (!m_protocolError.isEmpty())
        return HarnessVerdict { QStringLiteral("failed"), wireName(SettleReason::HarnessProtocolError) };
    if (m_state == State::Closing || m_endedIn == State::Closing)
        return HarnessVerdict { QStringLiteral("succeeded"), QString() };
    if (m_interruptReason.isEmpty())
        return HarnessVerdict { QStringLiteral("failed"), wireName(SettleReason::HarnessExited) };
    return std::nullopt;
}

const char *AcpDriver::stateName(State state)
{
    switch (state) {
    case State::NotStarted:
        return "not_started";
    case State::Handshake:
        return "handshake";
    case State::InTurn:
        return "in_turn";
    case State::AwaitingApproval:
        return "awaiting_approval";
    case State::Cancelling:
        return "cancelling";
    case State::Idle:
        return "idle";
    case State::Closing:
        return "closing";
    case State::Stopping:
        return "stopping";
    case State::Ended:
        return "ended";
    }
    return "unknown";
}

bool AcpDriver::allowed(State from, State to)
{
    using S = State;
    switch (from) {
    case S::NotStarted:
        return to == S::Handshake;
    case S::Handshake:
        // InTurn: the session is ready and the run's prompt goes out; Idle: the first turn ended before.
        return to == S::InTurn || to == S::Idle || to == S::Stopping || to == S::Ended;
    case S::InTurn:
        return to == S::AwaitingApproval || to == S::Cancelling || to == S::Idle || to == S::Stopping || to == S::Ended;
    case S::AwaitingApproval:
        return to == S::InTurn || to == S::Cancelling || to == S::Idle || to == S::Stopping || to == S::Ended;
    case S::Cancelling:
        // Stopping: the prompt's answer came after the Runner cancelled the run.
        return to == S::Idle || to == S::Stopping || to == S::Ended;
    case S::Idle:
        return to == S::InTurn || to == S::Closing || to == S::Stopping || to == S::Ended;
    case S::Closing:
    case S::Stopping:
        return to == S::Ended;
    case S::Ended:
        return false;
    }
    return false;
}

bool AcpDriver::transition(State to)
{
    if (to == m_state)
        return true;
    if (!allowed(m_state, to)) {
        // A slip of ours, never the agent's doing: logged, and the state stays as it was.
        logger->warn("run {}: refused the state change {} → {}", m_context.runId, stateName(m_state), stateName(to));
        return false;
    }
    logger->debug("run {}: {} → {}", m_context.runId, stateName(m_state), stateName(to));
    if (to == State::Ended)
        m_endedIn = m_state;
    m_state = to;
    emit stateChanged(to);
    return true;
}

void AcpDriver::settleTurnState()
{
    if (m_state == State::InTurn && !m_approvals.isEmpty())
        transition(State::AwaitingApproval);
    else if (m_state == State::AwaitingApproval && m_approvals.isEmpty())
        transition(State::InTurn);
}

void AcpDriver::warn(const QString &kind, const QString &message)
{
    emit event(QStringLiteral("run.warning"),
        QJsonObject { { QStringLiteral("kind"), kind }, { QStringLiteral("message"), message } });
}

bool AcpDriver::sessionMatches(const QJsonObject &params) const
{
    return !m_sessionId.isEmpty() && params.value(kSessionId).toString() == m_sessionId;
}

QString AcpDriver::stopReasonFor(const QString &interruptReason)
{
    if (isCancel(interruptReason))
        return QStringLiteral("cancelled");
    if (interruptReason == wireName(SettleReason::IdleTimeout))
        return QStringLiteral("idle_timeout");
    return QStringLiteral("error");
}

} // namespace runnercore
