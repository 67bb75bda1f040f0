#include <runnercore/harness/HarnessDriver.h>

namespace runnercore {

void HarnessDriver::directive(const QJsonObject &directive)
{
    // prompt, close and approval decisions mean nothing to a oneshot run: say so in its log.
    const QString type = directive.value(QLatin1String("type")).toString();
    emit event(QStringLiteral("run.warning"),
        QJsonObject { { QStringLiteral("kind"), QStringLiteral("directive_not_applicable") },
            { QStringLiteral("message"),
                tr("the directive \"%1\" does not apply to a %2 run; ignored").arg(type, id()) } });
}

} // namespace runnercore
