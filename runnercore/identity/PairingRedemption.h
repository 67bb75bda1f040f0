#pragma once

#include <runnercore/identity/IdentityGrant.h>
#include <runnercore/transport/ApiError.h>

#include <QJsonObject>
#include <QObject>

#include <variant>

namespace runnercore {

class ApiClient;
class PairingCode;

// What a redeemed pairing code yields (§2.1).
struct PairingResult
{
    QString runnerId;
    QString bootstrapCredential;
    QString workspaceId;
    QString runnerPool;
    RunnerOwner owner;
    QJsonObject enrollment;

    static std::variant<PairingResult, QString> parse(const QJsonObject &body);
};

// Redeems a pairing code (POST /v1/runner-pairings/redeem, no Authorization).
class PairingRedemption : public QObject
{
    Q_OBJECT
signals:
    void redeemed(const PairingResult &result);
    void failed(const ApiError &error, const QString &message);
    void connectionTrouble(const ApiError &error, int retryInMs);

public:
    // A person is waiting: a few retries over about a minute, then say what went wrong.
    static constexpr int MaxAttempts = 6;

    PairingRedemption(ApiClient &api, QObject *parent = nullptr);
    void redeem(const PairingCode &code, const QString &machineLabel);

    // A sentence for the person who pasted the code, per error code.
    static QString messageFor(const ApiError &error);

private:
    ApiClient &m_api;
};

} // namespace runnercore
