#include "PairingWizardPages.h"

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/identity/PairingCode.h>
#include <runnercore/transport/EndpointPolicy.h>

#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QStyle>
#include <QVBoxLayout>

using namespace runnercore;

namespace {

constexpr int MessageIconPx = 16;
// Descriptions under a radio button line up with its text, not with the indicator.
constexpr int OptionIndentPx = 24;

// A wrapped explanation in the page's own words; never rich text, since some of it comes from
// outside (a server's error message, a host name).
QLabel *explanation(const QString &text, QWidget *parent, const QString &objectName = QString())
{
    auto *label = new QLabel(text, parent);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    if (!objectName.isEmpty())
        label->setObjectName(objectName);
    return label;
}

QLabel *optionDescription(const QString &text, QWidget *parent, const QString &objectName = QString())
{
    QLabel *label = explanation(text, parent, objectName);
    label->setContentsMargins(OptionIndentPx, 0, 0, 0);
    return label;
}

bool hasControlCharacter(const QString &text)
{
    for (QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

} // namespace

// ---------------------------------------------------------------------------------------------

FieldMessage::FieldMessage(const QString &textObjectName, QWidget *parent) : QWidget(parent)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_icon = new QLabel(this);
    m_icon->setFixedSize(MessageIconPx, MessageIconPx);
    m_icon->setAlignment(Qt::AlignTop);
    m_text = explanation(QString(), this, textObjectName);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_text, 1);
    setVisible(false);
}

void FieldMessage::setMessage(Kind kind, const QString &text)
{
    if (text.isEmpty()) {
        clear();
        return;
    }
    QStyle::StandardPixmap icon = QStyle::SP_MessageBoxInformation;
    if (kind == Kind::Error)
        icon = QStyle::SP_MessageBoxCritical;
    else if (kind == Kind::Warning)
        icon = QStyle::SP_MessageBoxWarning;
    m_icon->setPixmap(style()->standardIcon(icon).pixmap(MessageIconPx, MessageIconPx));
    m_text->setText(text);
    setVisible(true);
}

void FieldMessage::clear()
{
    m_text->clear();
    setVisible(false);
}

QString FieldMessage::text() const
{
    return m_text->text();
}

// ---------------------------------------------------------------------------------------------

EndpointPage::EndpointPage(QWidget *parent) : QWizardPage(parent)
{
    setObjectName(QStringLiteral("endpointPage"));
    setTitle(tr("Control plane"));
    setSubTitle(tr("The address of your Checkfu control plane. Your administrator gives it to you with the "
                   "pairing code."));

    auto *layout = new QVBoxLayout(this);
    m_notice = new FieldMessage(QStringLiteral("endpointNotice"), this);
    layout->addWidget(m_notice);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("endpointEdit"));
    m_edit->setPlaceholderText(QStringLiteral("https://checkfu.example.com"));
    m_edit->setInputMethodHints(Qt::ImhUrlCharactersOnly | Qt::ImhNoAutoUppercase);
    form->addRow(tr("&Endpoint URL:"), m_edit);
    layout->addLayout(form);

    m_error = new FieldMessage(QStringLiteral("endpointError"), this);
    layout->addWidget(m_error);
    layout->addWidget(explanation(tr("Only https:// is accepted, except plain http:// to this machine itself "
                                     "(127.0.0.1, [::1] or localhost), such as a local development control plane."),
        this));
    layout->addStretch(1);

    connect(m_edit, &QLineEdit::textChanged, this, &EndpointPage::validate);
    connect(m_edit, &QLineEdit::textEdited, m_notice, &FieldMessage::clear);
}

bool EndpointPage::isComplete() const
{
    return !m_endpoint.isEmpty();
}

void EndpointPage::setEndpointText(const QString &text)
{
    m_edit->setText(text);
}

void EndpointPage::setNotice(const QString &text)
{
    m_notice->setMessage(FieldMessage::Kind::Warning, text);
}

void EndpointPage::validate()
{
    const QString text = m_edit->text();
    m_endpoint.clear();
    if (text.trimmed().isEmpty()) {
        // Nothing typed yet is not a mistake; Next stays disabled.
        m_error->clear();
    } else if (const auto problem = EndpointPolicy::check(text, tr("The endpoint"))) {
        m_error->setMessage(FieldMessage::Kind::Error, *problem);
    } else {
        m_error->clear();
        m_endpoint = EndpointPolicy::normalized(text);
    }
    emit completeChanged();
}

