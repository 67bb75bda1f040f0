#include <runnercore/model/SettleReason.h>

namespace runnercore {

namespace {
// §6.2's reason codes, then §6.6's, in the protocol's order.
constexpr WireNameRow<SettleReason> SettleReasonRows[] = {
    { SettleReason::TierUnavailable, "tier_unavailable" },
    { SettleReason::NetworkBoundaryUnavailable, "network_boundary_unavailable" },
    { SettleReason::RetentionUnavailable, "retention_unavailable" },
    { SettleReason::DriverUnsupported, "driver_unsupported" },
    { SettleReason::LaunchKindUnsupported, "launch_kind_unsupported" },
    { SettleReason::ResourcesOutsideCeiling, "resources_outside_ceiling" },
    { SettleReason::HarnessModelMismatch, "harness_model_mismatch" },
    { SettleReason::MountUnsupported, "mount_unsupported" },
    { SettleReason::SnapshotUnavailable, "snapshot_unavailable" },
    { SettleReason::PlaneProtocolUnsupported, "plane_protocol_unsupported" },
    { SettleReason::InvalidRunSpec, "invalid_run_spec" },
    { SettleReason::ExitNonzero, "exit_nonzero" },
    { SettleReason::ExitSignal, "exit_signal" },
    { SettleReason::LaunchFailed, "launch_failed" },
    { SettleReason::IdleTimeout, "idle_timeout" },
    { SettleReason::DeadlineExceeded, "deadline_exceeded" },
    { SettleReason::CancelRequested, "cancel_requested" },
    { SettleReason::RunnerStopped, "runner_stopped" },
    { SettleReason::HarnessExited, "harness_exited" },
    { SettleReason::HarnessProtocolError, "harness_protocol_error" },
    { SettleReason::ZdrBufferExhausted, "zdr_buffer_exhausted" },
    { SettleReason::RunnerRestarted, "runner_restarted" },
    { SettleReason::MaterializationFailed, "materialization_failed" },
};
} // namespace

std::span<const WireNameRow<SettleReason>> WireNames<SettleReason>::rows()
{
    return SettleReasonRows;
}

} // namespace runnercore
