#include <runnercore/config/RunnerSettings.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace runnercore {

RunnerSettings::RunnerSettings(const QString &file) : m_file(file) { }

void RunnerSettings::load()
{
    QSettings s(m_file, QSettings::IniFormat);
    endpoint = QUrl(s.value(QStringLiteral("endpoint")).toString());
    label = s.value(QStringLiteral("label")).toString();
    sandbox = s.value(QStringLiteral("sandbox")).toString();
    m_loadedSandbox = sandbox;
    credentialStore = s.value(QStringLiteral("credential_store")).toString();
    runnerId = s.value(QStringLiteral("pairing/runner_id")).toString();
    workspaceId = s.value(QStringLiteral("pairing/workspace_id")).toString();
    runnerPool = s.value(QStringLiteral("pairing/runner_pool")).toString();
    ownerPrincipalId = s.value(QStringLiteral("pairing/owner_principal_id")).toString();
    ownerMachineLabel = s.value(QStringLiteral("pairing/owner_machine_label")).toString();
}

bool RunnerSettings::save(QString *error) const
{
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    QSettings s(m_file, QSettings::IniFormat);
    s.setValue(QStringLiteral("endpoint"), endpoint.toString());
    s.setValue(QStringLiteral("label"), label);
    if (sandbox != m_loadedSandbox)
        s.setValue(QStringLiteral("sandbox"), sandbox);
    s.setValue(QStringLiteral("credential_store"), credentialStore);
    s.setValue(QStringLiteral("pairing/runner_id"), runnerId);
    s.setValue(QStringLiteral("pairing/workspace_id"), workspaceId);
    s.setValue(QStringLiteral("pairing/runner_pool"), runnerPool);
    s.setValue(QStringLiteral("pairing/owner_principal_id"), ownerPrincipalId);
    s.setValue(QStringLiteral("pairing/owner_machine_label"), ownerMachineLabel);
    s.sync();
    if (s.status() != QSettings::NoError) {
        if (error)
            *error = QCoreApplication::translate("RunnerSettings", "cannot write the settings file %1").arg(m_file);
        return false;
    }
    return true;
}

void RunnerSettings::clearPairing()
{
    runnerId.clear();
    workspaceId.clear();
    runnerPool.clear();
    ownerPrincipalId.clear();
    ownerMachineLabel.clear();
}

} // namespace runnercore
