#include "TrayMenu.h"

#include <runnercore/logging/Logging.h>

#include <QDir>

using namespace runnercore;

namespace {

const HeldLogger logger("tray");

// A title is run content, not markup: a lone '&' must not become a keyboard accelerator.
QString actionText(QString text)
{
    return text.replace(QLatin1Char('&'), QLatin1String("&&"));
}
} // namespace

TrayMenu::TrayMenu(const TrayHooks &hooks, QWidget *parent) : QMenu(parent), m_hooks(hooks)
{
    m_status = addAction(QString());
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setEnabled(false);
    m_activity = addAction(QString());
    m_activity->setObjectName(QStringLiteral("activity"));
    connect(m_activity, &QAction::triggered, this, &TrayMenu::activityRequested);
    m_pair = addAction(tr("Pair this machine…"));
    m_pair->setObjectName(QStringLiteral("pair"));
    connect(m_pair, &QAction::triggered, this, &TrayMenu::pairWizardRequested);
    addSeparator();
    // Approval entries are inserted before this separator, which shows only when there are some.
    m_approvalsEnd = addSeparator();
    m_approvalsEnd->setVisible(false);

    m_drain = addAction(QString());
    m_drain->setObjectName(QStringLiteral("drain"));
    connect(m_drain, &QAction::triggered, this, [this] { emit drainRequested(!m_actions.drainResumes); });

    m_runner = addAction(QString());
    m_runner->setObjectName(QStringLiteral("runner"));
    connect(m_runner, &QAction::triggered, this, [this] {
        switch (m_actions.runnerAction) {
        case TrayActions::RunnerAction::Start:
            emit startRequested();
            break;
        case TrayActions::RunnerAction::Stop:
            emit stopRequested();
            break;
        case TrayActions::RunnerAction::StopNow:
            emit stopNowRequested();
            break;
        }
    });
    addSeparator();

    m_dashboard = addAction(QString()); // its text is TrayActions::dashboardText
    m_dashboard->setObjectName(QStringLiteral("dashboard"));
    connect(m_dashboard, &QAction::triggered, this, [this] {
        if (!m_actions.dashboardUrl.isEmpty())
            m_hooks.openUrl(m_actions.dashboardUrl);
    });
    m_settings = addAction(tr("Settings…"));
    m_settings->setObjectName(QStringLiteral("settings"));
    m_settings->setMenuRole(QAction::PreferencesRole);
    connect(m_settings, &QAction::triggered, this, &TrayMenu::settingsRequested);
    m_diagnostics = addAction(tr("Diagnostics…"));
    m_diagnostics->setObjectName(QStringLiteral("diagnostics"));
    connect(m_diagnostics, &QAction::triggered, this, &TrayMenu::diagnosticsRequested);
    m_log = addAction(tr("Show log"));
    m_log->setObjectName(QStringLiteral("log"));
    connect(m_log, &QAction::triggered, this, [this] {
        QDir().mkpath(m_hooks.logDir); // before the first line is written the folder may not exist
        m_hooks.openUrl(QUrl::fromLocalFile(m_hooks.logDir));
    });
    m_unpair = addAction(tr("Unpair…"));
    m_unpair->setObjectName(QStringLiteral("unpair"));
    connect(m_unpair, &QAction::triggered, this, &TrayMenu::unpairRequested);
    addSeparator();

    m_quit = addAction(tr("Quit Checkfu Runner"));
    m_quit->setObjectName(QStringLiteral("quit"));
    m_quit->setMenuRole(QAction::QuitRole);
    connect(m_quit, &QAction::triggered, this, &TrayMenu::quitRequested);

    setStatus(RunnerStatus(), TrayPresentation::statusLine(RunnerStatus(), QDateTime::currentDateTime()));
}

void TrayMenu::setStatus(const RunnerStatus &status, const QString &statusLine)
{
    m_actions = TrayPresentation::actions(status);
    if (status.dashboardLink != m_dashboardLink && !m_actions.dashboardEnabled && !status.dashboardLink.isEmpty())
        logger->warn("the control plane's dashboard link is not offered: {}", m_actions.dashboardText);
    m_dashboardLink = status.dashboardLink;
    m_status->setText(actionText(statusLine));
    m_activity->setText(TrayPresentation::activityActionText(status.busySlots));
    m_drain->setText(m_actions.drainText);
    m_drain->setVisible(m_actions.drainVisible);
    m_drain->setEnabled(m_actions.drainEnabled);
    m_runner->setText(m_actions.runnerActionText);
    m_runner->setEnabled(m_actions.runnerActionEnabled);
    m_dashboard->setEnabled(m_actions.dashboardEnabled);
    m_dashboard->setText(actionText(m_actions.dashboardText));
    m_pair->setVisible(m_actions.pairVisible);
    m_unpair->setVisible(m_actions.unpairVisible);
    rebuildApprovals(m_actions.approvals);
}

void TrayMenu::rebuildApprovals(const QList<ApprovalEntry> &entries)
{
    if (entries == m_approvalEntries)
        return;
    m_approvalEntries = entries;
    for (QAction *action : std::as_const(m_approvals)) {
        removeAction(action);
        action->deleteLater(); // may be the action being triggered right now
    }
    m_approvals.clear();
    for (const ApprovalEntry &entry : entries) {
        auto *action = new QAction(actionText(entry.text), this);
        action->setObjectName(QStringLiteral("approval:") + entry.approvalId);
        action->setEnabled(entry.url.isValid() && !entry.url.isEmpty());
        const QUrl url = entry.url;
        connect(action, &QAction::triggered, this, [this, url] { m_hooks.openUrl(url); });
        insertAction(m_approvalsEnd, action);
        m_approvals.append(action);
    }
    m_approvalsEnd->setVisible(!m_approvals.isEmpty());
    emit approvalsChanged();
}
