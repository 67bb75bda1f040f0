#include "RunnerCli.h"

#include <runnercore/base/Clock.h>
#include <runnercore/base/Platform.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/runner/Doctor.h>
#include <runnercore/runner/Runner.h>
#include <runnercore/runner/UnixSignalBridge.h>
#include <runnercore/runner/Unpairing.h>

#include <QEventLoop>
#include <QJsonDocument>
#include <QTextStream>

#include <cstdio>

using namespace runnercore;

namespace {
QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}
QTextStream &err()
{
    static QTextStream s(stderr);
    return s;
}

const QCommandLineOption EndpointOption(QStringLiteral("endpoint"),
    QCoreApplication::translate("RunnerCli",
        "Control plane URL (https, or http to loopback). Default: CHECKFU_API_URL, then the stored pairing."),
    QStringLiteral("url"));
const QCommandLineOption CodeOption(QStringLiteral("code"),
    QCoreApplication::translate("RunnerCli", "One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem."),
    QStringLiteral("code"));
const QCommandLineOption LabelOption(QStringLiteral("label"),
    QCoreApplication::translate("RunnerCli", "This machine's display label. Default: the host name."),
    QStringLiteral("name"));
const QCommandLineOption SandboxOption(QStringLiteral("sandbox"),
    QCoreApplication::translate("RunnerCli",
        "Sandbox tier: host-process, bubblewrap, docker or none. Default: the stored setting, else automatic."),
    QStringLiteral("tier"));
const QCommandLineOption StoreOption(QStringLiteral("credential-store"),
    QCoreApplication::translate(
        "RunnerCli", "Where the credential is kept: keychain (default) or file (explicit opt-in, owner-only file)."),
    QStringLiteral("keychain|file"));
const QCommandLineOption SlotsOption(QStringLiteral("slots"),
    QCoreApplication::translate("RunnerCli", "Runs at once (1-64). Default: the stored setting, else 1."),
    QStringLiteral("n"));
const QCommandLineOption ReadOnlyOption(QStringLiteral("bubblewrap-read-only"),
    QCoreApplication::translate("RunnerCli",
        "Paths a bubblewrap sandbox shows read-only, ':'-separated (e.g. where a harness is installed under your "
        "home). Repeatable. Default: CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY, then the stored setting, else none."),
    QStringLiteral("paths"));
const QCommandLineOption LogLevelOption(QStringLiteral("log-level"),
    QCoreApplication::translate("RunnerCli", "trace, debug, info (default), warn or error."), QStringLiteral("level"));
const QCommandLineOption JsonOption(
    QStringLiteral("json"), QCoreApplication::translate("RunnerCli", "doctor: print the result as JSON."));
} // namespace

RunnerCli::RunnerCli(QCoreApplication &app, const QProcessEnvironment &environment)
    : m_app(app), m_args(app.arguments()), m_environment(environment)
{ }

QString RunnerCli::helpEpilogue()
{
    return tr("Commands:\n"
              "  start    pair (with --code) or use the stored pairing, then stay connected until stopped.\n"
              "           SIGINT/SIGTERM once: finish owned work and sign off; twice: cancel owned runs;\n"
              "           three times: exit at once.\n"
              "  doctor   check endpoint, clock, credential, exchange, sandbox tiers, Cursor lane, presences.\n"
              "  unpair   forget this machine's credential and pairing.\n"
              "\n"
              "Environment: CHECKFU_API_URL, CHECKFU_RUNNER_TOKEN, CHECKFU_ENABLE_HOST_PROCESS_SANDBOX,\n"
              "  CHECKFU_RUNNER_IDLE_TIMEOUT_MS, CHECKFU_DOCKER_UNRESTRICTED_NETWORK,\n"
              "  CHECKFU_CURSOR_HARNESS_PROFILE_VERSION, CHECKFU_CURSOR_HARNESS_RELEASE_DIGEST,\n"
              "  CHECKFU_CURSOR_MODEL, CURSOR_API_KEY (all four Cursor variables or none),\n"
              "  CHECKFU_RUNNER_BUBBLEWRAP_READ_ONLY (as --bubblewrap-read-only).\n"
              "\n"
              "Stored settings (the tray's Settings, in the settings file that holds the pairing): the\n"
              "  sandbox tier, slots, idle timeout, bubblewrap read-only paths and Cursor tuple (its API key\n"
              "  in the credential store)\n"
              "  apply where flags and environment are silent. A flag wins over a variable, a variable over\n"
              "  a stored value; any Cursor variable set takes the whole Cursor lane from the environment.\n"
              "\n"
              "Exit codes:\n"
              "  0   stopped cleanly (signed off)            1   failed (see the message)\n"
              "  2   bad command line or configuration        3   pairing failed (code not used or refused)\n"
              "  4   no credential store answers              5   another Runner holds this credential\n"
              "  6   not paired                               7   the --sandbox tier cannot be realised here\n"
              "  10  credential revoked by an administrator   11  credential fenced: two processes used it (clone)\n"
              "  130 exited on a third interrupt");
}