// ---------------------------------------------------------------------------------------------

CodePage::CodePage(QWidget *parent, const QString &os) : QWizardPage(parent)
{
    setObjectName(QStringLiteral("codePage"));
    setTitle(tr("Pairing code"));
    setSubTitle(tr("Paste the one-use code your administrator created for you. It looks like CFU-XXXX-XXXX-XXXX "
                   "and works only for a few minutes."));

    auto *layout = new QVBoxLayout(this);
    m_notice = new FieldMessage(QStringLiteral("codeNotice"), this);
    layout->addWidget(m_notice);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("codeEdit"));
    m_edit->setPlaceholderText(QStringLiteral("CFU-XXXX-XXXX-XXXX"));
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    // A secret: keep it out of input-method dictionaries and predictions.
    m_edit->setInputMethodHints(Qt::ImhSensitiveData | Qt::ImhNoPredictiveText | Qt::ImhPreferUppercase);
    form->addRow(tr("&Code:"), m_edit);
    layout->addLayout(form);

    m_error = new FieldMessage(QStringLiteral("codeError"), this);
    layout->addWidget(m_error);
    layout->addWidget(explanation(tr("Spaces, line breaks, lower case and missing hyphens do not matter: the code is "
                                     "tidied up as you paste it."),
        this));
    auto *recoveryNote = new FieldMessage(QStringLiteral("codeRecoveryNote"), this);
    if (os == QLatin1String("windows"))
        recoveryNote->setMessage(FieldMessage::Kind::Information,
            tr("Pairing recovery is not supported on Windows: if this machine loses its pairing, ask your "
               "administrator for a new pairing code."));
    layout->addWidget(recoveryNote);
    layout->addStretch(1);

    connect(m_edit, &QLineEdit::textChanged, this, &CodePage::validate);
    connect(m_edit, &QLineEdit::textEdited, m_notice, &FieldMessage::clear);
}

bool CodePage::isComplete() const
{
    return !m_code.isEmpty();
}

void CodePage::setCodeText(const QString &text)
{
    m_edit->setText(text);
}

void CodePage::setNotice(const QString &text)
{
    m_notice->setMessage(FieldMessage::Kind::Warning, text);
}

void CodePage::validate()
{
    const QString text = m_edit->text();
    m_code.clear();
    if (text.trimmed().isEmpty()) {
        m_error->clear();
        emit completeChanged();
        return;
    }
    const PairingCode code = PairingCode::parse(text);
    if (!code.isValid()) {
        m_error->setMessage(FieldMessage::Kind::Error, code.error());
        emit completeChanged();
        return;
    }
    m_error->clear();
    if (text != code.normalized()) {
        // Show the person the code as it will be sent; this re-enters validate() once with the tidy text.
        m_edit->setText(code.normalized());
        return;
    }
    m_code = code.normalized();
    emit completeChanged();
}

// ---------------------------------------------------------------------------------------------

MachinePage::MachinePage(const QString &defaultLabel, QWidget *parent)
    : QWizardPage(parent), m_defaultLabel(defaultLabel)
{
    setObjectName(QStringLiteral("machinePage"));
    setTitle(tr("This machine"));
    setSubTitle(tr("The name you and your administrator will see for this machine in Checkfu. It defaults to the "
                   "host name."));

    auto *layout = new QVBoxLayout(this);
    m_linkNotice = new FieldMessage(QStringLiteral("linkNotice"), this);
    layout->addWidget(m_linkNotice);

    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_edit = new QLineEdit(defaultLabel, this);
    m_edit->setObjectName(QStringLiteral("labelEdit"));
    m_edit->setPlaceholderText(defaultLabel.isEmpty() ? tr("e.g. alice-laptop") : defaultLabel);
    form->addRow(tr("Machine &label:"), m_edit);
    layout->addLayout(form);

    m_error = new FieldMessage(QStringLiteral("labelError"), this);
    layout->addWidget(m_error);
    layout->addStretch(1);

    connect(m_edit, &QLineEdit::textChanged, this, &MachinePage::validate);
    validate();
}

bool MachinePage::isComplete() const
{
    return m_valid;
}

QString MachinePage::label() const
{
    return m_edit->text().trimmed();
}

