#include "DockerDaemon.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLockFile>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

// Short on purpose: dockerd's and containerd's unix sockets live under the exec root, and a socket
// path must fit in 108 bytes.
constexpr char kDirPrefix[] = "/tmp/cfd-";
constexpr char kBridgePrefix[] = "cfd";
// The applets tests rely on; the image links every applet the host's busybox has.
constexpr const char *kRequiredApplets[] = { "sh", "ls", "cat", "echo", "ip", "sleep", "env", "id", "nc", "wc", "head",
    "tail", "grep", "ps", "kill", "touch", "mkdir", "rm", "true", "false", "printf", "test", "[" };

bool setError(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// Waits for the event loop's sake in short slices when there is one (see DockerDaemon::docker()).
void pause(int ms)
{
    if (QCoreApplication::instance())
        QTest::qWait(ms);
    else
        QThread::msleep(ulong(ms));
}

QString findProgram(const QString &name)
{
    QString path = QStandardPaths::findExecutable(name);
    if (path.isEmpty()) {
        path = QStandardPaths::findExecutable(name,
            { QStringLiteral("/usr/local/sbin"), QStringLiteral("/usr/local/bin"), QStringLiteral("/usr/sbin"),
                QStringLiteral("/usr/bin"), QStringLiteral("/sbin"), QStringLiteral("/bin") });
    }
    return path;
}

bool processAlive(pid_t pid)
{
    if (pid <= 0)
        return false;
    if (::kill(pid, 0) != 0 && errno != EPERM)
        return false;
    // A zombie is as good as gone: whoever its parent is will reap it.
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const int close = text.lastIndexOf(')');
    return !(close > 0 && text.size() > close + 2 && text.at(close + 2) == 'Z');
}

// /proc/self/mounts escapes blanks and backslashes as \ooo.
QString unescapeMountField(const QByteArray &field)
{
    QByteArray out;
    for (int i = 0; i < field.size(); ++i) {
        if (field.at(i) == '\\' && i + 3 < field.size()) {
            bool ok = false;
            const int c = field.mid(i + 1, 3).toInt(&ok, 8);
            if (ok) {
                out.append(char(c));
                i += 3;
                continue;
            }
        }
        out.append(field.at(i));
    }
    return QString::fromLocal8Bit(out);
}

// Mount points at or below dir, deepest (and most recently mounted) first.
QStringList mountsUnder(const QString &dir)
{
    QStringList points;
    QFile mounts(QStringLiteral("/proc/self/mounts"));
    if (!mounts.open(QIODevice::ReadOnly))
        return points;
    const QString prefix = dir + QLatin1Char('/');
    for (const QByteArray &line : mounts.readAll().split('\n')) {
        const QList<QByteArray> fields = line.split(' ');
        if (fields.size() < 2)
            continue;
        const QString point = unescapeMountField(fields.at(1));
        if (point == dir || point.startsWith(prefix))
            points.prepend(point);
    }
    std::stable_sort(
        points.begin(), points.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return points;
}

// umount -l of everything at or below dir (a mount point may be stacked several times).
void unmountUnder(const QString &dir)
{
    for (int pass = 0; pass < 8; ++pass) {
        const QStringList points = mountsUnder(dir);
        if (points.isEmpty())
            return;
        for (const QString &point : points)
            ::umount2(QFile::encodeName(point).constData(), MNT_DETACH);
    }
}

struct ProcessInfo
{
    pid_t pid = 0;
    pid_t ppid = 0;
    QList<QByteArray> argv;
};

QList<ProcessInfo> allProcesses()
{
    QList<ProcessInfo> list;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool numeric = false;
        const pid_t pid = pid_t(entry.toInt(&numeric));
        if (!numeric)
            continue;
        ProcessInfo info;
        info.pid = pid;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(entry));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = stat.readAll();
        const int close = text.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = text.mid(close + 2).split(' '); // state ppid …
        if (fields.size() < 2)
            continue;
        info.ppid = pid_t(fields.at(1).toInt());
        QFile cmdline(QStringLiteral("/proc/%1/cmdline").arg(entry));
        if (cmdline.open(QIODevice::ReadOnly))
            info.argv = cmdline.readAll().split('\0');
        list.append(info);
    }
    return list;
}

