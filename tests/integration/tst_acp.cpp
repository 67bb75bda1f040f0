// ACP runs end to end (issue 4): the real Runner drives the scripted agent in tests/peers/acp,
// which is built on the official ACP TypeScript SDK, through Sessions on the real devplane.
// Approvals, prompts, closes and cancels go through the devplane's admin CLI, as a person's
// dashboard would send them. One paired Runner serves every test.
// Runtime: about 40-60 s (node starts in ~0.5 s per run; the idle tests wait a few seconds).
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <functional>
#include <memory>

using namespace IntegrationSupport;

namespace {
const QString acpDriver = QStringLiteral("checkfu:acp-v1@1");

QJsonObject updateOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("data")).toObject().value(QStringLiteral("update")).toObject();
}

// The sessionUpdate kind of every acp.update, in order.
QStringList updateKinds(const QList<QJsonObject> &events)
{
    QStringList kinds;
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("acp.update")))
        kinds.append(updateOf(e).value(QStringLiteral("sessionUpdate")).toString());
    return kinds;
}

// The text of every agent_message_chunk, in order.
QStringList chunkTexts(const QList<QJsonObject> &events)
{
    QStringList texts;
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("acp.update"))) {
        const QJsonObject update = updateOf(e);
        if (update.value(QStringLiteral("sessionUpdate")) == QLatin1String("agent_message_chunk"))
            texts.append(update.value(QStringLiteral("content")).toObject().value(QStringLiteral("text")).toString());
    }
    return texts;
}

QStringList kindsOf(const QList<QJsonObject> &events)
{
    QStringList kinds;
    for (const QJsonObject &e : events)
        kinds.append(e.value(QStringLiteral("kind")).toString());
    return kinds;
}

QJsonObject dataOf(const QJsonObject &event)
{
    return event.value(QStringLiteral("data")).toObject();
}

QString firstApprovalId(const QList<QJsonObject> &events)
{
    return dataOf(eventsOfKind(events, QStringLiteral("approval.requested")).value(0))
        .value(QStringLiteral("approval_id"))
        .toString();
}

QList<QJsonObject> warningsOfKind(const QList<QJsonObject> &events, const QString &kind)
{
    QList<QJsonObject> found;
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("run.warning")))
        if (dataOf(e).value(QStringLiteral("kind")) == kind)
            found.append(e);
    return found;
}
} // namespace

class TestAcp : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void fullTurnWithApprovedPermission();
    void rejectedPermission();
    void decisionForAnOptionNotOfferedIsIgnored();
    void cancelWithPendingPermission();
    void secondTurnAndClose();
    void idleTimeoutDuringSilentTurn();
    void noIdleTimeoutWhilePermissionPending();
    void junkOnStdoutBecomesWarnings();
    void unknownUpdatesAndRequestsAreTolerated();
    void oversizedUpdateAndLine();
    void agentCrashSettlesHarnessExited();
    void versionMismatchFailsClearly();
    void fileSystemConfinedToWorkspace();
    void fileSystemRaceNeverLeadsOutside();
    void pendingApprovalsAreCapped();
    void secretSplitAcrossChunksIsMasked();

private:
    QJsonObject spec(const QString &prompt, const QStringList &agentArgs = {}, qint64 idleTimeoutMs = 0) const;
    // Creates the Session; QVERIFY-style failure through *error.
    QString create(const QJsonObject &runSpec, QString *error) const;
    // Polls the Session's events until `done` holds (returns them) or the timeout passes (empty, *error).
    QList<QJsonObject> waitFor(const QString &sessionId, const std::function<bool(const QList<QJsonObject> &)> &done,
        int timeoutMs, QString *error) const;
    QList<QJsonObject> waitForKind(
        const QString &sessionId, const QString &kind, int count, int timeoutMs, QString *error) const;
    bool session(const QStringList &args, QString *error) const { return m_devplane->sessionCommand(args, error); }
    // `close`, then the run must settle succeeded (§6.4, §6.7).
    void closeAndExpectSucceeded(const QString &sessionId) const
    {
        QString error;
        QVERIFY2(session({ QStringLiteral("close"), sessionId }, &error), qPrintable(error));
        QCOMPARE(m_devplane->waitSettled(sessionId, 30, &error).value(QStringLiteral("outcome")).toString(),
            QStringLiteral("succeeded"));
    }

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<RunnerProcess> m_runner;
    QString m_principal;
    QString m_node;
    QString m_peer;
};