void MachinePage::setLinkEndpoint(const QUrl &endpoint, bool linkNamedIt, const QString &replaces)
{
    // The link, not the person, asks to pair: runs from that control plane will execute here. A code-only link
    // is no less a link (on a shared control plane any web page can hand one out).
    const QString where = endpoint.toString(QUrl::FullyEncoded);
    QString text = linkNamedIt
        ? tr("This pairing link is for the control plane %1.").arg(where)
        : tr("This pairing link names no control plane: its code will be redeemed with %1, the control plane set on "
             "the first page.")
              .arg(where);
    text += QLatin1Char(' ')
        + tr("Runs it sends will execute on this machine: continue only if you expected this link from your "
             "administrator.");
    if (!replaces.isEmpty())
        text += QLatin1Char(' ') + tr("This machine works for %1 now: pairing replaces that.").arg(replaces);
    m_linkNotice->setMessage(FieldMessage::Kind::Warning, text);
}

void MachinePage::clearLinkNotice()
{
    m_linkNotice->clear();
}

void MachinePage::validate()
{
    const QString label = this->label();
    m_valid = false;
    if (label.isEmpty()) {
        m_error->setMessage(FieldMessage::Kind::Error,
            tr("The machine label is empty. Give a name that tells you which machine this is, e.g. %1.")
                .arg(m_defaultLabel.isEmpty() ? QStringLiteral("alice-laptop") : m_defaultLabel));
    } else if (hasControlCharacter(label)) {
        // A line break in the label would forge lines in logs and admin views.
        m_error->setMessage(FieldMessage::Kind::Error,
            tr("The machine label contains a line break or another control character. Use a plain one-line name."));
    } else {
        m_error->clear();
        m_valid = true;
    }
    emit completeChanged();
}

// ---------------------------------------------------------------------------------------------

SandboxPage::SandboxPage(QWidget *parent) : QWizardPage(parent)
{
    setObjectName(QStringLiteral("sandboxPage"));
    setTitle(tr("Sandbox"));
    setSubTitle(tr("Where runs execute on this machine. Pick the strongest isolation this machine offers."));

    auto *layout = new QVBoxLayout(this);
    m_group = new QButtonGroup(this);

    auto addOption = [&](QRadioButton *&button, const QString &objectName, const QString &text, SandboxChoice id) {
        button = new QRadioButton(text, this);
        button->setObjectName(objectName);
        m_group->addButton(button, int(id));
        layout->addWidget(button);
    };
    auto addStatus = [&](const QString &objectName) {
        QLabel *label = optionDescription(tr("Not checked."), this, objectName);
        layout->addWidget(label);
        return label;
    };

    addOption(m_bubblewrap, QStringLiteral("sandboxBubblewrap"), tr("&Bubblewrap"), SandboxChoice::Bubblewrap);
    layout->addWidget(optionDescription(tr("Runs execute as processes of this machine in their own namespaces, with a "
                                           "read-only system and no network unless the run allows it."),
        this));
    m_bubblewrapStatus = addStatus(QStringLiteral("bubblewrapStatus"));
    layout->addSpacing(6);

    addOption(m_docker, QStringLiteral("sandboxDocker"), tr("&Docker only"), SandboxChoice::Docker);
    layout->addWidget(optionDescription(tr("Runs execute in containers. The Runner refuses to start when no Docker "
                                           "daemon answers."),
        this));
    m_dockerStatus = addStatus(QStringLiteral("dockerStatus"));
    layout->addSpacing(6);

    addOption(m_hostProcess, QStringLiteral("sandboxHostProcess"), tr("&Host process"), SandboxChoice::HostProcess);
    auto *warning = new FieldMessage(QStringLiteral("hostProcessWarning"), this);
    warning->setContentsMargins(OptionIndentPx, 0, 0, 0);
    warning->setMessage(FieldMessage::Kind::Warning,
        tr("No isolation. Runs execute as your user, can read and change your files, and use this machine's own "
           "network without limits. Choose it only for work you would run yourself."));
    layout->addWidget(warning);
    layout->addSpacing(6);

    addOption(m_none, QStringLiteral("sandboxNone"), tr("&None on this machine"), SandboxChoice::None);
    layout->addWidget(optionDescription(tr("Runs execute only in Docker containers, while a Docker daemon answers; "
                                           "without one this machine takes no work."),
        this));
    layout->addSpacing(6);

    layout->addWidget(explanation(tr("Except with Docker only, Docker containers are used as well whenever a Docker "
                                     "daemon answers."),
        this));

    layout->addStretch(1);
    auto *bottom = new QHBoxLayout;
    m_hint = new FieldMessage(QStringLiteral("sandboxHint"), this);
    bottom->addWidget(m_hint, 1);
    bottom->addStretch(0);
    m_recheck = new QPushButton(tr("Check &Again"), this);
    m_recheck->setObjectName(QStringLiteral("recheckSandboxes"));
    m_recheck->setToolTip(tr("Detect Docker and bubblewrap again, e.g. after installing or starting them."));
    m_recheck->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    bottom->addWidget(m_recheck, 0, Qt::AlignTop | Qt::AlignRight);
    layout->addLayout(bottom);

    // Until detection says otherwise, the guarded tiers cannot be chosen.
    m_bubblewrap->setEnabled(false);
    m_docker->setEnabled(false);

    connect(m_recheck, &QPushButton::clicked, this, &SandboxPage::recheckRequested);
    connect(m_group, &QButtonGroup::idToggled, this, &SandboxPage::choiceChanged);
    choiceChanged();
}

