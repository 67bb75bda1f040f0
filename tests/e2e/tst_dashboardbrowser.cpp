// The devplane's web dashboard in a real browser (issue 15): Debian's chromium, headless, driven
// by playwright-core (tests/peers/browser/dashboard.mjs) the way a person uses the page: enter
// the admin key (a wrong one first), mint a pairing code and copy it, pair a headless Runner
// with that code (this test starts it), see the Runner ready, run an echo Session whose output
// is HTML (shown as text), create an ACP Session from the acp preset, approve the agent's
// permission request in the page, close the Session and see it settle, open the approval link
// the devplane hands out, cancel a Session, revoke the Runner. The browser script says what it
// did in lines; this test checks each step against the devplane itself. The page's screenshot
// is written to build/tests/dashboard.png (docs/screenshots/dashboard.png is a copy of one).
// Then Continue from this workspace (issue 23, tests/peers/browser/continue.mjs): a Session the
// real Runner ran with snapshot.on_settle is shown with the workspace it kept, the button makes a
// Session whose root mount is that snapshot, and the harness of that run finds the first run's files.
// Runtime: about 10 s and 6 s.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <memory>

using namespace IntegrationSupport;

namespace {

const QString chromium = QStringLiteral("/usr/bin/chromium");
const QString browserPeer = QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/browser");
const QString machineLabel = QStringLiteral("dashboard-test-machine");

// The browser script as a child process whose stdout is read line by line.
class BrowserScript
{
public:
    // Starts `node tests/peers/browser/<script>`.
    bool start(const QProcessEnvironment &env, const QString &script, QString *error)
    {
        m_process.setProcessEnvironment(env);
        m_process.setWorkingDirectory(browserPeer);
        m_process.start(
            QStandardPaths::findExecutable(QStringLiteral("node")), { browserPeer + QLatin1Char('/') + script });
        if (!m_process.waitForStarted(10000)) {
            *error = QStringLiteral("node did not start: ") + m_process.errorString();
            return false;
        }
        return true;
    }

    // The next line the script printed; empty when it printed none within timeoutMs or exited.
    QString nextLine(int timeoutMs)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (true) {
            m_stdout += m_process.readAllStandardOutput();
            m_stderr += m_process.readAllStandardError();
            const qsizetype end = m_stdout.indexOf('\n');
            if (end >= 0) {
                const QString line = QString::fromUtf8(m_stdout.left(end));
                m_stdout.remove(0, end + 1);
                return line;
            }
            if (deadline.hasExpired() || m_process.state() == QProcess::NotRunning) {
                return {};
            }
            QTest::qWait(50);
        }
    }

    void send(const QByteArray &line) { m_process.write(line + '\n'); }

    int waitForExit(int timeoutMs)
    {
        if (!m_process.waitForFinished(timeoutMs)) {
            return -1;
        }
        m_stderr += m_process.readAllStandardError();
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -2;
    }

    QString stderrText()
    {
        m_stderr += m_process.readAllStandardError();
        return QString::fromUtf8(m_stderr);
    }

    ~BrowserScript()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

private:
    QProcess m_process;
    QByteArray m_stdout;
    QByteArray m_stderr;
};

// The next line of the script, whose first word must be `first`: its words (the first one
// included) in *words; false with *error saying what came instead.
bool readLine(BrowserScript &script, const QString &first, int timeoutMs, QStringList *words, QString *error)
{
    const QString line = script.nextLine(timeoutMs);
    *words = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words->value(0) == first) {
        return true;
    }
    *error
        = QStringLiteral("expected \"%1 …\"; the browser script said \"%2\"\n%3").arg(first, line, script.stderrText());
    return false;
}