void TestAcp::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!m_node.isEmpty(), "node is not on PATH; scripts/setup installs it");
    m_peer = QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs");
    QVERIFY2(
        QFileInfo::exists(QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/node_modules/@agentclientprotocol/sdk")),
        "the ACP SDK is not installed; run scripts/setup (npm ci --prefix tests/peers/acp)");
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<RunnerProcess>();
    const QString runnerId = pairAndWaitReady(*m_devplane, *m_runner, &error);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    m_principal = m_devplane->defaultPrincipal();
}

void TestAcp::cleanupTestCase()
{
    if (m_runner && m_runner->isRunning()) {
        m_runner->sendSignal(SIGTERM);
        m_runner->waitForExit(15000);
    }
    m_runner.reset();
    m_devplane.reset();
}

QJsonObject TestAcp::spec(const QString &prompt, const QStringList &agentArgs, qint64 idleTimeoutMs) const
{
    QJsonObject s = oneshotRunSpec(m_principal, QStringList { m_node, m_peer } + agentArgs, {}, prompt);
    s = withPath(s, { QStringLiteral("harness"), QStringLiteral("driver") }, acpDriver);
    if (idleTimeoutMs > 0)
        s = withPath(s, { QStringLiteral("idle_timeout_ms") }, idleTimeoutMs);
    return s;
}

QString TestAcp::create(const QJsonObject &runSpec, QString *error) const
{
    const QJsonObject created = m_devplane->createSessionFromSpec(runSpec, {}, error);
    return created.value(QStringLiteral("session_id")).toString();
}

QList<QJsonObject> TestAcp::waitFor(const QString &sessionId,
    const std::function<bool(const QList<QJsonObject> &)> &done, int timeoutMs, QString *error) const
{
    QDeadlineTimer deadline(timeoutMs);
    QList<QJsonObject> events;
    while (true) {
        events = eventList(m_devplane->sessionEvents(sessionId, error));
        if (done(events))
            return events;
        if (deadline.hasExpired())
            break;
        QTest::qWait(100);
    }
    *error = QStringLiteral("timed out; events so far: %1").arg(QString::fromUtf8(dumpEvents(events)));
    return {};
}

QList<QJsonObject> TestAcp::waitForKind(
    const QString &sessionId, const QString &kind, int count, int timeoutMs, QString *error) const
{
    return waitFor(
        sessionId, [&](const QList<QJsonObject> &events) { return eventsOfKind(events, kind).size() >= count; },
        timeoutMs, error);
}

