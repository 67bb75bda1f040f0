#include "WorkspaceFileAccess.h"

#include "JsonRpcConnection.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {
QString tr(const char *text)
{
    return QCoreApplication::translate("WorkspaceFileAccess", text);
}

WorkspaceFileAccess::Result failure(int code, const QString &message)
{
    WorkspaceFileAccess::Result r;
    r.code = code;
    r.message = message;
    return r;
}

bool isInside(const QString &path, const QString &root)
{
    return path == root || path.startsWith(root.endsWith(QLatin1Char('/')) ? root : root + QLatin1Char('/'));
}
} // namespace

WorkspaceFileAccess::WorkspaceFileAccess(const QString &hostRoot, const QString &agentRoot)
    : m_hostRoot(QFileInfo(hostRoot).canonicalFilePath()), m_agentRoot(QDir::cleanPath(agentRoot))
{ }

std::optional<QString> WorkspaceFileAccess::resolve(const QString &agentPath, Result *refusal) const
{
    const auto refuse = [&](const QString &message) {
        *refusal = failure(JsonRpcError::InvalidParams, message);
        return std::nullopt;
    };
    if (m_hostRoot.isEmpty())
        return refuse(tr("the run's workspace is not available"));
    if (agentPath.isEmpty() || !agentPath.startsWith(QLatin1Char('/')) || agentPath.contains(QChar(0)))
        return refuse(tr("\"path\" must be an absolute path inside %1; got \"%2\"").arg(m_agentRoot, agentPath));
    // ".." is resolved before the check, so /workspace/../etc/passwd is /etc/passwd and refused.
    const QString clean = QDir::cleanPath(agentPath);
    if (!isInside(clean, m_agentRoot))
        return refuse(tr("%1 is outside the run's workspace %2; refused").arg(agentPath, m_agentRoot));
    const QString relative = clean.mid(m_agentRoot.size());
    QString host = m_hostRoot + relative;

    // Symbolic links: the deepest part of the path that exists must resolve inside the workspace.
    QString existing = host;
    while (!QFileInfo(existing).exists() && !QFileInfo(existing).isSymLink() && existing != m_hostRoot)
        existing = QFileInfo(existing).path();
    const QFileInfo info(existing);
    if (info.isSymLink() && !info.exists())
        return refuse(tr("%1 is a symbolic link that points nowhere; refused").arg(agentPath));
    const QString canonical = info.canonicalFilePath();
    if (canonical.isEmpty() || !isInside(canonical, m_hostRoot))
        return refuse(tr("%1 leads outside the run's workspace through a symbolic link; refused").arg(agentPath));
    // Rebuild the path on the resolved prefix so the file is opened where the check looked.
    return canonical + host.mid(existing.size());
}

WorkspaceFileAccess::Result WorkspaceFileAccess::readText(
    const QString &path, std::optional<qint64> line, std::optional<qint64> limit) const
{
    Result r;
    const std::optional<QString> host = resolve(path, &r);
    if (!host)
        return r;
    // O_NOFOLLOW: the last component was resolved above; a link swapped in since is refused.
    // O_NONBLOCK: a FIFO the agent made in its workspace would otherwise block the Runner here.
    const int fd = ::open(QFile::encodeName(*host).constData(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT)
            return failure(-32002, tr("%1 does not exist").arg(path)); // ACP's "resource not found"
        return failure(
            JsonRpcError::InternalError, tr("cannot read %1: %2").arg(path, QString::fromLocal8Bit(strerror(errno))));
    }
    struct stat st;
    if (::fstat(fd, &st) != 0 || (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))) {
        ::close(fd);
        return failure(JsonRpcError::InvalidParams, tr("%1 is not a regular file").arg(path));
    }
    QFile file;
    if (!file.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle)) {
        ::close(fd);
        return failure(JsonRpcError::InternalError, tr("cannot read %1").arg(path));
    }
    if (QFileInfo(*host).isDir())
        return failure(JsonRpcError::InvalidParams, tr("%1 is a directory").arg(path));
    if (file.size() > MaxReadBytes)
        return failure(JsonRpcError::InvalidParams,
            tr("%1 is larger than %2 MiB, the most the Runner reads for an agent")
                .arg(path)
                .arg(MaxReadBytes / (1024 * 1024)));
    QString text = QString::fromUtf8(file.read(MaxReadBytes + 1));
    if (line || limit) {
        // ACP: "line" is 1-based, "limit" a number of lines.
        const qint64 first = std::max<qint64>(1, line.value_or(1));
        QStringList lines = text.split(QLatin1Char('\n'));
        const qint64 from = std::min<qint64>(first - 1, lines.size());
        const qint64 count = limit ? std::max<qint64>(0, *limit) : lines.size();
        text = lines.mid(from, count).join(QLatin1Char('\n'));
    }
    r.ok = true;
    r.content = text;
    return r;
}

WorkspaceFileAccess::Result WorkspaceFileAccess::writeText(const QString &path, const QString &content) const
{
    Result r;
    const std::optional<QString> host = resolve(path, &r);
    if (!host)
        return r;
    const QFileInfo info(*host);
    if (info.isDir())
        return failure(JsonRpcError::InvalidParams, tr("%1 is a directory").arg(path));
    if (!QDir().mkpath(info.path()))
        return failure(JsonRpcError::InternalError, tr("cannot create the directory of %1").arg(path));
    // Written whole or not at all: the agent never sees half a file after a crash.
    QSaveFile file(*host);
    if (!file.open(QIODevice::WriteOnly) || file.write(content.toUtf8()) < 0 || !file.commit())
        return failure(JsonRpcError::InternalError, tr("cannot write %1: %2").arg(path, file.errorString()));
    r.ok = true;
    return r;
}
