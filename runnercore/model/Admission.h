#pragma once

#include <runnercore/config/RunnerConfig.h>
#include <runnercore/model/RunSpec.h>

#include <QJsonObject>
#include <QString>

#include <optional>
#include <variant>

namespace runnercore {

// What the admission check decided about one run.
struct AdmissionDecision
{
    bool admitted = false;
    QString reason; // §6.2 code when refused: tier_unavailable, network_boundary_unavailable, ...
    QString message; // for run.refused: says what was asked and what this machine offers
    QString providerId; // when admitted: the provider that realises the run ("host-process", ...)
};

// The admission check of §6.2: satisfy exactly or refuse with a reason code. Never substitutes.
class Admission
{
public:
    // The exact Cursor lane tuple of §8 (profile version, release digest, provider cursor, model), and
    // (§6.2) an oci launch whose image is pinned to exactly that release digest: only then the key.
    static bool cursorLaneMatches(const RunSpec &spec, const std::optional<CursorLane> &cursor);
    // spec: the parsed run spec, or the parse error (→ invalid_run_spec).
    // ceiling: the admitted ceiling from the last identity grant (§5 shape; a missing field = no restriction).
    // realisable: this Runner's advertisement now (what it can realise at this moment).
    // cursor: the configured Cursor lane, if any (harness_model_mismatch when the run needs another).
    static AdmissionDecision check(const std::variant<RunSpec, QString> &spec, const QJsonObject &ceiling,
        const QJsonObject &realisable, const std::optional<CursorLane> &cursor);
};

} // namespace runnercore
