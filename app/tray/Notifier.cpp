#include "Notifier.h"

#include "TrayPresentation.h"
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

} // namespace

namespace {

constexpr int MaxBodyChars = 300;

bool isDraining(const RunnerStatus &s)
{
    return s.draining || s.state == RunnerState::Draining || s.state == RunnerState::Stopping;
}

QString elided(const QString &text, int max)
{
    const QString simple = text.simplified();
    return simple.size() <= max ? simple : simple.left(max - 1) + QChar(0x2026);
}

} // namespace

Notifier::Notifier(
    NotificationSink *sink, std::function<bool(const QUrl &)> openUrl, std::function<QDateTime()> now, QObject *parent)
    : QObject(parent), m_sink(sink), m_openUrl(std::move(openUrl)), m_now(std::move(now))
{
    connect(m_sink, &NotificationSink::activated, this, &Notifier::onActivated);
    connect(m_sink, &NotificationSink::closed, this, &Notifier::forget);
}

void Notifier::setEnabled(NotificationKind kind, bool enabled)
{
    if (enabled)
        m_disabled.remove(int(kind));
    else
        m_disabled.insert(int(kind));
}

std::optional<NotificationKind> Notifier::kindOf(Notification::Event event)
{
    switch (event) {
    case Notification::Event::ApprovalRequested:
        return NotificationKind::Approval;
    case Notification::Event::Revoked:
        return NotificationKind::Revoked;
    case Notification::Event::Fenced:
        return NotificationKind::Clone;
    case Notification::Event::DrainFinished:
        return NotificationKind::DrainFinished;
    case Notification::Event::Reconnected:
        return NotificationKind::Reconnected;
    case Notification::Event::RunsLostToSleep:
        return NotificationKind::RunsLostToSleep;
    case Notification::Event::Paired:
    case Notification::Event::PairingFailed:
        return std::nullopt;
    }
    return std::nullopt;
}

void Notifier::setStatus(const RunnerStatus &status)
{
    const RunnerStatus previous = m_status;
    const bool hadStatus = m_hasStatus;
    m_status = status;
    m_hasStatus = true;

    if (status.isActive()) {
        for (const ApprovalRequest &request : status.approvals)
            notifyApproval(request);
    }
    withdrawResolvedApprovals(status);

    const bool stateChanged = !hadStatus || previous.state != status.state;
    if (stateChanged && status.state == RunnerState::Revoked) {
        Notification n;
        n.event = Notification::Event::Revoked;
        n.title = tr("This machine was disconnected from Checkfu");
        n.body = !status.message.isEmpty()
            ? status.message
            : tr("An administrator revoked this machine's credential. Pair it again with a new code to reconnect.");
        n.urgency = Notification::Urgency::Critical;
        n.timeoutMs = 0;
        n.iconName = QStringLiteral("tray-error");
        show(n);
    } else if (stateChanged && status.state == RunnerState::Fenced) {
        Notification n;
        n.event = Notification::Event::Fenced;
        n.title = tr("Checkfu Runner stopped: a copy of this setup was running");
        n.body = !status.message.isEmpty()
            ? status.message
            : tr("Two Runner processes used this machine's credential, so Checkfu revoked it. Pair this machine "
                 "again with a new code.");
        n.urgency = Notification::Urgency::Critical;
        n.timeoutMs = 0;
        n.iconName = QStringLiteral("tray-error");
        show(n);
    }

    if (hadStatus)
        checkDrainFinished(previous, status);
    checkOutage(status);
    checkRunsLostToSleep(status);
}

void Notifier::approvalRequested(const ApprovalRequest &request)
{
    notifyApproval(request);
}

