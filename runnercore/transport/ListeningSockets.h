#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace runnercore {

// Who listens on a TCP port of this machine. On Linux the kernel lists every socket, with the uid
// that owns it, in /proc/net/tcp and /proc/net/tcp6; a loopback endpoint from a link is trusted
// only when the listener is the person's own program, not another local account's (issue 21).
class ListeningSockets
{
public:
    struct Socket
    {
        quint16 port = 0;
        quint32 uid = 0;
        bool operator==(const Socket &) const = default;
    };

    // The uid of this process (0 where there are none: there are no tables to match it against either).
    static quint32 ownUid();

    // Pure: the LISTEN sockets (state 0A) of one table's bytes, IPv4 or IPv6. The header and every
    // line that does not have the kernel's shape are skipped, never guessed at.
    static QList<Socket> parse(QByteArrayView table);

    // The uids listening on `port` in procNet/tcp and procNet/tcp6 (any local address: one on
    // 0.0.0.0 or :: answers loopback too); nullopt when neither table can be read (not Linux).
    // A read of procfs, which the kernel answers from memory: it never waits on a disk or the network.
    static std::optional<QList<quint32>> ownersOf(quint16 port, const QString &procNet = QStringLiteral("/proc/net"));

    // Why a loopback endpoint must not be trusted: nothing listens on its port, another uid does,
    // or who listens cannot be told; nullopt when every listener belongs to `uid`, or the endpoint
    // is not loopback. The message names the endpoint, the port and the reason.
    static std::optional<QString> loopbackProblem(
        const QUrl &endpoint, quint32 uid, const QString &procNet = QStringLiteral("/proc/net"));
};

} // namespace runnercore
