#include "AdminClient.h"

#include "SessionPresets.h"
#include "WireFormat.h"

#include <QCommandLineParser>
#include <QDeadlineTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QTextStream>
#include <QTimer>
#include <QUuid>

namespace devplane {

namespace {

void pause(int milliseconds)
{
    QEventLoop loop;
    QTimer::singleShot(milliseconds, &loop, &QEventLoop::quit);
    loop.exec();
}

QString compact(const QJsonObject &object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

bool AdminClient::resolveEndpoint(const QString &url, const QString &adminKey, const QString &infoFile, QString *error)
{
    QString resolvedUrl = url;
    QString resolvedKey = adminKey;
    if (!infoFile.isEmpty()) {
        QFile file(infoFile);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = QStringLiteral("cannot read %1: %2").arg(infoFile, file.errorString());
            return false;
        }
        const QJsonObject info = QJsonDocument::fromJson(file.readAll()).object();
        if (resolvedUrl.isEmpty()) {
            resolvedUrl = info.value(QStringLiteral("url")).toString();
        }
        if (resolvedKey.isEmpty()) {
            resolvedKey = info.value(QStringLiteral("admin_key")).toString();
        }
    }
    if (resolvedUrl.isEmpty()) {
        resolvedUrl = qEnvironmentVariable("CHECKFU_DEVPLANE_URL");
    }
    if (resolvedKey.isEmpty()) {
        resolvedKey = qEnvironmentVariable("CHECKFU_DEVPLANE_ADMIN_KEY");
    }
    if (resolvedUrl.isEmpty() || resolvedKey.isEmpty()) {
        *error = QStringLiteral("no devplane given: use --url and --admin-key, --info-file, or CHECKFU_DEVPLANE_URL "
                                "and CHECKFU_DEVPLANE_ADMIN_KEY");
        return false;
    }
    m_baseUrl = QUrl(resolvedUrl);
    m_adminKey = resolvedKey;
    if (!m_baseUrl.isValid() || m_baseUrl.scheme().isEmpty()) {
        *error = QStringLiteral("not a URL: %1").arg(resolvedUrl);
        return false;
    }
    return true;
}

int AdminClient::fail(const QString &message)
{
    QTextStream(stderr) << "checkfu-devplane: " << message << Qt::endl;
    return 1;
}

AdminClient::Response AdminClient::call(const QByteArray &method, const QString &pathAndQuery, const QJsonObject *body)
{
    QUrl url = m_baseUrl;
    const qsizetype question = pathAndQuery.indexOf(QLatin1Char('?'));
    url.setPath(url.path().chopped(url.path().endsWith(QLatin1Char('/')) ? 1 : 0) + pathAndQuery.left(question));
    if (question >= 0) {
        url.setQuery(pathAndQuery.mid(question + 1));
    }
    QNetworkRequest request(url);
    request.setRawHeader("Checkfu-Version", WireFormat::apiVersion);
    request.setRawHeader("Authorization", "Bearer " + m_adminKey.toUtf8());
    request.setRawHeader("User-Agent", "checkfu-devplane-admin/" CHECKFU_VERSION);
    if (method != "GET") {
        request.setRawHeader("Idempotency-Key", QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1());
    }
    QByteArray payload;
    if (body) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
        payload = QJsonDocument(*body).toJson(QJsonDocument::Compact);
    }
    QNetworkReply *reply = m_network.sendCustomRequest(request, method, payload);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();

