#pragma once

#include "AppLanguage.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QObject>
#include <QProcessEnvironment>

namespace runnercore {
class CredentialStore;
struct ConfigError;
struct RunnerConfig;
struct RunnerConfigInput;
} // namespace runnercore

// checkfu-runner: start / doctor / unpair on the shared core, with exit codes documented in --help.
class RunnerCli : public QObject
{
    Q_OBJECT
public:
    // environment: the process's environment as main() found it, secrets included (main() has
    // scrubbed them from the process itself).
    RunnerCli(QCoreApplication &app, const QProcessEnvironment &environment);
    // Returns the process exit code (runs the event loop while needed).
    int run();

private:
    int start();
    int doctor();
    int unpair();
    int cache(); // the git mirrors of durable runs: list, clear
    int snapshots(); // the workspaces kept on this machine (§6.9)
    void addCommonOptions(QCommandLineParser &parser, bool withStartOptions);
    // The flags given and the environment, as the parser takes them.
    runnercore::RunnerConfigInput commandLineInput(QCommandLineParser &parser) const;
    // Validates the command line and the environment alone (errors printed, and kept in *errors).
    bool buildConfig(const runnercore::RunnerConfigInput &input, runnercore::RunnerConfig *config,
        QList<runnercore::ConfigError> *errors = nullptr);
    // The configuration `start` runs with (ConfigResolver: flags, environment, stored preferences, the
    // Cursor API key from `store`), waited for. *cursorNote says why a stored tuple gave no lane (for
    // doctor); errors are printed, naming the settings file, and kept in *errors as printed.
    bool effectiveConfig(const runnercore::RunnerConfigInput &input, runnercore::CredentialStore &store,
        runnercore::RunnerConfig *config, QString *cursorNote = nullptr,
        QList<runnercore::ConfigError> *errors = nullptr);
    void initLogging(QCommandLineParser &parser, bool console);
    static QString helpEpilogue();
    // Why --code - and the environment are safer than --code CODE (for --help).
    static QString pairingCodeHelp();

    QCoreApplication &m_app;
    AppLanguage m_language;
    QStringList m_args;
    QProcessEnvironment m_environment;
};
