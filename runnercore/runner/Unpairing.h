#pragma once

#include <QObject>
#include <QString>

namespace runnercore {

class CredentialStore;
class RunnerSettings;

// Forgets this machine's pairing: removes the bootstrap credential and the pairing's Cursor API key
// from their store, the Cursor tuple and the pairing from the shared settings, unless a running Runner holds the
// credential. Shared by `checkfu-runner unpair` and the tray's Unpair… so both say and do the same.
class Unpairing : public QObject
{
    Q_OBJECT
signals:
    void finished();

public:
    enum class Outcome { Forgotten, NotPaired, InUse, StoreFailed };

    Unpairing(RunnerSettings &settings, CredentialStore &store, QObject *parent = nullptr);

    // Asynchronous; finished() once outcome() and message() are set.
    void run();
    Outcome outcome() const { return m_outcome; }
    bool ok() const { return m_outcome == Outcome::Forgotten || m_outcome == Outcome::NotPaired; }
    // A sentence for a person; never contains the credential.
    QString message() const { return m_message; }

private:
    void forgetCursorLane();
    void finish(Outcome outcome, const QString &message);

    RunnerSettings &m_settings;
    CredentialStore &m_store;
    Outcome m_outcome = Outcome::NotPaired;
    QString m_message;
};

} // namespace runnercore
