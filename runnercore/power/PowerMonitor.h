#pragma once

#include <QObject>
#include <QString>

#include <memory>

namespace runnercore {

// What the machine's power and network look like now, as far as the platform tells.
struct PowerState
{
    bool onBattery = false; // false also when unknown (no battery, no UPower)
    int batteryPercent = -1; // 0..100, -1 when unknown
    bool metered = false; // the primary connection is (or is guessed) metered
    bool operator==(const PowerState &) const = default;
};

// The platform's sleep inhibitors: a delay lock gives the Runner a few seconds before sleep (flush,
// heartbeat); a block lock keeps the machine awake.
struct SleepLocks
{
    bool delay = false;
    bool block = false;
    bool operator==(const SleepLocks &) const = default;
};

// Every platform difference about power in one interface (ROADMAP 3): battery, metered network,
// sleep and wake, and the sleep inhibitors. Injected into the Runner like the Clock; Linux has a
// backend over logind, UPower and NetworkManager, everything else the null one until its own.
class PowerMonitor : public QObject
{
    Q_OBJECT
signals:
    void stateChanged(const runnercore::PowerState &state);
    // The machine is about to sleep: a held delay lock gives a few seconds to get ready.
    void aboutToSleep();
    void resumed();

public:
    using QObject::QObject;

    virtual PowerState state() const = 0;
    // The locks wanted now; taking one may take a round trip, dropping one is immediate.
    virtual void holdSleepLocks(SleepLocks locks) = 0;
    // The locks wanted (asked for, or held).
    virtual SleepLocks sleepLocks() const = 0;
    // For logs and doctor: "logind, UPower, NetworkManager" or "none".
    virtual QString backendName() const = 0;

    // This platform's backend: on Linux the system bus's services, elsewhere the null backend.
    static std::unique_ptr<PowerMonitor> createForPlatform(QObject *parent = nullptr);
};

// Nothing to watch: always on AC, never metered, never asleep, no locks to take.
class NullPowerMonitor : public PowerMonitor
{
    Q_OBJECT
public:
    using PowerMonitor::PowerMonitor;
    PowerState state() const override { return {}; }
    void holdSleepLocks(SleepLocks locks) override { m_locks = locks; }
    SleepLocks sleepLocks() const override { return m_locks; }
    QString backendName() const override { return QStringLiteral("none"); }

private:
    SleepLocks m_locks;
};

} // namespace runnercore

Q_DECLARE_METATYPE(runnercore::PowerState)
