// The ACP driver's states as the run shows them (§6.4, §6.5, §6.7): a full session, cancels, the agent
// exiting in every state, close during the handshake, and moves the state machine refuses. The agent
// is played by the test through a fake process: it reads what the driver writes to stdin and answers
// on stdout, one JSON-RPC message per line.
#include <runnercore/harness/AcpDriver.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/sandbox/SandboxProvider.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QMetaEnum>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace runnercore;

using State = AcpDriver::State;

namespace {
const QString kSession = QStringLiteral("sess_1");

QJsonArray textPrompt(const QString &text)
{
    return { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), text } } };
}

// The agent's end of stdio. Nothing runs: the test says when it started, what it writes and when it exits.
class FakeAgent : public SandboxedProcess
{
public:
    using SandboxedProcess::SandboxedProcess;

    void start() override { ++starts; }
    void writeStdin(const QByteArray &data) override
    {
        m_in += data;
        for (qsizetype nl = m_in.indexOf('\n'); nl >= 0; nl = m_in.indexOf('\n')) {
            received.append(QJsonDocument::fromJson(m_in.left(nl)).object());
            m_in.remove(0, nl + 1);
        }
    }
    void closeStdin() override { stdinClosed = true; }
    void terminate(int) override { ++terminations; }
    void kill() override { ++terminations; }
    bool isRunning() const override { return running; }
    qint64 cpuMs() const override { return -1; }
    qint64 pid() const override { return 4242; }

    void launch()
    {
        running = true;
        emit started();
    }
    void exit(int exitCode, int signalNumber = 0)
    {
        running = false;
        emit exited(exitCode, signalNumber);
    }
    void say(QJsonObject message)
    {
        message.insert(QStringLiteral("jsonrpc"), QStringLiteral("2.0"));
        emit stdoutData(QJsonDocument(message).toJson(QJsonDocument::Compact) + '\n');
    }
    void answer(const QJsonValue &id, const QJsonObject &result)
    {
        say({ { QStringLiteral("id"), id }, { QStringLiteral("result"), result } });
    }
    // The oldest message from the driver with this method not taken yet; an empty object if none.
    QJsonObject take(const QString &method)
    {
        for (qsizetype i = 0; i < received.size(); ++i) {
            if (received.at(i).value(QLatin1String("method")).toString() == method)
                return received.takeAt(i);
        }
        return {};
    }
    // The driver's answer to our request `id`; an empty object if it has not answered.
    QJsonObject answerTo(int id) const
    {
        for (const QJsonObject &m : received) {
            if (!m.contains(QLatin1String("method")) && m.value(QLatin1String("id")).toInt(-1) == id)
                return m;
        }
        return {};
    }

    QList<QJsonObject> received;
    int starts = 0;
    int terminations = 0;
    bool stdinClosed = false;
    bool running = false;

private:
    QByteArray m_in;
};

// One driver over one fake agent, and everything the driver reported, in order.
class Session
{
public:
    Session()
    {
        QObject::connect(&driver, &AcpDriver::stateChanged, &driver, [this](State s) { states.append(s); });
        QObject::connect(&driver, &HarnessDriver::event, &driver, [this](const QString &kind, const QJsonObject &data) {
            events.append({ kind, data });
        });
        QObject::connect(&driver, &HarnessDriver::idleWatch, &driver, [this](bool running) { idle.append(running); });
        QObject::connect(&driver, &HarnessDriver::approvalRequested, &driver,
            [this](const QJsonObject &data) { approvals.append(data.value(QLatin1String("approval_id")).toString()); });
        QObject::connect(&driver, &HarnessDriver::quiesced, &driver, [this] { ++quiesced; });
        QObject::connect(&driver, &HarnessDriver::finished, &driver, [this](int, int, const QString &error) {
            ++finished;
            launchError = error;
        });
    }

    void start()
    {
        RunSpec spec;
        spec.prompt = textPrompt(QStringLiteral("Fix the flaky test"));
        HarnessContext context;
        context.runId = QStringLiteral("run_states");
        context.hostWorkspace = m_workspace.path();
        context.agentWorkspace = m_workspace.path();
        driver.start(&agent, spec, context);
    }

