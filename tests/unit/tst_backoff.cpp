// §1's retry policy: 1 s start, factor 2, cap 60 s, full jitter, Retry-After wins.
#include "FakeClock.h"
#include <runnercore/transport/Backoff.h>

#include <QTest>
#include <QTimer>

using namespace runnercore;

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

    // After wake: a plain backoff wait is cut short; a server's Retry-After, measured on the wall
    // clock, still holds for what is left of it.
    void retryNowHonoursWhatIsLeftOfRetryAfter()
    {
        FakeClock clock;
        clock.setRandom(0.5);
        Backoff b(clock);
        QTimer timer;
        timer.setSingleShot(true);

        b.nextDelayMs();
        b.nextDelayMs();
        timer.start(60000);
        QVERIFY(b.retryNow(timer));
        QVERIFY(!timer.isActive());
        QCOMPARE(b.attempt(), 0);

        timer.start(b.nextDelayMs(300000));
        clock.advance(100000); // asleep: the QTimer did not move, the wall clock did
        QVERIFY(!b.retryNow(timer));
        QVERIFY(timer.isActive());
        QCOMPARE(timer.interval(), 200000);
        clock.advance(200001);
        QVERIFY(b.retryNow(timer));
        QVERIFY(!timer.isActive());
    }
};

QTEST_GUILESS_MAIN(TestBackoff)
#include "tst_backoff.moc"
