#include "PairingWizard.h"

#include "PairingWizardPages.h"
#include "StateIcons.h"
#include "WindowFit.h"
#include <runnercore/identity/PairingRedemption.h>
#include <runnercore/sandbox/DockerCommand.h>
#include <runnercore/sandbox/SandboxProbe.h>
#include <runnercore/transport/ApiError.h>

#include <QAbstractButton>
#include <QApplication>
#include <QIcon>
#include <QPointer>
#include <QSysInfo>
#include <QThread>
#include <QTimer>

using namespace runnercore;

namespace {

constexpr int DockerProbeMs = 5000;
constexpr int LogoPx = 48;
constexpr QSize MinimumSize(640, 560);

// The tray's own state icons, so the wizard's header matches what the tray will show.
QPixmap logo(const char *state)
{
    return StateIcons::icon(QStringLiteral("tray-%1").arg(QLatin1String(state))).pixmap(LogoPx, LogoPx);
}

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(PairingWizard)
};

QString sandboxName(SandboxChoice choice)
{
    switch (choice) {
    case SandboxChoice::NotGiven:
        return Messages::tr("not chosen");
    case SandboxChoice::HostProcess:
        return Messages::tr("host process (no isolation)");
    case SandboxChoice::Bubblewrap:
        return Messages::tr("bubblewrap");
    case SandboxChoice::Docker:
        return Messages::tr("Docker only");
    case SandboxChoice::None:
        return Messages::tr("none on this machine (Docker when a daemon answers)");
    }
    return QString();
}

} // namespace

PairingWizard::Hooks PairingWizard::Hooks::system()
{
    Hooks hooks;
    hooks.defaultLabel = QSysInfo::machineHostName();
    hooks.detectDocker = [](Detected done) {
        // The CLI, as DockerProvider asks it, so that contexts, DOCKER_HOST and rootless count as they will at run
        // time.
        DockerCommand::run(QStringLiteral("docker"),
            { QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("{{.ServerVersion}}") }, DockerProbeMs,
            [done](const DockerCommand::Result &r) {
                const QString version = QString::fromUtf8(r.out).trimmed().section(QLatin1Char(' '), 0, 0);
                if (r.ok() && !version.isEmpty() && version != QLatin1String("<no"))
                    done(true, Messages::tr("Docker %1 answers").arg(version));
                else
                    done(false,
                        r.ok() ? Messages::tr("the Docker daemon gave no version")
                               : Messages::tr("no Docker daemon answers (%1)").arg(r.describe()));
            });
    };
    hooks.detectBubblewrap = [](Detected done) {
        // SandboxProbe blocks for up to a few seconds, so it runs on a thread of its own; the answer comes back
        // through the GUI thread's event loop.
        QThread *thread = QThread::create([done] {
            const SandboxProbe::Result result = SandboxProbe::bubblewrap();
            QMetaObject::invokeMethod(
                qApp, [done, result] { done(result.available, result.detail); }, Qt::QueuedConnection);
        });
        QObject::connect(thread, &QThread::finished, thread, &QObject::deleteLater);
        thread->start();
    };
    return hooks;
}

PairingWizard::PairingWizard(const Hooks &hooks, QWidget *parent) : QWizard(parent), m_hooks(hooks)
{
    setObjectName(QStringLiteral("pairingWizard"));
    setWindowTitle(Messages::tr("Pair Checkfu Runner"));
#ifndef Q_OS_MACOS
    // The header with title and subtitle; macOS keeps its native look.
    setWizardStyle(QWizard::ModernStyle);
#endif
    setOption(QWizard::NoBackButtonOnStartPage, true);
    setPixmap(QWizard::LogoPixmap, logo("not-paired"));
    setMinimumSize(MinimumSize);

    m_endpointPage = new EndpointPage(this);
    m_codePage = new CodePage(this);
    m_machinePage = new MachinePage(hooks.defaultLabel, this);
    m_sandboxPage = new SandboxPage(this);
    m_cursorPage = new CursorPage(this);
    m_resultPage = new ResultPage(this);
    setPage(EndpointPageId, m_endpointPage);
    setPage(CodePageId, m_codePage);
    setPage(MachinePageId, m_machinePage);
    setPage(SandboxPageId, m_sandboxPage);
    setPage(CursorPageId, m_cursorPage);
    setPage(ResultPageId, m_resultPage);
    setStartId(EndpointPageId);

    button(QWizard::CustomButton1)->setObjectName(QStringLiteral("retryButton"));
    updateRetryButton();

    connect(this, &QWizard::customButtonClicked, this, [this](int which) {
        if (which == QWizard::CustomButton1)
            retry();
    });
    connect(this, &QWizard::currentIdChanged, this, &PairingWizard::updateRetryButton);
    // Each page's subtitle and notes wrap to their own height (longer in German and Japanese).
    // QWizard sets the new page's subtitle after it says the page changed: fit once it has.
    connect(this, &QWizard::currentIdChanged, this,
        [this] { QTimer::singleShot(0, this, [this] { WindowFit::growToFit(this); }); });
    connect(this, &QWizard::currentIdChanged, this, [this](int id) {
        if (id == MachinePageId)
            updateLinkNotice();
    });
    connect(m_resultPage, &ResultPage::entered, this, &PairingWizard::startPairing);
    connect(m_resultPage, &ResultPage::replaceConfirmed, this, [this] {
        if (!m_waiting && currentId() == ResultPageId && m_resultPage->state() == ResultPage::State::Confirming)
            emitRequest();
    });
    connect(m_sandboxPage, &SandboxPage::recheckRequested, this, &PairingWizard::recheckSandboxes);

    // Started now, so the answers are in by the time the person reaches the sandbox page.
    recheckSandboxes();
}

