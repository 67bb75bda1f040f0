#include "RunnerCli.h"

#include "SnapshotsCommand.h"

#include <runnercore/base/Clock.h>
#include <runnercore/base/Platform.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/ConfigResolver.h>
#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/power/PowerMonitor.h>
#include <runnercore/runner/Doctor.h>
#include <runnercore/runner/Runner.h>
#include <runnercore/runner/UnixSignalBridge.h>
#include <runnercore/runner/Unpairing.h>
#include <runnercore/workspace/MirrorCache.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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

QString flag(ConfigFlag f)
{
    return ConfigKeys::name(f);
}
QString variable(EnvVar var)
{
    return ConfigKeys::name(var);
}

QCommandLineOption endpointOption()
{
    return QCommandLineOption(flag(ConfigFlag::Endpoint),
        QCoreApplication::translate(
            "RunnerCli", "Control plane URL (https, or http to loopback). Default: %1, then the stored pairing.")
            .arg(variable(EnvVar::ApiUrl)),
        QStringLiteral("url"));
}
QCommandLineOption codeOption()
{
    return QCommandLineOption(flag(ConfigFlag::Code),
        QCoreApplication::translate("RunnerCli",
            "One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input (one line). "
            "Default: %1.")
            .arg(variable(EnvVar::PairingCode)),
        QStringLiteral("code"));
}
QCommandLineOption labelOption()
{
    return QCommandLineOption(flag(ConfigFlag::Label),
        QCoreApplication::translate("RunnerCli", "This machine's display label. Default: the host name."),
        QStringLiteral("name"));
}
QCommandLineOption sandboxOption()
{
    return QCommandLineOption(flag(ConfigFlag::Sandbox),
        QCoreApplication::translate("RunnerCli",
            "Sandbox tier: host-process, bubblewrap, docker or none. Default: the stored setting, else automatic."),
        QStringLiteral("tier"));
}
QCommandLineOption storeOption()
{
    return QCommandLineOption(flag(ConfigFlag::CredentialStore),
        QCoreApplication::translate("RunnerCli",
            "Where the credential is kept: keychain (default) or file (explicit opt-in, owner-only file)."),
        QStringLiteral("keychain|file"));
}
QCommandLineOption slotsOption()
{
    return QCommandLineOption(flag(ConfigFlag::Slots),
        QCoreApplication::translate("RunnerCli", "Runs at once (1-64). Default: the stored setting, else 1."),
        QStringLiteral("n"));
}
QCommandLineOption gitCacheOption()
{
    return QCommandLineOption(flag(ConfigFlag::GitCacheMib),
        QCoreApplication::translate("RunnerCli",
            "Size of the git mirror cache in MiB, oldest repository out first; 0 keeps no mirrors. Default: the "
            "stored setting, else %1.")
            .arg(RunnerConfig::DefaultGitCacheMib),
        QStringLiteral("mib"));
}
QCommandLineOption snapshotStoreOption()
{
    return QCommandLineOption(flag(ConfigFlag::SnapshotStoreMib),
        QCoreApplication::translate("RunnerCli",
            "Bound of the workspaces kept on this machine in MiB, oldest out first; a workspace the store cannot hold "
            "within it is not kept. Default: the stored setting, else %1.")
            .arg(RunnerConfig::DefaultSnapshotStoreMib),
        QStringLiteral("mib"));
}
QCommandLineOption keepAwakeOption()
{
    return QCommandLineOption(flag(ConfigFlag::KeepAwake),
        QCoreApplication::translate("RunnerCli",
            "While runs are active, keep the machine from sleeping: always, ac (only on AC power) or never. "
            "Default: the stored setting, else ac."),
        QStringLiteral("always|ac|never"));
}
QCommandLineOption drainBatteryOption()
{
    return QCommandLineOption(flag(ConfigFlag::DrainBelowBattery),
        QCoreApplication::translate("RunnerCli",
            "Take no new work while on battery below this percentage; 0 never. Default: the stored setting, else 0."),
        QStringLiteral("percent"));
}
QCommandLineOption drainMeteredOption()
{
    return QCommandLineOption(flag(ConfigFlag::DrainOnMetered),
        QCoreApplication::translate("RunnerCli",
            "Take no new work while the network connection is metered: true or false. Default: the stored setting, "
            "else false."),
        QStringLiteral("true|false"));
}
QCommandLineOption readOnlyOption()
{
    return QCommandLineOption(flag(ConfigFlag::BubblewrapReadOnly),
        QCoreApplication::translate("RunnerCli",
            "Paths a bubblewrap sandbox shows read-only, ':'-separated (e.g. where a harness is installed under your "
            "home). Repeatable. Default: %1, then the stored setting, else none.")
            .arg(variable(EnvVar::BubblewrapReadOnly)),
        QStringLiteral("paths"));
}
QCommandLineOption logLevelOption()
{
    return QCommandLineOption(QStringLiteral("log-level"),
        QCoreApplication::translate("RunnerCli", "trace, debug, info (default), warn or error."),
        QStringLiteral("level"));
}
QCommandLineOption jsonOption()
{
    return QCommandLineOption(
        QStringLiteral("json"), QCoreApplication::translate("RunnerCli", "doctor: print the result as JSON."));
}
} // namespace

