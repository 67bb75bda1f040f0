#include "TrayPresentation.h"

#include "ControlPlaneLink.h"

#include <runnercore/model/SettleReason.h>
#include <runnercore/runner/Runner.h>

#include <QLocale>

using namespace runnercore;

namespace {
constexpr int MaxApprovalTitleChars = 48;
constexpr int MaxTooltipApprovals = 3;
constexpr int MaxRunTitleChars = 60;

QString elided(const QString &text, int max)
{
    const QString simplified = text.simplified();
    return simplified.size() <= max ? simplified : simplified.left(max - 1) + QChar(0x2026);
}

QString approvalsText(int count)
{
    return count == 1 ? TrayPresentation::tr("1 approval waiting")
                      : TrayPresentation::tr("%1 approvals waiting").arg(count);
}
} // namespace

TrayVisual TrayPresentation::visualFor(const RunnerStatus &status)
{
    // A waiting person outranks every running state; a finished Runner has no approvals left.
    if (!status.approvals.isEmpty() && status.isActive())
        return TrayVisual::Attention;
    switch (status.state) {
    case RunnerState::Idle:
    case RunnerState::Stopped:
        return TrayVisual::Stopped;
    case RunnerState::Starting:
    case RunnerState::Pairing:
    case RunnerState::Connecting:
    case RunnerState::Offline:
        return TrayVisual::Connecting;
    case RunnerState::Ready:
        return status.busySlots > 0 ? TrayVisual::Running : TrayVisual::Ready;
    case RunnerState::Draining:
        return pausedText(status).isEmpty() ? TrayVisual::Draining : TrayVisual::Paused;
    case RunnerState::Stopping:
        return TrayVisual::Draining;
    case RunnerState::NotPaired:
        return TrayVisual::NotPaired;
    case RunnerState::Revoked:
    case RunnerState::Fenced:
    case RunnerState::Failed:
        return TrayVisual::Error;
    }
    return TrayVisual::Error;
}

QString TrayPresentation::iconName(TrayVisual visual)
{
    switch (visual) {
    case TrayVisual::NotPaired:
        return QStringLiteral("tray-not-paired");
    case TrayVisual::Connecting:
        return QStringLiteral("tray-connecting");
    case TrayVisual::Ready:
        return QStringLiteral("tray-ready");
    case TrayVisual::Running:
        return QStringLiteral("tray-running");
    case TrayVisual::Draining:
        return QStringLiteral("tray-draining");
    case TrayVisual::Paused:
        return QStringLiteral("tray-paused");
    case TrayVisual::Stopped:
        return QStringLiteral("tray-stopped");
    case TrayVisual::Attention:
        return QStringLiteral("tray-attention");
    case TrayVisual::Error:
        return QStringLiteral("tray-error");
    }
    return QStringLiteral("tray-error");
}

QList<TrayVisual> TrayPresentation::allVisuals()
{
    return { TrayVisual::NotPaired, TrayVisual::Connecting, TrayVisual::Ready, TrayVisual::Running,
        TrayVisual::Draining, TrayVisual::Paused, TrayVisual::Stopped, TrayVisual::Attention, TrayVisual::Error };
}

TrayView TrayPresentation::present(const RunnerStatus &status, const QDateTime &now)
{
    TrayView view;
    view.visual = visualFor(status);
    view.iconName = iconName(view.visual);
    view.statusLine = statusLine(status, now);
    view.tooltip = tooltip(status, now);
    return view;
}

