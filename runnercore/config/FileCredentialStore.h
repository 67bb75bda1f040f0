#pragma once

#include <runnercore/config/CredentialStore.h>

#include <sys/types.h>

namespace runnercore {

// The explicit opt-in fallback (§8) for machines where no keychain answers: one owner-only
// file per account in an owner-only directory, never followed through symbolic links, whose
// owner and mode are checked on every use. Refuses rather than repairs: a loosened mode or a
// foreign owner means something changed behind the Runner's back and the user should look.
class FileCredentialStore : public CredentialStore
{
    Q_OBJECT
public:
    explicit FileCredentialStore(const QString &directory, QObject *parent = nullptr);

    void read(const QString &account, Callback done) override;
    void write(const QString &account, const QString &secret, Callback done) override;
    void remove(const QString &account, Callback done) override;
    QString backendName() const override;

    QString directory() const { return m_directory; }
    // Path of the file holding account (hex SHA-256 of the account, so no path tricks).
    QString filePathFor(const QString &account) const;

protected:
    // The uid that must own the directory and files. Virtual so tests that cannot chown
    // (not root) still exercise the owner check.
    virtual uid_t expectedUid() const;

private:
    struct DirHandle;
    CredentialResult openDirectory(bool create, DirHandle &handle) const;
    CredentialResult readNow(const QString &account) const;
    CredentialResult writeNow(const QString &account, const QString &secret) const;
    CredentialResult removeNow(const QString &account) const;

    CredentialResult refused(const QString &message) const;
    CredentialResult failed(const QString &message) const;

    QString m_directory;
};

} // namespace runnercore
