#include <runnercore/config/InstanceLock.h>

#include <runnercore/config/AppPaths.h>
#include <runnercore/config/PrivateDirectory.h>

#include <QCoreApplication>
#include <QCryptographicHash>

namespace runnercore {

InstanceLock::InstanceLock(const QString &key)
{
    const QString dir = AppPaths::runtimeDir();
    const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    m_path = dir + QStringLiteral("/runner-") + QString::fromLatin1(hash) + QStringLiteral(".lock");
    m_lock = std::make_unique<QLockFile>(m_path);
    // A lock is never stale while its process lives; QLockFile checks the pid itself.
    m_lock->setStaleLockTime(0);
}

InstanceLock::~InstanceLock() = default;

bool InstanceLock::tryLock()
{
    m_unsafe.clear();
    // Another user who can put files where the lock lives could fake a holder or swap the file.
    if (!AppPaths::ensureRuntimeDir(&m_unsafe) || !PrivateDirectory::checkFile(m_path, &m_unsafe))
        return false;
    return m_lock->tryLock(0);
}

void InstanceLock::unlock()
{
    if (m_lock->isLocked())
        m_lock->unlock();
}

bool InstanceLock::isLocked() const
{
    return m_lock->isLocked();
}

qint64 InstanceLock::holderPid() const
{
    qint64 pid = 0;
    QString host, app;
    if (m_lock->getLockInfo(&pid, &host, &app))
        return pid;
    return 0;
}

QString InstanceLock::conflictMessage() const
{
    if (!m_unsafe.isEmpty())
        return m_unsafe;
    const qint64 pid = holderPid();
    if (pid > 0)
        return QCoreApplication::translate("InstanceLock",
            "Another Checkfu Runner (pid %1) is already running with this machine's credential. "
            "Stop it first (or use the tray); two at once would get the credential revoked as a clone.")
            .arg(pid);
    return QCoreApplication::translate("InstanceLock",
        "Another Checkfu Runner is already running with this machine's credential "
        "(lock %1). Stop it first.")
        .arg(m_path);
}

} // namespace runnercore
