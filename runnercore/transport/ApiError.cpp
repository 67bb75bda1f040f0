#include <runnercore/transport/ApiError.h>

#include <QCoreApplication>

namespace runnercore {

bool ApiError::retryable() const
{
    // §1: connection failures, timeouts, 5xx and 429 are retried; a protocol error from a
    // misbehaving server is retried too, since the next answer may be sound.
    switch (kind) {
    case Kind::Network:
    case Kind::Protocol:
        return true;
    case Kind::Http:
        return httpStatus >= 500 || httpStatus == 429;
    default:
        return false;
    }
}

QString ApiError::describe() const
{
    switch (kind) {
    case Kind::None:
        return {};
    case Kind::Http: {
        QString text = QStringLiteral("HTTP %1 %2").arg(httpStatus).arg(code.isEmpty() ? type : code);
        if (!message.isEmpty())
            text += QStringLiteral(": ") + message;
        if (!requestId.isEmpty())
            text += QStringLiteral(" (request %1)").arg(requestId);
        return text;
    }
    case Kind::Network:
        return QCoreApplication::translate("ApiError", "network error: %1").arg(message);
    case Kind::Protocol:
        return QCoreApplication::translate("ApiError", "protocol error: %1").arg(message);
    case Kind::Policy:
        return message;
    case Kind::Aborted:
        return QCoreApplication::translate("ApiError", "aborted");
    }
    return message;
}

ApiError ApiError::network(const QString &message)
{
    ApiError e;
    e.kind = Kind::Network;
    e.message = message;
    return e;
}

ApiError ApiError::protocol(const QString &message)
{
    ApiError e;
    e.kind = Kind::Protocol;
    e.message = message;
    return e;
}

ApiError ApiError::policy(const QString &message)
{
    ApiError e;
    e.kind = Kind::Policy;
    e.message = message;
    return e;
}

ApiError ApiError::fromHttpAnswer(int status, const QJsonObject &body)
{
    ApiError error;
    error.kind = Kind::Http;
    error.httpStatus = status;
    if (body.value(QLatin1String("error")).isObject()) {
        const QJsonObject e = body.value(QLatin1String("error")).toObject();
        error.details = e;
        error.type = e.value(QLatin1String("type")).toString();
        error.code = e.value(QLatin1String("code")).toString();
        error.message = e.value(QLatin1String("message")).toString().left(500);
        error.requestId = e.value(QLatin1String("request_id")).toString().left(100);
    }
    if (error.code.isEmpty() && status < 500 && status != 429) {
        // A 4xx we cannot classify breaks the contract; retrying it would not help either way.
        error.message
            = QCoreApplication::translate("ApiClient", "HTTP %1 without the protocol's error body").arg(status);
    }
    return error;
}

ApiError ApiError::aborted()
{
    ApiError e;
    e.kind = Kind::Aborted;
    return e;
}

} // namespace runnercore
