#include <runnercore/config/CredentialStore.h>

#include <runnercore/config/ConfigKeys.h>
#include <runnercore/config/FileCredentialStore.h>
#include <runnercore/config/KeychainCredentialStore.h>

#include <QCoreApplication>
#include <QMetaObject>

namespace runnercore {

namespace {

#ifdef Q_OS_WIN
// §8: Windows fails before any filesystem access until native ACL, owner-SID and
// reparse-point enforcement is proven.
class UnsupportedCredentialStore final : public CredentialStore
{
public:
    using CredentialStore::CredentialStore;
    void read(const QString &, Callback done) override { deliver(done, refusal()); }
    void write(const QString &, const QString &, Callback done) override { deliver(done, refusal()); }
    void remove(const QString &, Callback done) override { deliver(done, refusal()); }
    QString backendName() const override { return QStringLiteral("unsupported"); }

private:
    static CredentialResult refusal()
    {
        CredentialResult result;
        result.status = CredentialResult::Status::Refused;
        result.message = QCoreApplication::translate("CredentialStore",
            "Protected credential storage is not supported on Windows yet: the Runner cannot keep its "
            "bootstrap credential safely on this machine. Run it on macOS or Linux, or use a Workspace "
            "Runner key in %1.")
                             .arg(ConfigKeys::name(EnvVar::RunnerToken));
        return result;
    }
};
#endif

int defaultPortFor(const QString &scheme)
{
    if (scheme == QLatin1String("https") || scheme == QLatin1String("wss"))
        return 443;
    if (scheme == QLatin1String("http") || scheme == QLatin1String("ws"))
        return 80;
    return -1;
}

} // namespace

QString CredentialStore::accountFor(const QUrl &endpoint, const QString &runnerId)
{
    const QString scheme = endpoint.scheme().toLower();
    // FullyEncoded gives the lower-case ACE form, so IDN spellings of one host share a key.
    QString host = endpoint.host(QUrl::FullyEncoded).toLower();
    if (!endpoint.isValid() || scheme.isEmpty() || host.isEmpty() || runnerId.isEmpty())
        return {};
    if (host.endsWith(QLatin1Char('.')))
        host.chop(1);
    if (host.contains(QLatin1Char(':')))
        host = QLatin1Char('[') + host + QLatin1Char(']');
    const int port = endpoint.port(defaultPortFor(scheme));
    QString account = scheme + QLatin1String("://") + host;
    if (port >= 0)
        account += QLatin1Char(':') + QString::number(port);
    return account + QLatin1Char('|') + runnerId;
}

std::unique_ptr<CredentialStore> CredentialStore::create(Kind kind, const QString &fileDir, QObject *parent)
{
#ifdef Q_OS_WIN
    Q_UNUSED(kind);
    Q_UNUSED(fileDir);
    return std::make_unique<UnsupportedCredentialStore>(parent);
#else
    switch (kind) {
    case Kind::Keychain:
        return std::make_unique<KeychainCredentialStore>(parent);
    case Kind::File:
        return std::make_unique<FileCredentialStore>(fileDir, parent);
    }
    return nullptr;
#endif
}

std::optional<CredentialStore::Kind> CredentialStore::kindFromName(const QString &name)
{
    const QString normalised = name.trimmed().toLower();
    if (normalised == QLatin1String("keychain"))
        return Kind::Keychain;
    if (normalised == QLatin1String("file"))
        return Kind::File;
    return std::nullopt;
}

void CredentialStore::deliver(const Callback &done, const CredentialResult &result)
{
    if (!done)
        return;
    QMetaObject::invokeMethod(
        this, [done, result] { done(result); }, Qt::QueuedConnection);
}

CredentialResult CredentialStore::emptyAccountResult()
{
    CredentialResult result;
    result.status = CredentialResult::Status::Error;
    result.message = QCoreApplication::translate("CredentialStore",
        "No credential account was given (the endpoint or runner id is missing): pair this Runner again.");
    return result;
}

} // namespace runnercore
