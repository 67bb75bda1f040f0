#include "ApiError.h"

#include <QCoreApplication>

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

ApiError ApiError::aborted()
{
    ApiError e;
    e.kind = Kind::Aborted;
    return e;
}