PairingWizard::~PairingWizard() = default;

void PairingWizard::showEvent(QShowEvent *event)
{
    QWizard::showEvent(event);
    WindowFit::growToFit(this);
}

void PairingWizard::prefill(const PairingLink &link)
{
    if (m_waiting)
        return;
    m_endpointPage->setNotice(QString());
    m_codePage->setNotice(QString());
    if (!link.endpoint.isEmpty())
        m_endpointPage->setEndpointText(link.endpoint.toString());
    m_fromLink = true;
    m_linkNamedEndpoint = !link.endpoint.isEmpty();
    if (!link.code.isEmpty())
        m_codePage->setCodeText(link.code);

    int target = MachinePageId;
    if (!link.error.isEmpty() && link.endpoint.isEmpty()) {
        // The link's endpoint may be what was refused: never fall back silently to another one.
        m_endpointPage->setNotice(link.error);
        target = EndpointPageId;
    } else if (!m_endpointPage->isComplete()) {
        target = EndpointPageId;
    } else if (!m_codePage->isComplete()) {
        m_codePage->setNotice(link.error);
        target = CodePageId;
    }

    restart();
    // Through the pages (not setStartId) so that Back still leads to what the link filled in.
    while (currentId() < target && currentPage()->isComplete())
        next();
}

void PairingWizard::setEndpoint(const QUrl &endpoint)
{
    if (!endpoint.isEmpty())
        m_endpointPage->setEndpointText(endpoint.toString());
}

void PairingWizard::setCurrentPairing(const QUrl &endpoint, const QString &workspaceId, const QString &runnerId)
{
    m_currentEndpoint = endpoint;
    m_currentWorkspace = workspaceId;
    m_currentRunner = runnerId;
    if (currentId() == MachinePageId)
        updateLinkNotice();
}

void PairingWizard::setStoredCursor(const std::optional<CursorTuple> &tuple)
{
    m_cursorPage->setStoredTuple(tuple);
}

QString PairingWizard::currentPairingText() const
{
    if (m_currentEndpoint.isEmpty())
        return QString();
    const QString endpoint = m_currentEndpoint.toString(QUrl::FullyEncoded);
    if (m_currentWorkspace.isEmpty())
        return Messages::tr("%1 (runner %2)").arg(endpoint, m_currentRunner);
    return Messages::tr("%1 (workspace %2, runner %3)").arg(endpoint, m_currentWorkspace, m_currentRunner);
}

void PairingWizard::updateLinkNotice()
{
    if (!m_fromLink) {
        m_machinePage->clearLinkNotice();
        return;
    }
    m_machinePage->setLinkEndpoint(m_endpointPage->endpoint(), m_linkNamedEndpoint, currentPairingText());
}

PairingRequest PairingWizard::request() const
{
    PairingRequest request;
    request.endpoint = m_endpointPage->endpoint();
    request.code = m_codePage->code();
    request.label = m_machinePage->label();
    request.sandbox = m_sandboxPage->choice();
    request.cursor = m_cursorPage->lane();
    request.keepCursor = m_cursorPage->keepsStored();
    return request;
}

bool PairingWizard::needsNewCode(const QString &message)
{
    // The Runner reports PairingRedemption's sentence for these codes; a bare "HTTP 410 pairing_expired" counts too.
    for (const ErrorCode code :
        { ErrorCode::PairingNotFound, ErrorCode::PairingAlreadyRedeemed, ErrorCode::PairingExpired }) {
        ApiError error;
        error.kind = ApiError::Kind::Http;
        error.code = wireName(code);
        if (message.contains(PairingRedemption::messageFor(error)) || message.contains(error.code))
            return true;
    }
    return false;
}

void PairingWizard::showResult(bool ok, const QString &message)
{
    // A late answer for a wizard that was closed or restarted meanwhile says nothing about the current pages.
    if (!m_waiting)
        return;
    m_waiting = false;
    if (ok) {
        // The code is spent and the key handed over: neither is needed, or shown, again. Back stays disabled.
        m_codePage->setCodeText(QString());
        m_cursorPage->forgetKey();
        m_lastRequest = PairingRequest();
        m_needsNewCode = false;
        setOption(QWizard::NoCancelButtonOnLastPage, true);
        m_resultPage->setPixmap(QWizard::LogoPixmap, logo("ready"));
        m_resultPage->showSucceeded(message);
    } else {
        m_lastError = message;
        m_needsNewCode = needsNewCode(message);
        m_cursorPage->setCommitPage(false);
        m_resultPage->setPixmap(QWizard::LogoPixmap, logo("error"));
        m_resultPage->showFailed(message, m_needsNewCode);
    }
    updateRetryButton();
}

