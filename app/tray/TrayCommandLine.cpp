#include "TrayCommandLine.h"

#include "AppLanguage.h"
#include "PairingLink.h"

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/ConfigResolver.h>

#include <QCommandLineParser>
#include <QCoreApplication>

using namespace runnercore;

namespace {
// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(TrayCommandLine)
};
} // namespace

bool TrayCommandLine::asksForHelpOrVersion(const QStringList &arguments)
{
    static const QStringList answered { QStringLiteral("-h"), QStringLiteral("--help"), QStringLiteral("-?"),
        QStringLiteral("--help-all"), QStringLiteral("-v"), QStringLiteral("--version") };
    for (const QString &argument : arguments.mid(1)) {
        if (argument == QLatin1String("--"))
            return false;
        if (answered.contains(argument))
            return true;
    }
    return false;
}

namespace {
const QString dbusActivatedFlag = QStringLiteral("dbus-activated");
} // namespace

TrayCommandLine TrayCommandLine::parse(const QStringList &arguments, const QProcessEnvironment &env,
    const std::function<std::optional<QString>()> &readStandardInput)
{
    TrayCommandLine result;
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Messages::tr("Checkfu Runner in the system tray: runs Checkfu agent sessions on this "
                     "machine. The flags and environment variables are those of "
                     "`checkfu-runner start`.")
        + QStringLiteral("\n\n") + ConfigKeys::environmentHelp());
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    // Keys as RunnerConfigInput::flags expects them.
    const QList<QCommandLineOption> configOptions {
        { ConfigKeys::name(ConfigFlag::Endpoint), Messages::tr("Control plane URL (https, or http to loopback)."),
            QStringLiteral("url") },
        { ConfigKeys::name(ConfigFlag::Code),
            Messages::tr("One-use pairing code (CFU-XXXX-XXXX-XXXX) to redeem; - reads it from standard input. On a "
                         "shared machine use - or %1: every local account can read a command line.")
                .arg(ConfigKeys::name(EnvVar::PairingCode)),
            QStringLiteral("code") },
        { ConfigKeys::name(ConfigFlag::Label), Messages::tr("This machine's display label. Default: the host name."),
            QStringLiteral("name") },
        { ConfigKeys::name(ConfigFlag::Sandbox),
            Messages::tr("Sandbox tier: host-process, bubblewrap, docker or none."), QStringLiteral("tier") },
        { ConfigKeys::name(ConfigFlag::CredentialStore),
            Messages::tr("Where the credential is kept: keychain (default) or file."),
            QStringLiteral("keychain|file") },
        { ConfigKeys::name(ConfigFlag::Slots), Messages::tr("Runs at once (1-64). Default: 1."), QStringLiteral("n") },
        { ConfigKeys::name(ConfigFlag::BubblewrapReadOnly),
            Messages::tr("Paths a bubblewrap sandbox shows read-only, ':'-separated. Repeatable."),
            QStringLiteral("paths") },
        { ConfigKeys::name(ConfigFlag::GitCacheMib),
            Messages::tr("Size of the git mirror cache in MiB; 0 keeps no mirrors. Default: %1.")
                .arg(RunnerConfig::DefaultGitCacheMib),
            QStringLiteral("mib") },
        { ConfigKeys::name(ConfigFlag::SnapshotStoreMib),
            Messages::tr("Bound of the workspaces kept on this machine in MiB. Default: %1.")
                .arg(RunnerConfig::DefaultSnapshotStoreMib),
            QStringLiteral("mib") },
        { ConfigKeys::name(ConfigFlag::KeepAwake),
            Messages::tr("While runs are active, keep the machine from sleeping: always, ac (only on AC power) or "
                         "never. Default: ac."),
            QStringLiteral("always|ac|never") },
        { ConfigKeys::name(ConfigFlag::DrainBelowBattery),
            Messages::tr("Take no new work while on battery below this percentage; 0 never. Default: 0."),
            QStringLiteral("percent") },
        { ConfigKeys::name(ConfigFlag::DrainOnMetered),
            Messages::tr("Take no new work while the network connection is metered: true or false. Default: false."),
            QStringLiteral("true|false") },
    };
    for (const QCommandLineOption &option : configOptions)
        parser.addOption(option);
    const QCommandLineOption logLevel(QStringLiteral("log-level"),
        Messages::tr("trace, debug, info (default), warn or error."), QStringLiteral("level"));
    parser.addOption(logLevel);
    const QCommandLineOption changes(QStringLiteral("changes"),
        Messages::tr("Shows what a run changed in a workspace kept on this machine: a snapshot id (see "
                     "`checkfu-runner snapshots list`), or latest."),
        QStringLiteral("snapshot|latest"));
    parser.addOption(changes);
    // main() installs the language; a running tray handed these arguments keeps its own.
    parser.addOption(AppLanguage::option());
    // Only the D-Bus service file passes it (installers/linux/dbus-service.in).
    QCommandLineOption dbusActivated(dbusActivatedFlag);
    dbusActivated.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(dbusActivated);
    parser.addPositionalArgument(QStringLiteral("link"),
        Messages::tr("A checkfu://pair?code=…&endpoint=… link: opens the pairing wizard with it filled in."),
        QStringLiteral("[link]"));

    if (!parser.parse(arguments)) {
        result.errors << parser.errorText();
        return result;
    }
    if (parser.isSet(help) || parser.isSet(version)) {
        result.exitNow = true;
        result.output = parser.isSet(help) ? parser.helpText()
                                           : QCoreApplication::applicationName() + QLatin1Char(' ')
                + QCoreApplication::applicationVersion() + QLatin1Char('\n');
        return result;
    }
    const QStringList positional = parser.positionalArguments();
    if (positional.size() == 1 && PairingLink::looksLikeLink(positional.first())) {
        result.pairingLink = positional.first();
    } else if (!positional.isEmpty()) {
        result.errors << Messages::tr(
            "checkfu-tray takes no arguments besides its flags and a checkfu://pair link; see --help.");
        return result;
    }
    result.dbusActivated = parser.isSet(dbusActivated);
    if (parser.isSet(changes)) {
        const QString value = parser.value(changes);
        result.changesOf = value == QLatin1String("latest") ? QString() : value;
    }
    result.logLevelGiven = parser.isSet(logLevel);
    if (parser.isSet(logLevel)) {
        const auto level = spdlog::level::from_str(parser.value(logLevel).toStdString());
        if (level == spdlog::level::off)
            result.errors << Messages::tr("--log-level: use trace, debug, info, warn or error.");
        else
            result.logLevel = level;
    }

    RunnerConfigInput input;
    input.env = env;
    for (const QCommandLineOption &option : configOptions) {
        if (parser.isSet(option))
            input.flags.insert(option.names().first(),
                option.names().first() == ConfigKeys::name(ConfigFlag::BubblewrapReadOnly)
                    ? parser.values(option).join(QLatin1Char(':')) // repeatable
                    : parser.value(option));
    }
    if (input.wantsStandardInput() && readStandardInput)
        input.standardInputLine = readStandardInput();
    auto parsed = ConfigResolver::resolveCommandLine(input);
    if (auto *errors = std::get_if<QList<ConfigError>>(&parsed)) {
        for (const ConfigError &e : *errors)
            result.errors << e.message;
        return result;
    }
    if (result.errors.isEmpty()) {
        result.config = std::get<RunnerConfig>(std::move(parsed));
        // The Runner is given the code as a flag (RunnerHost drops it once redeemed), never the line or variable
        // it came from: a restart must not redeem it again.
        input.env.remove(ConfigKeys::name(EnvVar::PairingCode));
        input.standardInputLine.reset();
        if (result.config.pairingCode)
            input.flags.insert(ConfigKeys::name(ConfigFlag::Code), *result.config.pairingCode);
        result.input = input;
    }
    return result;
}

QStringList TrayCommandLine::handOverArguments(const QStringList &arguments, const QString &link) const
{
    const QString code = ConfigKeys::option(ConfigFlag::Code);
    QStringList handed;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == QLatin1String("--") + dbusActivatedFlag)
            continue;
        if (argument == code && i + 1 < arguments.size()) {
            ++i; // the value; the resolved code goes in below
            continue;
        }
        if (argument.startsWith(code + QLatin1Char('=')))
            continue;
        handed << argument;
    }
    if (config.pairingCode)
        handed << code << *config.pairingCode;
    if (!link.isEmpty())
        handed << link;
    return handed;
}