QString TrayPresentation::statusLine(const RunnerStatus &status, const QDateTime &now)
{
    QString line;
    switch (status.state) {
    case RunnerState::Idle:
        line = tr("Not running");
        break;
    case RunnerState::Starting:
        line = tr("Starting…");
        break;
    case RunnerState::Pairing:
        line = tr("Pairing…");
        break;
    case RunnerState::Connecting:
        line = tr("Connecting…");
        break;
    case RunnerState::Offline: {
        const QString retry = nextRetryText(status, now);
        if (status.resuming)
            line = tr("Reconnecting after sleep…");
        else
            line = retry.isEmpty() ? tr("Offline — reconnecting") : tr("Offline — retrying at %1").arg(retry);
        break;
    }
    case RunnerState::Ready:
        line = status.busySlots > 0 ? tr("Running %1").arg(runsText(status.busySlots)) : tr("Ready — waiting for work");
        break;
    case RunnerState::Draining:
        if (const QString paused = pausedText(status); !paused.isEmpty())
            line = status.busySlots > 0 ? tr("%1 — %2 left").arg(paused, runsText(status.busySlots)) : paused;
        else
            line = status.busySlots > 0 ? tr("Draining — %1 left").arg(runsText(status.busySlots))
                                        : tr("Draining — taking no new work");
        break;
    case RunnerState::Stopping:
        line = status.busySlots > 0 ? tr("Stopping — %1 left").arg(runsText(status.busySlots))
                                    : tr("Stopping — signing off");
        break;
    case RunnerState::Stopped:
        line = tr("Stopped");
        break;
    case RunnerState::NotPaired:
        line = tr("Not paired");
        break;
    case RunnerState::Revoked:
        line = tr("Revoked — this machine's pairing was withdrawn");
        break;
    case RunnerState::Fenced:
        line = tr("Stopped — this pairing is in use on another machine (clone)");
        break;
    case RunnerState::Failed:
        line = tr("Stopped by an error");
        break;
    }
    if (visualFor(status) == TrayVisual::Attention)
        return tr("%1 — %2").arg(approvalsText(int(status.approvals.size())), line);
    return line;
}

QString TrayPresentation::tooltip(const RunnerStatus &status, const QDateTime &now)
{
    QStringList lines;
    lines << tr("Checkfu Runner — %1").arg(statusLine(status, now));
    if (const QString why = explanation(status); !why.isEmpty())
        lines << why;
    if (const QString wake = wakeText(status, now); !wake.isEmpty())
        lines << wake;
    // The status line counts the runs while connected; otherwise (offline, reconnecting) a line does.
    const int running = status.busySlots;
    const bool counted = status.state == RunnerState::Ready || status.state == RunnerState::Draining
        || status.state == RunnerState::Stopping;
    if (running > 0 && !counted)
        lines << tr("%n run(s) going", nullptr, running);
    int shown = 0;
    for (const ApprovalRequest &approval : status.approvals) {
        if (shown++ == MaxTooltipApprovals)
            break;
        lines << tr("Waiting for your decision: %1").arg(elided(approval.title, MaxApprovalTitleChars));
    }
    lines << tr("Endpoint: %1").arg(endpointText(status));
    lines << tr("Machine: %1").arg(machineText(status));
    lines << tr("Sandbox: %1").arg(sandboxText(status));
    lines << tr("Last contact: %1").arg(lastContactText(status, now));
    const QString retry = nextRetryText(status, now);
    if (!retry.isEmpty())
        lines << tr("Next retry: %1").arg(retry);
    return lines.join(QLatin1Char('\n'));
}

