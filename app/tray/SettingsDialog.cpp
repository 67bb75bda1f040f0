#include "SettingsDialog.h"

#include "Autostart.h"
#include "WindowFit.h"

#include <runnercore/base/Clock.h>
#include <runnercore/config/AppPaths.h>
#include <runnercore/workspace/MirrorCache.h>
#include <runnercore/workspace/SnapshotStore.h>

#include <memory>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QThread>
#include <QVBoxLayout>

#include <limits>
#include <tuple>

using namespace runnercore;

namespace {

QLabel *noteLabel(const QString &text, const QString &name, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    return label;
}

QLabel *errorLabel(const QString &name, QWidget *parent)
{
    QLabel *label = noteLabel({}, name, parent);
    label->setStyleSheet(QStringLiteral("color: #b3261e;"));
    label->setVisible(false);
    return label;
}

} // namespace

SettingsDialog::SettingsDialog(TraySettings &settings, Autostart &autostart, QWidget *parent)
    : QDialog(parent), m_settings(settings), m_autostart(autostart)
{
    setWindowTitle(tr("Checkfu Runner Settings"));
    setObjectName(QStringLiteral("settingsDialog"));

    auto *layout = new QVBoxLayout(this);
    buildRunnerGroup(layout);
    buildPowerGroup(layout);
    buildCursorGroup(layout);
    layout->addWidget(noteLabel(tr("The sandbox tier, slots, idle timeout, read-only paths and the Cursor lane take "
                                   "effect the next time the runner starts."),
        QStringLiteral("restartNote"), this));
    buildNotificationGroup(layout);
    buildGeneralGroup(layout);

    m_errors = errorLabel(QStringLiteral("errors"), this);
    layout->addWidget(m_errors);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("ok"));
    m_buttons->button(QDialogButtonBox::Cancel)->setObjectName(QStringLiteral("cancel"));
    m_apply = m_buttons->button(QDialogButtonBox::Apply);
    m_apply->setObjectName(QStringLiteral("apply"));
    layout->addWidget(m_buttons);
    connect(m_apply, &QPushButton::clicked, this, &SettingsDialog::apply);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        if (!m_apply->isEnabled() || apply())
            accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    reload();
}