// SIGKILLs every process whose command line names something under dir (dockerd, containerd,
// containerd-shim-runc-v2 … -address DIR/exec/…) and their children (container init processes:
// killing a PID namespace's init kills the namespace), then removes the containers' cgroups.
void killProcessesUnder(const QString &dir)
{
    const QByteArray needle = QFile::encodeName(dir) + '/';
    const QList<ProcessInfo> processes = allProcesses();
    QSet<pid_t> owners;
    QStringList containerIds;
    QStringList shimSockets;
    for (const ProcessInfo &p : processes) {
        if (p.pid == ::getpid())
            continue;
        bool mentions = false;
        for (const QByteArray &arg : p.argv)
            mentions = mentions || arg.contains(needle);
        if (!mentions)
            continue;
        owners.insert(p.pid);
        auto option = [&p](const char *name) {
            const qsizetype i = p.argv.indexOf(QByteArray(name));
            return i >= 0 && i + 1 < p.argv.size() ? p.argv.at(i + 1) : QByteArray();
        };
        const QByteArray id = option("-id");
        if (id.isEmpty())
            continue;
        containerIds.append(QString::fromLatin1(id));
        // A killed containerd-shim-runc-v2 leaves its socket, named as containerd 1.6 names it:
        // /run/containerd/s/<sha256 of "<containerd address>/<namespace>/<id>">.
        const QByteArray address = option("-address");
        const QByteArray ns = option("-namespace");
        if (!address.isEmpty() && !ns.isEmpty())
            shimSockets.append(QStringLiteral("/run/containerd/s/")
                + QString::fromLatin1(
                    QCryptographicHash::hash(address + '/' + ns + '/' + id, QCryptographicHash::Sha256).toHex()));
    }
    if (owners.isEmpty())
        return;
    QSet<pid_t> victims = owners;
    for (const ProcessInfo &p : processes) {
        if (owners.contains(p.ppid) && p.pid != ::getpid())
            victims.insert(p.pid);
    }
    for (pid_t pid : std::as_const(victims))
        ::kill(pid, SIGKILL);
    QDeadlineTimer deadline(5000);
    auto anyAlive = [&victims] {
        for (pid_t pid : std::as_const(victims)) {
            if (processAlive(pid))
                return true;
        }
        return false;
    };
    while (anyAlive() && !deadline.hasExpired())
        QThread::msleep(20);
    for (const QString &socket : std::as_const(shimSockets))
        QFile::remove(socket);

    // The engine would have removed these with the containers. dockerd's default cgroup parent is
    // /docker (cgroupfs driver): /sys/fs/cgroup/<controller>/docker/<id> on v1, …/docker/<id> on v2.
    QStringList hierarchies { QStringLiteral("/sys/fs/cgroup") };
    for (const QString &controller :
        QDir(QStringLiteral("/sys/fs/cgroup")).entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        hierarchies.append(QStringLiteral("/sys/fs/cgroup/") + controller);
    for (int attempt = 0; attempt < 10; ++attempt) {
        bool left = false;
        for (const QString &id : std::as_const(containerIds)) {
            for (const QString &hierarchy : std::as_const(hierarchies)) {
                const QString cgroup = hierarchy + QStringLiteral("/docker/") + id;
                if (QFileInfo::exists(cgroup) && ::rmdir(QFile::encodeName(cgroup).constData()) != 0)
                    left = true;
            }
        }
        if (!left)
            break;
        QThread::msleep(50);
    }
}

bool linkExists(const QString &name)
{
    return QFileInfo::exists(QStringLiteral("/sys/class/net/") + name);
}

QString runIp(const QStringList &args)
{
    QProcess ip;
    ip.start(findProgram(QStringLiteral("ip")), args);
    if (!ip.waitForStarted(5000))
        return QStringLiteral("ip (iproute2) did not start: %1; scripts/setup installs iproute2").arg(ip.errorString());
    if (!ip.waitForFinished(10000)) {
        ip.kill();
        ip.waitForFinished(1000);
        return QStringLiteral("ip %1 did not finish").arg(args.join(QLatin1Char(' ')));
    }
    if (ip.exitStatus() != QProcess::NormalExit || ip.exitCode() != 0)
        return QStringLiteral("ip %1 failed: %2")
            .arg(args.join(QLatin1Char(' ')), QString::fromLocal8Bit(ip.readAllStandardError()).trimmed());
    return {};
}

void deleteBridge(const QString &name)
{
    if (!name.isEmpty() && linkExists(name))
        runIp({ QStringLiteral("link"), QStringLiteral("delete"), name });
}

// Stops everything a daemon left under dir and removes dir, unless something stays mounted there
// (removing recursively through a mount would delete what it shows).
void cleanUpDir(const QString &dir, const QString &suffix)
{
    killProcessesUnder(dir);
    unmountUnder(dir);
    deleteBridge(QLatin1String(kBridgePrefix) + suffix);
    const QStringList left = mountsUnder(dir);
    if (!left.isEmpty()) {
        qWarning("DockerDaemon: %s is still mounted; leaving %s in place", qPrintable(left.join(QStringLiteral(", "))),
            qPrintable(dir));
        return;
    }
    if (!QDir(dir).removeRecursively())
        qWarning("DockerDaemon: could not remove all of %s", qPrintable(dir));
}

QString ipv4(quint32 address)
{
    return QStringLiteral("%1.%2.%3.%4")
        .arg(address >> 24)
        .arg((address >> 16) & 0xff)
        .arg((address >> 8) & 0xff)
        .arg(address & 0xff);
}

// (network, mask) in host byte order of every IPv4 route and interface address, default routes aside.
QList<QPair<quint32, quint32>> networksInUse()
{
    QList<QPair<quint32, quint32>> used;
    QFile routes(QStringLiteral("/proc/net/route"));
    if (routes.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = routes.readAll().split('\n');
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> fields = lines.at(i).simplified().split(' ');
            if (fields.size() < 8)
                continue;
            bool ok1 = false;
            bool ok2 = false;
            const quint32 destination = ntohl(fields.at(1).toUInt(&ok1, 16));
            const quint32 mask = ntohl(fields.at(7).toUInt(&ok2, 16));
            if (ok1 && ok2 && mask != 0)
                used.append({ destination & mask, mask });
        }
    }
    ifaddrs *list = nullptr;
    if (::getifaddrs(&list) == 0) {
        for (ifaddrs *a = list; a; a = a->ifa_next) {
            if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET || !a->ifa_netmask)
                continue;
            const quint32 address = ntohl(reinterpret_cast<sockaddr_in *>(a->ifa_addr)->sin_addr.s_addr);
            const quint32 mask = ntohl(reinterpret_cast<sockaddr_in *>(a->ifa_netmask)->sin_addr.s_addr);
            used.append({ address & mask, mask ? mask : 0xffffffffu });
        }
        ::freeifaddrs(list);
    }
    return used;
}

