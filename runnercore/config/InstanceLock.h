#pragma once

#include <QLockFile>
#include <QString>

#include <memory>

namespace runnercore {

// One running Runner per credential on a machine (§3 clone fencing): a lock file in the
// user's runtime directory, named by a hash of the credential so the name reveals nothing.
class InstanceLock
{
public:
    // key: what identifies the credential (endpoint + credential); only its hash is used.
    explicit InstanceLock(const QString &key);
    ~InstanceLock();

    // False when another process holds the lock, or when the runtime directory or the lock file is not
    // this user's alone (unsafeReason() says which and how to fix it; nothing was created then).
    bool tryLock();
    void unlock();
    bool isLocked() const;
    // Pid of the process holding the lock, or 0.
    qint64 holderPid() const;
    // "Another Checkfu Runner (pid 1234) is already running ..."; for a failed tryLock() (the
    // unsafeReason() when that is why).
    QString conflictMessage() const;
    // Why the last tryLock() refused to use the runtime directory or lock file; empty otherwise.
    QString unsafeReason() const { return m_unsafe; }
    QString path() const { return m_path; }

private:
    QString m_path;
    QString m_unsafe;
    std::unique_ptr<QLockFile> m_lock;
};

} // namespace runnercore