void Notifier::notifyApproval(const ApprovalRequest &request)
{
    if (request.approvalId.isEmpty() || m_seenApprovals.contains(request.approvalId))
        return;
    // Remembered even while switched off, so turning the kind on later does not replay old ones.
    m_seenApprovals.insert(request.approvalId);
    m_seenOrder.append(request.approvalId);
    while (m_seenOrder.size() > RememberedApprovals)
        m_seenApprovals.remove(m_seenOrder.takeFirst());

    Notification n;
    n.event = Notification::Event::ApprovalRequested;
    // The tool call leads (it is what the person decides about); the session says where.
    const QString title = request.title.trimmed().isEmpty() ? tr("The agent asks for permission") : request.title;
    n.title = tr("Approval needed: %1").arg(elided(title, MaxBodyChars));
    const QString session
        = request.sessionId.isEmpty() ? tr("An agent session") : tr("Session %1").arg(request.sessionId);
    const ControlPlaneLink link = checkedLink(request.link.isEmpty() ? m_status.dashboardLink : request.link);
    if (link.wasRefused())
        n.body = tr("%1 waits for your decision in the Checkfu dashboard. The control plane's link was not opened: %2.")
                     .arg(session, link.refusal);
    else if (!link.foreignHost.isEmpty())
        n.body = tr("%1 waits for your decision. Click to open it in the Checkfu dashboard on %2.")
                     .arg(session, link.foreignHost);
    else
        n.body = tr("%1 waits for your decision. Click to open it in the Checkfu dashboard.").arg(session);
    n.link = link.url;
    n.urgency = Notification::Urgency::Normal;
    n.timeoutMs = 0; // the agent waits until someone decides
    n.iconName = QStringLiteral("tray-attention");
    if (const quint32 id = show(n))
        m_approvalNotifications.insert(request.approvalId, id);
}

void Notifier::withdrawResolvedApprovals(const RunnerStatus &status)
{
    QSet<QString> listed;
    if (status.isActive()) {
        for (const ApprovalRequest &request : status.approvals)
            listed.insert(request.approvalId);
    }
    // Only ids a snapshot listed before: one that was just requested may not be listed yet.
    for (const QString &approvalId : std::as_const(m_listedApprovals)) {
        if (listed.contains(approvalId))
            continue;
        if (const quint32 id = m_approvalNotifications.take(approvalId)) {
            forget(id);
            m_sink->withdraw(id);
        }
    }
    m_listedApprovals = listed;
}

void Notifier::checkDrainFinished(const RunnerStatus &previous, const RunnerStatus &status)
{
    // The last owned run of a drain (or of a stop, which drains first) has ended.
    const bool stoppedAfterDrain = previous.state == RunnerState::Stopping && status.state == RunnerState::Stopped;
    if (!(isDraining(previous) && previous.busySlots > 0 && status.busySlots == 0
            && (isDraining(status) || stoppedAfterDrain)))
        return;
    Notification n;
    n.event = Notification::Event::DrainFinished;
    n.title = tr("All runs finished");
    if (status.state == RunnerState::Stopped)
        n.body = tr("Checkfu Runner finished its runs and signed off.");
    else if (status.state == RunnerState::Stopping)
        n.body = tr("Checkfu Runner finished its runs and is signing off.");
    else
        n.body = tr("Checkfu Runner finished its runs and takes no new work until you resume it.");
    n.urgency = Notification::Urgency::Low;
    n.iconName = QStringLiteral("tray-draining");
    show(n);
}

void Notifier::checkOutage(const RunnerStatus &status)
{
    const QDateTime now = m_now();
    if (status.state == RunnerState::Offline) {
        if (!m_offlineSince.isValid())
            m_offlineSince = now;
        return;
    }
    if (!status.isConnected()) {
        // Connecting again on the way back keeps the outage going; a Runner that ended has none.
        if (!status.isActive())
            m_offlineSince = QDateTime();
        return;
    }
    if (!m_offlineSince.isValid())
        return;
    const qint64 outageMs = m_offlineSince.msecsTo(now);
    m_offlineSince = QDateTime();
    const bool afterWake = m_resumedAt.isValid() && m_resumedAt.msecsTo(now) < WakeGraceMs;
    if (outageMs < LongOutageMs || afterWake)
        return;
    Notification n;
    n.event = Notification::Event::Reconnected;
    n.title = tr("Checkfu Runner is back online");
    const QString where = status.endpoint.host().isEmpty() ? tr("the control plane") : status.endpoint.host();
    n.body = tr("Connected to %1 again after %2 offline.").arg(where, outageText(outageMs));
    n.urgency = Notification::Urgency::Low;
    n.iconName = QStringLiteral("tray-ready");
    show(n);
}

