// The devplane's side of approvals (§6.5, §7), the `acp` preset and the session subcommands
// around them. No Runner can raise an approval yet, so the test speaks the Runner's half of the
// wire itself (pairing redemption, identity exchange, presence, claim, observations, control,
// settlement) and drives the admin half through `checkfu-devplane session …`:
// - approval.requested / approval.resolved observations make and resolve the Session's approvals,
//   on the RapidJSON batch path and on the QJsonDocument fallback (a body with a BOM);
// - POST /v1/sessions/{id}/approvals/{approval_id}: 404 not_found for an approval never requested,
//   409 approval_already_decided (decided, or resolved by the Runner), 409 already_settled; an
//   option that was not offered is recorded as "offered": false and still sent;
// - the decisions, prompts and closes arrive on the control channel in order;
// - the approvals survive a clean restart and a kill -9 right after the batch that raised one;
// - `session approve/approvals/wait-approval/prompt/close` and `session create --preset acp`.
// Runtime: a few seconds.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "WireRunner.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace IntegrationSupport;
using Reply = WireRunner::Reply;

namespace {

QJsonObject observation(qint64 seq, const QString &kind, const QJsonObject &data)
{
    return { { QStringLiteral("seq"), seq }, { QStringLiteral("at"), QStringLiteral("2026-11-30T12:00:00.000Z") },
        { QStringLiteral("kind"), kind }, { QStringLiteral("data"), data } };
}

QJsonArray offeredOptions()
{
    return { QJsonObject { { QStringLiteral("option_id"), QStringLiteral("allow_once") },
                 { QStringLiteral("name"), QStringLiteral("Allow") },
                 { QStringLiteral("kind"), QStringLiteral("allow_once") } },
        QJsonObject { { QStringLiteral("option_id"), QStringLiteral("reject_once") },
            { QStringLiteral("name"), QStringLiteral("Reject") },
            { QStringLiteral("kind"), QStringLiteral("reject_once") } } };
}

QJsonObject requested(const QString &approvalId, const QString &title)
{
    return { { QStringLiteral("approval_id"), approvalId }, { QStringLiteral("title"), title },
        { QStringLiteral("tool_call"),
            QJsonObject { { QStringLiteral("toolCallId"), QStringLiteral("call_1") },
                { QStringLiteral("rawInput"),
                    QJsonObject { { QStringLiteral("command"), QStringLiteral("rm -rf build") } } } } },
        { QStringLiteral("options"), offeredOptions() } };
}

QJsonObject resolved(const QString &approvalId, const QString &outcome, const QJsonValue &optionId)
{
    return { { QStringLiteral("approval_id"), approvalId }, { QStringLiteral("outcome"), outcome },
        { QStringLiteral("option_id"), optionId } };
}

} // namespace

class TestDevPlaneApprovals : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void acpPresetNeedsAnAgent();
    void acpPresetBuildsAnAcpRunSpec();
    void approvalsFollowTheRun();
    void approvalsSurviveRestarts();
    void sessionSubcommandsCheckTheirArguments();

private:
    // The Runner's side, by hand (m_runner): pair, exchange, report ready, then its calls.
    Reply call(const QByteArray &method, const QString &path, const QByteArray *body, const QString &credential)
    {
        return m_runner->call(method, path, body, credential);
    }
    Reply runnerCall(const QByteArray &method, const QString &path, const QJsonObject &body)
    {
        return m_runner->runnerCall(method, path, body);
    }
    Reply adminPost(const QString &path, const QJsonObject &body);
    // Creates an acp Session and claims it: {session_id, run_id, claim_id, run_spec}.
    QJsonObject createAndClaim(const QStringList &extraParams = {});
    Reply observe(const QJsonObject &claim, const QJsonArray &events);
    QJsonArray approvalsOf(const QString &sessionId);
    DevPlaneProcess::AdminResult session(const QStringList &args) const;

    std::unique_ptr<DevPlaneProcess> m_devplane;
    std::unique_ptr<WireRunner> m_runner;
    QString m_agent;
};

DevPlaneProcess::AdminResult TestDevPlaneApprovals::session(const QStringList &args) const
{
    return m_devplane->runAdmin(QStringList { QStringLiteral("session") } + args);
}

