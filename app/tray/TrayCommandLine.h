#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QProcessEnvironment>
#include <QStringList>

#include <functional>
#include <optional>

#include <spdlog/common.h>

// checkfu-tray's command line: the flags of `checkfu-runner start` (same meaning, same
// environment variables), validated by the same RunnerConfigParser.
struct TrayCommandLine
{
    runnercore::RunnerConfig config; // as validated now
    runnercore::RunnerConfigInput input; // what RunnerController re-reads at each start
    spdlog::level::level_enum logLevel = spdlog::level::info;
    bool logLevelGiven = false; // else the settings' level applies
    QString pairingLink; // a checkfu://pair?… argument (a browser hands it over), else empty
    // --changes ID|latest: the workspace whose changes to show (empty for latest); nullopt: not asked.
    std::optional<QString> changesOf;
    QStringList errors; // each names the flag or variable to fix
    bool exitNow = false; // --help or --version was answered
    QString output; // what --help / --version print
    // Started by the session bus (the D-Bus service file's --dbus-activated): the link, if any, comes through
    // org.freedesktop.Application.Open (ApplicationService), never argv.
    bool dbusActivated = false;

    // readStandardInput: how `--code -` gets its line (main() reads the real standard input); without it, `--code -`
    // is refused as standard input that gave nothing (a running tray handed arguments has no such input).
    static TrayCommandLine parse(const QStringList &arguments, const QProcessEnvironment &env,
        const std::function<std::optional<QString>()> &readStandardInput = {});
    // The arguments (without the program) a later launch hands to the running tray: `arguments`, with the code
    // that `--code -` or CHECKFU_PAIRING_CODE gave put in as --code (the running tray has neither this standard
    // input nor this environment; the socket is owner-only), and `link` appended when not empty.
    QStringList handOverArguments(const QStringList &arguments, const QString &link = {}) const;
    // --help or --version is asked for: answered with a QCoreApplication, so without a display
    // (help2man, a terminal over ssh).
    static bool asksForHelpOrVersion(const QStringList &arguments);
};
