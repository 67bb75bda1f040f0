#pragma once

#include <runnercore/config/CredentialStore.h>

#include <QString>

#include <optional>

namespace runnercore {

// The Cursor API key in the credential store, under one fixed account, shared by the tray and
// `checkfu-runner` (the tuple it belongs to is in RunnerPreferences). Every call is asynchronous
// (the store's callbacks arrive queued on the store's thread); call them on that thread.
class CursorKeyStore
{
public:
    static QString account();
    // Reading or writing registers the key with the log masker first.
    static void read(CredentialStore &store, CredentialStore::Callback done);
    static void write(CredentialStore &store, const QString &key, CredentialStore::Callback done);
    static void remove(CredentialStore &store, CredentialStore::Callback done);
    // The settings dialog's payload: a key writes it, nullopt removes it.
    static void apply(CredentialStore &store, const std::optional<QString> &key, CredentialStore::Callback done);
};

} // namespace runnercore