// Creates bridge `name` with x.y.z.1/24 on a /24 no route or interface uses yet (10.200–254.*.0
// or 172.20–31.*.0). A lock file serializes this between test processes on the machine.
bool createBridge(const QString &name, QString *gateway, QString *subnet, QString *error)
{
    QLockFile lock(QStringLiteral("/tmp/checkfu-docker-bridges.lock"));
    lock.setStaleLockTime(30000);
    if (!lock.tryLock(30000))
        return setError(error, QStringLiteral("could not lock /tmp/checkfu-docker-bridges.lock to pick a subnet"));
    const QList<QPair<quint32, quint32>> used = networksInUse();
    auto *random = QRandomGenerator::global();
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const quint32 network = random->bounded(2) == 0
            ? (10u << 24) | ((200u + random->bounded(55u)) << 16) | (random->bounded(256u) << 8)
            : (172u << 24) | ((20u + random->bounded(12u)) << 16) | (random->bounded(256u) << 8);
        const quint32 mask = 0xffffff00u;
        bool free = true;
        for (const auto &[otherNetwork, otherMask] : used) {
            const quint32 common = mask & otherMask;
            free = free && (network & common) != (otherNetwork & common);
        }
        if (!free)
            continue;
        *gateway = ipv4(network | 1);
        *subnet = ipv4(network) + QStringLiteral("/24");
        QString failure = runIp({ QStringLiteral("link"), QStringLiteral("add"), QStringLiteral("name"), name,
            QStringLiteral("type"), QStringLiteral("bridge") });
        if (failure.isEmpty())
            failure = runIp({ QStringLiteral("address"), QStringLiteral("add"), *gateway + QStringLiteral("/24"),
                QStringLiteral("dev"), name });
        if (failure.isEmpty())
            failure = runIp({ QStringLiteral("link"), QStringLiteral("set"), name, QStringLiteral("up") });
        if (!failure.isEmpty()) {
            deleteBridge(name);
            return setError(error, QStringLiteral("cannot create the bridge %1: %2").arg(name, failure));
        }
        return true;
    }
    return setError(error, QStringLiteral("found no free /24 for the bridge in 10.200-254.*.* and 172.20-31.*.*"));
}

bool writeFile(const QString &path, const QByteArray &content, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(content) != content.size())
        return setError(error, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
    return true;
}

// Copies the file behind hostPath (symlinks followed) to root + imagePath, keeping its mode.
bool copyIntoRootfs(const QString &hostPath, const QString &root, const QString &imagePath, QString *error)
{
    const QString source = QFileInfo(hostPath).canonicalFilePath();
    if (source.isEmpty())
        return setError(error, QStringLiteral("%1 does not exist").arg(hostPath));
    const QString target = root + imagePath;
    if (QFileInfo::exists(target))
        return true;
    QDir().mkpath(QFileInfo(target).absolutePath());
    if (!QFile::copy(source, target))
        return setError(error, QStringLiteral("cannot copy %1 to %2").arg(source, target));
    QFile::setPermissions(target, QFile::permissions(source));
    return true;
}

