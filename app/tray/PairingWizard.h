#pragma once

#include "PairingLink.h"
#include "PairingRequest.h"
#include <runnercore/config/RunnerPreferences.h>

#include <QWizard>

#include <functional>
#include <optional>

class CodePage;
class CursorPage;
class EndpointPage;
class MachinePage;
class ResultPage;
class SandboxPage;

// Pairs this machine: endpoint, pairing code, machine label, sandbox tier, optional Cursor
// lane, then a page that asks for the redemption and shows its outcome. The wizard redeems nothing
// itself: it emits pairRequested() and RunnerController answers through showResult(). The code
// and the Cursor key are secrets: nothing here logs them, and the key field is emptied once handed over.
class PairingWizard : public QWizard
{
    Q_OBJECT
signals:
    // The final page was reached, or Try Again was chosen. Values are normalised.
    void pairRequested(const PairingRequest &request);

public:
    enum PageId { EndpointPageId, CodePageId, MachinePageId, SandboxPageId, CursorPageId, ResultPageId };

    // The wizard's contacts with the machine, injectable for tests.
    struct Hooks
    {
        using Detected = std::function<void(bool available, const QString &detail)>;

        QString defaultLabel; // the host name
        // Each starts a check and calls back once, later, on the GUI thread; never blocks.
        std::function<void(Detected)> detectDocker;
        std::function<void(Detected)> detectBubblewrap;

        // The host name, `docker info` through the docker CLI, SandboxProbe::bubblewrap() on a worker thread.
        static Hooks system();
    };

    explicit PairingWizard(const Hooks &hooks, QWidget *parent = nullptr);
    ~PairingWizard() override;

    // Fills in what the link carries and restarts at the first page that still needs input: the endpoint
    // or code page when the link lacks or spoils that value (its error shown there), else the machine
    // page, which names the link's control plane before anything is redeemed. Ignored while a redemption
    // is under way.
    void prefill(const PairingLink &link);
    // The endpoint from the settings, when one is known.
    void setEndpoint(const QUrl &endpoint);
    // This machine is paired now (endpoint, workspace, runner): the wizard says what a new pairing replaces and
    // redeems only after the person clicks Replace the Current Pairing. An empty endpoint: not paired.
    void setCurrentPairing(const QUrl &endpoint, const QString &workspaceId, const QString &runnerId);
    // The current pairing's Cursor tuple, whose key is stored: the Cursor page offers to keep it.
    void setStoredCursor(const std::optional<runnercore::CursorTuple> &tuple);
    // What the pages hold now.
    PairingRequest request() const;

    // Whether a failure message means the code itself is spent or unknown (wire §2.1: pairing_not_found,
    // pairing_already_redeemed, pairing_expired), so that only a new code can help.
    static bool needsNewCode(const QString &message);

public slots:
    // From RunnerController after redemption: ok, or the exact error to show.
    void showResult(bool ok, const QString &message);
    // While the redemption is still under way (e.g. "cannot reach the control plane, retrying in 4 s").
    void showProgress(const QString &message);
    // Detects Docker and bubblewrap (again) through the hooks.
    void recheckSandboxes();
    // Closing drops the secrets (code, Cursor key) and ignores a late answer.
    void done(int result) override;

protected:
    void showEvent(QShowEvent *event) override;

private:
    void startPairing();
    void emitRequest();
    void updateLinkNotice();
    QString currentPairingText() const;
    void retry();
    void updateRetryButton();
    QString summary(const PairingRequest &request) const;

    Hooks m_hooks;
    EndpointPage *m_endpointPage;
    CodePage *m_codePage;
    MachinePage *m_machinePage;
    SandboxPage *m_sandboxPage;
    CursorPage *m_cursorPage;
    ResultPage *m_resultPage;
    PairingRequest m_lastRequest; // what Try Again sends again; its secrets are dropped on success and close
    QString m_lastError;
    QUrl m_currentEndpoint; // empty while this machine is not paired
    QString m_currentWorkspace;
    QString m_currentRunner;
    bool m_fromLink = false; // a link asked for this pairing
    bool m_linkNamedEndpoint = false;
    bool m_waiting = false;
    bool m_needsNewCode = false;
    // Detection answers for an earlier round are stale once a recheck started.
    int m_detectionRound = 0;
};