void SandboxPage::choiceChanged()
{
    m_hint->setMessage(FieldMessage::Kind::Information,
        choice() == SandboxChoice::NotGiven ? tr("Choose where runs execute to continue.") : QString());
    emit completeChanged();
}

bool SandboxPage::isComplete() const
{
    return choice() != SandboxChoice::NotGiven;
}

SandboxChoice SandboxPage::choice() const
{
    const int id = m_group->checkedId();
    return id < 0 ? SandboxChoice::NotGiven : SandboxChoice(id);
}

void SandboxPage::setDocker(Detection state, const QString &detail)
{
    setDetection(m_docker, m_dockerStatus, state, detail);
}

void SandboxPage::setBubblewrap(Detection state, const QString &detail)
{
    setDetection(m_bubblewrap, m_bubblewrapStatus, state, detail);
}

void SandboxPage::setDetection(QRadioButton *option, QLabel *status, Detection state, const QString &detail)
{
    switch (state) {
    case Detection::NotChecked:
        status->setText(tr("Not checked."));
        break;
    case Detection::Checking:
        // Keep the button as it was: a recheck of a tier already chosen should not undo the choice.
        status->setText(tr("Checking whether this machine offers it…"));
        return;
    case Detection::Available:
        status->setText(detail.isEmpty() ? tr("Detected on this machine.") : tr("Detected: %1.").arg(detail));
        option->setEnabled(true);
        return;
    case Detection::Unavailable:
        status->setText(detail.isEmpty() ? tr("Not available on this machine.") : tr("Not available: %1.").arg(detail));
        break;
    }
    if (option->isChecked()) {
        // An exclusive group refuses to uncheck its only checked button.
        m_group->setExclusive(false);
        option->setChecked(false);
        m_group->setExclusive(true);
        choiceChanged();
    }
    option->setEnabled(false);
}

// ---------------------------------------------------------------------------------------------

namespace {
// The wire's names for the four values (§8); RunnerConfigParser names its errors by them.
const QString profileVariable = ConfigKeys::name(EnvVar::CursorProfileVersion);
const QString digestVariable = ConfigKeys::name(EnvVar::CursorReleaseDigest);
const QString modelVariable = ConfigKeys::name(EnvVar::CursorModel);
const QString apiKeyVariable = ConfigKeys::name(EnvVar::CursorApiKey);
} // namespace