// A host binary at imagePath plus every shared library ldd lists for it, at the paths ldd names
// (the dynamic loader included): enough for the binary to run in an otherwise empty image.
bool copyWithLibraries(const QString &hostBinary, const QString &root, const QString &imagePath, QString *error)
{
    if (!copyIntoRootfs(hostBinary, root, imagePath, error))
        return false;
    const QString binary = QFileInfo(hostBinary).canonicalFilePath();
    QProcess ldd;
    ldd.start(findProgram(QStringLiteral("ldd")), { binary });
    if (!ldd.waitForFinished(30000) || ldd.exitStatus() != QProcess::NormalExit)
        return setError(error, QStringLiteral("ldd %1 did not run: %2").arg(binary, ldd.errorString()));
    const QByteArray out = ldd.readAllStandardOutput() + ldd.readAllStandardError();
    if (ldd.exitCode() != 0) {
        if (out.contains("not a dynamic executable") || out.contains("statically linked"))
            return true;
        return setError(error, QStringLiteral("ldd %1 failed: %2").arg(binary, QString::fromLocal8Bit(out)));
    }
    for (const QByteArray &rawLine : out.split('\n')) {
        const QByteArray line = rawLine.trimmed();
        if (line.isEmpty() || line.contains("statically linked"))
            continue;
        if (line.contains("=> not found"))
            return setError(error,
                QStringLiteral("%1 needs a library ldd cannot find: %2").arg(binary, QString::fromLocal8Bit(line)));
        QByteArray path;
        const int arrow = line.indexOf("=>");
        if (arrow >= 0)
            path = line.mid(arrow + 2).trimmed();
        else if (line.startsWith('/'))
            path = line;
        const int address = path.indexOf(" (");
        if (address >= 0)
            path.truncate(address);
        if (!path.startsWith('/')) // linux-vdso.so.1 and friends live in the kernel
            continue;
        if (!copyIntoRootfs(QFile::decodeName(path), root, QFile::decodeName(path), error))
            return false;
    }
    return true;
}

// A busybox root file system at root (see DockerDaemon::importBusybox()).
bool buildBusyboxRootfs(const QString &root, QString *error)
{
    QDir(root).removeRecursively();
    for (const char *sub : { "bin", "etc", "tmp", "workspace", "root", "usr/bin", "proc", "sys", "dev", "opt" }) {
        if (!QDir().mkpath(root + QLatin1Char('/') + QLatin1String(sub)))
            return setError(error, QStringLiteral("cannot create %1/%2").arg(root, QLatin1String(sub)));
    }
    ::chmod(QFile::encodeName(root + QStringLiteral("/tmp")).constData(), 01777);
    ::chmod(QFile::encodeName(root + QStringLiteral("/root")).constData(), 0700);

    QString busybox = findProgram(QStringLiteral("busybox"));
    if (busybox.isEmpty())
        return setError(error, QStringLiteral("busybox is not installed; scripts/setup installs busybox-static"));
    if (!copyWithLibraries(busybox, root, QStringLiteral("/bin/busybox"), error))
        return false;

    QProcess list;
    list.start(busybox, { QStringLiteral("--list") });
    if (!list.waitForFinished(10000) || list.exitCode() != 0)
        return setError(error, QStringLiteral("%1 --list failed: %2").arg(busybox, list.errorString()));
    QStringList applets
        = QString::fromLocal8Bit(list.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const char *required : kRequiredApplets) {
        if (!applets.contains(QLatin1String(required)))
            return setError(error, QStringLiteral("%1 has no applet %2").arg(busybox, QLatin1String(required)));
    }
    for (const QString &applet : std::as_const(applets)) {
        const QString trimmed = applet.trimmed();
        if (trimmed.isEmpty() || trimmed == QLatin1String("busybox") || trimmed.contains(QLatin1Char('/')))
            continue;
        const QByteArray link = QFile::encodeName(root + QStringLiteral("/bin/") + trimmed);
        if (::symlink("busybox", link.constData()) != 0 && errno != EEXIST)
            return setError(
                error, QStringLiteral("cannot link %1: %2").arg(QFile::decodeName(link), qt_error_string(errno)));
    }
    // #!/usr/bin/env node
    if (::symlink("../../bin/busybox", QFile::encodeName(root + QStringLiteral("/usr/bin/env")).constData()) != 0)
        return setError(error, QStringLiteral("cannot link /usr/bin/env: %1").arg(qt_error_string(errno)));

    return writeFile(root + QStringLiteral("/etc/passwd"),
               "root:x:0:0:root:/root:/bin/sh\n"
               "nobody:x:65534:65534:nobody:/nonexistent:/bin/false\n",
               error)
        && writeFile(root + QStringLiteral("/etc/group"),
            "root:x:0:\n"
            "nogroup:x:65534:\n"
            "nobody:x:65534:\n",
            error)
        && writeFile(root + QStringLiteral("/etc/nsswitch.conf"),
            "passwd: files\n"
            "group: files\n"
            "hosts: files dns\n",
            error);
}

} // namespace

