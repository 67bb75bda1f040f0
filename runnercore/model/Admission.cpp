#include <runnercore/model/Admission.h>

#include <runnercore/model/SettleReason.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QList>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>

namespace runnercore {

namespace {
// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(Admission)
};

// Values from the run spec go into a message shown on the dashboard: bound their length.
QString quoted(const QString &value)
{
    constexpr qsizetype MaxShown = 120;
    const QString shown = value.size() > MaxShown ? value.left(MaxShown) + QChar(0x2026) : value;
    return QLatin1Char('\'') + shown + QLatin1Char('\'');
}

QString listText(const QStringList &values)
{
    return values.isEmpty() ? Messages::tr("none") : values.join(QLatin1String(", "));
}

std::optional<qint64> integerOf(const QJsonValue &value)
{
    if (!value.isDouble())
        return std::nullopt;
    const double d = value.toDouble();
    if (!std::isfinite(d) || std::abs(d) > 9007199254740991.0 || d != std::trunc(d))
        return std::nullopt;
    return static_cast<qint64>(d);
}

QStringList stringsOf(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray()) {
        if (v.isString())
            out.append(v.toString());
    }
    return out;
}

// One provider that could realise the run: what this machine realises now and, when the ceiling
// names the provider, what the enrollment allows of it (nullopt: the ceiling does not restrict it).
struct Candidate
{
    QJsonObject realisable;
    std::optional<QJsonObject> ceiling;

    QString id() const { return realisable.value(QLatin1String("id")).toString(); }

    // A list field intersects element-wise (§5). Missing from the realisable side means we do not
    // offer it; missing from the ceiling means no restriction; a present field of another type in the
    // ceiling allows nothing (fail closed).
    QStringList offered(const char *field) const
    {
        QStringList values = stringsOf(realisable.value(QLatin1String(field)));
        if (ceiling && ceiling->contains(QLatin1String(field))) {
            const QStringList allowed = stringsOf(ceiling->value(QLatin1String(field)));
            values.removeIf([&](const QString &v) { return !allowed.contains(v); });
        }
        return values;
    }

    bool offers(const char *field, const QString &value) const { return offered(field).contains(value); }

    // [max(min), min(max)] of one resource (§5), or nullopt when this machine does not advertise it
    // or the ceiling's bound is unreadable.
    std::optional<std::pair<qint64, qint64>> range(const char *resource) const
    {
        const auto bound = [&](const QJsonObject &side, const char *which) -> std::optional<QJsonValue> {
            const QJsonValue object = side.value(QLatin1String(which));
            if (!object.isObject() || !object.toObject().contains(QLatin1String(resource)))
                return std::nullopt;
            return object.toObject().value(QLatin1String(resource));
        };
        const auto ownMin = bound(realisable, "minimum_resources");
        const auto ownMax = bound(realisable, "maximum_resources");
        if (!ownMin || !ownMax || !integerOf(*ownMin) || !integerOf(*ownMax))
            return std::nullopt;
        qint64 low = *integerOf(*ownMin);
        qint64 high = *integerOf(*ownMax);
        if (ceiling) {
            const QJsonValue minObject = ceiling->value(QLatin1String("minimum_resources"));
            const QJsonValue maxObject = ceiling->value(QLatin1String("maximum_resources"));
            if ((!minObject.isUndefined() && !minObject.isObject())
                || (!maxObject.isUndefined() && !maxObject.isObject()))
                return std::nullopt;
            if (const auto ceilingMin = bound(*ceiling, "minimum_resources")) {
                if (!integerOf(*ceilingMin))
                    return std::nullopt;
                low = std::max(low, *integerOf(*ceilingMin));
            }
            if (const auto ceilingMax = bound(*ceiling, "maximum_resources")) {
                if (!integerOf(*ceilingMax))
                    return std::nullopt;
                high = std::min(high, *integerOf(*ceilingMax));
            }
        }
        if (low > high)
            return std::nullopt;
        return std::make_pair(low, high);
    }

    // max_mounts takes the minimum (§5); not advertised by this machine means none.
    qint64 maxMounts() const
    {
        qint64 limit = integerOf(realisable.value(QLatin1String("max_mounts"))).value_or(0);
        if (ceiling && ceiling->contains(QLatin1String("max_mounts")))
            limit = std::min(limit, integerOf(ceiling->value(QLatin1String("max_mounts"))).value_or(0));
        return limit;
    }

