#include <runnercore/config/KeychainCredentialStore.h>

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusReply>
#include <QFileInfo>
#include <QMap>
#include <QTimer>
#include <QUuid>

#include <qt6keychain/keychain.h>

namespace runnercore {

namespace {

const QString kSecretsService = QStringLiteral("org.freedesktop.secrets");
const QString kSecretsPath = QStringLiteral("/org/freedesktop/secrets");
const QString kSecretsInterface = QStringLiteral("org.freedesktop.Secret.Service");
// The diagnosis runs on error paths only; a wedged daemon must not stall the Runner long.
constexpr int kProbeTimeoutMs = 2000;

// A private connection to the session bus named by the current environment. Qt's shared
// sessionBus() would remember the first address it saw; the keychain QtKeychain uses
// (libsecret) reads the environment afresh until it first connects, so the diagnosis must too.
class SessionBusProbe
{
public:
    SessionBusProbe()
        : m_name(QStringLiteral("checkfu-keychain-probe-") + QUuid::createUuid().toString(QUuid::WithoutBraces))
        , m_connection(m_name)
    {
        m_address = QString::fromLocal8Bit(qgetenv("DBUS_SESSION_BUS_ADDRESS"));
        if (m_address.isEmpty()) {
            // Where systemd user sessions put the bus when the variable is not exported.
            const QString runtimeBus = QString::fromLocal8Bit(qgetenv("XDG_RUNTIME_DIR")) + QStringLiteral("/bus");
            if (!qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR") && QFileInfo::exists(runtimeBus))
                m_address = QStringLiteral("unix:path=") + runtimeBus;
        }
        if (!m_address.isEmpty())
            m_connection = QDBusConnection::connectToBus(m_address, m_name);
    }
    ~SessionBusProbe() { QDBusConnection::disconnectFromBus(m_name); }
    SessionBusProbe(const SessionBusProbe &) = delete;
    SessionBusProbe &operator=(const SessionBusProbe &) = delete;

    QString address() const { return m_address; }
    QDBusConnection &connection() { return m_connection; }

    QDBusMessage call(const QString &service, const QString &path, const QString &interface, const QString &method,
        const QVariantList &arguments = {})
    {
        QDBusMessage message = QDBusMessage::createMethodCall(service, path, interface, method);
        message.setArguments(arguments);
        return m_connection.call(message, QDBus::Block, kProbeTimeoutMs);
    }

private:
    QString m_name;
    QString m_address;
    QDBusConnection m_connection;
};

} // namespace

KeychainCredentialStore::KeychainCredentialStore(QObject *parent) : CredentialStore(parent)
{
    qDBusRegisterMetaType<QMap<QString, QString>>();
}

QString KeychainCredentialStore::serviceName()
{
    return QStringLiteral("checkfu-runner");
}

QString KeychainCredentialStore::backendName() const
{
    return QStringLiteral("Secret Service");
}

void KeychainCredentialStore::read(const QString &account, Callback done)
{
    if (account.isEmpty())
        return deliver(done, emptyAccountResult());
    start(Request { Operation::Read, account, {}, std::move(done), 0 });
}

void KeychainCredentialStore::write(const QString &account, const QString &secret, Callback done)
{
    if (account.isEmpty())
        return deliver(done, emptyAccountResult());
    start(Request { Operation::Write, account, secret, std::move(done), 0 });
}

void KeychainCredentialStore::remove(const QString &account, Callback done)
{
    if (account.isEmpty())
        return deliver(done, emptyAccountResult());
    start(Request { Operation::Remove, account, {}, std::move(done), 0 });
}

void KeychainCredentialStore::start(const Request &request)
{
    QKeychain::Job *job = nullptr;
    switch (request.operation) {
    case Operation::Read:
        job = new QKeychain::ReadPasswordJob(serviceName());
        break;
    case Operation::Write: {
        auto *writeJob = new QKeychain::WritePasswordJob(serviceName());
        writeJob->setTextData(request.secret);
        job = writeJob;
        break;
    }
    case Operation::Remove:
        job = new QKeychain::DeletePasswordJob(serviceName());
        break;
    }
    job->setKey(request.account);
    job->setInsecureFallback(false);
    // Unparented and self-deleting: libsecret still calls back into a job after its owner is
    // gone, so the job must outlive this store; the context object drops our slot instead.
    job->setAutoDelete(true);
    connect(job, &QKeychain::Job::finished, this,
        [this, request](QKeychain::Job *finishedJob) { finished(request, finishedJob); });
    job->start();
}

void KeychainCredentialStore::finished(const Request &request, QKeychain::Job *job)
{
    const QKeychain::Error error = job->error();
    const QString detail = job->errorString();

    switch (error) {
    case QKeychain::NoError:
        if (request.operation == Operation::Read) {
            CredentialResult result;
            result.status = CredentialResult::Status::Ok;
            result.secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
            return deliver(request.done, result);
        }
        // libsecret "clears" nothing, successfully, when the entry sits in a locked keyring.
        if (request.operation == Operation::Remove && entryIsLocked(request.account))
            return deliver(request.done, locked());
        return deliver(request.done, CredentialResult { CredentialResult::Status::Ok, {}, {} });

    case QKeychain::EntryNotFound:
        // libsecret reads an entry in a locked keyring (with no prompter to unlock it) as missing.
        if (entryIsLocked(request.account))
            return deliver(request.done, locked());
        if (request.operation == Operation::Remove)
            return deliver(request.done, CredentialResult { CredentialResult::Status::Ok, {}, {} });
        if (request.operation == Operation::Read) {
            CredentialResult result;
            result.status = CredentialResult::Status::NotFound;
            result.message
                = tr("No credential is stored for this Runner in the system keychain (Secret Service): pair it again.");
            return deliver(request.done, result);
        }
        return deliver(request.done, failed(request.operation, detail));

    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        // libsecret maps only SECRET_ERROR_IS_LOCKED here; KWallet a refused wallet.
        return deliver(request.done, refused(detail));

    case QKeychain::NoBackendAvailable:
    case QKeychain::OtherError:
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::NotImplemented:
        break;
    }

    if (const std::optional<QString> reason = unavailableReason())
        return retryOrReport(request, *reason);
    if (error == QKeychain::NoBackendAvailable)
        return retryOrReport(request, detail);
    deliver(request.done, failed(request.operation, detail));
}

void KeychainCredentialStore::retryOrReport(const Request &request, const QString &reason)
{
    if (request.attempt > 0)
        return deliver(request.done, unavailable(reason));
    Request retry = request;
    retry.attempt = request.attempt + 1;
    QTimer::singleShot(m_retryDelay, this, [this, retry] { start(retry); });
}

std::optional<QString> KeychainCredentialStore::unavailableReason() const
{
    SessionBusProbe probe;
    if (probe.address().isEmpty())
        return tr("no session D-Bus, DBUS_SESSION_BUS_ADDRESS is not set");
    if (!probe.connection().isConnected())
        return tr("cannot connect to the session D-Bus at %1: %2")
            .arg(probe.address(), probe.connection().lastError().message());

    const QDBusReply<bool> registered = probe.connection().interface()->isServiceRegistered(kSecretsService);
    if (!registered.isValid() || !registered.value()) {
        const QDBusReply<QStringList> activatable = probe.connection().interface()->activatableServiceNames();
        if (!activatable.isValid() || !activatable.value().contains(kSecretsService))
            return tr("nothing provides %1 on the session D-Bus").arg(kSecretsService);
        return tr("%1 could not be started on the session D-Bus").arg(kSecretsService);
    }

    // A daemon with no default keyring cannot store anything until one is created.
    const QDBusMessage alias = probe.call(
        kSecretsService, kSecretsPath, kSecretsInterface, QStringLiteral("ReadAlias"), { QStringLiteral("default") });
    if (alias.type() == QDBusMessage::ReplyMessage && !alias.arguments().isEmpty()
        && alias.arguments().constFirst().value<QDBusObjectPath>().path() == QLatin1String("/"))
        return tr("the keyring has no default collection yet (no login keyring)");
    return std::nullopt;
}

bool KeychainCredentialStore::entryIsLocked(const QString &account) const
{
    SessionBusProbe probe;
    if (!probe.connection().isConnected())
        return false;
    // The attributes QtKeychain files an entry under on the Secret Service.
    QMap<QString, QString> attributes;
    attributes.insert(QStringLiteral("user"), account);
    attributes.insert(QStringLiteral("server"), serviceName());
    const QDBusMessage reply = probe.call(kSecretsService, kSecretsPath, kSecretsInterface,
        QStringLiteral("SearchItems"), { QVariant::fromValue(attributes) });
    if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().size() < 2)
        return false;
    const auto lockedItems = qdbus_cast<QList<QDBusObjectPath>>(reply.arguments().at(1));
    return !lockedItems.isEmpty();
}

CredentialResult KeychainCredentialStore::unavailable(const QString &reason) const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Unavailable;
    result.message = tr("No system keychain answered (Secret Service: %1): unlock or start your keyring "
                        "(e.g. gnome-keyring or KWallet), or opt in to the file store with --credential-store file.")
                         .arg(reason);
    return result;
}

