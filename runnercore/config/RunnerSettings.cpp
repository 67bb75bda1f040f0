#include <runnercore/config/RunnerSettings.h>

#include <runnercore/config/ConfigKeys.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace runnercore {

namespace {
QString key(SettingsKey k)
{
    return ConfigKeys::key(k);
}
} // namespace

RunnerSettings::RunnerSettings(const QString &file) : m_file(file) { }

void RunnerSettings::load()
{
    QSettings s(m_file, QSettings::IniFormat);
    endpoint = QUrl(s.value(key(SettingsKey::Endpoint)).toString());
    label = s.value(key(SettingsKey::Label)).toString();
    sandbox = s.value(key(SettingsKey::Sandbox)).toString();
    m_loadedSandbox = sandbox;
    credentialStore = s.value(key(SettingsKey::CredentialStore)).toString();
    runnerId = s.value(key(SettingsKey::PairingRunnerId)).toString();
    workspaceId = s.value(key(SettingsKey::PairingWorkspaceId)).toString();
    runnerPool = s.value(key(SettingsKey::PairingRunnerPool)).toString();
    ownerPrincipalId = s.value(key(SettingsKey::PairingOwnerPrincipalId)).toString();
    ownerMachineLabel = s.value(key(SettingsKey::PairingOwnerMachineLabel)).toString();
}

bool RunnerSettings::save(QString *error) const
{
    QDir().mkpath(QFileInfo(m_file).absolutePath());
    QSettings s(m_file, QSettings::IniFormat);
    s.setValue(key(SettingsKey::Endpoint), endpoint.toString());
    s.setValue(key(SettingsKey::Label), label);
    if (sandbox != m_loadedSandbox)
        s.setValue(key(SettingsKey::Sandbox), sandbox);
    s.setValue(key(SettingsKey::CredentialStore), credentialStore);
    s.setValue(key(SettingsKey::PairingRunnerId), runnerId);
    s.setValue(key(SettingsKey::PairingWorkspaceId), workspaceId);
    s.setValue(key(SettingsKey::PairingRunnerPool), runnerPool);
    s.setValue(key(SettingsKey::PairingOwnerPrincipalId), ownerPrincipalId);
    s.setValue(key(SettingsKey::PairingOwnerMachineLabel), ownerMachineLabel);
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
