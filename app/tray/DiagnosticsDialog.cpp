#include "DiagnosticsDialog.h"

#include <runnercore/base/Platform.h>

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace runnercore;

namespace {
constexpr int DialogWidthPx = 640;
constexpr int DialogHeightPx = 420;

enum Column { StatusColumn, NameColumn, DetailColumn };

QColor statusColor(Doctor::Status status, const QPalette &palette)
{
    switch (status) {
    case Doctor::Status::Ok:
        return QColor(0x1b, 0x7f, 0x3b);
    case Doctor::Status::Warn:
        return QColor(0x9a, 0x67, 0x00);
    case Doctor::Status::Fail:
        return QColor(0xb3, 0x26, 0x1e);
    case Doctor::Status::Skip:
        break;
    }
    return palette.color(QPalette::Disabled, QPalette::Text);
}

QIcon statusIcon(Doctor::Status status, const QStyle *style)
{
    switch (status) {
    case Doctor::Status::Ok:
        return style->standardIcon(QStyle::SP_DialogApplyButton);
    case Doctor::Status::Warn:
        return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Doctor::Status::Fail:
        return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Doctor::Status::Skip:
        break;
    }
    return style->standardIcon(QStyle::SP_MessageBoxInformation);
}

// Doctor::toText shows a hint only when something is not OK; so does the list.
bool showsHint(const Doctor::Check &check)
{
    return !check.hint.isEmpty() && check.status != Doctor::Status::Ok;
}
} // namespace

DiagnosticsDialog::DiagnosticsDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Checkfu Runner Diagnostics"));
    setObjectName(QStringLiteral("diagnosticsDialog"));
    resize(DialogWidthPx, DialogHeightPx);

    auto *layout = new QVBoxLayout(this);
    m_summary = new QLabel(tr("The checks have not run yet."), this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    m_busy = new QProgressBar(this);
    m_busy->setObjectName(QStringLiteral("busy"));
    m_busy->setRange(0, 0); // indeterminate: the checks report once, at the end
    m_busy->setTextVisible(false);
    m_busy->setVisible(false);
    layout->addWidget(m_busy);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("checks"));
    m_list->setHeaderLabels({ tr("Result"), tr("Check"), tr("Details") });
    m_list->setRootIsDecorated(false);
    m_list->setWordWrap(true);
    m_list->setUniformRowHeights(false);
    m_list->setSelectionMode(QAbstractItemView::NoSelection);
    m_list->header()->setSectionResizeMode(StatusColumn, QHeaderView::ResizeToContents);
    m_list->header()->setSectionResizeMode(NameColumn, QHeaderView::ResizeToContents);
    m_list->header()->setStretchLastSection(true);
    layout->addWidget(m_list, 1);

    m_copied = new QLabel(this);
    m_copied->setObjectName(QStringLiteral("copied"));
    layout->addWidget(m_copied);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_runAgain = buttons->addButton(tr("Run again"), QDialogButtonBox::ActionRole);
    m_runAgain->setObjectName(QStringLiteral("runAgain"));
    m_copy = buttons->addButton(tr("Copy to clipboard"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("copy"));
    m_copy->setEnabled(false);
    // Neither action button may close the dialog.
    m_runAgain->setAutoDefault(false);
    m_copy->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Close)->setObjectName(QStringLiteral("close"));
    layout->addWidget(buttons);

    connect(m_runAgain, &QPushButton::clicked, this, [this] {
        setRunning();
        emit runRequested();
    });
    connect(m_copy, &QPushButton::clicked, this, &DiagnosticsDialog::copyToClipboard);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void DiagnosticsDialog::setRunning()
{
    m_running = true;
    m_summary->setText(tr("Running the checks…"));
    m_busy->setVisible(true);
    m_list->setEnabled(false);
    m_runAgain->setEnabled(false);
    m_copy->setEnabled(false);
    m_copied->clear();
}

void DiagnosticsDialog::showChecks(const QList<Doctor::Check> &checks)
{
    m_running = false;
    m_checks = checks;
    m_list->clear();
    for (const Doctor::Check &check : checks) {
        QString details = check.detail;
        if (showsHint(check))
            details += QLatin1Char('\n') + tr("Hint: %1").arg(check.hint);
        auto *item = new QTreeWidgetItem(m_list, { statusText(check.status), Doctor::checkTitle(check.name), details });
        item->setIcon(StatusColumn, statusIcon(check.status, style()));
        item->setForeground(StatusColumn, statusColor(check.status, palette()));
        item->setToolTip(DetailColumn, details);
    }
    m_summary->setText(summaryText(checks));
    m_busy->setVisible(false);
    m_list->setEnabled(true);
    m_runAgain->setEnabled(true);
    m_copy->setEnabled(!checks.isEmpty());
    m_copied->clear();
}

void DiagnosticsDialog::copyToClipboard()
{
    QApplication::clipboard()->setText(checksText(m_checks));
    m_copied->setText(tr("Copied to the clipboard."));
}

QString DiagnosticsDialog::checksText(const QList<Doctor::Check> &checks)
{
    QString out = tr("Checkfu Runner %1 diagnostics").arg(Platform::runnerVersion()) + QLatin1Char('\n');
    for (const Doctor::Check &c : checks) {
        out += QStringLiteral("%1 %2: %3\n")
                   .arg(Doctor::statusName(c.status).leftJustified(4), Doctor::checkTitle(c.name), c.detail);
        if (showsHint(c))
            out += QStringLiteral("     ") + Doctor::tr("hint: %1").arg(c.hint) + QLatin1Char('\n');
    }
    return out;
}

QString DiagnosticsDialog::statusText(Doctor::Status status)
{
    switch (status) {
    case Doctor::Status::Ok:
        return tr("OK");
    case Doctor::Status::Warn:
        return tr("Warning");
    case Doctor::Status::Fail:
        return tr("Failed");
    case Doctor::Status::Skip:
        break;
    }
    return tr("Skipped");
}

QString DiagnosticsDialog::summaryText(const QList<Doctor::Check> &checks)
{
    if (checks.isEmpty())
        return tr("No checks ran.");
    int failed = 0;
    int warned = 0;
    int skipped = 0;
    for (const Doctor::Check &c : checks) {
        failed += c.status == Doctor::Status::Fail;
        warned += c.status == Doctor::Status::Warn;
        skipped += c.status == Doctor::Status::Skip;
    }
    // Spelled out rather than "%n check(s)": without a loaded translation Qt would show "check(s)".
    QStringList parts;
    if (failed)
        parts << (failed == 1 ? tr("1 check failed") : tr("%1 checks failed").arg(failed));
    if (warned)
        parts << (warned == 1 ? tr("1 warning") : tr("%1 warnings").arg(warned));
    if (skipped)
        parts << (skipped == 1 ? tr("1 skipped") : tr("%1 skipped").arg(skipped));
    if (!failed && !warned)
        parts.prepend(tr("All checks passed"));
    return parts.join(tr(", ")) + tr(".");
}