// A turn with chunks, a tool call and a permission the person approves: every update reaches the
// devplane in order, the approval carries what a person needs to decide, end_turn ends the turn.
void TestAcp::fullTurnWithApprovedPermission()
{
    QString error;
    const QString sessionId = create(
        spec(QStringLiteral("say hello; chunks 3; plan; tool Build the project; ask Delete build; say after")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("approval.requested"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));

    const QJsonObject requested = dataOf(eventsOfKind(events, QStringLiteral("approval.requested")).first());
    const QString approvalId = requested.value(QStringLiteral("approval_id")).toString();
    QVERIFY2(
        QRegularExpression(QStringLiteral("^apr_[0-9a-f]{32}$")).match(approvalId).hasMatch(), qPrintable(approvalId));
    QCOMPARE(requested.value(QStringLiteral("title")).toString(), QStringLiteral("Delete build"));
    QCOMPARE(requested.value(QStringLiteral("tool_call")).toObject().value(QStringLiteral("toolCallId")).toString(),
        QStringLiteral("call_2"));
    const QJsonArray options = requested.value(QStringLiteral("options")).toArray();
    QCOMPARE(options.size(), 2);
    QCOMPARE(options.at(0).toObject(),
        (QJsonObject { { QStringLiteral("option_id"), QStringLiteral("allow_once") },
            { QStringLiteral("name"), QStringLiteral("Allow") },
            { QStringLiteral("kind"), QStringLiteral("allow_once") } }));
    QCOMPARE(options.at(1).toObject().value(QStringLiteral("option_id")).toString(), QStringLiteral("reject_once"));
    // The agent waits: nothing after the request yet.
    QVERIFY(!chunkTexts(events).contains(QStringLiteral("after")));
    // The owner is told where to decide (the tray notifies; the CLI prints it).
    const QString link = QStringLiteral("%1/sessions/%2/approvals/%3").arg(m_devplane->url(), sessionId, approvalId);
    QTRY_VERIFY2_WITH_TIMEOUT((m_runner->pump(),
                                  m_runner->stdoutText().contains(
                                      QStringLiteral("waits for approval %1; decide at %2").arg(approvalId, link))),
        qPrintable(m_runner->stdoutText()), 5000);

    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QVERIFY2(seqProblem(events).isEmpty(), qPrintable(seqProblem(events)));

    const QStringList expectedKinds { QStringLiteral("run.started"), QStringLiteral("turn.started") };
    QCOMPARE(kindsOf(events).mid(0, 2), expectedKinds);
    QCOMPARE(chunkTexts(events),
        (QStringList { QStringLiteral("hello"), QStringLiteral("chunk 1"), QStringLiteral("chunk 2"),
            QStringLiteral("chunk 3"), QStringLiteral("approved:allow_once"), QStringLiteral("after") }));
    QCOMPARE(updateKinds(events),
        (QStringList { QStringLiteral("agent_message_chunk"), QStringLiteral("agent_message_chunk"),
            QStringLiteral("agent_message_chunk"), QStringLiteral("agent_message_chunk"), QStringLiteral("plan"),
            QStringLiteral("tool_call"), QStringLiteral("tool_call_update"), QStringLiteral("tool_call"),
            QStringLiteral("tool_call_update"), QStringLiteral("tool_call_update"),
            QStringLiteral("agent_message_chunk"), QStringLiteral("agent_message_chunk") }));
    // The approval sits between the tool call it is about and the tool call's completion.
    const QStringList kinds = kindsOf(events);
    const qsizetype requestedAt = kinds.indexOf(QStringLiteral("approval.requested"));
    const qsizetype resolvedAt = kinds.indexOf(QStringLiteral("approval.resolved"));
    QVERIFY(requestedAt > 0 && resolvedAt > requestedAt);
    QCOMPARE(updateOf(events.at(requestedAt - 1)).value(QStringLiteral("sessionUpdate")).toString(),
        QStringLiteral("tool_call"));
    const QJsonObject completed = updateOf(events.at(resolvedAt + 2));
    QCOMPARE(completed.value(QStringLiteral("toolCallId")).toString(), QStringLiteral("call_2"));
    QCOMPARE(completed.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
    QCOMPARE(dataOf(events.at(resolvedAt)),
        (QJsonObject { { QStringLiteral("approval_id"), approvalId },
            { QStringLiteral("outcome"), QStringLiteral("selected") },
            { QStringLiteral("option_id"), QStringLiteral("allow_once") } }));
    const QJsonObject ended = dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).first());
    QCOMPARE(ended.value(QStringLiteral("stop_reason")).toString(), QStringLiteral("end_turn"));
    QCOMPARE(ended.value(QStringLiteral("turn_id")),
        dataOf(eventsOfKind(events, QStringLiteral("turn.started")).first()).value(QStringLiteral("turn_id")));

    // The run stays open for follow-up turns until the Session closes it.
    QVERIFY2(session({ QStringLiteral("close"), sessionId }, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
}

void TestAcp::rejectedPermission()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("ask Remove the cache; say end")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("approval.requested"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QString approvalId = firstApprovalId(events);
    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("reject_once") },
                 &error),
        qPrintable(error));
    events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(chunkTexts(events), (QStringList { QStringLiteral("rejected:reject_once"), QStringLiteral("end") }));
    const QList<QJsonObject> updates = eventsOfKind(events, QStringLiteral("acp.update"));
    QCOMPARE(updateOf(updates.at(1)).value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(
        dataOf(eventsOfKind(events, QStringLiteral("approval.resolved")).first()).value(QStringLiteral("option_id")),
        QJsonValue(QStringLiteral("reject_once")));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).first()).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("end_turn")));
    closeAndExpectSucceeded(sessionId);
}