    // §5: snapshot_clone is true only if both say true, snapshot_custody must match ("runner": this
    // machine keeps them); absent means not offered. A ceiling that does not name this provider
    // does not restrict it.
    bool offersSnapshots() const
    {
        const auto offers = [](const QJsonObject &side) {
            return side.value(QLatin1String("snapshot_clone")).toBool()
                && side.value(QLatin1String("snapshot_custody")).toString() == QLatin1String("runner");
        };
        return offers(realisable) && (!ceiling || offers(*ceiling));
    }

    bool ownsModel(const RunSpec &spec) const
    {
        const auto listed = [&](const QJsonValue &entries) {
            const QJsonArray list = entries.toArray();
            return std::any_of(list.begin(), list.end(), [&](const QJsonValue &entry) {
                const QJsonObject o = entry.toObject();
                return o.value(QLatin1String("kind")).toString() == spec.model->kind
                    && o.value(QLatin1String("harness_profile_version")).toString() == spec.profileVersion
                    && o.value(QLatin1String("harness_release_digest")).toString() == *spec.releaseDigest
                    && o.value(QLatin1String("provider")).toString() == spec.model->provider
                    && o.value(QLatin1String("model")).toString() == spec.model->model;
            });
        };
        if (!spec.model || !spec.releaseDigest || !listed(realisable.value(QLatin1String("harness_owned_models"))))
            return false;
        return !ceiling || !ceiling->contains(QLatin1String("harness_owned_models"))
            || listed(ceiling->value(QLatin1String("harness_owned_models")));
    }
};

using Candidates = QList<Candidate>;

QStringList idsOf(const Candidates &candidates)
{
    QStringList ids;
    for (const Candidate &c : candidates)
        ids.append(c.id());
    return ids;
}

// The union over the candidates, first-seen order.
QStringList offeredBy(const Candidates &candidates, const char *field, bool ceilingApplied = true)
{
    QStringList values;
    for (const Candidate &c : candidates) {
        const QStringList own = ceilingApplied ? c.offered(field) : stringsOf(c.realisable.value(QLatin1String(field)));
        for (const QString &v : own) {
            if (!values.contains(v))
                values.append(v);
        }
    }
    return values;
}

Candidates filtered(const Candidates &candidates, const std::function<bool(const Candidate &)> &keep)
{
    Candidates out;
    std::copy_if(candidates.begin(), candidates.end(), std::back_inserter(out), keep);
    return out;
}

AdmissionDecision refuse(SettleReason reason, const QString &message)
{
    AdmissionDecision decision;
    decision.reason = wireName(reason);
    decision.message = message;
    return decision;
}

// "The run asks for network 'none'; this machine offers: unrestricted (providers considered: host-process)."
QString listMessage(const QString &what, const QString &asked, const Candidates &candidates, const char *field)
{
    QString message
        = Messages::tr("The run asks for %1 %2; this machine offers: %3 (providers considered: %4).")
              .arg(what, quoted(asked), listText(offeredBy(candidates, field)), listText(idsOf(candidates)));
    if (offeredBy(candidates, field, false).contains(asked))
        message += QLatin1Char(' ')
            + Messages::tr("This machine could realise it, but its enrollment ceiling does not allow it.");
    return message;
}

const char *const ResourceNames[] = { "cpu_millis", "memory_mib", "disk_mib", "max_duration_seconds" };

qint64 resourceOf(const RunResources &resources, int index)
{
    switch (index) {
    case 0:
        return resources.cpuMillis;
    case 1:
        return resources.memoryMib;
    case 2:
        return resources.diskMib;
    default:
        return resources.maxDurationSeconds;
    }
}

bool resourcesFit(const Candidate &c, const RunResources &asked)
{
    for (int i = 0; i < 4; ++i) {
        const auto range = c.range(ResourceNames[i]);
        const qint64 value = resourceOf(asked, i);
        if (!range || value < range->first || value > range->second)
            return false;
    }
    return true;
}