void RunnerCli::addCommonOptions(QCommandLineParser &parser, bool withStartOptions)
{
    parser.addHelpOption();
    parser.addOption(EndpointOption);
    parser.addOption(SandboxOption);
    parser.addOption(StoreOption);
    parser.addOption(LogLevelOption);
    if (withStartOptions) {
        parser.addOption(CodeOption);
        parser.addOption(LabelOption);
        parser.addOption(SlotsOption);
    }
    parser.addOption(ReadOnlyOption);
}

RunnerConfigInput RunnerCli::commandLineInput(QCommandLineParser &parser) const
{
    RunnerConfigInput input;
    input.env = m_environment;
    for (const QCommandLineOption *option :
        { &EndpointOption, &CodeOption, &LabelOption, &SandboxOption, &StoreOption, &SlotsOption }) {
        const QString name = option->names().first();
        if (parser.optionNames().contains(name) && parser.isSet(*option))
            input.flags.insert(name, parser.value(*option));
    }
    if (parser.isSet(ReadOnlyOption))
        input.flags.insert(ReadOnlyOption.names().first(), parser.values(ReadOnlyOption).join(QLatin1Char(':')));
    return input;
}

bool RunnerCli::buildConfig(const RunnerConfigInput &input, RunnerConfig *config)
{
    auto parsed = RunnerConfigParser::parse(input);
    if (auto *errors = std::get_if<QList<ConfigError>>(&parsed)) {
        for (const ConfigError &e : *errors)
            err() << tr("checkfu-runner: %1").arg(e.message) << Qt::endl;
        return false;
    }
    // The secrets are in the parsed configuration only: main() already scrubbed them from our
    // environment, so children never inherit them.
    *config = std::get<RunnerConfig>(std::move(parsed));
    return true;
}

namespace {
// CursorKeyStore::read, waited for: the store answers queued, on this thread.
CredentialResult readCursorKey(CredentialStore &store)
{
    std::optional<CredentialResult> answer;
    QEventLoop loop;
    CursorKeyStore::read(store, [&](const CredentialResult &result) {
        answer = result;
        loop.quit();
    });
    if (!answer)
        loop.exec();
    return *answer;
}
} // namespace

bool RunnerCli::effectiveConfig(
    RunnerConfigInput input, CredentialStore &store, RunnerConfig *config, QString *cursorNote)
{
    const auto log = Logging::get("config");
    RunnerPreferences preferences(AppPaths::settingsFile());
    preferences.load(); // logs what it cannot use
    std::optional<QString> key;
    QString note;
    if (preferences.wantsCursorKey(input.env)) {
        // The key never leaves memory: into the parser's input, not our environment or a log.
        const CredentialResult result = readCursorKey(store);
        if (result.ok()) {
            key = result.secret;
        } else if (result.status == CredentialResult::Status::NotFound) {
            note = tr("the settings file holds a Cursor tuple, but the credential store (%1) has no Cursor API key; "
                      "the Cursor lane is off")
                       .arg(store.backendName());
            log->info("{}", note);
        } else {
            note = tr("the Cursor API key could not be read, so the Cursor lane is off: %1").arg(result.message);
            log->warn("{}", note);
        }
    } else if (!preferences.cursor.isEmpty() && RunnerPreferences::environmentOwnsCursor(input.env)) {
        log->info("the Cursor variables in the environment take the place of the Cursor tuple in the settings file");
    } else if (!preferences.cursor.isEmpty()) {
        note = tr("the Cursor tuple in the settings file cannot be used, so the Cursor lane is off: %1")
                   .arg(RunnerPreferences::cursorProblems(preferences.cursor, true).join(QLatin1Char(' ')));
    }
    preferences.applyTo(input, key);

    auto parsed = RunnerConfigParser::parse(input);
    if (auto *errors = std::get_if<QList<ConfigError>>(&parsed)) {
        // The command line and the environment alone were fine: a stored value is at fault.
        for (const ConfigError &e : *errors)
            err() << tr("checkfu-runner: in the settings file %1: %2").arg(preferences.fileName(), e.message)
                  << Qt::endl;
        return false;
    }
    *config = std::get<RunnerConfig>(std::move(parsed));
    if (cursorNote)
        *cursorNote = note;
    return true;
}

