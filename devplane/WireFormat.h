#pragma once

#include <QDateTime>
#include <QString>

namespace devplane {

// Small value formats of runner-wire-v1 shared by the server and the admin client.
class WireFormat
{
public:
    static constexpr const char *apiVersion = "2026-08-27";

    // Lowercase hex from the system CSPRNG; digits must be even.
    static QString randomHex(int digits);
    // prefix + "_" + 32 lowercase hex digits, e.g. "runner_9f0c…".
    static QString newId(const QString &prefix);
    // RFC 3339 UTC with exactly three fractional digits and a Z.
    static QString timestamp(const QDateTime &time);
    // Exactly that form; the spec lets a server reject any other.
    static bool isTimestamp(const QString &text);
    // RFC 7231 IMF-fixdate, always GMT (the Runner derives clock skew from it).
    static QByteArray httpDate(const QDateTime &time);
    static bool isCanonicalUuid(const QString &text);
    static bool isLowerHex(const QString &text, int length);
    static bool hasIdShape(const QString &text, const QString &prefix);
    // "CFU-XXXX-XXXX-XXXX" from the Crockford base32 alphabet.
    static QString newPairingCode();
    static bool isPairingCode(const QString &text);
    // Secrets are kept (and persisted) only as digests.
    static QString digest(const QString &secret);
};

} // namespace devplane