QString resourcesMessage(const RunResources &asked, const Candidates &candidates)
{
    QStringList askedParts;
    for (int i = 0; i < 4; ++i)
        askedParts.append(QStringLiteral("%1 %2").arg(QLatin1String(ResourceNames[i])).arg(resourceOf(asked, i)));
    QStringList offered;
    for (const Candidate &c : candidates) {
        QStringList ranges;
        for (const char *name : ResourceNames) {
            const auto range = c.range(name);
            ranges.append(range
                    ? QStringLiteral("%1 %2-%3").arg(QLatin1String(name)).arg(range->first).arg(range->second)
                    : Messages::tr("%1 not available").arg(QLatin1String(name)));
        }
        offered.append(QStringLiteral("%1: %2").arg(c.id(), ranges.join(QLatin1String(", "))));
    }
    return Messages::tr("The run asks for %1; this machine allows (within its enrollment ceiling) %2.")
        .arg(askedParts.join(QLatin1String(", ")), offered.join(QLatin1String("; ")));
}

bool mountsFit(const Candidate &c, const QList<RunMount> &mounts)
{
    if (mounts.size() > c.maxMounts())
        return false;
    return std::all_of(
        mounts.begin(), mounts.end(), [&](const RunMount &m) { return c.offers("mount_kinds", m.kind); });
}

QString mountsMessage(const QList<RunMount> &mounts, const Candidates &candidates)
{
    QStringList kinds;
    for (const RunMount &m : mounts)
        kinds.append(quoted(m.kind));
    QStringList limits;
    for (const Candidate &c : candidates)
        limits.append(Messages::tr("%1 takes at most %2").arg(c.id()).arg(c.maxMounts()));
    return Messages::tr("The run asks for %1 mount(s) of kind %2; within its enrollment ceiling this machine offers "
                        "mount kinds: %3 (%4).")
        .arg(mounts.size())
        .arg(listText(kinds), listText(offeredBy(candidates, "mount_kinds")), limits.join(QLatin1String(", ")));
}

// The exact tuple of §8: no other profile, digest, provider or model is ever used instead.
bool tupleMatches(const RunSpec &spec, const std::optional<CursorLane> &cursor)
{
    return cursor && spec.model && spec.releaseDigest && spec.model->kind == QLatin1String("cursor_api_key")
        && spec.model->provider == QLatin1String("cursor") && cursor->profileVersion == spec.profileVersion
        && cursor->releaseDigest == *spec.releaseDigest && cursor->model == spec.model->model;
}

// §6.2: the release digest is the digest of the harness image itself, so the key goes only into a
// container of exactly that image: "name@<digest>" (docker verifies the bytes it pulls against it)
// or the local image id "<digest>". A tag, another digest or a host process never qualifies.
bool imagePinnedTo(const RunSpec &spec, const QString &digest)
{
    if (spec.launchKind != QLatin1String("oci") || digest.isEmpty() || spec.image.count(QLatin1Char('@')) > 1)
        return false;
    const qsizetype at = spec.image.indexOf(QLatin1Char('@'));
    if (at == 0)
        return false;
    return (at < 0 ? spec.image : spec.image.mid(at + 1)) == digest;
}

bool laneMatches(const RunSpec &spec, const std::optional<CursorLane> &cursor)
{
    return tupleMatches(spec, cursor) && imagePinnedTo(spec, cursor->releaseDigest);
}

// Never the API key: only the public parts of the tuple.
QString modelMessage(const RunSpec &spec, const std::optional<CursorLane> &cursor, bool laneOk)
{
    const QString asked
        = Messages::tr("The run asks for model %1 from provider %2 (kind %3) with harness profile %4 and "
                       "release digest %5")
              .arg(quoted(spec.model->model), quoted(spec.model->provider), quoted(spec.model->kind),
                  quoted(spec.profileVersion), spec.releaseDigest ? quoted(*spec.releaseDigest) : Messages::tr("null"));
    if (!cursor)
        return asked + Messages::tr("; this machine has no Cursor lane configured.");
    if (!tupleMatches(spec, cursor))
        return asked
            + Messages::tr(
                "; this machine's Cursor lane is model %1 from provider 'cursor' with harness profile %2 and "
                "release digest %3.")
                  .arg(quoted(cursor->model), quoted(cursor->profileVersion), quoted(cursor->releaseDigest));
    if (!laneOk) {
        const QString launched = spec.launchKind == QLatin1String("oci")
            ? Messages::tr("image %1").arg(quoted(spec.image))
            : Messages::tr("a launch of kind %1, not a container").arg(quoted(spec.launchKind));
        return asked
            + Messages::tr(
                "; the Cursor key goes only into a container of the harness image pinned to that release digest: "
                "launch.image must be <name>@%1 (or the local image id %1), but the run asks for %2.")
                  .arg(cursor->releaseDigest, launched);
    }
    return asked
        + Messages::tr(
            "; this machine's Cursor lane matches, but no enabled sandbox provider allowed by the enrollment "
            "ceiling advertises that harness-owned model.");
}
} // namespace