    Response response;
    response.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray data = reply->readAll();
    response.body = QJsonDocument::fromJson(data).object();
    if (response.status == 0) {
        response.failure = reply->errorString();
    } else if (response.status < 200 || response.status >= 300) {
        const QJsonObject error = response.body.value(QStringLiteral("error")).toObject();
        response.failure = error.isEmpty()
            ? QStringLiteral("HTTP %1: %2").arg(response.status).arg(QString::fromUtf8(data))
            : QStringLiteral("%1: %2").arg(
                error.value(QStringLiteral("code")).toString(), error.value(QStringLiteral("message")).toString());
    }
    reply->deleteLater();
    return response;
}

int AdminClient::run(const QString &command, const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.addPositionalArgument(
        QStringLiteral("runner_id"), QStringLiteral("Runner id (revoke, drain, resume, runner)"));
    const SessionOptions sessionOptions {
        QCommandLineOption(
            QStringLiteral("preset"), QStringLiteral("Run spec preset (session create)."), QStringLiteral("NAME")),
        QCommandLineOption(
            QStringLiteral("spec"), QStringLiteral("Run spec JSON file (session create)."), QStringLiteral("FILE")),
        QCommandLineOption(QStringLiteral("owner"),
            QStringLiteral("Owner principal (session create) or owner filter (presences)."), QStringLiteral("prin_…")),
        QCommandLineOption(
            QStringLiteral("workspace"), QStringLiteral("No owner: for Workspace Runners (session create).")),
        QCommandLineOption(
            QStringLiteral("pool"), QStringLiteral("Runner pool (session create)."), QStringLiteral("rpool_…")),
        QCommandLineOption(
            QStringLiteral("param"), QStringLiteral("Preset parameter (session create)."), QStringLiteral("K=V")),
        QCommandLineOption(QStringLiteral("timeout"),
            QStringLiteral("Give up after SECONDS (session wait, session wait-approval)."), QStringLiteral("SECONDS")),
        QCommandLineOption(QStringLiteral("option"), QStringLiteral("Option to select (session approve)."),
            QStringLiteral("OPTION_ID")),
        // --cancelled: the name of the flag before --cancel, still accepted.
        QCommandLineOption(QStringList { QStringLiteral("cancel"), QStringLiteral("cancelled") },
            QStringLiteral("Decide an approval as cancelled (session approve).")),
    };
    const QCommandLineOption principal(
        QStringLiteral("principal"), QStringLiteral("Owner principal (pair)."), QStringLiteral("prin_…"));
    const QCommandLineOption label(
        QStringLiteral("label"), QStringLiteral("Machine label (pair)."), QStringLiteral("NAME"));
    const QCommandLineOption expiresIn(QStringLiteral("expires-in"), QStringLiteral("Code lifetime (pair)."),
        QStringLiteral("SECONDS"), QStringLiteral("600"));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Key display name (key)."),
        QStringLiteral("NAME"), QStringLiteral("devplane runner key"));
    const QCommandLineOption rateLimit(
        QStringLiteral("rate-limit"), QStringLiteral("Calls per minute (key)."), QStringLiteral("N"));
    const QCommandLineOption &owner = sessionOptions.owner;
    const QCommandLineOption url(QStringLiteral("url"), QStringLiteral("Devplane URL."), QStringLiteral("URL"));
    const QCommandLineOption adminKey(QStringLiteral("admin-key"), QStringLiteral("Admin key."), QStringLiteral("KEY"));
    const QCommandLineOption infoFile(
        QStringLiteral("info-file"), QStringLiteral("Info file written by serve."), QStringLiteral("PATH"));
    for (const auto &option :
        { principal, label, expiresIn, name, rateLimit, url, adminKey, infoFile, sessionOptions.preset,
            sessionOptions.spec, sessionOptions.owner, sessionOptions.workspace, sessionOptions.pool,
            sessionOptions.param, sessionOptions.timeout, sessionOptions.option, sessionOptions.cancel }) {
        parser.addOption(option);
    }
    if (!parser.parse(QStringList { QStringLiteral("checkfu-devplane") } + arguments)) {
        return fail(parser.errorText());
    }
    QString endpointError;
    if (!resolveEndpoint(parser.value(url), parser.value(adminKey), parser.value(infoFile), &endpointError)) {
        return fail(endpointError);
    }
    const QStringList positional = parser.positionalArguments();
    QTextStream out(stdout);
    if (command == QLatin1String("session")) {
        return runSession(parser, sessionOptions, positional);
    }

