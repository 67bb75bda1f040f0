#pragma once

#include <QString>

namespace runnercore {

// A one-use pairing code (wire §2.1) as pasted by a person. parse() is a pure function over
// the pasted text so it can be fuzzed; it never echoes the code back in error() because the
// code is a short-lived secret.
class PairingCode
{
public:
    // Removes all white space (Unicode spaces and line breaks included) and invisible format
    // characters (zero-width spaces, BOM, bidi marks), treats Unicode dashes as '-', upper-cases
    // ASCII letters, maps O->0 and I/L->1, and accepts the groups and the CFU prefix with or
    // without hyphens.
    static PairingCode parse(const QString &pasted);

    bool isValid() const { return !m_normalized.isEmpty(); }
    // "CFU-7K3M-Q9XD-2HFA"; empty when invalid.
    QString normalized() const { return m_normalized; }
    // When invalid: what is wrong and how to fix it; empty when valid.
    QString error() const { return m_error; }
    // Safe for logs: "CFU-7K3M-****-****"; never more than the first group.
    QString redacted() const;

private:
    PairingCode() = default;

    QString m_normalized;
    QString m_error;
};

} // namespace runnercore
