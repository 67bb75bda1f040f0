#include <runnercore/identity/PairingRedemption.h>

#include <runnercore/base/Platform.h>
#include <runnercore/identity/PairingCode.h>
#include <runnercore/logging/Logging.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/JsonReader.h>

#include <QCoreApplication>

namespace runnercore {

namespace {

const HeldLogger logger("pairing");

} // namespace

std::variant<PairingResult, QString> PairingResult::parse(const QJsonObject &body)
{
    JsonReader r(body);
    PairingResult p;
    p.runnerId = r.id("runner_id", "runner_");
    p.bootstrapCredential = r.string("bootstrap_credential");
    p.workspaceId = r.id("workspace_id", "ws_");
    p.runnerPool = r.id("runner_pool", "rpool_");
    JsonReader o = r.child(r.object("owner"), "owner");
    p.owner.principalId = o.id("principal_id", "prin_");
    p.owner.machineLabel = o.string("machine_label");
    p.enrollment = r.object("enrollment");
    if (r.ok() && p.bootstrapCredential.size() < 16)
        r.fail("bootstrap_credential",
            QCoreApplication::translate("PairingRedemption", "is too short to be a credential"));
    if (!r.ok())
        return r.error();
    return p;
}

PairingRedemption::PairingRedemption(ApiClient &api, QObject *parent) : QObject(parent), m_api(api) { }

QString PairingRedemption::messageFor(const ApiError &error)
{
    if (error.is(ErrorCode::PairingNotFound))
        return QCoreApplication::translate("PairingRedemption",
            "This pairing code does not exist. Check it for typos, or ask your "
            "administrator for a new one.");
    if (error.is(ErrorCode::PairingAlreadyRedeemed))
        return QCoreApplication::translate("PairingRedemption",
            "This pairing code has already been used. Codes work once; ask your "
            "administrator for a new one.");
    if (error.is(ErrorCode::PairingExpired))
        return QCoreApplication::translate("PairingRedemption",
            "This pairing code has expired. Codes last only a few minutes; ask your "
            "administrator for a new one.");
    if (error.is(ErrorCode::InvalidField))
        return QCoreApplication::translate(
            "PairingRedemption", "The control plane did not accept the pairing request: %1")
            .arg(error.message);
    if (error.kind == ApiError::Kind::Network)
        return QCoreApplication::translate("PairingRedemption",
            "Could not reach the control plane to redeem the code (%1). Check the "
            "endpoint and your network, then try again; the code was not used.")
            .arg(error.message);
    return QCoreApplication::translate("PairingRedemption", "Pairing failed: %1").arg(error.describe());
}

void PairingRedemption::redeem(const PairingCode &code, const QString &machineLabel)
{
    ApiRequest req;
    req.method = "POST";
    req.path = QStringLiteral("/v1/runner-pairings/redeem");
    req.body = QJsonObject { { QStringLiteral("code"), code.normalized() },
        { QStringLiteral("machine_label"), machineLabel }, { QStringLiteral("platform"), Platform::toJson() },
        { QStringLiteral("runner_version"), Platform::runnerVersion() } };
    req.retry = true;
    req.maxAttempts = MaxAttempts;
    logger->info("redeeming pairing code {} as '{}'", code.redacted(), machineLabel);
    ApiCall *call = m_api.send(std::move(req));
    connect(call, &ApiCall::attemptFailed, this, &PairingRedemption::connectionTrouble);
    connect(call, &ApiCall::finished, this, [this](const ApiResponse &r) {
        if (!r.ok()) {
            const QString message = messageFor(r.error);
            logger->error("pairing failed: {}", r.error.describe());
            emit failed(r.error, message);
            return;
        }
        auto parsed = PairingResult::parse(r.body);
        if (auto *error = std::get_if<QString>(&parsed)) {
            const ApiError e = ApiError::protocol(*error);
            emit failed(e, messageFor(e));
            return;
        }
        const PairingResult result = std::get<PairingResult>(parsed);
        Logging::masker().addSecret(result.bootstrapCredential);
        logger->info("paired as runner {} owned by {} ({})", result.runnerId, result.owner.principalId,
            result.owner.machineLabel);
        emit redeemed(result);
    });
}

} // namespace runnercore