RunnerCli::RunnerCli(QCoreApplication &app, const QProcessEnvironment &environment)
    : m_app(app), m_args(app.arguments()), m_environment(environment)
{ }

QString RunnerCli::helpEpilogue()
{
    QString text = tr("Commands:\n"
                      "  start    pair (with --code) or use the stored pairing, then stay connected until stopped.\n"
                      "           SIGINT/SIGTERM once: finish owned work and sign off; twice: cancel owned runs;\n"
                      "           three times: exit at once.\n"
                      "  doctor   check endpoint, clock, credential, exchange, sandbox tiers, Cursor lane, presences.\n"
                      "  unpair   forget this machine's credential and pairing.\n");
    text += QLatin1Char('\n') + pairingCodeHelp() + QLatin1Char('\n');
    text += QLatin1Char('\n') + ConfigKeys::environmentHelp() + QLatin1Char('\n');
    text += QLatin1Char('\n')
        + tr("Stored settings (the tray's Settings, in the settings file that holds the pairing): the\n"
             "  sandbox tier, slots, idle timeout, bubblewrap read-only paths, git cache size and Cursor\n"
             "  tuple (its API key in the credential store)\n"
             "  apply where flags and environment are silent. A flag wins over a variable, a variable over\n"
             "  a stored value; any Cursor variable set takes the whole Cursor lane from the environment.\n");
    text += QLatin1Char('\n') + tr("Exit codes:");
    for (const RunnerExit exit : allRunnerExits())
        text += QStringLiteral("\n  %1 %2").arg(int(exit), -3).arg(runnerExitDescription(exit));
    return text;
}

QString RunnerCli::pairingCodeHelp()
{
    return tr("Pairing on a shared machine: every local account can read a running program's command line\n"
              "  (/proc/<pid>/cmdline, ps), and a code read there can be redeemed first, making another\n"
              "  machine this Runner. checkfu-runner hides --code's value from it at once, but not before\n"
              "  the program has started; --code - (the code on standard input) and %1 never show it:\n"
              "    echo \"$CODE\" | checkfu-runner start --endpoint URL --code -\n")
        .arg(variable(EnvVar::PairingCode));
}

void RunnerCli::addCommonOptions(QCommandLineParser &parser, bool withStartOptions)
{
    parser.addHelpOption();
    parser.addOption(endpointOption());
    parser.addOption(sandboxOption());
    parser.addOption(storeOption());
    parser.addOption(logLevelOption());
    if (withStartOptions) {
        parser.addOption(codeOption());
        parser.addOption(labelOption());
        parser.addOption(slotsOption());
        parser.addOption(keepAwakeOption());
        parser.addOption(drainBatteryOption());
        parser.addOption(drainMeteredOption());
    }
    parser.addOption(readOnlyOption());
    parser.addOption(gitCacheOption());
    parser.addOption(snapshotStoreOption());
    parser.addOption(AppLanguage::option());
}

RunnerConfigInput RunnerCli::commandLineInput(QCommandLineParser &parser) const
{
    RunnerConfigInput input;
    input.env = m_environment;
    for (const QCommandLineOption &option :
        { endpointOption(), codeOption(), labelOption(), sandboxOption(), storeOption(), slotsOption(),
            gitCacheOption(), snapshotStoreOption(), keepAwakeOption(), drainBatteryOption(), drainMeteredOption() }) {
        const QString name = option.names().first();
        if (parser.optionNames().contains(name) && parser.isSet(option))
            input.flags.insert(name, parser.value(option));
    }
    if (parser.isSet(readOnlyOption()))
        input.flags.insert(readOnlyOption().names().first(), parser.values(readOnlyOption()).join(QLatin1Char(':')));
    if (input.wantsStandardInput())
        input.standardInputLine = RunnerConfigInput::readStandardInputLine();
    return input;
}