QString DockerDaemon::Result::describe() const
{
    return QStringLiteral("exit %1: %2")
        .arg(exitCode)
        .arg(QString::fromLocal8Bit(err.trimmed().isEmpty() ? out.trimmed().right(2000) : err.trimmed().right(2000)));
}

DockerDaemon::DockerDaemon() = default;

DockerDaemon::~DockerDaemon()
{
    stop();
}

bool DockerDaemon::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

QString DockerDaemon::host() const
{
    return m_dir.isEmpty() ? QString() : QStringLiteral("unix://") + m_dir + QStringLiteral("/docker.sock");
}

QProcessEnvironment DockerDaemon::environment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : { "DOCKER_CONTEXT", "DOCKER_TLS", "DOCKER_TLS_VERIFY", "DOCKER_CERT_PATH" })
        env.remove(QLatin1String(name));
    if (!m_dir.isEmpty()) {
        env.insert(QStringLiteral("DOCKER_HOST"), host());
        env.insert(QStringLiteral("DOCKER_CONFIG"), m_dir + QStringLiteral("/cli"));
    }
    return env;
}

QString DockerDaemon::log(int maxBytes) const
{
    QFile f(m_dir + QStringLiteral("/dockerd.log"));
    if (m_dir.isEmpty() || !f.open(QIODevice::ReadOnly))
        return {};
    if (f.size() > maxBytes)
        f.seek(f.size() - maxBytes);
    return QString::fromLocal8Bit(f.readAll());
}

void DockerDaemon::removeStale()
{
    static const QRegularExpression dirName(QStringLiteral("^cfd-(\\d+)-([A-Za-z0-9]{6})$"));
    const QStringList entries = QDir(QStringLiteral("/tmp")).entryList({ QStringLiteral("cfd-*") }, QDir::Dirs);
    QSet<QString> liveSuffixes;
    for (const QString &entry : entries) {
        const QRegularExpressionMatch m = dirName.match(entry);
        if (!m.hasMatch())
            continue;
        const pid_t owner = pid_t(m.captured(1).toInt());
        if (owner == ::getpid() || processAlive(owner)) {
            liveSuffixes.insert(m.captured(2));
            continue;
        }
        qWarning("DockerDaemon: removing /tmp/%s, left by process %d", qPrintable(entry), int(owner));
        cleanUpDir(QStringLiteral("/tmp/") + entry, m.captured(2));
    }
    // A bridge whose directory is gone (the directory is created first and removed last).
    const QStringList links
        = QDir(QStringLiteral("/sys/class/net"))
              .entryList({ QLatin1String(kBridgePrefix) + QLatin1Char('*') }, QDir::AllEntries | QDir::System);
    for (const QString &link : links) {
        const QString suffix = link.mid(int(qstrlen(kBridgePrefix)));
        if (suffix.size() == 6 && !liveSuffixes.contains(suffix)
            && QDir(QStringLiteral("/tmp")).entryList({ QStringLiteral("cfd-*-") + suffix }, QDir::Dirs).isEmpty())
            deleteBridge(link);
    }
}