// §6.7: a decision naming an option that was not offered is ignored and reported; the
// permission stays pending until a real decision arrives.
void TestAcp::decisionForAnOptionNotOfferedIsIgnored()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("ask Push to main")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("approval.requested"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QString approvalId = firstApprovalId(events);
    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("allow_always") },
                 &error),
        qPrintable(error));
    events = waitFor(
        sessionId,
        [](const QList<QJsonObject> &e) {
            return !warningsOfKind(e, QStringLiteral("approval_option_unknown")).isEmpty();
        },
        20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QVERIFY(eventsOfKind(events, QStringLiteral("approval.resolved")).isEmpty());
    QVERIFY(eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty());
    QVERIFY(dataOf(warningsOfKind(events, QStringLiteral("approval_option_unknown")).first())
                .value(QStringLiteral("message"))
                .toString()
                .contains(QStringLiteral("allow_always")));
    // A real decision still gets through.
    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(chunkTexts(events), QStringList { QStringLiteral("approved:allow_once") });
    QVERIFY2(session({ QStringLiteral("cancel"), sessionId }, &error), qPrintable(error));
    QCOMPARE(m_devplane->waitSettled(sessionId, 30, &error).value(QStringLiteral("outcome")).toString(),
        QStringLiteral("cancelled"));
}

// Cancel while a permission is pending: the permission is answered `cancelled`, the agent's
// prompt returns `cancelled`, the turn ends cancelled, the run settles cancelled; all well
// inside the 5 s the Runner gives the agent before terminating it.
void TestAcp::cancelWithPendingPermission()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("ask Format the disk; say should not happen")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("approval.requested"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(m_devplane->cancelSession(sessionId, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QVERIFY2(timer.elapsed() < 5000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("cancel_requested"));

    events = eventList(m_devplane->sessionEvents(sessionId));
    const QJsonObject resolved = dataOf(eventsOfKind(events, QStringLiteral("approval.resolved")).value(0));
    QCOMPARE(resolved.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
    QCOMPARE(resolved.value(QStringLiteral("option_id")), QJsonValue(QJsonValue::Null));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).value(0)).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("cancelled")));
    QVERIFY(!chunkTexts(events).contains(QStringLiteral("should not happen")));
    // The agent answered the cancel itself, so it was terminated politely, not SIGKILLed after a grace.
    const QJsonObject exited = dataOf(eventsOfKind(events, QStringLiteral("run.exited")).value(0));
    QVERIFY2(exited.value(QStringLiteral("signal")).toInt() != 9, qPrintable(dumpJson(exited)));
}

// A follow-up prompt continues the same agent session; close ends the run succeeded.
void TestAcp::secondTurnAndClose()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("turn-info")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QString first = chunkTexts(events).value(0);
    QVERIFY2(first.startsWith(QStringLiteral("turn 1 session sess_")), qPrintable(first));

    QVERIFY2(session({ QStringLiteral("prompt"), sessionId, QStringLiteral("turn-info; say second") }, &error),
        qPrintable(error));
    events = waitForKind(sessionId, QStringLiteral("turn.ended"), 2, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(chunkTexts(events),
        (QStringList { first, QString(first).replace(QStringLiteral("turn 1"), QStringLiteral("turn 2")),
            QStringLiteral("second") }));
    const QList<QJsonObject> started = eventsOfKind(events, QStringLiteral("turn.started"));
    QCOMPARE(started.size(), 2);
    const QString secondTurn = dataOf(started.at(1)).value(QStringLiteral("turn_id")).toString();
    QVERIFY(secondTurn.startsWith(QStringLiteral("turn_")));
    QVERIFY(secondTurn != dataOf(started.at(0)).value(QStringLiteral("turn_id")).toString());
    QCOMPARE(
        dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).at(1)).value(QStringLiteral("turn_id")).toString(),
        secondTurn);

    QVERIFY2(session({ QStringLiteral("close"), sessionId }, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(settlement.value(QStringLiteral("reason")), QJsonValue(QJsonValue::Null));
    events = eventList(m_devplane->sessionEvents(sessionId));
    // Closed by closing its stdin: the SDK agent exits 0 by itself.
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("run.exited")).value(0)).value(QStringLiteral("exit_code")),
        QJsonValue(0));
    QVERIFY2(seqProblem(events).isEmpty(), qPrintable(seqProblem(events)));
}

