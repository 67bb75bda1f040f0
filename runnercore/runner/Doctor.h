#pragma once

#include <runnercore/config/RunnerConfig.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QObject>
#include <QUrl>

#include <memory>

namespace runnercore {

class ApiClient;
class Clock;
class CredentialStore;
class RunnerSettings;
class SandboxSet;
class WorkloadIdentity;

// `doctor` (§8): endpoint and version, clock skew, stored credential, a test exchange (only
// when no running instance holds the credential, else it would be fenced as a clone),
// sandbox tiers, the Cursor tuple, and the live presences the credential may read.
class Doctor : public QObject
{
    Q_OBJECT
signals:
    void finished();

public:
    enum class Status { Ok, Warn, Fail, Skip };
    struct Check
    {
        QString name;
        Status status;
        QString detail;
        QString hint;
    };

    Doctor(const RunnerConfig &config, RunnerSettings &settings, CredentialStore &store, const Clock &clock,
        QObject *parent = nullptr);
    ~Doctor() override;

    // Why the Cursor lane is off although the settings file holds a Cursor tuple (no key in the
    // credential store, an unusable tuple): the "cursor lane" check then warns with it.
    void setCursorNote(const QString &note) { m_cursorNote = note; }

    void run();
    const QList<Check> &checks() const { return m_checks; }
    QJsonArray presences() const { return m_presences; }
    bool hasFailures() const;
    QString toText() const;
    QJsonObject toJson() const;
    // What `doctor --json` prints when the configuration is refused before any check runs: toJson()'s shape,
    // one failed "configuration" check per error, and the errors themselves (field and message).
    static QJsonObject configurationReport(const QList<ConfigError> &errors);
    static QString statusName(Status status);
    // A check's name as a person reads it (toText, the tray's Diagnostics); --json keeps the name.
    static QString checkTitle(const QString &name);

private:
    void add(const QString &name, Status status, const QString &detail, const QString &hint = {});
    void checkEndpoint();
    void checkCredential();
    void exchange(const QString &credential);
    void listPresences();
    void checkLocal();
    void checkLocalThenFinish();
    void done();

    RunnerConfig m_config;
    RunnerSettings &m_settings;
    CredentialStore &m_store;
    const Clock &m_clock;
    QUrl m_endpoint;
    std::unique_ptr<ApiClient> m_api;
    std::unique_ptr<WorkloadIdentity> m_identity;
    std::unique_ptr<SandboxSet> m_sandboxes;
    QList<Check> m_checks;
    QJsonArray m_presences;
    QString m_cursorNote;
};

// Carried to the tray's GUI thread in queued signals.

} // namespace runnercore

Q_DECLARE_METATYPE(runnercore::Doctor::Check)
