#include "RunActivityView.h"

#include "LiteralText.h"
#include "TrayPresentation.h"

#include <QFont>
#include <QGridLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

using namespace runnercore;

namespace {
constexpr int RecentRowsShown = 5; // the list scrolls beyond these

enum RecentColumn { TitleColumn, OutcomeColumn, ReasonColumn, DurationColumn, WorkspaceColumn, ColumnCount };

QLabel *plainLabel(const QString &name, QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setTextFormat(Qt::PlainText); // titles come from the control plane
    return label;
}
} // namespace

RunActivityView::RunActivityView(QWidget *parent)
    : QWidget(parent), m_now([] { return QDateTime::currentDateTime(); }), m_tick(new QTimer(this))
{
    setObjectName(QStringLiteral("runActivity"));
    m_tick->setObjectName(QStringLiteral("elapsedTick"));
    m_tick->setInterval(TickMs);
    connect(m_tick, &QTimer::timeout, this, &RunActivityView::tick);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    m_runningBox = new QGroupBox(tr("Runs on this machine"), this);
    m_runningBox->setObjectName(QStringLiteral("runningRuns"));
    m_runningLayout = new QVBoxLayout(m_runningBox);
    m_noRuns = new QLabel(tr("No run is going."), m_runningBox);
    m_noRuns->setObjectName(QStringLiteral("noRuns"));
    m_runningLayout->addWidget(m_noRuns);
    layout->addWidget(m_runningBox);

    m_recentBox = new QGroupBox(tr("Recently ended"), this);
    m_recentBox->setObjectName(QStringLiteral("recentBox"));
    auto *recentLayout = new QVBoxLayout(m_recentBox);
    m_recent = new QTreeWidget(m_recentBox);
    m_recent->setObjectName(QStringLiteral("recentRuns"));
    m_recent->setColumnCount(ColumnCount);
    m_recent->setHeaderLabels({ tr("Session"), tr("Outcome"), tr("Reason"), tr("Duration"), tr("Workspace") });
    m_recent->setRootIsDecorated(false);
    m_recent->setUniformRowHeights(true);
    m_recent->setSelectionMode(QAbstractItemView::NoSelection);
    m_recent->setFocusPolicy(Qt::NoFocus);
    m_recent->setTextElideMode(Qt::ElideRight);
    m_recent->header()->setStretchLastSection(false);
    // Title and reason share what the short columns leave; each elides, its tooltip has it all.
    for (int column : { TitleColumn, ReasonColumn })
        m_recent->header()->setSectionResizeMode(column, QHeaderView::Stretch);
    for (int column : { OutcomeColumn, DurationColumn, WorkspaceColumn })
        m_recent->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    recentLayout->addWidget(m_recent);
    m_recentBox->setVisible(false);
    layout->addWidget(m_recentBox);
}

void RunActivityView::setActivity(const RunActivity &activity, const QDateTime &now)
{
    m_activity = activity;
    updateRunning(now);
    updateRecent(now);
    updateTicking();
}

RunActivityView::RunningRow *RunActivityView::rowFor(const QString &runId)
{
    auto found = m_rows.find(runId);
    if (found != m_rows.end())
        return &found.value();
    RunningRow row;
    row.widget = new QWidget(m_runningBox);
    row.widget->setObjectName(QStringLiteral("run:") + runId);
    auto *grid = new QGridLayout(row.widget);
    grid->setContentsMargins(0, 0, 0, 0);
    row.title = plainLabel(QStringLiteral("title"), row.widget);
    QFont bold = row.title->font();
    bold.setBold(true);
    row.title->setFont(bold);
    row.driver = plainLabel(QStringLiteral("driver"), row.widget);
    row.tier = plainLabel(QStringLiteral("tier"), row.widget);
    row.elapsed = plainLabel(QStringLiteral("elapsed"), row.widget);
    row.phase = plainLabel(QStringLiteral("phase"), row.widget);
    row.link = new QToolButton(row.widget);
    row.link->setObjectName(QStringLiteral("link"));
    row.link->setText(tr("Open Session"));
    row.cancel = new QToolButton(row.widget);
    row.cancel->setObjectName(QStringLiteral("cancel"));
    row.cancel->setText(tr("Cancel…"));
    grid->addWidget(row.title, 0, 0, 1, 4);
    grid->addWidget(row.driver, 1, 0);
    grid->addWidget(row.tier, 1, 1);
    grid->addWidget(row.elapsed, 1, 2);
    grid->addWidget(row.phase, 2, 0, 1, 4);
    grid->setColumnStretch(3, 1);
    grid->addWidget(row.link, 0, 4);
    grid->addWidget(row.cancel, 1, 4);
    connect(row.link, &QToolButton::clicked, this, [this, runId] {
        if (const auto it = m_rows.constFind(runId); it != m_rows.constEnd() && !it->url.isEmpty())
            emit openRequested(it->url);
    });
    connect(row.cancel, &QToolButton::clicked, this, [this, runId] {
        if (const auto it = m_rows.constFind(runId); it != m_rows.constEnd())
            emit cancelRequested(runId, it->title->text());
    });
    m_runningLayout->addWidget(row.widget);
    return &m_rows.insert(runId, row).value();
}