TrayActions TrayPresentation::actions(const RunnerStatus &status)
{
    TrayActions a;
    const bool active = status.isActive();
    const bool stopping = status.state == RunnerState::Stopping;
    a.drainVisible = active;
    // Nothing to drain before a pairing exists.
    a.drainEnabled = active && !stopping && status.state != RunnerState::Pairing;
    // Paused by the battery or the network, a person may still drain; only their own drain is theirs to resume.
    const bool drainedByPerson = status.draining
        && (status.drainReasons == runnercore::DrainReasons()
            || status.drainReasons.testFlag(runnercore::DrainReason::Requested));
    a.drainResumes = drainedByPerson;
    a.drainText = drainedByPerson ? tr("Resume taking work") : tr("Drain — finish runs, take no new work");
    if (active && stopping && status.busySlots > 0) {
        a.runnerAction = TrayActions::RunnerAction::StopNow;
        a.runnerActionEnabled = true;
        a.runnerActionText = tr("Stop now — cancel %1").arg(runsText(status.busySlots));
    } else if (active) {
        a.runnerAction = TrayActions::RunnerAction::Stop;
        a.runnerActionEnabled = !stopping;
        a.runnerActionText = stopping ? tr("Stopping…") : tr("Stop runner");
    } else {
        a.runnerAction = TrayActions::RunnerAction::Start;
        // These need a new pairing first; starting again would only fail the same way.
        a.runnerActionEnabled = status.state != RunnerState::NotPaired && status.state != RunnerState::Revoked
            && status.state != RunnerState::Fenced;
        a.runnerActionText = tr("Start runner");
    }
    const ControlPlaneLink dashboard = ControlPlaneLink::check(status.dashboardLink, status.endpoint);
    a.dashboardEnabled = dashboard.canOpen();
    a.dashboardUrl = dashboard.url;
    a.dashboardText = dashboard.decorate(tr("Open dashboard"));
    // Revoked and fenced credentials are already forgotten: the way on is a new pairing.
    const bool lostPairing = status.state == RunnerState::NotPaired || status.state == RunnerState::Revoked
        || status.state == RunnerState::Fenced;
    a.pairVisible = !status.paired || lostPairing;
    a.unpairVisible = !a.pairVisible;
    for (const ApprovalRequest &approval : status.approvals) {
        ApprovalEntry entry;
        entry.approvalId = approval.approvalId;
        const QString title = approval.title.trimmed().isEmpty() ? tr("an agent's request") : approval.title;
        const ControlPlaneLink link
            = ControlPlaneLink::check(approval.link.isEmpty() ? status.dashboardLink : approval.link, status.endpoint);
        entry.text = link.decorate(tr("Decide: %1").arg(elided(title, MaxApprovalTitleChars)));
        entry.url = link.url;
        a.approvals.append(entry);
    }
    return a;
}

QString TrayPresentation::endpointText(const RunnerStatus &status)
{
    if (status.endpoint.isEmpty())
        return tr("not set");
    return status.endpoint.toDisplayString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
}

QString TrayPresentation::machineText(const RunnerStatus &status)
{
    return status.machineLabel.isEmpty() ? tr("not set") : status.machineLabel;
}

QString TrayPresentation::sandboxText(const RunnerStatus &status)
{
    return status.sandboxPosture.isEmpty() ? tr("not known yet") : status.sandboxPosture;
}

QString TrayPresentation::lastContactText(const RunnerStatus &status, const QDateTime &now)
{
    if (status.isConnected())
        return status.lastContact.isValid() ? tr("now (connected since %1)").arg(formatMoment(status.lastContact, now))
                                            : tr("now");
    if (status.lastContact.isValid())
        return formatMoment(status.lastContact, now);
    return tr("none yet");
}

QString TrayPresentation::nextRetryText(const RunnerStatus &status, const QDateTime &now)
{
    const bool retrying = status.state == RunnerState::Offline || status.state == RunnerState::Connecting
        || status.state == RunnerState::Pairing;
    if (!retrying || !status.nextRetry.isValid())
        return {};
    return formatMoment(status.nextRetry, now);
}

QString TrayPresentation::slotsText(const RunnerStatus &status)
{
    return tr("%1 of %2 busy").arg(status.busySlots).arg(status.totalSlots);
}

QString TrayPresentation::pausedText(const RunnerStatus &status)
{
    using runnercore::DrainReason;
    // A person's drain is theirs to lift: it is shown as a drain, whatever else holds.
    if (!status.draining || status.drainReasons.testFlag(DrainReason::Requested))
        return {};
    // The core's words, so that the tray and `checkfu-runner start` say the same.
    return runnercore::Runner::drainText(status.drainReasons, status.power);
}