void Notifier::checkRunsLostToSleep(const RunnerStatus &status)
{
    // The core counts the runs a wake cost one by one as their leases turn out lost: a higher count
    // for the same wake replaces what was shown.
    const bool sameWake = status.wokeAt == m_toldWake;
    if (!status.wokeAt.isValid() || status.runsLostToSleep <= 0 || (sameWake && status.runsLostToSleep <= m_toldLost))
        return;
    if (sameWake && m_wakeNotification) {
        forget(m_wakeNotification);
        m_sink->withdraw(m_wakeNotification);
    }
    m_toldWake = status.wokeAt;
    m_toldLost = status.runsLostToSleep;
    Notification n;
    n.event = Notification::Event::RunsLostToSleep;
    n.title = TrayPresentation::sleepText(status.sleptMs, status.runsLostToSleep);
    n.body = tr("The control plane gave up what this machine was running while it slept. \"Keep awake while runs are "
                "active\" in Settings keeps the computer awake, unless its lid is closed or someone puts it to sleep.");
    n.link = checkedLink(status.dashboardLink).url;
    n.urgency = Notification::Urgency::Normal;
    n.iconName = QStringLiteral("tray-attention");
    m_wakeNotification = show(n);
}

QString Notifier::outageText(qint64 ms) const
{
    // Spelled out in both numbers, as TrayPresentation does: no translation file is loaded for English.
    const qint64 minutes = ms / 60000;
    if (minutes < 90)
        return minutes == 1 ? tr("1 minute") : tr("%1 minutes").arg(minutes);
    const qint64 hours = (minutes + 30) / 60;
    return tr("%1 hours").arg(hours);
}

void Notifier::systemResumed()
{
    const QDateTime now = m_now();
    m_resumedAt = now;
    // Time asleep is not an outage anyone lived through.
    if (m_offlineSince.isValid())
        m_offlineSince = now;
}

void Notifier::pairingFinished(bool ok, const QString &message)
{
    Notification n;
    n.event = ok ? Notification::Event::Paired : Notification::Event::PairingFailed;
    if (ok) {
        n.title = tr("This machine is paired with Checkfu");
        n.body = !message.isEmpty() ? message : tr("Checkfu Runner is connecting and will take work when ready.");
        n.link = checkedLink(m_status.dashboardLink).url;
        n.iconName = QStringLiteral("tray-ready");
    } else {
        n.title = tr("Pairing failed");
        n.body = !message.isEmpty() ? message : tr("The pairing code was not accepted. Ask for a new code.");
        n.urgency = Notification::Urgency::Critical;
        n.iconName = QStringLiteral("tray-error");
    }
    show(n);
}

ControlPlaneLink Notifier::checkedLink(const QString &link) const
{
    ControlPlaneLink checked = ControlPlaneLink::check(link, m_status.endpoint);
    if (checked.wasRefused())
        logger->warn("a link from the control plane was not opened: {}", checked.refusal);
    return checked;
}

quint32 Notifier::show(Notification notification)
{
    if (const auto kind = kindOf(notification.event); kind && !isEnabled(*kind))
        return 0;
    // Whatever the Runner said, no credential, token or pairing code leaves in a notification.
    notification.title = Logging::masker().mask(notification.title);
    notification.body = Logging::masker().mask(notification.body);
    const quint32 id = m_sink->notify(notification);
    if (id == 0)
        return 0;
    if (!notification.link.isEmpty()) {
        m_links.insert(id, notification.link);
        m_linkOrder.append(id);
        while (m_linkOrder.size() > RememberedLinks)
            m_links.remove(m_linkOrder.takeFirst());
    }
    return id;
}

void Notifier::onActivated(quint32 id, const QString &actionKey)
{
    if (actionKey != NotificationSink::DefaultAction && actionKey != NotificationSink::OpenAction)
        return;
    const QUrl link = m_links.value(id);
    if (link.isEmpty())
        return;
    if (m_openUrl && !m_openUrl(link))
        logger->warn("could not open {}", link.toString());
}

void Notifier::forget(quint32 id)
{
    if (m_links.remove(id))
        m_linkOrder.removeOne(id);
}