bool RunnerCli::buildConfig(const RunnerConfigInput &input, RunnerConfig *config, QList<ConfigError> *errors)
{
    auto parsed = ConfigResolver::resolveCommandLine(input);
    if (auto *found = std::get_if<QList<ConfigError>>(&parsed)) {
        for (const ConfigError &e : *found)
            err() << tr("checkfu-runner: %1").arg(e.message) << Qt::endl;
        if (errors)
            *errors = *found;
        return false;
    }
    // The secrets are in the parsed configuration only: main() already scrubbed them from our
    // environment, so children never inherit them.
    *config = std::get<RunnerConfig>(std::move(parsed));
    return true;
}

bool RunnerCli::effectiveConfig(const RunnerConfigInput &input, CredentialStore &store, RunnerConfig *config,
    QString *cursorNote, QList<ConfigError> *errors)
{
    const ConfigResolver resolver(AppPaths::settingsFile());
    std::optional<ResolvedConfig> resolved;
    // The store answers queued, on this thread.
    QEventLoop loop;
    resolver.resolve(input, store, [&](const ResolvedConfig &answer) {
        resolved = answer;
        loop.quit();
    });
    if (!resolved)
        loop.exec();
    if (!resolved->ok()) {
        // The command line and the environment alone were fine: a stored value is at fault.
        QList<ConfigError> stored;
        for (const ConfigError &e : resolved->errors()) {
            const QString message = tr("in the settings file %1: %2").arg(resolver.settingsFile(), e.message);
            err() << tr("checkfu-runner: %1").arg(message) << Qt::endl;
            stored.append({ e.field, message });
        }
        if (errors)
            *errors = stored;
        return false;
    }
    *config = resolved->config();
    if (cursorNote)
        *cursorNote = resolved->cursorNote;
    return true;
}

void RunnerCli::initLogging(QCommandLineParser &parser, bool console)
{
    Logging::Options options;
    options.logDir = AppPaths::logDir();
    options.console = console;
    if (parser.isSet(logLevelOption())) {
        const auto level = spdlog::level::from_str(parser.value(logLevelOption()).toStdString());
        options.level = level == spdlog::level::off ? spdlog::level::info : level;
    }
    Logging::init(options);
}

int RunnerCli::run()
{
    // First, so that every message below, --help included, is in the language asked for.
    QString languageError;
    if (!m_language.install(AppLanguage::requested(m_args), &languageError)) {
        err() << tr("checkfu-runner: %1").arg(languageError) << Qt::endl;
        return int(RunnerExit::Usage);
    }
    // Taken: the command's own parser finds its arguments from index 1 on.
    m_args = AppLanguage::withoutLanguage(m_args);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Checkfu Runner: runs Checkfu agent sessions on this machine.") + QStringLiteral("\n\n") + helpEpilogue());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOption(AppLanguage::option());
    parser.addPositionalArgument(QStringLiteral("command"), tr("start, doctor, unpair, cache or snapshots"));
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
        err() << tr("checkfu-runner: name a command (start, doctor, unpair, cache, snapshots); see --help") << Qt::endl;
        return int(RunnerExit::Usage);
    }
    const QString command = positional.first();
    if (command == QLatin1String("start"))
        return start();
    if (command == QLatin1String("doctor"))
        return doctor();
    if (command == QLatin1String("unpair"))
        return unpair();
    if (command == QLatin1String("cache"))
        return cache();
    if (command == QLatin1String("snapshots"))
        return snapshots();
    err() << tr("checkfu-runner: unknown command '%1'; use start, doctor, unpair, cache or snapshots").arg(command)
          << Qt::endl;
    return int(RunnerExit::Usage);
}

