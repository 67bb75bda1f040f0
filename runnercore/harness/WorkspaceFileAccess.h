#pragma once

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace runnercore {

// ACP's fs/read_text_file and fs/write_text_file, confined to one run's workspace. The agent
// names files by absolute paths as it sees them (agentRoot: the workspace itself on a host
// tier, the mount target in a container, §6.7); they are mapped to hostRoot lexically ("..",
// "." and "//" resolved by name) and then resolved beneath a descriptor of the workspace that is
// opened once: never checked as a string and opened again, so a harness that swaps a directory
// for a symbolic link while a request is served cannot lead it outside (§6.7).
//
// Symbolic links inside the workspace are followed by this class, never by the kernel: a link's
// target is resolved again beneath the workspace descriptor (".." pops a directory this walk
// opened; an absolute target must lie under the workspace as the harness sees it). A link that
// leads outside, points nowhere, or is one of more than MaxSymlinks in one path is refused.
class WorkspaceFileAccess
{
public:
    static constexpr qint64 MaxReadBytes = 16LL * 1024 * 1024;
    static constexpr int MaxDepth = 256; // directories below the workspace, links included
    static constexpr int MaxSymlinks = 40; // per request, as Linux's own path walk
    static constexpr int MaxAttempts = 8; // a file swapped between lookup and open is looked up again

    // Kernel: openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS) for the directories of a path where
    // the kernel has it, the walk for whatever it cannot do (links, directories to create).
    // Walk: a component-by-component openat(O_NOFOLLOW) walk only (tests force it).
    enum class Resolver { Kernel, Walk };

    struct Result
    {
        bool ok = false;
        int code = 0; // JSON-RPC error code when !ok
        QString message; // for the agent; names the path and the rule
        QString content; // read: the text
    };

    WorkspaceFileAccess() = default;
    WorkspaceFileAccess(const QString &hostRoot, const QString &agentRoot, Resolver resolver = Resolver::Kernel);

    Result readText(const QString &path, std::optional<qint64> line, std::optional<qint64> limit) const;
    Result writeText(const QString &path, const QString &content) const;

    // Whether this kernel (and seccomp filter) lets the Runner use openat2.
    static bool kernelResolverAvailable();

private:
    class Root;
    struct Located;
    enum class Status;

    // The path's components below the workspace, or a refusal naming the path.
    std::optional<QStringList> components(const QString &agentPath, Result *refusal) const;
    Status locate(const QStringList &components, bool create, Located *out) const;
    Status walk(const QStringList &components, bool create, Located *out) const;
    bool kernelLocate(const QStringList &components, Located *out) const;
    std::optional<QList<QByteArray>> belowRoot(const QList<QByteArray> &parts) const;
    Result failureFor(Status status, const QString &path, int error, bool write) const;

    std::shared_ptr<const Root> m_root; // the workspace descriptor, shared by copies
    QString m_hostRoot; // canonical
    QString m_agentRoot; // clean, absolute
    Resolver m_resolver = Resolver::Kernel;
};

} // namespace runnercore