    // initialize and session/new answered: the run's prompt goes out. Returns its request id.
    int handshake()
    {
        start();
        agent.launch();
        agent.answer(agent.take(QStringLiteral("initialize")).value(QLatin1String("id")),
            { { QStringLiteral("protocolVersion"), AcpDriver::ProtocolVersion } });
        agent.answer(agent.take(QStringLiteral("session/new")).value(QLatin1String("id")),
            { { QStringLiteral("sessionId"), kSession } });
        return agent.take(QStringLiteral("session/prompt")).value(QLatin1String("id")).toInt(-1);
    }

    void answerPrompt(int id, const QString &stopReason)
    {
        agent.answer(id, { { QStringLiteral("stopReason"), stopReason } });
    }

    // The agent asks for permission with request id `id`; returns the approval's id (empty if none was raised).
    QString askPermission(int id)
    {
        const qsizetype before = approvals.size();
        const QJsonArray options { QJsonObject { { QStringLiteral("optionId"), QStringLiteral("allow") },
                                       { QStringLiteral("name"), QStringLiteral("Allow") },
                                       { QStringLiteral("kind"), QStringLiteral("allow_once") } },
            QJsonObject { { QStringLiteral("optionId"), QStringLiteral("reject") },
                { QStringLiteral("name"), QStringLiteral("Reject") },
                { QStringLiteral("kind"), QStringLiteral("reject_once") } } };
        agent.say(
            { { QStringLiteral("id"), id }, { QStringLiteral("method"), QStringLiteral("session/request_permission") },
                { QStringLiteral("params"),
                    QJsonObject { { QStringLiteral("sessionId"), kSession },
                        { QStringLiteral("toolCall"),
                            QJsonObject { { QStringLiteral("title"), QStringLiteral("Run make") } } },
                        { QStringLiteral("options"), options } } } });
        return approvals.size() > before ? approvals.last() : QString();
    }

    // A prompt directive; returns the session/prompt request id it led to (-1 if none went out).
    int prompt(const QString &turnId)
    {
        driver.directive({ { QStringLiteral("type"), QStringLiteral("prompt") }, { QStringLiteral("turn_id"), turnId },
            { QStringLiteral("prompt"), textPrompt(QStringLiteral("And now the docs")) } });
        return agent.take(QStringLiteral("session/prompt")).value(QLatin1String("id")).toInt(-1);
    }

    void close() { driver.directive({ { QStringLiteral("type"), QStringLiteral("close") } }); }

    void decide(const QString &approvalId, const QString &outcome, const QString &optionId = QString())
    {
        QJsonObject d { { QStringLiteral("type"), QStringLiteral("approval_decision") },
            { QStringLiteral("approval_id"), approvalId }, { QStringLiteral("outcome"), outcome } };
        if (!optionId.isEmpty())
            d.insert(QStringLiteral("option_id"), optionId);
        driver.directive(d);
    }

    QList<QJsonObject> eventsOf(const QString &kind) const
    {
        QList<QJsonObject> list;
        for (const auto &[k, data] : events) {
            if (k == kind)
                list.append(data);
        }
        return list;
    }
    QStringList stopReasons() const
    {
        QStringList reasons;
        for (const QJsonObject &e : eventsOf(QStringLiteral("turn.ended")))
            reasons.append(e.value(QLatin1String("stop_reason")).toString());
        return reasons;
    }
    QStringList warningKinds() const
    {
        QStringList kinds;
        for (const QJsonObject &e : eventsOf(QStringLiteral("run.warning")))
            kinds.append(e.value(QLatin1String("kind")).toString());
        return kinds;
    }
    bool idleWatchRunning() const { return !idle.isEmpty() && idle.last(); }

    FakeAgent agent; // before the driver: the driver goes first
    AcpDriver driver;
    QList<State> states;
    QList<std::pair<QString, QJsonObject>> events;
    QList<bool> idle;
    QStringList approvals;
    int quiesced = 0;
    int finished = 0;
    QString launchError;

private:
    QTemporaryDir m_workspace;
};

// The cancelled answer the driver gives a permission request it will not put to a person.
bool answeredCancelled(const QJsonObject &answer)
{
    return answer.value(QLatin1String("result"))
               .toObject()
               .value(QLatin1String("outcome"))
               .toObject()
               .value(QLatin1String("outcome"))
               .toString()
        == QLatin1String("cancelled");
}
} // namespace

class TestAcpDriverStates : public QObject
{
    Q_OBJECT
private slots:
    void fullSession();
    void cancelDuringTurn();
    void cancelAnsweredWithAnErrorCountsAsCancelled();
    void cancelWhileAwaitingApproval();
    void dismissedApprovalCancelsTheTurnOnly();
    void harnessExitInEachState_data();
    void harnessExitInEachState();
    void closeRequestedDuringHandshake();
    void protocolErrorDuringHandshakeStops();
    void interruptBeforeTheAgentStarted();
    void startFailureEndsAtOnce();
    void illegalMovesAreRefused();
    void everyStateHasItsOwnName();
};