void RunnerCli::initLogging(QCommandLineParser &parser, bool console)
{
    Logging::Options options;
    options.logDir = AppPaths::logDir();
    options.console = console;
    if (parser.isSet(LogLevelOption)) {
        const auto level = spdlog::level::from_str(parser.value(LogLevelOption).toStdString());
        options.level = level == spdlog::level::off ? spdlog::level::info : level;
    }
    Logging::init(options);
}

int RunnerCli::run()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Checkfu Runner: runs Checkfu agent sessions on this machine.") + QStringLiteral("\n\n") + helpEpilogue());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("command"), tr("start, doctor or unpair"));
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsPositionalArguments);
    if (!parser.parse(m_args)) {
        err() << parser.errorText() << Qt::endl;
        return int(RunnerExit::Usage);
    }
    if (parser.isSet(QStringLiteral("version"))) {
        out() << "checkfu-runner " << Platform::runnerVersion() << Qt::endl;
        return 0;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        if (parser.isSet(QStringLiteral("help"))) {
            out() << parser.helpText() << Qt::endl;
            return 0;
        }
        err() << tr("checkfu-runner: name a command (start, doctor, unpair); see --help") << Qt::endl;
        return int(RunnerExit::Usage);
    }
    const QString command = positional.first();
    if (command == QLatin1String("start"))
        return start();
    if (command == QLatin1String("doctor"))
        return doctor();
    if (command == QLatin1String("unpair"))
        return unpair();
    err() << tr("checkfu-runner: unknown command '%1'; use start, doctor or unpair").arg(command) << Qt::endl;
    return int(RunnerExit::Usage);
}

namespace {
std::unique_ptr<CredentialStore> makeStore(const RunnerConfig &config, const RunnerSettings &settings)
{
    QString name = config.credentialStore.value_or(settings.credentialStore);
    const auto kind = CredentialStore::kindFromName(name).value_or(CredentialStore::Kind::Keychain);
    return CredentialStore::create(kind, AppPaths::credentialDir());
}

QStringList subcommandArgs(const QStringList &args)
{
    QStringList rest = args;
    rest.removeAt(1); // the command itself
    return rest;
}
} // namespace

int RunnerCli::start()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Start the Runner.") + QStringLiteral("\n\n") + helpEpilogue());
    addCommonOptions(parser, true);
    parser.process(subcommandArgs(m_args));
    const RunnerConfigInput input = commandLineInput(parser);
    RunnerConfig commandLine;
    if (!buildConfig(input, &commandLine))
        return int(RunnerExit::Usage);
    initLogging(parser, true);

    RunnerSettings settings(AppPaths::settingsFile());
    settings.load();
    // The tier given when pairing is saved with the pairing, as the tray's wizard does, and later
    // starts use it; a tier given to a later start is for that start only.
    if (commandLine.sandbox != SandboxChoice::NotGiven && commandLine.pairingCode)
        settings.sandbox = parser.value(SandboxOption);
    auto store = makeStore(commandLine, settings);
    RunnerConfig config;
    if (!effectiveConfig(input, *store, &config))
        return int(RunnerExit::Usage);
    SystemClock clock;
    Runner runner(config, settings, *store, clock);
    UnixSignalBridge signalBridge;

    connect(&runner, &Runner::stateChanged, this, [](RunnerState state, const QString &message) {
        out() << "checkfu-runner: " << runnerStateName(state);
        if (!message.isEmpty())
            out() << " - " << message;
        out() << Qt::endl;
    });
    connect(&runner, &Runner::warning, this,
        [](const QString &message) { err() << tr("checkfu-runner: warning: %1").arg(message) << Qt::endl; });
    // Not a status line (no "checkfu-runner: "). No title: it can be run content (ZDR), and
    // stdout may end up in a journal.
    connect(&runner, &Runner::approvalRequested, this, [](const ApprovalRequest &request) {
        out() << tr("checkfu-runner approval: run %1 waits for approval %2; decide at %3")
                     .arg(request.runId, request.approvalId,
                         request.link.isEmpty() ? tr("the Checkfu dashboard") : request.link)
              << Qt::endl;
    });
    connect(&runner, &Runner::finished, this, [this](RunnerExit exit) { m_app.exit(int(exit)); });
    connect(&signalBridge, &UnixSignalBridge::terminationRequested, this, [&runner, this](int, int count) {
        if (count == 1) {
            err() << tr("checkfu-runner: stopping: finishing owned work, then signing off (interrupt again to cancel "
                        "owned runs)")
                  << Qt::endl;
            runner.stop();
        } else if (count == 2) {
            err() << tr("checkfu-runner: cancelling owned runs (interrupt again to exit at once)") << Qt::endl;
            runner.stopNow();
        } else {
            err() << tr("checkfu-runner: exiting at once") << Qt::endl;
            Logging::flush();
            m_app.exit(int(RunnerExit::Interrupted));
        }
    });

    QTimer::singleShot(0, &runner, &Runner::start);
    const int code = m_app.exec();
    Logging::flush();
    return code;
}