bool DockerDaemon::start(QString *error, int timeoutMs)
{
    if (isRunning())
        return true;
    stop(); // whatever a failed start left
    if (::geteuid() != 0)
        return setError(error,
            QStringLiteral("DockerDaemon needs root (dockerd manages mounts, cgroups and network "
                           "namespaces); running as uid %1")
                .arg(::geteuid()));
    const QString dockerd = findProgram(QStringLiteral("dockerd"));
    m_dockerProgram = findProgram(QStringLiteral("docker"));
    if (dockerd.isEmpty() || m_dockerProgram.isEmpty())
        return setError(error,
            QStringLiteral("%1 is not installed; scripts/setup installs docker.io")
                .arg(dockerd.isEmpty() ? QStringLiteral("dockerd") : QStringLiteral("docker")));
    for (const char *tool : { "containerd", "runc", "ip" }) {
        if (findProgram(QLatin1String(tool)).isEmpty())
            return setError(error,
                QStringLiteral("%1 is not installed; scripts/setup installs docker.io and iproute2")
                    .arg(QLatin1String(tool)));
    }

    removeStale();

    QTemporaryDir tmp(QLatin1String(kDirPrefix) + QString::number(::getpid()) + QStringLiteral("-XXXXXX"));
    if (!tmp.isValid())
        return setError(error, QStringLiteral("cannot create a directory under /tmp: %1").arg(tmp.errorString()));
    tmp.setAutoRemove(false); // stop() removes it, after unmounting what dockerd left there
    m_dir = tmp.path();
    m_suffix = m_dir.right(6);
    for (const char *sub : { "data", "exec", "cli", "build" }) {
        if (!QDir().mkpath(m_dir + QLatin1Char('/') + QLatin1String(sub))) {
            stop();
            return setError(error, QStringLiteral("cannot create %1/%2").arg(m_dir, QLatin1String(sub)));
        }
    }
    if (!writeFile(m_dir + QStringLiteral("/daemon.json"), "{}\n", error)
        || !writeFile(m_dir + QStringLiteral("/cli/config.json"), "{}\n", error)) {
        stop();
        return false;
    }
    m_bridge = QLatin1String(kBridgePrefix) + m_suffix;
    if (!createBridge(m_bridge, &m_gateway, &m_subnet, error)) {
        stop();
        return false;
    }
    if (!startDaemon(error, timeoutMs)) {
        stop();
        return false;
    }
    return true;
}

bool DockerDaemon::startDaemon(QString *error, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    const QString ns = QStringLiteral("checkfu-") + m_suffix;
    m_process = std::make_unique<QProcess>();
    m_process->setProgram(findProgram(QStringLiteral("dockerd")));
    QStringList args;
    args << QStringLiteral("--config-file") << m_dir + QStringLiteral("/daemon.json");
    args << QStringLiteral("--data-root") << m_dir + QStringLiteral("/data");
    args << QStringLiteral("--exec-root") << m_dir + QStringLiteral("/exec");
    args << QStringLiteral("--host") << host();
    args << QStringLiteral("--pidfile") << m_dir + QStringLiteral("/docker.pid");
    args << QStringLiteral("--storage-driver") << QStringLiteral("vfs");
    args << QStringLiteral("--iptables=false");
    args << QStringLiteral("--bridge") << m_bridge;
    // Only matters when dockerd finds a system containerd (/run/containerd/containerd.sock) and uses
    // it instead of starting its own: then our containers stay apart from the system engine's.
    args << QStringLiteral("--containerd-namespace") << ns;
    args << QStringLiteral("--containerd-plugins-namespace") << ns + QStringLiteral("-plugins");
    m_process->setArguments(args);
    m_process->setProcessChannelMode(QProcess::MergedChannels);
    // A file, not a pipe: dockerd logs a lot and would block on a full pipe nobody reads.
    m_process->setStandardOutputFile(m_dir + QStringLiteral("/dockerd.log"));
    m_process->setStandardInputFile(QProcess::nullDevice());
    // Dies with the test process even when the test aborts (watchdog, crash); its containerd dies
    // with it. Containers keep running then: the next start() removes them (removeStale()).
    m_process->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process->start();
    if (!m_process->waitForStarted(10000))
        return setError(error, QStringLiteral("dockerd did not start: %1").arg(m_process->errorString()));

    Result last;
    while (!deadline.hasExpired()) {
        if (m_process->state() == QProcess::NotRunning) {
            return setError(error,
                QStringLiteral("dockerd exited (code %1) before answering; its log:\n%2")
                    .arg(m_process->exitCode())
                    .arg(log()));
        }
        last = docker({ QStringLiteral("version"), QStringLiteral("--format"), QStringLiteral("{{.Server.Version}}") },
            int(qBound(qint64(1000), deadline.remainingTime(), qint64(10000))));
        if (last.ok()) {
            m_serverVersion = QString::fromUtf8(last.out).trimmed();
            return true;
        }
        pause(100);
    }
    return setError(error,
        QStringLiteral("dockerd did not answer `docker version` within %1 ms (%2); its log:\n%3")
            .arg(timeoutMs)
            .arg(last.describe(), log()));
}

void DockerDaemon::stop()
{
    if (isRunning()) {
        QString error;
        if (!removeAllContainers(&error))
            qWarning("DockerDaemon: %s", qPrintable(error));
        m_process->terminate();
        if (!m_process->waitForFinished(20000)) {
            m_process->kill();
            m_process->waitForFinished(5000);
        }
    }
    m_process.reset();
    if (!m_dir.isEmpty()) {
        // The safety net: shims or containers dockerd did not stop, netns and data-root mounts.
        cleanUpDir(m_dir, m_suffix);
    }
    m_dir.clear();
    m_suffix.clear();
    m_bridge.clear();
    m_gateway.clear();
    m_subnet.clear();
    m_serverVersion.clear();
    m_busyboxImage.clear();
    m_nodeImages.clear();
}