// Decision order, the first failing step decides the reason:
//  1. the spec did not parse                                   → invalid_run_spec
//  2. no sandbox provider is realisable at all                 → tier_unavailable
//  3. candidates = realisable providers the ceiling also names (by id, and by provider_revision when the
//     ceiling names one); a ceiling without "providers" restricts nothing. An empty set here is reported
//     as tier_unavailable, since the run's tier cannot be met.
//  4. narrow the candidates step by step; the step that empties the set gives the reason:
//     tier → tier_unavailable, network → network_boundary_unavailable, retention → retention_unavailable,
//     launch kind → launch_kind_unsupported, driver → driver_unsupported,
//     resources → resources_outside_ceiling, mounts → mount_unsupported,
//     ZDR with a writable memory or snapshot.on_settle → retention_unavailable,
//     snapshot.on_settle without snapshots in the ceiling → retention_unavailable,
//     a snapshot mount without snapshots in the ceiling → mount_unsupported,
//     a plane_mcp protocol outside plane_protocols (advertised ∩ ceiling) → plane_protocol_unsupported,
//     model (Cursor lane tuple, the image pinned to its release digest, harness_owned_models)
//       → harness_model_mismatch.
//  5. admitted on the first remaining candidate, in the order this machine advertises them.
bool Admission::cursorLaneMatches(const RunSpec &spec, const std::optional<CursorLane> &cursor)
{
    return laneMatches(spec, cursor);
}

