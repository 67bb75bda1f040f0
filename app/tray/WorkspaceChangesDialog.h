#pragma once

#include <QDialog>

#include <functional>
#include <memory>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTreeWidget;

namespace runnercore {
class SnapshotDiff;
}

// What an agent changed in a workspace kept on this machine (§6.9): the kept workspaces, newest
// first; the changed files of the one chosen with their added and removed lines, against the tree
// as it was prepared (the git commit for a repository); a file's unified diff; Save patch… (what
// `git apply` needs to turn the prepared tree into the kept one) and Export files…. All of it is
// read from the store on disk, on worker threads, so it shows the same after the tray restarts.
class WorkspaceChangesDialog : public QDialog
{
    Q_OBJECT
signals:
    void snapshotsListed();
    void filesListed();
    void diffShown();
    void patchSaved(bool ok, const QString &message);
    void exported(bool ok, const QString &message);

public:
    // storeRoot: the Runner's snapshot store (AppPaths::snapshotDir()).
    explicit WorkspaceChangesDialog(const QString &storeRoot, QWidget *parent = nullptr);
    ~WorkspaceChangesDialog() override;

    // Lists the kept workspaces again and chooses `snapshotId` (empty: the newest).
    void showSnapshot(const QString &snapshotId);
    QString currentSnapshot() const;

    // What Save patch… and Export files… ask (default: the file dialogs); empty: cancelled.
    void setPatchFileChooser(std::function<QString(const QString &suggested)> choose)
    {
        m_choosePatchFile = std::move(choose);
    }
    void setExportFolderChooser(std::function<QString()> choose) { m_chooseExportFolder = std::move(choose); }

public slots:
    void savePatch();
    void exportFiles();

private:
    void listSnapshots();
    void snapshotChosen(int index);
    void fileChosen();
    void setBusy(const QString &message);
    void setMessage(const QString &message);

    QString m_root;
    QString m_wanted;
    QString m_notice; // said until another workspace is chosen
    quint64 m_generation = 0; // answers for a workspace no longer shown are dropped
    std::shared_ptr<runnercore::SnapshotDiff> m_diff;
    std::function<QString(const QString &)> m_choosePatchFile;
    std::function<QString()> m_chooseExportFolder;
    QComboBox *m_snapshots;
    QLabel *m_summary;
    QTreeWidget *m_files;
    QPlainTextEdit *m_diffView;
    QLabel *m_message;
    QPushButton *m_savePatch;
    QPushButton *m_export;
};