QString TrayPresentation::wakeText(const RunnerStatus &status, const QDateTime &now)
{
    if (!status.wokeAt.isValid() || status.wokeAt.msecsTo(now) > WakeNewsMs || status.sleptMs <= 0)
        return {};
    return sleepText(status.sleptMs, status.runsLostToSleep);
}

QString TrayPresentation::sleepText(qint64 sleptMs, int runsLost)
{
    const QString slept = durationText(sleptMs);
    if (runsLost <= 0)
        return tr("The computer slept for %1.").arg(slept);
    return tr("The computer slept for %1; %n run(s) lost.", nullptr, runsLost).arg(slept);
}

QString TrayPresentation::explanation(const RunnerStatus &status)
{
    using runnercore::DrainReason;
    if (status.state == RunnerState::Draining && !pausedText(status).isEmpty()) {
        const bool battery = status.drainReasons.testFlag(DrainReason::Battery);
        const bool metered = status.drainReasons.testFlag(DrainReason::Metered);
        if (battery && metered)
            return tr("Takes work again by itself once the computer is plugged in and on a network that is not "
                      "metered.");
        return battery ? tr("Takes work again by itself once the computer is plugged in.")
                       : tr("Takes work again by itself on a network that is not metered.");
    }
    switch (status.state) {
    case RunnerState::Ready:
    case RunnerState::Draining:
    case RunnerState::Idle:
        return {};
    default:
        return status.message;
    }
}

// One source with %n: English plurals come from translations/checkfu_en.ts (lupdate -pluralonly).
QString TrayPresentation::runsText(int count)
{
    return tr("%n run(s)", nullptr, count);
}

QString TrayPresentation::activityActionText(int running)
{
    if (running == 0)
        return tr("Show activity…");
    return tr("Show activity — %n run(s) going…", nullptr, running);
}

RunEntry TrayPresentation::runEntry(const RunSummary &run, const QDateTime &now)
{
    RunEntry e;
    e.runId = run.runId;
    e.fullTitle = safeTitle(run.title);
    e.title = elided(e.fullTitle, MaxRunTitleChars);
    e.driver = run.driver.isEmpty() ? tr("unknown") : elided(safeTitle(run.driver), MaxRunTitleChars);
    e.tier = run.tier.isEmpty() ? tr("none") : safeTitle(run.tier);
    if (run.hasEnded()) {
        e.time = durationText(run.durationMs());
        e.outcome = outcomeText(run.outcome);
        e.reason = reasonText(run.reason);
    } else {
        e.time = run.startedAt.isValid() ? durationText(std::max<qint64>(0, run.startedAt.msecsTo(now))) : QString();
        if (!run.phase.isEmpty())
            e.phase = run.phasePercent >= 0
                ? tr("%1… %2 %").arg(elided(safeTitle(run.phase), MaxRunTitleChars)).arg(run.phasePercent)
                : tr("%1…").arg(elided(safeTitle(run.phase), MaxRunTitleChars));
    }
    e.repository = elided(safeTitle(run.repository), MaxRunTitleChars);
    if (run.repository.isEmpty())
        e.repository.clear();
    if (run.platformToolCalls > 0)
        e.platformTools = tr("Platform tools: %n call(s)", nullptr, run.platformToolCalls);
    // The same rule as every link from the control plane (no endpoint to compare: the tooltip shows the whole URL).
    e.link = ControlPlaneLink::check(run.sessionLink, QUrl()).url;
    return e;
}

QString TrayPresentation::safeTitle(const QString &title)
{
    QString kept;
    kept.reserve(title.size());
    for (const QChar c : title) {
        // Cc: C0/C1 controls (a line break becomes a space); Cf: bidi overrides, zero-width marks.
        if (c.category() == QChar::Other_Control)
            kept.append(QLatin1Char(' '));
        else if (c.category() != QChar::Other_Format)
            kept.append(c);
    }
    kept = kept.simplified();
    return kept.isEmpty() ? tr("untitled run") : kept;
}

