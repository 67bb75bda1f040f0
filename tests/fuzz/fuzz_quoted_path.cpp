// Names a harness chose (any bytes), through QuotedPath::quote, as a terminal or a widget is shown
// them: no control, format (bidi), line or paragraph separator character and no lone surrogate gets
// through, a name is quoted exactly when needsQuoting says so, and quoting at most quadruples it.
#include "FuzzSupport.h"
#include <runnercore/base/QuotedPath.h>

#include <QChar>

using namespace runnercore;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    const QByteArray name = FuzzSupport::bytes(data, size);
    const QString shown = QuotedPath::quote(name);
    for (const char32_t c : shown.toUcs4()) {
        switch (QChar::category(c)) {
        case QChar::Other_Control:
        case QChar::Other_Format:
        case QChar::Other_Surrogate:
        case QChar::Separator_Line:
        case QChar::Separator_Paragraph:
            __builtin_trap();
        default:
            break;
        }
    }
    const bool quoted = shown.toUtf8() != name;
    if (quoted != QuotedPath::needsQuoting(name) || shown.toUtf8().size() > 4 * name.size() + 2)
        __builtin_trap();
    return 0;
}
