#include "RunnerStatus.h"

using namespace runnercore;

bool RunnerStatus::isActive() const
{
    switch (state) {
    case RunnerState::Starting:
    case RunnerState::Pairing:
    case RunnerState::Connecting:
    case RunnerState::Ready:
    case RunnerState::Draining:
    case RunnerState::Offline:
    case RunnerState::Stopping:
        return true;
    case RunnerState::Idle:
    case RunnerState::Stopped:
    case RunnerState::NotPaired:
    case RunnerState::Revoked:
    case RunnerState::Fenced:
    case RunnerState::Failed:
        return false;
    }
    return false;
}