AdmissionDecision Admission::check(const std::variant<RunSpec, QString> &parsed, const QJsonObject &ceiling,
    const QJsonObject &realisable, const std::optional<CursorLane> &cursor)
{
    if (const QString *error = std::get_if<QString>(&parsed))
        return refuse(SettleReason::InvalidRunSpec, Messages::tr("The run spec is invalid: %1").arg(*error));
    const RunSpec &spec = std::get<RunSpec>(parsed);

    Candidates realisableProviders;
    for (const QJsonValue &v : realisable.value(QLatin1String("providers")).toArray()) {
        if (v.isObject() && !v.toObject().value(QLatin1String("id")).toString().isEmpty())
            realisableProviders.append(Candidate { v.toObject(), std::nullopt });
    }
    if (realisableProviders.isEmpty())
        return refuse(SettleReason::TierUnavailable,
            Messages::tr("The run asks for tier %1, but no sandbox provider is enabled on this machine.")
                .arg(quoted(spec.tier.text())));

    Candidates candidates;
    const bool ceilingNamesProviders = ceiling.contains(QLatin1String("providers"));
    const QJsonArray ceilingProviders = ceiling.value(QLatin1String("providers")).toArray();
    for (Candidate c : realisableProviders) {
        if (ceilingNamesProviders) {
            const auto match = std::find_if(ceilingProviders.begin(), ceilingProviders.end(),
                [&](const QJsonValue &p) { return p.toObject().value(QLatin1String("id")).toString() == c.id(); });
            if (match == ceilingProviders.end())
                continue;
            c.ceiling = match->toObject();
            // §5: revisions must match exactly when the enrollment names one.
            const QJsonValue revision = c.ceiling->value(QLatin1String("provider_revision"));
            if (!revision.isUndefined() && revision != c.realisable.value(QLatin1String("provider_revision")))
                continue;
        }
        candidates.append(c);
    }
    if (candidates.isEmpty())
        return refuse(SettleReason::TierUnavailable,
            Messages::tr("The run asks for tier %1, but the enrollment ceiling allows none of this machine's sandbox "
                         "providers (%2).")
                .arg(quoted(spec.tier.text()), listText(idsOf(realisableProviders))));

    // A step of the narrowing: keep what satisfies the run, or refuse with what the step would have needed.
    std::optional<AdmissionDecision> refusal;
    const auto narrow = [&](SettleReason reason, const std::function<bool(const Candidate &)> &keep,
                            const std::function<QString()> &message) {
        if (refusal)
            return;
        const Candidates kept = filtered(candidates, keep);
        if (kept.isEmpty())
            refusal = refuse(reason, message());
        else
            candidates = kept;
    };
    const auto listStep = [&](SettleReason reason, const char *field, const QString &what, const QString &asked) {
        narrow(
            reason, [&](const Candidate &c) { return c.offers(field, asked); },
            [&] { return listMessage(what, asked, candidates, field); });
    };

    // Compared by the text the run sent, so a value this Runner does not know is refused by its step.
    listStep(SettleReason::TierUnavailable, "tiers", Messages::tr("tier"), spec.tier.text());
    listStep(SettleReason::NetworkBoundaryUnavailable, "network_modes", Messages::tr("network"), spec.network.text());
    listStep(SettleReason::RetentionUnavailable, "retention_modes", Messages::tr("retention"), spec.retention.text());
    listStep(SettleReason::LaunchKindUnsupported, "launch_kinds", Messages::tr("launch kind"), spec.launchKind);
    listStep(SettleReason::DriverUnsupported, "drivers", Messages::tr("harness driver"), spec.driver);
    narrow(
        SettleReason::ResourcesOutsideCeiling, [&](const Candidate &c) { return resourcesFit(c, spec.resources); },
        [&] { return resourcesMessage(spec.resources, candidates); });
    narrow(
        SettleReason::MountUnsupported, [&](const Candidate &c) { return mountsFit(c, spec.mounts); },
        [&] { return mountsMessage(spec.mounts, candidates); });
    // A writable memory outlives the run: retained content, which a ZDR run may not have (§6.8).
    if (!refusal && spec.isZeroDataRetention()
        && std::any_of(spec.mounts.cbegin(), spec.mounts.cend(), [](const RunMount &m) { return m.writable; }))
        refusal = refuse(SettleReason::RetentionUnavailable,
            Messages::tr("The run keeps zero data (ephemeral_zdr) but asks for a writable memory mount, whose changes "
                         "would outlive it."));
    // §6.9: keeping a workspace is retention, which a zero-data run never has; a ceiling without
    // snapshots neither keeps nor restores one.
    if (!refusal && spec.isZeroDataRetention() && spec.snapshotOnSettle)
        refusal = refuse(SettleReason::RetentionUnavailable,
            Messages::tr("The run keeps zero data (ephemeral_zdr) but asks for its workspace to be kept "
                         "(snapshot.on_settle)."));
    if (spec.snapshotOnSettle)
        narrow(
            SettleReason::RetentionUnavailable, [](const Candidate &c) { return c.offersSnapshots(); },
            [] {
                return Messages::tr("The run asks for its workspace to be kept (snapshot.on_settle); within its "
                                    "enrollment ceiling this machine keeps no snapshots.");
            });
    if (std::any_of(spec.mounts.cbegin(), spec.mounts.cend(),
            [](const RunMount &m) { return m.kind == QLatin1String("snapshot"); }))
        narrow(
            SettleReason::MountUnsupported, [](const Candidate &c) { return c.offersSnapshots(); },
            [] {
                return Messages::tr("The run starts from a snapshot; within its enrollment ceiling this machine "
                                    "restores no snapshots.");
            });
    // §6.10: plane_protocols intersects (top level, for all providers); absent means not offered.
    if (!refusal && !spec.planeMcp.isEmpty()) {
        QStringList offered = stringsOf(realisable.value(QLatin1String("plane_protocols")));
        if (ceiling.contains(QLatin1String("plane_protocols"))) {
            const QStringList allowed = stringsOf(ceiling.value(QLatin1String("plane_protocols")));
            offered.removeIf([&](const QString &p) { return !allowed.contains(p); });
        }
        for (const PlaneMcp &entry : spec.planeMcp) {
            if (!offered.contains(entry.protocol)) {
                refusal = refuse(SettleReason::PlaneProtocolUnsupported,
                    Messages::tr("The run asks for the platform protocol %1 (plane_mcp %2); within its enrollment "
                                 "ceiling this machine relays: %3.")
                        .arg(quoted(entry.protocol), quoted(entry.name), listText(offered)));
                break;
            }
        }
    }
    if (spec.model) {
        const bool laneOk = cursorLaneMatches(spec, cursor);
        narrow(
            SettleReason::HarnessModelMismatch, [&](const Candidate &c) { return laneOk && c.ownsModel(spec); },
            [&] { return modelMessage(spec, cursor, laneOk); });
    }
    if (refusal)
        return *refusal;

    AdmissionDecision decision;
    decision.admitted = true;
    decision.providerId = candidates.first().id();
    return decision;
}

} // namespace runnercore