void TestAcpDriverStates::fullSession()
{
    Session s;
    QCOMPARE(s.driver.state(), State::NotStarted);
    const int first = s.handshake();
    QVERIFY(first >= 0);
    QCOMPARE(s.driver.state(), State::InTurn);
    QVERIFY(s.idleWatchRunning());
    s.answerPrompt(first, QStringLiteral("end_turn"));
    QCOMPARE(s.driver.state(), State::Idle);
    QVERIFY(!s.idleWatchRunning()); // silence between turns is no one's fault

    const int second = s.prompt(QStringLiteral("turn_2"));
    QVERIFY(second >= 0);
    QCOMPARE(s.driver.state(), State::InTurn);
    const QString approval = s.askPermission(100);
    QVERIFY(!approval.isEmpty());
    QCOMPARE(s.driver.state(), State::AwaitingApproval);
    QVERIFY(!s.idleWatchRunning()); // a person decides: no idle timeout
    s.decide(approval, QStringLiteral("selected"), QStringLiteral("allow"));
    QCOMPARE(s.driver.state(), State::InTurn);
    QCOMPARE(s.agent.answerTo(100)
                 .value(QLatin1String("result"))
                 .toObject()
                 .value(QLatin1String("outcome"))
                 .toObject()
                 .value(QLatin1String("optionId"))
                 .toString(),
        QStringLiteral("allow"));
    QVERIFY(s.idleWatchRunning());
    s.answerPrompt(second, QStringLiteral("end_turn"));
    QCOMPARE(s.driver.state(), State::Idle);

    QVERIFY(!s.agent.stdinClosed);
    s.close();
    QCOMPARE(s.driver.state(), State::Closing);
    QVERIFY(s.agent.stdinClosed);
    s.agent.exit(0);
    QCOMPARE(s.driver.state(), State::Ended);
    QCOMPARE(s.finished, 1);
    QCOMPARE(s.quiesced, 0);

    const QList<State> expected { State::Handshake, State::InTurn, State::Idle, State::InTurn, State::AwaitingApproval,
        State::InTurn, State::Idle, State::Closing, State::Ended };
    QCOMPARE(s.states, expected);
    QCOMPARE(s.stopReasons(), QStringList({ QStringLiteral("end_turn"), QStringLiteral("end_turn") }));
    const auto verdict = s.driver.verdict();
    QVERIFY(verdict);
    QCOMPARE(verdict->outcome, QStringLiteral("succeeded"));
}

void TestAcpDriverStates::cancelDuringTurn()
{
    Session s;
    const int prompt = s.handshake();
    QCOMPARE(s.driver.interrupt(QStringLiteral("cancel_requested")), AcpDriver::CancelGraceMs);
    QCOMPARE(s.driver.state(), State::Cancelling);
    QCOMPARE(s.agent.take(QStringLiteral("session/cancel"))
                 .value(QLatin1String("params"))
                 .toObject()
                 .value(QLatin1String("sessionId"))
                 .toString(),
        kSession);
    QVERIFY(!s.idleWatchRunning());
    QCOMPARE(s.quiesced, 0); // the agent still winds its turn down
    QVERIFY(s.stopReasons().isEmpty());

    s.answerPrompt(prompt, QStringLiteral("cancelled"));
    QCOMPARE(s.driver.state(), State::Stopping);
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("cancelled") });
    QCOMPARE(s.quiesced, 1); // the supervisor may terminate now
    QCOMPARE(s.prompt(QStringLiteral("turn_2")), -1); // the run is over: no more turns

    s.agent.exit(-1, 15);
    QCOMPARE(s.driver.state(), State::Ended);
    QCOMPARE(s.finished, 1);
    const QList<State> expected { State::Handshake, State::InTurn, State::Cancelling, State::Stopping, State::Ended };
    QCOMPARE(s.states, expected);
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("cancelled") });
}

