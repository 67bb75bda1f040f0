#include "CapabilityCeiling.h"

#include <QJsonArray>
#include <QStringList>
#include <algorithm>

namespace devplane {

namespace {

QJsonArray intersectList(const QJsonArray &allowed, const QJsonArray &offered)
{
    QJsonArray result;
    for (const QJsonValue &value : offered) {
        if (allowed.contains(value)) {
            result.append(value);
        }
    }
    return result;
}

// minimum_resources rise to the larger bound, maximum_resources fall to the smaller one.
QJsonObject intersectBounds(const QJsonObject &allowed, const QJsonObject &offered, bool takeLarger)
{
    QJsonObject result = offered;
    for (auto it = allowed.begin(); it != allowed.end(); ++it) {
        if (!offered.contains(it.key())) {
            result.insert(it.key(), it.value());
            continue;
        }
        const double a = it.value().toDouble();
        const double b = offered.value(it.key()).toDouble();
        result.insert(it.key(), takeLarger ? std::max(a, b) : std::min(a, b));
    }
    return result;
}

const QStringList &listFields()
{
    static const QStringList fields { QStringLiteral("drivers"), QStringLiteral("launch_kinds"),
        QStringLiteral("tiers"), QStringLiteral("platforms"), QStringLiteral("network_modes"),
        QStringLiteral("retention_modes"), QStringLiteral("mount_kinds"), QStringLiteral("harness_owned_models") };
    return fields;
}

} // namespace

bool CapabilityCeiling::intersectProvider(const QJsonObject &allowed, QJsonObject &provider)
{
    const QJsonValue revision = allowed.value(QStringLiteral("provider_revision"));
    if (revision.isString() && revision != provider.value(QStringLiteral("provider_revision"))) {
        return false; // revisions must match exactly when the enrollment names one
    }
    for (const QString &field : listFields()) {
        if (allowed.value(field).isArray()) {
            provider.insert(field, intersectList(allowed.value(field).toArray(), provider.value(field).toArray()));
        }
    }
    const QJsonValue allowedAssurances = allowed.value(QStringLiteral("runtime_assurances"));
    if (allowedAssurances.isObject()) {
        QJsonObject assurances = provider.value(QStringLiteral("runtime_assurances")).toObject();
        const QJsonObject limits = allowedAssurances.toObject();
        for (auto it = limits.begin(); it != limits.end(); ++it) {
            assurances.insert(it.key(), it.value().toBool() && assurances.value(it.key()).toBool());
        }
        provider.insert(QStringLiteral("runtime_assurances"), assurances);
    }
    const QJsonValue maxMounts = allowed.value(QStringLiteral("max_mounts"));
    if (maxMounts.isDouble()) {
        const QJsonValue offered = provider.value(QStringLiteral("max_mounts"));
        provider.insert(QStringLiteral("max_mounts"),
            offered.isDouble() ? std::min(offered.toDouble(), maxMounts.toDouble()) : maxMounts.toDouble());
    }
    for (const auto &[field, takeLarger] : { std::pair { QStringLiteral("minimum_resources"), true },
             std::pair { QStringLiteral("maximum_resources"), false } }) {
        if (allowed.value(field).isObject()) {
            provider.insert(
                field, intersectBounds(allowed.value(field).toObject(), provider.value(field).toObject(), takeLarger));
        }
    }
    return true;
}

QJsonObject CapabilityCeiling::intersect(
    const QJsonObject &enrollment, const QJsonObject &advertisement, const QString &runnerPool)
{
    QJsonObject ceiling = advertisement;
    // Placement and pool come from the server, never from self-advertisement.
    ceiling.insert(QStringLiteral("placement"), QStringLiteral("byoc"));
    ceiling.insert(QStringLiteral("runner_pool"), runnerPool);

    const QJsonValue allowedProviders = enrollment.value(QStringLiteral("providers"));
    QJsonArray providers;
    for (const QJsonValue &value : advertisement.value(QStringLiteral("providers")).toArray()) {
        QJsonObject provider = value.toObject();
        if (allowedProviders.isArray()) {
            const QJsonArray allowedList = allowedProviders.toArray();
            const auto match = std::find_if(allowedList.begin(), allowedList.end(), [&](const QJsonValue &allowed) {
                return allowed.toObject().value(QStringLiteral("id")) == provider.value(QStringLiteral("id"));
            });
            if (match == allowedList.end() || !intersectProvider((*match).toObject(), provider)) {
                continue;
            }
        }
        providers.append(provider);
    }
    ceiling.insert(QStringLiteral("providers"), providers);

    const QJsonValue allowedProtocols = enrollment.value(QStringLiteral("plane_protocols"));
    if (allowedProtocols.isArray()) {
        ceiling.insert(QStringLiteral("plane_protocols"),
            intersectList(
                allowedProtocols.toArray(), advertisement.value(QStringLiteral("plane_protocols")).toArray()));
    }
    return ceiling;
}

} // namespace devplane
