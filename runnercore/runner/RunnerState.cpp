#include <runnercore/runner/RunnerState.h>

#include <QCoreApplication>

namespace runnercore {

namespace {
// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(RunnerExit)
};
} // namespace

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

QList<RunnerExit> allRunnerExits()
{
    return { RunnerExit::Clean, RunnerExit::Failed, RunnerExit::Usage, RunnerExit::PairingFailed,
        RunnerExit::CredentialStoreUnavailable, RunnerExit::AlreadyRunning, RunnerExit::NotPaired,
        RunnerExit::SandboxUnavailable, RunnerExit::Revoked, RunnerExit::Fenced, RunnerExit::Interrupted };
}

QString runnerExitDescription(RunnerExit exit)
{
    switch (exit) {
    case RunnerExit::Clean:
        return Messages::tr("stopped cleanly (signed off)");
    case RunnerExit::Failed:
        return Messages::tr("failed (see the message)");
    case RunnerExit::Usage:
        return Messages::tr("bad command line or configuration");
    case RunnerExit::PairingFailed:
        return Messages::tr("pairing failed (code not used or refused)");
    case RunnerExit::CredentialStoreUnavailable:
        return Messages::tr("no credential store answers");
    case RunnerExit::AlreadyRunning:
        return Messages::tr("another Runner holds this credential");
    case RunnerExit::NotPaired:
        return Messages::tr("not paired");
    case RunnerExit::SandboxUnavailable:
        return Messages::tr("the --sandbox tier cannot be realised here");
    case RunnerExit::Revoked:
        return Messages::tr("credential revoked by an administrator");
    case RunnerExit::Fenced:
        return Messages::tr("credential fenced: two processes used it (clone)");
    case RunnerExit::Interrupted:
        return Messages::tr("exited on a third interrupt");
    }
    return {};
}

} // namespace runnercore
