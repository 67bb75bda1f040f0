// Issue 13 item 7: arithmetic on the server's numbers cannot overflow. SafeTime saturates; the
// places that turn a server's seconds into a timer (lease renewal, heartbeat interval) clamp to
// documented bounds; JsonReader::exactInteger takes only whole numbers a double holds exactly.
// Values from the wire's edges: 9223372036854775807, 1e300, negative, -0.
#include "FakeClock.h"
#include <runnercore/base/SafeTime.h>
#include <runnercore/identity/WorkloadIdentity.h>
#include <runnercore/presence/PresenceReporter.h>
#include <runnercore/transport/ApiClient.h>
#include <runnercore/transport/JsonReader.h>
#include <runnercore/work/ObservationPipeline.h>

#include <QJsonDocument>
#include <QTest>

#include <climits>
#include <limits>

using namespace runnercore;

namespace {
constexpr qint64 Max64 = std::numeric_limits<qint64>::max();
constexpr qint64 Min64 = std::numeric_limits<qint64>::min();

// The value of {"v": <literal>} as the JSON parser makes it from a server's bytes.
QJsonValue wire(const char *literal)
{
    return QJsonDocument::fromJson(QByteArray("{\"v\":") + literal + '}').object().value(QStringLiteral("v"));
}
} // namespace

class TestSafeTime : public QObject
{
    Q_OBJECT

private slots:
    void secondsToMsSaturates()
    {
        QCOMPARE(SafeTime::secondsToMs(60), qint64(60000));
        QCOMPARE(SafeTime::secondsToMs(-5), qint64(-5000));
        QCOMPARE(SafeTime::secondsToMs(Max64), Max64);
        QCOMPARE(SafeTime::secondsToMs(Max64 / 1000 + 1), Max64);
        QCOMPARE(SafeTime::secondsToMs(Min64), Min64);
        QCOMPARE(SafeTime::add(Max64, 1), Max64);
        QCOMPARE(SafeTime::add(Min64, -1), Min64);
        QCOMPARE(SafeTime::add(40, 2), qint64(42));
    }

    void timerIntervalsStayWithinWhatATimerTakes()
    {
        QCOMPARE(SafeTime::timerMs(-1), 0);
        QCOMPARE(SafeTime::timerMs(Min64), 0);
        QCOMPARE(SafeTime::timerMs(Max64), INT_MAX);
        QCOMPARE(SafeTime::timerMs(qint64(INT_MAX) + 1), INT_MAX);
        QCOMPARE(SafeTime::timerMs(1500), 1500);
        QCOMPARE(SafeTime::timerMsFromSeconds(86400), 86400000);
        // max_duration_seconds at the run spec's bound (2^53 - 1): the longest timer, not a wrapped one.
        QCOMPARE(SafeTime::timerMsFromSeconds(JsonReader::MaxExactInteger), INT_MAX);
        QCOMPARE(SafeTime::timerMsFromSeconds(Max64), INT_MAX);
    }

    // §6.3: an empty batch at least every lease_ttl_seconds / 3; RunClaim accepts up to 2^31 - 1.
    void leaseRenewalIsClampedForAnyTtl_data()
    {
        QTest::addColumn<qint64>("ttl");
        QTest::addColumn<int>("expected");
        QTest::newRow("protocol example 60 s") << qint64(60) << 20000;
        QTest::newRow("3 s") << qint64(3) << 1000;
        QTest::newRow("1 s: at most once a second") << qint64(1) << 1000;
        QTest::newRow("0") << qint64(0) << 1000;
        QTest::newRow("negative") << qint64(-60) << 1000;
        QTest::newRow("a day: hourly") << qint64(86400) << 3600000;
        // The old int arithmetic wrapped here (2147483647 * 1000) and renewed every second.
        QTest::newRow("INT_MAX") << qint64(INT_MAX) << 3600000;
        QTest::newRow("INT64_MAX") << Max64 << 3600000;
        QTest::newRow("INT64_MIN") << Min64 << 1000;
    }

    void leaseRenewalIsClampedForAnyTtl()
    {
        QFETCH(qint64, ttl);
        QFETCH(int, expected);
        QCOMPARE(ObservationPipeline::leaseRenewalIntervalMs(ttl), expected);
    }

    void heartbeatIntervalIsClamped()
    {
        FakeClock clock;
        ApiClient api(QUrl(QStringLiteral("http://127.0.0.1:9")), clock);
        WorkloadIdentity identity(api, clock);
        PresenceReporter presence(api, identity, clock);
        presence.setInterval(10);
        QCOMPARE(presence.intervalMs(), 10000);
        presence.setInterval(INT_MAX); // the old int multiplication overflowed here
        QCOMPARE(presence.intervalMs(), PresenceReporter::MaxIntervalSeconds * 1000);
        presence.setInterval(0);
        QCOMPARE(presence.intervalMs(), 1000);
        presence.setInterval(INT_MIN);
        QCOMPARE(presence.intervalMs(), 1000);
    }

    void exactIntegersOnly_data()
    {
        QTest::addColumn<QByteArray>("literal");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<qint64>("value");
        QTest::newRow("17") << QByteArray("17") << true << qint64(17);
        QTest::newRow("0") << QByteArray("0") << true << qint64(0);
        QTest::newRow("-0") << QByteArray("-0") << true << qint64(0);
        QTest::newRow("2^53-1") << QByteArray("9007199254740991") << true << JsonReader::MaxExactInteger;
        QTest::newRow("2^53") << QByteArray("9007199254740992") << false << qint64(0);
        QTest::newRow("INT64_MAX") << QByteArray("9223372036854775807") << false << qint64(0);
        QTest::newRow("2^64") << QByteArray("18446744073709551616") << false << qint64(0);
        QTest::newRow("1e300") << QByteArray("1e300") << false << qint64(0);
        QTest::newRow("-1e300") << QByteArray("-1e300") << false << qint64(0);
        QTest::newRow("-1") << QByteArray("-1") << false << qint64(0);
        QTest::newRow("1.5") << QByteArray("1.5") << false << qint64(0);
        QTest::newRow("string") << QByteArray("\"17\"") << false << qint64(0);
        QTest::newRow("null") << QByteArray("null") << false << qint64(0);
    }

    void exactIntegersOnly()
    {
        QFETCH(QByteArray, literal);
        QFETCH(bool, accepted);
        QFETCH(qint64, value);
        const std::optional<qint64> read = JsonReader::exactInteger(wire(literal.constData()), 0, Max64);
        QCOMPARE(read.has_value(), accepted);
        if (accepted)
            QCOMPARE(*read, value);
    }
};

QTEST_GUILESS_MAIN(TestSafeTime)
#include "tst_safetime.moc"
