#pragma once

#include <QDialog>
#include <QUrl>

class QLabel;
class QPushButton;

// Asks before forgetting this machine's pairing and says what that does and does not do: the
// control plane has no call for a Runner to deregister itself (wire §3, §7), so the runner stays
// listed there until an administrator revokes it. The work happens elsewhere; this asks and shows.
class UnpairDialog : public QDialog
{
    Q_OBJECT
signals:
    void unpairRequested();

public:
    UnpairDialog(const QString &runnerId, const QUrl &endpoint, QWidget *parent = nullptr);

    bool isBusy() const { return m_busy; }

public slots:
    // The outcome of unpairRequested; ok leaves only Close, a failure allows another try.
    void showResult(bool ok, const QString &message);

private:
    bool m_busy = false;
    QLabel *m_explanation;
    QLabel *m_result;
    QPushButton *m_unpair;
    QPushButton *m_cancel;
};
