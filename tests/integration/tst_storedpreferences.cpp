// `checkfu-runner start` and `doctor` apply the preferences the tray's Settings store in the
// shared settings file, as the tray does: flag > environment variable > stored value > default.
// Stored slots reach the presence the devplane shows and --slots wins over them; an unreadable
// value is ignored with a log line; the tier given when pairing is used later, a one-off --sandbox
// is not stored. A stored Cursor tuple with its key in the credential store is the Cursor lane
// (doctor names it; the docker provider advertises it when a daemon answers, nothing without
// one); a missing key just leaves the lane off; one Cursor variable in the environment takes the
// lane from the settings file (all or none). The key never reaches an argument list, the
// environment, a log or the devplane.
#include "DevPlaneProcess.h"
#include "DockerDaemon.h"
#include "IntegrationSupport.h"
#include "RunnerProcess.h"

#include <runnercore/config/CredentialStore.h>
#include <runnercore/config/CursorKeyStore.h>
#include <runnercore/config/RunnerSettings.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QTest>

#include <csignal>
#include <memory>

using namespace runnercore;

using namespace IntegrationSupport;

namespace {
const QString profile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@4");
const QString digest = QStringLiteral("sha256:") + QString(64, QLatin1Char('c'));
const QString model = QStringLiteral("cursor-stored");
const QString cursorKey = QStringLiteral("cursor-stored-KEY-9d41c7a2e0b35f68");

void storeSettings(const RunnerHome &home, const QList<std::pair<QString, QString>> &values)
{
    QDir().mkpath(QFileInfo(home.settingsFile()).absolutePath());
    QSettings ini(home.settingsFile(), QSettings::IniFormat);
    for (const auto &[key, value] : values)
        ini.setValue(key, value);
    ini.sync();
}

void storeCursorTuple(const RunnerHome &home)
{
    storeSettings(home,
        { { QStringLiteral("cursor/profile_version"), profile }, { QStringLiteral("cursor/release_digest"), digest },
            { QStringLiteral("cursor/model"), model } });
}

// Where the tray keeps the key: under the home's pairing (docs/protocol.md, "The tray"; CursorKeyStore::account()).
QString cursorAccount(const RunnerHome &home)
{
    RunnerSettings pairing(home.settingsFile());
    pairing.load();
    return CursorKeyStore::account(pairing);
}

// The key in the home's file credential store, as the tray's Settings store it there.
CredentialResult storeOp(
    const RunnerHome &home, const std::function<void(CredentialStore &, CredentialStore::Callback)> &op)
{
    const auto store = CredentialStore::create(CredentialStore::Kind::File, home.credentialDir());
    std::optional<CredentialResult> result;
    op(*store, [&](const CredentialResult &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 5000))
        return CredentialResult { CredentialResult::Status::Error, {}, QStringLiteral("no answer") };
    return *result;
}

bool storeCursorKey(const RunnerHome &home, QString *error)
{
    const CredentialResult r
        = storeOp(home, [&](CredentialStore &s, auto done) { s.write(cursorAccount(home), cursorKey, done); });
    if (!r.ok())
        *error = r.message;
    return r.ok();
}

int totalSlots(const QJsonObject &presence)
{
    return presence.value(QStringLiteral("slots")).toObject().value(QStringLiteral("total")).toInt(-1);
}

QJsonObject provider(const QJsonObject &presence, const QString &id)
{
    const QJsonArray providers
        = presence.value(QStringLiteral("advertisement")).toObject().value(QStringLiteral("providers")).toArray();
    for (const QJsonValue &p : providers) {
        if (p.toObject().value(QStringLiteral("id")).toString() == id)
            return p.toObject();
    }
    return {};
}

QJsonObject check(const QJsonObject &report, const QString &name)
{
    for (const QJsonValue &v : report.value(QStringLiteral("checks")).toArray()) {
        if (v.toObject().value(QStringLiteral("name")).toString() == name)
            return v.toObject();
    }
    return {};
}

QByteArray procFile(qint64 pid, const char *name)
{
    QFile f(QStringLiteral("/proc/%1/%2").arg(pid).arg(QLatin1String(name)));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestStoredPreferences : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void storedSlotsReachThePresenceAndTheFlagWins();
    void unreadableStoredSlotsAreIgnored();
    void theTierGivenWhenPairingIsUsedLater();
    void doctorReportsTheStoredConfiguration();
    void storedCursorLaneIsAdvertisedOnlyWithDocker();

private:
    // A paired, stopped Runner (file store) in a fresh home.
    std::shared_ptr<RunnerHome> pairedHome(QString *runnerId, QString *error);
    QJsonObject doctorReport(const std::shared_ptr<RunnerHome> &home, RunnerProcess *doctor, int *exitCode,
        const QHash<QString, QString> &env = {});
    void verifyKeyNowhere(const RunnerProcess &runner);

    std::unique_ptr<DevPlaneProcess> m_devplane;
};

void TestStoredPreferences::initTestCase()
{
    m_devplane = std::make_unique<DevPlaneProcess>(QStringList { QStringLiteral("--heartbeat-interval-seconds"),
        QStringLiteral("1"), QStringLiteral("--presence-ttl-seconds"), QStringLiteral("5") });
    QString error;
    QVERIFY2(m_devplane->start(&error), qPrintable(error));
}

void TestStoredPreferences::cleanupTestCase()
{
    m_devplane.reset();
}

std::shared_ptr<RunnerHome> TestStoredPreferences::pairedHome(QString *runnerId, QString *error)
{
    auto home = std::make_shared<RunnerHome>();
    RunnerProcess runner(home);
    *runnerId = pairAndWaitReady(*m_devplane, runner, error);
    if (runnerId->isEmpty())
        return nullptr;
    runner.sendSignal(SIGTERM);
    if (runner.waitForExit(15000) != 0) {
        *error = QStringLiteral("the pairing Runner did not stop cleanly:\n") + runner.describe();
        return nullptr;
    }
    return home;
}

QJsonObject TestStoredPreferences::doctorReport(
    const std::shared_ptr<RunnerHome> &home, RunnerProcess *doctor, int *exitCode, const QHash<QString, QString> &env)
{
    doctor->setEnv(
        QStringLiteral("DOCKER_HOST"), QStringLiteral("unix://") + home->root() + QStringLiteral("/no-docker.sock"));
    for (auto it = env.cbegin(); it != env.cend(); ++it)
        doctor->setEnv(it.key(), it.value());
    *exitCode = doctor->run({ QStringLiteral("doctor"), QStringLiteral("--json") }, 40000);
    return QJsonDocument::fromJson(doctor->stdoutBytes()).object();
}

void TestStoredPreferences::verifyKeyNowhere(const RunnerProcess &runner)
{
    const QByteArray key = cursorKey.toUtf8();
    QVERIFY2(!runner.stdoutBytes().contains(key) && !runner.stderrBytes().contains(key), "the key was printed");
    QVERIFY2(!runner.logText().contains(cursorKey), "the key reached the log");
    if (runner.isRunning()) {
        QVERIFY2(!procFile(runner.pid(), "cmdline").contains(key), "the key is on the command line");
        QVERIFY2(!procFile(runner.pid(), "environ").contains(key), "the key is in the environment");
    }
    QVERIFY(!m_devplane->output().contains(cursorKey));
}

// The tray's "3 slots" is what `checkfu-runner start` takes, until --slots says otherwise.
void TestStoredPreferences::storedSlotsReachThePresenceAndTheFlagWins()
{
    auto home = std::make_shared<RunnerHome>();
    storeSettings(*home, { { QStringLiteral("runner/slots"), QStringLiteral("3") } });
    QString error;
    QString id;
    {
        RunnerProcess runner(home);
        id = pairAndWaitReady(*m_devplane, runner, &error);
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QTRY_COMPARE_WITH_TIMEOUT(totalSlots(m_devplane->presence(id)), 3, 10000);
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    // The Runner's own saves (the pairing) left the preference alone.
    QCOMPARE(QSettings(home->settingsFile(), QSettings::IniFormat).value(QStringLiteral("runner/slots")).toString(),
        QStringLiteral("3"));

    // Started again with the stored pairing and a flag: the flag wins, for this start only.
    {
        RunnerProcess runner(home);
        QVERIFY(runner.start({ QStringLiteral("start"), QStringLiteral("--slots"), QStringLiteral("2") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        QTRY_COMPARE_WITH_TIMEOUT(totalSlots(m_devplane->presence(id)), 2, 10000);
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    QCOMPARE(QSettings(home->settingsFile(), QSettings::IniFormat).value(QStringLiteral("runner/slots")).toString(),
        QStringLiteral("3"));
}

// Not a whole number from 1 to 64: not set (one slot, the default), said in the log, never a crash
// or a refusal; the value itself is not logged.
void TestStoredPreferences::unreadableStoredSlotsAreIgnored()
{
    auto home = std::make_shared<RunnerHome>();
    storeSettings(*home, { { QStringLiteral("runner/slots"), QStringLiteral("lots-canary") } });
    RunnerProcess runner(home);
    QString error;
    const QString id = pairAndWaitReady(*m_devplane, runner, &error);
    QVERIFY2(!id.isEmpty(), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(totalSlots(m_devplane->presence(id)), 1, 10000);
    QVERIFY(runner.sendSignal(SIGTERM));
    QCOMPARE(runner.waitForExit(15000), 0);
    const QString expected = QStringLiteral("ignoring runner/slots in the settings file");
    QVERIFY2(runner.logText().contains(expected), qPrintable(runner.describe()));
    QVERIFY2(runner.stderrText().contains(expected), qPrintable(runner.describe()));
    QVERIFY(!runner.logText().contains(QLatin1String("lots-canary")));
}

// `start --code … --sandbox none` keeps the tier with the pairing (as the tray's wizard does), and a
// later `start` without --sandbox uses it; --sandbox on a later start is for that start only.
void TestStoredPreferences::theTierGivenWhenPairingIsUsedLater()
{
    auto home = std::make_shared<RunnerHome>();
    const QString noDocker = QStringLiteral("unix://") + home->root() + QStringLiteral("/no-docker.sock");
    const auto providerCount = [this](const QString &runnerId) {
        const QJsonObject presence = m_devplane->presence(runnerId);
        if (presence.isEmpty())
            return -1;
        return int(presence.value(QStringLiteral("advertisement"))
                       .toObject()
                       .value(QStringLiteral("providers"))
                       .toArray()
                       .size());
    };
    QString error, id;
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
        id = pairAndWaitReady(*m_devplane, runner, &error, { QStringLiteral("--sandbox"), QStringLiteral("none") });
        QVERIFY2(!id.isEmpty(), qPrintable(error));
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    const auto storedTier = [&] {
        return QSettings(home->settingsFile(), QSettings::IniFormat).value(QStringLiteral("sandbox")).toString();
    };
    QCOMPARE(storedTier(), QStringLiteral("none"));
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
        QVERIFY(runner.start({ QStringLiteral("start") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        QTRY_COMPARE_WITH_TIMEOUT(providerCount(id), 0, 10000);
        QVERIFY2(runner.stderrText().contains(QLatin1String("No sandbox provider is enabled")),
            qPrintable(runner.describe()));
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
        QVERIFY(runner.start({ QStringLiteral("start"), QStringLiteral("--sandbox"), QStringLiteral("host-process") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        QTRY_COMPARE_WITH_TIMEOUT(providerCount(id), 1, 10000);
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    QCOMPARE(storedTier(), QStringLiteral("none"));
}

// doctor reports the configuration start would use: stored slots and the stored Cursor lane with
// the key from the credential store; without the key the lane is off (a warning, not a failure);
// one Cursor variable in the environment owns the lane, so the incomplete environment is refused.
void TestStoredPreferences::doctorReportsTheStoredConfiguration()
{
    QString error, id;
    const auto home = pairedHome(&id, &error);
    QVERIFY2(home, qPrintable(error));
    storeSettings(*home,
        { { QStringLiteral("runner/slots"), QStringLiteral("3") },
            { QStringLiteral("runner/idle_timeout_ms"), QStringLiteral("90000") } });
    storeCursorTuple(*home);
    QVERIFY2(storeCursorKey(*home, &error), qPrintable(error));

    int exitCode = -1;
    {
        RunnerProcess doctor(home);
        const QJsonObject report = doctorReport(home, &doctor, &exitCode);
        const QByteArray dump = doctor.stdoutBytes() + doctor.stderrBytes();
        QVERIFY2(exitCode == 0, dump.constData());
        QCOMPARE(check(report, QStringLiteral("slots")).value(QStringLiteral("detail")).toString(),
            QStringLiteral("3 at once"));
        QVERIFY2(check(report, QStringLiteral("idle timeout"))
                     .value(QStringLiteral("detail"))
                     .toString()
                     .startsWith(QLatin1String("90000 ms")),
            dump.constData());
        const QJsonObject lane = check(report, QStringLiteral("cursor lane"));
        QCOMPARE(lane.value(QStringLiteral("status")).toString(), QStringLiteral("ok"));
        const QString detail = lane.value(QStringLiteral("detail")).toString();
        QVERIFY2(detail.contains(profile) && detail.contains(model), dump.constData());
        verifyKeyNowhere(doctor);
    }

    // An environment variable over the stored value (here the idle timeout).
    {
        RunnerProcess doctor(home);
        const QJsonObject report = doctorReport(
            home, &doctor, &exitCode, { { QStringLiteral("CHECKFU_RUNNER_IDLE_TIMEOUT_MS"), QStringLiteral("5000") } });
        QVERIFY2(check(report, QStringLiteral("idle timeout"))
                     .value(QStringLiteral("detail"))
                     .toString()
                     .startsWith(QLatin1String("5000 ms")),
            doctor.stdoutBytes().constData());
    }

    // One Cursor variable in the environment: the environment owns the lane, all or none.
    {
        RunnerProcess doctor(home);
        doctorReport(home, &doctor, &exitCode, { { QStringLiteral("CHECKFU_CURSOR_MODEL"), QStringLiteral("other") } });
        QVERIFY2(exitCode == 1, qPrintable(doctor.describe()));
        QVERIFY2(doctor.stderrText().contains(QLatin1String("CURSOR_API_KEY")), qPrintable(doctor.describe()));
        verifyKeyNowhere(doctor);
    }

    // The key gone from the store: no lane, no failure, and doctor says why.
    const CredentialResult removed
        = storeOp(*home, [&](CredentialStore &s, auto done) { s.remove(cursorAccount(*home), done); });
    QVERIFY2(removed.ok(), qPrintable(removed.message));
    {
        RunnerProcess doctor(home);
        const QJsonObject report = doctorReport(home, &doctor, &exitCode);
        const QByteArray dump = doctor.stdoutBytes() + doctor.stderrBytes();
        QVERIFY2(exitCode == 0, dump.constData());
        const QJsonObject lane = check(report, QStringLiteral("cursor lane"));
        QCOMPARE(lane.value(QStringLiteral("status")).toString(), QStringLiteral("warn"));
        QVERIFY2(lane.value(QStringLiteral("detail")).toString().contains(QLatin1String("no Cursor API key")),
            dump.constData());
        QCOMPARE(check(report, QStringLiteral("slots")).value(QStringLiteral("detail")).toString(),
            QStringLiteral("3 at once"));
    }
}

// The lane is the docker provider's to advertise: with a stored tuple and key, a Runner whose
// docker answers advertises the tuple (never the key); without docker nothing advertises it; with
// the tuple but no key it starts all the same, without the lane, and says so at info.
void TestStoredPreferences::storedCursorLaneIsAdvertisedOnlyWithDocker()
{
    QString error, id;
    const auto home = pairedHome(&id, &error);
    QVERIFY2(home, qPrintable(error));
    storeCursorTuple(*home);
    QVERIFY2(storeCursorKey(*home, &error), qPrintable(error));
    const QString noDocker = QStringLiteral("unix://") + home->root() + QStringLiteral("/no-docker.sock");

    // No docker: the Runner runs, and no provider offers the Cursor model.
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), noDocker);
        QVERIFY(runner.start({ QStringLiteral("start") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 20000), qPrintable(runner.describe()));
        QTRY_VERIFY_WITH_TIMEOUT(!m_devplane->presence(id).isEmpty(), 10000);
        const QJsonObject presence = m_devplane->presence(id);
        QVERIFY2(provider(presence, QStringLiteral("docker")).isEmpty(), dumpJson(presence).constData());
        QVERIFY2(!QJsonDocument(presence).toJson().contains("harness_owned_models"), dumpJson(presence).constData());
        verifyKeyNowhere(runner);
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }

    DockerDaemon docker;
    QVERIFY2(docker.start(&error), qPrintable(error));
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), docker.host());
        QVERIFY(runner.start({ QStringLiteral("start") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 30000), qPrintable(runner.describe()));
        QJsonObject dockerEntry;
        QTRY_VERIFY_WITH_TIMEOUT(
            !(dockerEntry = provider(m_devplane->presence(id), QStringLiteral("docker"))).isEmpty(), 10000);
        const QJsonArray models = dockerEntry.value(QStringLiteral("harness_owned_models")).toArray();
        QVERIFY2(models.size() == 1, dumpJson(dockerEntry).constData());
        const QJsonObject lane = models.first().toObject();
        QCOMPARE(lane.value(QStringLiteral("harness_profile_version")).toString(), profile);
        QCOMPARE(lane.value(QStringLiteral("harness_release_digest")).toString(), digest);
        QCOMPARE(lane.value(QStringLiteral("model")).toString(), model);
        QVERIFY(!QJsonDocument(m_devplane->presence(id)).toJson().contains(cursorKey.toUtf8()));
        verifyKeyNowhere(runner);
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }

    // The tuple without its key: docker is there, the lane is not, and the start is not an error.
    const CredentialResult removed
        = storeOp(*home, [&](CredentialStore &s, auto done) { s.remove(cursorAccount(*home), done); });
    QVERIFY2(removed.ok(), qPrintable(removed.message));
    {
        RunnerProcess runner(home);
        runner.setEnv(QStringLiteral("DOCKER_HOST"), docker.host());
        QVERIFY(runner.start({ QStringLiteral("start") }));
        QVERIFY2(runner.waitForState(QStringLiteral("ready"), 30000), qPrintable(runner.describe()));
        QJsonObject dockerEntry;
        QTRY_VERIFY_WITH_TIMEOUT(
            !(dockerEntry = provider(m_devplane->presence(id), QStringLiteral("docker"))).isEmpty(), 10000);
        QVERIFY2(!dockerEntry.contains(QStringLiteral("harness_owned_models")), dumpJson(dockerEntry).constData());
        // At info: a tuple without its key is a choice (the key was cleared), not a fault.
        QVERIFY2(runner.logText().contains(QLatin1String("[config] [info] the settings file holds a Cursor tuple, but "
                                                         "the credential store (file) has no Cursor API key")),
            qPrintable(runner.describe()));
        QVERIFY(runner.sendSignal(SIGTERM));
        QCOMPARE(runner.waitForExit(15000), 0);
    }
    docker.stop();
}

CHECKFU_INTEGRATION_MAIN(TestStoredPreferences, 180000)
#include "tst_storedpreferences.moc"