void TestAcpDriverStates::cancelAnsweredWithAnErrorCountsAsCancelled()
{
    Session s;
    const int prompt = s.handshake();
    s.driver.interrupt(QStringLiteral("runner_stopped"));
    QCOMPARE(s.driver.state(), State::Cancelling);
    s.agent.say({ { QStringLiteral("id"), prompt },
        { QStringLiteral("error"),
            QJsonObject {
                { QStringLiteral("code"), -32603 }, { QStringLiteral("message"), QStringLiteral("aborted") } } } });
    QCOMPARE(s.driver.state(), State::Stopping);
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("cancelled") });
    QVERIFY(!s.warningKinds().contains(QStringLiteral("acp_prompt_failed")));
}

void TestAcpDriverStates::cancelWhileAwaitingApproval()
{
    Session s;
    const int prompt = s.handshake();
    const QString approval = s.askPermission(7);
    QCOMPARE(s.driver.state(), State::AwaitingApproval);
    QCOMPARE(s.driver.interrupt(QStringLiteral("cancel_requested")), AcpDriver::CancelGraceMs);
    QCOMPARE(s.driver.state(), State::Cancelling);
    // The person is no longer asked: the agent hears `cancelled`, then session/cancel.
    QVERIFY(answeredCancelled(s.agent.answerTo(7)));
    const QList<QJsonObject> resolved = s.eventsOf(QStringLiteral("approval.resolved"));
    QCOMPARE(resolved.size(), 1);
    QCOMPARE(resolved.at(0).value(QLatin1String("approval_id")).toString(), approval);
    QCOMPARE(resolved.at(0).value(QLatin1String("outcome")).toString(), QStringLiteral("cancelled"));
    QVERIFY(!s.agent.take(QStringLiteral("session/cancel")).isEmpty());
    // A further request while cancelling is answered cancelled at once, never put to a person.
    QVERIFY(s.askPermission(8).isEmpty());
    QVERIFY(answeredCancelled(s.agent.answerTo(8)));
    QCOMPARE(s.driver.state(), State::Cancelling);

    s.answerPrompt(prompt, QStringLiteral("cancelled"));
    QCOMPARE(s.driver.state(), State::Stopping);
    QCOMPARE(s.quiesced, 1);
    s.agent.exit(0);
    const QList<State> expected { State::Handshake, State::InTurn, State::AwaitingApproval, State::Cancelling,
        State::Stopping, State::Ended };
    QCOMPARE(s.states, expected);
    QCOMPARE(s.finished, 1);
}

void TestAcpDriverStates::dismissedApprovalCancelsTheTurnOnly()
{
    Session s;
    const int prompt = s.handshake();
    const QString approval = s.askPermission(7);
    s.decide(approval, QStringLiteral("cancelled"));
    QCOMPARE(s.driver.state(), State::Cancelling);
    QVERIFY(answeredCancelled(s.agent.answerTo(7)));
    QVERIFY(!s.agent.take(QStringLiteral("session/cancel")).isEmpty());
    QVERIFY(s.idleWatchRunning()); // the run goes on: silence while the agent winds down counts

    s.answerPrompt(prompt, QStringLiteral("cancelled"));
    QCOMPARE(s.driver.state(), State::Idle);
    QCOMPARE(s.quiesced, 0);
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("cancelled") });
    QVERIFY(s.prompt(QStringLiteral("turn_2")) >= 0);
    QCOMPARE(s.driver.state(), State::InTurn);
}

void TestAcpDriverStates::harnessExitInEachState_data()
{
    QTest::addColumn<State>("exitIn");
    QTest::addColumn<QStringList>("stopReasons"); // of every turn.ended in the run
    QTest::addColumn<QString>("verdict"); // outcome/reason, empty when the driver has none

    const QString exited = QStringLiteral("failed/harness_exited");
    QTest::newRow("handshake") << State::Handshake << QStringList { QStringLiteral("error") } << exited;
    QTest::newRow("in_turn") << State::InTurn << QStringList { QStringLiteral("error") } << exited;
    QTest::newRow("awaiting_approval") << State::AwaitingApproval << QStringList { QStringLiteral("error") } << exited;
    QTest::newRow("cancelling") << State::Cancelling << QStringList { QStringLiteral("cancelled") } << exited;
    QTest::newRow("idle") << State::Idle << QStringList { QStringLiteral("end_turn") } << exited;
    QTest::newRow("closing") << State::Closing << QStringList { QStringLiteral("end_turn") }
                             << QStringLiteral("succeeded/");
    QTest::newRow("stopping") << State::Stopping << QStringList { QStringLiteral("error") } << QString();
}