QString TrayPresentation::durationText(qint64 ms)
{
    const qint64 seconds = std::max<qint64>(0, ms) / 1000;
    if (seconds < 60)
        return tr("%1 s").arg(seconds);
    if (seconds < 3600)
        return tr("%1 min %2 s").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(seconds / 3600).arg((seconds % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString TrayPresentation::outcomeText(const QString &outcome)
{
    if (outcome == QLatin1String("succeeded"))
        return tr("Succeeded");
    if (outcome == QLatin1String("failed"))
        return tr("Failed");
    if (outcome == QLatin1String("cancelled"))
        return tr("Cancelled");
    if (outcome == QLatin1String("refused"))
        return tr("Refused");
    if (outcome.isEmpty())
        return tr("Given up"); // lease lost or revoked: the control plane settles it
    return safeTitle(outcome);
}

QString TrayPresentation::reasonText(const QString &reason)
{
    if (reason.isEmpty())
        return {};
    const std::optional<SettleReason> known = fromWireName<SettleReason>(reason);
    if (!known)
        return safeTitle(reason);
    switch (*known) {
    case SettleReason::TierUnavailable:
        return tr("its sandbox tier is not available here");
    case SettleReason::NetworkBoundaryUnavailable:
        return tr("its network boundary is not available here");
    case SettleReason::RetentionUnavailable:
        return tr("its retention mode is not available here");
    case SettleReason::DriverUnsupported:
        return tr("its harness driver is not supported");
    case SettleReason::LaunchKindUnsupported:
        return tr("its launch kind is not supported");
    case SettleReason::ResourcesOutsideCeiling:
        return tr("it asks for more resources than allowed");
    case SettleReason::HarnessModelMismatch:
        return tr("its harness and model do not match");
    case SettleReason::MountUnsupported:
        return tr("one of its mounts is not supported");
    case SettleReason::SnapshotUnavailable:
        return tr("the workspace it starts from is not kept on this machine");
    case SettleReason::PlaneProtocolUnsupported:
        return tr("it asks for platform tools this machine does not relay");
    case SettleReason::InvalidRunSpec:
        return tr("its run spec is invalid");
    case SettleReason::ExitNonzero:
        return tr("the harness exited with an error");
    case SettleReason::ExitSignal:
        return tr("the harness was killed by a signal");
    case SettleReason::LaunchFailed:
        return tr("the harness could not be started");
    case SettleReason::IdleTimeout:
        return tr("the harness was silent too long");
    case SettleReason::DeadlineExceeded:
        return tr("it ran past its time limit");
    case SettleReason::CancelRequested:
        return tr("cancelled from the dashboard");
    case SettleReason::RunnerStopped:
        return tr("cancelled on this machine");
    case SettleReason::HarnessExited:
        return tr("the agent ended mid-session");
    case SettleReason::HarnessProtocolError:
        return tr("the agent broke the protocol");
    case SettleReason::ZdrBufferExhausted:
        return tr("its in-memory buffer filled up during an outage");
    case SettleReason::RunnerRestarted:
        return tr("the Runner restarted");
    case SettleReason::MaterializationFailed:
        return tr("its workspace could not be materialised");
    }
    return safeTitle(reason);
}

QString TrayPresentation::formatMoment(const QDateTime &moment, const QDateTime &now)
{
    const QDateTime local = moment.toLocalTime();
    const QLocale locale;
    // The locale's own short format (12 or 24 hours), with seconds: a retry is often seconds away.
    QString format = locale.timeFormat(QLocale::ShortFormat);
    if (!format.contains(QLatin1String("ss")))
        format.replace(QLatin1String("mm"), QLatin1String("mm:ss"));
    const QString time = locale.toString(local.time(), format);
    if (local.date() == now.toLocalTime().date())
        return time;
    return tr("%1 %2").arg(locale.toString(local.date(), QLocale::ShortFormat), time);
}
