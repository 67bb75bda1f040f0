#pragma once

#include <QFlags>
#include <QList>
#include <QString>

namespace runnercore {

// The one status the tray and the CLI show; every state maps to an icon and a sentence.
enum class RunnerState {
    Idle, // constructed, not started
    Starting, // reading settings and the credential
    Pairing, // redeeming a pairing code
    Connecting, // exchanging for a workload identity
    Ready, // present and claiming
    Draining, // present, no new claims
    Offline, // cannot reach the control plane; retrying with backoff
    Stopping, // draining on the way to sign-off
    Stopped, // signed off
    NotPaired, // no credential: needs a pairing code
    Revoked, // the credential was revoked (kill switch); forgotten
    Fenced, // two processes used one credential; the generation was revoked; forgotten
    Failed, // cannot run; the message says why
};

// Exit codes of `checkfu-runner start`, documented in --help by runnerExitDescription().
enum class RunnerExit {
    Clean = 0,
    Failed = 1,
    Usage = 2,
    PairingFailed = 3,
    CredentialStoreUnavailable = 4,
    AlreadyRunning = 5,
    NotPaired = 6,
    SandboxUnavailable = 7, // --sandbox bubblewrap/docker cannot be realised here
    Revoked = 10,
    Fenced = 11,
    Interrupted = 130,
};

QString runnerStateName(RunnerState state);

// Why a connected Runner takes no new work; several may hold at once, and the Runner claims again
// by itself when the last one ends. Requested: a person's drain or the control plane's directive,
// lifted only by a resume; Battery and Metered follow the machine (settings, off by default).
enum class DrainReason {
    Requested = 0x1,
    Battery = 0x2,
    Metered = 0x4,
};
Q_DECLARE_FLAGS(DrainReasons, DrainReason)
Q_DECLARE_OPERATORS_FOR_FLAGS(DrainReasons)

// Every exit code, in order, and what it means in one line (--help lists them from here).
QList<RunnerExit> allRunnerExits();
QString runnerExitDescription(RunnerExit exit);

} // namespace runnercore
