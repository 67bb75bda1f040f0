// Files in shared directories (issue 21, point 4): the devplane's state, request log and info file
// are created owner-only at open and never through a name another user could have prepared, and
// the Runner's runner.ini is owner-only under the systemd unit's UMask.
#include "DevPlaneProcess.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/stat.h>
#include <unistd.h>

using namespace IntegrationSupport;

namespace {

constexpr uid_t Nobody = 65534; // "another local user": tests run as root and hand files to nobody

mode_t modeOf(const QString &path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 07777) : mode_t(-1);
}

// A file another user made, readable and writable by everyone, as it would be in /tmp.
bool plantForeignFile(const QString &path, const QByteArray &content = {})
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(content) != content.size())
        return false;
    file.close();
    return ::chown(QFile::encodeName(path).constData(), Nobody, Nobody) == 0
        && ::chmod(QFile::encodeName(path).constData(), 0666) == 0;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// `checkfu-devplane serve` with its files in `dir`, a directory shared with other users.
class SharedDirDevPlane
{
public:
    explicit SharedDirDevPlane(const QString &dir) : m_dir(dir) { }
    ~SharedDirDevPlane()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }
    QString statePath() const { return m_dir + QStringLiteral("/STATE"); }
    QString requestLog() const { return m_dir + QStringLiteral("/requests.jsonl"); }
    QString infoFile() const { return m_dir + QStringLiteral("/devplane.json"); }

    void start()
    {
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(QStringLiteral(CHECKFU_DEVPLANE_BIN),
            { QStringLiteral("serve"), QStringLiteral("--port"), QStringLiteral("0"), QStringLiteral("--info-file"),
                infoFile(), QStringLiteral("--state"), statePath(), QStringLiteral("--request-log"), requestLog() });
    }
    bool waitReady(int timeoutMs = 15000)
    {
        QElapsedTimer timer;
        timer.start();
        while (timer.elapsed() < timeoutMs && m_process.state() != QProcess::NotRunning) {
            if (readAll(infoFile()).contains("\"url\""))
                return true;
            QTest::qWait(20);
        }
        return false;
    }
    // Exit code once it exited within timeoutMs; -1 still running.
    int waitForExit(int timeoutMs = 15000)
    {
        if (!m_process.waitForFinished(timeoutMs))
            return -1;
        return m_process.exitCode();
    }
    QString output() { return QString::fromUtf8(m_output += m_process.readAll()); }
    // `checkfu-devplane pair`: a code, saved into the state file at once.
    QString pair()
    {
        QProcess admin;
        admin.start(QStringLiteral(CHECKFU_DEVPLANE_BIN),
            { QStringLiteral("pair"), QStringLiteral("--info-file"), infoFile(), QStringLiteral("--label"),
                QStringLiteral("shared-dir") });
        if (!admin.waitForFinished(15000) || admin.exitCode() != 0)
            return {};
        return QString::fromUtf8(admin.readAllStandardOutput()).trimmed();
    }
    bool stop()
    {
        m_process.terminate();
        return m_process.waitForFinished(10000);
    }

private:
    QString m_dir;
    QProcess m_process;
    QByteArray m_output;
};

} // namespace

class TestOwnerFiles : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void aPreCreatedStateTmpNeverReceivesTheState();
    void aRequestLogAnotherUserMadeIsRefused();
    void aRequestLogThatIsASymlinkIsRefused();
    void runnerIniIsOwnerOnlyUnderTheUnitsUmask();

private:
    std::unique_ptr<QTemporaryDir> m_shared;
    QString sharedDir() const { return m_shared->path(); }
};

void TestOwnerFiles::init()
{
    // Like /tmp: everyone may create files in it, nobody may remove another's (sticky).
    m_shared = std::make_unique<QTemporaryDir>();
    QVERIFY(m_shared->isValid());
    QVERIFY(::chmod(QFile::encodeName(sharedDir()).constData(), 01777) == 0);
}

