#pragma once

#include <QString>

namespace devplane {

// Timing and storage knobs of `serve`; the defaults are the spec's numbers.
struct DevPlaneSettings
{
    int tokenTtlSeconds = 900;
    int refreshAfterSeconds = 600;
    int overlapSeconds = 60;
    int heartbeatIntervalSeconds = 10;
    int presenceTtlSeconds = 30;
    int leaseTtlSeconds = 60;
    int mcpAnswerWindowMs = 25000; // §6.10: what the plane answers within a relayed call
    QString statePath; // empty: nothing persisted
};

} // namespace devplane