    if (command == QLatin1String("pair")) {
        bool ok = false;
        const int seconds = parser.value(expiresIn).toInt(&ok);
        if (!ok || seconds <= 0) {
            return fail(QStringLiteral("--expires-in must be a positive number of seconds"));
        }
        QJsonObject body { { QStringLiteral("expires_in_seconds"), seconds } };
        if (parser.isSet(principal)) {
            body.insert(QStringLiteral("principal_id"), parser.value(principal));
        }
        body.insert(QStringLiteral("machine_label"),
            parser.isSet(label) ? QJsonValue(parser.value(label)) : QJsonValue(QJsonValue::Null));
        const Response response = call("POST", QStringLiteral("/v1/runner-pairings"), &body);
        if (!response.failure.isEmpty()) {
            return fail(response.failure);
        }
        out << response.body.value(QStringLiteral("code")).toString() << Qt::endl;
        return 0;
    }
    if (command == QLatin1String("key")) {
        const Response identities = call("GET", QStringLiteral("/v1/_dev/identities"), nullptr);
        if (!identities.failure.isEmpty()) {
            return fail(identities.failure);
        }
        QJsonObject body { { QStringLiteral("display_name"), parser.value(name) },
            { QStringLiteral("role"), QStringLiteral("runner") },
            { QStringLiteral("scope"),
                QJsonObject { { QStringLiteral("type"), QStringLiteral("workspace") },
                    { QStringLiteral("workspace_id"), identities.body.value(QStringLiteral("workspace_id")) } } },
            { QStringLiteral("rate_limit_per_minute"), QJsonValue::Null } };
        if (parser.isSet(rateLimit)) {
            bool ok = false;
            const int limit = parser.value(rateLimit).toInt(&ok);
            if (!ok || limit < 0) {
                return fail(QStringLiteral("--rate-limit must be a non-negative integer"));
            }
            body.insert(QStringLiteral("rate_limit_per_minute"), limit);
        }
        const QString org = identities.body.value(QStringLiteral("organization_id")).toString();
        const Response response = call("POST", QStringLiteral("/v1/organizations/%1/api-keys").arg(org), &body);
        if (!response.failure.isEmpty()) {
            return fail(response.failure);
        }
        out << response.body.value(QStringLiteral("secret")).toString() << Qt::endl;
        return 0;
    }
    if (command == QLatin1String("presences") || command == QLatin1String("requests")
        || command == QLatin1String("repos")) {
        QString path = command == QLatin1String("requests") ? QStringLiteral("/v1/_dev/requests")
            : command == QLatin1String("repos")             ? QStringLiteral("/v1/_dev/repos")
                                                            : QStringLiteral("/v1/runner-pools/presences");
        if (parser.isSet(owner)) {
            path += QStringLiteral("?owner=") + QString::fromLatin1(QUrl::toPercentEncoding(parser.value(owner)));
        }
        const Response response = call("GET", path, nullptr);
        if (!response.failure.isEmpty()) {
            return fail(response.failure);
        }
        // presences and repos print the list itself, requests the whole dev answer.
        out << (command != QLatin1String("requests")
                ? QJsonDocument(response.body.value(QStringLiteral("data")).toArray()).toJson(QJsonDocument::Indented)
                : QJsonDocument(response.body).toJson(QJsonDocument::Indented));
        return 0;
    }
    if (positional.size() != 1) {
        return fail(QStringLiteral("%1 needs exactly one RUNNER_ID").arg(command));
    }
    const QString runnerPath = QStringLiteral("/v1/runners/") + positional.first();
    Response response;
    if (command == QLatin1String("revoke")) {
        response = call("DELETE", runnerPath + QStringLiteral("/credential"), nullptr);
    } else if (command == QLatin1String("drain") || command == QLatin1String("resume")) {
        const QJsonObject empty;
        response = call("POST", runnerPath + QLatin1Char('/') + command, &empty);
    } else if (command == QLatin1String("runner")) {
        response = call("GET", QStringLiteral("/v1/_dev/runners/") + positional.first(), nullptr);
        if (response.failure.isEmpty()) {
            out << QJsonDocument(response.body).toJson(QJsonDocument::Indented);
            return 0;
        }
    } else {
        return fail(QStringLiteral("unknown subcommand %1").arg(command));
    }
    if (!response.failure.isEmpty()) {
        return fail(response.failure);
    }
    out << "ok" << Qt::endl;
    return 0;
}

