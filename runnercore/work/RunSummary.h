#pragma once

#include <QDateTime>
#include <QMetaType>
#include <QString>

namespace runnercore {

// What a person may see of one run on this machine: titles and metadata, never content (no
// prompt, output, argv or environment), so a ZDR run shows as much as any other. Filled by
// RunExecution as the run goes; the Runner adds the Session's link.
struct RunSummary
{
    // A title comes from the control plane: this many characters are kept, the rest dropped.
    static constexpr int MaxTitleChars = 256;

    QString runId;
    QString sessionId;
    QString title; // as the control plane sent it (bounded); may hold anything, shown as plain text
    QString driver; // "oneshot", "acp", or the run spec's driver when it is neither
    QString tier; // the sandbox provider the run uses ("host-process", "bubblewrap", "docker"); empty when none
    QString sessionLink; // where the Session is seen in the control plane's dashboard; may be empty
    QDateTime startedAt; // when this Runner took the run
    // While its mounts are materialised: "https://host/org/repo.git · Receiving objects" and a
    // percent (-1: none); empty once the harness runs. The repository and short commit stay.
    QString phase;
    int phasePercent = -1;
    QString repository;
    int platformToolCalls = 0; // §6.10: tools/call requests relayed to the control plane
    // Once ended: the settlement's outcome and reason (§6.6). An empty outcome: the run was
    // given up (lease lost, revoked), and the control plane settles it.
    QString outcome;
    QString reason;
    QDateTime endedAt;
    // The workspace this machine kept of it (§6.9 snapshot id), else empty.
    QString snapshotId;

    bool hasEnded() const { return endedAt.isValid(); }
    qint64 durationMs() const { return hasEnded() ? startedAt.msecsTo(endedAt) : 0; }
    // "checkfu:acp-v1@1" → "acp", "checkfu:oneshot-v1@1" → "oneshot"; any other name as it is.
    static QString driverName(const QString &driverId);
};

} // namespace runnercore

Q_DECLARE_METATYPE(runnercore::RunSummary)
