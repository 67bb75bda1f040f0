// The devplane's side of the web dashboard (issue 15), over raw HTTP so that Host and Origin are
// exactly what a test says:
// - the page at `/`, `/dashboard` and the links the identity exchange hands out (the dashboard
//   link, the approval link with its ids filled in), its assets with their content types, all
//   with a strict Content-Security-Policy, nosniff and no framing; the files are the ones in
//   devplane/dashboard/ (compiled in), and the page has no inline script or style;
// - the DNS-rebinding guard: the dashboard and every admin call answer only to Host
//   127.0.0.1:PORT / localhost:PORT, admin calls only to no Origin or this devplane's own;
//   Runner routes are not affected;
// - GET /v1/_dev/presets, POST /v1/_dev/sessions (a Session from a preset, for the dev
//   principal) and GET /v1/_dev/sessions (newest first, pending approvals counted);
// - the events long-poll (wait_seconds, status, decided, cancel_requested): held while nothing
//   is new, woken by an observation batch (answering only the events after after_seq), a status
//   change, a decision or a cancel made elsewhere; answered at its deadline otherwise.
// Runtime: a few seconds.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"

#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTest>
#include <QUuid>

#include <memory>

using namespace IntegrationSupport;

namespace {

struct Answer
{
    int status = 0;
    QMap<QByteArray, QByteArray> headers; // names in lower case
    QByteArray body;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString errorCode() const
    {
        return json().value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
    }
    QByteArray describe() const { return QByteArray::number(status) + ' ' + body.left(2000); }
};

using Header = QPair<QByteArray, QByteArray>;
using Headers = QList<Header>;

// One HTTP/1.1 request on its own connection, written at once; read() collects the answer.
class Request
{
public:
    Request(quint16 port, const QByteArray &method, const QByteArray &target, const Headers &headers,
        const QByteArray &body = {})
    {
        m_socket.connectToHost(QStringLiteral("127.0.0.1"), port);
        if (!m_socket.waitForConnected(5000)) {
            return;
        }
        QByteArray head = method + ' ' + target + " HTTP/1.1\r\n";
        bool hasHost = false;
        for (const auto &[name, value] : headers) {
            hasHost = hasHost || name.compare("Host", Qt::CaseInsensitive) == 0;
            if (!value.isNull()) {
                head += name + ": " + value + "\r\n";
            }
        }
        if (!hasHost) {
            head += "Host: 127.0.0.1:" + QByteArray::number(port) + "\r\n";
        }
        head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n\r\n";
        m_socket.write(head + body);
        m_socket.flush();
    }

