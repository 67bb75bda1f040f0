// A pasted pairing code (§2.1): PairingCode::parse over the text as UTF-8.
#include "FuzzSupport.h"
#include <runnercore/identity/PairingCode.h>

#include <QRegularExpression>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const PairingCode code = PairingCode::parse(QString::fromUtf8(FuzzSupport::bytes(data, size)));
    static const QRegularExpression normalForm(QRegularExpression::anchoredPattern(
        QStringLiteral("CFU-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}")));
    if (code.isValid()) {
        FuzzSupport::require(code.error().isEmpty(), "a valid code with an error");
        FuzzSupport::require(normalForm.match(code.normalized()).hasMatch(), "a normalized code not in normal form");
        FuzzSupport::require(PairingCode::parse(code.normalized()).normalized() == code.normalized(),
            "normalizing twice changes the code");
        FuzzSupport::require(!code.redacted().contains(code.normalized().mid(9)), "a redaction that shows the code");
    } else {
        FuzzSupport::require(!code.error().isEmpty() && code.normalized().isEmpty(), "an invalid code without error");
    }
    return 0;
}
