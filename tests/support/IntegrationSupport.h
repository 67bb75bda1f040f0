#pragma once

#include "DevPlaneProcess.h"
#include "RunnerProcess.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <QTest>

// Small helpers shared by the process-level tests in tests/integration.
namespace IntegrationSupport {

// `start --endpoint URL --credential-store file [--code CODE]` + extra.
QStringList fileStoreStart(const DevPlaneProcess &devplane, const QString &code = {}, const QStringList &extra = {});

// Requests a Runner made (everything but the admin/_dev traffic of the tests), from the request log file.
QList<QJsonObject> runnerRequests(const DevPlaneProcess &devplane);
// How many of them went to `path` (exact match).
int countRequests(const DevPlaneProcess &devplane, const QString &path);

// Pairs `runner` with a fresh code (file store) and waits for `ready`; returns the runner id
// (from runner.ini) or an empty string with *error set.
QString pairAndWaitReady(const DevPlaneProcess &devplane, RunnerProcess &runner, QString *error,
    const QStringList &extraStartArgs = {}, const QStringList &pairArgs = {}, int timeoutMs = 20000);

// A 32-hex-digit id with the given prefix, e.g. prin_….
QString randomId(const QString &prefix);

} // namespace IntegrationSupport

// main() for a process-level test: like QTEST_GUILESS_MAIN, with Qt Test's per-function watchdog
// set to `functionTimeoutMs` (unless QTEST_FUNCTION_TIMEOUT is already set), so a hung test
// function fails within about two minutes. The child processes die with the test process
// (PR_SET_PDEATHSIG), even when the watchdog aborts it.
#define CHECKFU_INTEGRATION_MAIN(TestObject, functionTimeoutMs)                                                        \
    int main(int argc, char *argv[])                                                                                   \
    {                                                                                                                  \
        if (!qEnvironmentVariableIsSet("QTEST_FUNCTION_TIMEOUT"))                                                      \
            qputenv("QTEST_FUNCTION_TIMEOUT", QByteArray::number(functionTimeoutMs));                                  \
        QCoreApplication app(argc, argv);                                                                              \
        TestObject tc;                                                                                                 \
        QTEST_SET_MAIN_SOURCE_PATH                                                                                     \
        return QTest::qExec(&tc, argc, argv);                                                                          \
    }
