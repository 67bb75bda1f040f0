#include <runnercore/sandbox/SandboxProbe.h>

#include <QCoreApplication>
#include <QFileInfo>
#include <QLocalSocket>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStandardPaths>

namespace runnercore {

namespace {
constexpr int ProbeTimeoutMs = 3000;
}

SandboxProbe::Result SandboxProbe::bubblewrap()
{
    const QString bwrap = QStandardPaths::findExecutable(QStringLiteral("bwrap"));
    if (bwrap.isEmpty())
        return { false,
            QCoreApplication::translate("SandboxProbe", "bwrap is not installed (apt install bubblewrap)") };
    QProcess p;
    p.start(bwrap,
        { QStringLiteral("--ro-bind"), QStringLiteral("/"), QStringLiteral("/"), QStringLiteral("--unshare-all"),
            QStringLiteral("--die-with-parent"), QStringLiteral("true") });
    if (!p.waitForFinished(ProbeTimeoutMs)) {
        p.kill();
        p.waitForFinished(1000);
        return { false, QCoreApplication::translate("SandboxProbe", "bwrap did not answer within 3 s") };
    }
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return { false,
            QCoreApplication::translate("SandboxProbe", "bwrap cannot create namespaces here: %1")
                .arg(QString::fromLocal8Bit(p.readAllStandardError()).trimmed().left(200)) };
    return { true, QCoreApplication::translate("SandboxProbe", "bwrap can create namespaces") };
}

SandboxProbe::Result SandboxProbe::docker()
{
    QString path = QStringLiteral("/var/run/docker.sock");
    const QString host = QProcessEnvironment::systemEnvironment().value(QStringLiteral("DOCKER_HOST"));
    if (host.startsWith(QLatin1String("unix://")))
        path = host.mid(7);
    else if (!host.isEmpty())
        return { false,
            QCoreApplication::translate("SandboxProbe",
                "DOCKER_HOST %1 is not a Unix socket; only local "
                "daemons are used")
                .arg(host) };
    if (!QFileInfo::exists(path))
        return { false, QCoreApplication::translate("SandboxProbe", "no Docker daemon socket at %1").arg(path) };
    QLocalSocket socket;
    socket.connectToServer(path);
    if (!socket.waitForConnected(ProbeTimeoutMs))
        return { false,
            QCoreApplication::translate("SandboxProbe", "the Docker daemon at %1 does not answer: %2")
                .arg(path, socket.errorString()) };
    socket.write("GET /_ping HTTP/1.0\r\nHost: docker\r\n\r\n");
    socket.waitForBytesWritten(ProbeTimeoutMs);
    QByteArray answer;
    while (socket.waitForReadyRead(ProbeTimeoutMs))
        answer += socket.readAll();
    answer += socket.readAll();
    if (!answer.startsWith("HTTP/1.") || !answer.contains(" 200 "))
        return { false,
            QCoreApplication::translate("SandboxProbe", "the Docker daemon at %1 did not answer _ping").arg(path) };
    return { true, QCoreApplication::translate("SandboxProbe", "a Docker daemon answers at %1").arg(path) };
}

} // namespace runnercore