// The next line of the script, `first` followed by a JSON object: that object in *object.
bool readJson(BrowserScript &script, const QString &first, int timeoutMs, QJsonObject *object, QString *error)
{
    QStringList words;
    if (!readLine(script, first, timeoutMs, &words, error)) {
        return false;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(words.mid(1).join(QLatin1Char(' ')).toUtf8(), &parseError);
    *object = document.object();
    if (!document.isObject()) {
        *error = QStringLiteral("\"%1\" is not followed by a JSON object: %2").arg(first, parseError.errorString());
        return false;
    }
    return true;
}

// What every browser script reads (tests/peers/browser/dashboardpage.mjs): the devplane, its admin
// key, a fresh profile directory and where the picture of the page goes.
QProcessEnvironment browserEnvironment(
    const DevPlaneProcess &devplane, const QTemporaryDir &profile, const QString &screenshotName)
{
    const QString screenshot = QDir(QCoreApplication::applicationDirPath()).filePath(screenshotName);
    QFile::remove(screenshot);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DASHBOARD_URL"), devplane.url());
    env.insert(QStringLiteral("DASHBOARD_ADMIN_KEY"), devplane.adminKey());
    env.insert(QStringLiteral("DASHBOARD_SCREENSHOT"), screenshot);
    env.insert(QStringLiteral("DASHBOARD_PROFILE"), profile.path());
    return env;
}

// The first call the devplane refused under its Host and Origin checks (dumped), or empty: the
// page makes its calls from the devplane's own origin.
QByteArray callRefusedForHostOrOrigin(const DevPlaneProcess &devplane)
{
    for (const QJsonObject &record : devplane.requestLog()) {
        const QString code = record.value(QStringLiteral("code")).toString();
        if (code == QLatin1String("forbidden_host") || code == QLatin1String("forbidden_origin")) {
            return dumpJson(record);
        }
    }
    return {};
}

QJsonObject approvalOf(const QJsonObject &sessionEvents, const QString &approvalId)
{
    for (const QJsonValue &value : sessionEvents.value(QStringLiteral("approvals")).toArray()) {
        if (value.toObject().value(QStringLiteral("approval_id")).toString() == approvalId) {
            return value.toObject();
        }
    }
    return {};
}

} // namespace

class TestDashboardBrowser : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void aPersonPairsARunnerAndApprovesAnAgentInThePage();
    void aPersonContinuesFromAKeptWorkspaceInThePage();

private:
    QString m_node;
};

