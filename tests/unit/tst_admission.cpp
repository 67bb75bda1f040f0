// The admission check (§6.2) against a realistic host-process advertisement: every reason code, the
// decision order, an enrollment ceiling narrower than what the machine realises, resource edges, and
// the Cursor lane's exact tuple and its image pinned to the release digest. Messages never carry env
// values, prompt text or the API key.
#include <runnercore/model/Admission.h>
#include <runnercore/presence/CapabilityAdvertisement.h>

#include <QTest>

using namespace runnercore;

namespace {
const QString Hex = QStringLiteral("0123456789abcdef0123456789abcdef");
const QString Profile = QStringLiteral("hprof_") + Hex + QStringLiteral("@1");
const QString Digest = QStringLiteral("sha256:") + Hex + Hex;
const QString OtherProfile = QStringLiteral("hprof_") + Hex + QStringLiteral("@2");
const QString OtherDigest = QStringLiteral("sha256:") + QString(64, QLatin1Char('f'));
const QString Oneshot = QStringLiteral("checkfu:oneshot-v1@1");
const QString ApiKey = QStringLiteral("key_SECRET_cursor_api_key_1234");
const QString EnvSecret = QStringLiteral("env_value_SECRET_5678");
const QString PromptSecret = QStringLiteral("prompt text SECRET 9012");

RunSpec baseSpec()
{
    RunSpec s;
    s.principalId = QStringLiteral("prin_") + Hex;
    s.title = QStringLiteral("Fix flaky test");
    s.environmentId = QStringLiteral("env_") + Hex;
    s.tier = SandboxTier::HostProcess;
    s.network = NetworkPolicy::Unrestricted;
    s.retention = RetentionMode::Durable;
    s.resources = RunResources { 2000, 4096, 10240, 3600 };
    s.driver = Oneshot;
    s.profileVersion = Profile;
    s.releaseDigest = Digest;
    s.launchKind = QStringLiteral("process");
    s.argv = { QStringLiteral("/bin/cat") };
    s.env = { { QStringLiteral("API_TOKEN"), EnvSecret } };
    s.mounts = { RunMount { QStringLiteral("uploaded_project"), QStringLiteral("/workspace"), {} } };
    s.prompt = QJsonArray { QJsonObject {
        { QStringLiteral("type"), QStringLiteral("text") }, { QStringLiteral("text"), PromptSecret } } };
    return s;
}

RunSpec modelSpec()
{
    RunSpec s = baseSpec();
    s.model = RunModel { QStringLiteral("cursor_api_key"), QStringLiteral("cursor"), QStringLiteral("cursor-auto") };
    return s;
}

// The Cursor lane's run as §6.2 wants it: a container of the harness image pinned to the release digest.
const QString PinnedImage = QStringLiteral("registry.example/cursor-harness@") + Digest;

RunSpec cursorSpec()
{
    RunSpec s = modelSpec();
    s.tier = SandboxTier::Container;
    s.network = NetworkPolicy::None;
    s.launchKind = QStringLiteral("oci");
    s.image = PinnedImage;
    return s;
}

CursorLane lane()
{
    return CursorLane { Profile, Digest, QStringLiteral("cursor-auto"), ApiKey };
}

QJsonObject ownedModel(const QString &profile = Profile, const QString &digest = Digest,
    const QString &provider = QStringLiteral("cursor"), const QString &model = QStringLiteral("cursor-auto"))
{
    return QJsonObject { { QStringLiteral("kind"), QStringLiteral("cursor_api_key") },
        { QStringLiteral("harness_profile_version"), profile }, { QStringLiteral("harness_release_digest"), digest },
        { QStringLiteral("provider"), provider }, { QStringLiteral("model"), model } };
}

QJsonObject hostProvider()
{
    return CapabilityAdvertisement::hostProcessProvider({ Oneshot });
}

QJsonObject dockerProvider()
{
    return CapabilityAdvertisement::dockerProvider({ Oneshot }, { NetworkPolicy::None });
}

QJsonObject advertisement(const QJsonArray &providers = { hostProvider() })
{
    return CapabilityAdvertisement::build(QStringLiteral("rpool_") + Hex, providers);
}

QJsonObject withModels(QJsonObject provider, const QJsonArray &models)
{
    provider[QStringLiteral("harness_owned_models")] = models;
    return provider;
}

// The §5 shape with one restricted host-process provider.
QJsonObject ceilingWith(const QJsonObject &hostRestrictions)
{
    QJsonObject provider = hostRestrictions;
    provider[QStringLiteral("id")] = QStringLiteral("host-process");
    return QJsonObject { { QStringLiteral("placement"), QStringLiteral("byoc") },
        { QStringLiteral("providers"), QJsonArray { provider } } };
}

void setResource(RunResources &r, const QString &name, qint64 value)
{
    if (name == QLatin1String("cpu_millis"))
        r.cpuMillis = value;
    else if (name == QLatin1String("memory_mib"))
        r.memoryMib = value;
    else if (name == QLatin1String("disk_mib"))
        r.diskMib = value;
    else
        r.maxDurationSeconds = value;
}

void verifyNoSecrets(const AdmissionDecision &d)
{
    QVERIFY2(!d.message.contains(ApiKey), qPrintable(d.message));
    QVERIFY2(!d.message.contains(EnvSecret), qPrintable(d.message));
    QVERIFY2(!d.message.contains(PromptSecret), qPrintable(d.message));
}

QString describe(const AdmissionDecision &d)
{
    return QStringLiteral("admitted=%1 reason=%2 provider=%3 message=%4")
        .arg(int(d.admitted))
        .arg(d.reason, d.providerId, d.message);
}
} // namespace

