#include "RunnerController.h"

#include "RunnerHost.h"

using namespace runnercore;

RunnerController::RunnerController(const RunnerConfigInput &commandLine, const Clock *clock, QObject *parent)
    : QObject(parent), m_host(new RunnerHost(commandLine, clock))
{
    qRegisterMetaType<RunnerStatus>();
    qRegisterMetaType<ApprovalRequest>();
    qRegisterMetaType<RunSummary>();
    qRegisterMetaType<RunnerState>();
    qRegisterMetaType<RunnerExit>();
    qRegisterMetaType<PairingRequest>();
    qRegisterMetaType<QList<Doctor::Check>>();
    qRegisterMetaType<std::optional<QString>>();

    m_thread.setObjectName(QStringLiteral("checkfu-runner-core"));
    m_host->moveToThread(&m_thread);

    // Posted before the thread runs, so it is the host's first event, ahead of any start().
    QMetaObject::invokeMethod(m_host, &RunnerHost::initialize, Qt::QueuedConnection);
    // Explicitly queued both ways: the host is on the core thread, this object on the GUI thread.
    connect(this, &RunnerController::startRequested, m_host, &RunnerHost::start, Qt::QueuedConnection);
    connect(this, &RunnerController::stopRequested, m_host, &RunnerHost::stop, Qt::QueuedConnection);
    connect(this, &RunnerController::stopNowRequested, m_host, &RunnerHost::stopNow, Qt::QueuedConnection);
    connect(this, &RunnerController::drainingRequested, m_host, &RunnerHost::setDraining, Qt::QueuedConnection);
    connect(this, &RunnerController::cancelRunRequested, m_host, &RunnerHost::cancelRun, Qt::QueuedConnection);
    connect(this, &RunnerController::pairRequested, m_host, &RunnerHost::pair, Qt::QueuedConnection);
    connect(this, &RunnerController::unpairRequested, m_host, &RunnerHost::unpair, Qt::QueuedConnection);
    connect(this, &RunnerController::diagnosticsRequested, m_host, &RunnerHost::runDiagnostics, Qt::QueuedConnection);
    connect(this, &RunnerController::cursorKeyRequested, m_host, &RunnerHost::setCursorKey, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::cursorKeyStored, this, &RunnerController::cursorKeyStored, Qt::QueuedConnection);
    connect(
        this, &RunnerController::cursorKeyCheckRequested, m_host, &RunnerHost::checkCursorKey, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::cursorKeyPresence, this, &RunnerController::cursorKeyPresence, Qt::QueuedConnection);
    connect(this, &RunnerController::connectionCheckRequested, m_host, &RunnerHost::checkConnectionNow,
        Qt::QueuedConnection);

    connect(
        m_host, &RunnerHost::statusChanged, this,
        [this](const RunnerStatus &status) {
            m_status = status;
            emit statusChanged(status);
        },
        Qt::QueuedConnection);
    connect(m_host, &RunnerHost::approvalRequested, this, &RunnerController::approvalRequested, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::warning, this, &RunnerController::warning, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::finished, this, &RunnerController::finished, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::pairingFinished, this, &RunnerController::pairingFinished, Qt::QueuedConnection);
    connect(m_host, &RunnerHost::unpairFinished, this, &RunnerController::unpairFinished, Qt::QueuedConnection);
    connect(
        m_host, &RunnerHost::diagnosticsFinished, this, &RunnerController::diagnosticsFinished, Qt::QueuedConnection);

    m_thread.start();
}

RunnerController::~RunnerController()
{
    // Blocking is safe here: the host never waits for the GUI thread.
    QMetaObject::invokeMethod(m_host, &RunnerHost::shutdown, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
    delete m_host; // its thread has ended, so no event of it can still be running
}

void RunnerController::start()
{
    emit startRequested(QPrivateSignal());
}

void RunnerController::stop()
{
    emit stopRequested(QPrivateSignal());
}

void RunnerController::stopNow()
{
    emit stopNowRequested(QPrivateSignal());
}

void RunnerController::cancelRun(const QString &runId)
{
    emit cancelRunRequested(runId, QPrivateSignal());
}

void RunnerController::setDraining(bool draining)
{
    emit drainingRequested(draining, QPrivateSignal());
}

void RunnerController::pair(const PairingRequest &request)
{
    emit pairRequested(request, QPrivateSignal());
}

void RunnerController::unpair()
{
    emit unpairRequested(QPrivateSignal());
}

void RunnerController::runDiagnostics()
{
    emit diagnosticsRequested(QPrivateSignal());
}

void RunnerController::checkConnectionNow()
{
    emit connectionCheckRequested(QPrivateSignal());
}

void RunnerController::setCursorKey(const std::optional<QString> &key)
{
    emit cursorKeyRequested(key, QPrivateSignal());
}

void RunnerController::checkCursorKey()
{
    emit cursorKeyCheckRequested(QPrivateSignal());
}
