#include "WireRunner.h"

#include "DevPlaneProcess.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QTimer>
#include <QUuid>

QString WireRunner::Reply::errorCode() const
{
    return body.value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString();
}

QString WireRunner::Reply::errorField() const
{
    return body.value(QStringLiteral("error")).toObject().value(QStringLiteral("field")).toString();
}

QByteArray WireRunner::Reply::describe() const
{
    return QByteArray::number(status) + ' ' + raw.left(2000);
}

QNetworkReply *WireRunner::start(const QByteArray &method, const QString &path, const QByteArray *body,
    const QString &credential, const QString &idempotencyKey)
{
    QNetworkRequest request(QUrl(m_devplane.url() + path));
    request.setRawHeader("Checkfu-Version", "2026-08-27");
    request.setRawHeader("User-Agent", "checkfu-runner/0.1.0 (linux; amd64)");
    if (!credential.isEmpty()) {
        request.setRawHeader("Authorization", "Bearer " + credential.toUtf8());
    }
    if (method != "GET") {
        request.setRawHeader("Idempotency-Key",
            (idempotencyKey.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : idempotencyKey)
                .toLatin1());
    }
    if (body) {
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    }
    return m_network.sendCustomRequest(request, method, body ? *body : QByteArray());
}

WireRunner::Reply WireRunner::finish(QNetworkReply *reply, int timeoutMs)
{
    if (!reply->isFinished()) {
        QEventLoop loop;
        QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
        QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    Reply result;
    result.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    result.raw = reply->readAll();
    result.body = QJsonDocument::fromJson(result.raw).object();
    reply->deleteLater();
    return result;
}

WireRunner::Reply WireRunner::call(const QByteArray &method, const QString &path, const QByteArray *body,
    const QString &credential, const QString &idempotencyKey)
{
    return finish(start(method, path, body, credential, idempotencyKey));
}

WireRunner::Reply WireRunner::runnerCall(
    const QByteArray &method, const QString &path, const QJsonObject &body, const QString &idempotencyKey)
{
    const QByteArray payload = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return call(method, path, method == "GET" ? nullptr : &payload, m_token, idempotencyKey);
}

QJsonObject WireRunner::claim()
{
    const Reply claimed = runnerCall("POST", QStringLiteral("/v1/runner/claims"),
        { { QStringLiteral("wait_seconds"), 0 }, { QStringLiteral("free_slots"), 1 } });
    return claimed.body.value(QStringLiteral("claim")).toObject();
}

bool WireRunner::enroll(QString *error, const QJsonArray &planeProtocols)
{
    const QString code = m_devplane.pair();
    if (code.isEmpty()) {
        *error = QStringLiteral("pair gave no code");
        return false;
    }
    const QByteArray redeem = QJsonDocument(QJsonObject { { QStringLiteral("code"), code },
                                                { QStringLiteral("machine_label"), QStringLiteral("wire-runner") },
                                                { QStringLiteral("platform"),
                                                    QJsonObject { { QStringLiteral("os"), QStringLiteral("linux") },
                                                        { QStringLiteral("architecture"), QStringLiteral("amd64") } } },
                                                { QStringLiteral("runner_version"), QStringLiteral("0.1.0") } })
                                  .toJson(QJsonDocument::Compact);
    const Reply redeemed = call("POST", QStringLiteral("/v1/runner-pairings/redeem"), &redeem, QString());
    if (redeemed.status != 201) {
        *error = QStringLiteral("redeem: ") + QString::fromUtf8(redeemed.describe());
        return false;
    }
    m_redemption = redeemed.body;
    m_bootstrap = redeemed.body.value(QStringLiteral("bootstrap_credential")).toString();
    m_nonce = QUuid::createUuid().toString(QUuid::Id128) + QUuid::createUuid().toString(QUuid::Id128);
    m_advertisement = { { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("runner_pool"), QJsonValue() }, { QStringLiteral("providers"), QJsonArray() } };
    if (!planeProtocols.isEmpty()) {
        m_advertisement.insert(QStringLiteral("plane_protocols"), planeProtocols);
    }
    if (!exchange(error)) {
        return false;
    }
    const Reply presence = runnerCall("PUT", QStringLiteral("/v1/runner/presence"),
        { { QStringLiteral("status"), QStringLiteral("ready") },
            { QStringLiteral("slots"), QJsonObject { { QStringLiteral("total"), 4 }, { QStringLiteral("busy"), 0 } } },
            { QStringLiteral("active_runs"), QJsonArray() }, { QStringLiteral("advertisement"), m_advertisement } });
    if (presence.status != 200) {
        *error = QStringLiteral("presence: ") + QString::fromUtf8(presence.describe());
        return false;
    }
    return true;
}

bool WireRunner::exchange(QString *error)
{
    const QByteArray body = QJsonDocument(QJsonObject { { QStringLiteral("process_nonce"), m_nonce },
                                              { QStringLiteral("advertisement"), m_advertisement },
                                              { QStringLiteral("runner_version"), QStringLiteral("0.1.0") } })
                                .toJson(QJsonDocument::Compact);
    const Reply identity = call("POST", QStringLiteral("/v1/runner/identity"), &body, m_bootstrap);
    if (identity.status != 200) {
        *error = QStringLiteral("identity: ") + QString::fromUtf8(identity.describe());
        return false;
    }
    m_identity = identity.body;
    m_token = identity.body.value(QStringLiteral("workload_token")).toString();
    return true;
}
