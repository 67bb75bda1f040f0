// The tray's GUI thread while a run streams a burst of events (issue 6: "a burst of 10k events/s
// must not make the GUI stall"). Prints figures; asserts nothing.
//   checkfu-tray-bench stall [updates]
// The tray's own controller, icon and status window (offscreen) drive an in-process Runner paired
// with a devplane; the SDK test agent floods agent_message_chunk updates as fast as the Runner
// relays them (well above 10k/s). A 1 ms timer on the GUI thread records how late each tick was:
// the longest lateness is the longest event-loop stall the person could have seen.
#include "GuiTestSupport.h"
#include "HttpSession.h"
#include "IntegrationSupport.h"
#include "RunnerController.h"
#include "TrayApplication.h"
#include "TrayIcon.h"
#include <runnercore/logging/Logging.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QStandardPaths>
#include <QTextStream>
#include <QTimer>

#include <algorithm>

using namespace runnercore;

using namespace IntegrationSupport;

namespace {
constexpr int TickMs = 1;

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

// Runs the event loop for ms. Not QTest::qWait, which sleeps 10 ms at a time between event
// rounds and would itself show up as a stall.
void pump(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

[[noreturn]] void die(const QString &what)
{
    QTextStream(stderr) << "checkfu-tray-bench: " << what << Qt::endl;
    std::exit(1);
}

// Lateness of a GUI-thread timer: what a person feels as a frozen tray.
class StallMeter : public QObject
{
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(TickMs);
        connect(&m_timer, &QTimer::timeout, this, [this] {
            const qint64 now = m_clock.nsecsElapsed();
            if (m_last > 0) {
                const double lateMs = double(now - m_last) / 1e6 - TickMs;
                m_samples.append(std::max(0.0, lateMs));
            }
            m_last = now;
        });
    }
    void start()
    {
        m_samples.clear();
        m_last = 0;
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    double maxMs() const { return m_samples.isEmpty() ? 0 : *std::max_element(m_samples.cbegin(), m_samples.cend()); }
    double percentileMs(double p) const
    {
        if (m_samples.isEmpty())
            return 0;
        QList<double> sorted = m_samples;
        std::sort(sorted.begin(), sorted.end());
        return sorted.at(std::min<qsizetype>(sorted.size() - 1, qsizetype(p * double(sorted.size()))));
    }
    qsizetype ticks() const { return m_samples.size(); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    QList<double> m_samples;
};

void stall(int updates)
{
    DevPlaneProcess devplane;
    QString error;
    if (!devplane.start(&error))
        die(error);
    const QString node = QStandardPaths::findExecutable(QStringLiteral("node"));
    if (node.isEmpty())
        die(QStringLiteral("node is not on PATH; run scripts/setup"));

    RunnerConfigInput input;
    input.flags = { { QStringLiteral("endpoint"), devplane.url() }, { QStringLiteral("code"), devplane.pair() },
        { QStringLiteral("label"), QStringLiteral("stall-bench") },
        { QStringLiteral("sandbox"), QStringLiteral("host-process") },
        { QStringLiteral("credential-store"), QStringLiteral("file") } };
    RunnerController controller(input);
    TrayHooks hooks = TrayHooks::system();
    hooks.openUrl = [](const QUrl &) { return true; };
    hooks.trayAvailable = [] { return false; }; // the status window is shown and repainted
    TrayIcon icon(hooks);
    icon.show();
    TrayApplication tray(controller, icon);
    controller.start();
    QElapsedTimer wait;
    wait.start();
    while (controller.status().state != RunnerState::Ready) {
        if (wait.elapsed() > 30000)
            die(QStringLiteral("the tray's Runner did not become ready: ") + controller.status().message);
        pump(20);
    }

    StallMeter meter;
    meter.start();
    pump(2000);
    meter.stop();
    const double idleMax = meter.maxMs();

    HttpSession http(devplane.url());
    QJsonObject spec = oneshotRunSpec(devplane.defaultPrincipal(),
        { node, QStringLiteral(CHECKFU_SOURCE_DIR "/tests/peers/acp/agent.mjs") }, {},
        QStringLiteral("flood %1").arg(updates));
    spec = withPath(spec, { QStringLiteral("harness"), QStringLiteral("driver") }, QStringLiteral("checkfu:acp-v1@1"));
    const auto created = http.call("POST", QStringLiteral("/v1/sessions"), devplane.adminKey(),
        QJsonObject { { QStringLiteral("run_spec"), spec },
            { QStringLiteral("owner_principal_id"), devplane.defaultPrincipal() } });
    if (created.status != 201)
        die(QStringLiteral("cannot create a session: HTTP %1").arg(created.status));
    const QString id = created.body.value(QStringLiteral("session_id")).toString();

    meter.start();
    QList<QJsonObject> tail;
    wait.restart();
    while (eventsOfKind(tail, QStringLiteral("turn.ended")).isEmpty()) {
        if (wait.elapsed() > 600000)
            die(QStringLiteral("the ACP turn did not end"));
        pump(50);
        tail = eventList(http.call("GET", QStringLiteral("/v1/sessions/%1/events?after_seq=%2").arg(id).arg(updates),
                                 devplane.adminKey())
                             .body);
    }
    meter.stop();
    const auto first = eventList(
        http.call("GET", QStringLiteral("/v1/sessions/%1/events?after_seq=0&limit=50").arg(id), devplane.adminKey())
            .body);
    const QList<QJsonObject> firstUpdates = eventsOfKind(first, QStringLiteral("acp.update"));
    const QList<QJsonObject> lastUpdates = eventsOfKind(tail, QStringLiteral("acp.update"));
    if (firstUpdates.isEmpty() || lastUpdates.isEmpty())
        die(QStringLiteral("no acp.update events arrived"));
    const double seconds = wireTime(firstUpdates.first().value(QStringLiteral("received_at")).toString())
                               .msecsTo(wireTime(lastUpdates.last().value(QStringLiteral("received_at")).toString()))
        / 1000.0;
    http.call("POST", QStringLiteral("/v1/sessions/%1/close").arg(id), devplane.adminKey(), QJsonObject());

    out() << QStringLiteral("tray GUI stall while a run streams %1 ACP updates at %2 events/s through the tray's "
                            "Runner: longest event-loop stall %3 ms, p99 %4 ms over %5 ticks of a %6 ms timer "
                            "(idle before: longest %7 ms)")
                 .arg(updates)
                 .arg(double(updates) / std::max(seconds, 0.001), 0, 'f', 0)
                 .arg(meter.maxMs(), 0, 'f', 1)
                 .arg(meter.percentileMs(0.99), 0, 'f', 2)
                 .arg(meter.ticks())
                 .arg(TickMs)
                 .arg(idleMax, 0, 'f', 1)
          << Qt::endl;
    controller.stop();
    wait.restart();
    while (controller.status().isActive() && wait.elapsed() < 15000)
        pump(20);
}
} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    GuiTestSupport::isolateHome();
    QApplication app(argc, argv);
    app.setQuitOnLastWindowClosed(false);
    Logging::Options quiet; // the figures only; the Runner's log would drown them
    quiet.console = false;
    Logging::init(quiet);
    const QStringList args = app.arguments();
    if (args.value(1) == QLatin1String("stall"))
        stall(args.value(2, QStringLiteral("100000")).toInt());
    else
        die(QStringLiteral("usage: checkfu-tray-bench stall [updates]"));
    return 0;
}