int AdminClient::runSession(
    const QCommandLineParser &parser, const SessionOptions &options, const QStringList &positional)
{
    const QString action = positional.value(0);
    if (action == QLatin1String("create")) {
        if (positional.size() != 1) {
            return fail(QStringLiteral("session create takes no positional arguments"));
        }
        return createSession(parser, options);
    }
    // Positional arguments (the action included) and the usage line of each action.
    static const QMap<QString, QPair<int, QString>> actions {
        { QStringLiteral("wait"), { 2, QStringLiteral("session wait SESSION_ID [--timeout SECONDS]") } },
        { QStringLiteral("wait-approval"),
            { 2, QStringLiteral("session wait-approval SESSION_ID [--timeout SECONDS]") } },
        { QStringLiteral("events"), { 2, QStringLiteral("session events SESSION_ID") } },
        { QStringLiteral("approvals"), { 2, QStringLiteral("session approvals SESSION_ID") } },
        { QStringLiteral("cancel"), { 2, QStringLiteral("session cancel SESSION_ID") } },
        { QStringLiteral("close"), { 2, QStringLiteral("session close SESSION_ID") } },
        { QStringLiteral("continue"), { 2, QStringLiteral("session continue SESSION_ID") } },
        { QStringLiteral("prompt"), { 3, QStringLiteral("session prompt SESSION_ID TEXT (quote TEXT)") } },
        { QStringLiteral("approve"),
            { 3, QStringLiteral("session approve SESSION_ID APPROVAL_ID (--option OPTION_ID | --cancel)") } },
    };
    if (!actions.contains(action)) {
        return fail(QStringLiteral("session needs one of: create, wait, events, approvals, wait-approval, cancel, "
                                   "prompt, close, approve, continue"));
    }
    if (action != QLatin1String("approve") && (parser.isSet(options.option) || parser.isSet(options.cancel))) {
        return fail(QStringLiteral("--option and --cancel apply to session approve only"));
    }
    // approve also takes the older form APPROVAL_ID OPTION_ID (checked in approve()).
    const int expected = actions.value(action).first;
    const bool legacyApprove = action == QLatin1String("approve") && positional.size() == expected + 1;
    if (positional.size() != expected && !legacyApprove) {
        return fail(QStringLiteral("usage: %1").arg(actions.value(action).second));
    }
    const QString sessionId = positional.at(1);
    const QString sessionPath = QStringLiteral("/v1/sessions/") + sessionId;
    if (action == QLatin1String("wait")) {
        return waitForSettlement(sessionId, parser, options);
    }
    if (action == QLatin1String("wait-approval")) {
        return waitForApproval(sessionId, parser, options);
    }
    if (action == QLatin1String("approve")) {
        return approve(sessionId, parser, options, positional);
    }
    QTextStream out(stdout);
    if (action == QLatin1String("events") || action == QLatin1String("approvals")) {
        // approvals: limit=0, the approvals without the (possibly huge) event list.
        const Response response = call("GET",
            sessionPath
                + (action == QLatin1String("events") ? QStringLiteral("/events") : QStringLiteral("/events?limit=0")),
            nullptr);
        if (!response.failure.isEmpty()) {
            return fail(response.failure);
        }
        out << (action == QLatin1String("events")
                ? QJsonDocument(response.body).toJson(QJsonDocument::Indented)
                : QJsonDocument(response.body.value(QStringLiteral("approvals")).toArray())
                      .toJson(QJsonDocument::Indented));
        return 0;
    }
    QJsonObject body;
    QString path = sessionPath + QLatin1Char('/') + action;
    if (action == QLatin1String("prompt")) {
        body.insert(QStringLiteral("prompt"),
            QJsonArray { QJsonObject {
                { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), positional.at(2) } } });
    }
    const Response response = call("POST", path, &body);
    if (!response.failure.isEmpty()) {
        return fail(response.failure);
    }
    out << compact(response.body) << Qt::endl;
    return 0;
}

