#pragma once

#include "CredentialStore.h"

#include <QTest>

#include <functional>
#include <optional>

// Calls a credential store operation and waits (at most 5 s) for its always-queued answer.
inline CredentialResult waitForCredential(const std::function<void(CredentialStore::Callback)> &call)
{
    std::optional<CredentialResult> result;
    call([&](const CredentialResult &r) { result = r; });
    if (!QTest::qWaitFor([&] { return result.has_value(); }, 5000))
        return CredentialResult { CredentialResult::Status::Error, {}, QStringLiteral("no answer") };
    return *result;
}
