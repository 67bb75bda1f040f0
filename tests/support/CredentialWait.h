#pragma once

#include <runnercore/config/CredentialStore.h>

#include <QTest>

#include <functional>
#include <optional>

// Calls a credential store operation and waits (at most 5 s) for its always-queued answer.
inline runnercore::CredentialResult waitForCredential(
    const std::function<void(runnercore::CredentialStore::Callback)> &call)
{
    std::optional<runnercore::CredentialResult> result;
    call([&](const runnercore::CredentialResult &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 5000))
        return runnercore::CredentialResult { runnercore::CredentialResult::Status::Error, {},
            QStringLiteral("no answer") };
    return *result;
}
