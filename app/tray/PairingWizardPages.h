#pragma once

#include <runnercore/base/Platform.h>
#include <runnercore/config/RunnerConfig.h>
#include <runnercore/config/RunnerPreferences.h>

#include <QUrl>
#include <QWizardPage>

#include <optional>

class QButtonGroup;
class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;

// The pages of PairingWizard. Each validates live and says, under the field, what is wrong and
// how to fix it; isComplete() is what enables Next. No page uses registerField(): QWizard's
// default cleanupPage() would then reset a field when the person goes back, and the wizard has
// to keep the values across a retry.

// A line under a field: an icon and wrapped plain text, hidden while empty.
class FieldMessage : public QWidget
{
    Q_OBJECT
public:
    enum class Kind { Error, Warning, Information };

    // textObjectName names the QLabel holding the text, for tests.
    FieldMessage(const QString &textObjectName, QWidget *parent = nullptr);

    void setMessage(Kind kind, const QString &text);
    void clear();
    QString text() const;

private:
    QLabel *m_icon;
    QLabel *m_text;
};

class EndpointPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit EndpointPage(QWidget *parent = nullptr);

    bool isComplete() const override;
    // Normalised (no trailing slash); empty until the text passes EndpointPolicy.
    QUrl endpoint() const { return m_endpoint; }
    void setEndpointText(const QString &text);
    // Context from outside the page (a link that was refused); cleared when the person edits.
    void setNotice(const QString &text);

private:
    void validate();

    QLineEdit *m_edit;
    FieldMessage *m_error;
    FieldMessage *m_notice;
    QUrl m_endpoint;
};

class CodePage : public QWizardPage
{
    Q_OBJECT
public:
    // os: a Platform::os() name; "windows" adds the note that pairing recovery is not supported
    // there (protocol §2.3 names no Windows store for the credential).
    explicit CodePage(QWidget *parent = nullptr, const QString &os = runnercore::Platform::os());

    bool isComplete() const override;
    // Normalised; empty until the text is a valid code.
    QString code() const { return m_code; }
    void setCodeText(const QString &text);
    // Why a new code is needed (the server refused the last one, or a link's code was malformed).
    void setNotice(const QString &text);

private:
    void validate();

    QLineEdit *m_edit;
    FieldMessage *m_error;
    FieldMessage *m_notice;
    QString m_code;
};

class MachinePage : public QWizardPage
{
    Q_OBJECT
public:
    MachinePage(const QString &defaultLabel, QWidget *parent = nullptr);

    bool isComplete() const override;
    QString label() const; // trimmed
    // The pairing comes from a link: say which control plane it pairs with (the link's, or the one
    // the endpoint page holds when the link names none) and what it replaces, before anything is redeemed.
    void setLinkEndpoint(const QUrl &endpoint, bool linkNamedIt, const QString &replaces);
    void clearLinkNotice();

private:
    void validate();

    QString m_defaultLabel;
    QLineEdit *m_edit;
    FieldMessage *m_error;
    FieldMessage *m_linkNotice;
    bool m_valid = false;
};

class SandboxPage : public QWizardPage
{
    Q_OBJECT
signals:
    void recheckRequested();

public:
    enum class Detection { NotChecked, Checking, Available, Unavailable };

    explicit SandboxPage(QWidget *parent = nullptr);

    bool isComplete() const override;
    // NotGiven until the person picks a tier: the choice decides the isolation, so none is preselected.
    runnercore::SandboxChoice choice() const;
    void setDocker(Detection state, const QString &detail);
    void setBubblewrap(Detection state, const QString &detail);

private:
    // A tier that is not available here cannot be chosen: the Runner would refuse to start with it.
    void setDetection(QRadioButton *option, QLabel *status, Detection state, const QString &detail);
    void choiceChanged();

    QButtonGroup *m_group;
    QRadioButton *m_hostProcess;
    QRadioButton *m_bubblewrap;
    QRadioButton *m_docker;
    QRadioButton *m_none;
    QLabel *m_bubblewrapStatus;
    QLabel *m_dockerStatus;
    QPushButton *m_recheck;
    FieldMessage *m_hint;
};

class CursorPage : public QWizardPage
{
    Q_OBJECT
public:
    explicit CursorPage(QWidget *parent = nullptr);

    bool isComplete() const override;
    // The tuple when all four fields are filled in and valid; nullopt when all are empty.
    std::optional<runnercore::CursorLane> lane() const { return m_lane; }
    // The key is never shown again once handed over: the field is emptied.
    void forgetKey();
    // The current pairing's Cursor tuple, whose key is in the credential store: shown (never the key) with a
    // choice to keep it for the new pairing. Not kept, it is removed once the new pairing is made.
    void setStoredTuple(const std::optional<runnercore::CursorTuple> &tuple);
    std::optional<runnercore::CursorTuple> storedTuple() const { return m_stored; }
    // The stored lane goes to the new pairing: chosen, and no new lane typed in.
    bool keepsStored() const;

private:
    void validate();

    QLineEdit *m_profileVersion;
    QLineEdit *m_releaseDigest;
    QLineEdit *m_model;
    QLineEdit *m_apiKey;
    FieldMessage *m_error;
    QLabel *m_storedText;
    QCheckBox *m_keep;
    bool m_valid = true;
    std::optional<runnercore::CursorLane> m_lane;
    std::optional<runnercore::CursorTuple> m_stored;
};

class ResultPage : public QWizardPage
{
    Q_OBJECT
signals:
    // Reached going forward: the wizard redeems now, or asks first.
    void entered();
    // The person clicked the button that replaces the current pairing (never the default button).
    void replaceConfirmed();

public:
    enum class State { Idle, Confirming, Pairing, Succeeded, Failed };

    explicit ResultPage(QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override { return m_state == State::Succeeded; }
    State state() const { return m_state; }

    void setSummary(const QString &summary);
    // The machine is paired already: the question, and a button saying what it does; nothing is redeemed yet.
    void askToReplace(const QString &question);
    void showPairing(const QString &message);
    void showSucceeded(const QString &message);
    void showFailed(const QString &message, bool needsNewCode);

private:
    void setState(State state);

    State m_state = State::Idle;
    QLabel *m_summary;
    QProgressBar *m_progress;
    QLabel *m_headline;
    QLabel *m_message;
    QLabel *m_nextStep;
    QPushButton *m_replace;
};