    // The answer once it is complete, or status 0 after timeoutMs.
    Answer read(int timeoutMs)
    {
        QDeadlineTimer deadline(timeoutMs);
        while (true) {
            m_buffer += m_socket.readAll();
            const qsizetype end = m_buffer.indexOf("\r\n\r\n");
            if (end >= 0) {
                Answer answer;
                const QList<QByteArray> lines = m_buffer.left(end).split('\n');
                answer.status = lines.value(0).split(' ').value(1).toInt();
                for (qsizetype i = 1; i < lines.size(); ++i) {
                    const qsizetype colon = lines.at(i).indexOf(':');
                    if (colon > 0) {
                        answer.headers.insert(
                            lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
                    }
                }
                const qsizetype length = answer.headers.value("content-length", "0").toLongLong();
                if (m_buffer.size() >= end + 4 + length) {
                    answer.body = m_buffer.mid(end + 4, length);
                    return answer;
                }
            }
            if (deadline.hasExpired() || m_socket.state() != QAbstractSocket::ConnectedState) {
                return {};
            }
            m_socket.waitForReadyRead(50);
        }
    }

    bool answered() { return m_socket.bytesAvailable() > 0 || !m_buffer.isEmpty(); }

private:
    QTcpSocket m_socket;
    QByteArray m_buffer;
};

const QByteArray version = "2026-08-27";

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QByteArray sourceFile(const QString &name)
{
    QFile file(QStringLiteral(CHECKFU_SOURCE_DIR "/devplane/dashboard/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QJsonObject observation(qint64 seq, const QString &kind, const QJsonObject &data)
{
    return { { QStringLiteral("seq"), seq }, { QStringLiteral("at"), QStringLiteral("2026-11-30T12:00:00.000Z") },
        { QStringLiteral("kind"), kind }, { QStringLiteral("data"), data } };
}

} // namespace

class TestDevPlaneDashboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void thePageAnswersEveryLinkTheDevplaneHandsOut();
    void thePageHasNoInlineScriptOrStyle();
    void assetsAreTheCompiledInFilesWithTheirTypes();
    void aForeignHostOrOriginIsRefused_data();
    void aForeignHostOrOriginIsRefused();
    void presetsListTheirParameters();
    void aSessionFromAPresetIsTheDevPrincipals();
    void aSessionFromAPresetChecksItsParameters();
    void theGitDemoPresetFetchesWithAPerSessionCredential();
    void theSessionListIsNewestFirstWithPendingApprovals();
    void anEventsPollWaitsForTheNextEvent();
    void anEventsPollWakesOnAStatusChange();
    void anEventsPollWakesOnADecisionOrCancelMadeElsewhere();
    void anEventsPollWithNothingNewAnswersAtItsDeadline();
    void anEventsPollChecksItsArguments();

private:
    Answer get(const QByteArray &target, const Headers &headers = {});
    Answer admin(const QByteArray &method, const QByteArray &target, const QJsonObject *body = nullptr,
        const Headers &extra = {});
    Answer runner(const QByteArray &method, const QByteArray &target, const QJsonObject &body);
    Headers adminHeaders(const QByteArray &method) const;
    // The Runner's half by hand: redeem a code, exchange, report ready (links in m_links).
    bool enroll(QString *error);
    // A Session from a preset through the dashboard's route; its id.
    QString createSession(const QString &preset, const QJsonObject &params = {});
    // Claims the oldest queued Run: {session_id, run_id, claim_id, …}.
    QJsonObject claim();
    Answer observe(const QJsonObject &claim, const QJsonArray &events);

    std::unique_ptr<DevPlaneProcess> m_devplane;
    quint16 m_port = 0;
    QString m_token;
    QJsonObject m_links;
};

Headers TestDevPlaneDashboard::adminHeaders(const QByteArray &method) const
{
    Headers headers { { "Authorization", "Bearer " + m_devplane->adminKey().toUtf8() },
        { "Checkfu-Version", version } };
    if (method != "GET") {
        headers.append(Header("Idempotency-Key", QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1()));
        headers.append(Header("Content-Type", "application/json"));
    }
    return headers;
}

Answer TestDevPlaneDashboard::get(const QByteArray &target, const Headers &headers)
{
    return Request(m_port, "GET", target, headers).read(15000);
}

Answer TestDevPlaneDashboard::admin(
    const QByteArray &method, const QByteArray &target, const QJsonObject *body, const Headers &extra)
{
    return Request(m_port, method, target, adminHeaders(method) + extra, body ? compact(*body) : QByteArray())
        .read(15000);
}

Answer TestDevPlaneDashboard::runner(const QByteArray &method, const QByteArray &target, const QJsonObject &body)
{
    Headers headers { { "Checkfu-Version", version }, { "Content-Type", "application/json" },
        { "Idempotency-Key", QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1() } };
    if (!m_token.isEmpty()) {
        headers.append(Header("Authorization", "Bearer " + m_token.toUtf8()));
    }
    return Request(m_port, method, target, headers, compact(body)).read(15000);
}

bool TestDevPlaneDashboard::enroll(QString *error)
{
    const QString code = m_devplane->pair();
    const Answer redeemed = runner("POST", "/v1/runner-pairings/redeem",
        { { QStringLiteral("code"), code }, { QStringLiteral("machine_label"), QStringLiteral("fake-runner") },
            { QStringLiteral("platform"),
                QJsonObject { { QStringLiteral("os"), QStringLiteral("linux") },
                    { QStringLiteral("architecture"), QStringLiteral("amd64") } } },
            { QStringLiteral("runner_version"), QStringLiteral("0.1.0") } });
    if (redeemed.status != 201) {
        *error = QStringLiteral("redeem: ") + QString::fromUtf8(redeemed.describe());
        return false;
    }
    m_token = redeemed.json().value(QStringLiteral("bootstrap_credential")).toString();
    const QString nonce = QUuid::createUuid().toString(QUuid::Id128) + QUuid::createUuid().toString(QUuid::Id128);
    const QJsonObject advertisement { { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("runner_pool"), QJsonValue() }, { QStringLiteral("providers"), QJsonArray() } };
    const Answer identity = runner("POST", "/v1/runner/identity",
        { { QStringLiteral("process_nonce"), nonce }, { QStringLiteral("advertisement"), advertisement },
            { QStringLiteral("runner_version"), QStringLiteral("0.1.0") } });
    if (identity.status != 200) {
        *error = QStringLiteral("identity: ") + QString::fromUtf8(identity.describe());
        return false;
    }
    m_token = identity.json().value(QStringLiteral("workload_token")).toString();
    m_links = identity.json().value(QStringLiteral("links")).toObject();
    const Answer presence = runner("PUT", "/v1/runner/presence",
        { { QStringLiteral("status"), QStringLiteral("ready") },
            { QStringLiteral("slots"), QJsonObject { { QStringLiteral("total"), 8 }, { QStringLiteral("busy"), 0 } } },
            { QStringLiteral("active_runs"), QJsonArray() }, { QStringLiteral("advertisement"), advertisement } });
    if (presence.status != 200) {
        *error = QStringLiteral("presence: ") + QString::fromUtf8(presence.describe());
        return false;
    }
    return true;
}

QString TestDevPlaneDashboard::createSession(const QString &preset, const QJsonObject &params)
{
    const QJsonObject body { { QStringLiteral("preset"), preset }, { QStringLiteral("params"), params } };
    const Answer created = admin("POST", "/v1/_dev/sessions", &body);
    if (created.status != 201) {
        qWarning("POST /v1/_dev/sessions: %s", created.describe().constData());
        return {};
    }
    return created.json().value(QStringLiteral("session_id")).toString();
}

QJsonObject TestDevPlaneDashboard::claim()
{
    const Answer claimed = runner(
        "POST", "/v1/runner/claims", { { QStringLiteral("wait_seconds"), 0 }, { QStringLiteral("free_slots"), 1 } });
    if (claimed.status != 200) {
        qWarning("claim: %s", claimed.describe().constData());
        return {};
    }
    return claimed.json().value(QStringLiteral("claim")).toObject();
}

Answer TestDevPlaneDashboard::observe(const QJsonObject &claim, const QJsonArray &events)
{
    return runner("POST",
        QStringLiteral("/v1/runner/runs/%1/observations")
            .arg(claim.value(QStringLiteral("run_id")).toString())
            .toUtf8(),
        { { QStringLiteral("claim_id"), claim.value(QStringLiteral("claim_id")) },
            { QStringLiteral("events"), events } });
}

void TestDevPlaneDashboard::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>();
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
    m_port = quint16(m_devplane->port());
    QVERIFY2(enroll(&error), qPrintable(error));
}

void TestDevPlaneDashboard::cleanupTestCase()
{
    m_devplane.reset();
}

void TestDevPlaneDashboard::thePageAnswersEveryLinkTheDevplaneHandsOut()
{
    const QString base = m_devplane->url();
    const QString dashboard = m_links.value(QStringLiteral("dashboard")).toString();
    QCOMPARE(dashboard, base + QStringLiteral("/dashboard"));
    const QString approval = m_links.value(QStringLiteral("approval"))
                                 .toString()
                                 .replace(QStringLiteral("{session_id}"), randomId(QStringLiteral("sess")))
                                 .replace(QStringLiteral("{approval_id}"), QStringLiteral("apr_1234abcd"));
    QVERIFY2(approval.startsWith(base + QStringLiteral("/sessions/sess_")), qPrintable(approval));
    const QByteArray page = sourceFile(QStringLiteral("index.html"));
    QVERIFY(page.contains("<script src=\"/dashboard/app.js\""));

    for (const QString &url : { base + QStringLiteral("/"), dashboard, dashboard + QStringLiteral("/"), approval,
             base + QStringLiteral("/sessions/") + randomId(QStringLiteral("sess")) }) {
        const Answer answer = get(url.mid(base.size()).toUtf8());
        QVERIFY2(answer.status == 200, qPrintable(url + QLatin1Char(' ') + QString::fromUtf8(answer.describe())));
        QCOMPARE(answer.headers.value("content-type"), QByteArray("text/html; charset=utf-8"));
        QCOMPARE(answer.body, page);
        const QByteArray csp = answer.headers.value("content-security-policy");
        for (const QByteArray &directive : { QByteArray("default-src 'none'"), QByteArray("script-src 'self'"),
                 QByteArray("style-src 'self'"), QByteArray("connect-src 'self'"), QByteArray("frame-ancestors 'none'"),
                 QByteArray("base-uri 'none'") }) {
            QVERIFY2(csp.contains(directive), csp.constData());
        }
        QVERIFY2(!csp.contains("unsafe"), csp.constData());
        QCOMPARE(answer.headers.value("x-content-type-options"), QByteArray("nosniff"));
        QCOMPARE(answer.headers.value("x-frame-options"), QByteArray("DENY"));
        QCOMPARE(answer.headers.value("referrer-policy"), QByteArray("no-referrer"));
    }

    // Only those paths: anything else is the API's JSON 404, not the page.
    for (const QByteArray &other : { QByteArray("/dashboard/nope.js"), QByteArray("/sessions/"),
             QByteArray("/sessions/sess_1/approvals/"), QByteArray("/index.html") }) {
        const Answer answer = get(other);
        QCOMPARE(answer.status, 404);
        QCOMPARE(answer.headers.value("content-type"), QByteArray("application/json"));
    }
    // The page is GET only.
    const Answer posted = Request(m_port, "POST", "/dashboard", {}).read(15000);
    QCOMPARE(posted.status, 404);
}

void TestDevPlaneDashboard::thePageHasNoInlineScriptOrStyle()
{
    // The CSP would block them; the page must not need them.
    const QString page = QString::fromUtf8(sourceFile(QStringLiteral("index.html")));
    QVERIFY(!page.isEmpty());
    const QRegularExpression scriptTag(QStringLiteral("<script\\b[^>]*>"));
    int scripts = 0;
    for (auto it = scriptTag.globalMatch(page); it.hasNext();) {
        const QString tag = it.next().captured(0);
        QVERIFY2(tag.contains(QLatin1String("src=\"/dashboard/")), qPrintable(tag));
        ++scripts;
    }
    QCOMPARE(scripts, 1);
    QVERIFY(!page.contains(QRegularExpression(QStringLiteral("<style\\b"))));
    QVERIFY(!page.contains(QRegularExpression(QStringLiteral("\\sstyle\\s*="))));
    QVERIFY(!page.contains(QRegularExpression(QStringLiteral("\\son[a-z]+\\s*="))));
    QVERIFY(!page.contains(QLatin1String("javascript:")));
    // Nothing from elsewhere: no CDN, no web font.
    QVERIFY(!page.contains(QLatin1String("http://")) && !page.contains(QLatin1String("https://")));
    const QByteArray style = sourceFile(QStringLiteral("dashboard.css"));
    QVERIFY(!style.contains("url(") && !style.contains("@import"));
    // The script writes what it got from the devplane as text only.
    const QByteArray script = sourceFile(QStringLiteral("app.js"));
    QVERIFY(!script.contains("innerHTML") && !script.contains("outerHTML") && !script.contains("insertAdjacentHTML")
        && !script.contains("document.write") && !script.contains("eval("));
}

void TestDevPlaneDashboard::assetsAreTheCompiledInFilesWithTheirTypes()
{
    const QList<QPair<QByteArray, QByteArray>> assets { { "app.js", "text/javascript; charset=utf-8" },
        { "dashboard.css", "text/css; charset=utf-8" }, { "icon.svg", "image/svg+xml" } };
    for (const auto &[name, type] : assets) {
        const Answer answer = get("/dashboard/" + name);
        QCOMPARE(answer.status, 200);
        QCOMPARE(answer.headers.value("content-type"), type);
        QCOMPARE(answer.headers.value("x-content-type-options"), QByteArray("nosniff"));
        QVERIFY(answer.headers.value("content-security-policy").contains("frame-ancestors 'none'"));
        const QByteArray source = sourceFile(QString::fromLatin1(name));
        QVERIFY(!source.isEmpty());
        QCOMPARE(answer.body, source);
    }
}

void TestDevPlaneDashboard::aForeignHostOrOriginIsRefused_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<bool>("asAdmin");
    QTest::addColumn<QByteArray>("host"); // "PORT" is replaced by the devplane's port
    QTest::addColumn<QByteArray>("origin"); // null: none sent
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");

