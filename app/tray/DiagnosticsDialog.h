#pragma once

#include <runnercore/runner/Doctor.h>

#include <QDialog>

class QLabel;
class QProgressBar;
class QPushButton;
class QTreeWidget;

// The `doctor` checks for a person: one row per check with its status (icon, colour and word),
// detail and hint. The checks run elsewhere (on the Runner thread); this only asks and shows.
class DiagnosticsDialog : public QDialog
{
    Q_OBJECT
signals:
    // "Run again" was pressed; the dialog is already in its busy state.
    void runRequested();

public:
    explicit DiagnosticsDialog(QWidget *parent = nullptr);

    bool isRunning() const { return m_running; }
    QList<runnercore::Doctor::Check> checks() const { return m_checks; }

    // The checks as `checkfu-runner doctor` prints them, after a line naming the runner version.
    // Doctor output never contains a secret, so this is safe to paste anywhere.
    static QString checksText(const QList<runnercore::Doctor::Check> &checks);
    // "OK", "Warning", "Failed", "Skipped".
    static QString statusText(runnercore::Doctor::Status status);
    // One line: how many failed, warned and were skipped.
    static QString summaryText(const QList<runnercore::Doctor::Check> &checks);

public slots:
    // Busy: the previous results stay, greyed, until showChecks.
    void setRunning();
    // Replaces the rows and ends the busy state.
    void showChecks(const QList<runnercore::Doctor::Check> &checks);
    void copyToClipboard();

private:
    bool m_running = false;
    QList<runnercore::Doctor::Check> m_checks;
    QLabel *m_summary;
    QProgressBar *m_busy;
    QTreeWidget *m_list;
    QLabel *m_copied;
    QPushButton *m_runAgain;
    QPushButton *m_copy;
};
