#include <runnercore/transport/ListeningSockets.h>

#include <runnercore/transport/EndpointPolicy.h>

#include <QCoreApplication>
#include <QFile>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <unistd.h>
#endif

namespace runnercore {

namespace {

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(ListeningSockets)
};

// A table is a few lines per socket; far more than any machine has, and a bound on what is read.
constexpr qint64 MaxTableBytes = 64 * 1024 * 1024;
constexpr qint64 ChunkBytes = 64 * 1024;
constexpr quint32 ListenState = 0x0A; // TCP_LISTEN in include/net/tcp_states.h

std::optional<quint32> number(QByteArrayView text, int base, quint64 max)
{
    if (text.isEmpty() || text.size() > 16)
        return std::nullopt;
    quint64 value = 0;
    for (const char c : text) {
        int digit = -1;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (base == 16 && c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else if (base == 16 && c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        if (digit < 0)
            return std::nullopt;
        value = value * quint64(base) + quint64(digit);
        if (value > max)
            return std::nullopt;
    }
    return quint32(value);
}

bool isHex(QByteArrayView text)
{
    return !text.isEmpty() && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f');
    });
}

QList<QByteArrayView> fields(QByteArrayView line)
{
    QList<QByteArrayView> out;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
            ++i;
        const qsizetype start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t')
            ++i;
        if (i > start)
            out.append(line.sliced(start, i - start));
    }
    return out;
}

// "   0: 0100007F:2255 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000 0 12345 …"
std::optional<ListeningSockets::Socket> socketOf(QByteArrayView line)
{
    const QList<QByteArrayView> f = fields(line);
    if (f.size() < 8 || !f[0].endsWith(':') || !number(f[0].chopped(1), 10, 0xFFFFFFFFu))
        return std::nullopt;
    const QByteArrayView local = f[1];
    const qsizetype colon = local.lastIndexOf(':');
    if (colon < 0)
        return std::nullopt;
    const QByteArrayView address = local.first(colon);
    if ((address.size() != 8 && address.size() != 32) || !isHex(address))
        return std::nullopt;
    const auto port = number(local.sliced(colon + 1), 16, 0xFFFF);
    const auto state = number(f[3], 16, 0xFF);
    const auto uid = number(f[7], 10, 0xFFFFFFFFu);
    if (!port || !state || !uid || local.sliced(colon + 1).size() != 4 || f[3].size() != 2)
        return std::nullopt;
    if (*state != ListenState)
        return std::nullopt;
    return ListeningSockets::Socket { quint16(*port), *uid };
}

} // namespace

quint32 ListeningSockets::ownUid()
{
#ifdef Q_OS_UNIX
    return quint32(::getuid());
#else
    return 0;
#endif
}

QList<ListeningSockets::Socket> ListeningSockets::parse(QByteArrayView table)
{
    QList<Socket> sockets;
    qsizetype start = 0;
    while (start < table.size()) {
        qsizetype end = table.indexOf('\n', start);
        if (end < 0)
            end = table.size();
        if (const auto socket = socketOf(table.sliced(start, end - start)))
            sockets.append(*socket);
        start = end + 1;
    }
    return sockets;
}

std::optional<QList<quint32>> ListeningSockets::ownersOf(quint16 port, const QString &procNet)
{
    bool readAny = false;
    QList<quint32> owners;
    for (const char *name : { "tcp", "tcp6" }) {
        QFile file(procNet + QLatin1Char('/') + QLatin1String(name));
        // procfs reports size 0: read in chunks until the end, bounded.
        if (!file.open(QIODevice::ReadOnly))
            continue;
        readAny = true;
        QByteArray table;
        while (table.size() < MaxTableBytes) {
            const QByteArray chunk = file.read(ChunkBytes);
            if (chunk.isEmpty())
                break;
            table += chunk;
        }
        for (const Socket &socket : parse(table)) {
            if (socket.port == port && !owners.contains(socket.uid))
                owners.append(socket.uid);
        }
    }
    if (!readAny)
        return std::nullopt;
    return owners;
}

std::optional<QString> ListeningSockets::loopbackProblem(const QUrl &endpoint, quint32 uid, const QString &procNet)
{
    if (!EndpointPolicy::isLoopbackHost(endpoint.host()))
        return std::nullopt;
    const int port = endpoint.port(endpoint.scheme() == QLatin1String("https") ? 443 : 80);
    const QString where = endpoint.toString(QUrl::RemoveUserInfo | QUrl::StripTrailingSlash);
    const std::optional<QList<quint32>> owners = ownersOf(quint16(port), procNet);
    if (!owners)
        return Messages::tr("The link's endpoint %1 is on this machine, but Checkfu Runner cannot tell which user's "
                            "program listens on port %2 here, so the link was refused. If you run that control plane "
                            "yourself, type its address on this page.")
            .arg(where)
            .arg(port);
    if (owners->isEmpty())
        return Messages::tr("The link's endpoint %1 is on this machine, but nothing listens on port %2, so the link "
                            "was refused: another user could start a program there later and pose as your control "
                            "plane. Start your control plane first, then open the link again.")
            .arg(where)
            .arg(port);
    QStringList others;
    for (const quint32 owner : *owners) {
        if (owner != uid)
            others.append(QString::number(owner));
    }
    if (!others.isEmpty())
        return Messages::tr("The link's endpoint %1 is on this machine, but the program listening on port %2 belongs "
                            "to another user (uid %3), who could pose as your control plane and take this machine's "
                            "runs. The link was refused.")
            .arg(where)
            .arg(port)
            .arg(others.join(QLatin1String(", ")));
    return std::nullopt;
}

} // namespace runnercore