int AdminClient::createSession(const QCommandLineParser &parser, const SessionOptions &options)
{
    if (parser.isSet(options.preset) == parser.isSet(options.spec)) {
        return fail(QStringLiteral("session create needs exactly one of --preset NAME and --spec FILE"));
    }
    if (parser.isSet(options.owner) && parser.isSet(options.workspace)) {
        return fail(QStringLiteral("--owner and --workspace exclude each other"));
    }
    // The default owner is the dev principal `pair` uses, so a paired dev Runner claims it.
    const Response identities = call("GET", QStringLiteral("/v1/_dev/identities"), nullptr);
    if (!identities.failure.isEmpty()) {
        return fail(identities.failure);
    }
    const QString defaultPrincipal = identities.body.value(QStringLiteral("principal_id")).toString();
    const QString owner = parser.isSet(options.workspace) ? QString()
        : parser.isSet(options.owner)                     ? parser.value(options.owner)
                                                          : defaultPrincipal;

    QJsonObject runSpec;
    if (parser.isSet(options.preset)) {
        QMap<QString, QString> params;
        for (const QString &param : parser.values(options.param)) {
            const qsizetype equals = param.indexOf(QLatin1Char('='));
            if (equals <= 0) {
                return fail(QStringLiteral("--param takes K=V, not %1").arg(param));
            }
            params.insert(param.left(equals), param.mid(equals + 1));
        }
        // git-demo fetches the devplane's demo repository with a credential minted for it.
        std::optional<DemoSource> demo;
        if (parser.value(options.preset) == QLatin1String("git-demo")) {
            const QJsonObject none;
            const Response minted = call("POST", QStringLiteral("/v1/_dev/repos/credentials"), &none);
            if (minted.failure.isEmpty()) {
                demo = DemoSource { minted.body.value(QStringLiteral("url")).toString(),
                    minted.body.value(QStringLiteral("demo_commit")).toString(),
                    minted.body.value(QStringLiteral("username")).toString(),
                    minted.body.value(QStringLiteral("secret")).toString() };
            }
        }
        QString error;
        const auto built = SessionPresets::build(parser.value(options.preset), params,
            owner.isEmpty() ? defaultPrincipal : owner, &error, demo ? &*demo : nullptr);
        if (!built) {
            return fail(error);
        }
        runSpec = *built;
    } else {
        if (parser.isSet(options.param)) {
            return fail(QStringLiteral("--param applies to --preset only"));
        }
        QFile file(parser.value(options.spec));
        if (!file.open(QIODevice::ReadOnly)) {
            return fail(QStringLiteral("cannot read %1: %2").arg(file.fileName(), file.errorString()));
        }
        QJsonParseError parseError;
        const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
        if (!document.isObject()) {
            return fail(
                QStringLiteral("%1 does not hold a JSON object: %2").arg(file.fileName(), parseError.errorString()));
        }
        runSpec = document.object(); // sent as it is: a test may want a spec the Runner must refuse
    }
    QJsonObject body { { QStringLiteral("run_spec"), runSpec },
        { QStringLiteral("owner_principal_id"), owner.isEmpty() ? QJsonValue() : QJsonValue(owner) } };
    if (parser.isSet(options.pool)) {
        body.insert(QStringLiteral("runner_pool"), parser.value(options.pool));
    }
    const Response response = call("POST", QStringLiteral("/v1/sessions"), &body);
    if (!response.failure.isEmpty()) {
        return fail(response.failure);
    }
    QTextStream(stdout) << compact(response.body) << Qt::endl;
    return 0;
}

int AdminClient::approve(const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options,
    const QStringList &positional)
{
    const QString approvalId = positional.at(2);
    const bool legacyOption = positional.size() == 4; // APPROVAL_ID OPTION_ID, the older form
    const int choices = int(parser.isSet(options.option)) + int(parser.isSet(options.cancel)) + int(legacyOption);
    if (choices == 0) {
        return fail(QStringLiteral("session approve needs --option OPTION_ID (one of the options `session approvals "
                                   "%1` lists) or --cancel")
                        .arg(sessionId));
    }
    if (choices > 1) {
        return fail(legacyOption ? QStringLiteral("session approve takes the option once: drop %1 or --option/--cancel")
                                       .arg(positional.at(3))
                                 : QStringLiteral("--option and --cancel exclude each other: give one"));
    }
    QJsonObject body;
    if (parser.isSet(options.cancel)) {
        body.insert(QStringLiteral("cancelled"), true);
    } else {
        const QString optionId = legacyOption ? positional.at(3) : parser.value(options.option);
        if (optionId.isEmpty()) {
            return fail(QStringLiteral("--option needs an OPTION_ID, e.g. --option allow_once"));
        }
        body.insert(QStringLiteral("option_id"), optionId);
    }
    const Response response = call("POST",
        QStringLiteral("/v1/sessions/%1/approvals/%2")
            .arg(sessionId, QString::fromLatin1(QUrl::toPercentEncoding(approvalId))),
        &body);
    if (!response.failure.isEmpty()) {
        return fail(response.failure);
    }
    QTextStream(stdout) << compact(response.body) << Qt::endl;
    return 0;
}

