// A claim answer (§6.1): the claim envelope, the run spec inside it, then the admission check (§6.2)
// of what parsed against the ceiling the input carries (key "ceiling", which a claim does not have)
// or a fixed one. A bare run spec is parsed too, under small limits so their own paths are reached.
#include "FuzzSupport.h"
#include <runnercore/model/Admission.h>
#include <runnercore/model/RunSpec.h>

#include <QJsonArray>

using namespace runnercore;

namespace {

QJsonObject advertisement()
{
    static const QJsonObject ad = QJsonDocument::fromJson(R"({ "placement": "byoc", "runner_pool": null,
      "providers": [ { "id": "host-process", "provider_revision": "checkfu:host-process-provider@1",
        "drivers": ["checkfu:acp-v1@1", "checkfu:oneshot-v1@1"], "launch_kinds": ["process"],
        "tiers": ["host_process"], "platforms": [ { "os": "linux", "architecture": "amd64" } ],
        "network_modes": ["unrestricted"], "retention_modes": ["durable", "ephemeral_zdr"],
        "mount_kinds": ["uploaded_project"], "max_mounts": 61,
        "minimum_resources": { "cpu_millis": 1, "memory_mib": 1, "disk_mib": 1, "max_duration_seconds": 1 },
        "maximum_resources": { "cpu_millis": 64000, "memory_mib": 262144, "disk_mib": 1048576,
                               "max_duration_seconds": 86400 } } ] })")
                                      .object();
    return ad;
}

// What a parsed spec promises the code that writes files and starts processes.
void checkSpec(const RunSpec &spec)
{
    FuzzSupport::require(!spec.argv.isEmpty() && !spec.argv.first().isEmpty(), "argv[0] is empty");
    for (auto it = spec.env.cbegin(); it != spec.env.cend(); ++it)
        FuzzSupport::require(!it.key().isEmpty() && !it.key().contains(u'=') && !it.key().contains(QChar(0))
                && !it.value().contains(QChar(0)),
            "an environment entry that cannot be passed on");
    for (const RunMount &mount : spec.mounts) {
        FuzzSupport::require(mount.target.startsWith(u'/'), "a relative mount target");
        for (const RunFile &file : mount.files) {
            FuzzSupport::require(!file.path.isEmpty() && !file.path.startsWith(u'/'), "an absolute file path");
            for (const QString &segment : file.path.split(u'/'))
                FuzzSupport::require(
                    segment != QLatin1String("..") && segment != QLatin1String(".") && !segment.isEmpty(),
                    "a file path that can leave its mount");
        }
    }
    (void)spec.promptText();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const auto body = FuzzSupport::jsonObject(data, size);
    if (!body)
        return 0;
    const auto claim = RunClaim::parse(*body);
    if (const auto *c = std::get_if<RunClaim>(&claim)) {
        FuzzSupport::require(c->leaseTtlSeconds >= 1, "a lease TTL below 1 s");
        if (const auto *spec = std::get_if<RunSpec>(&c->spec))
            checkSpec(*spec);
        const QJsonValue ceiling = body->value(QLatin1String("ceiling"));
        const CursorLane lane { QStringLiteral("hprof_0123456789abcdef0123456789abcdef@1"),
            QStringLiteral("sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"),
            QStringLiteral("cursor-auto"), QStringLiteral("fuzz-cursor-key") };
        const AdmissionDecision decision = Admission::check(
            c->spec, ceiling.isObject() ? ceiling.toObject() : advertisement(), advertisement(), lane);
        FuzzSupport::require(decision.admitted || !decision.reason.isEmpty(), "a refusal without a reason code");
    }
    const RunSpecLimits small { 4096, 8, 64 };
    if (const auto spec = RunSpec::parse(*body, small); const auto *parsed = std::get_if<RunSpec>(&spec))
        checkSpec(*parsed);
    return 0;
}
