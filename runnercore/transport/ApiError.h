#pragma once

#include <runnercore/transport/ErrorCode.h>

#include <QJsonObject>
#include <QString>

#include <optional>

namespace runnercore {

// A failed protocol call, typed so callers react per §1's table instead of parsing text.
struct ApiError
{
    enum class Kind {
        None,
        Network, // connection refused/reset, timeout, TLS: retryable
        Http, // the server answered with the §1 error envelope
        Protocol, // the answer broke the contract (not JSON, missing field, wrong type, too large)
        Policy, // refused locally before sending (e.g. a plain-http redirect off loopback)
        Aborted, // we cancelled it (stop, drain)
    };

    Kind kind = Kind::None;
    int httpStatus = 0;
    QString type; // error.type
    QString code; // error.code, verbatim (also a code §1 does not list)
    QString message; // error.message, or our own description
    QString requestId; // error.request_id
    QJsonObject details; // the whole error object (supported_versions, expected_seq, ...)
    int retryAfterMs = -1;

    bool isError() const { return kind != Kind::None; }
    bool retryable() const;
    // error.code as a listed value; nullopt when absent or not in §1's table.
    std::optional<ErrorCode> errorCode() const { return fromWireName<ErrorCode>(code); }
    bool is(ErrorCode expected) const { return code == wireName(expected); }
    bool is(int status, ErrorCode expected) const { return httpStatus == status && is(expected); }
    // One line for logs and the UI; never contains request bodies.
    QString describe() const;

    static ApiError network(const QString &message);
    static ApiError protocol(const QString &message);
    static ApiError policy(const QString &message);
    static ApiError aborted();
    // A non-2xx answer (§1): its status and, when the body was a JSON object, the envelope's fields.
    // A pure function of the server's bytes (fuzzed: tests/fuzz/fuzz_api_error.cpp).
    static ApiError fromHttpAnswer(int status, const QJsonObject &body);
};

} // namespace runnercore
