#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QProcessEnvironment>
#include <QStringList>

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
    QStringList errors; // each names the flag or variable to fix
    bool exitNow = false; // --help or --version was answered
    QString output; // what --help / --version print

    static TrayCommandLine parse(const QStringList &arguments, const QProcessEnvironment &env);
    // --help or --version is asked for: answered with a QCoreApplication, so without a display
    // (help2man, a terminal over ssh).
    static bool asksForHelpOrVersion(const QStringList &arguments);
};
