#pragma once

#include <runnercore/identity/IdentityGrant.h>

#include <QString>
#include <QUrl>

namespace runnercore {

// What the CLI and the tray share about this machine's pairing (never a secret):
// endpoint, label, tier, credential store and the runner id the credential is filed under.
class RunnerSettings
{
public:
    explicit RunnerSettings(const QString &file);

    void load();
    bool save(QString *error = nullptr) const;
    QString fileName() const { return m_file; }

    bool isPaired() const { return !runnerId.isEmpty() && endpoint.isValid() && !endpoint.isEmpty(); }
    // Forgets the pairing but keeps preferences (endpoint, label, tier, store).
    void clearPairing();

    QUrl endpoint;
    QString label;
    QString sandbox;
    QString credentialStore; // "keychain" | "file"
    QString runnerId;
    QString workspaceId;
    QString runnerPool;
    QString ownerPrincipalId;
    QString ownerMachineLabel;

private:
    QString m_file;
    // The tier as read: saving the pairing must not write back a tier the settings dialog has
    // changed on disk since.
    QString m_loadedSandbox;
};

} // namespace runnercore
