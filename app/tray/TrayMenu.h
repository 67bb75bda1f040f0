#pragma once

#include "RunnerStatus.h"
#include "TrayHooks.h"
#include "TrayPresentation.h"

#include <QMenu>

// The tray's context menu. Its actions are shared with the status window, so both always agree.
// Links (approvals, dashboard, log folder) open through the injected opener; the Runner's own
// actions go out as signals.
class TrayMenu : public QMenu
{
    Q_OBJECT
signals:
    void drainRequested(bool draining);
    void startRequested();
    void stopRequested();
    void stopNowRequested();
    // Not yet confirmed: TrayIcon asks first when runs are in flight.
    void quitRequested();
    // Dialogs the owner opens.
    void pairWizardRequested();
    void settingsRequested();
    void diagnosticsRequested();
    void unpairRequested();
    // "Show activity…": the status window, with the runs.
    void activityRequested();
    // The approval actions were replaced (approvalActions() has the new ones).
    void approvalsChanged();

public:
    explicit TrayMenu(const TrayHooks &hooks, QWidget *parent = nullptr);

    void setStatus(const RunnerStatus &status, const QString &statusLine);

    QAction *statusAction() const { return m_status; }
    QAction *activityAction() const { return m_activity; }
    QAction *drainAction() const { return m_drain; }
    QAction *runnerAction() const { return m_runner; }
    QAction *dashboardAction() const { return m_dashboard; }
    QAction *pairAction() const { return m_pair; }
    QAction *settingsAction() const { return m_settings; }
    QAction *diagnosticsAction() const { return m_diagnostics; }
    QAction *unpairAction() const { return m_unpair; }
    QAction *logAction() const { return m_log; }
    QAction *quitAction() const { return m_quit; }
    QList<QAction *> approvalActions() const { return m_approvals; }

private:
    void rebuildApprovals(const QList<ApprovalEntry> &entries);

    TrayHooks m_hooks;
    TrayActions m_actions;
    QList<ApprovalEntry> m_approvalEntries;
    QString m_dashboardLink;
    QAction *m_status;
    QAction *m_activity;
    QAction *m_approvalsEnd;
    QList<QAction *> m_approvals;
    QAction *m_drain;
    QAction *m_runner;
    QAction *m_dashboard;
    QAction *m_pair;
    QAction *m_settings;
    QAction *m_diagnostics;
    QAction *m_unpair;
    QAction *m_log;
    QAction *m_quit;
};
