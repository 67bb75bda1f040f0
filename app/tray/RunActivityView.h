#pragma once

#include "RunActivity.h"

#include <QDateTime>
#include <QHash>
#include <QTimer>
#include <QUrl>
#include <QWidget>

#include <functional>

class QGroupBox;
class QLabel;
class QToolButton;
class QTreeWidget;
class QVBoxLayout;

// The status window's list of runs: those going now (title, driver, tier, elapsed time, a link to
// the Session, Cancel) and the last ones that ended (title, outcome, reason, duration). Every
// text is plain text. The elapsed times tick once a second, and only while the view is shown
// and a run goes: a hidden window costs no timer.
class RunActivityView : public QWidget
{
    Q_OBJECT
signals:
    // Not yet confirmed: the owner asks first.
    void cancelRequested(const QString &runId, const QString &title);
    void openRequested(const QUrl &url);
    // Changes… of an ended run whose workspace this machine kept.
    void changesRequested(const QString &snapshotId);

public:
    static constexpr int TickMs = 1000;

    explicit RunActivityView(QWidget *parent = nullptr);

    // What "now" is for the elapsed times; default QDateTime::currentDateTime.
    void setClock(std::function<QDateTime()> now) { m_now = std::move(now); }
    void setActivity(const RunActivity &activity, const QDateTime &now);
    bool isTicking() const { return m_tick->isActive(); }

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    struct RunningRow
    {
        QWidget *widget = nullptr;
        QLabel *title = nullptr;
        QLabel *driver = nullptr;
        QLabel *tier = nullptr;
        QLabel *elapsed = nullptr;
        QLabel *phase = nullptr; // materialising: repository, phase and percent
        QToolButton *link = nullptr;
        QToolButton *cancel = nullptr;
        QUrl url;
        QString fullTitle;
    };

    RunningRow *rowFor(const QString &runId);
    void updateRunning(const QDateTime &now);
    void updateRecent(const QDateTime &now);
    void updateTicking();
    void tick();

    std::function<QDateTime()> m_now;
    RunActivity m_activity;
    QTimer *m_tick; // a child, so findChildren<QTimer *>() sees it
    QGroupBox *m_runningBox;
    QVBoxLayout *m_runningLayout;
    QLabel *m_noRuns;
    QHash<QString, RunningRow> m_rows;
    QGroupBox *m_recentBox;
    QTreeWidget *m_recent;
};
