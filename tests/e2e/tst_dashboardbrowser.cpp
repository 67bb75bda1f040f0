// The devplane's web dashboard in a real browser (issue 15): Debian's chromium, headless, driven
// by playwright-core (tests/peers/browser/dashboard.mjs) the way a person uses the page: enter
// the admin key (a wrong one first), mint a pairing code and copy it, pair a headless Runner
// with that code (this test starts it), see the Runner ready, run an echo Session whose output
// is HTML (shown as text), create an ACP Session from the acp preset, approve the agent's
// permission request in the page, close the Session and see it settle, open the approval link
// the devplane hands out, cancel a Session, revoke the Runner. The browser script says what it
// did in lines; this test checks each step against the devplane itself. The page's screenshot
// is written to build/tests/dashboard.png (docs/screenshots/dashboard.png is a copy of one).
// Runtime: about 20 s.
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
    bool start(const QProcessEnvironment &env, QString *error)
    {
        m_process.setProcessEnvironment(env);
        m_process.setWorkingDirectory(browserPeer);
        m_process.start(
            QStandardPaths::findExecutable(QStringLiteral("node")), { browserPeer + QStringLiteral("/dashboard.mjs") });
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
    const QString screenshot = QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("dashboard.png"));
    QFile::remove(screenshot);
    const QString agent = QString::fromUtf8(
        QJsonDocument(QJsonArray { m_node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") })
            .toJson(QJsonDocument::Compact));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DASHBOARD_URL"), devplane.url());
    env.insert(QStringLiteral("DASHBOARD_ADMIN_KEY"), devplane.adminKey());
    env.insert(QStringLiteral("DASHBOARD_AGENT"), agent);
    env.insert(QStringLiteral("DASHBOARD_LABEL"), machineLabel);
    env.insert(QStringLiteral("DASHBOARD_SCREENSHOT"), screenshot);
    env.insert(QStringLiteral("DASHBOARD_PROFILE"), profile.path());

    BrowserScript script;
    QVERIFY2(script.start(env, &error), qPrintable(error));

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
    for (const QJsonObject &record : devplane.requestLog()) {
        QVERIFY2(record.value(QStringLiteral("code")).toString() != QLatin1String("forbidden_host")
                && record.value(QStringLiteral("code")).toString() != QLatin1String("forbidden_origin"),
            qPrintable(dumpJson(record)));
    }
    if (runner.isRunning()) {
        runner.sendSignal(SIGTERM);
        runner.waitForExit(15000);
    }
}

CHECKFU_INTEGRATION_MAIN(TestDashboardBrowser, 240000)

#include "tst_dashboardbrowser.moc"