int RunnerCli::doctor()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Check this machine's Runner setup end to end."));
    addCommonOptions(parser, false);
    parser.addOption(JsonOption);
    parser.process(subcommandArgs(m_args));
    const auto configurationFailed = [&parser] {
        if (parser.isSet(JsonOption))
            out() << R"({"ok": false, "checks": [{"name": "configuration", "status": "fail"}]})" << Qt::endl;
        return 1;
    };
    const RunnerConfigInput input = commandLineInput(parser);
    RunnerConfig commandLine;
    if (!buildConfig(input, &commandLine))
        return configurationFailed();
    initLogging(parser, false);
    RunnerSettings settings(AppPaths::settingsFile());
    settings.load();
    auto store = makeStore(commandLine, settings);
    // The configuration `start` would run with, stored preferences and Cursor key included.
    RunnerConfig config;
    QString cursorNote;
    if (!effectiveConfig(input, *store, &config, &cursorNote))
        return configurationFailed();
    SystemClock clock;
    Doctor doctor(config, settings, *store, clock);
    doctor.setCursorNote(cursorNote);
    connect(&doctor, &Doctor::finished, &m_app, &QCoreApplication::quit);
    QTimer::singleShot(0, &doctor, &Doctor::run);
    m_app.exec();
    if (parser.isSet(JsonOption))
        out() << QJsonDocument(doctor.toJson()).toJson(QJsonDocument::Indented);
    else
        out() << doctor.toText();
    out().flush();
    return doctor.hasFailures() ? 1 : 0;
}

int RunnerCli::unpair()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Forget this machine's pairing and stored credential."));
    addCommonOptions(parser, false);
    parser.process(subcommandArgs(m_args));
    RunnerConfig config;
    if (!buildConfig(commandLineInput(parser), &config))
        return int(RunnerExit::Usage);
    initLogging(parser, false);
    RunnerSettings settings(AppPaths::settingsFile());
    settings.load();
    if (!settings.isPaired()) {
        out() << tr("This machine is not paired; nothing to forget.") << Qt::endl;
        return 0;
    }
    auto store = makeStore(config, settings);
    Unpairing unpairing(settings, *store);
    connect(&unpairing, &Unpairing::finished, &m_app, &QCoreApplication::quit);
    unpairing.run();
    m_app.exec();
    switch (unpairing.outcome()) {
    case Unpairing::Outcome::Forgotten:
    case Unpairing::Outcome::NotPaired:
        out() << unpairing.message() << Qt::endl;
        return 0;
    case Unpairing::Outcome::InUse:
        err() << unpairing.message() << Qt::endl;
        return int(RunnerExit::AlreadyRunning);
    case Unpairing::Outcome::StoreFailed:
        err() << tr("checkfu-runner: %1").arg(unpairing.message()) << Qt::endl;
        return int(RunnerExit::CredentialStoreUnavailable);
    }
    return 1;
}
