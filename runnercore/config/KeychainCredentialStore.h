#pragma once

#include <runnercore/config/CredentialStore.h>

#include <chrono>
#include <optional>

namespace QKeychain {
class Job;
}

namespace runnercore {

// The platform keychain through QtKeychain: the Secret Service on Linux (gnome-keyring,
// KWallet), the Keychain on macOS. QtKeychain's own insecure fallback stays off: the file
// store is a separate, explicit opt-in.
//
// QtKeychain reports a locked keyring or a missing daemon only vaguely (a locked keyring
// reads as "Entry not found"; no bus and no daemon are both OtherError), so on those paths
// the store asks the Secret Service itself over D-Bus to tell the user what to fix.
class KeychainCredentialStore : public CredentialStore
{
    Q_OBJECT
public:
    explicit KeychainCredentialStore(QObject *parent = nullptr);

    void read(const QString &account, Callback done) override;
    void write(const QString &account, const QString &secret, Callback done) override;
    void remove(const QString &account, Callback done) override;
    QString backendName() const override;

    // The keychain service every entry is filed under.
    static QString serviceName();
    // Wait before the one retry when no keychain answered (the keyring daemon may still be
    // starting at login, as Nextcloud desktop found).
    void setRetryDelay(std::chrono::milliseconds delay) { m_retryDelay = delay; }

private:
    enum class Operation { Read, Write, Remove };
    struct Request
    {
        Operation operation = Operation::Read;
        QString account;
        QString secret;
        Callback done;
        int attempt = 0;
    };

    void start(const Request &request);
    void finished(const Request &request, QKeychain::Job *job);
    void retryOrReport(const Request &request, const QString &reason);

    // Why no Secret Service can answer, or nullopt when one is there (the failure is elsewhere).
    std::optional<QString> unavailableReason() const;
    // Whether the keychain holds an entry for account that it will not show because it is locked.
    bool entryIsLocked(const QString &account) const;

    CredentialResult unavailable(const QString &reason) const;
    CredentialResult locked() const;
    CredentialResult refused(const QString &detail) const;
    CredentialResult failed(Operation operation, const QString &detail) const;

    std::chrono::milliseconds m_retryDelay { 1500 };
};

} // namespace runnercore
