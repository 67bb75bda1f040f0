#pragma once

#include <runnercore/base/WireName.h>

namespace runnercore {

// The reason codes a Runner settles with (§6.6), §6.2's refusal codes among them. On the wire as
// settle's "reason" and run.refused's data.reason; wireName() spells them.
enum class SettleReason {
    // §6.2: a refused run's reason
    TierUnavailable,
    NetworkBoundaryUnavailable,
    RetentionUnavailable,
    DriverUnsupported,
    LaunchKindUnsupported,
    ResourcesOutsideCeiling,
    HarnessModelMismatch,
    MountUnsupported,
    SnapshotUnavailable, // §6.9: a snapshot this machine does not hold, or whose copy does not match
    PlaneProtocolUnsupported, // §6.10: a plane_mcp protocol outside the ceiling, or not relayed here
    InvalidRunSpec,
    // §6.6: how a run that started ended
    ExitNonzero,
    ExitSignal,
    LaunchFailed,
    IdleTimeout,
    DeadlineExceeded,
    CancelRequested,
    RunnerStopped,
    HarnessExited,
    HarnessProtocolError,
    ZdrBufferExhausted,
    RunnerRestarted,
    MaterializationFailed, // §6.8: a mount could not be materialised
};

template <> struct WireNames<SettleReason>
{
    static std::span<const WireNameRow<SettleReason>> rows();
};

} // namespace runnercore
