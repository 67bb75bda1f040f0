#pragma once

#include "ControlPlaneLink.h"
#include "RunnerStatus.h"
#include "TraySettings.h"
#include <runnercore/model/ApprovalRequest.h>

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QSet>
#include <QString>
#include <QUrl>

#include <functional>
#include <optional>

// One desktop notification, as the policy (Notifier) hands it to a backend (NotificationSink).
// Plain text only: a backend that speaks markup escapes it.
struct Notification
{
    // What happened. The first six map onto the NotificationKind a person can turn off; the
    // pairing result answers the person's own request and is always shown.
    enum class Event {
        ApprovalRequested,
        Revoked,
        Fenced,
        DrainFinished,
        Reconnected,
        RunsLostToSleep,
        Paired,
        PairingFailed
    };
    enum class Urgency { Low, Normal, Critical };

    Event event = Event::ApprovalRequested;
    QString title;
    QString body;
    QUrl link; // opened when the notification (or its "Open" action) is activated; empty: none
    Urgency urgency = Urgency::Normal;
    // How long the desktop shows it: -1 its default, 0 until the person dismisses it.
    int timeoutMs = -1;
    QString iconName; // "tray-attention": resources/icons/tray-attention.svg, shown through StateIcons
};

Q_DECLARE_METATYPE(Notification)

// Where notifications are shown: the freedesktop service, the tray icon's balloon, or a test's
// recorder. Ids are the sink's own and never 0.
class NotificationSink : public QObject
{
    Q_OBJECT
signals:
    // The person clicked the notification (actionKey "default") or one of its actions ("open").
    void activated(quint32 id, const QString &actionKey);
    // Dismissed by the person, expired or replaced: the id will not be activated any more. Not
    // emitted for withdraw(), whose caller knows.
    void closed(quint32 id);

public:
    static inline const QString DefaultAction = QStringLiteral("default");
    static inline const QString OpenAction = QStringLiteral("open");

    using QObject::QObject;

    // Shows it without blocking; returns its id, or 0 when there is nowhere to show it.
    virtual quint32 notify(const Notification &notification) = 0;
    // Takes it back (the approval was decided elsewhere); default: nothing to do.
    virtual void withdraw(quint32 id) { Q_UNUSED(id) }
};

// The one place that decides what deserves a notification, as syncthingtray's SyncthingNotifier
// does: fed RunnerStatus snapshots and the controller's signals, it notifies once per approval,
// on revocation and clone fencing, when a drain has finished its runs, when the Runner is back
// after a long outage (not after a blip, not right after wake), when runs were lost while the
// machine slept (a wake that cost nothing is only in the status line) and with the pairing result.
// Widgets only display; nothing here blocks.
class Notifier : public QObject
{
    Q_OBJECT
public:
    // An outage shorter than this is a blip nobody needs to hear about.
    static constexpr qint64 LongOutageMs = 2 * 60 * 1000;
    // After wake the network takes a while; reconnecting in this window is expected, not news.
    static constexpr qint64 WakeGraceMs = 2 * 60 * 1000;
    // Approval ids remembered so each is notified once (far more than can be pending at once).
    static constexpr int RememberedApprovals = 1000;
    // Activation links kept for notifications the desktop never reported closed.
    static constexpr int RememberedLinks = 200;

    // sink must outlive the notifier. openUrl opens an approval's link (TrayHooks::openUrl);
    // now is the clock (TrayHooks::now).
    Notifier(NotificationSink *sink, std::function<bool(const QUrl &)> openUrl, std::function<QDateTime()> now,
        QObject *parent = nullptr);

    // Every kind is on until turned off (the settings' per-kind switches).
    void setEnabled(NotificationKind kind, bool enabled);
    bool isEnabled(NotificationKind kind) const { return !m_disabled.contains(int(kind)); }
    // The switch an event belongs to; none for the pairing result.
    static std::optional<NotificationKind> kindOf(Notification::Event event);

public slots:
    void setStatus(const RunnerStatus &status);
    void approvalRequested(const runnercore::ApprovalRequest &request);
    // The machine woke up: starts the grace window, and an outage counts from now.
    void systemResumed();
    // The result of a scripted pairing (--endpoint --code); message is the Runner's sentence.
    void pairingFinished(bool ok, const QString &message);

private:
    void notifyApproval(const runnercore::ApprovalRequest &request);
    void withdrawResolvedApprovals(const RunnerStatus &status);
    void checkDrainFinished(const RunnerStatus &previous, const RunnerStatus &status);
    void checkOutage(const RunnerStatus &status);
    void checkRunsLostToSleep(const RunnerStatus &status);
    // What may be opened of a link from the control plane (ControlPlaneLink); a refusal is logged.
    ControlPlaneLink checkedLink(const QString &link) const;
    quint32 show(Notification notification);
    void onActivated(quint32 id, const QString &actionKey);
    void forget(quint32 id);
    QString outageText(qint64 ms) const;

    NotificationSink *m_sink;
    std::function<bool(const QUrl &)> m_openUrl;
    std::function<QDateTime()> m_now;
    QSet<int> m_disabled; // NotificationKind values switched off
    RunnerStatus m_status;
    bool m_hasStatus = false;
    // Every approval id notified (or skipped while switched off), oldest first.
    QSet<QString> m_seenApprovals;
    QList<QString> m_seenOrder;
    QSet<QString> m_listedApprovals; // in the last snapshot
    QHash<QString, quint32> m_approvalNotifications; // approval id → notification id
    QHash<quint32, QUrl> m_links;
    QList<quint32> m_linkOrder;
    QDateTime m_offlineSince; // invalid while connected or not running
    QDateTime m_resumedAt;
    // The wake last told about, how many runs it had cost then, and its notification.
    QDateTime m_toldWake;
    int m_toldLost = 0;
    quint32 m_wakeNotification = 0;
};
