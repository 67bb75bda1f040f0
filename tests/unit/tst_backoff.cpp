// §1's retry policy: 1 s start, factor 2, cap 60 s, full jitter, Retry-After wins.
#include "Backoff.h"
#include "FakeClock.h"

#include <QTest>

class TestBackoff : public QObject
{
    Q_OBJECT
private slots:
    void growsByTwoUpToTheCap()
    {
        FakeClock clock;
        clock.setRandom(0.999999);
        Backoff b(clock);
        const QList<int> ceilings { 1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000 };
        for (int ceiling : ceilings) {
            QCOMPARE(b.currentCeilingMs(), ceiling);
            const int d = b.nextDelayMs();
            QVERIFY(d <= ceiling && d >= ceiling - 1);
        }
        for (int i = 0; i < 100; ++i)
            QVERIFY(b.nextDelayMs() <= Backoff::CapMs); // no overflow however long an outage lasts
    }

    void fullJitterCanBeZero()
    {
        FakeClock clock;
        clock.setRandom(0.0);
        Backoff b(clock);
        QCOMPARE(b.nextDelayMs(), 0);
        clock.setRandom(0.5);
        QCOMPARE(b.nextDelayMs(), 1000); // half of the 2 s step
    }

    void retryAfterWinsAndResetStartsOver()
    {
        FakeClock clock;
        clock.setRandom(0.5);
        Backoff b(clock);
        QCOMPARE(b.nextDelayMs(7000), 7000);
        QCOMPARE(b.attempt(), 1);
        b.reset();
        QCOMPARE(b.currentCeilingMs(), 1000);
    }
};

QTEST_GUILESS_MAIN(TestBackoff)
#include "tst_backoff.moc"