void TestDashboardBrowser::initTestCase()
{
    m_node = QStandardPaths::findExecutable(QStringLiteral("node"));
    QVERIFY2(!m_node.isEmpty(), "node is not on PATH; scripts/setup installs it");
    QVERIFY2(QFileInfo(chromium).isExecutable(), "no /usr/bin/chromium; scripts/setup installs Debian's chromium");
    QVERIFY2(QFileInfo::exists(browserPeer + QStringLiteral("/node_modules/playwright-core")),
        "playwright-core is not installed; run scripts/setup (npm ci --prefix tests/peers/browser)");
    QVERIFY2(
        QFileInfo::exists(QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/node_modules/@agentclientprotocol/sdk")),
        "the ACP SDK is not installed; run scripts/setup (npm ci --prefix tests/peers/acp)");
}

void TestDashboardBrowser::aPersonPairsARunnerAndApprovesAnAgentInThePage()
{
    DevPlaneProcess devplane;
    QString error;
    QVERIFY2(devplane.start(&error), qPrintable(error));

    QTemporaryDir profile;
    QVERIFY(profile.isValid());
    const QString agent = QString::fromUtf8(
        QJsonDocument(QJsonArray { m_node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") })
            .toJson(QJsonDocument::Compact));
    QProcessEnvironment env = browserEnvironment(devplane, profile, QStringLiteral("dashboard.png"));
    const QString screenshot = env.value(QStringLiteral("DASHBOARD_SCREENSHOT"));
    env.insert(QStringLiteral("DASHBOARD_AGENT"), agent);
    env.insert(QStringLiteral("DASHBOARD_LABEL"), machineLabel);

    BrowserScript script;
    QVERIFY2(script.start(env, QStringLiteral("dashboard.mjs"), &error), qPrintable(error));

    // The code the page minted and shows is one the devplane redeems for this machine.
    QStringList line;
    QVERIFY2(readLine(script, QStringLiteral("code"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.size(), 2);
    RunnerProcess runner;
    QVERIFY2(runner.start(fileStoreStart(devplane, line.at(1)), &error), qPrintable(error));
    QVERIFY2(runner.waitForState(QStringLiteral("ready"), 30000), qPrintable(runner.describe()));
    const QString runnerId = runner.home()->storedRunnerId();
    QVERIFY(!runnerId.isEmpty());
    QCOMPARE(devplane.presence(runnerId)
                 .value(QStringLiteral("owner"))
                 .toObject()
                 .value(QStringLiteral("machine_label"))
                 .toString(),
        machineLabel);
    script.send("runner-started");

    // The echo Session created in the page ran on this Runner.
    QVERIFY2(readLine(script, QStringLiteral("session"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1, 1), QStringList { QStringLiteral("echo") });
    const QString echoId = line.value(2);
    QVERIFY2(readLine(script, QStringLiteral("settled"), 90000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1), (QStringList { echoId, QStringLiteral("succeeded") }));
    QJsonObject events = devplane.sessionEvents(echoId, &error);
    QCOMPARE(events.value(QStringLiteral("runner_id")).toString(), runnerId);
    QCOMPARE(events.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("succeeded"));

    // The git-demo Session: the demo repository at the commit the form offered, the one before
    // the tip, checked out and reported ready at exactly that commit.
    QVERIFY2(readLine(script, QStringLiteral("session"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1, 1), QStringList { QStringLiteral("git-demo") });
    const QString gitId = line.value(2);
    QVERIFY2(readLine(script, QStringLiteral("settled"), 90000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1, 2), (QStringList { gitId, QStringLiteral("succeeded") }));
    const QJsonArray commits = devplane.admin({ QStringLiteral("repos") })
                                   .value(QStringLiteral("data"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("commits"))
                                   .toArray();
    QCOMPARE(commits.size(), 3);
    QCOMPARE(line.value(3), commits.at(1).toObject().value(QStringLiteral("id")).toString());
    events = devplane.sessionEvents(gitId, &error);
    bool readyAtCommit = false;
    for (const QJsonValue &event : events.value(QStringLiteral("events")).toArray()) {
        const QJsonObject e = event.toObject();
        if (e.value(QStringLiteral("kind")) == QLatin1String("workspace.ready"))
            readyAtCommit = e.value(QStringLiteral("data"))
                                .toObject()
                                .value(QStringLiteral("mounts"))
                                .toArray()
                                .at(0)
                                .toObject()
                                .value(QStringLiteral("commit"))
                                .toString()
                == line.value(3);
    }
    QVERIFY2(readyAtCommit, dumpJson(events).constData());

    // The ACP Session: the page's decision is the admin's, for the option offered.
    QVERIFY2(readLine(script, QStringLiteral("session"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1, 1), QStringList { QStringLiteral("acp") });
    const QString acpId = line.value(2);
    QVERIFY2(readLine(script, QStringLiteral("approved"), 90000, &line, &error), qPrintable(error));
    QCOMPARE(line.value(1), acpId);
    const QString approvalId = line.value(2);
    events = devplane.sessionEvents(acpId, &error);
    QJsonObject approval = approvalOf(events, approvalId);
    QVERIFY2(!approval.isEmpty(), dumpJson(events).constData());
    const QJsonObject decision = approval.value(QStringLiteral("decision")).toObject();
    QCOMPARE(decision.value(QStringLiteral("option_id")).toString(), QStringLiteral("allow_once"));
    QCOMPARE(decision.value(QStringLiteral("decided_by")).toString(), QStringLiteral("admin"));
    QCOMPARE(decision.value(QStringLiteral("offered")).toBool(), true);

    QVERIFY2(readLine(script, QStringLiteral("settled"), 90000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1), (QStringList { acpId, QStringLiteral("succeeded") }));
    events = devplane.sessionEvents(acpId, &error);
    QCOMPARE(events.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("succeeded"));
    approval = approvalOf(events, approvalId);
    QCOMPARE(approval.value(QStringLiteral("status")).toString(), QStringLiteral("resolved"));
    QCOMPARE(approval.value(QStringLiteral("resolution")).toObject().value(QStringLiteral("option_id")).toString(),
        QStringLiteral("allow_once"));

    QVERIFY2(readLine(script, QStringLiteral("screenshot"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.value(1), screenshot);
    QFile png(screenshot);
    QVERIFY(png.open(QIODevice::ReadOnly));
    QCOMPARE(png.read(8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    QVERIFY2(png.size() > 20000, "the screenshot is too small to show the page");

    // Cancel Session in the page cancels the run on the Runner.
    QVERIFY2(readLine(script, QStringLiteral("session"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1, 1), QStringList { QStringLiteral("sleep") });
    const QString sleepId = line.value(2);
    QVERIFY2(readLine(script, QStringLiteral("settled"), 90000, &line, &error), qPrintable(error));
    QCOMPARE(line.mid(1), (QStringList { sleepId, QStringLiteral("cancelled") }));
    events = devplane.sessionEvents(sleepId, &error);
    QCOMPARE(events.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("cancelled"));
    QCOMPARE(events.value(QStringLiteral("cancel_requested")).toBool(), true);

    // Revoke in the page revokes this Runner's credential.
    QVERIFY2(readLine(script, QStringLiteral("revoked"), 60000, &line, &error), qPrintable(error));
    QCOMPARE(line.value(1), runnerId);
    QCOMPARE(devplane.runner(runnerId).value(QStringLiteral("revoked")).toBool(), true);

    QVERIFY2(readLine(script, QStringLiteral("done"), 30000, &line, &error), qPrintable(error));
    QVERIFY2(script.waitForExit(30000) == 0, qPrintable(script.stderrText()));

    // The page answered every one of its calls under the Host and Origin checks.
    const QByteArray refused = callRefusedForHostOrOrigin(devplane);
    QVERIFY2(refused.isEmpty(), refused.constData());
    if (runner.isRunning()) {
        runner.sendSignal(SIGTERM);
        runner.waitForExit(15000);
    }
}

// Issue 23: "Continue from this workspace". The same harness runs in both Sessions: the first
// edits the uploaded project (adds a file, appends to one, deletes one), the second finds what
// the first wrote and adds a file of its own.
void TestDashboardBrowser::aPersonContinuesFromAKeptWorkspaceInThePage()
{
    DevPlaneProcess devplane;
    QString error;
    QVERIFY2(devplane.start(&error), qPrintable(error));
    QTemporaryDir profile;
    QVERIFY(profile.isValid());
    // The browser starts while the Runner pairs and runs the first Session.
    BrowserScript script;
    QVERIFY2(script.start(browserEnvironment(devplane, profile, QStringLiteral("dashboard-continue.png")),
                 QStringLiteral("continue.mjs"), &error),
        qPrintable(error));
    RunnerProcess runner;
    runner.setEnv(QStringLiteral("DOCKER_HOST"), QStringLiteral("unix:///nonexistent/docker.sock"));
    QVERIFY2(!pairAndWaitReady(devplane, runner, &error).isEmpty(), qPrintable(error));

    const QByteArray notes = "first line\n";
    const QByteArray added = "added by the first run\n";
    const QByteArray written = "written by the first run\n";
    const QByteArray second = "written by the second run\n";
    const qsizetype firstBytes = notes.size() + added.size() + written.size();
    const auto printfText = [](const QByteArray &text) { return QString::fromLatin1(text.chopped(1) + "\\n"); };
    const QString harness
        = QStringLiteral("set -e; if [ -f from-first-run.txt ]; then printf 'restored: '; cat from-first-run.txt "
                         "notes.txt; printf '%1' > from-second-run.txt; else printf '%2' > from-first-run.txt; "
                         "printf '%3' >> notes.txt; rm OLD.md; echo 'first run: workspace edited'; fi")
              .arg(printfText(second), printfText(written), printfText(added));
    QJsonObject spec = withPath(
        oneshotRunSpec(devplane.defaultPrincipal(), { QStringLiteral("/bin/sh"), QStringLiteral("-c"), harness }),
        { QStringLiteral("mounts") },
        QJsonArray { QJsonObject { { QStringLiteral("kind"), QStringLiteral("uploaded_project") },
            { QStringLiteral("target"), QStringLiteral("/workspace") },
            { QStringLiteral("files"),
                QJsonArray { uploadedFile(QStringLiteral("notes.txt"), notes),
                    uploadedFile(QStringLiteral("OLD.md"), "old\n") } } } });
    spec.insert(QStringLiteral("snapshot"), QJsonObject { { QStringLiteral("on_settle"), true } });
    spec.insert(QStringLiteral("title"), QStringLiteral("keeps its workspace"));
    const QString firstId
        = devplane.createSessionFromSpec(spec, {}, &error).value(QStringLiteral("session_id")).toString();
    QVERIFY2(!firstId.isEmpty(), qPrintable(error));
    QCOMPARE(devplane.waitSettled(firstId, 60, &error).value(QStringLiteral("outcome")).toString(),
        QStringLiteral("succeeded"));
    const QList<QJsonObject> firstEvents = eventList(devplane.sessionEvents(firstId));
    const QJsonObject kept = eventsOfKind(firstEvents, QStringLiteral("workspace.snapshot"))
                                 .value(0)
                                 .value(QStringLiteral("data"))
                                 .toObject();
    QVERIFY2(!kept.isEmpty(), dumpEvents(firstEvents).constData());
    // What the run left: notes.txt and from-first-run.txt, OLD.md gone.
    QCOMPARE(kept.value(QStringLiteral("files")).toInteger(), 2);
    QCOMPARE(kept.value(QStringLiteral("bytes")).toInteger(), firstBytes);
    QCOMPARE(kept.value(QStringLiteral("changes")).toObject(),
        (QJsonObject {
            { QStringLiteral("added"), 1 }, { QStringLiteral("modified"), 1 }, { QStringLiteral("deleted"), 1 } }));
    const QString snapshotId = kept.value(QStringLiteral("snapshot_id")).toString();
    QVERIFY2(QFileInfo::exists(runner.home()->runnerDataDir() + QStringLiteral("/snapshots/index/") + snapshotId
                 + QStringLiteral(".json")),
        qPrintable(snapshotId));

    // The page shows the settled Session with what the Runner kept, as the run made it.
    script.send("open " + firstId.toUtf8());
    QJsonObject shown;
    QVERIFY2(readJson(script, QStringLiteral("shown"), 60000, &shown, &error), qPrintable(error));
    QCOMPARE(shown.value(QStringLiteral("session")).toString(), firstId);
    QCOMPARE(shown.value(QStringLiteral("listed")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(shown.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    const QJsonObject shownKept = shown.value(QStringLiteral("snapshot")).toObject();
    QCOMPARE(shownKept.value(QStringLiteral("id")).toString(), snapshotId);
    QCOMPARE(shownKept.value(QStringLiteral("digest")).toString(), kept.value(QStringLiteral("digest")).toString());
    QCOMPARE(shownKept.value(QStringLiteral("files")).toString(), QStringLiteral("2 files, %1 bytes").arg(firstBytes));
    QCOMPARE(shownKept.value(QStringLiteral("changes")).toString(), QStringLiteral("1 added, 1 modified, 1 deleted"));
    QCOMPARE(shownKept.value(QStringLiteral("base")).toString(), QStringLiteral("—"));

    // Continue from this workspace: one call from the page, a new Session the page opened.
    QStringList line;
    QVERIFY2(readLine(script, QStringLiteral("continued"), 60000, &line, &error), qPrintable(error));
    const QString secondId = line.value(1);
    QVERIFY2(
        secondId.startsWith(QLatin1String("sess_")) && secondId != firstId, qPrintable(line.join(QLatin1Char(' '))));
    int continueCalls = 0;
    for (const QJsonObject &record : devplane.requestLog()) {
        continueCalls += record.value(QStringLiteral("method")).toString() == QLatin1String("POST")
            && record.value(QStringLiteral("path")).toString()
                == QStringLiteral("/v1/sessions/%1/continue").arg(firstId);
    }
    QCOMPARE(continueCalls, 1);

    // The Runner restored the snapshot as the root mount; the harness found the first run's files.
    QJsonObject settled;
    QVERIFY2(readJson(script, QStringLiteral("settled"), 90000, &settled, &error), qPrintable(error));
    const QJsonObject secondView = devplane.sessionEvents(secondId, &error);
    const QList<QJsonObject> secondEvents = eventList(secondView);
    const QByteArray context = dumpEvents(secondEvents);
    QCOMPARE(secondView.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("succeeded"));
    const QJsonArray mounts = eventsOfKind(secondEvents, QStringLiteral("workspace.ready"))
                                  .value(0)
                                  .value(QStringLiteral("data"))
                                  .toObject()
                                  .value(QStringLiteral("mounts"))
                                  .toArray();
    QVERIFY2(mounts.size() == 1, context.constData());
    QCOMPARE(mounts.at(0).toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("snapshot"));
    QCOMPARE(mounts.at(0).toObject().value(QStringLiteral("target")).toString(), QStringLiteral("/workspace"));
    QCOMPARE(mounts.at(0).toObject().value(QStringLiteral("files")).toInteger(), 2);
    const QByteArray restored = "restored: " + written + notes + added;
    QCOMPARE(outputBytes(secondEvents, QStringLiteral("output.stdout")), restored);
    const QJsonObject keptAgain = eventsOfKind(secondEvents, QStringLiteral("workspace.snapshot"))
                                      .value(0)
                                      .value(QStringLiteral("data"))
                                      .toObject();
    QVERIFY2(!keptAgain.isEmpty(), context.constData());
    QVERIFY(keptAgain.value(QStringLiteral("snapshot_id")).toString() != snapshotId);

    // …and the page shows all of it: the new Session listed and settled succeeded, its workspace
    // restored from the snapshot, the harness's output, and the workspace this run kept in turn.
    QCOMPARE(settled.value(QStringLiteral("session")).toString(), secondId);
    QCOMPARE(settled.value(QStringLiteral("listed")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(settled.value(QStringLiteral("outcome")).toString(), QStringLiteral("succeeded"));
    QCOMPARE(settled.value(QStringLiteral("ready")).toArray(),
        QJsonArray { QStringLiteral("snapshot at /workspace (2 files)") });
    QCOMPARE(settled.value(QStringLiteral("stdout")).toString().toUtf8(), restored);
    const QJsonObject shownAgain = settled.value(QStringLiteral("snapshot")).toObject();
    QCOMPARE(
        shownAgain.value(QStringLiteral("id")).toString(), keptAgain.value(QStringLiteral("snapshot_id")).toString());
    QCOMPARE(shownAgain.value(QStringLiteral("files")).toString(),
        QStringLiteral("3 files, %1 bytes").arg(firstBytes + second.size()));
    QCOMPARE(shownAgain.value(QStringLiteral("changes")).toString(), QStringLiteral("1 added, 0 modified, 0 deleted"));

    QVERIFY2(readLine(script, QStringLiteral("done"), 30000, &line, &error), qPrintable(error));
    QVERIFY2(script.waitForExit(30000) == 0, qPrintable(script.stderrText()));
    const QByteArray refused = callRefusedForHostOrOrigin(devplane);
    QVERIFY2(refused.isEmpty(), refused.constData());
    runner.sendSignal(SIGTERM);
    runner.waitForExit(15000);
}

CHECKFU_INTEGRATION_MAIN(TestDashboardBrowser, 240000)

#include "tst_dashboardbrowser.moc"
