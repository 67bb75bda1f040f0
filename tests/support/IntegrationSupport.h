#pragma once

#include "DevPlaneProcess.h"
#include "RunnerProcess.h"

#include <QCoreApplication>
#include <QDateTime>
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

// --- Running work (issue 3) ------------------------------------------------------------------

// A valid §6.1 run spec for a host_process / unrestricted / durable oneshot run of `argv`
// (resources well inside the host-process ceiling, no model, no mounts, idle_timeout_ms null);
// `prompt` becomes one text block when not empty. Tests change fields with withPath().
QJsonObject oneshotRunSpec(
    const QString &principalId, const QStringList &argv, const QJsonObject &env = {}, const QString &prompt = {});
// One file of an uploaded_project mount (§6.8): {path, content_base64}.
QJsonObject uploadedFile(const QString &path, const QByteArray &content);
// `object` with the value at `path` (e.g. {"environment","requirements","tier"}) replaced or added;
// an undefined QJsonValue removes the key.
QJsonObject withPath(QJsonObject object, const QStringList &path, const QJsonValue &value);

// The events of a `session events` answer, sorted by seq.
QList<QJsonObject> eventList(const QJsonObject &sessionEvents);
QList<QJsonObject> eventsOfKind(const QList<QJsonObject> &events, const QString &kind);
// Empty when the events' seqs are exactly 1..n (sorted input), else what is wrong.
QString seqProblem(const QList<QJsonObject> &events);
// The UTF-8 bytes of data.text of every event of `kind` (e.g. output.stdout), in seq order.
QByteArray outputBytes(const QList<QJsonObject> &events, const QString &kind);
// A compact JSON dump, for failure messages (cut to `max` characters).
QByteArray dumpJson(const QJsonValue &value, int max = 6000);
QByteArray dumpEvents(const QList<QJsonObject> &events, int max = 6000);
// Wire timestamps ("2026-…T…Z") as UTC QDateTime.
QDateTime wireTime(const QString &text);

// A process as /proc shows it.
struct ProcessInfo
{
    qint64 pid = 0;
    qint64 pgid = 0;
    char state = '?';
    QString cwd;
    QByteArray cmdline; // NULs replaced by spaces
};
// Every live (non-zombie) process we can see, except this test process.
QList<ProcessInfo> processes();
// Whether `pid` exists and is not a zombie.
bool processAlive(qint64 pid);
// Live processes whose cwd or cmdline points into `dir`, or (harnessPid > 0) whose process group is harnessPid.
QList<ProcessInfo> processesOfRun(const QString &dir, qint64 harnessPid);
QString describeProcesses(const QList<ProcessInfo> &list);
// Regular files under `roots` (recursively) whose content contains `needle`.
QStringList filesContaining(const QStringList &roots, const QByteArray &needle);

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
