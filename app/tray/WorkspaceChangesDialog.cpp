#include "WorkspaceChangesDialog.h"

#include "DiffHighlighter.h"
#include "LiteralText.h"
#include "WorkerThread.h"

#include <runnercore/base/Clock.h>
#include <runnercore/base/QuotedPath.h>
#include <runnercore/workspace/SnapshotDiff.h>
#include <runnercore/workspace/SnapshotExport.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

using namespace runnercore;

namespace {

// More than this of one file's diff is not shown (the patch has it all).
constexpr qsizetype MaxShownDiffBytes = 2 * 1024 * 1024;

enum FileColumn { PathColumn, ChangeColumn, LinesColumn };
constexpr int TitleRole = Qt::UserRole + 1;

// Titles come from the control plane: shown as plain text, on one line.
QString oneLine(const QString &text)
{
    QString line;
    for (const QChar c : text)
        line.append(c.category() == QChar::Other_Control ? QChar(u' ') : c);
    return line.simplified();
}

// "Fix the parser" → "fix-the-parser": a file name a patch may be saved under.
QString fileStem(const QString &id, const QString &title)
{
    QString stem;
    for (const QChar c : title.toLower()) {
        if (c.isLetterOrNumber())
            stem.append(c);
        else if (!stem.isEmpty() && !stem.endsWith(QLatin1Char('-')))
            stem.append(QLatin1Char('-'));
        if (stem.size() >= 48)
            break;
    }
    while (stem.endsWith(QLatin1Char('-')))
        stem.chop(1);
    return stem.isEmpty() ? id : stem;
}

// The Lines column: the counts, or why a file has none.
QString linesText(const SnapshotDiff::File &file)
{
    switch (file.leftOut) {
    case SnapshotDiff::File::LeftOut::No:
        break;
    case SnapshotDiff::File::LeftOut::OverFileBound:
        return WorkspaceChangesDialog::tr("over 16 MiB");
    case SnapshotDiff::File::LeftOut::OverDiffBound:
        return WorkspaceChangesDialog::tr("left out");
    case SnapshotDiff::File::LeftOut::Unreadable:
        return WorkspaceChangesDialog::tr("unreadable");
    }
    return file.binary ? WorkspaceChangesDialog::tr("binary")
                       : QStringLiteral("+%1 −%2").arg(file.added).arg(file.removed);
}

} // namespace

