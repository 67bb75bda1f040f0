#include <runnercore/runner/Unpairing.h>

#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/InstanceLock.h>
#include <runnercore/config/RunnerPreferences.h>
#include <runnercore/config/RunnerSettings.h>

#include <QTimer>

namespace runnercore {

Unpairing::Unpairing(RunnerSettings &settings, CredentialStore &store, QObject *parent)
    : QObject(parent), m_settings(settings), m_store(store)
{ }

void Unpairing::run()
{
    if (!m_settings.isPaired()) {
        // Queued, like every other outcome, so callers connect after run() without a race.
        QTimer::singleShot(
            0, this, [this] { finish(Outcome::NotPaired, tr("This machine is not paired; nothing to forget.")); });
        return;
    }
    const QString account = CredentialStore::accountFor(m_settings.endpoint, m_settings.runnerId);
    m_store.read(account, [this, account](const CredentialResult &read) {
        if (read.ok()) {
            // The same lock a running Runner holds: forgetting its credential under it would strand it.
            InstanceLock lock(m_settings.endpoint.toString(QUrl::StripTrailingSlash) + QLatin1Char('|') + read.secret);
            if (!lock.tryLock()) {
                finish(Outcome::InUse, lock.conflictMessage());
                return;
            }
        }
        m_store.remove(account, [this](const CredentialResult &removed) {
            if (!removed.ok()) {
                finish(Outcome::StoreFailed, tr("Could not remove the credential: %1").arg(removed.message));
                return;
            }
            forgetCursorLane();
        });
    });
}

void Unpairing::forgetCursorLane()
{
    // The Cursor API key belongs to the pairing: it goes with it, and the tuple too, so no later pairing
    // advertises a lane its person never gave it.
    CursorKeyStore::forget(m_store, CursorKeyStore::account(m_settings), [this](const CredentialResult &removed) {
        if (!removed.ok()) {
            finish(Outcome::StoreFailed,
                tr("The credential was removed, but not the Cursor API key: %1").arg(removed.message));
            return;
        }
        RunnerPreferences preferences(m_settings.fileName());
        preferences.load();
        QString error;
        if (!preferences.cursor.isEmpty()) {
            preferences.cursor = {};
            if (!preferences.save(&error)) {
                finish(Outcome::StoreFailed, tr("The credential was removed, but %1.").arg(error));
                return;
            }
        }
        const QString runnerId = m_settings.runnerId;
        m_settings.clearPairing();
        if (!m_settings.save(&error)) {
            finish(Outcome::StoreFailed, tr("The credential was removed, but %1.").arg(error));
            return;
        }
        finish(Outcome::Forgotten,
            tr("Forgot runner %1 (credential removed from the %2). An administrator can revoke it on the "
               "server side.")
                .arg(runnerId, m_store.backendName()));
    });
}

void Unpairing::finish(Outcome outcome, const QString &message)
{
    m_outcome = outcome;
    m_message = message;
    emit finished();
}

} // namespace runnercore
