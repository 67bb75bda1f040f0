#include <runnercore/runner/Doctor.h>

#include <runnercore/workspace/GitTool.h>
#include <runnercore/workspace/MirrorCache.h>

#include <runnercore/base/Clock.h>
#include <runnercore/base/Platform.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/presence/CapabilityAdvertisement.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/runner/Runner.h>
#include <runnercore/sandbox/HostProcess.h>
#include <runnercore/sandbox/SandboxProbe.h>
#include <runnercore/sandbox/SandboxSet.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>
#include <QJsonDocument>

namespace runnercore {

namespace {
constexpr int DoctorTimeoutMs = 10000;
constexpr qint64 MaxSkewMs = 60000;
} // namespace

Doctor::Doctor(
    const RunnerConfig &config, RunnerSettings &settings, CredentialStore &store, const Clock &clock, QObject *parent)
    : QObject(parent), m_config(config), m_settings(settings), m_store(store), m_clock(clock)
{
    if (m_config.cursor)
        Logging::masker().addSecret(m_config.cursor->apiKey);
}

Doctor::~Doctor() = default;

QString Doctor::statusName(Status status)
{
    switch (status) {
    case Status::Ok:
        return QStringLiteral("ok");
    case Status::Warn:
        return QStringLiteral("warn");
    case Status::Fail:
        return QStringLiteral("fail");
    case Status::Skip:
        return QStringLiteral("skip");
    }
    return {};
}

void Doctor::add(const QString &name, Status status, const QString &detail, const QString &hint)
{
    m_checks.append({ name, status, detail, hint });
}

bool Doctor::hasFailures() const
{
    return std::any_of(m_checks.begin(), m_checks.end(), [](const Check &c) { return c.status == Status::Fail; });
}

void Doctor::run()
{
    if (!m_config.endpoint.isEmpty())
        m_endpoint = m_config.endpoint;
    else if (!m_settings.endpoint.isEmpty() && !EndpointPolicy::check(m_settings.endpoint.toString(), QString()))
        m_endpoint = EndpointPolicy::normalized(m_settings.endpoint.toString());
    if (m_endpoint.isEmpty()) {
        add(QStringLiteral("endpoint"), Status::Fail, tr("no endpoint configured"),
            tr("pass --endpoint URL or set %1").arg(ConfigKeys::name(EnvVar::ApiUrl)));
        checkLocalThenFinish();
        return;
    }
    m_api = std::make_unique<ApiClient>(m_endpoint, m_clock);
    checkEndpoint();
}

void Doctor::checkEndpoint()
{
    ApiRequest req;
    req.path = QStringLiteral("/v1/support/capabilities");
    req.timeoutMs = DoctorTimeoutMs;
    ApiCall *call = m_api->send(std::move(req));
    connect(call, &ApiCall::finished, this, [this](const ApiResponse &r) {
        if (!r.ok()) {
            add(QStringLiteral("endpoint"), Status::Fail,
                tr("%1 does not answer: %2").arg(m_endpoint.toString(), r.error.describe()),
                tr("check the URL, your network, and that the control plane is running"));
        } else {
            const QJsonArray versions = r.body.value(QLatin1String("supported_versions")).toArray();
            const bool served = versions.contains(QLatin1String(ApiClient::ProtocolVersion));
            if (served)
                add(QStringLiteral("endpoint"), Status::Ok,
                    tr("%1 serves protocol %2").arg(m_endpoint.toString(), QLatin1String(ApiClient::ProtocolVersion)));
            else
                add(QStringLiteral("endpoint"), Status::Fail,
                    tr("%1 does not serve protocol %2 (it serves %3)")
                        .arg(m_endpoint.toString(), QLatin1String(ApiClient::ProtocolVersion),
                            QString::fromUtf8(QJsonDocument(versions).toJson(QJsonDocument::Compact))),
                    tr("update checkfu-runner or the control plane"));
            if (!m_api->hasServerDate())
                add(QStringLiteral("clock"), Status::Warn, tr("the server sent no Date header; skew unknown"));
            else if (std::abs(m_api->clockSkewMs()) > MaxSkewMs)
                add(QStringLiteral("clock"), Status::Fail,
                    tr("this clock is %1 s off the server's").arg(m_api->clockSkewMs() / 1000),
                    tr("enable network time synchronisation"));
            else
                add(QStringLiteral("clock"), Status::Ok,
                    tr("within 60 s of the server (%1 s)").arg(m_api->clockSkewMs() / 1000));
        }
        checkCredential();
    });
}

void Doctor::checkCredential()
{
    if (!m_config.workspaceToken.isEmpty()) {
        add(QStringLiteral("credential"), Status::Ok,
            tr("Workspace Runner key from %1").arg(ConfigKeys::name(EnvVar::RunnerToken)));
        exchange(m_config.workspaceToken);
        return;
    }
    if (!m_settings.isPaired()) {
        add(QStringLiteral("credential"), Status::Fail, tr("this machine is not paired"),
            tr("get a pairing code and run checkfu-runner start --code CFU-…"));
        add(QStringLiteral("exchange"), Status::Skip, tr("no credential"));
        checkLocalThenFinish();
        return;
    }
    const QString account = CredentialStore::accountFor(m_settings.endpoint, m_settings.runnerId);
    m_store.read(account, [this](const CredentialResult &r) {
        if (!r.ok()) {
            add(QStringLiteral("credential"), Status::Fail,
                tr("runner %1: not readable from the %2").arg(m_settings.runnerId, m_store.backendName()), r.message);
            add(QStringLiteral("exchange"), Status::Skip, tr("no credential"));
            checkLocalThenFinish();
            return;
        }
        add(QStringLiteral("credential"), Status::Ok,
            tr("runner %1, stored in the %2").arg(m_settings.runnerId, m_store.backendName()));
        exchange(r.secret);
    });
}

void Doctor::exchange(const QString &credential)
{
    InstanceLock lock(m_endpoint.toString(QUrl::StripTrailingSlash) + QLatin1Char('|') + credential);
    if (!lock.tryLock() && !lock.unsafeReason().isEmpty()) {
        add(QStringLiteral("exchange"), Status::Fail, lock.unsafeReason());
        add(QStringLiteral("presences"), Status::Skip, tr("needs the exchange"));
        checkLocalThenFinish();
        return;
    }
    if (!lock.isLocked()) {
        // A new nonce would supersede the running instance's, and its next call would fence the generation.
        add(QStringLiteral("exchange"), Status::Skip,
            tr("a running Runner (pid %1) holds this credential; not exchanging, so it is not fenced as a clone")
                .arg(lock.holderPid()),
            tr("its state is in its log and the tray; stop it to run this check"));
        add(QStringLiteral("presences"), Status::Skip, tr("needs the exchange"));
        checkLocalThenFinish();
        return;
    }
    lock.unlock();
    m_identity = std::make_unique<WorkloadIdentity>(*m_api, m_clock);
    m_identity->setBootstrapCredential(credential);
    m_identity->setAdvertisementSource([] { return CapabilityAdvertisement::build(QString(), QJsonArray()); });
    auto timeout = std::make_shared<QTimer>();
    timeout->setSingleShot(true);
    connect(timeout.get(), &QTimer::timeout, this, [this] {
        m_identity->abort();
        add(QStringLiteral("exchange"), Status::Fail, tr("no answer within 10 s"), tr("check the control plane"));
        checkLocalThenFinish();
    });
    timeout->start(DoctorTimeoutMs);
    connect(m_identity.get(), &WorkloadIdentity::acquired, this, [this, timeout](const IdentityGrant &g) {
        timeout->stop();
        add(QStringLiteral("exchange"), Status::Ok,
            tr("workload identity for runner %1, generation %2").arg(g.runnerId).arg(g.runnerGeneration));
        listPresences();
    });
    connect(
        m_identity.get(), &WorkloadIdentity::fatal, this, [this, timeout](const ApiError &, const QString &message) {
            timeout->stop();
            add(QStringLiteral("exchange"), Status::Fail, message);
            checkLocalThenFinish();
        });
    m_identity->exchange();
}

void Doctor::listPresences()
{
    ApiRequest req;
    req.path = QStringLiteral("/v1/runner-pools/presences");
    const QString token = m_identity->token();
    req.credential = [token] { return token; };
    req.timeoutMs = DoctorTimeoutMs;
    ApiCall *call = m_api->send(std::move(req));
    connect(call, &ApiCall::finished, this, [this](const ApiResponse &r) {
        if (r.ok() && r.body.value(QLatin1String("data")).isArray()) {
            m_presences = r.body.value(QLatin1String("data")).toArray();
            add(QStringLiteral("presences"), Status::Ok,
                tr("%n live presence(s) visible", nullptr, int(m_presences.size())));
        } else {
            add(QStringLiteral("presences"), Status::Warn, tr("cannot list presences: %1").arg(r.error.describe()));
        }
        // Sign off at once: the doctor's identity must not linger as a presence.
        connect(m_identity.get(), &WorkloadIdentity::signedOff, this, [this] { checkLocalThenFinish(); });
        m_identity->signOff();
    });
}

void Doctor::checkLocalThenFinish()
{
    checkLocal();
    // What a Runner started with this configuration would realise now (the same checks it makes).
    m_sandboxes = std::make_unique<SandboxSet>(
        m_config, AppPaths::dataDir() + QStringLiteral("/runs"), Runner::instanceLabel());
    connect(m_sandboxes.get(), &SandboxSet::ready, this, [this](bool ok, const QString &error) {
        add(QStringLiteral("sandbox posture"),
            ok ? (m_sandboxes->anyRealisable() ? Status::Ok : Status::Warn) : Status::Fail,
            ok ? m_sandboxes->posture() : error);
        done();
    });
    m_sandboxes->start();
}

void Doctor::checkLocal()
{
    // Sandbox tiers (§8's provider table applied to this machine).
    if (m_config.hostProcessEnabled && HostProcess::reaperPath().isEmpty())
        add(QStringLiteral("sandbox host-process"), Status::Fail,
            tr("checkfu-run-reaper is missing: every run would fail to launch"),
            tr("Reinstall the Runner: checkfu-run-reaper belongs next to %1.")
                .arg(QCoreApplication::applicationFilePath()));
    else if (m_config.hostProcessEnabled)
        add(QStringLiteral("sandbox host-process"), Status::Ok,
            tr("enabled: runs use this machine's own network, with no container isolation"));
    else
        add(QStringLiteral("sandbox host-process"), Status::Skip,
            tr("disabled by --sandbox or %1").arg(ConfigKeys::name(EnvVar::EnableHostProcessSandbox)));
    // §6.10: the platform's MCP servers reach a harness only through checkfu-mcp-bridge.
    if (const QString bridge = McpBridgeProgram::path(); bridge.isEmpty())
        add(QStringLiteral("mcp bridge"), Status::Warn,
            tr("checkfu-mcp-bridge is missing: runs that use the platform's tools (plane_mcp) are refused"),
            tr("Reinstall the Runner: checkfu-mcp-bridge belongs next to %1.")
                .arg(QCoreApplication::applicationFilePath()));
    else
        add(QStringLiteral("mcp bridge"), Status::Ok,
            tr("%1: relays %2").arg(bridge, McpBridgeProgram::protocols().join(QLatin1String(", "))));
    // git mounts (§6.8): the system's git CLI, never one from the person's PATH.
    const QString git = GitTool::program();
    const QString gitVersion = GitTool::version(git);
    if (git.isEmpty())
        add(QStringLiteral("git"), Status::Warn, tr("not installed: runs with a git mount are refused"),
            tr("Install it: sudo apt install git"));
    else
        add(QStringLiteral("git"), gitVersion.isEmpty() ? Status::Warn : Status::Ok,
            tr("%1 (%2)%3")
                .arg(gitVersion.isEmpty() ? tr("does not answer --version") : gitVersion, git,
                    GitTool::hasLfs() ? tr("; git-lfs installed") : tr("; no git-lfs: lfs mounts are refused")));
    const MirrorCache cache(AppPaths::cacheDir() + QStringLiteral("/git"));
    const QList<MirrorCache::Entry> mirrors = cache.entries();
    qint64 cached = 0;
    for (const MirrorCache::Entry &e : mirrors)
        cached += e.bytes;
    if (m_config.gitCacheMib == 0)
        add(QStringLiteral("git cache"), Status::Ok,
            tr("off (--git-cache-mib 0): every git mount is fetched from its server; %n mirror(s) left in %1 "
               "(checkfu-runner cache clear empties it)",
                nullptr, int(mirrors.size()))
                .arg(cache.root()));
    else
        add(QStringLiteral("git cache"), Status::Ok,
            tr("%n mirror(s), %1 MiB in %2 (at most %3 MiB; checkfu-runner cache clear empties it)", nullptr,
                int(mirrors.size()))
                .arg(cached / (1024 * 1024))
                .arg(cache.root())
                .arg(m_config.gitCacheMib));
    const SandboxProbe::Result bwrap = SandboxProbe::bubblewrap();
    add(QStringLiteral("sandbox bubblewrap"),
        bwrap.available ? Status::Ok : (m_config.bubblewrapEnabled ? Status::Fail : Status::Warn), bwrap.detail);
    // What a bubblewrap sandbox shows besides the system and the run, and why a harness elsewhere fails.
    if (m_config.bubblewrapReadOnly.isEmpty())
        add(QStringLiteral("bubblewrap read-only paths"), Status::Ok,
            tr("none: a bubblewrap run sees only the system directories and its own directory, so a harness "
               "installed under the home directory is refused"),
            tr("allow its directory with --bubblewrap-read-only, %1 or the tray's Settings")
                .arg(ConfigKeys::name(EnvVar::BubblewrapReadOnly)));
    else
        add(QStringLiteral("bubblewrap read-only paths"), Status::Ok,
            tr("%1 (from %2), read-only inside the sandbox; any other path outside the system directories is "
               "hidden")
                .arg(m_config.bubblewrapReadOnly.join(QLatin1Char(':')), m_config.bubblewrapReadOnlySource));
    const SandboxProbe::Result docker = SandboxProbe::docker();
    add(QStringLiteral("sandbox docker"),
        docker.available ? Status::Ok : (m_config.docker == DockerMode::Required ? Status::Fail : Status::Warn),
        docker.detail);
    if (m_config.cursor)
        add(QStringLiteral("cursor lane"), Status::Ok,
            tr("complete: profile %1, model %2").arg(m_config.cursor->profileVersion, m_config.cursor->model));
    else if (!m_cursorNote.isEmpty())
        add(QStringLiteral("cursor lane"), Status::Warn, m_cursorNote);
    else
        add(QStringLiteral("cursor lane"), Status::Ok,
            tr("not configured (no Cursor variables, and no Cursor tuple in the settings file with its key stored)"));
    // What the Runner would take at once and how long a run may stay silent (flags, environment
    // or the settings file).
    add(QStringLiteral("slots"), Status::Ok, tr("%1 at once").arg(m_config.slotCount));
    add(QStringLiteral("idle timeout"), Status::Ok,
        m_config.idleTimeoutMs ? tr("%1 ms for runs that set none").arg(*m_config.idleTimeoutMs)
                               : tr("not set: only runs that set one have one"));
}

void Doctor::done()
{
    QTimer::singleShot(0, this, &Doctor::finished);
}

QString Doctor::toText() const
{
    QString out;
    for (const Check &c : m_checks) {
        out += QStringLiteral("%1 %2: %3\n").arg(statusName(c.status).leftJustified(4), checkTitle(c.name), c.detail);
        if (!c.hint.isEmpty() && c.status != Status::Ok)
            out += QStringLiteral("     ") + tr("hint: %1").arg(c.hint) + QLatin1Char('\n');
    }
    for (const QJsonValue &p : m_presences) {
        const QJsonObject o = p.toObject();
        out += QStringLiteral("     ")
            + tr("presence %1 gen %2 %3 %4\n")
                  .arg(o.value(QLatin1String("runner_id")).toString())
                  .arg(o.value(QLatin1String("runner_generation")).toInt())
                  .arg(o.value(QLatin1String("status")).toString(),
                      o.value(QLatin1String("owner")).toObject().value(QLatin1String("machine_label")).toString());
    }
    return out;
}

QString Doctor::checkTitle(const QString &name)
{
    // The names, as English shows them; unknown ones (a caller's own) as they are.
    static const char *const titles[] = { QT_TR_NOOP("endpoint"), QT_TR_NOOP("clock"), QT_TR_NOOP("credential"),
        QT_TR_NOOP("exchange"), QT_TR_NOOP("presences"), QT_TR_NOOP("sandbox posture"),
        QT_TR_NOOP("sandbox host-process"), QT_TR_NOOP("sandbox bubblewrap"), QT_TR_NOOP("bubblewrap read-only paths"),
        QT_TR_NOOP("sandbox docker"), QT_TR_NOOP("git"), QT_TR_NOOP("git cache"), QT_TR_NOOP("cursor lane"),
        QT_TR_NOOP("slots"), QT_TR_NOOP("idle timeout"), QT_TR_NOOP("configuration") };
    for (const char *title : titles) {
        if (name == QLatin1String(title))
            return tr(title);
    }
    return name;
}

QJsonObject Doctor::toJson() const
{
    QJsonArray checks;
    for (const Check &c : m_checks)
        checks.append(
            QJsonObject { { QStringLiteral("name"), c.name }, { QStringLiteral("status"), statusName(c.status) },
                { QStringLiteral("detail"), c.detail }, { QStringLiteral("hint"), c.hint } });
    return QJsonObject { { QStringLiteral("ok"), !hasFailures() },
        { QStringLiteral("runner_version"), Platform::runnerVersion() }, { QStringLiteral("checks"), checks },
        { QStringLiteral("presences"), m_presences } };
}

QJsonObject Doctor::configurationReport(const QList<ConfigError> &errors)
{
    QJsonArray checks;
    QJsonArray configurationErrors;
    for (const ConfigError &e : errors) {
        checks.append(QJsonObject { { QStringLiteral("name"), QStringLiteral("configuration") },
            { QStringLiteral("status"), statusName(Status::Fail) }, { QStringLiteral("detail"), e.message },
            { QStringLiteral("hint"), QString() } });
        configurationErrors.append(
            QJsonObject { { QStringLiteral("field"), e.field }, { QStringLiteral("message"), e.message } });
    }
    if (checks.isEmpty()) // never expected: a refusal always names its reason
        checks.append(QJsonObject { { QStringLiteral("name"), QStringLiteral("configuration") },
            { QStringLiteral("status"), statusName(Status::Fail) } });
    return QJsonObject { { QStringLiteral("ok"), false },
        { QStringLiteral("runner_version"), Platform::runnerVersion() }, { QStringLiteral("checks"), checks },
        { QStringLiteral("configuration_errors"), configurationErrors },
        { QStringLiteral("presences"), QJsonArray() } };
}

} // namespace runnercore