WorkspaceChangesDialog::WorkspaceChangesDialog(const QString &storeRoot, QWidget *parent)
    : QDialog(parent), m_root(storeRoot)
{
    setObjectName(QStringLiteral("workspaceChanges"));
    setWindowTitle(tr("Workspace changes"));
    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    auto *label = new QLabel(tr("Workspace:"), this);
    m_snapshots = new QComboBox(this);
    m_snapshots->setObjectName(QStringLiteral("snapshots"));
    m_snapshots->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_snapshots->setMinimumContentsLength(40);
    label->setBuddy(m_snapshots);
    top->addWidget(label);
    top->addWidget(m_snapshots, 1);
    layout->addLayout(top);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    m_files = new QTreeWidget(splitter);
    m_files->setObjectName(QStringLiteral("files"));
    m_files->setColumnCount(3);
    m_files->setHeaderLabels({ tr("File"), tr("Change"), tr("Lines") });
    m_files->setRootIsDecorated(false);
    m_files->setUniformRowHeights(true);
    m_files->setTextElideMode(Qt::ElideMiddle);
    m_files->header()->setStretchLastSection(false);
    m_files->header()->setSectionResizeMode(PathColumn, QHeaderView::Stretch);
    m_files->header()->setSectionResizeMode(ChangeColumn, QHeaderView::ResizeToContents);
    m_files->header()->setSectionResizeMode(LinesColumn, QHeaderView::ResizeToContents);
    m_diffView = new QPlainTextEdit(splitter);
    m_diffView->setObjectName(QStringLiteral("diff"));
    m_diffView->setReadOnly(true);
    m_diffView->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_diffView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    new DiffHighlighter(m_diffView->document());
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_savePatch = buttons->addButton(tr("Save patch…"), QDialogButtonBox::ActionRole);
    m_savePatch->setObjectName(QStringLiteral("savePatch"));
    m_savePatch->setToolTip(tr("Every change as one patch file: git apply in the prepared tree makes it the kept one"));
    m_export = buttons->addButton(tr("Export files…"), QDialogButtonBox::ActionRole);
    m_export->setObjectName(QStringLiteral("exportFiles"));
    m_export->setToolTip(tr("The whole workspace as the agent left it, into a folder you choose; what would make git "
                            "run commands the agent chose is left out"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_savePatch, &QPushButton::clicked, this, &WorkspaceChangesDialog::savePatch);
    connect(m_export, &QPushButton::clicked, this, &WorkspaceChangesDialog::exportFiles);
    connect(m_snapshots, &QComboBox::currentIndexChanged, this, &WorkspaceChangesDialog::snapshotChosen);
    connect(m_files, &QTreeWidget::currentItemChanged, this, &WorkspaceChangesDialog::fileChosen);

    resize(860, 640);
    m_savePatch->setEnabled(false);
    m_export->setEnabled(false);
}

WorkspaceChangesDialog::~WorkspaceChangesDialog() = default;

QString WorkspaceChangesDialog::currentSnapshot() const
{
    return m_snapshots->currentData().toString();
}

void WorkspaceChangesDialog::setBusy(const QString &message)
{
    m_message->setText(message);
    m_savePatch->setEnabled(false);
    m_export->setEnabled(false);
}

void WorkspaceChangesDialog::setMessage(const QString &message)
{
    m_message->setText(message);
    const bool chosen = !currentSnapshot().isEmpty();
    m_savePatch->setEnabled(chosen && m_diff != nullptr);
    m_export->setEnabled(chosen);
}

void WorkspaceChangesDialog::showSnapshot(const QString &snapshotId)
{
    m_wanted = snapshotId;
    m_notice.clear();
    listSnapshots();
}

void WorkspaceChangesDialog::listSnapshots()
{
    setBusy(tr("Reading the workspaces kept on this machine…"));
    auto infos = std::make_shared<QList<SnapshotStore::Info>>();
    const QString root = m_root;
    const quint64 generation = ++m_generation;
    runInWorker(
        this,
        [root, infos] {
            if (!QFileInfo::exists(root))
                return; // looking creates nothing
            const SystemClock clock;
            *infos = SnapshotStore(root, clock).list();
        },
        [this, infos, generation] {
            if (generation != m_generation)
                return;
            const QSignalBlocker blocker(m_snapshots);
            m_snapshots->clear();
            for (auto it = infos->crbegin(); it != infos->crend(); ++it) { // newest first
                const QString title = oneLine(it->title).isEmpty() ? it->id : oneLine(it->title);
                m_snapshots->addItem(
                    tr("%1 — %2 (%3 added, %4 modified, %5 deleted)")
                        .arg(title, QLocale().toString(it->createdAt.toLocalTime(), QLocale::ShortFormat))
                        .arg(it->changes.added)
                        .arg(it->changes.modified)
                        .arg(it->changes.deleted),
                    it->id);
                m_snapshots->setItemData(m_snapshots->count() - 1, it->id, Qt::ToolTipRole);
                m_snapshots->setItemData(m_snapshots->count() - 1, it->title, TitleRole);
            }
            const int wanted = m_wanted.isEmpty() ? 0 : m_snapshots->findData(m_wanted);
            emit snapshotsListed();
            if (m_snapshots->count() == 0) {
                m_summary->clear();
                m_files->clear();
                m_diffView->clear();
                m_diff.reset();
                setMessage(tr("No workspace is kept on this machine. A run keeps its workspace when its Session asks "
                              "for it (snapshot.on_settle)."));
                return;
            }
            if (wanted < 0) {
                m_snapshots->setCurrentIndex(0);
                snapshotChosen(0);
                m_notice = tr("The workspace %1 is no longer kept on this machine (removed or expired).")
                               .arg(m_wanted.left(80));
                return;
            }
            m_snapshots->setCurrentIndex(wanted);
            snapshotChosen(wanted);
        });
}

void WorkspaceChangesDialog::snapshotChosen(int index)
{
    m_notice.clear();
    m_files->clear();
    m_diffView->clear();
    m_summary->clear();
    m_diff.reset();
    if (index < 0)
        return;
    const QString id = m_snapshots->itemData(index).toString();
    setBusy(tr("Comparing the workspace with the tree it started from…"));
    struct Answer
    {
        std::optional<SnapshotStore::Info> info;
        std::shared_ptr<SnapshotDiff> diff;
        QString error;
    };
    auto answer = std::make_shared<Answer>();
    const QString root = m_root;
    const quint64 generation = ++m_generation;
    runInWorker(
        this,
        [root, id, answer] {
            const SystemClock clock;
            const SnapshotStore store(root, clock);
            answer->info = store.find(id);
            answer->diff = SnapshotDiff::open(store, id, &answer->error);
        },
        [this, answer, generation] {
            if (generation != m_generation)
                return;
            if (!answer->diff || !answer->info) {
                setMessage(tr("The changes cannot be shown: %1").arg(answer->error));
                emit filesListed();
                return;
            }
            m_diff = answer->diff;
            const SnapshotStore::Info &info = *answer->info;
            const QString base = info.baseCommit.isEmpty()
                ? tr("the workspace as it was prepared")
                : tr("git commit %1 as it was prepared").arg(info.baseCommit.left(12));
            m_summary->setText(tr(
                "%n file(s) changed, compared with %1. Kept until %2; %3 in all.", nullptr, int(m_diff->files().size()))
                                   .arg(base, QLocale().toString(info.expiresAt.toLocalTime(), QLocale::ShortFormat),
                                       QLocale().formattedDataSize(info.bytes)));
            for (const SnapshotDiff::File &file : m_diff->files()) {
                // The harness chose the name: shown quoted where it holds a control or bidi
                // character (as the CLI and git show it), and never as markup.
                const QString shown = QuotedPath::quote(file.path);
                auto *item = new QTreeWidgetItem(m_files);
                item->setText(PathColumn, shown);
                item->setToolTip(PathColumn, literalToolTip(shown));
                item->setData(PathColumn, Qt::UserRole, file.path);
                item->setText(ChangeColumn,
                    file.status == SnapshotDiff::File::Status::Added         ? tr("added")
                        : file.status == SnapshotDiff::File::Status::Deleted ? tr("deleted")
                                                                             : tr("modified"));
                item->setText(LinesColumn, linesText(file));
            }
            QString message = m_notice;
            if (m_diff->files().isEmpty())
                message += QLatin1Char(' ') + tr("The run changed no file.");
            else if (m_diff->leftOutCount() > 0) // named, never dropped in silence
                message += QLatin1Char(' ') + m_diff->leftOutSummary() + QLatin1Char(' ')
                    + tr("Export files… writes every file.");
            setMessage(message.trimmed());
            emit filesListed();
            if (m_files->topLevelItemCount() > 0)
                m_files->setCurrentItem(m_files->topLevelItem(0));
        });
}

void WorkspaceChangesDialog::fileChosen()
{
    const QTreeWidgetItem *item = m_files->currentItem();
    if (!item || !m_diff)
        return;
    const QString path = item->data(PathColumn, Qt::UserRole).toString();
    auto text = std::make_shared<QByteArray>();
    auto error = std::make_shared<QString>();
    const std::shared_ptr<const SnapshotDiff> diff = m_diff;
    const quint64 generation = m_generation; // a new workspace makes this answer stale
    runInWorker(
        this, [diff, path, text, error] { *text = diff->filePatch(path, error.get()); },
        [this, text, error, generation, path] {
            if (generation != m_generation || !m_files->currentItem()
                || m_files->currentItem()->data(PathColumn, Qt::UserRole).toString() != path)
                return;
            QString shown = QString::fromUtf8(text->left(MaxShownDiffBytes));
            if (text->size() > MaxShownDiffBytes)
                shown += tr("\n… (the rest is in the patch: Save patch…)");
            m_diffView->setPlainText(text->isEmpty() ? *error : shown);
            emit diffShown();
        });
}

void WorkspaceChangesDialog::savePatch()
{
    const QString id = currentSnapshot();
    if (id.isEmpty() || !m_diff)
        return;
    const QString title = m_snapshots->currentData(TitleRole).toString();
    const QString suggested = QDir::home().filePath(fileStem(id, title) + QStringLiteral(".patch"));
    const QString target = m_choosePatchFile
        ? m_choosePatchFile(suggested)
        : QFileDialog::getSaveFileName(this, tr("Save patch"), suggested, tr("Patches (*.patch *.diff)"));
    if (target.isEmpty())
        return;
    setBusy(tr("Writing the patch…"));
    auto error = std::make_shared<QString>();
    auto ok = std::make_shared<bool>(false);
    const std::shared_ptr<const SnapshotDiff> diff = m_diff;
    runInWorker(
        this, [diff, target, error, ok] { *ok = diff->writePatch(target, error.get()); },
        [this, diff, target, error, ok] {
            QString message = *ok ? tr("Saved the patch to %1 (git apply in the prepared tree applies it).")
                                        .arg(QDir::toNativeSeparators(target))
                                  : tr("The patch was not saved: %1").arg(*error);
            if (*ok && diff->leftOutCount() > 0)
                message += QLatin1Char(' ') + diff->leftOutSummary();
            setMessage(message);
            emit patchSaved(*ok, message);
        });
}

void WorkspaceChangesDialog::exportFiles()
{
    const QString id = currentSnapshot();
    if (id.isEmpty())
        return;
    const QString chosen = m_chooseExportFolder
        ? m_chooseExportFolder()
        : QFileDialog::getExistingDirectory(this, tr("Export the workspace to"), QDir::homePath());
    if (chosen.isEmpty())
        return;
    // Never over what is there: a folder with files in it gets a new folder named for the workspace.
    const bool empty = QDir(chosen).isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    const QString target = empty ? chosen : QDir(chosen).filePath(id);
    setBusy(tr("Exporting…"));
    auto outcome = std::make_shared<SnapshotExport::Outcome>();
    const QString root = m_root;
    runInWorker(
        this,
        [root, id, target, outcome] {
            const SystemClock clock;
            *outcome = SnapshotExport::run(SnapshotStore(root, clock), id, target);
        },
        [this, target, outcome] {
            const bool ok = outcome->status == SnapshotExport::Outcome::Status::Exported;
            const QString message = ok ? tr("Exported the workspace to %1 (every file checked against its digest).")
                                             .arg(QDir::toNativeSeparators(target))
                    + QLatin1Char('\n') + outcome->report.describe()
                                       : tr("The workspace was not exported: %1").arg(outcome->message);
            setMessage(message);
            emit exported(ok, message);
        });
}