class TestAdmission : public QObject
{
    Q_OBJECT

private slots:
    void admitsWhatThisMachineRealises()
    {
        const auto d = Admission::check(baseSpec(), QJsonObject {}, advertisement(), std::nullopt);
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.providerId, QStringLiteral("host-process"));
        QVERIFY(d.reason.isEmpty());

        // A ceiling naming the provider without restricting it, and the full advertisement as the ceiling.
        QVERIFY(Admission::check(baseSpec(), ceilingWith({}), advertisement(), std::nullopt).admitted);
        QVERIFY(Admission::check(baseSpec(), advertisement(), advertisement(), std::nullopt).admitted);
        // No mounts at all, zero-data retention.
        RunSpec s = baseSpec();
        s.mounts.clear();
        s.retention = RetentionMode::EphemeralZdr;
        QVERIFY(Admission::check(s, QJsonObject {}, advertisement(), std::nullopt).admitted);
    }

    void picksTheProviderThatFits()
    {
        const QJsonObject bwrap = CapabilityAdvertisement::bubblewrapProvider({ Oneshot });
        const QJsonObject ad = advertisement({ hostProvider(), bwrap });
        RunSpec s = baseSpec();
        auto d = Admission::check(s, QJsonObject {}, ad, std::nullopt);
        QCOMPARE(d.providerId, QStringLiteral("host-process")); // first advertised wins
        s.network = NetworkPolicy::None; // only bubblewrap isolates the network
        d = Admission::check(s, QJsonObject {}, ad, std::nullopt);
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.providerId, QStringLiteral("bubblewrap"));
        // The enrollment admits only host-process: no weaker boundary is substituted.
        d = Admission::check(s, ceilingWith({}), ad, std::nullopt);
        QCOMPARE(d.reason, QStringLiteral("network_boundary_unavailable"));
    }

    void invalidSpec()
    {
        const auto d = Admission::check(
            QStringLiteral("field 'run_spec.title' is missing"), QJsonObject {}, advertisement(), std::nullopt);
        QVERIFY(!d.admitted);
        QCOMPARE(d.reason, QStringLiteral("invalid_run_spec"));
        QVERIFY(d.message.contains(QLatin1String("run_spec.title")));
    }

    void noProviderEnabled()
    {
        for (const QJsonObject &ad : { advertisement({}), QJsonObject {} }) {
            const auto d = Admission::check(baseSpec(), QJsonObject {}, ad, std::nullopt);
            QCOMPARE(d.reason, QStringLiteral("tier_unavailable"));
            QVERIFY2(d.message.contains(QLatin1String("no sandbox provider is enabled")), qPrintable(d.message));
        }
    }

    void reasons_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("reason");
        QTest::newRow("container tier") << "tier"
                                        << "container"
                                        << "tier_unavailable";
        QTest::newRow("unknown tier") << "tier"
                                      << "vm"
                                      << "tier_unavailable";
        QTest::newRow("no network") << "network"
                                    << "none"
                                    << "network_boundary_unavailable";
        QTest::newRow("unknown network") << "network"
                                         << "allowlist"
                                         << "network_boundary_unavailable";
        QTest::newRow("unknown retention") << "retention"
                                           << "forever"
                                           << "retention_unavailable";
        QTest::newRow("oci launch") << "launch_kind"
                                    << "oci"
                                    << "launch_kind_unsupported";
        QTest::newRow("unknown launch") << "launch_kind"
                                        << "wasm"
                                        << "launch_kind_unsupported";
        QTest::newRow("acp driver") << "driver"
                                    << "checkfu:acp-v1@1"
                                    << "driver_unsupported";
        QTest::newRow("unknown driver") << "driver"
                                        << "acme:agent@7"
                                        << "driver_unsupported";
        QTest::newRow("too much cpu") << "cpu_millis"
                                      << "64001"
                                      << "resources_outside_ceiling";
        QTest::newRow("unknown mount kind") << "mount_kind"
                                            << "package" // not a kind of this version
                                            << "mount_unsupported";
        QTest::newRow("62 mounts") << "mount_count"
                                   << "62"
                                   << "mount_unsupported";
        QTest::newRow("no lane") << "model"
                                 << ""
                                 << "harness_model_mismatch";
    }

    void reasons()
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        QFETCH(QString, reason);
        RunSpec s = baseSpec();
        if (field == QLatin1String("tier"))
            s.tier = WireValue<SandboxTier>::fromWire(value);
        else if (field == QLatin1String("network"))
            s.network = WireValue<NetworkPolicy>::fromWire(value);
        else if (field == QLatin1String("retention"))
            s.retention = WireValue<RetentionMode>::fromWire(value);
        else if (field == QLatin1String("launch_kind"))
            s.launchKind = value;
        else if (field == QLatin1String("driver"))
            s.driver = value;
        else if (field == QLatin1String("cpu_millis"))
            s.resources.cpuMillis = value.toLongLong();
        else if (field == QLatin1String("mount_kind"))
            s.mounts.append(RunMount { value, QStringLiteral("/repo"), {} });
        else if (field == QLatin1String("mount_count"))
            s.mounts = QList<RunMount>(value.toInt(), s.mounts.first());
        else if (field == QLatin1String("model"))
            s = modelSpec();
        const auto d = Admission::check(s, QJsonObject {}, advertisement(), std::nullopt);
        QVERIFY2(!d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.reason, reason);
        QVERIFY(d.providerId.isEmpty());
        QVERIFY(!d.message.isEmpty());
        // The message says what was asked.
        if (field != QLatin1String("mount_count") && field != QLatin1String("model"))
            QVERIFY2(d.message.contains(value), qPrintable(d.message));
        verifyNoSecrets(d);
    }

    void messagesSayWhatIsOffered()
    {
        RunSpec s = baseSpec();
        s.tier = SandboxTier::Container;
        auto d = Admission::check(s, QJsonObject {}, advertisement(), std::nullopt);
        QVERIFY2(d.message.contains(QLatin1String("'container'")) && d.message.contains(QLatin1String("host_process"))
                && d.message.contains(QLatin1String("host-process")),
            qPrintable(d.message));
        s = baseSpec();
        s.resources.memoryMib = 300000;
        d = Admission::check(s, QJsonObject {}, advertisement(), std::nullopt);
        QVERIFY2(d.message.contains(QLatin1String("memory_mib 300000"))
                && d.message.contains(QLatin1String("memory_mib 1-262144")),
            qPrintable(d.message));
        // A huge value from the spec is shortened, not echoed whole.
        s = baseSpec();
        s.driver = QString(10000, QLatin1Char('d'));
        d = Admission::check(s, QJsonObject {}, advertisement(), std::nullopt);
        QCOMPARE(d.reason, QStringLiteral("driver_unsupported"));
        QVERIFY(d.message.size() < 1000);
    }

    // The first step that empties the candidate set decides.
    void decisionOrder()
    {
        RunSpec s = modelSpec();
        s.tier = SandboxTier::Container;
        s.network = NetworkPolicy::None;
        s.retention = WireValue<RetentionMode>::fromWire(QStringLiteral("forever"));
        s.launchKind = QStringLiteral("oci");
        s.driver = QStringLiteral("x");
        s.resources.cpuMillis = 0;
        s.mounts.append(RunMount { QStringLiteral("package"), QStringLiteral("/r"), {} });
        const QStringList order { QStringLiteral("tier_unavailable"), QStringLiteral("network_boundary_unavailable"),
            QStringLiteral("retention_unavailable"), QStringLiteral("launch_kind_unsupported"),
            QStringLiteral("driver_unsupported"), QStringLiteral("resources_outside_ceiling"),
            QStringLiteral("mount_unsupported"), QStringLiteral("harness_model_mismatch") };
        const RunSpec good = baseSpec();
        for (const QString &expected : order) {
            const auto d = Admission::check(s, QJsonObject {}, advertisement(), std::nullopt);
            QCOMPARE(d.reason, expected);
            // Repair the field that was refused; the next one must surface.
            if (expected == order[0])
                s.tier = good.tier;
            else if (expected == order[1])
                s.network = good.network;
            else if (expected == order[2])
                s.retention = good.retention;
            else if (expected == order[3])
                s.launchKind = good.launchKind;
            else if (expected == order[4])
                s.driver = good.driver;
            else if (expected == order[5])
                s.resources = good.resources;
            else if (expected == order[6])
                s.mounts = good.mounts;
        }
        // Everything repaired, in the container the lane's key may go to: admitted.
        const RunSpec cursor = cursorSpec();
        s.tier = cursor.tier;
        s.network = cursor.network;
        s.launchKind = cursor.launchKind;
        s.image = cursor.image;
        QVERIFY(Admission::check(
            s, QJsonObject {}, advertisement({ withModels(dockerProvider(), { ownedModel() }) }), lane())
                    .admitted);
        // A parse error comes before everything, even with no provider at all.
        QCOMPARE(Admission::check(QStringLiteral("bad"), QJsonObject {}, QJsonObject {}, std::nullopt).reason,
            QStringLiteral("invalid_run_spec"));
    }

    void enrollmentCeilingRestricts_data()
    {
        QTest::addColumn<QJsonObject>("ceiling");
        QTest::addColumn<QString>("reason");
        const auto list = [](const char *value) { return QJsonArray { QLatin1String(value) }; };
        QTest::newRow("container only") << ceilingWith({ { QStringLiteral("tiers"), list("container") } })
                                        << "tier_unavailable";
        QTest::newRow("no tiers") << ceilingWith({ { QStringLiteral("tiers"), QJsonArray {} } }) << "tier_unavailable";
        QTest::newRow("tiers of the wrong type")
            << ceilingWith({ { QStringLiteral("tiers"), QStringLiteral("host_process") } }) << "tier_unavailable";
        QTest::newRow("another provider") << QJsonObject { { QStringLiteral("providers"),
            QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("docker") } } } } }
                                          << "tier_unavailable";
        QTest::newRow("no providers") << QJsonObject { { QStringLiteral("providers"), QJsonArray {} } }
                                      << "tier_unavailable";
        QTest::newRow("other revision") << ceilingWith(
            { { QStringLiteral("provider_revision"), QStringLiteral("checkfu:host-process-provider@2") } })
                                        << "tier_unavailable";
        QTest::newRow("network none only")
            << ceilingWith({ { QStringLiteral("network_modes"), list("none") } }) << "network_boundary_unavailable";
        QTest::newRow("zdr only") << ceilingWith({ { QStringLiteral("retention_modes"), list("ephemeral_zdr") } })
                                  << "retention_unavailable";
        QTest::newRow("oci only") << ceilingWith({ { QStringLiteral("launch_kinds"), list("oci") } })
                                  << "launch_kind_unsupported";
        QTest::newRow("acp only") << ceilingWith({ { QStringLiteral("drivers"), list("checkfu:acp-v1@1") } })
                                  << "driver_unsupported";
        QTest::newRow("small cpu") << ceilingWith(
            { { QStringLiteral("maximum_resources"), QJsonObject { { QStringLiteral("cpu_millis"), 1000 } } } })
                                   << "resources_outside_ceiling";
        QTest::newRow("git mounts only") << ceilingWith({ { QStringLiteral("mount_kinds"), list("git") } })
                                         << "mount_unsupported";
        QTest::newRow("no mounts") << ceilingWith({ { QStringLiteral("max_mounts"), 0 } }) << "mount_unsupported";
    }

    // Self-advertisement is never authority: what we could realise is cut down to what the enrollment admits.
    void enrollmentCeilingRestricts()
    {
        QFETCH(QJsonObject, ceiling);
        QFETCH(QString, reason);
        // Without the ceiling this run would be admitted.
        QVERIFY(Admission::check(baseSpec(), QJsonObject {}, advertisement(), std::nullopt).admitted);
        const auto d = Admission::check(baseSpec(), ceiling, advertisement(), std::nullopt);
        QVERIFY2(!d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.reason, reason);
        QVERIFY2(d.message.contains(QLatin1String("ceiling")), qPrintable(d.message));
    }

    // §6.10: plane_protocols intersects, advertisement and ceiling; outside it → plane_protocol_unsupported.
    void planeProtocols()
    {
        RunSpec s = baseSpec();
        s.planeMcp = { PlaneMcp { QStringLiteral("platform-mcp-v1"), QStringLiteral("checkfu") } };
        QJsonObject ad = advertisement();
        ad[QStringLiteral("plane_protocols")]
            = QJsonArray { QStringLiteral("platform-mcp-v1"), QStringLiteral("platform-control-mcp-v2") };
        const auto admitted = Admission::check(s, QJsonObject {}, ad, std::nullopt);
        QVERIFY2(admitted.admitted, qPrintable(describe(admitted)));
        QVERIFY(Admission::check(s, ad, ad, std::nullopt).admitted);

        const QJsonObject controlOnly { { QStringLiteral("plane_protocols"),
            QJsonArray { QStringLiteral("platform-control-mcp-v2") } } };
        auto d = Admission::check(s, controlOnly, ad, std::nullopt);
        QVERIFY2(!d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.reason, QStringLiteral("plane_protocol_unsupported"));
        QVERIFY2(d.message.contains(QLatin1String("platform-mcp-v1"))
                && d.message.contains(QLatin1String("platform-control-mcp-v2")),
            qPrintable(d.message));

        QJsonObject none = ad;
        none.remove(QStringLiteral("plane_protocols")); // absent: not offered (§5)
        QCOMPARE(Admission::check(s, QJsonObject {}, none, std::nullopt).reason,
            QStringLiteral("plane_protocol_unsupported"));
        s.planeMcp.append(PlaneMcp { QStringLiteral("platform-mcp-v9"), QStringLiteral("other") });
        QCOMPARE(
            Admission::check(s, QJsonObject {}, ad, std::nullopt).reason, QStringLiteral("plane_protocol_unsupported"));
        verifyNoSecrets(d);
    }

    void matchingRevisionAndRestrictionsAdmit()
    {
        const QJsonObject ceiling = ceilingWith({
            { QStringLiteral("provider_revision"), QStringLiteral("checkfu:host-process-provider@1") },
            { QStringLiteral("tiers"), QJsonArray { QStringLiteral("container"), QStringLiteral("host_process") } },
            { QStringLiteral("drivers"), QJsonArray { Oneshot } },
            { QStringLiteral("max_mounts"), 1 },
        });
        const auto d = Admission::check(baseSpec(), ceiling, advertisement(), std::nullopt);
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.providerId, QStringLiteral("host-process"));
    }

    void resourceEdges_data()
    {
        QTest::addColumn<QString>("resource");
        QTest::addColumn<qint64>("value");
        QTest::addColumn<QJsonObject>("ceiling");
        QTest::addColumn<bool>("admitted");
        const QList<std::pair<QString, qint64>> maxima { { QStringLiteral("cpu_millis"), 64000 },
            { QStringLiteral("memory_mib"), 262144 }, { QStringLiteral("disk_mib"), 1048576 },
            { QStringLiteral("max_duration_seconds"), 86400 } };
        for (const auto &[name, max] : maxima) {
            const QByteArray n = name.toLatin1();
            QTest::newRow((n + " 0").constData()) << name << qint64(0) << QJsonObject {} << false;
            QTest::newRow((n + " min").constData()) << name << qint64(1) << QJsonObject {} << true;
            QTest::newRow((n + " max").constData()) << name << max << QJsonObject {} << true;
            QTest::newRow((n + " max+1").constData()) << name << max + 1 << QJsonObject {} << false;
            // The ceiling narrows the range: [max(min), min(max)].
            const QJsonObject narrowed = ceilingWith({
                { QStringLiteral("minimum_resources"), QJsonObject { { name, 10 } } },
                { QStringLiteral("maximum_resources"), QJsonObject { { name, 20 } } },
            });
            QTest::newRow((n + " ceiling min-1").constData()) << name << qint64(9) << narrowed << false;
            QTest::newRow((n + " ceiling min").constData()) << name << qint64(10) << narrowed << true;
            QTest::newRow((n + " ceiling max").constData()) << name << qint64(20) << narrowed << true;
            QTest::newRow((n + " ceiling max+1").constData()) << name << qint64(21) << narrowed << false;
            // A ceiling wider than the machine does not widen it.
            const QJsonObject wide = ceilingWith({
                { QStringLiteral("minimum_resources"), QJsonObject { { name, 0 } } },
                { QStringLiteral("maximum_resources"), QJsonObject { { name, max * 2 } } },
            });
            QTest::newRow((n + " wide ceiling 0").constData()) << name << qint64(0) << wide << false;
            QTest::newRow((n + " wide ceiling max+1").constData()) << name << max + 1 << wide << false;
        }
        // Ranges that do not overlap admit nothing.
        QTest::newRow("disjoint") << QStringLiteral("cpu_millis") << qint64(2000)
                                  << ceilingWith({ { QStringLiteral("minimum_resources"),
                                         QJsonObject { { QStringLiteral("cpu_millis"), 70000 } } } })
                                  << false;
        QTest::newRow("unreadable bound")
            << QStringLiteral("cpu_millis") << qint64(2000)
            << ceilingWith({ { QStringLiteral("maximum_resources"),
                   QJsonObject { { QStringLiteral("cpu_millis"), QStringLiteral("9") } } } })
            << false;
    }

    void resourceEdges()
    {
        QFETCH(QString, resource);
        QFETCH(qint64, value);
        QFETCH(QJsonObject, ceiling);
        QFETCH(bool, admitted);
        RunSpec s = baseSpec();
        s.resources = RunResources { 10, 10, 10, 10 };
        setResource(s.resources, resource, value);
        const auto d = Admission::check(s, ceiling, advertisement(), std::nullopt);
        QCOMPARE(d.admitted, admitted);
        if (!admitted)
            QCOMPARE(d.reason, QStringLiteral("resources_outside_ceiling"));
    }

    void mountCount()
    {
        RunSpec s = baseSpec();
        s.mounts = QList<RunMount>(61, s.mounts.first());
        QVERIFY(Admission::check(s, QJsonObject {}, advertisement(), std::nullopt).admitted);
        s.mounts.append(s.mounts.first());
        QCOMPARE(Admission::check(s, QJsonObject {}, advertisement(), std::nullopt).reason,
            QStringLiteral("mount_unsupported"));
        s.mounts = QList<RunMount>(2, s.mounts.first());
        QCOMPARE(
            Admission::check(s, ceilingWith({ { QStringLiteral("max_mounts"), 1 } }), advertisement(), std::nullopt)
                .reason,
            QStringLiteral("mount_unsupported"));
    }

    void modelLaneExactMatch()
    {
        const QJsonObject ad = advertisement({ hostProvider(), withModels(dockerProvider(), { ownedModel() }) });
        auto d = Admission::check(cursorSpec(), QJsonObject {}, ad, lane());
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.providerId, QStringLiteral("docker"));
        QVERIFY(Admission::cursorLaneMatches(cursorSpec(), lane()));
        // The local image id of exactly that digest is pinned to it as well.
        RunSpec byId = cursorSpec();
        byId.image = Digest;
        d = Admission::check(byId, QJsonObject {}, ad, lane());
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        // A ceiling that lists the same harness-owned model admits it too.
        const QJsonObject ceiling { { QStringLiteral("providers"),
            QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("docker") },
                { QStringLiteral("harness_owned_models"), QJsonArray { ownedModel() } } } } } };
        d = Admission::check(cursorSpec(), ceiling, ad, lane());
        QVERIFY2(d.admitted, qPrintable(describe(d)));
        // No model asked: the lane does not matter.
        QVERIFY(Admission::check(baseSpec(), QJsonObject {}, advertisement(), std::nullopt).admitted);
    }

    void modelLaneMismatch_data()
    {
        QTest::addColumn<QString>("differs");
        // The lane differs from the spec (the advertisement still matches the spec exactly).
        QTest::newRow("lane profile") << "lane profile";
        QTest::newRow("lane digest") << "lane digest";
        QTest::newRow("lane model") << "lane model";
        QTest::newRow("spec provider") << "spec provider";
        // The spec differs from the lane and the advertisement.
        QTest::newRow("spec profile") << "spec profile";
        QTest::newRow("spec digest") << "spec digest";
        QTest::newRow("spec digest null") << "spec digest null";
        QTest::newRow("spec model") << "spec model";
        QTest::newRow("spec kind") << "spec kind";
        // The lane matches, but nothing advertises (or the ceiling admits) the harness-owned model.
        QTest::newRow("not advertised") << "not advertised";
        QTest::newRow("ceiling lists another") << "ceiling lists another";
        QTest::newRow("ceiling lists none") << "ceiling lists none";
        QTest::newRow("no lane") << "no lane";
    }

    static QJsonObject dockerCeiling(const QJsonArray &models)
    {
        return QJsonObject { { QStringLiteral("providers"),
            QJsonArray { QJsonObject { { QStringLiteral("id"), QStringLiteral("docker") },
                { QStringLiteral("harness_owned_models"), models } } } } };
    }

    void modelLaneMismatch()
    {
        QFETCH(QString, differs);
        RunSpec s = cursorSpec();
        std::optional<CursorLane> cursor = lane();
        QJsonObject owned = ownedModel();
        QJsonObject ceiling;
        if (differs == QLatin1String("lane profile")) {
            cursor->profileVersion = OtherProfile;
        } else if (differs == QLatin1String("lane digest")) {
            cursor->releaseDigest = OtherDigest;
        } else if (differs == QLatin1String("lane model")) {
            cursor->model = QStringLiteral("cursor-fast");
        } else if (differs == QLatin1String("spec provider")) {
            s.model->provider = QStringLiteral("openai");
            owned = ownedModel(Profile, Digest, QStringLiteral("openai"));
        } else if (differs == QLatin1String("spec profile")) {
            s.profileVersion = OtherProfile;
        } else if (differs == QLatin1String("spec digest")) {
            s.releaseDigest = OtherDigest;
        } else if (differs == QLatin1String("spec digest null")) {
            s.releaseDigest.reset();
        } else if (differs == QLatin1String("spec model")) {
            s.model->model = QStringLiteral("cursor-fast");
        } else if (differs == QLatin1String("spec kind")) {
            s.model->kind = QStringLiteral("oauth");
        } else if (differs == QLatin1String("not advertised")) {
            owned = QJsonObject {};
        } else if (differs == QLatin1String("ceiling lists another")) {
            ceiling = dockerCeiling({ ownedModel(OtherProfile) });
        } else if (differs == QLatin1String("ceiling lists none")) {
            ceiling = dockerCeiling({});
        } else if (differs == QLatin1String("no lane")) {
            cursor.reset();
        }
        const QJsonArray models = owned.isEmpty() ? QJsonArray {} : QJsonArray { owned };
        const auto d = Admission::check(s, ceiling, advertisement({ withModels(dockerProvider(), models) }), cursor);
        QVERIFY2(!d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.reason, QStringLiteral("harness_model_mismatch"));
        QVERIFY2(d.message.contains(s.model->model), qPrintable(d.message));
        verifyNoSecrets(d);
    }

    // §6.2: the release digest is the harness image's own digest. A run whose tuple matches the lane
    // but whose image is not pinned to exactly that digest never gets the key: harness_model_mismatch,
    // and the message says which image is required.
    void cursorKeyOnlyForTheImagePinnedToTheReleaseDigest_data()
    {
        QTest::addColumn<QString>("launchKind");
        QTest::addColumn<QString>("image");
        const QString other = QStringLiteral("sha256:") + QString(64, QLatin1Char('e'));
        QTest::newRow("other digest") << "oci" << QStringLiteral("registry.example/cursor-harness@") + other;
        QTest::newRow("other image id") << "oci" << other;
        QTest::newRow("unpinned tag") << "oci" << QStringLiteral("registry.example/cursor-harness:latest");
        QTest::newRow("digest as a tag") << "oci" << QStringLiteral("registry.example/cursor-harness:") + Hex;
        QTest::newRow("digest prefix") << "oci" << PinnedImage.chopped(1);
        QTest::newRow("digest with a suffix") << "oci" << PinnedImage + QStringLiteral("0");
        QTest::newRow("two digests") << "oci" << QStringLiteral("a@") + other + QLatin1Char('@') + Digest;
        QTest::newRow("no name") << "oci" << QLatin1Char('@') + Digest;
        QTest::newRow("host process") << "process" << QString();
        QTest::newRow("host process naming the image") << "process" << PinnedImage;
    }

    void cursorKeyOnlyForTheImagePinnedToTheReleaseDigest()
    {
        QFETCH(QString, launchKind);
        QFETCH(QString, image);
        RunSpec s = cursorSpec();
        s.launchKind = launchKind;
        s.image = image;
        // Every provider that could realise the launch advertises the lane's model: only the image decides.
        const QJsonObject bwrap = CapabilityAdvertisement::bubblewrapProvider({ Oneshot });
        const QJsonObject ad = advertisement({ withModels(hostProvider(), { ownedModel() }),
            withModels(bwrap, { ownedModel() }), withModels(dockerProvider(), { ownedModel() }) });
        if (launchKind == QLatin1String("process"))
            s.tier = SandboxTier::HostProcess;
        QVERIFY(!Admission::cursorLaneMatches(s, lane()));
        const auto d = Admission::check(s, QJsonObject {}, ad, lane());
        QVERIFY2(!d.admitted, qPrintable(describe(d)));
        QCOMPARE(d.reason, QStringLiteral("harness_model_mismatch"));
        QVERIFY2(d.message.contains(QStringLiteral("<name>@") + Digest), qPrintable(d.message));
        verifyNoSecrets(d);
        // The same run without the model is an ordinary run (no key): admitted.
        s.model.reset();
        QVERIFY2(Admission::check(s, QJsonObject {}, ad, lane()).admitted, qPrintable(describe(d)));
    }
};

QTEST_GUILESS_MAIN(TestAdmission)
#include "tst_admission.moc"