DockerDaemon::Result DockerDaemon::run(const QString &program, const QStringList &args, const QProcessEnvironment &env,
    int timeoutMs, const QByteArray &input)
{
    Result result;
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(program, args);
    if (!p.waitForStarted(10000)) {
        result.err = QStringLiteral("%1 did not start: %2").arg(program, p.errorString()).toLocal8Bit();
        return result;
    }
    if (!input.isEmpty())
        p.write(input);
    p.closeWriteChannel();
    QDeadlineTimer deadline(timeoutMs);
    QByteArray out;
    QByteArray err;
    while (p.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        // Short waits first: most calls answer within milliseconds.
        if (!p.waitForFinished(5) && QCoreApplication::instance())
            QTest::qWait(5);
        out += p.readAllStandardOutput();
        err += p.readAllStandardError();
    }
    const bool timedOut = p.state() != QProcess::NotRunning;
    if (timedOut) {
        p.kill();
        p.waitForFinished(2000);
    }
    result.out = out + p.readAllStandardOutput();
    result.err = err + p.readAllStandardError();
    if (timedOut)
        result.err += QStringLiteral("\n(%1 %2: timed out after %3 ms)")
                          .arg(program, args.join(QLatin1Char(' ')))
                          .arg(timeoutMs)
                          .toLocal8Bit();
    else
        result.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return result;
}

DockerDaemon::Result DockerDaemon::docker(const QStringList &args, int timeoutMs, const QByteArray &input) const
{
    if (m_dir.isEmpty() || m_dockerProgram.isEmpty()) {
        Result r;
        r.err = "DockerDaemon is not started";
        return r;
    }
    return run(m_dockerProgram, args, environment(), timeoutMs, input);
}

bool DockerDaemon::removeAllContainers(QString *error) const
{
    const Result ids = docker({ QStringLiteral("ps"), QStringLiteral("-aq"), QStringLiteral("--no-trunc") });
    if (!ids.ok())
        return setError(error, QStringLiteral("docker ps -aq: %1").arg(ids.describe()));
    const QStringList list = QString::fromUtf8(ids.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (list.isEmpty())
        return true;
    // vfs: every container is a full copy of its image, so removal is a recursive delete.
    const Result rm
        = docker(QStringList { QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("-v") } + list, 180000);
    if (!rm.ok())
        return setError(error, QStringLiteral("docker rm -f: %1").arg(rm.describe()));
    return true;
}

QJsonArray DockerDaemon::containers(const QString &labelFilter) const
{
    QStringList args { QStringLiteral("ps"), QStringLiteral("-a"), QStringLiteral("--no-trunc") };
    if (!labelFilter.isEmpty())
        args << QStringLiteral("--filter") << QStringLiteral("label=") + labelFilter;
    args << QStringLiteral("--format") << QStringLiteral("{{json .}}");
    const Result r = docker(args);
    QJsonArray list;
    if (!r.ok())
        return list;
    for (const QByteArray &line : r.out.split('\n')) {
        const QJsonDocument doc = QJsonDocument::fromJson(line);
        if (doc.isObject())
            list.append(doc.object());
    }
    return list;
}

QJsonObject DockerDaemon::inspect(const QString &nameOrId) const
{
    const Result r = docker({ QStringLiteral("inspect"), nameOrId });
    if (!r.ok())
        return {};
    return QJsonDocument::fromJson(r.out).array().at(0).toObject();
}

QString DockerDaemon::importRootfs(const QString &rootfs, QString *error)
{
    const QString tarball = rootfs + QStringLiteral(".tar");
    const Result tar = run(findProgram(QStringLiteral("tar")),
        { QStringLiteral("--numeric-owner"), QStringLiteral("--owner=0"), QStringLiteral("--group=0"),
            QStringLiteral("-C"), rootfs, QStringLiteral("-cf"), tarball, QStringLiteral(".") },
        QProcessEnvironment::systemEnvironment(), 300000);
    if (!tar.ok()) {
        QFile::remove(tarball);
        setError(error, QStringLiteral("tar of %1: %2").arg(rootfs, tar.describe()));
        return {};
    }
    const Result imported = docker({ QStringLiteral("import"), tarball }, 300000);
    QFile::remove(tarball);
    const QString id = QString::fromUtf8(imported.out).trimmed();
    static const QRegularExpression imageId(QStringLiteral("^sha256:[0-9a-f]{64}$"));
    if (!imported.ok() || !imageId.match(id).hasMatch()) {
        setError(error, QStringLiteral("docker import %1: %2").arg(tarball, imported.describe()));
        return {};
    }
    return id;
}

QString DockerDaemon::importBusybox(QString *error)
{
    if (!m_busyboxImage.isEmpty())
        return m_busyboxImage;
    if (!isRunning()) {
        setError(error, QStringLiteral("DockerDaemon is not started"));
        return {};
    }
    const QString root = m_dir + QStringLiteral("/build/busybox");
    if (!buildBusyboxRootfs(root, error)) {
        QDir(root).removeRecursively();
        return {};
    }
    m_busyboxImage = importRootfs(root, error);
    QDir(root).removeRecursively();
    return m_busyboxImage;
}

QString DockerDaemon::importNodeAgent(const QString &peerDir, QString *error)
{
    const QString peer = QFileInfo(peerDir).canonicalFilePath();
    if (m_nodeImages.contains(peer))
        return m_nodeImages.value(peer);
    if (!isRunning()) {
        setError(error, QStringLiteral("DockerDaemon is not started"));
        return {};
    }
    for (const char *needed : { "agent.mjs", "package.json", "node_modules" }) {
        if (peer.isEmpty() || !QFileInfo::exists(peer + QLatin1Char('/') + QLatin1String(needed))) {
            setError(error,
                QStringLiteral("%1/%2 is missing; scripts/setup installs the ACP test peer")
                    .arg(peerDir, QLatin1String(needed)));
            return {};
        }
    }
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty()) {
        setError(error, QStringLiteral("node is not on PATH; scripts/setup installs Node.js"));
        return {};
    }
    const QString root = m_dir + QStringLiteral("/build/node");
    auto fail = [&root] {
        QDir(root).removeRecursively();
        return QString();
    };
    if (!buildBusyboxRootfs(root, error) || !copyWithLibraries(node, root, QStringLiteral("/usr/bin/node"), error))
        return fail();
    const Result copied
        = run(findProgram(QStringLiteral("cp")), { QStringLiteral("-a"), peer, root + QStringLiteral("/opt/acp-peer") },
            QProcessEnvironment::systemEnvironment(), 120000);
    if (!copied.ok()) {
        setError(error, QStringLiteral("cp -a %1: %2").arg(peer, copied.describe()));
        return fail();
    }
    const QString id = importRootfs(root, error);
    fail(); // the image has it now
    if (id.isEmpty() || !probeAcpAgent(id, error))
        return {};
    m_nodeImages.insert(peer, id);
    return id;
}