void TestOwnerFiles::aPreCreatedStateTmpNeverReceivesTheState()
{
    SharedDirDevPlane dp(sharedDir());
    // The old devplane saved through STATE.tmp, opened without O_EXCL: the other user's file got it.
    const QString planted = dp.statePath() + QStringLiteral(".tmp");
    QVERIFY(plantForeignFile(planted));
    dp.start();
    QVERIFY2(dp.waitReady(), qPrintable(dp.output()));

    const QString code = dp.pair();
    QVERIFY2(code.startsWith(QLatin1String("CFU-")), qPrintable(dp.output()));
    QTRY_VERIFY_WITH_TIMEOUT(readAll(dp.statePath()).contains(code.toUtf8()), 10000);
    QVERIFY(dp.stop());

    QCOMPARE(readAll(planted), QByteArray());
    QCOMPARE(QFileInfo(planted).ownerId(), uint(Nobody)); // left alone, not replaced either
    QCOMPARE(modeOf(dp.statePath()), mode_t(0600));
    QCOMPARE(QFileInfo(dp.statePath()).ownerId(), uint(::geteuid()));
    QCOMPARE(modeOf(dp.requestLog()), mode_t(0600));
    QCOMPARE(modeOf(dp.infoFile()), mode_t(0600));
    // Nothing else the other user could read holds the code (no temporary left behind either).
    const QStringList entries = QDir(sharedDir()).entryList(QDir::Files | QDir::Hidden);
    for (const QString &name : entries) {
        const QString path = sharedDir() + QLatin1Char('/') + name;
        if (modeOf(path) & 0044)
            QVERIFY2(!readAll(path).contains(code.toUtf8()), qPrintable(name));
        QVERIFY2(!name.startsWith(QLatin1String("STATE.tmp-")), qPrintable(name));
    }
}

void TestOwnerFiles::aRequestLogAnotherUserMadeIsRefused()
{
    SharedDirDevPlane dp(sharedDir());
    QVERIFY(plantForeignFile(dp.requestLog(), "theirs\n"));
    dp.start();
    const int exitCode = dp.waitForExit();
    QVERIFY2(exitCode != 0 && exitCode != -1, qPrintable(dp.output()));
    QVERIFY2(dp.output().contains(dp.requestLog()), qPrintable(dp.output()));
    QVERIFY2(dp.output().contains(QLatin1String("another user")), qPrintable(dp.output()));
    QCOMPARE(readAll(dp.requestLog()), QByteArray("theirs\n"));
    QCOMPARE(modeOf(dp.requestLog()), mode_t(0666)); // not chmod-ed: it is not ours to touch
}

void TestOwnerFiles::aRequestLogThatIsASymlinkIsRefused()
{
    SharedDirDevPlane dp(sharedDir());
    const QString target = sharedDir() + QStringLiteral("/target");
    QVERIFY(plantForeignFile(target));
    QVERIFY(QFile::link(target, dp.requestLog()));
    dp.start();
    const int exitCode = dp.waitForExit();
    QVERIFY2(exitCode != 0 && exitCode != -1, qPrintable(dp.output()));
    QVERIFY2(dp.output().contains(dp.requestLog()), qPrintable(dp.output()));
    QCOMPARE(readAll(target), QByteArray());
}

void TestOwnerFiles::runnerIniIsOwnerOnlyUnderTheUnitsUmask()
{
    // The umask the systemd user unit gives the headless Runner.
    QFile unit(QStringLiteral(CHECKFU_SOURCE_DIR "/installers/linux/checkfu-runner.service.in"));
    QVERIFY(unit.open(QIODevice::ReadOnly));
    const QRegularExpressionMatch match
        = QRegularExpression(QStringLiteral("^UMask=(0[0-7]{3})$"), QRegularExpression::MultilineOption)
              .match(QString::fromUtf8(unit.readAll()));
    QVERIFY2(match.hasMatch(), "the unit sets no UMask=");
    bool ok = false;
    const mode_t unitUmask = mode_t(match.captured(1).toUInt(&ok, 8));
    QVERIFY(ok);

    DevPlaneProcess dp;
    QString error;
    QVERIFY2(dp.start(&error), qPrintable(error));
    RunnerProcess runner;
    const mode_t previous = ::umask(unitUmask); // inherited by the child QProcess forks now
    const QString runnerId = pairAndWaitReady(dp, runner, &error);
    ::umask(previous);
    QVERIFY2(!runnerId.isEmpty(), qPrintable(error));
    const QString ini = runner.home()->settingsFile();
    QVERIFY(QFileInfo::exists(ini));
    QCOMPARE(modeOf(ini), mode_t(0600));
    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
}

CHECKFU_INTEGRATION_MAIN(TestOwnerFiles, 120000)
#include "tst_ownerfiles.moc"
