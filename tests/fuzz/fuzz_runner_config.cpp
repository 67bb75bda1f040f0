// The §8 local configuration: RunnerConfigParser::parse over flags and environment variables.
// Input: one setting per line, "--flag=value" or "VARIABLE=value" (a line without '=' sets an
// empty value). Secrets (CURSOR_API_KEY, CHECKFU_RUNNER_TOKEN) must never show in an error message
// or in describe(), and the pairing code only redacted.
#include "FuzzSupport.h"
#include <runnercore/config/RunnerConfig.h>

using namespace runnercore;

namespace {
// Whether secret shows in text only because some other, non-secret setting holds it.
bool echoedFromElsewhere(const QString &secret, const RunnerConfigInput &in, const QString &secretName)
{
    for (auto it = in.flags.cbegin(); it != in.flags.cend(); ++it)
        if (it.value().contains(secret))
            return true;
    for (const QString &name : in.env.keys())
        if (name != secretName && (in.env.value(name).contains(secret) || name.contains(secret)))
            return true;
    return in.machineHostName.contains(secret);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FuzzSupport::init();
    RunnerConfigInput in;
    in.env = QProcessEnvironment();
    in.machineHostName = QStringLiteral("fuzz-host");
    for (const QByteArray &line : FuzzSupport::bytes(data, size).split('\n')) {
        const QString text = QString::fromUtf8(line);
        const qsizetype eq = text.indexOf(u'=');
        const QString name = eq < 0 ? text : text.left(eq);
        const QString value = eq < 0 ? QString() : text.mid(eq + 1);
        if (name.startsWith(QLatin1String("--")))
            in.flags.insert(name.mid(2), value);
        else if (!name.isEmpty())
            in.env.insert(name, value);
    }
    const QStringList secretNames { QStringLiteral("CURSOR_API_KEY"), QStringLiteral("CHECKFU_RUNNER_TOKEN") };
    QStringList secrets;
    for (const QString &name : secretNames) {
        const QString secret = in.env.value(name);
        // Short values (and the words a message is made of) appear by chance, not by echo.
        if (secret.size() >= 8 && !echoedFromElsewhere(secret, in, name))
            secrets << secret;
    }

    const auto parsed = RunnerConfigParser::parse(in);
    if (const auto *errors = std::get_if<QList<ConfigError>>(&parsed)) {
        FuzzSupport::require(!errors->isEmpty(), "refused without an error");
        // The same input with other secret values of the same length: a message that still holds the
        // secret's text got it from its own wording (a variable's name), not from the secret.
        RunnerConfigInput other = in;
        for (const QString &name : secretNames)
            if (in.env.contains(name))
                other.env.insert(name, QString(in.env.value(name).size(), QChar(0x2603)));
        const auto otherParsed = RunnerConfigParser::parse(other);
        const auto *otherErrors = std::get_if<QList<ConfigError>>(&otherParsed);
        FuzzSupport::require(otherErrors && otherErrors->size() == errors->size(), "errors that depend on a secret");
        for (qsizetype i = 0; i < errors->size(); ++i) {
            const ConfigError &e = errors->at(i);
            FuzzSupport::require(!e.field.isEmpty() && !e.message.isEmpty(), "an error without field or message");
            for (const QString &secret : secrets)
                FuzzSupport::require(!e.message.contains(secret) || otherErrors->at(i).message.contains(secret),
                    "a secret in an error message");
        }
        return 0;
    }
    const RunnerConfig &config = std::get<RunnerConfig>(parsed);
    FuzzSupport::require(config.slotCount >= 1 && config.slotCount <= 64, "slots out of 1..64");
    FuzzSupport::require(!config.idleTimeoutMs || *config.idleTimeoutMs > 0, "a non-positive idle timeout");
    const QString described = config.describe();
    RunnerConfig blank = config;
    blank.workspaceToken = blank.workspaceToken.isEmpty() ? QString() : QStringLiteral("x");
    if (blank.cursor)
        blank.cursor->apiKey = QStringLiteral("x");
    blank.pairingCode.reset();
    const QString blankDescribed = blank.describe();
    for (const QString &secret : secrets)
        FuzzSupport::require(blankDescribed.contains(secret) || !described.contains(secret), "a secret in describe()");
    if (config.pairingCode) {
        const QString hidden = config.pairingCode->mid(9);
        FuzzSupport::require(blankDescribed.contains(hidden) || !described.contains(hidden),
            "more than the first group of the pairing code in describe()");
    }
    return 0;
}