void SettingsDialog::buildRunnerGroup(QVBoxLayout *layout)
{
    auto *group = new QGroupBox(tr("Runner"), this);
    auto *form = new QFormLayout(group);

    m_sandbox = new QComboBox(group);
    m_sandbox->setObjectName(QStringLiteral("sandbox"));
    // The rows of wire §8's provider table, in a person's words.
    const QStringList names = TraySettings::sandboxNames();
    const QStringList labels { tr("Automatic: host process, and Docker when a daemon answers"),
        tr("Host process: no isolation, this machine's own network"),
        tr("Bubblewrap: host process in its own namespaces, and Docker when a daemon answers"),
        tr("Docker only: refuse to start without a Docker daemon"),
        tr("No host tier: Docker only, when a daemon answers") };
    for (qsizetype i = 0; i < names.size(); ++i)
        m_sandbox->addItem(labels.at(i), names.at(i));
    form->addRow(tr("Sandbox tier"), m_sandbox);

    m_slots = new QSpinBox(group);
    m_slots->setObjectName(QStringLiteral("slots"));
    m_slots->setRange(1, TraySettings::MaxSlots);
    m_slots->setToolTip(tr("How many runs this machine takes at once (1 to %1).").arg(TraySettings::MaxSlots));
    form->addRow(tr("Slots"), m_slots);

    m_idleTimeout = new QLineEdit(group);
    m_idleTimeout->setObjectName(QStringLiteral("idleTimeout"));
    m_idleTimeout->setPlaceholderText(tr("none"));
    m_idleTimeout->setToolTip(tr("A turn that shows no activity for this long ends and its run fails. Empty: no "
                                 "timeout unless the run sets its own."));
    auto *idleRow = new QHBoxLayout;
    idleRow->addWidget(m_idleTimeout, 1);
    idleRow->addWidget(new QLabel(tr("seconds"), group));
    form->addRow(tr("Idle timeout"), idleRow);

    m_readOnlyPaths = new QLineEdit(group);
    m_readOnlyPaths->setObjectName(QStringLiteral("bubblewrapReadOnly"));
    m_readOnlyPaths->setPlaceholderText(tr("none, e.g. /home/me/.local/bin:/home/me/.nvm"));
    m_readOnlyPaths->setToolTip(tr("A bubblewrap run sees only the system directories and its own directory. A "
                                   "harness installed elsewhere (under your home) needs its directory here: "
                                   "absolute paths, separated by ':', shown read-only to every bubblewrap run."));
    form->addRow(tr("Bubblewrap read-only paths"), m_readOnlyPaths);

    m_gitCache = new QSpinBox(group);
    m_gitCache->setObjectName(QStringLiteral("gitCache"));
    m_gitCache->setRange(0, int(RunnerConfig::MaxGitCacheMib));
    m_gitCache->setSingleStep(1024);
    m_gitCache->setSuffix(tr(" MiB"));
    m_gitCache->setSpecialValueText(tr("off"));
    m_gitCache->setToolTip(tr("Mirrors of the repositories durable runs fetched, so that the next fetch is fast; "
                              "past this size the oldest repository goes first. Off: every fetch comes from the "
                              "server. Zero-data-retention runs never use it."));
    m_gitCacheUsage = new QLabel(group);
    m_gitCacheUsage->setObjectName(QStringLiteral("gitCacheUsage"));
    auto *cacheRow = new QHBoxLayout;
    cacheRow->addWidget(m_gitCache);
    cacheRow->addWidget(m_gitCacheUsage, 1);
    form->addRow(tr("Git mirror cache"), cacheRow);
    m_snapshotUsage = new QLabel(group);
    m_snapshotUsage->setObjectName(QStringLiteral("snapshotUsage"));
    m_snapshotUsage->setToolTip(tr("Workspaces of runs that asked to keep them (snapshot.on_settle), on this machine "
                                   "only; the control plane knows their ids, never their content. A run that starts "
                                   "from a deleted one is refused."));
    m_deleteSnapshots = new QPushButton(tr("Delete all…"), group);
    m_deleteSnapshots->setObjectName(QStringLiteral("deleteSnapshots"));
    m_deleteSnapshots->setEnabled(false);
    m_showSnapshots = new QPushButton(tr("Show…"), group);
    m_showSnapshots->setObjectName(QStringLiteral("showSnapshots"));
    m_showSnapshots->setToolTip(tr("What the runs changed in the workspaces kept on this machine"));
    m_showSnapshots->setEnabled(false);
    connect(m_showSnapshots, &QPushButton::clicked, this, &SettingsDialog::changesRequested);
    auto *snapshotRow = new QHBoxLayout;
    snapshotRow->addWidget(m_snapshotUsage, 1);
    snapshotRow->addWidget(m_showSnapshots);
    snapshotRow->addWidget(m_deleteSnapshots);
    form->addRow(tr("Workspaces kept"), snapshotRow);
    connect(m_deleteSnapshots, &QPushButton::clicked, this, &SettingsDialog::deleteSnapshots);
    layout->addWidget(group);
    connect(m_readOnlyPaths, &QLineEdit::textEdited, this, &SettingsDialog::markDirty);
    connect(m_gitCache, &QSpinBox::valueChanged, this, &SettingsDialog::markDirty);

    connect(m_sandbox, &QComboBox::currentIndexChanged, this, &SettingsDialog::markDirty);
    connect(m_slots, &QSpinBox::valueChanged, this, &SettingsDialog::markDirty);
    connect(m_idleTimeout, &QLineEdit::textEdited, this, &SettingsDialog::markDirty);
}

void SettingsDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    WindowFit::growToFit(this); // the notes wrap, and German or Japanese ones need more lines
}

