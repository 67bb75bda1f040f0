#pragma once

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QObject>

// checkfu-runner: start / doctor / unpair on the shared core, with exit codes documented in --help.
class RunnerCli : public QObject
{
    Q_OBJECT
public:
    explicit RunnerCli(QCoreApplication &app);
    // Returns the process exit code (runs the event loop while needed).
    int run();

private:
    int start();
    int doctor();
    int unpair();
    void addCommonOptions(QCommandLineParser &parser, bool withStartOptions);
    bool buildConfig(QCommandLineParser &parser, struct RunnerConfig *config);
    void initLogging(QCommandLineParser &parser, bool console);
    static QString helpEpilogue();

    QCoreApplication &m_app;
    QStringList m_args;
};