void TestAcp::idleTimeoutDuringSilentTurn()
{
    QString error;
    QElapsedTimer timer;
    timer.start();
    const QString sessionId = create(spec(QStringLiteral("say start; sleep 30000; say never"), {}, 2000), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("idle_timeout"));
    QVERIFY2(timer.elapsed() < 20000, qPrintable(QStringLiteral("took %1 ms").arg(timer.elapsed())));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    QCOMPARE(chunkTexts(events), QStringList { QStringLiteral("start") });
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).value(0)).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("idle_timeout")));
}

// While a person decides, and between turns, silence is not idleness (§6.5, §6.7).
void TestAcp::noIdleTimeoutWhilePermissionPending()
{
    QString error;
    // 4 s: the first turn's silence includes node's start and the handshake, over 2 s on a loaded machine.
    const QString sessionId = create(spec(QStringLiteral("ask Deploy; say deployed"), {}, 4000), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("approval.requested"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QTest::qWait(9000); // more than twice the idle timeout
    events = eventList(m_devplane->sessionEvents(sessionId));
    QVERIFY2(eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty(), dumpEvents(events).constData());
    const QString approvalId = firstApprovalId(events);
    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).first()).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("end_turn")));
    QVERIFY(chunkTexts(events).contains(QStringLiteral("deployed")));
    QTest::qWait(3000); // silent between turns: still no idle timeout
    QVERIFY(m_devplane->sessionEvents(sessionId).value(QStringLiteral("settlement")).isNull());
    closeAndExpectSucceeded(sessionId);
}

void TestAcp::junkOnStdoutBecomesWarnings()
{
    QString error;
    const QString sessionId = create(
        spec(QStringLiteral("say a; junk this is not json; junk [1,2,3]; stderr agent log line; say b")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(chunkTexts(events), (QStringList { QStringLiteral("a"), QStringLiteral("b") }));
    const QList<QJsonObject> warnings = warningsOfKind(events, QStringLiteral("acp_invalid_line"));
    QCOMPARE(warnings.size(), 2);
    QCOMPARE(dataOf(warnings.at(0)).value(QStringLiteral("preview")).toString(), QStringLiteral("this is not json"));
    QVERIFY(dataOf(warnings.at(1)).value(QStringLiteral("message")).toString().contains(QStringLiteral("array")));
    QVERIFY(outputBytes(events, QStringLiteral("output.stderr")).contains("agent log line"));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).first()).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("end_turn")));
    closeAndExpectSucceeded(sessionId);
}

// Unknown update kinds are forwarded, extension notifications and updates for other sessions
// ignored, unknown requests answered -32601; the run goes on.
void TestAcp::unknownUpdatesAndRequestsAreTolerated()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("unknown-update; unknown-request; say done")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(updateKinds(events).value(0), QStringLiteral("checkfu_future_kind"));
    QVERIFY(updateOf(eventsOfKind(events, QStringLiteral("acp.update")).first())
                .contains(QStringLiteral("checkfuFutureField")));
    QCOMPARE(chunkTexts(events),
        (QStringList {
            QStringLiteral("unknown-update sent"), QStringLiteral("unknown-request -32601"), QStringLiteral("done") }));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).first()).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("end_turn")));
    closeAndExpectSucceeded(sessionId);
}