void SettingsDialog::buildPowerGroup(QVBoxLayout *layout)
{
    auto *group = new QGroupBox(tr("Battery and network"), this);
    group->setObjectName(QStringLiteral("powerGroup"));
    auto *form = new QFormLayout(group);
    m_keepAwake = new QComboBox(group);
    m_keepAwake->setObjectName(QStringLiteral("keepAwake"));
    // In RunnerConfigParser::keepAwakeNames()' order; "" keeps the default unstored.
    m_keepAwake->addItem(tr("Only on AC power"), QString());
    m_keepAwake->addItem(tr("Always"), QStringLiteral("always"));
    m_keepAwake->addItem(tr("Never"), QStringLiteral("never"));
    m_keepAwake->setToolTip(tr("While runs are active the computer does not go to sleep by itself. Closing the lid "
                               "still puts it to sleep; the runs' output is saved first."));
    form->addRow(tr("Keep awake while runs are active"), m_keepAwake);
    m_drainBattery = new QSpinBox(group);
    m_drainBattery->setObjectName(QStringLiteral("drainBattery"));
    m_drainBattery->setRange(0, 100);
    m_drainBattery->setSuffix(tr(" %"));
    m_drainBattery->setSpecialValueText(tr("never"));
    m_drainBattery->setToolTip(tr("On battery below this charge the Runner finishes its runs but takes no new work; "
                                  "it takes work again by itself once the computer is plugged in."));
    form->addRow(tr("Pause on battery below"), m_drainBattery);
    m_drainMetered = new QCheckBox(tr("Pause on a metered network"), group);
    m_drainMetered->setObjectName(QStringLiteral("drainMetered"));
    m_drainMetered->setToolTip(tr("On a metered connection (a phone's hotspot) the Runner finishes its runs but takes "
                                  "no new work; it takes work again by itself on another network."));
    form->addRow(m_drainMetered);
    layout->addWidget(group);
    connect(m_keepAwake, &QComboBox::currentIndexChanged, this, &SettingsDialog::markDirty);
    connect(m_drainBattery, &QSpinBox::valueChanged, this, &SettingsDialog::markDirty);
    connect(m_drainMetered, &QCheckBox::toggled, this, &SettingsDialog::markDirty);
}

