#pragma once

#include <QString>
#include <QStringList>

#include <mutex>
#include <string>
#include <vector>

// Replaces every secret the Runner holds with *** before text leaves the process
// (logs now, observations later), in the spirit of the GitHub Actions runner's SecretMasker:
// the raw value and its common encodings (base64, URL, JSON-escaped) are masked, and so
// are our own credential prefixes and pairing codes even when we were never told the value.
// Thread-safe: spdlog sinks call it from any thread.
class SecretMasker
{
public:
    static constexpr int MinimumSecretLength = 6;

    void addSecret(const QString &secret);
    void removeSecret(const QString &secret);
    std::string mask(std::string_view text) const;
    QString mask(const QString &text) const;

private:
    mutable std::mutex m_mutex;
    std::vector<std::string> m_values;
};