Reply TestDevPlaneApprovals::adminPost(const QString &path, const QJsonObject &body)
{
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return call("POST", path, &payload, m_devplane->adminKey());
}

void TestDevPlaneApprovals::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_runner = std::make_unique<WireRunner>(*m_devplane);
    QVERIFY2(m_runner->enroll(&error), qPrintable(error));
    m_agent = QStringLiteral("agent=[\"node\",\"/abs/path/agent.mjs\"]");
}

void TestDevPlaneApprovals::cleanupTestCase()
{
    m_runner.reset();
    m_devplane.reset();
}

QJsonObject TestDevPlaneApprovals::createAndClaim(const QStringList &extraParams)
{
    QString error;
    const QJsonObject created
        = m_devplane->createSession(QStringLiteral("acp"), QStringList { m_agent } + extraParams, {}, &error);
    if (created.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return {};
    }
    const Reply claimed = runnerCall("POST", QStringLiteral("/v1/runner/claims"),
        { { QStringLiteral("wait_seconds"), 0 }, { QStringLiteral("free_slots"), 1 } });
    const QJsonObject claim = claimed.body.value(QStringLiteral("claim")).toObject();
    if (claimed.status != 200
        || claim.value(QStringLiteral("session_id")) != created.value(QStringLiteral("session_id"))) {
        qWarning("claim: %s", claimed.describe().constData());
        return {};
    }
    return claim;
}

Reply TestDevPlaneApprovals::observe(const QJsonObject &claim, const QJsonArray &events)
{
    return runnerCall("POST",
        QStringLiteral("/v1/runner/runs/%1/observations").arg(claim.value(QStringLiteral("run_id")).toString()),
        { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) },
            { QStringLiteral("events"), events } });
}

QJsonArray TestDevPlaneApprovals::approvalsOf(const QString &sessionId)
{
    const DevPlaneProcess::AdminResult r = session({ QStringLiteral("approvals"), sessionId });
    if (r.exitCode != 0) {
        qWarning("session approvals: %s", r.err.constData());
        return {};
    }
    return QJsonDocument::fromJson(r.out).array();
}

