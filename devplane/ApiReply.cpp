#include "ApiReply.h"

#include <QJsonDocument>

namespace devplane {

ApiReply ApiReply::ok(const QJsonObject &body, int status)
{
    ApiReply reply;
    reply.m_status = status;
    reply.m_body = body;
    return reply;
}

ApiReply ApiReply::error(int status, const QString &code, const QString &message, const QJsonObject &extra)
{
    ApiReply reply;
    reply.m_status = status;
    reply.m_errorCode = code;
    reply.m_errorMessage = message;
    reply.m_errorExtra = extra;
    return reply;
}

ApiReply ApiReply::invalidField(const QString &field, const QString &why)
{
    return error(400, QStringLiteral("invalid_field"), QStringLiteral("%1: %2").arg(field, why),
        QJsonObject { { QStringLiteral("field"), field } });
}

ApiReply ApiReply::notFound(const QString &what)
{
    return error(404, QStringLiteral("not_found"), what);
}

ApiReply ApiReply::noContent()
{
    ApiReply reply;
    reply.m_status = 204;
    return reply;
}

ApiReply ApiReply::parked(int waitSeconds)
{
    return parkedMs(waitSeconds * 1000);
}

ApiReply ApiReply::parkedMs(int waitMs)
{
    ApiReply reply;
    reply.m_status = 0;
    reply.m_waitMs = waitMs;
    return reply;
}

QString ApiReply::typeForStatus(int status)
{
    switch (status) {
    case 400:
        return QStringLiteral("invalid_request");
    case 401:
        return QStringLiteral("unauthenticated");
    case 403:
        return QStringLiteral("forbidden");
    case 404:
        return QStringLiteral("not_found");
    case 409:
        return QStringLiteral("conflict");
    case 410:
        return QStringLiteral("gone");
    case 413:
        return QStringLiteral("too_large");
    case 429:
        return QStringLiteral("rate_limited");
    default:
        return status >= 500 ? QStringLiteral("server_error") : QStringLiteral("invalid_request");
    }
}

QByteArray ApiReply::serialize(const QString &requestId) const
{
    if (m_status == 204) {
        return {};
    }
    if (!isError()) {
        return QJsonDocument(m_body).toJson(QJsonDocument::Compact);
    }
    QJsonObject error = m_errorExtra;
    error.insert(QStringLiteral("type"), typeForStatus(m_status));
    error.insert(QStringLiteral("code"), m_errorCode);
    error.insert(QStringLiteral("message"), m_errorMessage);
    error.insert(QStringLiteral("request_id"), requestId);
    return QJsonDocument(QJsonObject { { QStringLiteral("error"), error } }).toJson(QJsonDocument::Compact);
}

} // namespace devplane
