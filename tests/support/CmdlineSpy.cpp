#include "CmdlineSpy.h"

#include <QDeadlineTimer>
#include <QRandomGenerator>
#include <QTest>

#include <csignal>
#include <ctime>
#include <pwd.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace {

// Nothing secret in it; "checkfu" ":" is split so that the loop does not report its own command line.
const char *const Loop = R"(
import os, re, sys, time
shape = re.compile(rb'cfu-?[0-9a-z]{4}|checkfu' + rb':', re.I)
read = set()
passes = 0
while True:
    for pid in os.listdir('/proc'):
        if not pid.isdigit():
            continue
        try:
            with open('/proc/' + pid + '/cmdline', 'rb') as f:
                line = f.read()
        except OSError:
            continue
        if pid not in read and (b'checkfu-runner' in line or b'checkfu-tray' in line):
            read.add(pid)
            print('read', pid, flush=True)
        if shape.search(line):
            print('seen %.6f %s %s' % (time.monotonic(), pid, line.replace(b'\0', b' ').decode('latin-1')), flush=True)
    passes += 1
    if passes == 1 or passes % 20 == 0:
        print('passes', passes, flush=True)
)";

bool run(const QString &program, const QStringList &args, QString *error)
{
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, args);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
        *error = QStringLiteral("%1 %2 failed: %3")
                     .arg(program, args.join(QLatin1Char(' ')), QString::fromLocal8Bit(process.readAll()));
        return false;
    }
    return true;
}

} // namespace

CmdlineSpy::CmdlineSpy() = default;

CmdlineSpy::~CmdlineSpy()
{
    stop();
}

double CmdlineSpy::now()
{
    timespec t {};
    ::clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

bool CmdlineSpy::start(QString *error)
{
    if (::geteuid() != 0) {
        *error = QStringLiteral("making a second local account needs root (the tests run as root)");
        return false;
    }
    m_user = QStringLiteral("cfspy%1").arg(QRandomGenerator::global()->generate() & 0xffffff, 6, 16, QLatin1Char('0'));
    if (!run(QStringLiteral("useradd"),
            { QStringLiteral("--system"), QStringLiteral("--no-create-home"), QStringLiteral("--user-group"),
                QStringLiteral("--shell"), QStringLiteral("/usr/sbin/nologin"), m_user },
            error)) {
        m_user.clear();
        return false;
    }
    const passwd *account = ::getpwnam(m_user.toLocal8Bit().constData());
    if (!account) {
        *error = QStringLiteral("useradd made no %1").arg(m_user);
        stop();
        return false;
    }
    m_loop = std::make_unique<QProcess>();
    m_loop->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_loop->setWorkingDirectory(QStringLiteral("/"));
    m_loop->start(QStringLiteral("setpriv"),
        { QStringLiteral("--reuid=%1").arg(account->pw_uid), QStringLiteral("--regid=%1").arg(account->pw_gid),
            QStringLiteral("--clear-groups"), QStringLiteral("/usr/bin/python3"), QStringLiteral("-I"),
            QStringLiteral("-c"), QString::fromLatin1(Loop) });
    if (!m_loop->waitForStarted(10000)) {
        *error = QStringLiteral("setpriv did not start: %1").arg(m_loop->errorString());
        stop();
        return false;
    }
    // The first pass: it runs, as that user, and reads what every account can read.
    const QDeadlineTimer deadline(15000);
    while (passes() < 1 && !deadline.hasExpired() && m_loop->state() == QProcess::Running)
        QTest::qWait(20);
    if (passes() < 1) {
        *error = QStringLiteral("the /proc loop of %1 did not run: %2")
                     .arg(m_user, QString::fromLocal8Bit(m_loop->readAllStandardError()));
        stop();
        return false;
    }
    return true;
}

void CmdlineSpy::stop()
{
    if (m_loop) {
        m_loop->kill();
        m_loop->waitForFinished(5000);
        m_loop.reset();
    }
    if (!m_user.isEmpty()) {
        QString ignored;
        run(QStringLiteral("userdel"), { m_user }, &ignored);
        m_user.clear();
    }
}

void CmdlineSpy::pump()
{
    if (!m_loop)
        return;
    m_buffer += m_loop->readAllStandardOutput();
    qsizetype end = 0;
    while ((end = m_buffer.indexOf('\n')) >= 0) {
        const QByteArray line = m_buffer.left(end);
        m_buffer.remove(0, end + 1);
        const QList<QByteArray> fields = line.split(' ');
        if (fields.first() == "passes" && fields.size() == 2) {
            m_passes = fields.at(1).toInt();
        } else if (fields.first() == "read" && fields.size() == 2) {
            m_read.insert(fields.at(1).toLongLong());
        } else if (fields.first() == "seen" && fields.size() >= 4) {
            // "seen <time> <pid> <command line, which has spaces of its own>"
            const qsizetype commandLine = fields.at(0).size() + fields.at(1).size() + fields.at(2).size() + 3;
            m_sightings.append({ fields.at(1).toDouble(), fields.at(2).toLongLong(), line.mid(commandLine) });
        }
    }
}

QList<CmdlineSpy::Sighting> CmdlineSpy::sightingsOf(const QByteArray &needle)
{
    pump();
    QList<Sighting> found;
    for (const Sighting &sighting : m_sightings) {
        if (sighting.cmdline.contains(needle))
            found.append(sighting);
    }
    return found;
}

bool CmdlineSpy::hasRead(qint64 pid)
{
    pump();
    return m_read.contains(pid);
}

int CmdlineSpy::passes()
{
    pump();
    return m_passes;
}
