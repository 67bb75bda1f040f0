#include "IntegrationSupport.h"

#include <QRandomGenerator>

namespace IntegrationSupport {

QStringList fileStoreStart(const DevPlaneProcess &devplane, const QString &code, const QStringList &extra)
{
    QStringList args { QStringLiteral("start"), QStringLiteral("--endpoint"), devplane.url(),
        QStringLiteral("--credential-store"), QStringLiteral("file") };
    if (!code.isEmpty())
        args << QStringLiteral("--code") << code;
    return args + extra;
}

QList<QJsonObject> runnerRequests(const DevPlaneProcess &devplane)
{
    QList<QJsonObject> result;
    for (const QJsonObject &r : devplane.requestLog()) {
        if (r.value(QStringLiteral("auth")).toString() == QLatin1String("admin")
            || r.value(QStringLiteral("path")).toString().startsWith(QLatin1String("/v1/_dev")))
            continue;
        result.append(r);
    }
    return result;
}

int countRequests(const DevPlaneProcess &devplane, const QString &path)
{
    int n = 0;
    for (const QJsonObject &r : runnerRequests(devplane)) {
        if (r.value(QStringLiteral("path")).toString() == path)
            ++n;
    }
    return n;
}

QString pairAndWaitReady(const DevPlaneProcess &devplane, RunnerProcess &runner, QString *error,
    const QStringList &extraStartArgs, const QStringList &pairArgs, int timeoutMs)
{
    const QString code = devplane.pair(pairArgs);
    if (code.isEmpty()) {
        *error = QStringLiteral("checkfu-devplane pair printed no code");
        return {};
    }
    if (!runner.start(fileStoreStart(devplane, code, extraStartArgs), error))
        return {};
    if (!runner.waitForState(QStringLiteral("ready"), timeoutMs)) {
        *error = QStringLiteral("runner did not become ready:\n") + runner.describe();
        return {};
    }
    const QString id = runner.home()->storedRunnerId();
    if (id.isEmpty())
        *error = QStringLiteral("runner.ini has no pairing/runner_id after ready:\n") + runner.describe();
    return id;
}

QString randomId(const QString &prefix)
{
    QString hex;
    for (int i = 0; i < 32; ++i)
        hex += QLatin1Char("0123456789abcdef"[QRandomGenerator::global()->bounded(16)]);
    return prefix + QLatin1Char('_') + hex;
}

} // namespace IntegrationSupport
