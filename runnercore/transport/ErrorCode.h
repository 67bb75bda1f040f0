#pragma once

#include <runnercore/base/WireName.h>

namespace runnercore {

// The error codes of §1's table (error.code of a non-2xx answer). A code not listed here is kept
// verbatim in ApiError::code; only a listed one has a value, so the core compares values, not text.
enum class ErrorCode {
    // 400 invalid_request
    MalformedBody,
    UnsupportedVersion,
    InvalidField,
    // 401 unauthenticated
    MissingCredential,
    InvalidCredential,
    InvalidCredentialUse,
    TokenExpired,
    TokenSuperseded,
    CredentialRevoked,
    GenerationRevoked,
    // 403 forbidden
    OutsideCeiling,
    OwnerMismatch,
    WrongWorkspace,
    // 404 not_found
    PairingNotFound,
    RunNotFound,
    // 409 conflict
    PairingAlreadyRedeemed,
    LeaseLost,
    SeqGap,
    AlreadySettled,
    UnackedEvents,
    NotReady,
    ClaimOutstanding,
    NoFreeSlot,
    PollOutstanding,
    IdempotencyKeyReused,
    // 410 gone
    PairingExpired,
    // 413 too_large
    BatchTooLarge,
    BodyTooLarge,
    // 429 rate_limited
    RateLimited,
};

template <> struct WireNames<ErrorCode>
{
    static std::span<const WireNameRow<ErrorCode>> rows();
};

} // namespace runnercore