bool AdminClient::timeoutDeadline(const QCommandLineParser &parser, const SessionOptions &options, QDeadlineTimer *out)
{
    *out = QDeadlineTimer(QDeadlineTimer::Forever);
    if (parser.isSet(options.timeout)) {
        bool ok = false;
        const double seconds = parser.value(options.timeout).toDouble(&ok);
        if (!ok || seconds < 0) {
            fail(QStringLiteral("--timeout must be a non-negative number of seconds, e.g. --timeout 30"));
            return false;
        }
        out->setRemainingTime(static_cast<qint64>(seconds * 1000));
    }
    return true;
}

int AdminClient::waitForApproval(
    const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options)
{
    QDeadlineTimer deadline;
    if (!timeoutDeadline(parser, options, &deadline)) {
        return 1;
    }
    // limit=0: status, settlement and approvals without the event list.
    const QString path = QStringLiteral("/v1/sessions/%1/events?limit=0").arg(sessionId);
    QString lastState = QStringLiteral("unknown");
    for (;;) {
        const Response response = call("GET", path, nullptr);
        if (response.failure.isEmpty()) {
            const QJsonValue settlement = response.body.value(QStringLiteral("settlement"));
            if (settlement.isObject()) {
                // A pending approval of a settled run can no longer be decided.
                const QJsonObject settled = settlement.toObject();
                const QString reason = settled.value(QStringLiteral("reason")).toString();
                return fail(QStringLiteral("%1 settled (%2%3) before an approval was pending")
                                .arg(sessionId, settled.value(QStringLiteral("outcome")).toString(),
                                    reason.isEmpty() ? QString() : QLatin1Char('/') + reason));
            }
            const QJsonArray approvals = response.body.value(QStringLiteral("approvals")).toArray();
            for (const QJsonValue &approval : approvals) {
                if (approval.toObject().value(QStringLiteral("status")) == QLatin1String("pending")) {
                    QTextStream(stdout) << compact(approval.toObject()) << Qt::endl;
                    return 0;
                }
            }
            lastState = QStringLiteral("%1, %2 approval(s), none pending")
                            .arg(response.body.value(QStringLiteral("status")).toString())
                            .arg(approvals.size());
        } else if (response.status != 0 && response.status < 500) {
            return fail(response.failure);
        } else {
            lastState = response.failure; // the devplane may be restarting: keep asking
        }
        if (deadline.hasExpired()) {
            return fail(QStringLiteral("timed out waiting for a pending approval in %1 (last: %2); a longer "
                                       "--timeout may help")
                            .arg(sessionId, lastState));
        }
        pause(100);
    }
}

int AdminClient::waitForSettlement(
    const QString &sessionId, const QCommandLineParser &parser, const SessionOptions &options)
{
    QDeadlineTimer deadline;
    if (!timeoutDeadline(parser, options, &deadline)) {
        return 1;
    }
    // limit=0: the settlement and status without the (possibly huge) event list.
    const QString path = QStringLiteral("/v1/sessions/%1/events?limit=0").arg(sessionId);
    QString lastState = QStringLiteral("unknown");
    for (;;) {
        const Response response = call("GET", path, nullptr);
        if (response.failure.isEmpty()) {
            const QJsonValue settlement = response.body.value(QStringLiteral("settlement"));
            if (settlement.isObject()) {
                QTextStream(stdout) << compact(settlement.toObject()) << Qt::endl;
                return 0;
            }
            lastState = response.body.value(QStringLiteral("status")).toString();
        } else if (response.status != 0 && response.status < 500) {
            return fail(response.failure);
        } else {
            lastState = response.failure; // the devplane may be restarting: keep asking
        }
        if (deadline.hasExpired()) {
            return fail(QStringLiteral("timed out waiting for %1 to settle (last: %2)").arg(sessionId, lastState));
        }
        pause(100);
    }
}

} // namespace devplane
