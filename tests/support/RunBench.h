#pragma once

#include "FakeClock.h"
#include "FakeRunPlane.h"
#include "FakeSandbox.h"
#include "FaultyHttpPeer.h"

#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/logging/SecretMasker.h>
#include <runnercore/model/RunSpec.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/work/RunExecution.h>

#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <memory>

// Everything a run needs, faked: a scripted control plane on loopback (FakeRunPlane), the fake
// clock, a workload token, a fake host-process tier (FakeProvider) and a private spool directory.
struct RunBench
{
    FaultyHttpPeer peer;
    FakeClock clock;
    runnercore::SecretMasker masker;
    FakeRunPlane plane;
    FakeProvider provider;
    QTemporaryDir spool;
    std::unique_ptr<runnercore::ApiClient> api;
    std::unique_ptr<runnercore::WorkloadIdentity> identity;
    bool providerEnabled = true;

    static QString runId(int n) { return QStringLiteral("run_%1").arg(n, 32, 10, QLatin1Char('0')); }
    static QString claimId(int n) { return QStringLiteral("clm_%1").arg(n, 32, 10, QLatin1Char('0')); }

    bool setUp()
    {
        if (!spool.isValid() || !peer.listen())
            return false;
        peer.setHandler([this](const FaultyHttpPeer::Request &r) { return plane.handle(r, clock.now()); });
        api = std::make_unique<runnercore::ApiClient>(peer.url(), clock);
        identity = std::make_unique<runnercore::WorkloadIdentity>(*api, clock);
        identity->setBootstrapCredential(QStringLiteral("cfb_run_bench_bootstrap"));
        QSignalSpy acquired(identity.get(), &runnercore::WorkloadIdentity::acquired);
        identity->exchange();
        return acquired.wait(5000);
    }

    runnercore::RunEnvironment env()
    {
        runnercore::RunEnvironment e;
        e.api = api.get();
        e.identity = identity.get();
        e.clock = &clock;
        e.masker = &masker;
        e.provider = [this](const QString &id) -> runnercore::SandboxProvider * {
            return providerEnabled && id == provider.id() ? &provider : nullptr;
        };
        e.ceiling = [] { return QJsonObject {}; }; // the enrollment restricts nothing
        e.realisable = [this] { return provider.advertisement(); };
        e.spoolRoot = spool.path();
        return e;
    }

    // A §6.1 run spec a host-process tier admits: a oneshot harness reading "Fix the test." on stdin.
    static QJsonObject runSpec(qint64 maxDurationSeconds = 3600, const QJsonValue &idleTimeoutMs = QJsonValue::Null)
    {
        const QString hex = QStringLiteral("0123456789abcdef0123456789abcdef");
        return QJsonObject {
            { QStringLiteral("principal_id"), QStringLiteral("prin_") + hex },
            { QStringLiteral("title"), QStringLiteral("Fix flaky test") },
            { QStringLiteral("environment"),
                QJsonObject { { QStringLiteral("environment_id"), QStringLiteral("env_") + hex },
                    { QStringLiteral("requirements"),
                        QJsonObject { { QStringLiteral("tier"), QStringLiteral("host_process") },
                            { QStringLiteral("network"), QStringLiteral("unrestricted") },
                            { QStringLiteral("retention"), QStringLiteral("durable") },
                            { QStringLiteral("resources"),
                                QJsonObject { { QStringLiteral("cpu_millis"), 1000 },
                                    { QStringLiteral("memory_mib"), 256 }, { QStringLiteral("disk_mib"), 256 },
                                    { QStringLiteral("max_duration_seconds"), maxDurationSeconds } } } } } } },
            { QStringLiteral("harness"),
                QJsonObject { { QStringLiteral("driver"), QLatin1String(FakeProvider::Oneshot) },
                    { QStringLiteral("profile_version"), QStringLiteral("hprof_") + hex + QStringLiteral("@1") },
                    { QStringLiteral("release_digest"), QJsonValue::Null },
                    { QStringLiteral("launch"),
                        QJsonObject { { QStringLiteral("kind"), QStringLiteral("process") },
                            { QStringLiteral("argv"), QJsonArray { QStringLiteral("harness") } },
                            { QStringLiteral("env"), QJsonObject {} } } } } },
            { QStringLiteral("model"), QJsonValue::Null },
            { QStringLiteral("mounts"), QJsonArray {} },
            { QStringLiteral("prompt"),
                QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("text") },
                    { QStringLiteral("text"), QStringLiteral("Fix the test.") } } } },
            { QStringLiteral("idle_timeout_ms"), idleTimeoutMs },
        };
    }

    // A claim answer (§6.1) for run n.
    static QJsonObject claimBody(int n, const QJsonObject &spec = runSpec())
    {
        return QJsonObject { { QStringLiteral("claim"),
            QJsonObject { { QStringLiteral("claim_id"), claimId(n) }, { QStringLiteral("run_id"), runId(n) },
                { QStringLiteral("session_id"), QStringLiteral("sess_%1").arg(n, 32, 10, QLatin1Char('0')) },
                { QStringLiteral("lease_ttl_seconds"), 60 }, { QStringLiteral("run_spec"), spec } } } };
    }

    // The claim as the claim loop hands it over (parsed the same way).
    static runnercore::RunClaim claim(int n, const QJsonObject &spec = runSpec())
    {
        return std::get<runnercore::RunClaim>(runnercore::RunClaim::parse(claimBody(n, spec)));
    }
};