CursorPage::CursorPage(QWidget *parent) : QWizardPage(parent)
{
    setObjectName(QStringLiteral("cursorPage"));
    setTitle(tr("Cursor (optional)"));
    setSubTitle(tr("Lets this machine run Cursor agent sessions in Docker with your own Cursor API key. Fill in all "
                   "four fields, or leave all of them empty to skip this."));
    // Next starts the redemption from here.
    setButtonText(QWizard::NextButton, tr("&Pair"));
    setButtonText(QWizard::CommitButton, tr("&Pair"));

    auto *layout = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    auto addField = [&](QLineEdit *&edit, const QString &objectName, const QString &label, const QString &placeholder) {
        edit = new QLineEdit(this);
        edit->setObjectName(objectName);
        edit->setPlaceholderText(placeholder);
        form->addRow(label, edit);
        connect(edit, &QLineEdit::textChanged, this, &CursorPage::validate);
    };
    addField(
        m_profileVersion, QStringLiteral("cursorProfileVersion"), tr("Profile &version:"), QStringLiteral("hprof_…@1"));
    addField(
        m_releaseDigest, QStringLiteral("cursorReleaseDigest"), tr("Release &digest:"), QStringLiteral("sha256:…"));
    addField(m_model, QStringLiteral("cursorModel"), tr("&Model:"), tr("as your administrator named it"));
    addField(m_apiKey, QStringLiteral("cursorApiKey"), tr("API &key:"), QString());
    // Masked, no copy-out (QLineEdit refuses it in Password mode), and no show toggle: once typed, never shown again.
    m_apiKey->setEchoMode(QLineEdit::Password);
    m_apiKey->setInputMethodHints(Qt::ImhSensitiveData | Qt::ImhNoPredictiveText | Qt::ImhHiddenText);
    m_profileVersion->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_releaseDigest->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    layout->addLayout(form);

    m_error = new FieldMessage(QStringLiteral("cursorError"), this);
    layout->addWidget(m_error);
    layout->addWidget(explanation(tr("The API key goes only into the container of a Cursor run that matches these "
                                     "values, never to the control plane. It is not shown again."),
        this));

    // The lane of the current pairing: it belongs to that pairing and is removed with it unless kept here.
    m_storedText = explanation(QString(), this, QStringLiteral("storedCursor"));
    layout->addWidget(m_storedText);
    m_keep = new QCheckBox(tr("K&eep this Cursor lane and its stored API key for the new pairing"), this);
    m_keep->setObjectName(QStringLiteral("keepCursor"));
    layout->addWidget(m_keep);
    setStoredTuple(std::nullopt);
    layout->addStretch(1);
}

void CursorPage::setStoredTuple(const std::optional<CursorTuple> &tuple)
{
    if (tuple != m_stored)
        m_keep->setChecked(false); // a choice is about one tuple; never carried over to another
    m_stored = tuple;
    m_storedText->setVisible(tuple.has_value());
    m_keep->setVisible(tuple.has_value());
    if (tuple)
        m_storedText->setText(tr("The current pairing has a Cursor lane: profile version %1, release digest %2, model "
                                 "%3, with an API key in the credential store. Unless you keep it, the key is removed "
                                 "and the lane is off once this machine is paired again.")
                                  .arg(tuple->profileVersion, tuple->releaseDigest, tuple->model));
}

bool CursorPage::keepsStored() const
{
    return m_stored && m_keep->isChecked() && !m_lane;
}

bool CursorPage::isComplete() const
{
    return m_valid;
}

void CursorPage::forgetKey()
{
    m_apiKey->clear();
    if (m_lane)
        m_lane->apiKey.clear();
}

void CursorPage::validate()
{
    struct Field
    {
        QString variable;
        QString name;
        QString value;
    };
    // Trimmed: a pasted value often carries a line break, and none of the four has white space around it.
    const QList<Field> fields { { profileVariable, tr("Profile version"), m_profileVersion->text().trimmed() },
        { digestVariable, tr("Release digest"), m_releaseDigest->text().trimmed() },
        { modelVariable, tr("Model"), m_model->text().trimmed() },
        { apiKeyVariable, tr("API key"), m_apiKey->text().trimmed() } };

    m_lane.reset();
    QStringList missing;
    for (const Field &field : fields) {
        if (field.value.isEmpty())
            missing.append(field.name);
    }
    if (missing.size() == fields.size()) {
        m_error->clear();
        m_valid = true;
        emit completeChanged();
        return;
    }
    if (!missing.isEmpty()) {
        m_error->setMessage(FieldMessage::Kind::Error,
            tr("The Cursor lane needs all four fields or none; missing: %1. Fill them in, or clear the other fields "
               "to skip the Cursor lane.")
                .arg(QLocale().createSeparatedList(missing)));
        m_valid = false;
        emit completeChanged();
        return;
    }

    // The shapes are the parser's (§8), so the wizard and the command line accept exactly the same values. Its
    // messages name the variables; here they name the fields, and never contain a value.
    RunnerConfigInput input;
    input.env = QProcessEnvironment();
    for (const Field &field : fields)
        input.env.insert(field.variable, field.value);
    const auto parsed = RunnerConfigParser::parse(input);
    if (const auto *errors = std::get_if<QList<ConfigError>>(&parsed)) {
        QStringList messages;
        for (const ConfigError &error : *errors) {
            QString message = error.message;
            for (const Field &field : fields)
                message.replace(field.variable, field.name);
            messages.append(message);
        }
        m_error->setMessage(FieldMessage::Kind::Error, messages.join(QLatin1Char('\n')));
        m_valid = false;
        emit completeChanged();
        return;
    }
    m_error->clear();
    m_lane = std::get<RunnerConfig>(parsed).cursor;
    m_valid = m_lane.has_value();
    emit completeChanged();
}