void RunActivityView::updateRunning(const QDateTime &now)
{
    QSet<QString> current;
    for (const RunSummary &run : m_activity.running()) {
        current.insert(run.runId);
        const RunEntry entry = TrayPresentation::runEntry(run, now);
        RunningRow *row = rowFor(run.runId);
        row->fullTitle = entry.fullTitle;
        row->url = entry.link;
        row->title->setText(entry.title);
        row->title->setToolTip(entry.title == entry.fullTitle ? QString() : literalToolTip(entry.fullTitle));
        row->driver->setText(tr("Driver: %1").arg(entry.driver));
        row->tier->setText(tr("Tier: %1").arg(entry.tier));
        row->elapsed->setText(tr("Running for %1").arg(entry.time));
        QStringList lines;
        for (const QString &line :
            { entry.phase, entry.repository.isEmpty() ? QString() : tr("Repository: %1").arg(entry.repository),
                entry.platformTools }) {
            if (!line.isEmpty())
                lines << line;
        }
        row->phase->setText(lines.join(QLatin1Char('\n')));
        row->phase->setVisible(!row->phase->text().isEmpty());
        row->link->setEnabled(!entry.link.isEmpty());
        row->link->setToolTip(entry.link.isEmpty() ? tr("The control plane gave no link to this Session")
                                                   : literalToolTip(entry.link.toDisplayString()));
    }
    for (auto it = m_rows.begin(); it != m_rows.end();) {
        if (current.contains(it.key())) {
            ++it;
            continue;
        }
        it->widget->deleteLater(); // may hold the Cancel button being clicked
        it->widget->hide();
        it = m_rows.erase(it);
    }
    m_noRuns->setVisible(m_activity.running().isEmpty());
}

void RunActivityView::updateRecent(const QDateTime &now)
{
    m_recent->clear();
    for (const RunSummary &run : m_activity.recent()) {
        const RunEntry entry = TrayPresentation::runEntry(run, now);
        auto *item = new QTreeWidgetItem(m_recent);
        item->setText(TitleColumn, entry.title);
        item->setText(OutcomeColumn, entry.outcome);
        item->setText(ReasonColumn, entry.reason);
        item->setText(DurationColumn, entry.time);
        item->setData(TitleColumn, Qt::UserRole, entry.runId);
        // The column elides what does not fit: the whole title is always a hover away.
        item->setToolTip(TitleColumn, literalToolTip(entry.fullTitle));
        if (!entry.reason.isEmpty())
            item->setToolTip(ReasonColumn, literalToolTip(run.reason + QStringLiteral(": ") + entry.reason));
        if (!run.snapshotId.isEmpty()) {
            auto *changes = new QToolButton(m_recent);
            changes->setObjectName(QStringLiteral("changes:") + run.runId);
            changes->setText(tr("Changes…"));
            changes->setToolTip(tr("What the run changed in its workspace, kept on this machine"));
            changes->setAutoRaise(true);
            connect(changes, &QToolButton::clicked, this, [this, id = run.snapshotId] { emit changesRequested(id); });
            m_recent->setItemWidget(item, WorkspaceColumn, changes);
        }
    }
    // As tall as its rows, up to RecentRowsShown; beyond that it scrolls.
    const int rows = std::clamp(int(m_activity.recent().size()), 1, RecentRowsShown);
    const int rowHeight
        = m_recent->sizeHintForRow(0) > 0 ? m_recent->sizeHintForRow(0) : m_recent->fontMetrics().height() + 6;
    m_recent->setFixedHeight(m_recent->header()->sizeHint().height() + rows * rowHeight + 2 * m_recent->frameWidth());
    m_recentBox->setVisible(!m_activity.recent().isEmpty());
}

void RunActivityView::updateTicking()
{
    const bool wanted = isVisible() && !m_activity.running().isEmpty();
    if (wanted && !m_tick->isActive())
        m_tick->start();
    else if (!wanted)
        m_tick->stop();
}

void RunActivityView::tick()
{
    const QDateTime now = m_now();
    for (const RunSummary &run : m_activity.running()) {
        if (auto it = m_rows.find(run.runId); it != m_rows.end())
            it->elapsed->setText(tr("Running for %1").arg(TrayPresentation::runEntry(run, now).time));
    }
}

void RunActivityView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    tick(); // the times went on while hidden
    updateTicking();
}

void RunActivityView::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_tick->stop();
}
