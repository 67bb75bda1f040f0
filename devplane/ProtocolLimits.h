#pragma once

#include <QtGlobal>

namespace devplane {

// The protocol's limits the server enforces (runner-wire-v1 §1, §6.1, §6.3). A header of its own
// so tests/unit/tst_protocolconstants can check them against the document without the server.
struct ProtocolLimits
{
    static constexpr qint64 maxBodyBytes = 8 * 1024 * 1024; // §1: request bodies, else body_too_large
    static constexpr qint64 maxBatchBytes = 1024 * 1024; // §6.3: an observation batch's body
    static constexpr qint64 maxBatchEvents = 512; // §6.3
    static constexpr qint64 maxWaitSeconds = 60; // §6.1: a long-poll's wait_seconds is 0-60
};

} // namespace devplane
