// The settings dialog as a person uses it: what it shows from the shared settings file, what Apply
// and OK write (and that they write nothing when a field is wrong), the Cursor lane's all-or-none
// rule and its key (masked, never shown again, handed out by signal and never put in the file),
// and start at login through the real XDG backend.
#include "Autostart.h"
#include "GuiTestSupport.h"
#include "SettingsDialog.h"
#include <runnercore/base/Clock.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/config/RunnerSettings.h>
#include <runnercore/workspace/FileTree.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <fcntl.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>

using namespace runnercore;

namespace {
const QString validProfile = QStringLiteral("hprof_0123456789abcdef0123456789abcdef@3");
const QString validDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('b'));
const QString apiKey = QStringLiteral("crsr_key_5e8d2a7c4b19");

// Start at login without touching a file, and able to fail.
class FakeAutostart : public Autostart
{
public:
    bool isEnabled() const override { return enabled; }
    bool setEnabled(bool on, QString *error) override
    {
        if (failWith.isEmpty()) {
            enabled = on;
            return true;
        }
        if (error)
            *error = failWith;
        return false;
    }
    QString location() const override { return QStringLiteral("/fake/autostart"); }

    bool enabled = false;
    QString failWith;
};

QString autostartFile()
{
    return qEnvironmentVariable("XDG_CONFIG_HOME") + QStringLiteral("/autostart/checkfu-tray.desktop");
}

QVariant iniValue(const QString &key)
{
    QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
    return ini.value(key);
}

QByteArray iniBytes()
{
    QFile file(AppPaths::settingsFile());
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void storeSettings(const std::function<void(TraySettings &)> &change)
{
    TraySettings s(AppPaths::settingsFile());
    s.load();
    change(s);
    QVERIFY(s.save());
}

void storeTuple()
{
    storeSettings([](TraySettings &s) {
        s.cursor = CursorTuple { validProfile, validDigest, QStringLiteral("gpt-5") };
    });
}
} // namespace

class TestSettingsDialog : public QObject
{
    Q_OBJECT

    // A dialog on a fresh TraySettings, shown (offscreen) as a person would see it.
    struct Fixture
    {
        explicit Fixture(Autostart *start = nullptr) : autostart(start ? start : &fake), dialog(settings, *autostart)
        {
            QObject::connect(&dialog, &SettingsDialog::cursorKeyChanged,
                [this](const std::optional<QString> &key) { keyChanges.append(key); });
            dialog.show();
        }
        template <typename T> T *w(const char *name) { return dialog.findChild<T *>(QLatin1String(name)); }
        // The widgets these tests reach by name that the dialog lacks or has with another type (a
        // rename): each test checks this first, so it fails naming them instead of crashing.
        QString missingWidgets()
        {
            QStringList missing;
            const auto need = [&](const char *name, const QMetaObject &type) {
                const QWidget *widget = dialog.findChild<QWidget *>(QLatin1String(name));
                if (!widget || !widget->inherits(type.className()))
                    missing << QStringLiteral("%1 %2").arg(QLatin1String(type.className()), QLatin1String(name));
            };
            for (const char *name : { "notifyApproval", "notifyClone", "notifyDrainFinished", "startAtLogin" })
                need(name, QCheckBox::staticMetaObject);
            for (const char *name : { "logLevel", "sandbox" })
                need(name, QComboBox::staticMetaObject);
            for (const char *name : { "cursorKeyError", "errors", "restartNote" })
                need(name, QLabel::staticMetaObject);
            for (const char *name :
                { "bubblewrapReadOnly", "cursorDigest", "cursorKey", "cursorModel", "cursorProfile", "idleTimeout" })
                need(name, QLineEdit::staticMetaObject);
            for (const char *name : { "apply", "cancel", "cursorClear", "ok" })
                need(name, QPushButton::staticMetaObject);
            need("slots", QSpinBox::staticMetaObject);
            need("gitCache", QSpinBox::staticMetaObject);
            return missing.isEmpty() ? QString() : QStringLiteral("no ") + missing.join(QStringLiteral(", no "));
        }
        QPushButton *apply() { return w<QPushButton>("apply"); }
        QString errors() { return w<QLabel>("errors")->isVisible() ? w<QLabel>("errors")->text() : QString(); }
        void type(const char *field, const QString &text)
        {
            QLineEdit *edit = w<QLineEdit>(field);
            edit->selectAll();
            QTest::keyClick(edit, Qt::Key_Delete);
            QTest::keyClicks(edit, text);
        }