void TestDevPlaneApprovals::acpPresetNeedsAnAgent()
{
    DevPlaneProcess::AdminResult r
        = session({ QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("acp") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--param agent") && r.err.contains("JSON array"), r.err.constData());
    for (const QString &bad :
        { QStringLiteral("agent=node agent.mjs"), QStringLiteral("agent=[]"), QStringLiteral("agent=[\"node\",\"\"]"),
            QStringLiteral("agent=[\"node\",3]"), QStringLiteral("agent={}") }) {
        r = session({ QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("acp"),
            QStringLiteral("--param"), bad });
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("--param agent must be") && r.err.contains("JSON array of non-empty strings"),
            r.err.constData());
    }
    r = session({ QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("acp"),
        QStringLiteral("--param"), m_agent, QStringLiteral("--param"), QStringLiteral("retention=forever") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("durable or ephemeral_zdr"), r.err.constData());
    // Other presets do not take it.
    r = session({ QStringLiteral("create"), QStringLiteral("--preset"), QStringLiteral("echo"),
        QStringLiteral("--param"), m_agent });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("takes no parameter agent"), r.err.constData());
    // The help lists the preset.
    r = m_devplane->runAdmin({ QStringLiteral("--help") });
    QVERIFY2(r.out.contains("exit, acp"), r.out.constData());
}

void TestDevPlaneApprovals::acpPresetBuildsAnAcpRunSpec()
{
    QJsonObject claim = createAndClaim();
    QVERIFY(!claim.isEmpty());
    QJsonObject spec = claim.value(QStringLiteral("run_spec")).toObject();
    const QJsonObject harness = spec.value(QStringLiteral("harness")).toObject();
    QCOMPARE(harness.value(QStringLiteral("driver")).toString(), QStringLiteral("checkfu:acp-v1@1"));
    const QJsonObject launch = harness.value(QStringLiteral("launch")).toObject();
    QCOMPARE(launch.value(QStringLiteral("kind")).toString(), QStringLiteral("process"));
    QCOMPARE(launch.value(QStringLiteral("argv")).toArray(),
        (QJsonArray { QStringLiteral("node"), QStringLiteral("/abs/path/agent.mjs") }));
    const QJsonObject requirements
        = spec.value(QStringLiteral("environment")).toObject().value(QStringLiteral("requirements")).toObject();
    QCOMPARE(requirements.value(QStringLiteral("tier")).toString(), QStringLiteral("host_process"));
    QCOMPARE(requirements.value(QStringLiteral("network")).toString(), QStringLiteral("unrestricted"));
    QCOMPARE(requirements.value(QStringLiteral("retention")).toString(), QStringLiteral("durable"));
    QCOMPARE(requirements.value(QStringLiteral("resources"))
                 .toObject()
                 .value(QStringLiteral("max_duration_seconds"))
                 .toInteger(),
        600);
    QCOMPARE(spec.value(QStringLiteral("prompt")).toArray().at(0).toObject().value(QStringLiteral("text")).toString(),
        QStringLiteral("Say hello"));
    QVERIFY(spec.value(QStringLiteral("idle_timeout_ms")).isNull());
    QCOMPARE(spec.value(QStringLiteral("principal_id")).toString(), m_devplane->defaultPrincipal());

    claim = createAndClaim({ QStringLiteral("prompt=Write a file"), QStringLiteral("retention=ephemeral_zdr"),
        QStringLiteral("idle_timeout_ms=5000"), QStringLiteral("max_duration_seconds=30") });
    QVERIFY(!claim.isEmpty());
    spec = claim.value(QStringLiteral("run_spec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("environment"))
                 .toObject()
                 .value(QStringLiteral("requirements"))
                 .toObject()
                 .value(QStringLiteral("retention"))
                 .toString(),
        QStringLiteral("ephemeral_zdr"));
    QCOMPARE(spec.value(QStringLiteral("idle_timeout_ms")).toInteger(), 5000);
    QCOMPARE(spec.value(QStringLiteral("prompt")).toArray().at(0).toObject().value(QStringLiteral("text")).toString(),
        QStringLiteral("Write a file"));
}

void TestDevPlaneApprovals::approvalsFollowTheRun()
{
    const QJsonObject claim = createAndClaim();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    const QString runId = claim.value(QStringLiteral("run_id")).toString();
    const QString first = randomId(QStringLiteral("apr"));
    const QString second = randomId(QStringLiteral("apr"));
    const QString third = randomId(QStringLiteral("apr"));
    const QString fourth = randomId(QStringLiteral("apr"));

    // Nothing pending yet: wait-approval gives up with a clear message.
    DevPlaneProcess::AdminResult r
        = session({ QStringLiteral("wait-approval"), sessionId, QStringLiteral("--timeout"), QStringLiteral("0.3") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("timed out waiting for a pending approval"), r.err.constData());
    // A decision for an approval nobody asked for.
    Reply reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, first),
        { { QStringLiteral("option_id"), QStringLiteral("allow_once") } });
    QCOMPARE(reply.status, 404);
    QCOMPARE(reply.errorCode(), QStringLiteral("not_found"));
    QVERIFY2(reply.body.value(QStringLiteral("error"))
                 .toObject()
                 .value(QStringLiteral("message"))
                 .toString()
                 .contains(first),
        reply.describe().constData());

    reply = observe(claim,
        { observation(1, QStringLiteral("run.started"), {}),
            observation(2, QStringLiteral("output.stdout"), { { QStringLiteral("text"), QStringLiteral("thinking") } }),
            observation(
                3, QStringLiteral("approval.requested"), requested(first, QStringLiteral("Run `rm -rf build`"))) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    r = session({ QStringLiteral("wait-approval"), sessionId, QStringLiteral("--timeout"), QStringLiteral("10") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QJsonObject pending = QJsonDocument::fromJson(r.out).object();
    QCOMPARE(pending.value(QStringLiteral("approval_id")).toString(), first);
    QCOMPARE(pending.value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
    QCOMPARE(pending.value(QStringLiteral("title")).toString(), QStringLiteral("Run `rm -rf build`"));
    QCOMPARE(pending.value(QStringLiteral("options")).toArray(), offeredOptions());
    QVERIFY(pending.value(QStringLiteral("decision")).isNull());
    QVERIFY(pending.value(QStringLiteral("resolution")).isNull());

    // Bad bodies.
    reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, first), {});
    QCOMPARE(reply.status, 400);
    reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, first),
        { { QStringLiteral("cancelled"), true }, { QStringLiteral("option_id"), QStringLiteral("allow_once") } });
    QCOMPARE(reply.status, 400);

    r = session(
        { QStringLiteral("approve"), sessionId, first, QStringLiteral("--option"), QStringLiteral("allow_once") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject decision = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("decision")).toObject();
    QCOMPARE(decision.value(QStringLiteral("outcome")).toString(), QStringLiteral("selected"));
    QCOMPARE(decision.value(QStringLiteral("option_id")).toString(), QStringLiteral("allow_once"));
    QCOMPARE(decision.value(QStringLiteral("offered")), QJsonValue(true));
    QVERIFY(!decision.value(QStringLiteral("decided_at")).toString().isEmpty());
    // Once decided, never again.
    reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, first),
        { { QStringLiteral("cancelled"), true } });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("approval_already_decided"));
    r = session({ QStringLiteral("approve"), sessionId, first, QStringLiteral("--cancel") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("approval_already_decided"), r.err.constData());
    r = session({ QStringLiteral("wait-approval"), sessionId, QStringLiteral("--timeout"), QStringLiteral("0.2") });
    QCOMPARE(r.exitCode, 1);

    // The Runner resolves the first and asks again; this batch comes with a BOM, so QJsonDocument
    // (not ObservationBatch) reads it: both paths learn approvals.
    const QJsonObject batch { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) },
        { QStringLiteral("events"),
            QJsonArray { observation(4, QStringLiteral("approval.resolved"),
                             resolved(first, QStringLiteral("selected"), QStringLiteral("allow_once"))),
                observation(5, QStringLiteral("approval.requested"),
                    requested(second, QStringLiteral("Edit \u00e9t\u00e9.txt"))) } } };
    const QByteArray withBom = "\xEF\xBB\xBF" + QJsonDocument(batch).toJson(QJsonDocument::Indented);
    reply = call("POST", QStringLiteral("/v1/runner/runs/%1/observations").arg(runId), &withBom, m_runner->token());
    QVERIFY2(reply.status == 200, reply.describe().constData());
    // An option that was not offered is recorded (and sent: the Runner must ignore it, §6.7).
    r = session(
        { QStringLiteral("approve"), sessionId, second, QStringLiteral("--option"), QStringLiteral("allow_always") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    QCOMPARE(QJsonDocument::fromJson(r.out)
                 .object()
                 .value(QStringLiteral("decision"))
                 .toObject()
                 .value(QStringLiteral("offered")),
        QJsonValue(false));
    r = session({ QStringLiteral("prompt"), sessionId, QStringLiteral("and now?") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString turnId = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("turn_id")).toString();
    QVERIFY(turnId.startsWith(QLatin1String("turn_")));
    r = session({ QStringLiteral("close"), sessionId });
    QVERIFY2(r.exitCode == 0, r.err.constData());

    // The control channel carries them in order.
    reply = call("GET", QStringLiteral("/v1/runner/control?wait_seconds=0"), nullptr, m_runner->token());
    QVERIFY2(reply.status == 200, reply.describe().constData());
    QJsonArray mine;
    for (const QJsonValue &d : reply.body.value(QStringLiteral("directives")).toArray()) {
        if (d.toObject().value(QStringLiteral("run_id")).toString() == runId)
            mine.append(d);
    }
    QVERIFY2(mine.size() == 4, dumpJson(mine).constData());
    QCOMPARE(mine.at(0).toObject(),
        (QJsonObject { { QStringLiteral("type"), QStringLiteral("approval_decision") },
            { QStringLiteral("run_id"), runId }, { QStringLiteral("approval_id"), first },
            { QStringLiteral("outcome"), QStringLiteral("selected") },
            { QStringLiteral("option_id"), QStringLiteral("allow_once") } }));
    QCOMPARE(mine.at(1).toObject().value(QStringLiteral("approval_id")).toString(), second);
    QCOMPARE(mine.at(1).toObject().value(QStringLiteral("option_id")).toString(), QStringLiteral("allow_always"));
    QCOMPARE(mine.at(2).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("prompt"));
    QCOMPARE(mine.at(2).toObject().value(QStringLiteral("turn_id")).toString(), turnId);
    QCOMPARE(mine.at(3).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("close"));

    // A third approval the Runner answers itself (cancelled), resent in a later batch too (seq
    // dedup: the second copy changes nothing), then a fourth that stays pending.
    const QJsonObject thirdResolved = resolved(third, QStringLiteral("cancelled"), QJsonValue());
    reply = observe(claim,
        { observation(6, QStringLiteral("run.warning"),
              { { QStringLiteral("message"), QStringLiteral("option allow_always was not offered") } }),
            observation(7, QStringLiteral("approval.requested"), requested(third, QStringLiteral("third"))),
            observation(8, QStringLiteral("approval.resolved"), thirdResolved) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    reply = observe(claim,
        { observation(8, QStringLiteral("approval.resolved"),
              resolved(third, QStringLiteral("selected"), QStringLiteral("allow_once"))),
            observation(9, QStringLiteral("approval.requested"), requested(fourth, QStringLiteral("fourth"))),
            observation(10, QStringLiteral("approval.requested"), requested(fourth, QStringLiteral("fourth again"))) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, third),
        { { QStringLiteral("option_id"), QStringLiteral("allow_once") } });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("approval_already_decided"));

    QJsonArray approvals = approvalsOf(sessionId);
    QVERIFY2(approvals.size() == 4, dumpJson(approvals).constData());
    const QStringList ids { first, second, third, fourth };
    const QStringList statuses { QStringLiteral("resolved"), QStringLiteral("decided"), QStringLiteral("resolved"),
        QStringLiteral("pending") };
    for (qsizetype i = 0; i < 4; ++i) {
        QCOMPARE(approvals.at(i).toObject().value(QStringLiteral("approval_id")).toString(), ids.at(i));
        QCOMPARE(approvals.at(i).toObject().value(QStringLiteral("status")).toString(), statuses.at(i));
    }
    QCOMPARE(approvals.at(0)
                 .toObject()
                 .value(QStringLiteral("resolution"))
                 .toObject()
                 .value(QStringLiteral("option_id"))
                 .toString(),
        QStringLiteral("allow_once"));
    QCOMPARE(
        approvals.at(1).toObject().value(QStringLiteral("title")).toString(), QStringLiteral("Edit \u00e9t\u00e9.txt"));
    QCOMPARE(approvals.at(2)
                 .toObject()
                 .value(QStringLiteral("resolution"))
                 .toObject()
                 .value(QStringLiteral("outcome"))
                 .toString(),
        QStringLiteral("cancelled"));
    QVERIFY(approvals.at(2)
                .toObject()
                .value(QStringLiteral("resolution"))
                .toObject()
                .value(QStringLiteral("option_id"))
                .isNull());
    QCOMPARE(approvals.at(3).toObject().value(QStringLiteral("title")).toString(), QStringLiteral("fourth"));
    // The events answer carries them too, next to the events themselves.
    const QJsonObject events = m_devplane->sessionEvents(sessionId);
    QCOMPARE(events.value(QStringLiteral("approvals")).toArray(), approvals);
    QCOMPARE(eventList(events).size(), 10);

    // Settled: no decision any more, and wait-approval says so.
    reply = runnerCall("POST", QStringLiteral("/v1/runner/runs/%1/settle").arg(runId),
        { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) }, { QStringLiteral("final_seq"), 10 },
            { QStringLiteral("outcome"), QStringLiteral("succeeded") }, { QStringLiteral("reason"), QJsonValue() },
            { QStringLiteral("exit_code"), 0 },
            { QStringLiteral("usage"),
                QJsonObject { { QStringLiteral("cpu_ms"), QJsonValue() }, { QStringLiteral("wall_ms"), QJsonValue() },
                    { QStringLiteral("model"), QJsonValue() },
                    { QStringLiteral("model_usage_source"), QStringLiteral("absent") } } } });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    reply = adminPost(QStringLiteral("/v1/sessions/%1/approvals/%2").arg(sessionId, fourth),
        { { QStringLiteral("cancelled"), true } });
    QCOMPARE(reply.status, 409);
    QCOMPARE(reply.errorCode(), QStringLiteral("already_settled"));
    r = session({ QStringLiteral("wait-approval"), sessionId, QStringLiteral("--timeout"), QStringLiteral("10") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("settled (succeeded) before an approval was pending"), r.err.constData());
    r = session({ QStringLiteral("prompt"), sessionId, QStringLiteral("too late") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("already_settled"), r.err.constData());
}

void TestDevPlaneApprovals::approvalsSurviveRestarts()
{
    const QJsonObject claim = createAndClaim();
    QVERIFY(!claim.isEmpty());
    const QString sessionId = claim.value(QStringLiteral("session_id")).toString();
    const QString first = randomId(QStringLiteral("apr"));
    const QString second = randomId(QStringLiteral("apr"));
    Reply reply = observe(
        claim, { observation(1, QStringLiteral("approval.requested"), requested(first, QStringLiteral("first"))) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    DevPlaneProcess::AdminResult r
        = session({ QStringLiteral("approve"), sessionId, first, QStringLiteral("--cancel") });
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonArray before = approvalsOf(sessionId);
    QCOMPARE(before.size(), 1);
    QCOMPARE(before.at(0)
                 .toObject()
                 .value(QStringLiteral("decision"))
                 .toObject()
                 .value(QStringLiteral("outcome"))
                 .toString(),
        QStringLiteral("cancelled"));

    QVERIFY(m_devplane->terminate());
    QString error;
    QVERIFY2(m_devplane->restart(&error), qPrintable(error));
    QCOMPARE(approvalsOf(sessionId), before);

    // kill -9 right after the batch that raised an approval: it was written at once, not debounced.
    // The old workload token died with the devplane: exchange again with the same nonce (§3).
    QVERIFY2(m_runner->exchange(&error), qPrintable(error));
    reply = observe(
        claim, { observation(2, QStringLiteral("approval.requested"), requested(second, QStringLiteral("second"))) });
    QVERIFY2(reply.status == 200, reply.describe().constData());
    m_devplane->kill();
    QVERIFY2(m_devplane->restart(&error), qPrintable(error));
    const QJsonArray after = approvalsOf(sessionId);
    QVERIFY2(after.size() == 2, dumpJson(after).constData());
    QCOMPARE(after.at(0), before.at(0));
    QCOMPARE(after.at(1).toObject().value(QStringLiteral("approval_id")).toString(), second);
    QCOMPARE(after.at(1).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("pending"));
}

void TestDevPlaneApprovals::sessionSubcommandsCheckTheirArguments()
{
    const QString sessionId = QStringLiteral("sess_") + QString(32, QLatin1Char('0'));
    DevPlaneProcess::AdminResult r = session({ QStringLiteral("approve"), sessionId, QStringLiteral("apr_x") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--option OPTION_ID") && r.err.contains("--cancel"), r.err.constData());
    r = session({ QStringLiteral("approve"), sessionId, QStringLiteral("apr_x"), QStringLiteral("--option"),
        QStringLiteral("a"), QStringLiteral("--cancel") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("exclude each other"), r.err.constData());
    r = session({ QStringLiteral("approvals") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("usage: session approvals SESSION_ID"), r.err.constData());
    r = session({ QStringLiteral("wait-approval"), sessionId, QStringLiteral("--timeout"), QStringLiteral("soon") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("--timeout must be"), r.err.constData());
    r = session({ QStringLiteral("events"), sessionId, QStringLiteral("--option"), QStringLiteral("a") });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("apply to session approve only"), r.err.constData());
    r = session({ QStringLiteral("approvals"), sessionId });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("not_found"), r.err.constData());
    r = session({ QStringLiteral("frobnicate"), sessionId });
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.contains("wait-approval"), r.err.constData());
}

CHECKFU_INTEGRATION_MAIN(TestDevPlaneApprovals, 120000)
#include "tst_devplaneapprovals.moc"