// An update over 1 MiB becomes a warning naming its kind and size (§6.3); a line over 32 MiB
// fails the run with a clear reason instead of exhausting memory.
void TestAcp::oversizedUpdateAndLine()
{
    QString error;
    const QString bigUpdate = create(spec(QStringLiteral("big 2000000; say after")), &error);
    QVERIFY2(!bigUpdate.isEmpty(), qPrintable(error));
    QList<QJsonObject> events = waitForKind(bigUpdate, QStringLiteral("turn.ended"), 1, 30000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QCOMPARE(chunkTexts(events), QStringList { QStringLiteral("after") });
    const QList<QJsonObject> dropped = warningsOfKind(events, QStringLiteral("acp.update"));
    QCOMPARE(dropped.size(), 1);
    QVERIFY(dataOf(dropped.first()).value(QStringLiteral("size")).toInteger() > 2000000);
    closeAndExpectSucceeded(bigUpdate);

    const QString hugeLine = create(spec(QStringLiteral("big 34000000")), &error);
    QVERIFY2(!hugeLine.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(hugeLine, 60, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("harness_protocol_error"));
    events = eventList(m_devplane->sessionEvents(hugeLine));
    const QList<QJsonObject> tooLong = warningsOfKind(events, QStringLiteral("acp_line_too_long"));
    QCOMPARE(tooLong.size(), 1);
    QVERIFY(dataOf(tooLong.first()).value(QStringLiteral("message")).toString().contains(QStringLiteral("32 MiB")));
}

void TestAcp::agentCrashSettlesHarnessExited()
{
    QString error;
    const QString sessionId = create(spec(QStringLiteral("say bye; crash 3")), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("harness_exited"));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    QCOMPARE(chunkTexts(events), QStringList { QStringLiteral("bye") });
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).value(0)).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("error")));
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("run.exited")).value(0)).value(QStringLiteral("exit_code")),
        QJsonValue(3));
}

void TestAcp::versionMismatchFailsClearly()
{
    QString error;
    const QString sessionId
        = create(spec(QStringLiteral("say hi"), { QStringLiteral("--protocol-version"), QStringLiteral("2") }), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("failed"));
    QCOMPARE(settlement.value(QStringLiteral("reason")).toString(), QStringLiteral("harness_protocol_error"));
    const QList<QJsonObject> events = eventList(m_devplane->sessionEvents(sessionId));
    const QList<QJsonObject> mismatch = warningsOfKind(events, QStringLiteral("acp_version_mismatch"));
    QCOMPARE(mismatch.size(), 1);
    const QString message = dataOf(mismatch.first()).value(QStringLiteral("message")).toString();
    QVERIFY2(message.contains(QStringLiteral("version 2")) && message.contains(QStringLiteral("version 1")),
        qPrintable(message));
    QVERIFY(chunkTexts(events).isEmpty()); // never got as far as a prompt
    QCOMPARE(dataOf(eventsOfKind(events, QStringLiteral("turn.ended")).value(0)).value(QStringLiteral("stop_reason")),
        QJsonValue(QStringLiteral("error")));
}

// fs/* works inside the workspace and is refused, with an error to the agent and no file
// touched, for absolute paths outside it, ".." escapes and symbolic links leading out.
void TestAcp::fileSystemConfinedToWorkspace()
{
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    const QString secret = outside.filePath(QStringLiteral("secret.txt"));
    {
        QFile f(secret);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("outside content\n");
    }
    const QString script
        = QStringLiteral("write {cwd}/notes/a.txt hello inside; read {cwd}/notes/a.txt; "
                         "write %1/new.txt pwned; read %2; "
                         "write {cwd}/../escape.txt pwned; read {cwd}/../../../%3; "
                         "symlink %4 {cwd}/out; write {cwd}/out/pwned.txt pwned; read {cwd}/out/secret.txt; "
                         "write relative.txt pwned")
              .arg(outside.path(), secret, QStringLiteral("etc/hostname"), outside.path());
    QString error;
    const QString sessionId = create(spec(script), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QStringList texts = chunkTexts(events);
    QCOMPARE(texts.size(), 10);
    QVERIFY2(texts.at(0).startsWith(QStringLiteral("write ok ")), qPrintable(texts.at(0)));
    QCOMPARE(texts.at(1), QStringLiteral("read ok hello inside\n"));
    for (int i : { 2, 3, 4, 5, 7, 8, 9 })
        QVERIFY2(texts.at(i).contains(QStringLiteral(" error -32602 ")),
            qPrintable(QStringLiteral("%1: %2").arg(i).arg(texts.at(i))));
    QVERIFY2(texts.at(6).startsWith(QStringLiteral("symlink ok")), qPrintable(texts.at(6)));
    QVERIFY(texts.at(2).contains(QStringLiteral("outside the run's workspace")));
    QVERIFY(texts.at(7).contains(QStringLiteral("symbolic link")));
    // Nothing outside was touched.
    QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("new.txt"))));
    QVERIFY(!QFileInfo::exists(outside.filePath(QStringLiteral("pwned.txt"))));
    QFile f(secret);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("outside content\n"));
    for (const QJsonObject &e : eventsOfKind(events, QStringLiteral("acp.update")))
        QVERIFY(!QJsonDocument(e).toJson().contains("outside content"));
    closeAndExpectSucceeded(sessionId);
}

