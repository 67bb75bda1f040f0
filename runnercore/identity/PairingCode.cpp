#include <runnercore/identity/PairingCode.h>

#include <QChar>
#include <QCoreApplication>

namespace runnercore {

namespace {

constexpr qsizetype groupLength = 4;
constexpr qsizetype bodyLength = 3 * groupLength;

// The context of this file's messages, for lupdate and at run time alike.
struct Messages
{
    Q_DECLARE_TR_FUNCTIONS(PairingCode)
};

// Crockford base32 as used by pairing codes: 0-9 and A-Z without I, L, O, U.
bool isCodeCharacter(char32_t c)
{
    if (c >= U'0' && c <= U'9') {
        return true;
    }
    return c >= U'A' && c <= U'Z' && c != U'I' && c != U'L' && c != U'O' && c != U'U';
}

// Characters a paste may carry that the person cannot see: they are dropped like spaces.
bool isInvisible(char32_t c)
{
    return QChar::isSpace(c) || QChar::category(c) == QChar::Other_Format;
}

// Word processors and chat clients turn '-' into en/em dashes; those still mean "group separator".
bool isDash(char32_t c)
{
    return c == U'-' || c == U'\u2212' || QChar::category(c) == QChar::Punctuation_Dash;
}

// How a rejected character is shown: itself when printable ASCII, else its code point, so that the
// message is readable even for control characters.
QString describeCharacter(char32_t c)
{
    if (c > 0x20 && c < 0x7f) {
        return QStringLiteral("'%1'").arg(QLatin1Char(char(c)));
    }
    return QStringLiteral("U+%1").arg(uint(c), 4, 16, QLatin1Char('0')).toUpper();
}

} // namespace

PairingCode PairingCode::parse(const QString &pasted)
{
    PairingCode code;

    // Clean up what a paste can mangle without changing what the person meant.
    QList<char32_t> chars;
    for (char32_t c : pasted.toUcs4()) {
        if (isInvisible(c)) {
            continue;
        }
        if (isDash(c)) {
            c = U'-';
        } else if (c >= U'a' && c <= U'z') {
            // ASCII only: full Unicode upper-casing would turn e.g. 'ß' into "SS" and make a wrong code pass.
            c = c - U'a' + U'A';
        }
        chars.append(c);
    }

    if (chars.isEmpty()) {
        code.m_error = Messages::tr("The pairing code is empty. Paste the code your admin gave you; it looks like "
                                    "CFU-XXXX-XXXX-XXXX.");
        return code;
    }

    if (chars.size() < 3 || chars[0] != U'C' || chars[1] != U'F' || chars[2] != U'U') {
        code.m_error = Messages::tr("The pairing code must start with CFU- (it looks like CFU-XXXX-XXXX-XXXX). "
                                    "Copy the whole code your admin gave you.");
        return code;
    }
    qsizetype start = 3;
    if (start < chars.size() && chars[start] == U'-') {
        ++start;
    }

    QList<char32_t> body;
    for (qsizetype i = start; i < chars.size(); ++i) {
        char32_t c = chars[i];
        if (c == U'O') {
            c = U'0';
        } else if (c == U'I' || c == U'L') {
            c = U'1';
        }
        if (c != U'-' && !isCodeCharacter(c)) {
            code.m_error
                = Messages::tr("The pairing code contains %1, which is not used in pairing codes (allowed: 0-9 and "
                               "A-Z without I, L, O, U). Check the code your admin gave you.")
                      .arg(describeCharacter(c));
            return code;
        }
        body.append(c);
    }

    const auto characterCount = body.size() - body.count(U'-');
    if (characterCount != bodyLength) {
        code.m_error
            = Messages::tr("The pairing code has %n character(s) after CFU-, expected 12. Check that you copied "
                           "the whole code.",
                nullptr, int(characterCount));
        return code;
    }

    // Hyphens are optional, but only between groups: "7K-3M…" is more likely a typo than a code.
    QString normalized = QStringLiteral("CFU");
    qsizetype seen = 0;
    bool previousWasHyphen = false;
    for (char32_t c : body) {
        if (c == U'-') {
            if (previousWasHyphen || (seen != groupLength && seen != 2 * groupLength)) {
                code.m_error
                    = Messages::tr("The pairing code has a hyphen in the wrong place. Groups are four characters: "
                                   "CFU-XXXX-XXXX-XXXX.");
                return code;
            }
            previousWasHyphen = true;
            continue;
        }
        if (seen % groupLength == 0) {
            normalized += QLatin1Char('-');
        }
        normalized += QChar(char16_t(c)); // ASCII by now
        ++seen;
        previousWasHyphen = false;
    }
    // A trailing hyphen cannot get here: after twelve characters any hyphen is misplaced.
    code.m_normalized = normalized;
    return code;
}

QString PairingCode::redacted() const
{
    if (!isValid()) {
        return Messages::tr("(invalid pairing code)");
    }
    // Keep the first group so a person can match log lines to the code they pasted.
    return m_normalized.left(8) + QStringLiteral("-****-****");
}

} // namespace runnercore
