#pragma once

#include "RunnerStatus.h"
#include "TrayPresentation.h"

#include <QWidget>

#include <functional>

class QFormLayout;
class QGroupBox;
class QLabel;
class QToolButton;
class QVBoxLayout;
class RunActivityView;
class TrayMenu;

// The compact window a left click on the icon opens; also the whole UI when there is no tray.
// Its buttons are the menu's own actions, so both show the same state.
class StatusWindow : public QWidget
{
    Q_OBJECT
signals:
    // Closing was asked while closing means quitting (no tray): the owner decides.
    void quitRequested();
    // Cancel was pressed for one run, not yet confirmed: the owner asks first.
    void cancelRunRequested(const QString &runId, const QString &title);
    // A run's Session link was clicked.
    void openRequested(const QUrl &url);
    // Changes… of an ended run whose workspace was kept.
    void changesRequested(const QString &snapshotId);

public:
    explicit StatusWindow(TrayMenu *menu, QWidget *parent = nullptr);

    void setStatus(const RunnerStatus &status, const TrayView &view, const QDateTime &now);
    // Why this window stands in for a tray icon; empty hides the note.
    void setNoTrayReason(const QString &text);
    QString noTrayReason() const;
    // What "now" is for the runs' elapsed times.
    void setClock(std::function<QDateTime()> now);
    RunActivityView *activityView() const { return m_activity; }
    // Without a tray, closing the window is the way to quit.
    void setQuitOnClose(bool quit) { m_quitOnClose = quit; }

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    // Only sentences wrap: a wrapping label in a form is laid out by height-for-width, which the
    // short facts do not need.
    QLabel *addValueRow(const QString &label, const QString &name, bool wrap);
    void rebuildApprovals();

    TrayMenu *m_menu;
    QToolButton *m_pairButton;
    bool m_quitOnClose = false;
    QLabel *m_icon;
    QLabel *m_statusLine;
    QLabel *m_noTray;
    QFormLayout *m_form;
    QLabel *m_endpoint;
    QLabel *m_machine;
    QLabel *m_runnerId;
    QLabel *m_sandbox;
    QLabel *m_slots;
    QLabel *m_lastContact;
    QLabel *m_nextRetry;
    QLabel *m_message;
    QLabel *m_warning;
    QGroupBox *m_approvalsBox;
    QVBoxLayout *m_approvalsLayout;
    RunActivityView *m_activity;
};