bool DockerDaemon::probeAcpAgent(const QString &image, QString *error)
{
    const QString name = QStringLiteral("checkfu-acp-probe-") + m_suffix;
    QProcess p;
    p.setProcessEnvironment(environment());
    p.start(m_dockerProgram,
        { QStringLiteral("run"), QStringLiteral("--rm"), QStringLiteral("-i"), QStringLiteral("--name"), name,
            QStringLiteral("--network"), QStringLiteral("none"), image, QStringLiteral("/usr/bin/node"),
            QStringLiteral("/opt/acp-peer/agent.mjs") });
    if (!p.waitForStarted(10000))
        return setError(error, QStringLiteral("docker run did not start: %1").arg(p.errorString()));
    p.write(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,)"
            R"("clientCapabilities":{},"clientInfo":{"name":"t","version":"1"}}})"
            "\n");
    QDeadlineTimer deadline(60000);
    QByteArray out;
    QByteArray err;
    bool answered = false;
    while (!answered && p.state() != QProcess::NotRunning && !deadline.hasExpired()) {
        if (!p.waitForReadyRead(5) && QCoreApplication::instance())
            QTest::qWait(5);
        out += p.readAllStandardOutput();
        err += p.readAllStandardError();
        for (const QByteArray &line : out.split('\n')) {
            const QJsonObject message = QJsonDocument::fromJson(line).object();
            answered = answered
                || (message.value(QStringLiteral("id")).toInt() == 1 && message.contains(QStringLiteral("result")));
        }
    }
    p.closeWriteChannel(); // the agent exits when stdin closes
    QDeadlineTimer exitDeadline(15000);
    while (p.state() != QProcess::NotRunning && !exitDeadline.hasExpired()) {
        if (!p.waitForFinished(5) && QCoreApplication::instance())
            QTest::qWait(5);
    }
    if (p.state() != QProcess::NotRunning) {
        p.kill();
        p.waitForFinished(2000);
        docker({ QStringLiteral("rm"), QStringLiteral("-f"), name });
    }
    out += p.readAllStandardOutput();
    err += p.readAllStandardError();
    if (!answered)
        return setError(error,
            QStringLiteral("the ACP agent in %1 did not answer initialize; stdout: %2\nstderr: %3")
                .arg(image, QString::fromUtf8(out.left(4000)), QString::fromUtf8(err.left(4000))));
    return true;
}
