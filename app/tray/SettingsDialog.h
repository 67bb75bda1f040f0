#pragma once

#include <functional>

#include "TraySettings.h"

#include <QDialog>

#include <optional>

class Autostart;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QVBoxLayout;

// Settings: sandbox tier, slots, idle timeout, bubblewrap read-only paths, the git mirror cache's
// size (and what it holds), the Cursor lane,
// notifications per kind, start at login and log level. Apply/OK validate everything first and save
// nothing when anything is wrong. The Cursor API key never comes back into the dialog; a new one (or
// its removal) leaves through cursorKeyChanged so the caller writes the credential store on the
// Runner thread.
class SettingsDialog : public QDialog
{
    Q_OBJECT
signals:
    // The settings file (and the autostart entry) were written.
    void settingsChanged();
    // The git mirror cache's usage is shown (measured off the GUI thread after each reload).
    void gitCacheMeasured();
    // The workspaces kept on this machine (§6.9) are shown: measured off the GUI thread after each
    // reload and after Delete all.
    void snapshotsMeasured();
    // Show… of the kept workspaces: what their runs changed.
    void changesRequested();
    // After settingsChanged: a key to store, or nullopt to remove the stored one.
    void cursorKeyChanged(const std::optional<QString> &newKey);

public:
    // Loads `settings` from its file now; both references must outlive the dialog.
    SettingsDialog(TraySettings &settings, Autostart &autostart, QWidget *parent = nullptr);

    // Validates and saves; false (with the reasons shown) when nothing was saved.
    bool apply();
    // The problems the last apply() showed, one per entry.
    QStringList errors() const { return m_errorList; }

public slots:
    // Re-reads the settings file and the autostart entry, dropping unsaved edits.
    void reload();
    // Whether the credential store holds a Cursor key (the caller reads it asynchronously);
    // until told, a stored tuple is taken to mean a stored key.
    void setCursorKeyStored(bool stored);
    // Writing or removing the key failed: say so next to the lane.
    void showCursorKeyError(const QString &message);

public:
    // Asked before Delete all (how many are kept); true deletes. Default: a question dialog.
    void setDeleteSnapshotsConfirmation(std::function<bool(int count)> confirm)
    {
        m_confirmDelete = std::move(confirm);
    }

protected:
    void showEvent(QShowEvent *event) override;

private:
    void buildRunnerGroup(QVBoxLayout *layout);
    void buildCursorGroup(QVBoxLayout *layout);
    void buildPowerGroup(QVBoxLayout *layout);
    void buildNotificationGroup(QVBoxLayout *layout);
    void buildGeneralGroup(QVBoxLayout *layout);
    void clearCursor();
    void measureGitCache();
    void measureSnapshots();
    void deleteSnapshots();
    void markDirty();
    void updateKeyPlaceholder();
    void showErrors(const QStringList &errors);
    runnercore::CursorTuple cursorFromFields() const;
    static QString secondsText(int ms);
    // nullopt for empty; sets *ok false when the text is not a valid timeout.
    static std::optional<int> parseSeconds(const QString &text, bool *ok);

    TraySettings &m_settings;
    Autostart &m_autostart;
    bool m_loading = false;
    bool m_slotsExplicit = false;
    bool m_gitCacheExplicit = false;
    bool m_keyStored = false;
    bool m_clearPending = false;
    bool m_autostartLoaded = false;
    runnercore::CursorTuple m_loadedCursor;
    QStringList m_errorList;

    QComboBox *m_sandbox;
    QSpinBox *m_slots;
    QLineEdit *m_idleTimeout;
    QLineEdit *m_readOnlyPaths;
    QSpinBox *m_gitCache;
    QLabel *m_gitCacheUsage;
    QComboBox *m_keepAwake;
    QSpinBox *m_drainBattery;
    QCheckBox *m_drainMetered;
    QLabel *m_snapshotUsage;
    QPushButton *m_deleteSnapshots;
    QPushButton *m_showSnapshots;
    int m_snapshotCount = 0;
    std::function<bool(int count)> m_confirmDelete;
    QLineEdit *m_profile;
    QLineEdit *m_digest;
    QLineEdit *m_model;
    QLineEdit *m_key;
    QPushButton *m_clear;
    QLabel *m_keyError;
    QList<std::pair<NotificationKind, QCheckBox *>> m_notify;
    QCheckBox *m_startAtLogin;
    QComboBox *m_logLevel;
    QLabel *m_errors;
    QDialogButtonBox *m_buttons;
    QPushButton *m_apply;
};
