#pragma once

#include <runnercore/config/CredentialStore.h>

#include <QString>
#include <QUrl>

#include <optional>

namespace runnercore {

class RunnerSettings;

// The Cursor API key in the credential store. It belongs to one pairing: its account names the
// pairing (endpoint and runner id, as the bootstrap credential's does), so a new pairing never
// finds the key of the one before, and unpairing or pairing again removes it (Unpairing,
// Runner::onPaired). Shared by the tray and `checkfu-runner` (the tuple it belongs to is in
// RunnerPreferences). Every call is asynchronous (the store's callbacks arrive queued on the
// store's thread); call them on that thread.
class CursorKeyStore
{
public:
    // "cursor-api-key|<scheme://host:port|runner id>"; empty when the endpoint or the runner id is missing.
    static QString account(const QUrl &endpoint, const QString &runnerId);
    // The account of the pairing the settings hold; empty when not paired.
    static QString account(const RunnerSettings &pairing);
    // Where versions before the key belonged to a pairing kept one key for every pairing. Never read, so
    // such a key reaches no pairing (the person enters it again in Settings); forget() removes it.
    static QString legacyAccount();

    // Reading or writing registers the key with the log masker first. An empty account (not paired)
    // reads as NotFound and refuses a write: a key needs a pairing to belong to.
    static void read(CredentialStore &store, const QString &account, CredentialStore::Callback done);
    static void write(
        CredentialStore &store, const QString &account, const QString &key, CredentialStore::Callback done);
    // Removes the key of `account` and the one under legacyAccount(); done gets the answer for `account`.
    static void forget(CredentialStore &store, const QString &account, CredentialStore::Callback done);
    // The settings dialog's payload: a key writes it, nullopt removes it.
    static void apply(CredentialStore &store, const QString &account, const std::optional<QString> &key,
        CredentialStore::Callback done);
};

} // namespace runnercore
