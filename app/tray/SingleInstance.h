#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class QLocalServer;
class QLocalSocket;

// One tray per user session. The first instance listens on a local socket in the user's runtime
// directory (owner-only); a later launch hands its arguments (a checkfu://pair link, --endpoint
// --code, …) to it, waits for the acknowledgement and exits. Never a TCP port. A socket file left
// by a crashed instance is detected (nobody answers) and replaced.
//
// Wire: one line of JSON each way, {"arguments":[…]} then {"ok":true}.
class SingleInstance : public QObject
{
    Q_OBJECT
signals:
    // A later launch's arguments (without its program name), on the primary instance.
    void argumentsReceived(const QStringList &arguments);

public:
    enum class Role {
        Primary, // listening: this process is the tray
        Secondary, // the running tray has the arguments: exit
        Failed, // neither: errorString() says why
    };

    static inline const QString DefaultName = QStringLiteral("checkfu-tray");
    // Bounded waits of a secondary launch, which has no window to keep responsive yet.
    static constexpr int ForwardTimeoutMs = 3000;
    static constexpr int LockTimeoutMs = 5000;
    // What a primary reads from one client before giving up on it.
    static constexpr int MaxMessageBytes = 64 * 1024;
    static constexpr int ClientTimeoutMs = 5000;

    // name: the socket's file name in AppPaths::runtimeDir(); tests pass their own.
    explicit SingleInstance(const QString &name = DefaultName, QObject *parent = nullptr);
    ~SingleInstance() override;

    // Becomes the primary, or forwards arguments to the running one. Blocks for at most about
    // ForwardTimeoutMs + LockTimeoutMs: call it at start-up, before the GUI exists.
    Role claim(const QStringList &arguments);
    QString socketPath() const { return m_path; }
    QString errorString() const { return m_error; }
    bool isPrimary() const { return m_server != nullptr; }

private:
    enum class Forward { Delivered, NobodyListening, Failed };

    Forward forward(const QStringList &arguments);
    bool listen();
    void onNewConnection();
    void onClientData(QLocalSocket *client);

    QString m_path;
    QString m_error;
    std::unique_ptr<QLocalServer> m_server;
};
