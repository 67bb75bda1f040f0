#include "HttpSession.h"

#include <QEventLoop>
#include <QJsonDocument>
#include <QNetworkReply>
#include <QUuid>

HttpSession::HttpSession(const QString &baseUrl) : m_base(baseUrl) { }

HttpSession::Reply HttpSession::call(
    const QByteArray &method, const QString &path, const QString &bearer, const QJsonObject &body)
{
    return call(method, path, bearer, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

HttpSession::Reply HttpSession::call(
    const QByteArray &method, const QString &path, const QString &bearer, const QByteArray &body)
{
    QNetworkRequest req(QUrl(m_base + path));
    req.setRawHeader("Checkfu-Version", "2026-08-27");
    if (!bearer.isEmpty())
        req.setRawHeader("Authorization", "Bearer " + bearer.toUtf8());
    if (method != "GET") {
        req.setRawHeader("Idempotency-Key", QUuid::createUuid().toString(QUuid::WithoutBraces).toLatin1());
        req.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    }
    req.setTransferTimeout(120000);
    QNetworkReply *reply = method == "GET" ? m_nam.get(req) : m_nam.sendCustomRequest(req, method, body);
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    loop.exec();
    Reply r;
    r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.body = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return r;
}