void TestAcpDriverStates::harnessExitInEachState()
{
    QFETCH(State, exitIn);
    QFETCH(QStringList, stopReasons);
    QFETCH(QString, verdict);

    Session s;
    if (exitIn == State::Handshake) {
        s.start();
        s.agent.launch();
    } else {
        const int prompt = s.handshake();
        if (exitIn == State::AwaitingApproval || exitIn == State::Cancelling)
            s.askPermission(7);
        if (exitIn == State::Cancelling)
            s.decide(s.approvals.last(), QStringLiteral("cancelled"));
        if (exitIn == State::Idle || exitIn == State::Closing)
            s.answerPrompt(prompt, QStringLiteral("end_turn"));
        if (exitIn == State::Closing)
            s.close();
        if (exitIn == State::Stopping)
            s.driver.interrupt(QStringLiteral("deadline_exceeded"));
    }
    QCOMPARE(s.driver.state(), exitIn);

    s.agent.exit(1);
    QCOMPARE(s.driver.state(), State::Ended);
    QCOMPARE(s.states.last(), State::Ended);
    QCOMPARE(s.states.count(State::Ended), 1);
    QCOMPARE(s.finished, 1);
    QCOMPARE(s.stopReasons(), stopReasons);
    QVERIFY(!s.idleWatchRunning());
    for (const QJsonObject &resolved : s.eventsOf(QStringLiteral("approval.resolved")))
        QCOMPARE(resolved.value(QLatin1String("outcome")).toString(), QStringLiteral("cancelled"));
    const auto v = s.driver.verdict();
    QCOMPARE(v ? v->outcome + QLatin1Char('/') + v->reason : QString(), verdict);
}

void TestAcpDriverStates::closeRequestedDuringHandshake()
{
    Session s;
    s.start();
    s.agent.launch();
    s.close();
    QCOMPARE(s.driver.state(), State::Handshake);
    QVERIFY(!s.agent.stdinClosed); // the run's own prompt still gets its turn
    s.agent.answer(s.agent.take(QStringLiteral("initialize")).value(QLatin1String("id")),
        { { QStringLiteral("protocolVersion"), AcpDriver::ProtocolVersion } });
    s.agent.answer(s.agent.take(QStringLiteral("session/new")).value(QLatin1String("id")),
        { { QStringLiteral("sessionId"), kSession } });
    const int prompt = s.agent.take(QStringLiteral("session/prompt")).value(QLatin1String("id")).toInt(-1);
    QVERIFY(prompt >= 0);
    QCOMPARE(s.driver.state(), State::InTurn);

    // After close, no further turn is taken.
    QCOMPARE(s.prompt(QStringLiteral("turn_2")), -1);
    QVERIFY(s.warningKinds().contains(QStringLiteral("directive_after_close")));
    QCOMPARE(s.driver.state(), State::InTurn);

    s.answerPrompt(prompt, QStringLiteral("end_turn"));
    QCOMPARE(s.driver.state(), State::Closing);
    QVERIFY(s.agent.stdinClosed);
    s.agent.exit(0);
    const QList<State> expected { State::Handshake, State::InTurn, State::Idle, State::Closing, State::Ended };
    QCOMPARE(s.states, expected);
    QCOMPARE(s.driver.verdict()->outcome, QStringLiteral("succeeded"));
}

void TestAcpDriverStates::protocolErrorDuringHandshakeStops()
{
    Session s;
    s.start();
    s.agent.launch();
    s.agent.answer(s.agent.take(QStringLiteral("initialize")).value(QLatin1String("id")),
        { { QStringLiteral("protocolVersion"), AcpDriver::ProtocolVersion + 1 } });
    QCOMPARE(s.driver.state(), State::Stopping);
    QVERIFY(s.warningKinds().contains(QStringLiteral("acp_version_mismatch")));
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("error") });
    QVERIFY(s.agent.take(QStringLiteral("session/new")).isEmpty());
    QVERIFY(s.agent.stdinClosed);
    QCOMPARE(s.agent.terminations, 1);
    s.agent.exit(-1, 15);
    QCOMPARE(s.driver.state(), State::Ended);
    const auto v = s.driver.verdict();
    QVERIFY(v);
    QCOMPARE(v->reason, QStringLiteral("harness_protocol_error"));
}