    const QByteArray none;
    QTest::newRow("page, 127.0.0.1") << QByteArray("/") << false << QByteArray("127.0.0.1:PORT") << none << 200
                                     << QString();
    QTest::newRow("page, localhost") << QByteArray("/dashboard") << false << QByteArray("LocalHost:PORT") << none << 200
                                     << QString();
    QTest::newRow("page, rebinding name") << QByteArray("/") << false << QByteArray("evil.example:PORT") << none << 403
                                          << QStringLiteral("forbidden_host");
    QTest::newRow("page, other port") << QByteArray("/dashboard/app.js") << false << QByteArray("127.0.0.1:1") << none
                                      << 403 << QStringLiteral("forbidden_host");
    QTest::newRow("page, no port") << QByteArray("/") << false << QByteArray("localhost") << none << 403
                                   << QStringLiteral("forbidden_host");
    QTest::newRow("admin, 127.0.0.1") << QByteArray("/v1/_dev/identities") << true << QByteArray("127.0.0.1:PORT")
                                      << none << 200 << QString();
    QTest::newRow("admin, rebinding name")
        << QByteArray("/v1/_dev/identities") << true << QByteArray("evil.example:PORT") << none << 403
        << QStringLiteral("forbidden_host");
    QTest::newRow("admin, rebinding name, no key")
        << QByteArray("/v1/_dev/sessions") << false << QByteArray("evil.example:PORT") << none << 403
        << QStringLiteral("forbidden_host");
    QTest::newRow("admin, own origin") << QByteArray("/v1/runner-pools/presences") << true
                                       << QByteArray("localhost:PORT") << QByteArray("http://localhost:PORT") << 200
                                       << QString();
    QTest::newRow("admin, foreign origin")
        << QByteArray("/v1/_dev/presets") << true << QByteArray("127.0.0.1:PORT") << QByteArray("http://evil.example")
        << 403 << QStringLiteral("forbidden_origin");
    QTest::newRow("admin, https origin") << QByteArray("/v1/_dev/presets") << true << QByteArray("127.0.0.1:PORT")
                                         << QByteArray("https://127.0.0.1:PORT") << 403
                                         << QStringLiteral("forbidden_origin");
    QTest::newRow("admin, null origin") << QByteArray("/v1/_dev/presets") << true << QByteArray("127.0.0.1:PORT")
                                        << QByteArray("null") << 403 << QStringLiteral("forbidden_origin");
    // Runner routes keep answering whatever the Host (a Runner may go through a proxy).
    QTest::newRow("public route, other host") << QByteArray("/v1/support/capabilities") << false
                                              << QByteArray("proxy.internal:8080") << none << 200 << QString();
}

void TestDevPlaneDashboard::aForeignHostOrOriginIsRefused()
{
    QFETCH(QByteArray, target);
    QFETCH(bool, asAdmin);
    QFETCH(QByteArray, host);
    QFETCH(QByteArray, origin);
    QFETCH(int, status);
    QFETCH(QString, code);
    const QByteArray port = QByteArray::number(m_port);
    Headers headers { { "Host", host.replace("PORT", port) }, { "Checkfu-Version", version } };
    if (!origin.isNull()) {
        headers.append(Header("Origin", origin.replace("PORT", port)));
    }
    if (asAdmin) {
        headers.append(Header("Authorization", "Bearer " + m_devplane->adminKey().toUtf8()));
    }
    const Answer answer = get(target, headers);
    QVERIFY2(answer.status == status, answer.describe().constData());
    QCOMPARE(answer.errorCode(), code);
    if (status == 403) {
        QCOMPARE(answer.headers.value("content-type"), QByteArray("application/json"));
        QVERIFY(!answer.body.contains("<html"));
    }
}

void TestDevPlaneDashboard::presetsListTheirParameters()
{
    const Answer answer = admin("GET", "/v1/_dev/presets");
    QCOMPARE(answer.status, 200);
    QStringList names;
    QJsonObject acp;
    for (const QJsonValue &value : answer.json().value(QStringLiteral("data")).toArray()) {
        names.append(value.toObject().value(QStringLiteral("name")).toString());
        if (names.last() == QLatin1String("acp")) {
            acp = value.toObject();
        }
    }
    // The presets of `session create --preset`, in its order.
    QCOMPARE(names,
        QStringList({ QStringLiteral("echo"), QStringLiteral("stream"), QStringLiteral("zdr"),
            QStringLiteral("container"), QStringLiteral("network-none"), QStringLiteral("sleep"),
            QStringLiteral("project"), QStringLiteral("env"), QStringLiteral("exit"), QStringLiteral("acp"),
            QStringLiteral("git-demo"), QStringLiteral("mcp") }));
    QMap<QString, QJsonObject> parameters;
    for (const QJsonValue &value : acp.value(QStringLiteral("parameters")).toArray()) {
        parameters.insert(value.toObject().value(QStringLiteral("name")).toString(), value.toObject());
    }
    QCOMPARE(parameters.keys(),
        QStringList(
            { QStringLiteral("agent"), QStringLiteral("idle_timeout_ms"), QStringLiteral("max_duration_seconds"),
                QStringLiteral("plane_mcp"), QStringLiteral("prompt"), QStringLiteral("retention") }));
    QCOMPARE(parameters[QStringLiteral("agent")].value(QStringLiteral("required")).toBool(), true);
    QVERIFY(parameters[QStringLiteral("agent")].value(QStringLiteral("default")).isNull());
    QVERIFY(parameters[QStringLiteral("agent")]
                .value(QStringLiteral("shape"))
                .toString()
                .contains(QLatin1String("JSON array")));
    QCOMPARE(
        parameters[QStringLiteral("prompt")].value(QStringLiteral("default")).toString(), QStringLiteral("Say hello"));
    QCOMPARE(parameters[QStringLiteral("max_duration_seconds")].value(QStringLiteral("default")).toString(),
        QStringLiteral("600"));
    QVERIFY(parameters[QStringLiteral("idle_timeout_ms")].value(QStringLiteral("default")).isNull());
    QCOMPARE(parameters[QStringLiteral("retention")].value(QStringLiteral("choices")).toArray(),
        (QJsonArray { QStringLiteral("durable"), QStringLiteral("ephemeral_zdr") }));

    // Admin only, like every dev route.
    const Answer anonymous = get("/v1/_dev/presets", { { "Checkfu-Version", version } });
    QCOMPARE(anonymous.status, 401);
}

void TestDevPlaneDashboard::aSessionFromAPresetIsTheDevPrincipals()
{
    const QString sessionId = createSession(QStringLiteral("exit"),
        { { QStringLiteral("code"), QStringLiteral("7") },
            { QStringLiteral("prompt"), QStringLiteral("<b>from the page</b>") } });
    QVERIFY(sessionId.startsWith(QLatin1String("sess_")));
    QString error;
    const QJsonObject events = m_devplane->sessionEvents(sessionId, &error);
    QCOMPARE(events.value(QStringLiteral("owner_principal_id")).toString(), m_devplane->defaultPrincipal());
    QCOMPARE(events.value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    // The Run a Runner claims is the preset's, with the page's parameters.
    const QJsonObject claimed = claim();
    QCOMPARE(claimed.value(QStringLiteral("session_id")).toString(), sessionId);
    const QJsonObject spec = claimed.value(QStringLiteral("run_spec")).toObject();
    QCOMPARE(spec.value(QStringLiteral("title")).toString(), QStringLiteral("devplane preset exit"));
    QCOMPARE(spec.value(QStringLiteral("principal_id")).toString(), m_devplane->defaultPrincipal());
    QCOMPARE(spec.value(QStringLiteral("harness"))
                 .toObject()
                 .value(QStringLiteral("launch"))
                 .toObject()
                 .value(QStringLiteral("env"))
                 .toObject()
                 .value(QStringLiteral("CODE"))
                 .toString(),
        QStringLiteral("7"));
    QCOMPARE(spec.value(QStringLiteral("prompt")).toArray().at(0).toObject().value(QStringLiteral("text")).toString(),
        QStringLiteral("<b>from the page</b>"));
    QVERIFY(observe(claimed, {}).status == 200);
    const QJsonObject settle { { QStringLiteral("claim_id"), claimed.value(QStringLiteral("claim_id")) },
        { QStringLiteral("outcome"), QStringLiteral("failed") }, { QStringLiteral("reason"), QJsonValue() },
        { QStringLiteral("exit_code"), 7 }, { QStringLiteral("final_seq"), 0 },
        { QStringLiteral("usage"), QJsonObject() } };
    const Answer settled = runner("POST",
        QStringLiteral("/v1/runner/runs/%1/settle").arg(claimed.value(QStringLiteral("run_id")).toString()).toUtf8(),
        settle);
    QVERIFY2(settled.status == 200, settled.describe().constData());
}

void TestDevPlaneDashboard::theGitDemoPresetFetchesWithAPerSessionCredential()
{
    const Answer repos = admin("GET", "/v1/_dev/repos");
    QVERIFY2(repos.status == 200, repos.describe().constData());
    const QJsonObject demo = repos.json().value(QStringLiteral("data")).toArray().at(0).toObject();
    QCOMPARE(demo.value(QStringLiteral("name")).toString(), QStringLiteral("demo.git"));
    QCOMPARE(demo.value(QStringLiteral("url")).toString(), m_devplane->url() + QStringLiteral("/git/demo.git"));
    const QJsonArray commits = demo.value(QStringLiteral("commits")).toArray();
    QCOMPARE(commits.size(), 3);
    // Fixed authors and dates: the same ids on every machine. The demo's is the one before the tip.
    QCOMPARE(demo.value(QStringLiteral("demo_commit")).toString(),
        commits.at(1).toObject().value(QStringLiteral("id")).toString());
    const QString tip = commits.at(2).toObject().value(QStringLiteral("id")).toString();

    // Two Sessions from the page's preset: each fetches that commit with a credential of its own.
    QStringList secrets;
    for (int i = 0; i < 2; ++i) {
        const QString sessionId = createSession(QStringLiteral("git-demo"));
        QVERIFY(sessionId.startsWith(QLatin1String("sess_")));
        const QJsonObject claimed = claim();
        QCOMPARE(claimed.value(QStringLiteral("session_id")).toString(), sessionId);
        const QJsonArray mounts
            = claimed.value(QStringLiteral("run_spec")).toObject().value(QStringLiteral("mounts")).toArray();
        QCOMPARE(mounts.size(), 2);
        const QJsonObject git = mounts.at(0).toObject();
        QCOMPARE(git.value(QStringLiteral("kind")).toString(), QStringLiteral("git"));
        QCOMPARE(git.value(QStringLiteral("target")).toString(), QStringLiteral("/workspace"));
        QCOMPARE(git.value(QStringLiteral("url")).toString(), demo.value(QStringLiteral("url")).toString());
        QCOMPARE(git.value(QStringLiteral("commit")).toString(), demo.value(QStringLiteral("demo_commit")).toString());
        const QJsonObject credential = git.value(QStringLiteral("credential")).toObject();
        QCOMPARE(credential.value(QStringLiteral("kind")).toString(), QStringLiteral("http_basic"));
        QCOMPARE(credential.value(QStringLiteral("username")).toString(), QStringLiteral("checkfu"));
        secrets.append(credential.value(QStringLiteral("secret")).toString());
        QVERIFY(secrets.last().size() >= 32);
        const QJsonObject memory = mounts.at(1).toObject();
        QCOMPARE(memory.value(QStringLiteral("kind")).toString(), QStringLiteral("memory"));
        QCOMPARE(memory.value(QStringLiteral("writable")).toBool(), true);
        QCOMPARE(
            memory.value(QStringLiteral("files")).toArray().at(0).toObject().value(QStringLiteral("path")).toString(),
            QStringLiteral("AGENTS.md"));
        const QJsonObject settle { { QStringLiteral("claim_id"), claimed.value(QStringLiteral("claim_id")) },
            { QStringLiteral("outcome"), QStringLiteral("failed") }, { QStringLiteral("reason"), QJsonValue() },
            { QStringLiteral("exit_code"), 1 }, { QStringLiteral("final_seq"), 0 },
            { QStringLiteral("usage"), QJsonObject() } };
        const Answer settled = runner("POST",
            QStringLiteral("/v1/runner/runs/%1/settle")
                .arg(claimed.value(QStringLiteral("run_id")).toString())
                .toUtf8(),
            settle);
        QVERIFY2(settled.status == 200, settled.describe().constData());
    }
    QVERIFY(secrets.at(0) != secrets.at(1));

    // git's smart HTTP: a Session's credential opens the refs; a wrong one, none, a push, or
    // another repository do not.
    const auto basic = [](const QString &password) {
        return Headers { { "Authorization", "Basic " + (QStringLiteral("checkfu:") + password).toUtf8().toBase64() } };
    };
    const QByteArray refs = "/git/demo.git/info/refs?service=git-upload-pack";
    for (const QString &secret : secrets) {
        const Answer advertised = get(refs, basic(secret));
        QVERIFY2(advertised.status == 200, advertised.describe().constData());
        QCOMPARE(advertised.headers.value("content-type"), QByteArray("application/x-git-upload-pack-advertisement"));
        QVERIFY2(advertised.body.contains(tip.toLatin1()), advertised.describe().constData());
    }
    const Answer wrong = get(refs, basic(QStringLiteral("cfg_not_minted")));
    QCOMPARE(wrong.status, 401);
    QVERIFY(wrong.headers.value("www-authenticate").startsWith("Basic "));
    QCOMPARE(get(refs).status, 401);
    QCOMPARE(get("/git/demo.git/info/refs?service=git-receive-pack", basic(secrets.at(0))).status, 403);
    QCOMPARE(Request(m_port, "POST", "/git/demo.git/git-receive-pack", basic(secrets.at(0)), "0000").read(15000).status,
        403);
    QCOMPARE(get("/git/other.git/info/refs?service=git-upload-pack", basic(secrets.at(0))).status, 404);
    // The request log names the fetches, never their credential.
    const QByteArray log = QJsonDocument(m_devplane->requests()).toJson();
    QVERIFY(log.contains("/git/demo.git/info/refs"));
    for (const QString &secret : secrets)
        QVERIFY(!log.contains(secret.toUtf8()));
}

void TestDevPlaneDashboard::aSessionFromAPresetChecksItsParameters()
{
    struct Case
    {
        QJsonObject body;
        QString field;
        QString says;
    };
    const QList<Case> cases {
        { { { QStringLiteral("preset"), QStringLiteral("acp") } }, QStringLiteral("params"),
            QStringLiteral("needs --param agent") },
        { { { QStringLiteral("preset"), QStringLiteral("nope") } }, QStringLiteral("params"),
            QStringLiteral("unknown preset nope") },
        { { { QStringLiteral("preset"), QStringLiteral("echo") },
              { QStringLiteral("params"), QJsonObject { { QStringLiteral("lines"), QStringLiteral("3") } } } },
            QStringLiteral("params"), QStringLiteral("takes no parameter lines") },
        { { { QStringLiteral("preset"), QStringLiteral("exit") },
              { QStringLiteral("params"), QJsonObject { { QStringLiteral("code"), QStringLiteral("300") } } } },
            QStringLiteral("params"), QStringLiteral("an exit code 0-255") },
        { { { QStringLiteral("preset"), QStringLiteral("exit") },
              { QStringLiteral("params"), QJsonObject { { QStringLiteral("code"), 3 } } } },
            QStringLiteral("params.code"), QStringLiteral("must be a string") },
        { { { QStringLiteral("params"), QJsonObject() } }, QStringLiteral("preset"), QString() },
    };
    const QJsonArray before = admin("GET", "/v1/_dev/sessions").json().value(QStringLiteral("data")).toArray();
    for (const Case &c : cases) {
        const Answer answer = admin("POST", "/v1/_dev/sessions", &c.body);
        QVERIFY2(answer.status == 400, answer.describe().constData());
        QCOMPARE(answer.errorCode(), QStringLiteral("invalid_field"));
        const QJsonObject error = answer.json().value(QStringLiteral("error")).toObject();
        QVERIFY2(error.value(QStringLiteral("field")).toString() == c.field
                || error.value(QStringLiteral("message")).toString().startsWith(c.field),
            answer.describe().constData());
        QVERIFY2(error.value(QStringLiteral("message")).toString().contains(c.says), answer.describe().constData());
    }
    // None of them made a Session.
    QCOMPARE(admin("GET", "/v1/_dev/sessions").json().value(QStringLiteral("data")).toArray().size(), before.size());
}

void TestDevPlaneDashboard::theSessionListIsNewestFirstWithPendingApprovals()
{
    const QString older = createSession(QStringLiteral("echo"));
    const QString newer = createSession(
        QStringLiteral("acp"), { { QStringLiteral("agent"), QStringLiteral("[\"node\",\"/abs/agent.mjs\"]") } });
    QVERIFY(!older.isEmpty() && !newer.isEmpty());
    const QJsonObject echoClaim = claim();
    QCOMPARE(echoClaim.value(QStringLiteral("session_id")).toString(), older);
    const QJsonObject acpClaim = claim();
    QCOMPARE(acpClaim.value(QStringLiteral("session_id")).toString(), newer);
    const QJsonObject requested { { QStringLiteral("approval_id"), QStringLiteral("apr_list1") },
        { QStringLiteral("title"), QStringLiteral("Delete build/") },
        { QStringLiteral("options"),
            QJsonArray { QJsonObject { { QStringLiteral("option_id"), QStringLiteral("allow_once") },
                { QStringLiteral("name"), QStringLiteral("Allow") },
                { QStringLiteral("kind"), QStringLiteral("allow_once") } } } } };
    QCOMPARE(observe(acpClaim, { observation(1, QStringLiteral("approval.requested"), requested) }).status, 200);

    const QJsonArray list = admin("GET", "/v1/_dev/sessions").json().value(QStringLiteral("data")).toArray();
    QVERIFY(list.size() >= 2);
    const QJsonObject first = list.at(0).toObject();
    const QJsonObject second = list.at(1).toObject();
    QCOMPARE(first.value(QStringLiteral("session_id")).toString(), newer);
    QCOMPARE(second.value(QStringLiteral("session_id")).toString(), older);
    QCOMPARE(first.value(QStringLiteral("title")).toString(), QStringLiteral("devplane preset acp"));
    QCOMPARE(first.value(QStringLiteral("driver")).toString(), QStringLiteral("checkfu:acp-v1@1"));
    QCOMPARE(first.value(QStringLiteral("status")).toString(), QStringLiteral("claimed"));
    QCOMPARE(first.value(QStringLiteral("pending_approvals")).toInt(), 1);
    QVERIFY(first.value(QStringLiteral("settlement")).isNull());
    QCOMPARE(second.value(QStringLiteral("driver")).toString(), QStringLiteral("checkfu:oneshot-v1@1"));
    QCOMPARE(second.value(QStringLiteral("pending_approvals")).toInt(), 0);
    QVERIFY(!second.value(QStringLiteral("runner_id")).toString().isEmpty());

    // Decided: no longer pending. Cancelled and settled: the list says so.
    const QJsonObject decision { { QStringLiteral("option_id"), QStringLiteral("allow_once") } };
    QCOMPARE(admin("POST", "/v1/sessions/" + newer.toUtf8() + "/approvals/apr_list1", &decision).status, 200);
    QCOMPARE(admin("POST", "/v1/sessions/" + older.toUtf8() + "/cancel").status, 200);
    const QJsonArray after = admin("GET", "/v1/_dev/sessions").json().value(QStringLiteral("data")).toArray();
    QCOMPARE(after.at(0).toObject().value(QStringLiteral("pending_approvals")).toInt(), 0);
    QCOMPARE(after.at(1).toObject().value(QStringLiteral("cancel_requested")).toBool(), true);
    for (const QJsonObject &c : { echoClaim, acpClaim }) {
        const QJsonObject settle { { QStringLiteral("claim_id"), c.value(QStringLiteral("claim_id")) },
            { QStringLiteral("outcome"), QStringLiteral("cancelled") }, { QStringLiteral("reason"), QJsonValue() },
            { QStringLiteral("exit_code"), QJsonValue() }, { QStringLiteral("final_seq"), c == acpClaim ? 1 : 0 },
            { QStringLiteral("usage"), QJsonObject() } };
        const Answer settled = runner("POST",
            QStringLiteral("/v1/runner/runs/%1/settle").arg(c.value(QStringLiteral("run_id")).toString()).toUtf8(),
            settle);
        QVERIFY2(settled.status == 200, settled.describe().constData());
    }
    const QJsonObject settledEntry
        = admin("GET", "/v1/_dev/sessions").json().value(QStringLiteral("data")).toArray().at(1).toObject();
    QCOMPARE(settledEntry.value(QStringLiteral("status")).toString(), QStringLiteral("settled"));
    QCOMPARE(settledEntry.value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("cancelled"));
}

void TestDevPlaneDashboard::anEventsPollWaitsForTheNextEvent()
{
    const QString sessionId = createSession(QStringLiteral("echo"));
    const QJsonObject claimed = claim();
    QCOMPARE(claimed.value(QStringLiteral("session_id")).toString(), sessionId);
    QCOMPARE(
        observe(claimed,
            { observation(1, QStringLiteral("run.started"), {}),
                observation(2, QStringLiteral("output.stdout"), { { QStringLiteral("text"), QStringLiteral("a") } }) })
            .status,
        200);

    // Events after 2 do not exist yet: the poll is held.
    Request poll(m_port, "GET",
        "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=2&wait_seconds=30&status=claimed",
        adminHeaders("GET"));
    QTest::qWait(300);
    QVERIFY(!poll.answered());
    // Other requests (a presence list) do not end it…
    QCOMPARE(admin("GET", "/v1/runner-pools/presences").status, 200);
    QTest::qWait(200);
    QVERIFY(!poll.answered());
    // …the next batch does, long before the 30 s: with the new events only.
    QCOMPARE(
        observe(claimed,
            { observation(3, QStringLiteral("output.stdout"), { { QStringLiteral("text"), QStringLiteral("b") } }) })
            .status,
        200);
    const Answer answer = poll.read(10000);
    QVERIFY2(answer.status == 200, answer.describe().constData());
    const QJsonArray events = answer.json().value(QStringLiteral("events")).toArray();
    QCOMPARE(events.size(), 1);
    QCOMPARE(events.at(0).toObject().value(QStringLiteral("seq")).toInt(), 3);
    QCOMPARE(answer.json().value(QStringLiteral("acked_through")).toInt(), 3);

    // Events already there: answered at once, whatever wait_seconds says.
    const Answer atOnce = Request(m_port, "GET",
        "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=1&wait_seconds=30&status=claimed",
        adminHeaders("GET"))
                              .read(10000);
    QCOMPARE(atOnce.json().value(QStringLiteral("events")).toArray().size(), 2);
}

void TestDevPlaneDashboard::anEventsPollWakesOnAStatusChange()
{
    // Queued, no event at all: a cancel settles it, and the page's poll learns that at once.
    const QString sessionId = createSession(QStringLiteral("sleep"));
    Request poll(m_port, "GET",
        "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=0&wait_seconds=30&status=queued",
        adminHeaders("GET"));
    QTest::qWait(300);
    QVERIFY(!poll.answered());
    QCOMPARE(admin("POST", "/v1/sessions/" + sessionId.toUtf8() + "/cancel").status, 200);
    const Answer answer = poll.read(10000);
    QVERIFY2(answer.status == 200, answer.describe().constData());
    QCOMPARE(answer.json().value(QStringLiteral("status")).toString(), QStringLiteral("settled"));
    QCOMPARE(answer.json().value(QStringLiteral("settlement")).toObject().value(QStringLiteral("outcome")).toString(),
        QStringLiteral("cancelled"));

    // A page that has not seen the status yet (another status named) is answered at once.
    const Answer stale = Request(m_port, "GET",
        "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=0&wait_seconds=30&status=queued", adminHeaders("GET"))
                             .read(10000);
    QCOMPARE(stale.json().value(QStringLiteral("status")).toString(), QStringLiteral("settled"));
}

void TestDevPlaneDashboard::anEventsPollWakesOnADecisionOrCancelMadeElsewhere()
{
    // A page shows a pending approval; the decision comes from elsewhere (the CLI), with no event.
    const QString sessionId = createSession(
        QStringLiteral("acp"), { { QStringLiteral("agent"), QStringLiteral("[\"node\",\"/abs/agent.mjs\"]") } });
    const QJsonObject claimed = claim();
    QCOMPARE(claimed.value(QStringLiteral("session_id")).toString(), sessionId);
    const QJsonObject requested { { QStringLiteral("approval_id"), QStringLiteral("apr_elsewhere") },
        { QStringLiteral("title"), QStringLiteral("Run the tests") },
        { QStringLiteral("options"),
            QJsonArray { QJsonObject { { QStringLiteral("option_id"), QStringLiteral("allow_once") },
                { QStringLiteral("name"), QStringLiteral("Allow") },
                { QStringLiteral("kind"), QStringLiteral("allow_once") } } } } };
    QCOMPARE(observe(claimed, { observation(1, QStringLiteral("approval.requested"), requested) }).status, 200);
    const QByteArray shown = "/v1/sessions/" + sessionId.toUtf8()
        + "/events?after_seq=1&wait_seconds=30&status=claimed&decided=0&cancel_requested=false";

    Request decisionPoll(m_port, "GET", shown, adminHeaders("GET"));
    QTest::qWait(300);
    QVERIFY(!decisionPoll.answered());
    QString error;
    QVERIFY2(m_devplane->sessionCommand({ QStringLiteral("approve"), sessionId, QStringLiteral("apr_elsewhere"),
                                            QStringLiteral("--option"), QStringLiteral("allow_once") },
                 &error),
        qPrintable(error));
    Answer answer = decisionPoll.read(10000);
    QVERIFY2(answer.status == 200, answer.describe().constData());
    QCOMPARE(
        answer.json().value(QStringLiteral("approvals")).toArray().at(0).toObject().value(QStringLiteral("status")),
        QJsonValue(QStringLiteral("decided")));
    QCOMPARE(answer.json().value(QStringLiteral("events")).toArray().size(), 0);

    // The page now shows one decided approval; a cancel from elsewhere wakes it too.
    const QByteArray decidedShown = "/v1/sessions/" + sessionId.toUtf8()
        + "/events?after_seq=1&wait_seconds=30&status=claimed&decided=1&cancel_requested=false";
    Request cancelPoll(m_port, "GET", decidedShown, adminHeaders("GET"));
    QTest::qWait(300);
    QVERIFY(!cancelPoll.answered());
    QVERIFY2(m_devplane->cancelSession(sessionId, &error), qPrintable(error));
    answer = cancelPoll.read(10000);
    QVERIFY2(answer.status == 200, answer.describe().constData());
    QCOMPARE(answer.json().value(QStringLiteral("cancel_requested")).toBool(), true);
    QCOMPARE(answer.json().value(QStringLiteral("status")).toString(), QStringLiteral("claimed"));

    const QJsonObject settle { { QStringLiteral("claim_id"), claimed.value(QStringLiteral("claim_id")) },
        { QStringLiteral("outcome"), QStringLiteral("cancelled") }, { QStringLiteral("reason"), QJsonValue() },
        { QStringLiteral("exit_code"), QJsonValue() }, { QStringLiteral("final_seq"), 1 },
        { QStringLiteral("usage"), QJsonObject() } };
    const Answer settled = runner("POST",
        QStringLiteral("/v1/runner/runs/%1/settle").arg(claimed.value(QStringLiteral("run_id")).toString()).toUtf8(),
        settle);
    QVERIFY2(settled.status == 200, settled.describe().constData());
}

void TestDevPlaneDashboard::anEventsPollWithNothingNewAnswersAtItsDeadline()
{
    const QString sessionId = createSession(QStringLiteral("echo"));
    QCOMPARE(admin("POST", "/v1/sessions/" + sessionId.toUtf8() + "/cancel").status, 200);
    QElapsedTimer timer;
    timer.start();
    const Answer answer = Request(m_port, "GET",
        "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=0&wait_seconds=1&status=settled", adminHeaders("GET"))
                              .read(15000);
    // Held for its wait, then the same view: nothing new.
    QVERIFY2(timer.elapsed() >= 950, qPrintable(QString::number(timer.elapsed())));
    QVERIFY2(answer.status == 200, answer.describe().constData());
    QCOMPARE(answer.json().value(QStringLiteral("status")).toString(), QStringLiteral("settled"));
    QCOMPARE(answer.json().value(QStringLiteral("events")).toArray().size(), 0);
}

void TestDevPlaneDashboard::anEventsPollChecksItsArguments()
{
    const QString sessionId = createSession(QStringLiteral("echo"));
    const Answer tooLong = admin("GET", "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=0&wait_seconds=61");
    QCOMPARE(tooLong.status, 400);
    QCOMPARE(tooLong.json().value(QStringLiteral("error")).toObject().value(QStringLiteral("field")).toString(),
        QStringLiteral("wait_seconds"));
    // An unknown Session is not waited for.
    const Answer unknown = Request(m_port, "GET",
        "/v1/sessions/" + randomId(QStringLiteral("sess")).toUtf8() + "/events?wait_seconds=30", adminHeaders("GET"))
                               .read(10000);
    QCOMPARE(unknown.status, 404);
    // Without wait_seconds the route answers at once, as before.
    const Answer plain = admin("GET", "/v1/sessions/" + sessionId.toUtf8() + "/events?after_seq=0&status=queued");
    QCOMPARE(plain.status, 200);
    QCOMPARE(plain.json().value(QStringLiteral("status")).toString(), QStringLiteral("queued"));
    QCOMPARE(admin("POST", "/v1/sessions/" + sessionId.toUtf8() + "/cancel").status, 200);
}

CHECKFU_INTEGRATION_MAIN(TestDevPlaneDashboard, 120000)

#include "tst_devplanedashboard.moc"