namespace {
std::unique_ptr<CredentialStore> makeStore(const RunnerConfigInput &input, const RunnerSettings &settings)
{
    const QString name = ConfigResolver::credentialStoreName(input, settings);
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
        settings.sandbox = parser.value(sandboxOption());
    auto store = makeStore(input, settings);
    RunnerConfig config;
    if (!effectiveConfig(input, *store, &config))
        return int(RunnerExit::Usage);
    SystemClock clock;
    const std::unique_ptr<PowerMonitor> power = PowerMonitor::createForPlatform();
    Runner runner(config, settings, *store, clock, power.get());
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
    parser.addOption(jsonOption());
    parser.process(subcommandArgs(m_args));
    // The exit code of a failed doctor; with --json the report names each configuration error too.
    const auto configurationFailed = [&parser](const QList<ConfigError> &errors) {
        if (parser.isSet(jsonOption()))
            out() << QJsonDocument(Doctor::configurationReport(errors)).toJson(QJsonDocument::Indented);
        out().flush();
        return 1;
    };
    const RunnerConfigInput input = commandLineInput(parser);
    RunnerConfig commandLine;
    QList<ConfigError> errors;
    if (!buildConfig(input, &commandLine, &errors))
        return configurationFailed(errors);
    initLogging(parser, false);
    RunnerSettings settings(AppPaths::settingsFile());
    settings.load();
    auto store = makeStore(input, settings);
    // The configuration `start` would run with, stored preferences and Cursor key included.
    RunnerConfig config;
    QString cursorNote;
    if (!effectiveConfig(input, *store, &config, &cursorNote, &errors))
        return configurationFailed(errors);
    SystemClock clock;
    Doctor doctor(config, settings, *store, clock);
    doctor.setCursorNote(cursorNote);
    connect(&doctor, &Doctor::finished, &m_app, &QCoreApplication::quit);
    QTimer::singleShot(0, &doctor, &Doctor::run);
    m_app.exec();
    if (parser.isSet(jsonOption()))
        out() << QJsonDocument(doctor.toJson()).toJson(QJsonDocument::Indented);
    else
        out() << doctor.toText();
    out().flush();
    return doctor.hasFailures() ? 1 : 0;
}

int RunnerCli::cache()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("The git cache: mirrors of the repositories durable runs fetched, so that "
                                        "the next fetch is fast. ZDR runs never use it."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("action"), tr("list (the default) or clear"));
    parser.process(subcommandArgs(m_args));
    const QStringList actions = parser.positionalArguments();
    const QString action = actions.isEmpty() ? QStringLiteral("list") : actions.first();
    const MirrorCache cache(AppPaths::cacheDir() + QStringLiteral("/git"));
    RunnerPreferences preferences(AppPaths::settingsFile());
    preferences.load();
    const qint64 limitMib = preferences.gitCacheMib.value_or(RunnerConfig::DefaultGitCacheMib);
    if (action == QLatin1String("clear")) {
        const int removed = cache.clear();
        out() << tr("Removed %n mirror(s) from %1.", nullptr, removed).arg(cache.root()) << Qt::endl;
        const int left = int(cache.entries().size());
        if (left > 0)
            out() << tr("%n mirror(s) are in use by a running fetch and were kept.", nullptr, left) << Qt::endl;
        return 0;
    }
    if (action != QLatin1String("list")) {
        err() << tr("checkfu-runner cache: unknown action '%1'; use list or clear").arg(action) << Qt::endl;
        return int(RunnerExit::Usage);
    }
    const QList<MirrorCache::Entry> entries = cache.entries();
    qint64 total = 0;
    for (const MirrorCache::Entry &e : entries) {
        out() << QStringLiteral("%1  %2 MiB  %3  %4")
                     .arg(e.key.left(12))
                     .arg(double(e.bytes) / (1024 * 1024), 0, 'f', 1)
                     .arg(e.lastUsed.toUTC().toString(Qt::ISODate), e.url)
              << Qt::endl;
        total += e.bytes;
    }
    out() << tr("%n mirror(s), %1 MiB in %2 (at most %3 MiB)", nullptr, int(entries.size()))
                 .arg(double(total) / (1024 * 1024), 0, 'f', 1)
                 .arg(cache.root())
                 .arg(limitMib)
          << Qt::endl;
    return 0;
}

int RunnerCli::snapshots()
{
    const SystemClock clock;
    RunnerPreferences preferences(AppPaths::settingsFile());
    preferences.load();
    SnapshotStore::Limits limits;
    limits.maxBytes = preferences.snapshotStoreMib.value_or(RunnerConfig::DefaultSnapshotStoreMib) * 1024 * 1024;
    const SnapshotStore store(AppPaths::snapshotDir(), clock, limits);
    SnapshotsCommand command(store, out(), err());
    return command.run(subcommandArgs(m_args));
}

int RunnerCli::unpair()
{
    QCommandLineParser parser;
    parser.setApplicationDescription(tr("Forget this machine's pairing and stored credential."));
    addCommonOptions(parser, false);
    parser.process(subcommandArgs(m_args));
    const RunnerConfigInput input = commandLineInput(parser);
    RunnerConfig config;
    if (!buildConfig(input, &config))
        return int(RunnerExit::Usage);
    initLogging(parser, false);
    RunnerSettings settings(AppPaths::settingsFile());
    settings.load();
    if (!settings.isPaired()) {
        out() << tr("This machine is not paired; nothing to forget.") << Qt::endl;
        return 0;
    }
    auto store = makeStore(input, settings);
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
