#include <runnercore/config/CursorKeyStore.h>

#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>

#include <QCoreApplication>
#include <QMetaObject>

namespace runnercore {

QString CursorKeyStore::account()
{
    // Not of the endpoint|runner-id form, so it never collides with a bootstrap credential.
    return QStringLiteral("cursor-api-key");
}

void CursorKeyStore::read(CredentialStore &store, CredentialStore::Callback done)
{
    store.read(account(), [done = std::move(done)](const CredentialResult &result) {
        if (result.ok())
            Logging::masker().addSecret(result.secret);
        if (done)
            done(result);
    });
}

void CursorKeyStore::write(CredentialStore &store, const QString &key, CredentialStore::Callback done)
{
    if (key.isEmpty()) {
        // Queued like every store answer, so callers see one behaviour.
        QMetaObject::invokeMethod(
            &store,
            [done] {
                if (done)
                    done(CredentialResult { CredentialResult::Status::Refused, {},
                        QCoreApplication::translate("CursorKeyStore", "The Cursor API key is empty.") });
            },
            Qt::QueuedConnection);
        return;
    }
    Logging::masker().addSecret(key);
    store.write(account(), key, std::move(done));
}

void CursorKeyStore::remove(CredentialStore &store, CredentialStore::Callback done)
{
    store.remove(account(), std::move(done));
}

void CursorKeyStore::apply(CredentialStore &store, const std::optional<QString> &key, CredentialStore::Callback done)
{
    if (key)
        write(store, *key, std::move(done));
    else
        remove(store, std::move(done));
}

} // namespace runnercore