CredentialResult KeychainCredentialStore::locked() const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Refused;
    result.message
        = tr("The system keychain (Secret Service) refused access: the keyring holding the Runner's credential "
             "is locked. Unlock it (e.g. in Seahorse, or by logging in to your desktop session) and try again.");
    return result;
}

CredentialResult KeychainCredentialStore::refused(const QString &detail) const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Refused;
    result.message = tr("The system keychain (Secret Service) refused access (%1): unlock your keyring, or allow "
                        "Checkfu Runner when it asks, and try again.")
                         .arg(detail);
    return result;
}

CredentialResult KeychainCredentialStore::failed(Operation operation, const QString &detail) const
{
    CredentialResult result;
    result.status = CredentialResult::Status::Error;
    switch (operation) {
    case Operation::Read:
        result.message = tr("The system keychain (Secret Service) could not read the Runner's credential (%1). "
                            "Check your keyring (e.g. with Seahorse or secret-tool) and try again.")
                             .arg(detail);
        break;
    case Operation::Write:
        result.message = tr("The system keychain (Secret Service) could not store the Runner's credential (%1). "
                            "Check your keyring (e.g. with Seahorse or secret-tool), or opt in to the file store "
                            "with --credential-store file.")
                             .arg(detail);
        break;
    case Operation::Remove:
        result.message = tr("The system keychain (Secret Service) could not remove the Runner's credential (%1). "
                            "Remove the entry for service \"%2\" by hand (e.g. in Seahorse) if it is still there.")
                             .arg(detail, serviceName());
        break;
    }
    return result;
}

} // namespace runnercore