// ---------------------------------------------------------------------------------------------

ResultPage::ResultPage(QWidget *parent) : QWizardPage(parent)
{
    setObjectName(QStringLiteral("resultPage"));
    setTitle(tr("Pairing"));
    setSubTitle(tr("The pairing code is redeemed with the control plane."));

    auto *layout = new QVBoxLayout(this);
    m_summary = explanation(QString(), this, QStringLiteral("pairingSummary"));
    layout->addWidget(m_summary);
    layout->addSpacing(12);

    m_headline = explanation(QString(), this, QStringLiteral("resultHeadline"));
    QFont headlineFont = m_headline->font();
    headlineFont.setBold(true);
    headlineFont.setPointSizeF(headlineFont.pointSizeF() * 1.15);
    m_headline->setFont(headlineFont);
    layout->addWidget(m_headline);

    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("pairingProgress"));
    m_progress->setRange(0, 0); // busy: the redemption has no measurable progress
    m_progress->setTextVisible(false);
    layout->addWidget(m_progress);

    // The server's message exactly as it came, selectable so it can be quoted to an administrator.
    m_message = explanation(QString(), this, QStringLiteral("resultMessage"));
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_message);
    // Never the default button, never Enter: replacing a pairing takes this one deliberate click.
    m_replace = new QPushButton(tr("&Replace the Current Pairing"), this);
    m_replace->setObjectName(QStringLiteral("replacePairing"));
    m_replace->setAutoDefault(false);
    m_replace->setDefault(false);
    m_replace->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    layout->addWidget(m_replace);
    connect(m_replace, &QPushButton::clicked, this, &ResultPage::replaceConfirmed);
    m_nextStep = explanation(QString(), this, QStringLiteral("resultNextStep"));
    layout->addWidget(m_nextStep);
    layout->addStretch(1);

    setState(State::Idle);
}

void ResultPage::initializePage()
{
    emit entered();
}

void ResultPage::cleanupPage()
{
    setState(State::Idle);
}

void ResultPage::setSummary(const QString &summary)
{
    m_summary->setText(summary);
}

void ResultPage::askToReplace(const QString &question)
{
    m_headline->setText(tr("Replace this machine's pairing?"));
    m_message->setText(question);
    m_nextStep->setText(tr("Choose Replace the Current Pairing to pair, or Cancel to keep the current pairing."));
    setState(State::Confirming);
}

void ResultPage::showPairing(const QString &message)
{
    m_headline->setText(tr("Pairing…"));
    m_message->setText(message);
    m_nextStep->clear();
    setState(State::Pairing);
}

void ResultPage::showSucceeded(const QString &message)
{
    m_headline->setText(tr("This machine is paired"));
    m_message->setText(message.isEmpty() ? tr("The Runner is connecting to the control plane.") : message);
    m_nextStep->setText(tr("Choose Finish to close this window; Checkfu Runner keeps running in the tray."));
    setState(State::Succeeded);
}

void ResultPage::showFailed(const QString &message, bool needsNewCode)
{
    m_headline->setText(tr("Pairing failed"));
    m_message->setText(message);
    m_nextStep->setText(needsNewCode ? tr("Ask your administrator for a new pairing code, then choose New Code.")
                                     : tr("Choose Try Again, or go Back to change the endpoint or another detail."));
    setState(State::Failed);
}

void ResultPage::setState(State state)
{
    m_state = state;
    m_progress->setVisible(state == State::Pairing);
    m_headline->setVisible(state != State::Idle);
    m_replace->setVisible(state == State::Confirming);
    switch (state) {
    case State::Confirming:
        setSubTitle(tr("Nothing has been redeemed yet."));
        break;
    case State::Idle:
    case State::Pairing:
        setSubTitle(tr("The pairing code is redeemed with the control plane."));
        break;
    case State::Succeeded:
        setSubTitle(tr("Done: the control plane knows this machine now."));
        break;
    case State::Failed:
        setSubTitle(tr("The control plane did not pair this machine."));
        break;
    }
    emit completeChanged();
}
