// RunnerStatus → icon, status line, tooltip and menu actions, for every state; and the icons
// themselves: distinct, valid SVG, legible at tray sizes on light and dark panels, and the PNGs the
// tray shows (StateIcons) true to their SVG at every size and scale.
#include "GuiTestSupport.h"
#include "StateIcons.h"
#include "TrayPresentation.h"

#include <QIcon>
#include <QImage>
#include <QPainter>
#include <QSet>
#include <QSvgRenderer>

using namespace runnercore;

using namespace GuiTestSupport;

namespace {
// Every moment in these tests is on this day, in local time; formatMoment shows no date for it.
const QDate Today(2025, 3, 14);
QDateTime at(int h, int m, int s, const QDate &date = Today)
{
    return QDateTime(date, QTime(h, m, s));
}

RunnerStatus withState(RunnerState state, int busy = 0)
{
    RunnerStatus s = connectedStatus();
    s.state = state;
    s.busySlots = busy;
    s.draining = state == RunnerState::Draining;
    if (state != RunnerState::Ready && state != RunnerState::Draining)
        s.message.clear();
    return s;
}

// Draining for the machine's reasons (issue 25): the battery at 18 %, a metered network, or a person.
RunnerStatus pausedBy(DrainReasons reasons, int busy = 0)
{
    RunnerStatus s = withState(RunnerState::Draining, busy);
    s.drainReasons = reasons;
    s.power.onBattery = reasons.testFlag(DrainReason::Battery);
    s.power.batteryPercent = 18;
    s.power.metered = reasons.testFlag(DrainReason::Metered);
    return s;
}

double luminance(QRgb c)
{
    return 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
}

// A state icon as the tray draws it (StateIcons), on a background.
QImage render(const QString &name, int px, const QColor &background)
{
    QImage image(px, px, QImage::Format_ARGB32_Premultiplied);
    image.fill(background);
    QPainter painter(&image);
    StateIcons::icon(name).paint(&painter, QRect(0, 0, px, px));
    return image;
}

QString svgSource(const QString &name)
{
    return QStringLiteral(CHECKFU_SOURCE_DIR "/resources/icons/%1.svg").arg(name);
}

// The SVG source drawn straight at px × px device pixels, as Qt's SVG icon engine drew it.
QImage renderSvg(const QString &name, int px)
{
    QImage image(px, px, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QSvgRenderer svg(svgSource(name));
    QPainter painter(&image);
    svg.render(&painter, QRectF(0, 0, px, px));
    return image;
}

// The mean difference per channel (alpha included) of two images of one size, 0 to 255.
double meanDifference(const QImage &a, const QImage &b)
{
    const QImage x = a.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    const QImage y = b.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    double sum = 0;
    for (int row = 0; row < x.height(); ++row) {
        for (int col = 0; col < x.width(); ++col) {
            const QRgb p = x.pixel(col, row), q = y.pixel(col, row);
            sum += std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) + std::abs(qBlue(p) - qBlue(q))
                + std::abs(qAlpha(p) - qAlpha(q));
        }
    }
    return sum / (4.0 * x.width() * x.height());
}
} // namespace

Q_DECLARE_METATYPE(TrayVisual)

