#pragma once

#include "RunActivity.h"
#include <runnercore/model/ApprovalRequest.h>
#include <runnercore/power/PowerMonitor.h>
#include <runnercore/runner/RunnerState.h>

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QUrl>

// One snapshot of the Runner for the GUI. The core thread builds it and sends copies through
// queued signals, so the widgets never touch a core object.
struct RunnerStatus
{
    runnercore::RunnerState state = runnercore::RunnerState::Idle;
    QString message; // the Runner's sentence for the state; may be empty
    QUrl endpoint;
    QString machineLabel;
    QString runnerId;
    QString workspaceId; // the pairing's (§2.1); empty while not paired
    int busySlots = 0;
    int totalSlots = 1;
    bool draining = false;
    runnercore::DrainReasons drainReasons; // why it drains (a person, the battery, a metered network)
    runnercore::PowerState power; // the battery's percentage for "Paused: on battery (18 %)"
    bool paired = false; // the shared settings hold a pairing
    QList<runnercore::ApprovalRequest> approvals; // waiting for their owner's decision, oldest first
    RunActivity activity; // the runs going now and the last ones that ended
    QString sandboxPosture; // Runner::sandboxPosture(); empty until the tiers are known
    QString dashboardLink;
    QString lastWarning;
    // The last moment the Runner was known to be in contact with the control plane; while it is
    // connected (Ready, Draining) contact is ongoing and this is when the connection was seen.
    QDateTime lastContact;
    QDateTime nextRetry; // when the next reconnection attempt is due, if known
    // The machine woke up moments ago: being offline now is the network coming back, not news.
    bool resuming = false;
    // The last wake the core saw: when, after how long asleep, and how many runs the sleep cost.
    QDateTime wokeAt;
    qint64 sleptMs = 0;
    int runsLostToSleep = 0;

    // A Runner exists and has not finished: it can be stopped or drained, not started.
    bool isActive() const;
    // Present at the control plane now.
    bool isConnected() const
    {
        return state == runnercore::RunnerState::Ready || state == runnercore::RunnerState::Draining;
    }
};

Q_DECLARE_METATYPE(RunnerStatus)
Q_DECLARE_METATYPE(runnercore::RunnerState)
Q_DECLARE_METATYPE(runnercore::RunnerExit)