        TraySettings settings { AppPaths::settingsFile() };
        FakeAutostart fake;
        Autostart *autostart;
        SettingsDialog dialog;
        QList<std::optional<QString>> keyChanges;
    };

private slots:
    void init()
    {
        QFile::remove(AppPaths::settingsFile());
        QFile::remove(autostartFile());
    }

    void showsTheStoredSettings()
    {
        storeSettings([](TraySettings &s) {
            s.sandbox = QStringLiteral("bubblewrap");
            s.slotCount = 4;
            s.idleTimeoutMs = 600000;
            s.cursor = CursorTuple { validProfile, validDigest, QStringLiteral("gpt-5") };
            s.setNotifies(NotificationKind::Clone, false);
            s.logLevel = spdlog::level::debug;
        });
        FakeAutostart start;
        start.enabled = true;
        Fixture f(&start);
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));

        QCOMPARE(f.w<QComboBox>("sandbox")->currentData().toString(), QStringLiteral("bubblewrap"));
        QCOMPARE(f.w<QComboBox>("sandbox")->count(), 5);
        QCOMPARE(f.w<QSpinBox>("slots")->value(), 4);
        QCOMPARE(f.w<QSpinBox>("slots")->maximum(), 64);
        QCOMPARE(f.w<QLineEdit>("idleTimeout")->text(), QStringLiteral("600"));
        QCOMPARE(f.w<QLineEdit>("cursorProfile")->text(), validProfile);
        QCOMPARE(f.w<QLineEdit>("cursorDigest")->text(), validDigest);
        QCOMPARE(f.w<QLineEdit>("cursorModel")->text(), QStringLiteral("gpt-5"));
        QLineEdit *key = f.w<QLineEdit>("cursorKey");
        QCOMPARE(key->text(), QString());
        QCOMPARE(key->echoMode(), QLineEdit::Password);
        QCOMPARE(key->placeholderText(), QStringLiteral("stored in the keychain"));
        QVERIFY(f.w<QCheckBox>("notifyApproval")->isChecked());
        QVERIFY(!f.w<QCheckBox>("notifyClone")->isChecked());
        QVERIFY(f.w<QCheckBox>("startAtLogin")->isChecked());
        QCOMPARE(f.w<QComboBox>("logLevel")->currentData().toString(), QStringLiteral("debug"));
        QVERIFY(f.w<QLabel>("restartNote")->text().contains(QLatin1String("next time the runner starts")));
        QVERIFY(!f.apply()->isEnabled());
        QCOMPARE(f.errors(), QString());
    }

    void applySavesAChangeAndKeepsThePairing()
    {
        RunnerSettings runner(AppPaths::settingsFile());
        runner.endpoint = QUrl(QStringLiteral("https://cp.example.test"));
        runner.runnerId = QStringLiteral("rnr_0123");
        QVERIFY(runner.save());

        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        f.w<QSpinBox>("slots")->setValue(6);
        f.w<QComboBox>("sandbox")->setCurrentIndex(f.w<QComboBox>("sandbox")->findData(QStringLiteral("docker")));
        QVERIFY(f.apply()->isEnabled());
        f.apply()->click();

        QCOMPARE(changed.count(), 1);
        QVERIFY(f.keyChanges.isEmpty());
        QVERIFY(!f.apply()->isEnabled());
        QCOMPARE(iniValue(QStringLiteral("runner/slots")).toString(), QStringLiteral("6"));
        QCOMPARE(iniValue(QStringLiteral("sandbox")).toString(), QStringLiteral("docker"));
        runner.load();
        QCOMPARE(runner.runnerId, QStringLiteral("rnr_0123"));
        QCOMPARE(runner.sandbox, QStringLiteral("docker"));
    }

    void untouchedDefaultsStayUnset()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QCOMPARE(f.w<QSpinBox>("slots")->value(), 1);
        QCOMPARE(f.w<QLineEdit>("idleTimeout")->placeholderText(), QStringLiteral("none"));
        QCOMPARE(f.w<QLineEdit>("cursorKey")->placeholderText(), QStringLiteral("not set"));
        f.w<QComboBox>("logLevel")->setCurrentIndex(f.w<QComboBox>("logLevel")->findData(QStringLiteral("error")));
        f.w<QCheckBox>("notifyDrainFinished")->click();
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QCOMPARE(iniValue(QStringLiteral("tray/log_level")).toString(), QStringLiteral("error"));
        QCOMPARE(iniValue(QStringLiteral("tray/notify_drain_finished")).toBool(), false);
        QCOMPARE(iniValue(QStringLiteral("tray/notify_approval")).toBool(), true);
        QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
        QVERIFY(!ini.contains(QStringLiteral("runner/slots")));
        QVERIFY(!ini.contains(QStringLiteral("runner/idle_timeout_ms")));
        QVERIFY(ini.childGroups().indexOf(QStringLiteral("cursor")) < 0);
        QVERIFY(f.keyChanges.isEmpty());
    }

    // The workspaces kept on this machine (§6.9): how many, their size and the limits, measured off the
    // GUI thread; Delete all, once confirmed, empties the store.
    void keptWorkspacesAreShownAndDeleteAllEmptiesTheStore()
    {
        QDir(AppPaths::snapshotDir()).removeRecursively();
        {
            Fixture f;
            QSignalSpy measured(&f.dialog, &SettingsDialog::snapshotsMeasured);
            QVERIFY(measured.count() > 0 || measured.wait(10000));
            QCOMPARE(
                f.w<QLabel>("snapshotUsage")->text(), QStringLiteral("none (at most 5120 MiB, each kept 14 days)"));
            QVERIFY(!f.w<QPushButton>("deleteSnapshots")->isEnabled());
            QVERIFY(!f.w<QPushButton>("showSnapshots")->isEnabled());
            QVERIFY(!QFileInfo::exists(AppPaths::snapshotDir())); // looking creates nothing
        }
        QTemporaryDir ws;
        QFile file(ws.filePath(QStringLiteral("notes.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QByteArray(1024 * 1024, 'n'));
        file.close();
        const SystemClock clock;
        const SnapshotStore store(AppPaths::snapshotDir(), clock);
        const UniqueFd fd(::open(QFile::encodeName(ws.path()).constData(), O_RDONLY | O_DIRECTORY));
        QVERIFY(store.take(fd.get(), SnapshotStore::TakeRequest()).ok);
        QVERIFY(store.take(fd.get(), SnapshotStore::TakeRequest()).ok);
        Fixture f;
        int asked = -1;
        bool answer = false;
        f.dialog.setDeleteSnapshotsConfirmation([&](int count) {
            asked = count;
            return answer;
        });
        QSignalSpy measured(&f.dialog, &SettingsDialog::snapshotsMeasured);
        QVERIFY(measured.count() > 0 || measured.wait(10000));
        QVERIFY2(f.w<QLabel>("snapshotUsage")->text().startsWith(QStringLiteral("2 workspaces, 1.0 MiB")),
            qPrintable(f.w<QLabel>("snapshotUsage")->text()));
        // Show… opens what the runs changed (the tray's Changes… dialog).
        QSignalSpy show(&f.dialog, &SettingsDialog::changesRequested);
        QVERIFY(f.w<QPushButton>("showSnapshots")->isEnabled());
        f.w<QPushButton>("showSnapshots")->click();
        QCOMPARE(show.size(), 1);
        QPushButton *deleteAll = f.w<QPushButton>("deleteSnapshots");
        QVERIFY(deleteAll->isEnabled());
        deleteAll->click(); // declined: nothing goes
        QCOMPARE(asked, 2);
        QCOMPARE(store.list().size(), 2);
        answer = true;
        measured.clear();
        deleteAll->click();
        QVERIFY(measured.wait(10000));
        QVERIFY(store.list().isEmpty());
        QCOMPARE(store.totalBytes(), 0);
        QVERIFY(f.w<QLabel>("snapshotUsage")->text().startsWith(QStringLiteral("none")));
    }

    // The git mirror cache: its size (default 10 GiB, 0 is off) saved like the other settings, and
    // what it holds now, measured off the GUI thread.
    void gitCacheSizeIsSavedAndItsUsageShown()
    {
        const QString root = AppPaths::cacheDir() + QStringLiteral("/git");
        QDir(root).removeRecursively();
        {
            Fixture f;
            QSpinBox *size = f.w<QSpinBox>("gitCache");
            QLabel *usage = f.w<QLabel>("gitCacheUsage");
            QVERIFY(size && usage);
            QCOMPARE(size->value(), 10240);
            QCOMPARE(size->suffix(), QStringLiteral(" MiB"));
            QTRY_COMPARE(usage->text(), QStringLiteral("empty"));
            size->setValue(0);
            QCOMPARE(size->text(), QStringLiteral("off"));
            QVERIFY(f.apply()->isEnabled());
            f.apply()->click();
            QCOMPARE(f.errors(), QString());
            QCOMPARE(iniValue(QStringLiteral("runner/git_cache_mib")).toString(), QStringLiteral("0"));
        }
        // Two mirrors of 1 MiB and 512 KiB: the reopened dialog shows the stored size and them.
        for (const auto &[key, bytes] : { std::pair { "aaaa", 1024 * 1024 }, std::pair { "bbbb", 512 * 1024 } }) {
            QVERIFY(QDir().mkpath(root + QLatin1Char('/') + QLatin1String(key)));
            QFile pack(root + QLatin1Char('/') + QLatin1String(key) + QStringLiteral("/pack"));
            QVERIFY(pack.open(QIODevice::WriteOnly));
            pack.write(QByteArray(bytes, 'x'));
        }
        Fixture f;
        QSignalSpy measured(&f.dialog, &SettingsDialog::gitCacheMeasured);
        QCOMPARE(f.w<QSpinBox>("gitCache")->value(), 0);
        QVERIFY(measured.count() > 0 || measured.wait(10000));
        QCOMPARE(f.w<QLabel>("gitCacheUsage")->text(), QStringLiteral("2 mirrors, 1.5 MiB used"));
        // Back to the default: the key goes again only when it was never set; once set, it stays.
        f.w<QSpinBox>("gitCache")->setValue(10240);
        f.apply()->click();
        QCOMPARE(iniValue(QStringLiteral("runner/git_cache_mib")).toString(), QStringLiteral("10240"));
        QDir(root).removeRecursively();
    }

    // The bubblewrap read-only paths: shown, checked as the Runner checks them at start, saved.
    void bubblewrapReadOnlyPaths()
    {
        QTemporaryDir tools;
        QVERIFY(tools.isValid());
        storeSettings([&](TraySettings &s) { s.bubblewrapReadOnly = tools.path(); });
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QCOMPARE(f.w<QLineEdit>("bubblewrapReadOnly")->text(), tools.path());
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);

        // The Runner's own state never: refused, nothing written.
        f.type("bubblewrapReadOnly", tools.path() + QLatin1Char(':') + AppPaths::dataDir());
        QVERIFY(QDir().mkpath(AppPaths::dataDir()));
        f.apply()->click();
        QVERIFY2(f.errors().contains(QLatin1String("Bubblewrap read-only paths:")), qPrintable(f.errors()));
        QVERIFY2(f.errors().contains(QLatin1String("Runner's own state")), qPrintable(f.errors()));
        QCOMPARE(changed.count(), 0);
        QCOMPARE(iniValue(QStringLiteral("bubblewrap/read_only_paths")).toString(), tools.path());
        f.type("bubblewrapReadOnly", QStringLiteral("relative"));
        f.apply()->click();
        QVERIFY2(f.errors().contains(QLatin1String("not an absolute path")), qPrintable(f.errors()));

        const QString bin = tools.path() + QStringLiteral("/bin");
        QVERIFY(QDir().mkpath(bin));
        f.type("bubblewrapReadOnly", bin + QLatin1Char(':') + tools.path());
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(
            iniValue(QStringLiteral("bubblewrap/read_only_paths")).toString(), bin + QLatin1Char(':') + tools.path());
        f.type("bubblewrapReadOnly", QString());
        f.apply()->click();
        QVERIFY(!QSettings(AppPaths::settingsFile(), QSettings::IniFormat)
                     .contains(QStringLiteral("bubblewrap/read_only_paths")));
    }

    void idleTimeout_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("ms"); // 0: no key; -1: refused
        QTest::newRow("seconds") << "600" << 600000;
        QTest::newRow("half a second") << "0.5" << 500;
        QTest::newRow("milliseconds") << "1.25" << 1250;
        QTest::newRow("largest") << "2147483.647" << 2147483647;
        QTest::newRow("empty") << "" << 0;
        QTest::newRow("zero") << "0" << -1;
        QTest::newRow("zero point zero") << "0.000" << -1;
        QTest::newRow("too large") << "2147483.648" << -1;
        QTest::newRow("four decimals") << "1.2345" << -1;
        QTest::newRow("negative") << "-5" << -1;
        QTest::newRow("word") << "ten" << -1;
    }

    void idleTimeout()
    {
        QFETCH(QString, text);
        QFETCH(int, ms);
        storeSettings([](TraySettings &s) { s.idleTimeoutMs = 42000; });
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QCOMPARE(f.w<QLineEdit>("idleTimeout")->text(), QStringLiteral("42"));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        f.type("idleTimeout", text);
        f.apply()->click();

        QSettings ini(AppPaths::settingsFile(), QSettings::IniFormat);
        if (ms < 0) {
            QCOMPARE(f.errors(),
                QStringLiteral("The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 "
                               "(up to three decimals), or empty for none."));
            QCOMPARE(changed.count(), 0);
            QVERIFY(f.apply()->isEnabled());
            QCOMPARE(ini.value(QStringLiteral("runner/idle_timeout_ms")).toString(), QStringLiteral("42000"));
        } else {
            QCOMPARE(f.errors(), QString());
            QCOMPARE(changed.count(), 1);
            QCOMPARE(ini.contains(QStringLiteral("runner/idle_timeout_ms")), ms > 0);
            if (ms > 0)
                QCOMPARE(ini.value(QStringLiteral("runner/idle_timeout_ms")).toInt(), ms);
        }
    }

    void aPartialCursorTupleIsRefused()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        f.type("cursorProfile", validProfile);
        f.apply()->click();
        QCOMPARE(f.errors(),
            QStringLiteral("The Cursor lane needs all four fields or none; missing: release digest, model, API key."));
        QCOMPARE(changed.count(), 0);
        QVERIFY(f.keyChanges.isEmpty());
        QVERIFY(!QFile::exists(AppPaths::settingsFile()));

        // A key alone is just as partial.
        f.type("cursorProfile", QString());
        f.type("cursorKey", apiKey);
        f.apply()->click();
        QCOMPARE(f.errors(),
            QStringLiteral("The Cursor lane needs all four fields or none; missing: profile version, release digest, "
                           "model."));
        QVERIFY(!f.errors().contains(apiKey));
        QVERIFY(f.keyChanges.isEmpty());
        QVERIFY(!QFile::exists(AppPaths::settingsFile()));
    }

    void aMisshapenTupleIsRefused()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.type("cursorProfile", QStringLiteral("hprof_XYZ@1"));
        f.type("cursorDigest", QStringLiteral("sha256:abc"));
        f.type("cursorModel", QStringLiteral("gpt-5"));
        f.type("cursorKey", apiKey);
        f.apply()->click();
        QVERIFY2(
            f.errors().contains(QLatin1String("The profile version must look like hprof_")), qPrintable(f.errors()));
        QVERIFY2(
            f.errors().contains(QLatin1String("The release digest must look like sha256:")), qPrintable(f.errors()));
        QVERIFY(f.keyChanges.isEmpty());
        QVERIFY(!QFile::exists(AppPaths::settingsFile()));
    }

    void aNewTupleHandsTheKeyOutAndKeepsItFromTheFile()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        // Pasted values often carry spaces around them.
        f.type("cursorProfile", QLatin1Char(' ') + validProfile + QLatin1Char(' '));
        f.type("cursorDigest", validDigest);
        f.type("cursorModel", QStringLiteral("gpt-5"));
        f.type("cursorKey", apiKey);
        QCOMPARE(f.w<QLineEdit>("cursorKey")->displayText().contains(apiKey), false);
        f.apply()->click();

        QCOMPARE(f.errors(), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(f.keyChanges, QList<std::optional<QString>> { apiKey });
        QCOMPARE(iniValue(QStringLiteral("cursor/profile_version")).toString(), validProfile);
        QCOMPARE(iniValue(QStringLiteral("cursor/release_digest")).toString(), validDigest);
        QCOMPARE(iniValue(QStringLiteral("cursor/model")).toString(), QStringLiteral("gpt-5"));
        QVERIFY(!iniBytes().isEmpty());
        QVERIFY(!iniBytes().contains(apiKey.toUtf8()));
        // The key is gone from the dialog, which now says where it is.
        QCOMPARE(f.w<QLineEdit>("cursorKey")->text(), QString());
        QCOMPARE(f.w<QLineEdit>("cursorKey")->placeholderText(), QStringLiteral("stored in the keychain"));
        f.dialog.reload();
        QCOMPARE(f.w<QLineEdit>("cursorKey")->text(), QString());
    }

    void anEmptyKeyFieldKeepsTheStoredKey()
    {
        storeTuple();
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.w<QSpinBox>("slots")->setValue(3);
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QVERIFY(f.keyChanges.isEmpty());

        // Another model with the same key: the key stays where it is.
        f.type("cursorModel", QStringLiteral("gpt-5-mini"));
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QVERIFY(f.keyChanges.isEmpty());
        QCOMPARE(iniValue(QStringLiteral("cursor/model")).toString(), QStringLiteral("gpt-5-mini"));
        QCOMPARE(iniValue(QStringLiteral("cursor/profile_version")).toString(), validProfile);

        // A new key replaces it.
        f.type("cursorKey", QStringLiteral("crsr_key_second_0001"));
        f.apply()->click();
        QCOMPARE(f.keyChanges, QList<std::optional<QString>> { QStringLiteral("crsr_key_second_0001") });
    }

    void aTupleWhoseKeyIsMissingNeedsOne()
    {
        storeTuple();
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        // The caller read the store and found nothing.
        f.dialog.setCursorKeyStored(false);
        QCOMPARE(f.w<QLineEdit>("cursorKey")->placeholderText(), QStringLiteral("not set"));
        f.w<QSpinBox>("slots")->setValue(2);
        f.apply()->click();
        QCOMPARE(f.errors(), QStringLiteral("The Cursor lane needs all four fields or none; missing: API key."));
        QVERIFY(!QSettings(AppPaths::settingsFile(), QSettings::IniFormat).contains(QStringLiteral("runner/slots")));
    }

    void clearRemovesAllFour()
    {
        storeTuple();
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        f.w<QPushButton>("cursorClear")->click();
        QCOMPARE(f.w<QLineEdit>("cursorProfile")->text(), QString());
        QCOMPARE(f.w<QLineEdit>("cursorDigest")->text(), QString());
        QCOMPARE(f.w<QLineEdit>("cursorModel")->text(), QString());
        QCOMPARE(f.w<QLineEdit>("cursorKey")->placeholderText(), QStringLiteral("the stored key will be removed"));
        QVERIFY(f.apply()->isEnabled());
        f.apply()->click();

        QCOMPARE(f.errors(), QString());
        QCOMPARE(changed.count(), 1);
        QCOMPARE(f.keyChanges, QList<std::optional<QString>> { std::nullopt });
        QVERIFY(
            QSettings(AppPaths::settingsFile(), QSettings::IniFormat).childGroups().indexOf(QStringLiteral("cursor"))
            < 0);
        QCOMPARE(f.w<QLineEdit>("cursorKey")->placeholderText(), QStringLiteral("not set"));
    }

    void emptyingTheFieldsByHandAlsoClears()
    {
        storeTuple();
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.type("cursorProfile", QString());
        f.type("cursorDigest", QString());
        f.type("cursorModel", QString());
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QCOMPARE(f.keyChanges, QList<std::optional<QString>> { std::nullopt });
    }

    void aKeyStoreErrorIsShown()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QVERIFY(!f.w<QLabel>("cursorKeyError")->isVisible());
        f.dialog.showCursorKeyError(QStringLiteral("The keychain is locked."));
        QVERIFY(f.w<QLabel>("cursorKeyError")->isVisible());
        QCOMPARE(f.w<QLabel>("cursorKeyError")->text(), QStringLiteral("The keychain is locked."));
    }

    void anUnknownTierIsKept()
    {
        storeSettings([](TraySettings &s) { s.sandbox = QStringLiteral("firecracker"); });
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QCOMPARE(f.w<QComboBox>("sandbox")->currentText(), QStringLiteral("firecracker (not recognised)"));
        f.w<QSpinBox>("slots")->setValue(2);
        f.apply()->click();
        QCOMPARE(iniValue(QStringLiteral("sandbox")).toString(), QStringLiteral("firecracker"));
    }

    void startAtLoginWritesAndRemovesTheXdgEntry()
    {
        const auto autostart = Autostart::create(QStringLiteral("/opt/checkfu/bin/checkfu-tray"));
        Fixture f(autostart.get());
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QCheckBox *check = f.w<QCheckBox>("startAtLogin");
        QVERIFY(!check->isChecked());
        QCOMPARE(check->toolTip(), autostartFile());
        check->click();
        f.apply()->click();
        QCOMPARE(f.errors(), QString());
        QVERIFY(QFile::exists(autostartFile()));
        QFile file(autostartFile());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains("\nExec=/opt/checkfu/bin/checkfu-tray\n"));

        check->click();
        f.apply()->click();
        QVERIFY(!QFile::exists(autostartFile()));
        QVERIFY(!check->isChecked());
    }

    void aFailingAutostartIsReported()
    {
        FakeAutostart start;
        start.failWith = QStringLiteral("Cannot write /fake/autostart: read-only file system");
        Fixture f(&start);
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        QSignalSpy changed(&f.dialog, &SettingsDialog::settingsChanged);
        f.w<QCheckBox>("startAtLogin")->click();
        f.w<QSpinBox>("slots")->setValue(5);
        f.w<QPushButton>("ok")->click();

        // The rest is saved; the box shows the truth and the dialog stays open to say why.
        QCOMPARE(f.errors(), start.failWith);
        QVERIFY(!f.w<QCheckBox>("startAtLogin")->isChecked());
        QCOMPARE(iniValue(QStringLiteral("runner/slots")).toString(), QStringLiteral("5"));
        QCOMPARE(changed.count(), 1);
        QVERIFY(f.dialog.isVisible());
    }

    void okSavesAndCloses()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.w<QSpinBox>("slots")->setValue(7);
        f.w<QPushButton>("ok")->click();
        QCOMPARE(f.dialog.result(), int(QDialog::Accepted));
        QVERIFY(!f.dialog.isVisible());
        QCOMPARE(iniValue(QStringLiteral("runner/slots")).toString(), QStringLiteral("7"));
    }

    void okWithAnErrorStaysOpen()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.type("idleTimeout", QStringLiteral("soon"));
        f.w<QPushButton>("ok")->click();
        QVERIFY(f.dialog.isVisible());
        QVERIFY(!f.errors().isEmpty());
        QVERIFY(!QFile::exists(AppPaths::settingsFile()));
    }

    void cancelDiscards()
    {
        Fixture f;
        QVERIFY2(f.missingWidgets().isEmpty(), qPrintable(f.missingWidgets()));
        f.w<QSpinBox>("slots")->setValue(9);
        f.type("cursorKey", apiKey);
        f.w<QPushButton>("cancel")->click();
        QCOMPARE(f.dialog.result(), int(QDialog::Rejected));
        QVERIFY(!QFile::exists(AppPaths::settingsFile()));
        QVERIFY(f.keyChanges.isEmpty());
    }
};

CHECKFU_GUI_TEST_MAIN(TestSettingsDialog)
#include "tst_settingsdialog.moc"