class TestTrayPresentation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // A fixed locale so the times read the same everywhere: en_GB's short format is HH:mm.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedKingdom));
    }

    void visualIconAndStatusLine_data()
    {
        QTest::addColumn<RunnerStatus>("status");
        QTest::addColumn<TrayVisual>("visual");
        QTest::addColumn<QString>("icon");
        QTest::addColumn<QString>("statusLine");

        RunnerStatus offlineRetry = withState(RunnerState::Offline);
        offlineRetry.nextRetry = at(14, 35, 10);
        RunnerStatus attention = withState(RunnerState::Ready, 1);
        attention.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("Write main.cpp"), QString()) };
        RunnerStatus attentionTwo = withState(RunnerState::Draining, 2);
        attentionTwo.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("a"), QString()),
            approval(QStringLiteral("apr_2"), QStringLiteral("b"), QString()) };
        // A finished Runner has no approvals; a stale list never turns a stopped icon into "attention".
        RunnerStatus stoppedWithApproval = withState(RunnerState::Stopped);
        stoppedWithApproval.approvals = attention.approvals;

        const auto row
            = [](const char *name, const RunnerStatus &s, TrayVisual v, const char *icon, const QString &line) {
                  QTest::newRow(name) << s << v << QString::fromLatin1(icon) << line;
              };
        row("idle", withState(RunnerState::Idle), TrayVisual::Stopped, "tray-stopped", QStringLiteral("Not running"));
        row("starting", withState(RunnerState::Starting), TrayVisual::Connecting, "tray-connecting",
            QStringLiteral("Starting…"));
        row("pairing", withState(RunnerState::Pairing), TrayVisual::Connecting, "tray-connecting",
            QStringLiteral("Pairing…"));
        row("connecting", withState(RunnerState::Connecting), TrayVisual::Connecting, "tray-connecting",
            QStringLiteral("Connecting…"));
        row("offline", withState(RunnerState::Offline), TrayVisual::Connecting, "tray-connecting",
            QStringLiteral("Offline — reconnecting"));
        row("offline-retry-known", offlineRetry, TrayVisual::Connecting, "tray-connecting",
            QStringLiteral("Offline — retrying at 14:35:10"));
        row("ready", withState(RunnerState::Ready), TrayVisual::Ready, "tray-ready",
            QStringLiteral("Ready — waiting for work"));
        row("running-1", withState(RunnerState::Ready, 1), TrayVisual::Running, "tray-running",
            QStringLiteral("Running 1 run"));
        row("running-3", withState(RunnerState::Ready, 3), TrayVisual::Running, "tray-running",
            QStringLiteral("Running 3 runs"));
        row("draining-idle", withState(RunnerState::Draining), TrayVisual::Draining, "tray-draining",
            QStringLiteral("Draining — taking no new work"));
        row("draining-1", withState(RunnerState::Draining, 1), TrayVisual::Draining, "tray-draining",
            QStringLiteral("Draining — 1 run left"));
        row("draining-2", withState(RunnerState::Draining, 2), TrayVisual::Draining, "tray-draining",
            QStringLiteral("Draining — 2 runs left"));
        row("paused-battery", pausedBy(DrainReason::Battery), TrayVisual::Paused, "tray-paused",
            QStringLiteral("Paused: on battery (18 %)"));
        row("paused-metered-1", pausedBy(DrainReason::Metered, 1), TrayVisual::Paused, "tray-paused",
            QStringLiteral("Paused: on a metered network — 1 run left"));
        row("paused-both", pausedBy(DrainReason::Battery | DrainReason::Metered), TrayVisual::Paused, "tray-paused",
            QStringLiteral("Paused: on battery (18 %) and on a metered network"));
        // A person's drain is shown as theirs, whatever else holds: only they lift it.
        row("drained-and-on-battery", pausedBy(DrainReason::Requested | DrainReason::Battery), TrayVisual::Draining,
            "tray-draining", QStringLiteral("Draining — taking no new work"));
        row("stopping-2", withState(RunnerState::Stopping, 2), TrayVisual::Draining, "tray-draining",
            QStringLiteral("Stopping — 2 runs left"));
        row("stopping-idle", withState(RunnerState::Stopping), TrayVisual::Draining, "tray-draining",
            QStringLiteral("Stopping — signing off"));
        row("stopped", withState(RunnerState::Stopped), TrayVisual::Stopped, "tray-stopped", QStringLiteral("Stopped"));
        row("stopped-stale-approval", stoppedWithApproval, TrayVisual::Stopped, "tray-stopped",
            QStringLiteral("Stopped"));
        row("not-paired", withState(RunnerState::NotPaired), TrayVisual::NotPaired, "tray-not-paired",
            QStringLiteral("Not paired"));
        row("attention", attention, TrayVisual::Attention, "tray-attention",
            QStringLiteral("1 approval waiting — Running 1 run"));
        row("attention-2-draining", attentionTwo, TrayVisual::Attention, "tray-attention",
            QStringLiteral("2 approvals waiting — Draining — 2 runs left"));
        row("revoked", withState(RunnerState::Revoked), TrayVisual::Error, "tray-error",
            QStringLiteral("Revoked — this machine's pairing was withdrawn"));
        row("fenced", withState(RunnerState::Fenced), TrayVisual::Error, "tray-error",
            QStringLiteral("Stopped — this pairing is in use on another machine (clone)"));
        row("failed", withState(RunnerState::Failed), TrayVisual::Error, "tray-error",
            QStringLiteral("Stopped by an error"));
    }

    void visualIconAndStatusLine()
    {
        QFETCH(RunnerStatus, status);
        QFETCH(TrayVisual, visual);
        QFETCH(QString, icon);
        QFETCH(QString, statusLine);
        const TrayView view = TrayPresentation::present(status, at(14, 35, 0));
        QCOMPARE(view.visual, visual);
        QCOMPARE(view.iconName, icon);
        QVERIFY(!StateIcons::icon(view.iconName).pixmap(16, 16).isNull());
        QCOMPARE(view.statusLine, statusLine);
        QVERIFY2(view.tooltip.startsWith(QStringLiteral("Checkfu Runner — ") + statusLine), qPrintable(view.tooltip));
    }

    // Every RunnerState has a visual and a status line of its own.
    void everyStateIsMapped()
    {
        for (int i = int(RunnerState::Idle); i <= int(RunnerState::Failed); ++i) {
            const RunnerStatus status = withState(RunnerState(i));
            const TrayView view = TrayPresentation::present(status, at(12, 0, 0));
            QVERIFY2(!view.statusLine.isEmpty(), qPrintable(runnerStateName(RunnerState(i))));
            QVERIFY(TrayPresentation::allVisuals().contains(view.visual));
        }
    }

    void iconsAreDistinctAndValid()
    {
        QSet<QString> names;
        QList<QImage> images;
        for (TrayVisual visual : TrayPresentation::allVisuals()) {
            const QString name = TrayPresentation::iconName(visual);
            QVERIFY2(!names.contains(name), qPrintable(name));
            names.insert(name);
            const QString path = svgSource(name);
            QSvgRenderer svg(path);
            QVERIFY2(svg.isValid(), qPrintable(path));
            QCOMPARE(svg.viewBox(), QRect(0, 0, 32, 32));
            // As the tray draws it.
            const QIcon icon = StateIcons::icon(name);
            QVERIFY2(!icon.isNull(), qPrintable(name));
            for (int px : { 16, 22, 24, 32 })
                QVERIFY2(!icon.pixmap(px, px).isNull(), qPrintable(name));
            images.append(render(name, 16, Qt::transparent));
        }
        QCOMPARE(names.size(), 9); // Paused (battery, metered network) has its own
        // Distinct at the smallest size, not only by file name.
        for (int i = 0; i < images.size(); ++i)
            for (int j = i + 1; j < images.size(); ++j)
                QVERIFY2(
                    images[i] != images[j], qPrintable(QStringLiteral("icons %1 and %2 look alike").arg(i).arg(j)));
    }

    // A proxy for legibility at 16 px: a solid shape with a dark outline and a light or saturated
    // body, standing out from both a light and a dark panel.
    void iconsStandOutOnLightAndDarkPanels_data()
    {
        QTest::addColumn<QString>("name");
        for (TrayVisual visual : TrayPresentation::allVisuals())
            QTest::newRow(qPrintable(TrayPresentation::iconName(visual))) << TrayPresentation::iconName(visual);
    }

    void iconsStandOutOnLightAndDarkPanels()
    {
        QFETCH(QString, name);
        constexpr int Px = 16;
        const QImage bare = render(name, Px, Qt::transparent);
        int opaque = 0, dark = 0, light = 0;
        for (int y = 0; y < Px; ++y) {
            for (int x = 0; x < Px; ++x) {
                const QRgb c = bare.pixel(x, y);
                if (qAlpha(c) < 160)
                    continue;
                ++opaque;
                const QRgb straight = qUnpremultiply(c);
                if (luminance(straight) < 70)
                    ++dark;
                if (luminance(straight) > 120)
                    ++light;
            }
        }
        // 40 %: the warning triangle covers less than a disc does.
        QVERIFY2(opaque >= Px * Px * 2 / 5, qPrintable(QStringLiteral("only %1 opaque pixels").arg(opaque)));
        QVERIFY2(dark >= 12, qPrintable(QStringLiteral("no dark outline: %1 dark pixels").arg(dark)));
        QVERIFY2(light >= 12, qPrintable(QStringLiteral("no light part: %1 light pixels").arg(light)));

        for (const QColor &panel : { QColor(0xf2, 0xf2, 0xf2), QColor(0x20, 0x20, 0x20) }) {
            const QImage onPanel = render(name, Px, panel);
            double diff = 0;
            for (int y = 0; y < Px; ++y)
                for (int x = 0; x < Px; ++x)
                    diff += std::abs(luminance(onPanel.pixel(x, y)) - luminance(panel.rgb()));
            const double mean = diff / (Px * Px);
            QVERIFY2(mean > 30, qPrintable(QStringLiteral("mean contrast %1 on %2").arg(mean).arg(panel.name())));
        }
    }

    // The tray shows PNGs drawn from the SVGs at build time (no Qt SVG in an idle tray): at every
    // size a tray host, window manager, dialog or notification asks for, at scales 1 to 3, each
    // pixmap has the size asked for and looks like the SVG drawn at that size (exactly so at the
    // drawn sizes; scaled down from the next one in between, up beyond the largest).
    void stateIconsLookLikeTheirSvgAtEverySizeAndScale()
    {
        const QList<int> drawn = StateIcons::drawnSizes();
        for (TrayVisual visual : TrayPresentation::allVisuals()) {
            const QString name = TrayPresentation::iconName(visual);
            const QIcon icon = StateIcons::icon(name);
            for (int px : { 16, 22, 24, 32, 48, 64, 128 }) {
                for (qreal scale : { 1.0, 1.25, 1.5, 1.75, 2.0, 3.0 }) {
                    const QPixmap pixmap = icon.pixmap(QSize(px, px), scale);
                    const int device = qRound(px * scale);
                    const QString what = QStringLiteral("%1 at %2 px × %3").arg(name).arg(px).arg(scale);
                    QCOMPARE(pixmap.size(), QSize(device, device));
                    QVERIFY2(qAbs(pixmap.deviceIndependentSize().width() - px) < 1, qPrintable(what));
                    const double difference = meanDifference(pixmap.toImage(), renderSvg(name, device));
                    // Scaled down: within 4.5 of 255 per channel on average (another state's icon
                    // differs by about 50).
                    const double allowed = drawn.contains(device) ? 0.5 : 6.0;
                    QVERIFY2(difference <= allowed,
                        qPrintable(QStringLiteral("%1 differs from its SVG by %2").arg(what).arg(difference)));
                }
            }
        }
    }

    // Why it takes no work and when it will again, in the tooltip; the person may still drain.
    void pausedSaysWhyAndWhen_data()
    {
        QTest::addColumn<RunnerStatus>("status");
        QTest::addColumn<QString>("why");
        QTest::newRow("battery") << pausedBy(DrainReason::Battery)
                                 << QStringLiteral("Takes work again by itself once the computer is plugged in.");
        QTest::newRow("metered") << pausedBy(DrainReason::Metered)
                                 << QStringLiteral("Takes work again by itself on a network that is not metered.");
        QTest::newRow("both") << pausedBy(DrainReason::Battery | DrainReason::Metered)
                              << QStringLiteral("Takes work again by itself once the computer is plugged in and on a "
                                                "network that is not metered.");
    }

    void pausedSaysWhyAndWhen()
    {
        QFETCH(RunnerStatus, status);
        QFETCH(QString, why);
        const QString tooltip = TrayPresentation::tooltip(status, at(14, 35, 0));
        QVERIFY2(tooltip.split(QLatin1Char('\n')).contains(why), qPrintable(tooltip));
        QCOMPARE(TrayPresentation::explanation(status), why);
        const TrayActions actions = TrayPresentation::actions(status);
        QVERIFY(!actions.drainResumes);
        QCOMPARE(actions.drainText, QStringLiteral("Drain — finish runs, take no new work"));
        // A person's own drain on top: theirs to resume.
        status.drainReasons |= DrainReason::Requested;
        QVERIFY(TrayPresentation::actions(status).drainResumes);
        QVERIFY(TrayPresentation::explanation(status).isEmpty());
    }

    // After a wake: how long the computer slept and what it cost, for half an hour.
    void wakeIsTold()
    {
        RunnerStatus status = withState(RunnerState::Ready);
        status.wokeAt = at(14, 30, 0);
        status.sleptMs = (2 * 60 + 7) * 60 * 1000;
        QVERIFY(TrayPresentation::tooltip(status, at(14, 35, 0))
                    .split(QLatin1Char('\n'))
                    .contains(QStringLiteral("The computer slept for 2 h 07 min.")));
        status.runsLostToSleep = 1;
        QCOMPARE(TrayPresentation::wakeText(status, at(14, 35, 0)),
            QStringLiteral("The computer slept for 2 h 07 min; 1 run was lost."));
        status.runsLostToSleep = 2;
        QCOMPARE(TrayPresentation::wakeText(status, at(14, 35, 0)),
            QStringLiteral("The computer slept for 2 h 07 min; 2 runs were lost."));
        QVERIFY(TrayPresentation::wakeText(status, at(15, 1, 0)).isEmpty());
    }

    void tooltipNamesEndpointMachineSandboxAndLastContact()
    {
        RunnerStatus status = withState(RunnerState::Offline);
        status.message = QStringLiteral("Cannot reach the control plane (connection refused). Retrying in 8 s.");
        status.lastContact = at(14, 30, 5);
        status.nextRetry = at(14, 35, 10);
        const QString tip = TrayPresentation::tooltip(status, at(14, 35, 2));
        const QStringList lines = tip.split(QLatin1Char('\n'));
        QCOMPARE(lines.value(0), QStringLiteral("Checkfu Runner — Offline — retrying at 14:35:10"));
        QVERIFY2(lines.contains(status.message), qPrintable(tip));
        QVERIFY2(lines.contains(QStringLiteral("Endpoint: https://cp.example.test")), qPrintable(tip));
        QVERIFY2(lines.contains(QStringLiteral("Machine: build-box")), qPrintable(tip));
        QVERIFY2(lines.contains(QStringLiteral("Sandbox: host-process (no isolation, the machine's own network)")),
            qPrintable(tip));
        QVERIFY2(lines.contains(QStringLiteral("Last contact: 14:30:05")), qPrintable(tip));
        QVERIFY2(lines.contains(QStringLiteral("Next retry: 14:35:10")), qPrintable(tip));
    }

    void tooltipWhileConnected()
    {
        RunnerStatus status = withState(RunnerState::Ready, 2);
        status.lastContact = at(9, 0, 0);
        status.nextRetry = at(9, 1, 0); // stale: not retrying, so not shown
        const QString tip = TrayPresentation::tooltip(status, at(14, 0, 0));
        QVERIFY2(tip.contains(QStringLiteral("\nLast contact: now (connected since 09:00:00)")), qPrintable(tip));
        QVERIFY2(!tip.contains(QStringLiteral("Next retry")), qPrintable(tip));
        // "Connected to …" only repeats the endpoint line.
        QVERIFY2(!tip.contains(status.message), qPrintable(tip));
    }

    void tooltipUnknownFacts()
    {
        RunnerStatus status;
        const QString tip = TrayPresentation::tooltip(status, at(14, 0, 0));
        QVERIFY2(tip.contains(QStringLiteral("\nEndpoint: not set")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("\nMachine: not set")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("\nSandbox: not known yet")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("\nLast contact: none yet")), qPrintable(tip));
    }

    void tooltipListsWaitingApprovals()
    {
        RunnerStatus status = withState(RunnerState::Ready, 1);
        status.approvals = { approval(QStringLiteral("apr_1"), QStringLiteral("Run `make test`"), QString()) };
        const QString tip = TrayPresentation::tooltip(status, at(14, 0, 0));
        QVERIFY2(tip.contains(QStringLiteral("\nWaiting for your decision: Run `make test`")), qPrintable(tip));
    }

    void momentOnAnotherDayShowsTheDate()
    {
        const QString text = TrayPresentation::formatMoment(at(23, 59, 58, Today.addDays(-1)), at(0, 0, 5));
        QCOMPARE(text, QStringLiteral("13/03/2025 23:59:58"));
        QCOMPARE(TrayPresentation::formatMoment(at(8, 5, 9), at(9, 0, 0)), QStringLiteral("08:05:09"));
        // The wire's UTC times are shown in local time.
        const QDateTime utc = at(8, 5, 9).toUTC();
        QCOMPARE(TrayPresentation::formatMoment(utc, at(9, 0, 0)), QStringLiteral("08:05:09"));
    }

    void actions_data()
    {
        QTest::addColumn<RunnerStatus>("status");
        QTest::addColumn<bool>("drainVisible");
        QTest::addColumn<bool>("drainEnabled");
        QTest::addColumn<QString>("drainText");
        QTest::addColumn<int>("runnerAction");
        QTest::addColumn<bool>("runnerEnabled");
        QTest::addColumn<QString>("runnerText");
        QTest::addColumn<bool>("pairOffered"); // "Pair this machine…" shown, "Unpair…" hidden

        const QString drain = QStringLiteral("Drain — finish runs, take no new work");
        const QString resume = QStringLiteral("Resume taking work");
        const int start = int(TrayActions::RunnerAction::Start);
        const int stop = int(TrayActions::RunnerAction::Stop);
        const int stopNow = int(TrayActions::RunnerAction::StopNow);
        const QString startText = QStringLiteral("Start runner");
        const QString stopText = QStringLiteral("Stop runner");
        QTest::newRow("idle") << withState(RunnerState::Idle) << false << false << drain << start << true << startText
                              << false;
        QTest::newRow("pairing") << withState(RunnerState::Pairing) << true << false << drain << stop << true
                                 << stopText << false;
        QTest::newRow("connecting") << withState(RunnerState::Connecting) << true << true << drain << stop << true
                                    << stopText << false;
        QTest::newRow("offline") << withState(RunnerState::Offline) << true << true << drain << stop << true << stopText
                                 << false;
        QTest::newRow("ready") << withState(RunnerState::Ready) << true << true << drain << stop << true << stopText
                               << false;
        QTest::newRow("running") << withState(RunnerState::Ready, 2) << true << true << drain << stop << true
                                 << stopText << false;
        QTest::newRow("draining") << withState(RunnerState::Draining, 1) << true << true << resume << stop << true
                                  << stopText << false;
        QTest::newRow("stopping-idle") << withState(RunnerState::Stopping) << true << false << drain << stop << false
                                       << QStringLiteral("Stopping…") << false;
        QTest::newRow("stopping-busy") << withState(RunnerState::Stopping, 2) << true << false << drain << stopNow
                                       << true << QStringLiteral("Stop now — cancel 2 runs") << false;
        QTest::newRow("stopped") << withState(RunnerState::Stopped) << false << false << drain << start << true
                                 << startText << false;
        QTest::newRow("failed") << withState(RunnerState::Failed) << false << false << drain << start << true
                                << startText << false;
        QTest::newRow("not-paired") << withState(RunnerState::NotPaired) << false << false << drain << start << false
                                    << startText << true;
        QTest::newRow("revoked") << withState(RunnerState::Revoked) << false << false << drain << start << false
                                 << startText << true;
        QTest::newRow("fenced") << withState(RunnerState::Fenced) << false << false << drain << start << false
                                << startText << true;
        RunnerStatus neverPaired = withState(RunnerState::Idle);
        neverPaired.paired = false;
        QTest::newRow("never-paired") << neverPaired << false << false << drain << start << true << startText << true;
    }

    void actions()
    {
        QFETCH(RunnerStatus, status);
        QFETCH(bool, drainVisible);
        QFETCH(bool, drainEnabled);
        QFETCH(QString, drainText);
        QFETCH(int, runnerAction);
        QFETCH(bool, runnerEnabled);
        QFETCH(QString, runnerText);
        QFETCH(bool, pairOffered);
        const TrayActions a = TrayPresentation::actions(status);
        QCOMPARE(a.drainVisible, drainVisible);
        QCOMPARE(a.drainEnabled, drainEnabled);
        QCOMPARE(a.drainText, drainText);
        QCOMPARE(a.drainResumes, status.draining);
        QCOMPARE(int(a.runnerAction), runnerAction);
        QCOMPARE(a.runnerActionEnabled, runnerEnabled);
        QCOMPARE(a.runnerActionText, runnerText);
        QCOMPARE(a.dashboardEnabled, true);
        QCOMPARE(a.pairVisible, pairOffered);
        QCOMPARE(a.unpairVisible, !pairOffered);
    }

    void approvalEntriesLinkToTheirPage()
    {
        RunnerStatus status = withState(RunnerState::Ready, 2);
        status.approvals = {
            approval(QStringLiteral("apr_1"), QStringLiteral("Edit  src/main.cpp\n"),
                QStringLiteral("https://cp.example.test/sessions/ses_apr_1/approvals/apr_1")),
            approval(QStringLiteral("apr_2"), QString(), QString()),
        };
        TrayActions a = TrayPresentation::actions(status);
        QCOMPARE(a.approvals.size(), 2);
        QCOMPARE(a.approvals[0].approvalId, QStringLiteral("apr_1"));
        QCOMPARE(a.approvals[0].text, QStringLiteral("Decide: Edit src/main.cpp"));
        QCOMPARE(
            a.approvals[0].url, QUrl(QStringLiteral("https://cp.example.test/sessions/ses_apr_1/approvals/apr_1")));
        // No link of its own: the dashboard is where it is decided.
        QCOMPARE(a.approvals[1].text, QStringLiteral("Decide: an agent's request"));
        QCOMPARE(a.approvals[1].url, QUrl(status.dashboardLink));
        status.dashboardLink.clear();
        a = TrayPresentation::actions(status);
        QVERIFY(a.approvals[1].url.isEmpty());
        QVERIFY(!a.dashboardEnabled);
        // Long titles are cut for the menu.
        status.approvals = { approval(QStringLiteral("apr_3"), QString(200, QLatin1Char('x')), QString()) };
        a = TrayPresentation::actions(status);
        QCOMPARE(a.approvals[0].text.size(), QStringLiteral("Decide: ").size() + 48);
        QVERIFY(a.approvals[0].text.endsWith(QChar(0x2026)));
    }
};

CHECKFU_GUI_TEST_MAIN(TestTrayPresentation)
#include "tst_traypresentation.moc"
