#include <runnercore/config/CursorKeyStore.h>

#include <runnercore/config/RunnerSettings.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

#include <QCoreApplication>
#include <QMetaObject>

namespace runnercore {

namespace {

// Queued like every store answer, so callers see one behaviour.
void answerLater(CredentialStore &store, CredentialStore::Callback done, CredentialResult result)
{
    QMetaObject::invokeMethod(
        &store,
        [done = std::move(done), result] {
            if (done)
                done(result);
        },
        Qt::QueuedConnection);
}

} // namespace

QString CursorKeyStore::account(const QUrl &endpoint, const QString &runnerId)
{
    const QString pairing = CredentialStore::accountFor(endpoint, runnerId);
    // The prefix keeps it apart from the bootstrap credential filed under the same pairing.
    return pairing.isEmpty() ? QString() : legacyAccount() + QLatin1Char('|') + pairing;
}

QString CursorKeyStore::account(const RunnerSettings &pairing)
{
    return pairing.isPaired() ? account(pairing.endpoint, pairing.runnerId) : QString();
}

QString CursorKeyStore::legacyAccount()
{
    return QStringLiteral("cursor-api-key");
}

void CursorKeyStore::read(CredentialStore &store, const QString &account, CredentialStore::Callback done)
{
    if (account.isEmpty()) {
        answerLater(store, std::move(done), CredentialResult { CredentialResult::Status::NotFound, {}, {} });
        return;
    }
    store.read(account, [done = std::move(done)](const CredentialResult &result) {
        if (result.ok())
            Logging::masker().addSecret(result.secret);
        if (done)
            done(result);
    });
}

void CursorKeyStore::write(
    CredentialStore &store, const QString &account, const QString &key, CredentialStore::Callback done)
{
    if (key.isEmpty() || account.isEmpty()) {
        answerLater(store, std::move(done),
            CredentialResult { CredentialResult::Status::Refused, {},
                key.isEmpty() ? QCoreApplication::translate("CursorKeyStore", "The Cursor API key is empty.")
                              : QCoreApplication::translate("CursorKeyStore",
                                  "This machine is not paired, and the Cursor API key belongs to a pairing: pair "
                                  "this machine first.") });
        return;
    }
    Logging::masker().addSecret(key);
    store.write(account, key, std::move(done));
}

void CursorKeyStore::forget(CredentialStore &store, const QString &account, CredentialStore::Callback done)
{
    store.remove(legacyAccount(), [&store, account, done = std::move(done)](const CredentialResult &) {
        if (account.isEmpty()) {
            if (done)
                done(CredentialResult { CredentialResult::Status::Ok, {}, {} });
            return;
        }
        store.remove(account, done);
    });
}

void CursorKeyStore::apply(
    CredentialStore &store, const QString &account, const std::optional<QString> &key, CredentialStore::Callback done)
{
    if (key)
        write(store, account, *key, std::move(done));
    else
        forget(store, account, std::move(done));
}

} // namespace runnercore