void SettingsDialog::buildCursorGroup(QVBoxLayout *layout)
{
    auto *group = new QGroupBox(tr("Cursor lane"), this);
    group->setObjectName(QStringLiteral("cursorGroup"));
    auto *form = new QFormLayout(group);
    form->addRow(noteLabel(tr("Fill in all four fields, or none. The API key is kept in the keychain, never in the "
                              "settings file; leave it empty to keep the stored one."),
        QStringLiteral("cursorNote"), group));

    auto addField = [&](const QString &label, const QString &name, QLineEdit **field) {
        *field = new QLineEdit(group);
        (*field)->setObjectName(name);
        form->addRow(label, *field);
        connect(*field, &QLineEdit::textEdited, this, &SettingsDialog::markDirty);
    };
    addField(tr("Profile version"), QStringLiteral("cursorProfile"), &m_profile);
    m_profile->setPlaceholderText(QStringLiteral("hprof_…@1"));
    addField(tr("Release digest"), QStringLiteral("cursorDigest"), &m_digest);
    m_digest->setPlaceholderText(QStringLiteral("sha256:…"));
    addField(tr("Model"), QStringLiteral("cursorModel"), &m_model);

    m_key = new QLineEdit(group);
    m_key->setObjectName(QStringLiteral("cursorKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setAttribute(Qt::WA_InputMethodEnabled, false);
    connect(m_key, &QLineEdit::textEdited, this, &SettingsDialog::markDirty);
    m_clear = new QPushButton(tr("Clear"), group);
    m_clear->setObjectName(QStringLiteral("cursorClear"));
    m_clear->setToolTip(tr("Remove the Cursor lane: all four fields and the stored key."));
    connect(m_clear, &QPushButton::clicked, this, &SettingsDialog::clearCursor);
    auto *keyRow = new QHBoxLayout;
    keyRow->addWidget(m_key, 1);
    keyRow->addWidget(m_clear);
    form->addRow(tr("API key"), keyRow);

    m_keyError = errorLabel(QStringLiteral("cursorKeyError"), group);
    form->addRow(m_keyError);
    layout->addWidget(group);
}

void SettingsDialog::buildNotificationGroup(QVBoxLayout *layout)
{
    auto *group = new QGroupBox(tr("Notify me when"), this);
    auto *box = new QVBoxLayout(group);
    const std::tuple<NotificationKind, QString, QString> kinds[] = {
        { NotificationKind::Approval, QStringLiteral("notifyApproval"), tr("a run waits for my approval") },
        { NotificationKind::Revoked, QStringLiteral("notifyRevoked"), tr("this machine's credential was revoked") },
        { NotificationKind::Clone, QStringLiteral("notifyClone"),
            tr("another copy of this runner used its credential") },
        { NotificationKind::DrainFinished, QStringLiteral("notifyDrainFinished"), tr("draining has finished") },
        { NotificationKind::Reconnected, QStringLiteral("notifyReconnected"),
            tr("the runner is connected again after being offline") },
        { NotificationKind::RunsLostToSleep, QStringLiteral("notifyRunsLostToSleep"),
            tr("runs were lost while the computer slept") },
    };
    for (const auto &[kind, name, label] : kinds) {
        auto *check = new QCheckBox(label, group);
        check->setObjectName(name);
        box->addWidget(check);
        m_notify.append({ kind, check });
        connect(check, &QCheckBox::toggled, this, &SettingsDialog::markDirty);
    }
    layout->addWidget(group);
}

void SettingsDialog::buildGeneralGroup(QVBoxLayout *layout)
{
    auto *group = new QGroupBox(tr("General"), this);
    auto *form = new QFormLayout(group);
    m_startAtLogin = new QCheckBox(tr("Start Checkfu Runner when I log in"), group);
    m_startAtLogin->setObjectName(QStringLiteral("startAtLogin"));
    m_startAtLogin->setToolTip(m_autostart.location());
    form->addRow(m_startAtLogin);

    m_logLevel = new QComboBox(group);
    m_logLevel->setObjectName(QStringLiteral("logLevel"));
    const std::pair<spdlog::level::level_enum, QString> levels[] = { { spdlog::level::trace, tr("Trace") },
        { spdlog::level::debug, tr("Debug") }, { spdlog::level::info, tr("Info (default)") },
        { spdlog::level::warn, tr("Warnings") }, { spdlog::level::err, tr("Errors only") } };
    for (const auto &[level, label] : levels)
        m_logLevel->addItem(label, TraySettings::logLevelName(level));
    form->addRow(tr("Log level"), m_logLevel);
    layout->addWidget(group);

    connect(m_startAtLogin, &QCheckBox::toggled, this, &SettingsDialog::markDirty);
    connect(m_logLevel, &QComboBox::currentIndexChanged, this, &SettingsDialog::markDirty);
}

void SettingsDialog::reload()
{
    m_loading = true;
    m_settings.load();

    int sandboxIndex = m_sandbox->findData(m_settings.sandbox);
    if (sandboxIndex < 0) {
        // A value this version does not know (typed into the file): keep it rather than guess.
        m_sandbox->addItem(tr("%1 (not recognised)").arg(m_settings.sandbox), m_settings.sandbox);
        sandboxIndex = m_sandbox->count() - 1;
    }
    m_sandbox->setCurrentIndex(sandboxIndex);
    m_slotsExplicit = m_settings.slotCount.has_value();
    m_slots->setValue(m_settings.slotCount.value_or(1));
    m_idleTimeout->setText(m_settings.idleTimeoutMs ? secondsText(*m_settings.idleTimeoutMs) : QString());
    m_readOnlyPaths->setText(m_settings.bubblewrapReadOnly);
    m_gitCacheExplicit = m_settings.gitCacheMib.has_value();
    m_gitCache->setValue(int(m_settings.gitCacheMib.value_or(RunnerConfig::DefaultGitCacheMib)));
    measureGitCache();
    m_keepAwake->setCurrentIndex(std::max(
        0, m_keepAwake->findData(m_settings.keepAwake == QLatin1String("ac") ? QString() : m_settings.keepAwake)));
    m_drainBattery->setValue(m_settings.drainBelowBattery.value_or(0));
    m_drainMetered->setChecked(m_settings.drainOnMetered.value_or(false));
    measureSnapshots();

    m_loadedCursor = m_settings.cursor;
    m_profile->setText(m_loadedCursor.profileVersion);
    m_digest->setText(m_loadedCursor.releaseDigest);
    m_model->setText(m_loadedCursor.model);
    m_key->clear();
    m_keyStored = !m_loadedCursor.isEmpty();
    m_clearPending = false;
    m_keyError->setVisible(false);
    updateKeyPlaceholder();

    for (const auto &[kind, check] : m_notify)
        check->setChecked(m_settings.notifies(kind));
    m_autostartLoaded = m_autostart.isEnabled();
    m_startAtLogin->setChecked(m_autostartLoaded);
    m_logLevel->setCurrentIndex(m_logLevel->findData(TraySettings::logLevelName(m_settings.logLevel)));

    showErrors({});
    m_apply->setEnabled(false);
    m_loading = false;
}

// Walking a cache of thousands of files is not for the GUI thread: a worker sums it, the dialog
// shows it when it is done (a dialog closed meanwhile drops the answer with its connection).
void SettingsDialog::measureGitCache()
{
    m_gitCacheUsage->setText(tr("measuring…"));
    auto entries = std::make_shared<QList<MirrorCache::Entry>>();
    const QString root = AppPaths::cacheDir() + QStringLiteral("/git");
    QThread *worker = QThread::create([root, entries] { *entries = MirrorCache(root).entries(); });
    connect(worker, &QThread::finished, this, [this, entries] {
        qint64 bytes = 0;
        for (const MirrorCache::Entry &e : std::as_const(*entries))
            bytes += e.bytes;
        m_gitCacheUsage->setText(entries->isEmpty() ? tr("empty")
                                                    : tr("%n mirror(s), %1 MiB used", nullptr, int(entries->size()))
                                                          .arg(double(bytes) / (1024 * 1024), 0, 'f', 1));
        emit gitCacheMeasured();
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

// Reading every record is not for the GUI thread either; nothing is created when there is no store.
void SettingsDialog::measureSnapshots()
{
    m_snapshotUsage->setText(tr("measuring…"));
    m_deleteSnapshots->setEnabled(false);
    m_showSnapshots->setEnabled(false);
    struct Usage
    {
        int count = 0;
        qint64 bytes = 0;
    };
    auto usage = std::make_shared<Usage>();
    const QString root = AppPaths::snapshotDir();
    QThread *worker = QThread::create([root, usage] {
        if (!QFileInfo::exists(root))
            return;
        const SystemClock clock;
        const SnapshotStore store(root, clock);
        usage->count = int(store.list().size());
        usage->bytes = store.totalBytes();
    });
    connect(worker, &QThread::finished, this, [this, usage] {
        const SnapshotStore::Limits limits;
        const QString bounds = tr("at most %1 MiB, each kept %2 days")
                                   .arg(m_settings.snapshotStoreMib.value_or(RunnerConfig::DefaultSnapshotStoreMib))
                                   .arg(limits.maxAgeSeconds / 86400);
        m_snapshotCount = usage->count;
        m_snapshotUsage->setText(usage->count == 0 ? tr("none (%1)").arg(bounds)
                                                   : tr("%n workspace(s), %1 MiB (%2)", nullptr, usage->count)
                                                         .arg(double(usage->bytes) / (1024 * 1024), 0, 'f', 1)
                                                         .arg(bounds));
        m_deleteSnapshots->setEnabled(usage->count > 0);
        m_showSnapshots->setEnabled(usage->count > 0);
        emit snapshotsMeasured();
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void SettingsDialog::deleteSnapshots()
{
    const int count = m_snapshotCount;
    const bool confirmed = m_confirmDelete
        ? m_confirmDelete(count)
        : QMessageBox::question(this, tr("Delete kept workspaces"),
              tr("Delete the %n workspace(s) kept on this machine? Runs can no longer start from them.", nullptr,
                  count),
              QMessageBox::Yes | QMessageBox::No, QMessageBox::No)
            == QMessageBox::Yes;
    if (!confirmed)
        return;
    m_snapshotUsage->setText(tr("deleting…"));
    m_deleteSnapshots->setEnabled(false);
    const QString root = AppPaths::snapshotDir();
    QThread *worker = QThread::create([root] {
        const SystemClock clock;
        SnapshotStore(root, clock).removeAll();
    });
    connect(worker, &QThread::finished, this, &SettingsDialog::measureSnapshots);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void SettingsDialog::setCursorKeyStored(bool stored)
{
    m_keyStored = stored;
    updateKeyPlaceholder();
}

void SettingsDialog::showCursorKeyError(const QString &message)
{
    m_keyError->setText(message);
    m_keyError->setVisible(!message.isEmpty());
}

void SettingsDialog::clearCursor()
{
    m_profile->clear();
    m_digest->clear();
    m_model->clear();
    m_key->clear();
    m_clearPending = true;
    updateKeyPlaceholder();
    markDirty();
}

void SettingsDialog::markDirty()
{
    if (!m_loading)
        m_apply->setEnabled(true);
}

void SettingsDialog::updateKeyPlaceholder()
{
    if (m_clearPending && m_keyStored)
        m_key->setPlaceholderText(tr("the stored key will be removed"));
    else if (m_keyStored)
        m_key->setPlaceholderText(tr("stored in the keychain"));
    else
        m_key->setPlaceholderText(tr("not set"));
}

void SettingsDialog::showErrors(const QStringList &errors)
{
    m_errorList = errors;
    m_errors->setText(errors.join(QLatin1Char('\n')));
    m_errors->setVisible(!errors.isEmpty());
}

CursorTuple SettingsDialog::cursorFromFields() const
{
    return CursorTuple { m_profile->text().trimmed(), m_digest->text().trimmed(), m_model->text().trimmed() };
}

bool SettingsDialog::apply()
{
    QStringList errors;
    QWidget *firstBad = nullptr;
    auto fail = [&](const QString &message, QWidget *field) {
        errors << message;
        if (!firstBad)
            firstBad = field;
    };

    bool idleOk = true;
    const std::optional<int> idleTimeoutMs = parseSeconds(m_idleTimeout->text(), &idleOk);
    if (!idleOk)
        fail(tr("The idle timeout must be a number of seconds greater than 0 and at most 2147483.647 (up to "
                "three decimals), or empty for none."),
            m_idleTimeout);

    // The checks the Runner makes at start, so that a saved list never stops it.
    const QString readOnly = m_readOnlyPaths->text().trimmed();
    for (const QString &problem : RunnerConfigParser::readOnlyPathProblems(
             readOnly, tr("Bubblewrap read-only paths"), RunnerConfigInput::defaultRunnerStateDirs()))
        fail(problem, m_readOnlyPaths);

    const CursorTuple cursor = cursorFromFields();
    const QString newKey = m_key->text().trimmed();
    // Empty everywhere turns the lane off; otherwise an empty key field keeps the stored key.
    const bool laneOff = cursor.isEmpty() && newKey.isEmpty();
    const bool hasKey = !newKey.isEmpty() || (m_keyStored && !m_clearPending);
    if (!laneOff) {
        QLineEdit *field = cursor.profileVersion.isEmpty() ? m_profile
            : cursor.releaseDigest.isEmpty()               ? m_digest
            : cursor.model.isEmpty()                       ? m_model
            : !hasKey                                      ? m_key
                                                           : m_profile;
        for (const QString &problem : TraySettings::cursorProblems(cursor, hasKey))
            fail(problem, field);
    }

    if (!errors.isEmpty()) {
        showErrors(errors);
        firstBad->setFocus();
        return false;
    }

    m_settings.sandbox = m_sandbox->currentData().toString();
    const bool slotsSet = m_slotsExplicit || m_slots->value() != 1;
    m_settings.slotCount = slotsSet ? std::optional<int>(m_slots->value()) : std::nullopt;
    m_settings.idleTimeoutMs = idleTimeoutMs;
    m_settings.bubblewrapReadOnly = readOnly;
    const bool gitCacheSet = m_gitCacheExplicit || m_gitCache->value() != RunnerConfig::DefaultGitCacheMib;
    m_settings.gitCacheMib = gitCacheSet ? std::optional<int>(m_gitCache->value()) : std::nullopt;
    m_settings.keepAwake = m_keepAwake->currentData().toString();
    m_settings.drainBelowBattery
        = m_drainBattery->value() > 0 ? std::optional<int>(m_drainBattery->value()) : std::nullopt;
    m_settings.drainOnMetered = m_drainMetered->isChecked() ? std::optional<bool>(true) : std::nullopt;
    m_settings.cursor = laneOff ? CursorTuple {} : cursor;
    for (const auto &[kind, check] : m_notify)
        m_settings.setNotifies(kind, check->isChecked());
    m_settings.logLevel
        = TraySettings::logLevelFromName(m_logLevel->currentData().toString()).value_or(spdlog::level::info);
    QString error;
    if (!m_settings.save(&error)) {
        showErrors({ error });
        return false;
    }
    m_slotsExplicit = slotsSet;
    m_gitCacheExplicit = gitCacheSet;

    std::optional<std::optional<QString>> keyChange;
    if (laneOff && (m_keyStored || !m_loadedCursor.isEmpty()))
        keyChange = std::optional<QString>();
    else if (!laneOff && !newKey.isEmpty())
        keyChange = std::optional<QString>(newKey);
    m_loadedCursor = m_settings.cursor;
    m_key->clear();
    m_clearPending = false;
    if (keyChange)
        m_keyStored = keyChange->has_value();
    m_keyError->setVisible(false);
    updateKeyPlaceholder();

    QStringList problems;
    if (m_startAtLogin->isChecked() != m_autostartLoaded) {
        if (m_autostart.setEnabled(m_startAtLogin->isChecked(), &error))
            m_autostartLoaded = m_startAtLogin->isChecked();
        else
            problems << error;
        // Show what is true now, whether or not the change worked.
        m_loading = true;
        m_startAtLogin->setChecked(m_autostart.isEnabled());
        m_autostartLoaded = m_startAtLogin->isChecked();
        m_loading = false;
    }
    showErrors(problems);
    m_apply->setEnabled(false);

    emit settingsChanged();
    if (keyChange)
        emit cursorKeyChanged(*keyChange);
    return problems.isEmpty();
}

QString SettingsDialog::secondsText(int ms)
{
    if (ms % 1000 == 0)
        return QString::number(ms / 1000);
    QString fraction = QStringLiteral("%1").arg(ms % 1000, 3, 10, QLatin1Char('0'));
    while (fraction.endsWith(QLatin1Char('0')))
        fraction.chop(1);
    return QStringLiteral("%1.%2").arg(ms / 1000).arg(fraction);
}

std::optional<int> SettingsDialog::parseSeconds(const QString &text, bool *ok)
{
    *ok = true;
    const QString trimmed = text.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;
    // Milliseconds from 1 to INT_MAX, what RunnerConfigParser accepts for CHECKFU_RUNNER_IDLE_TIMEOUT_MS.
    static const QRegularExpression shape(
        QRegularExpression::anchoredPattern(QStringLiteral("([0-9]{1,10})(?:\\.([0-9]{1,3}))?")));
    const QRegularExpressionMatch match = shape.match(trimmed);
    if (match.hasMatch()) {
        const qint64 ms
            = match.captured(1).toLongLong() * 1000 + match.captured(2).leftJustified(3, QLatin1Char('0')).toLongLong();
        if (ms >= 1 && ms <= std::numeric_limits<int>::max())
            return int(ms);
    }
    *ok = false;
    return std::nullopt;
}