void PairingWizard::showProgress(const QString &message)
{
    if (m_waiting)
        m_resultPage->showPairing(message);
}

void PairingWizard::recheckSandboxes()
{
    const int round = ++m_detectionRound;
    using Setter = void (SandboxPage::*)(SandboxPage::Detection, const QString &);
    auto detect = [this, round](const std::function<void(Hooks::Detected)> &hook, Setter set) {
        if (!hook) {
            (m_sandboxPage->*set)(SandboxPage::Detection::NotChecked, QString());
            return;
        }
        (m_sandboxPage->*set)(SandboxPage::Detection::Checking, QString());
        // The answer may come after the wizard is gone, or after a newer check started.
        QPointer<PairingWizard> self(this);
        hook([self, round, set](bool available, const QString &detail) {
            if (!self || self->m_detectionRound != round)
                return;
            (self->m_sandboxPage->*set)(
                available ? SandboxPage::Detection::Available : SandboxPage::Detection::Unavailable, detail);
        });
    };
    detect(m_hooks.detectBubblewrap, &SandboxPage::setBubblewrap);
    detect(m_hooks.detectDocker, &SandboxPage::setDocker);
}

void PairingWizard::done(int result)
{
    // Closed: the secrets go with it, and a late answer is ignored.
    m_waiting = false;
    m_codePage->setCodeText(QString());
    m_cursorPage->forgetKey();
    m_lastRequest = PairingRequest();
    QWizard::done(result);
}

void PairingWizard::startPairing()
{
    m_lastRequest = request();
    m_needsNewCode = false;
    setOption(QWizard::NoCancelButtonOnLastPage, false);
    m_resultPage->setSummary(summary(m_lastRequest));
    if (!m_currentEndpoint.isEmpty()) {
        // A paired machine: nothing is redeemed until the person has read what goes and clicked the button for it.
        m_resultPage->setPixmap(QWizard::LogoPixmap, logo("attention"));
        m_resultPage->askToReplace(Messages::tr("This machine works for %1. Pair it with %2 instead? The current "
                                                "pairing ends: its credential is forgotten and its runs no longer "
                                                "come to this machine.")
                                       .arg(currentPairingText(), m_lastRequest.endpoint.toString(QUrl::FullyEncoded)));
        updateRetryButton();
        return;
    }
    emitRequest();
}

void PairingWizard::emitRequest()
{
    m_waiting = true;
    // No Back while the code is being redeemed: going forward again would redeem it twice.
    m_cursorPage->setCommitPage(true);
    m_resultPage->setPixmap(QWizard::LogoPixmap, logo("connecting"));
    m_resultPage->showPairing(
        Messages::tr("Redeeming the pairing code with %1…").arg(m_lastRequest.endpoint.host(QUrl::FullyEncoded)));
    updateRetryButton();
    emit pairRequested(m_lastRequest);
}

void PairingWizard::retry()
{
    if (m_waiting || currentId() != ResultPageId || m_resultPage->state() != ResultPage::State::Failed)
        return;
    if (!m_needsNewCode) {
        emitRequest();
        return;
    }
    // The code cannot work again: back to its page, emptied, with the reason; the other answers stay.
    m_codePage->setCodeText(QString());
    while (currentId() > CodePageId)
        back();
    m_codePage->setNotice(m_lastError);
}

void PairingWizard::updateRetryButton()
{
    const bool failed = currentId() == ResultPageId && m_resultPage->state() == ResultPage::State::Failed;
    setButtonText(QWizard::CustomButton1, m_needsNewCode ? Messages::tr("&New Code…") : Messages::tr("&Try Again"));
    setOption(QWizard::HaveCustomButton1, failed);
}

QString PairingWizard::summary(const PairingRequest &request) const
{
    QStringList lines;
    lines << Messages::tr("Control plane: %1").arg(request.endpoint.toString(QUrl::FullyEncoded));
    lines << Messages::tr("Machine label: %1").arg(request.label);
    lines << Messages::tr("Sandbox: %1").arg(sandboxName(request.sandbox));
    // The tuple's public parts only; the key is never shown. What the new pairing will advertise, nothing else.
    const std::optional<CursorTuple> stored = m_cursorPage->storedTuple();
    if (request.cursor)
        lines << Messages::tr("Cursor lane: model %1, with the API key entered here").arg(request.cursor->model);
    else if (request.keepCursor && stored)
        lines << Messages::tr("Cursor lane: model %1, kept from the current pairing").arg(stored->model);
    else if (stored)
        lines << Messages::tr("Cursor lane: off (the current pairing's Cursor API key is removed)");
    else
        lines << Messages::tr("Cursor lane: off");
    return lines.join(QLatin1Char('\n'));
}
