#include <runnercore/presence/CapabilityAdvertisement.h>

#include <runnercore/base/Platform.h>
#include <runnercore/relay/McpBridgeProgram.h>
#include <runnercore/workspace/GitTool.h>

namespace runnercore {

namespace {
QJsonArray toArray(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

template <typename E> QJsonArray toArray(const QList<E> &values)
{
    QJsonArray array;
    for (const E value : values)
        array.append(wireName(value));
    return array;
}

QJsonObject resources(int cpuMillis, int memoryMib, int diskMib, int maxDurationSeconds)
{
    return QJsonObject { { QStringLiteral("cpu_millis"), cpuMillis }, { QStringLiteral("memory_mib"), memoryMib },
        { QStringLiteral("disk_mib"), diskMib }, { QStringLiteral("max_duration_seconds"), maxDurationSeconds } };
}

// How each run_spec resource is held, by name; a resource not named here is accepted within the
// range but not enforced. Host tiers: per process of the run, through setrlimit
// (HostProcessProvider::resourceLimits); the deadline is the Runner's, over the whole tree.
QJsonObject hostResourceLimits()
{
    return QJsonObject { { QStringLiteral("cpu_millis"), QStringLiteral("process_cpu_time") },
        { QStringLiteral("memory_mib"), QStringLiteral("process_data") },
        { QStringLiteral("disk_mib"), QStringLiteral("process_file_size") },
        { QStringLiteral("max_duration_seconds"), QStringLiteral("run_deadline") } };
}

QJsonObject processProvider(const QString &id, const QString &revision, const QStringList &drivers,
    const QList<NetworkPolicy> &networkModes, bool networkIsolation)
{
    return QJsonObject {
        { QStringLiteral("id"), id },
        { QStringLiteral("provider_revision"), revision },
        { QStringLiteral("drivers"), toArray(drivers) },
        { QStringLiteral("launch_kinds"), QJsonArray { QStringLiteral("process") } },
        { QStringLiteral("tiers"), toArray(QList<SandboxTier> { SandboxTier::HostProcess }) },
        { QStringLiteral("platforms"), QJsonArray { Platform::toJson() } },
        { QStringLiteral("network_modes"), toArray(networkModes) },
        { QStringLiteral("retention_modes"),
            toArray(QList<RetentionMode> { RetentionMode::Durable, RetentionMode::EphemeralZdr }) },
        { QStringLiteral("runtime_assurances"),
            QJsonObject { { QStringLiteral("compute_accounting"), true },
                { QStringLiteral("network_isolation"), networkIsolation }, { QStringLiteral("bounded_start"), true },
                { QStringLiteral("bounded_cancel"), true }, { QStringLiteral("teardown"), true } } },
        { QStringLiteral("mount_kinds"), CapabilityAdvertisement::mountKinds() },
        { QStringLiteral("max_mounts"), 61 },
        // §6.9: workspaces are kept on this machine (workspace/SnapshotStore) and restored from it.
        { QStringLiteral("snapshot_clone"), true },
        { QStringLiteral("snapshot_custody"), QStringLiteral("runner") },
        { QStringLiteral("minimum_resources"), resources(1, 1, 1, 1) },
        { QStringLiteral("maximum_resources"), resources(64000, 262144, 1048576, 86400) },
        { QStringLiteral("resource_limits"), hostResourceLimits() },
    };
}
} // namespace

QJsonArray CapabilityAdvertisement::mountKinds()
{
    // What the spec carries is always written, a snapshot restored from this machine's store (§6.9);
    // git mounts need the git CLI (§6.8).
    QJsonArray kinds { QStringLiteral("uploaded_project"), QStringLiteral("memory"), QStringLiteral("skills"),
        QStringLiteral("snapshot") };
    if (!GitTool::program().isEmpty())
        kinds.insert(1, QStringLiteral("git"));
    return kinds;
}

QJsonObject CapabilityAdvertisement::hostProcessProvider(const QStringList &drivers)
{
    // The host's own network, no isolation: say exactly that (§5).
    return processProvider(QStringLiteral("host-process"), QStringLiteral("checkfu:host-process-provider@1"), drivers,
        { NetworkPolicy::Unrestricted }, false);
}

QJsonObject CapabilityAdvertisement::bubblewrapProvider(const QStringList &drivers)
{
    return processProvider(QStringLiteral("bubblewrap"), QStringLiteral("checkfu:bubblewrap-provider@1"), drivers,
        { NetworkPolicy::None, NetworkPolicy::Unrestricted }, true);
}

QJsonObject CapabilityAdvertisement::dockerProvider(
    const QStringList &drivers, const QList<NetworkPolicy> &networkModes)
{
    QJsonObject entry = processProvider(
        QStringLiteral("docker"), QStringLiteral("checkfu:docker-provider@1"), drivers, networkModes, true);
    entry.insert(QStringLiteral("launch_kinds"), QJsonArray { QStringLiteral("oci") });
    entry.insert(QStringLiteral("tiers"), toArray(QList<SandboxTier> { SandboxTier::Container }));
    QJsonObject assurances = entry.value(QStringLiteral("runtime_assurances")).toObject();
    // CPU time is read from the container's cgroup where the host exposes it; not promised.
    assurances.insert(QStringLiteral("compute_accounting"), false);
    entry.insert(QStringLiteral("runtime_assurances"), assurances);
    // The container's cgroup holds its CPU rate and memory (--cpus, --memory); nothing holds its disk.
    entry.insert(QStringLiteral("resource_limits"),
        QJsonObject { { QStringLiteral("cpu_millis"), QStringLiteral("container_cpu_rate") },
            { QStringLiteral("memory_mib"), QStringLiteral("container_memory") },
            { QStringLiteral("max_duration_seconds"), QStringLiteral("run_deadline") } });
    return entry;
}

QJsonArray CapabilityAdvertisement::planeProtocols()
{
    // §6.10: relayed through checkfu-mcp-bridge; without it the harness could not reach the relay.
    if (McpBridgeProgram::path().isEmpty())
        return {};
    return QJsonArray::fromStringList(McpBridgeProgram::protocols());
}

QJsonObject CapabilityAdvertisement::build(const QString &runnerPool, const QJsonArray &providers)
{
    return QJsonObject {
        { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("runner_pool"), runnerPool.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(runnerPool) },
        { QStringLiteral("providers"), providers },
        { QStringLiteral("plane_protocols"), planeProtocols() },
    };
}

} // namespace runnercore