// §6.7: the agent swaps a directory of its workspace for a link to outside in a tight loop (a
// worker thread) while it sends reads and writes through it. The canary outside is never read
// (no event carries it) nor written, and no file appears next to it.
void TestAcp::fileSystemRaceNeverLeadsOutside()
{
    QTemporaryDir outside;
    QVERIFY(outside.isValid());
    const QByteArray canary = "canary 3f9c outside the workspace\n";
    const QString secret = outside.filePath(QStringLiteral("secret.txt"));
    {
        QFile f(secret);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QCOMPARE(f.write(canary), canary.size());
    }
    const int rounds = 400;
    QString error;
    const QString sessionId = create(spec(QStringLiteral("race %1 %2").arg(outside.path()).arg(rounds)), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 90000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QStringList texts = chunkTexts(events);
    const QRegularExpressionMatch summary
        = QRegularExpression(QStringLiteral("^race reads ok (\\d+) refused (\\d+) writes ok (\\d+) refused (\\d+) "
                                            "swaps (\\d+)$"))
              .match(texts.value(0));
    QVERIFY2(summary.hasMatch(), qPrintable(texts.join(QLatin1Char('|'))));
    qInfo("%s", qPrintable(texts.value(0)));
    QCOMPARE(summary.captured(1).toInt() + summary.captured(2).toInt(), rounds);
    QCOMPARE(summary.captured(3).toInt() + summary.captured(4).toInt(), 2 * rounds);
    QVERIFY(summary.captured(1).toInt() > 0); // served while d was a directory
    QVERIFY(summary.captured(5).toInt() > 0); // and it was swapped meanwhile
    for (const QString &text : texts.mid(1))
        QVERIFY2(text == QLatin1String("race read \"inside\\n\"") || text == QLatin1String("race read \"pwned\\n\""),
            qPrintable(text));
    for (const QJsonObject &e : events)
        QVERIFY2(!QJsonDocument(e).toJson().contains("canary 3f9c"), qPrintable(dumpJson(e)));
    QCOMPARE(QDir(outside.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
        QStringList { QStringLiteral("secret.txt") });
    QFile f(secret);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), canary);
    closeAndExpectSucceeded(sessionId);
}

