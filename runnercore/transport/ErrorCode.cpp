#include <runnercore/transport/ErrorCode.h>

namespace runnercore {

namespace {
// §1's table, in its order. A new code goes here and into the enum, nowhere else.
constexpr WireNameRow<ErrorCode> ErrorCodeRows[] = {
    { ErrorCode::MalformedBody, "malformed_body" },
    { ErrorCode::UnsupportedVersion, "unsupported_version" },
    { ErrorCode::InvalidField, "invalid_field" },
    { ErrorCode::MissingCredential, "missing_credential" },
    { ErrorCode::InvalidCredential, "invalid_credential" },
    { ErrorCode::InvalidCredentialUse, "invalid_credential_use" },
    { ErrorCode::TokenExpired, "token_expired" },
    { ErrorCode::TokenSuperseded, "token_superseded" },
    { ErrorCode::CredentialRevoked, "credential_revoked" },
    { ErrorCode::GenerationRevoked, "generation_revoked" },
    { ErrorCode::OutsideCeiling, "outside_ceiling" },
    { ErrorCode::OwnerMismatch, "owner_mismatch" },
    { ErrorCode::WrongWorkspace, "wrong_workspace" },
    { ErrorCode::PairingNotFound, "pairing_not_found" },
    { ErrorCode::RunNotFound, "run_not_found" },
    { ErrorCode::PairingAlreadyRedeemed, "pairing_already_redeemed" },
    { ErrorCode::LeaseLost, "lease_lost" },
    { ErrorCode::SeqGap, "seq_gap" },
    { ErrorCode::AlreadySettled, "already_settled" },
    { ErrorCode::UnackedEvents, "unacked_events" },
    { ErrorCode::NotReady, "not_ready" },
    { ErrorCode::ClaimOutstanding, "claim_outstanding" },
    { ErrorCode::NoFreeSlot, "no_free_slot" },
    { ErrorCode::PollOutstanding, "poll_outstanding" },
    { ErrorCode::IdempotencyKeyReused, "idempotency_key_reused" },
    { ErrorCode::PairingExpired, "pairing_expired" },
    { ErrorCode::BatchTooLarge, "batch_too_large" },
    { ErrorCode::BodyTooLarge, "body_too_large" },
    { ErrorCode::RateLimited, "rate_limited" },
};
} // namespace

std::span<const WireNameRow<ErrorCode>> WireNames<ErrorCode>::rows()
{
    return ErrorCodeRows;
}

} // namespace runnercore
