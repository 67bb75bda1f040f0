#include "StatusWindow.h"

#include "RunActivityView.h"
#include "StateIcons.h"
#include "TrayMenu.h"
#include "WindowFit.h"

#include <QCloseEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

using namespace runnercore;

namespace {
constexpr int HeadingIconPx = 32;
constexpr int WindowWidthPx = 440;

QToolButton *actionButton(QAction *action, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setAutoRaise(false);
    return button;
}
} // namespace

StatusWindow::StatusWindow(TrayMenu *menu, QWidget *parent) : QWidget(parent, Qt::Window), m_menu(menu)
{
    setWindowTitle(tr("Checkfu Runner"));
    setObjectName(QStringLiteral("statusWindow"));
    setMinimumWidth(WindowWidthPx);

    auto *layout = new QVBoxLayout(this);
    auto *heading = new QHBoxLayout;
    m_icon = new QLabel(this);
    m_icon->setFixedSize(HeadingIconPx, HeadingIconPx);
    m_statusLine = new QLabel(this);
    m_statusLine->setObjectName(QStringLiteral("statusLine"));
    m_statusLine->setWordWrap(true);
    QFont headingFont = m_statusLine->font();
    headingFont.setBold(true);
    headingFont.setPointSizeF(headingFont.pointSizeF() * 1.15);
    m_statusLine->setFont(headingFont);
    heading->addWidget(m_icon);
    heading->addWidget(m_statusLine, 1);
    layout->addLayout(heading);

    m_noTray = new QLabel(this);
    m_noTray->setObjectName(QStringLiteral("noTrayReason"));
    m_noTray->setWordWrap(true);
    m_noTray->setFrameShape(QFrame::StyledPanel);
    m_noTray->setMargin(6);
    m_noTray->setVisible(false);
    layout->addWidget(m_noTray);

    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_endpoint = addValueRow(tr("Endpoint"), QStringLiteral("endpoint"), false);
    m_machine = addValueRow(tr("Machine"), QStringLiteral("machine"), false);
    m_runnerId = addValueRow(tr("Runner"), QStringLiteral("runnerId"), false);
    m_sandbox = addValueRow(tr("Sandbox"), QStringLiteral("sandbox"), true);
    m_slots = addValueRow(tr("Slots"), QStringLiteral("slots"), false);
    m_lastContact = addValueRow(tr("Last contact"), QStringLiteral("lastContact"), false);
    m_nextRetry = addValueRow(tr("Next retry"), QStringLiteral("nextRetry"), false);
    m_message = addValueRow(tr("Details"), QStringLiteral("message"), true);
    m_warning = addValueRow(tr("Warning"), QStringLiteral("warning"), true);
    layout->addLayout(m_form);

    m_approvalsBox = new QGroupBox(tr("Waiting for your decision"), this);
    m_approvalsBox->setObjectName(QStringLiteral("approvals"));
    m_approvalsLayout = new QVBoxLayout(m_approvalsBox);
    m_approvalsBox->setVisible(false);
    layout->addWidget(m_approvalsBox);

    m_activity = new RunActivityView(this);
    connect(m_activity, &RunActivityView::cancelRequested, this, &StatusWindow::cancelRunRequested);
    connect(m_activity, &RunActivityView::openRequested, this, &StatusWindow::openRequested);
    connect(m_activity, &RunActivityView::changesRequested, this, &StatusWindow::changesRequested);
    layout->addWidget(m_activity);

    // Two rows: the Runner's own actions, whose texts are long, then the links and Quit.
    auto *runnerButtons = new QHBoxLayout;
    for (QAction *action : { menu->drainAction(), menu->runnerAction() })
        runnerButtons->addWidget(actionButton(action, this));
    runnerButtons->addStretch(1);
    layout->addLayout(runnerButtons);
    auto *otherButtons = new QHBoxLayout;
    m_pairButton = actionButton(menu->pairAction(), this);
    otherButtons->addWidget(m_pairButton);
    for (QAction *action : { menu->dashboardAction(), menu->settingsAction(), menu->diagnosticsAction() })
        otherButtons->addWidget(actionButton(action, this));
    otherButtons->addStretch(1);
    otherButtons->addWidget(actionButton(menu->quitAction(), this));
    layout->addLayout(otherButtons);

    connect(menu, &TrayMenu::approvalsChanged, this, &StatusWindow::rebuildApprovals);
    rebuildApprovals();
}

QLabel *StatusWindow::addValueRow(const QString &label, const QString &name, bool wrap)
{
    auto *value = new QLabel(this);
    value->setObjectName(name);
    value->setWordWrap(wrap);
    value->setTextFormat(Qt::PlainText); // messages and labels come from outside
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(label, value);
    return value;
}

void StatusWindow::setStatus(const RunnerStatus &status, const TrayView &view, const QDateTime &now)
{
    m_icon->setPixmap(StateIcons::icon(view.iconName).pixmap(HeadingIconPx, HeadingIconPx));
    // A button follows its action's text and enabled state, not its visibility.
    m_pairButton->setVisible(m_menu->pairAction()->isVisible());
    m_statusLine->setText(view.statusLine);
    m_endpoint->setText(TrayPresentation::endpointText(status));
    m_machine->setText(TrayPresentation::machineText(status));
    m_runnerId->setText(status.runnerId.isEmpty() ? tr("not paired") : status.runnerId);
    m_sandbox->setText(TrayPresentation::sandboxText(status));
    m_slots->setText(TrayPresentation::slotsText(status));
    m_lastContact->setText(TrayPresentation::lastContactText(status, now));
    const QString retry = TrayPresentation::nextRetryText(status, now);
    m_nextRetry->setText(retry);
    m_form->setRowVisible(m_nextRetry, !retry.isEmpty());
    QStringList notes { TrayPresentation::explanation(status), TrayPresentation::wakeText(status, now) };
    notes.removeAll(QString());
    const QString why = notes.join(QLatin1Char('\n'));
    m_message->setText(why);
    m_form->setRowVisible(m_message, !why.isEmpty());
    m_warning->setText(status.lastWarning);
    m_form->setRowVisible(m_warning, !status.lastWarning.isEmpty());
    m_activity->setActivity(status.activity, now);
    WindowFit::growToFit(this); // a longer message or posture than the window was sized for
}

void StatusWindow::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    WindowFit::growToFit(this);
}

void StatusWindow::setClock(std::function<QDateTime()> now)
{
    m_activity->setClock(std::move(now));
}

void StatusWindow::setNoTrayReason(const QString &text)
{
    m_noTray->setText(text);
    m_noTray->setVisible(!text.isEmpty());
}

QString StatusWindow::noTrayReason() const
{
    return m_noTray->text();
}

void StatusWindow::closeEvent(QCloseEvent *event)
{
    if (m_quitOnClose) {
        event->ignore();
        emit quitRequested();
        return;
    }
    QWidget::closeEvent(event);
}

void StatusWindow::rebuildApprovals()
{
    while (QLayoutItem *item = m_approvalsLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    const QList<QAction *> actions = m_menu->approvalActions();
    for (QAction *action : actions) {
        QToolButton *button = actionButton(action, m_approvalsBox);
        button->setObjectName(action->objectName());
        button->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_approvalsLayout->addWidget(button);
    }
    m_approvalsBox->setVisible(!actions.isEmpty());
}