// At most 32 permission requests of a run wait for a decision (§6.5); a further one is answered
// `cancelled` at once and a run.warning says why, with the warnings themselves bounded. The 32
// still pending are decided as usual.
void TestAcp::pendingApprovalsAreCapped()
{
    const int limit = 32; // AcpDriver::MaxPendingApprovals
    const int warnings = 10; // AcpDriver::MaxApprovalLimitWarnings
    const int asked = limit + 20;
    QString error;
    const QString sessionId = create(spec(QStringLiteral("ask-many %1").arg(asked)), &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const auto cancelledAtOnce = [](const QList<QJsonObject> &events) {
        QStringList found;
        for (const QString &text : chunkTexts(events))
            if (text.endsWith(QLatin1String(" cancelled")))
                found.append(text);
        return found;
    };
    QList<QJsonObject> events = waitFor(
        sessionId,
        [&](const QList<QJsonObject> &e) {
            return eventsOfKind(e, QStringLiteral("approval.requested")).size() >= limit
                && cancelledAtOnce(e).size() >= asked - limit;
        },
        30000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QList<QJsonObject> requested = eventsOfKind(events, QStringLiteral("approval.requested"));
    QCOMPARE(requested.size(), limit);
    for (int i = 0; i < limit; ++i)
        QCOMPARE(dataOf(requested.at(i)).value(QStringLiteral("title")).toString(),
            QStringLiteral("ask-many %1").arg(i + 1));
    QStringList expected;
    for (int i = limit + 1; i <= asked; ++i)
        expected.append(QStringLiteral("ask-many %1 cancelled").arg(i));
    QStringList seen = cancelledAtOnce(events);
    seen.sort();
    expected.sort();
    QCOMPARE(seen, expected);
    QVERIFY(eventsOfKind(events, QStringLiteral("approval.resolved")).isEmpty());
    const QList<QJsonObject> limited = warningsOfKind(events, QStringLiteral("approval_limit"));
    QCOMPARE(limited.size(), warnings + 1);
    const QString first = dataOf(limited.first()).value(QStringLiteral("message")).toString();
    QVERIFY2(first.contains(QStringLiteral("32")) && first.contains(QStringLiteral("cancelled")), qPrintable(first));
    QVERIFY2(dataOf(limited.last())
                 .value(QStringLiteral("message"))
                 .toString()
                 .contains(QStringLiteral("without a warning")),
        qPrintable(dumpJson(limited.last())));
    QVERIFY(eventsOfKind(events, QStringLiteral("turn.ended")).isEmpty());

    // The pending ones are still the person's to decide.
    const QString approvalId = dataOf(requested.first()).value(QStringLiteral("approval_id")).toString();
    QVERIFY2(session({ QStringLiteral("approve"), sessionId, approvalId, QStringLiteral("--option"),
                         QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    events = waitFor(
        sessionId,
        [](const QList<QJsonObject> &e) {
            return chunkTexts(e).contains(QStringLiteral("ask-many 1 selected allow_once"));
        },
        20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    QVERIFY2(m_devplane->cancelSession(sessionId, &error), qPrintable(error));
    const QJsonObject settlement = m_devplane->waitSettled(sessionId, 30, &error);
    QVERIFY2(!settlement.isEmpty(), qPrintable(error));
    QCOMPARE(settlement.value(QStringLiteral("outcome")).toString(), QStringLiteral("cancelled"));
    events = eventList(m_devplane->sessionEvents(sessionId));
    const QList<QJsonObject> resolved = eventsOfKind(events, QStringLiteral("approval.resolved"));
    QCOMPARE(resolved.size(), limit);
    QCOMPARE(warningsOfKind(events, QStringLiteral("approval_limit")).size(), warnings + 1);
}

// §6.7: masking applies to the stream of message text, not to each chunk alone. The agent says
// the Runner's own credential in two chunks with a pause longer than the Runner's hold-back.
void TestAcp::secretSplitAcrossChunksIsMasked()
{
    const QString credential = m_runner->home()->storedFileCredential();
    QVERIFY2(credential.size() >= 24, "no bootstrap credential in the file store");
    const qsizetype cut = credential.size() / 2;
    QString error;
    const QString sessionId
        = create(spec(QStringLiteral("say plain chunk; say before %1; sleep 400; say %2 after; say tail")
                          .arg(credential.left(cut), credential.mid(cut))),
            &error);
    QVERIFY2(!sessionId.isEmpty(), qPrintable(error));
    const QList<QJsonObject> events = waitForKind(sessionId, QStringLiteral("turn.ended"), 1, 20000, &error);
    QVERIFY2(!events.isEmpty(), qPrintable(error));
    const QStringList texts = chunkTexts(events);
    // Reads as if said at once; an update without a secret goes out as it came.
    QCOMPARE(texts.join(QString()), QStringLiteral("plain chunkbefore *** aftertail"));
    QCOMPARE(texts.first(), QStringLiteral("plain chunk"));
    QCOMPARE(texts.last(), QStringLiteral("tail"));
    for (const QJsonObject &e : events) {
        const QByteArray json = QJsonDocument(e).toJson(QJsonDocument::Compact);
        QVERIFY2(!json.contains(credential.left(cut).toUtf8()) && !json.contains(credential.mid(cut).toUtf8()),
            json.constData());
    }
    closeAndExpectSucceeded(sessionId);
}

CHECKFU_INTEGRATION_MAIN(TestAcp, 120000)
#include "tst_acp.moc"