void TestAcpDriverStates::interruptBeforeTheAgentStarted()
{
    Session s;
    s.start();
    QCOMPARE(s.driver.state(), State::Handshake);
    QCOMPARE(s.driver.interrupt(QStringLiteral("runner_stopped")), 0); // nothing to wind down
    QCOMPARE(s.driver.state(), State::Stopping);
    QVERIFY(s.agent.stdinClosed);
    // The process comes up late: no handshake and no new turn for a run that is over.
    s.agent.launch();
    QCOMPARE(s.driver.state(), State::Stopping);
    QVERIFY(s.agent.take(QStringLiteral("initialize")).isEmpty());
    QVERIFY(s.eventsOf(QStringLiteral("turn.started")).isEmpty());
    s.agent.exit(-1, 9);
    QCOMPARE(s.finished, 1);
    QVERIFY(!s.driver.verdict()); // the Runner's reason stands
}

void TestAcpDriverStates::startFailureEndsAtOnce()
{
    Session s;
    s.start();
    QCOMPARE(s.agent.starts, 1);
    emit s.agent.startFailed(QStringLiteral("no such file: agent"));
    QCOMPARE(s.driver.state(), State::Ended);
    QCOMPARE(s.finished, 1);
    QCOMPARE(s.launchError, QStringLiteral("no such file: agent"));
    s.agent.exit(-1); // some providers report an exit too: finished stays reported once
    QCOMPARE(s.finished, 1);
    const QList<State> expected { State::Handshake, State::Ended };
    QCOMPARE(s.states, expected);
}

void TestAcpDriverStates::illegalMovesAreRefused()
{
    Session s;
    const int prompt = s.handshake();
    s.start(); // a second start() is no new session
    QCOMPARE(s.agent.starts, 1);
    s.answerPrompt(prompt, QStringLiteral("end_turn"));
    QCOMPARE(s.driver.state(), State::Idle);

    // The same prompt answered again, in Idle: no second end of the turn.
    s.answerPrompt(prompt, QStringLiteral("end_turn"));
    QCOMPARE(s.driver.state(), State::Idle);
    QCOMPARE(s.stopReasons(), QStringList { QStringLiteral("end_turn") });
    QCOMPARE(s.quiesced, 0);

    // A permission request between turns waits for a person, but no turn is waiting for it.
    const QString outOfTurn = s.askPermission(9);
    QVERIFY(!outOfTurn.isEmpty());
    QCOMPARE(s.driver.state(), State::Idle);
    QVERIFY(!s.idleWatchRunning());
    // A decision for an approval that is not pending changes nothing.
    s.decide(QStringLiteral("apr_unknown"), QStringLiteral("selected"), QStringLiteral("allow"));
    QVERIFY(s.warningKinds().contains(QStringLiteral("approval_not_pending")));
    QCOMPARE(s.driver.state(), State::Idle);
    // The next turn starts with that request still waiting.
    QVERIFY(s.prompt(QStringLiteral("turn_2")) >= 0);
    QCOMPARE(s.driver.state(), State::AwaitingApproval);
    s.decide(outOfTurn, QStringLiteral("selected"), QStringLiteral("reject"));
    QCOMPARE(s.driver.state(), State::InTurn);

    s.agent.exit(1);
    QCOMPARE(s.driver.state(), State::Ended);
    const qsizetype moves = s.states.size();
    // Nothing moves an ended driver: another exit, a late start failure, an interrupt, a directive.
    s.agent.exit(1);
    emit s.agent.startFailed(QStringLiteral("late"));
    QCOMPARE(s.driver.interrupt(QStringLiteral("cancel_requested")), 0);
    QCOMPARE(s.prompt(QStringLiteral("turn_3")), -1);
    s.close();
    QCOMPARE(s.states.size(), moves);
    QCOMPARE(s.driver.state(), State::Ended);
    QCOMPARE(s.finished, 1);
    QCOMPARE(s.quiesced, 0);
    QVERIFY(s.launchError.isEmpty());
}

void TestAcpDriverStates::everyStateHasItsOwnName()
{
    const QMetaEnum states = QMetaEnum::fromType<State>();
    QSet<QString> names;
    for (int i = 0; i < states.keyCount(); ++i) {
        const QString name = QString::fromLatin1(AcpDriver::stateName(State(states.value(i))));
        QVERIFY2(!name.isEmpty() && name != QLatin1String("unknown"), states.key(i));
        names.insert(name);
    }
    QCOMPARE(names.size(), states.keyCount());
    QCOMPARE(QString::fromLatin1(AcpDriver::stateName(State::AwaitingApproval)), QStringLiteral("awaiting_approval"));
}

QTEST_GUILESS_MAIN(TestAcpDriverStates)
#include "tst_acpdriverstates.moc"
