#include <runnercore/runner/RunnerState.h>

namespace runnercore {

QString runnerStateName(RunnerState state)
{
    switch (state) {
    case RunnerState::Idle:
        return QStringLiteral("idle");
    case RunnerState::Starting:
        return QStringLiteral("starting");
    case RunnerState::Pairing:
        return QStringLiteral("pairing");
    case RunnerState::Connecting:
        return QStringLiteral("connecting");
    case RunnerState::Ready:
        return QStringLiteral("ready");
    case RunnerState::Draining:
        return QStringLiteral("draining");
    case RunnerState::Offline:
        return QStringLiteral("offline");
    case RunnerState::Stopping:
        return QStringLiteral("stopping");
    case RunnerState::Stopped:
        return QStringLiteral("stopped");
    case RunnerState::NotPaired:
        return QStringLiteral("not-paired");
    case RunnerState::Revoked:
        return QStringLiteral("revoked");
    case RunnerState::Fenced:
        return QStringLiteral("fenced");
    case RunnerState::Failed:
        return QStringLiteral("failed");
    }
    return QStringLiteral("unknown");
}

} // namespace runnercore
