#pragma once

#include <QObject>
#include <QString>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace runnercore {

// Outcome of one credential store operation.
struct CredentialResult
{
    enum class Status { Ok, NotFound, Unavailable, Refused, Error };
    Status status = Status::Error;
    QString secret; // only for Ok reads
    QString message; // user-facing, says what is wrong and how to fix it; never contains the secret
    bool ok() const { return status == Status::Ok; }
};

// Custody of the bootstrap credential (wire §2.3, §8): the platform keychain, or an
// owner-only file the user explicitly opted in to. Every callback is delivered queued,
// never from inside the call, and is dropped if the store is destroyed first.
class CredentialStore : public QObject
{
    Q_OBJECT
public:
    enum class Kind { Keychain, File };
    using Callback = std::function<void(const CredentialResult &)>;
    using QObject::QObject;

    virtual void read(const QString &account, Callback done) = 0;
    virtual void write(const QString &account, const QString &secret, Callback done) = 0;
    virtual void remove(const QString &account, Callback done) = 0; // removing a missing entry is Ok
    virtual QString backendName() const = 0; // "Secret Service" / "file"

    // Account key: endpoint (scheme://host:port, normalised, no path) + "|" + runner id.
    // Empty when the endpoint has no scheme or host or the runner id is empty.
    static QString accountFor(const QUrl &endpoint, const QString &runnerId);
    // Factory; on Windows returns a store whose every call fails with Refused before touching the filesystem (§8).
    static std::unique_ptr<CredentialStore> create(Kind kind, const QString &fileDir, QObject *parent = nullptr);
    static std::optional<Kind> kindFromName(const QString &name); // "keychain" | "file"

protected:
    // Queues done(result) on this object's thread; never runs it synchronously.
    void deliver(const Callback &done, const CredentialResult &result);
    // The common refusal for an empty account key (a caller bug, but never worth a crash).
    static CredentialResult emptyAccountResult();
};

} // namespace runnercore
